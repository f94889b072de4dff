package catalog

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/lakesql/lakesql/storage"
)

// Snapshot is a lake's file list at one generation: what a reader pins.
type Snapshot struct {
	fs       storage.FS
	Dir      string // the lake folder
	Manifest *storage.Manifest
	Glob     bool // listed by walking the folder, not from the manifest

	cat    *Catalog    // to read the manifest anew (Refresh); nil for Glob
	pinned fs.FileInfo // the lake folder as it was before the manifest was read
	hold   *dirHold    // the folder, open while a snapshot pins it
}

// dirHold keeps a folder open: while it is, the file system cannot give
// its number to another folder, so os.SameFile on the folder's identity
// cannot mistake a new folder for it. It is closed when no snapshot
// refers to it any more.
type dirHold struct{ f storage.File }

func holdDir(fsys storage.FS, dir string) *dirHold {
	f, err := fsys.Open(dir)
	if err != nil {
		return nil // no folder: the manifest's read says so
	}
	h := &dirHold{f: f}
	runtime.AddCleanup(h, func(f storage.File) { f.Close() }, f)
	return h
}

// Key returns the partition key fields.
func (s *Snapshot) Key() []string { return s.Manifest.Key }

// Files returns the data files.
func (s *Snapshot) Files() []storage.FileEntry { return s.Manifest.Files }

// Open opens the data file at a path relative to the lake folder.
// A path that would leave the lake folder is refused, whatever the
// manifest says (DecodeManifest refuses such paths too: this is the second
// lock on the door).
func (s *Snapshot) Open(rel string) (io.ReadCloser, error) {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return nil, fmt.Errorf("%w: %q leaves the lake folder %s", storage.ErrCorrupt, rel, s.Dir)
	}
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

// Refresh reads the lake's manifest anew: what a reader does when a file
// of its snapshot has vanished or changed size, or the lake folder was
// swapped while it read. A listing made by walking the folder has no
// manifest to read again and returns ErrNoRefresh.
func (s *Snapshot) Refresh() (*Snapshot, error) {
	if s.cat == nil {
		return nil, ErrNoRefresh
	}
	return s.cat.Snapshot(s.Manifest.Lake)
}

// Moved reports whether the lake folder is no longer the one this
// snapshot's manifest was read from: a whole-lake rewrite swapped it, so
// files opened by path since then may belong to the new lake.
func (s *Snapshot) Moved() bool {
	if s.cat == nil || s.pinned == nil {
		return false
	}
	now, err := s.fs.Stat(s.Dir)
	return err != nil || !os.SameFile(s.pinned, now)
}

// Same reports whether o pins the same state of the lake as s: the same
// folder, generation and files. A reader that finds a file missing or of
// the wrong size and gets the Same snapshot again is looking at a damaged
// lake, not at a writer's work. (The file list guards against a folder
// number reused by a second rewrite: a lake written anew restarts at
// generation 0.)
func (s *Snapshot) Same(o *Snapshot) bool {
	if s.pinned == nil || o.pinned == nil || !os.SameFile(s.pinned, o.pinned) {
		return false
	}
	a, b := s.Manifest, o.Manifest
	return a.Generation == b.Generation && slices.EqualFunc(a.Files, b.Files, func(x, y storage.FileEntry) bool {
		return x.Path == y.Path && x.Rows == y.Rows && x.Bytes == y.Bytes
	})
}
