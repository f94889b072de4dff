package catalog

import (
	"io"
	"path/filepath"

	"github.com/lakesql/lakesql/storage"
)

// Snapshot is a lake's file list at one generation: what a reader pins.
type Snapshot struct {
	fs       storage.FS
	Dir      string // the lake folder
	Manifest *storage.Manifest
	Glob     bool // listed by walking the folder, not from the manifest
}

// Key returns the partition key fields.
func (s *Snapshot) Key() []string { return s.Manifest.Key }

// Files returns the data files.
func (s *Snapshot) Files() []storage.FileEntry { return s.Manifest.Files }

// Open opens the data file at a path relative to the lake folder.
func (s *Snapshot) Open(rel string) (io.ReadCloser, error) {
	return s.fs.Open(s.Path(rel))
}

// Path returns the path on disk of a file of the lake.
func (s *Snapshot) Path(rel string) string {
	return filepath.Join(s.Dir, filepath.FromSlash(rel))
}

// Name returns the lake's name.
func (s *Snapshot) Name() string { return s.Manifest.Lake }

// Generation returns the manifest's generation, or -1 for a listing made by
// walking the folder.
func (s *Snapshot) Generation() int64 { return s.Manifest.Generation }
