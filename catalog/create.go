package catalog

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/lakesql/lakesql/storage"
)

// ErrSourceNotFound: the JSON Lines file to load does not exist.
var ErrSourceNotFound = errors.New("file not found")

// ErrUnknownField: a key field that no row has.
var ErrUnknownField = errors.New("unknown field")

// UnknownFieldError is ErrUnknownField for one key field.
type UnknownFieldError struct{ Field string }

func (e *UnknownFieldError) Error() string {
	return fmt.Sprintf("%v %q: no row has it", ErrUnknownField, e.Field)
}

func (e *UnknownFieldError) Unwrap() error { return ErrUnknownField }

// CheckKeySeen returns an *UnknownFieldError when some key field is null in every
// file of a non-empty lake: no row had it, which is almost surely a typo.
func CheckKeySeen(key []string, files []storage.FileEntry) error {
	if len(files) == 0 {
		return nil
	}
	for i, k := range key {
		seen := false
		for _, f := range files {
			if !f.Partition[i].Null {
				seen = true
				break
			}
		}
		if !seen {
			return &UnknownFieldError{Field: k}
		}
	}
	return nil
}

// Create writes lake name from the JSON Lines file src, partitioned by key,
// with at most maxRows rows per file (0: one file per partition). The lake
// is built aside and replaces any lake of that name only when complete, at
// generation 0; a bad line leaves the old lake untouched.
func (c *Catalog) Create(name string, key []string, src string, maxRows int64) (*storage.Manifest, error) {
	return c.CreateWith(name, key, src, CreateOptions{MaxRows: maxRows})
}

// CreateOptions tune [Catalog.CreateWith].
type CreateOptions struct {
	MaxRows    int64 // most rows per file; 0: one file per partition
	RequireKey bool  // fail with ErrUnknownField when no row has a key field
	Crash      Crash // stop on purpose (tests); see Replace
	// Progress is told the bytes of the source read so far.
	Progress storage.Progress
}

// CreateWith is [Catalog.Create] with options.
func (c *Catalog) CreateWith(name string, key []string, src string, opt CreateOptions) (*storage.Manifest, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if err := storage.ValidateKey(key); err != nil {
		return nil, err
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	in, err := c.FS.Open(src)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrSourceNotFound, src)
	}
	if err != nil {
		return nil, fmt.Errorf("read source: %w", err)
	}
	defer in.Close()
	return c.Replace(name, opt.Crash, func(dir string) (*storage.Manifest, error) {
		w := storage.NewLakeWriter(c.FS, dir, key, storage.WriterOptions{MaxRows: opt.MaxRows})
		if _, _, err := w.AddLines(storage.ProgressReader(in, fileSize(in), opt.Progress), src); err != nil {
			w.Abort()
			return nil, err
		}
		files, err := w.Close()
		if err != nil {
			return nil, err
		}
		if opt.RequireKey {
			if err := CheckKeySeen(key, files); err != nil {
				return nil, fmt.Errorf("%s: %w", src, err)
			}
		}
		return &storage.Manifest{Key: key, Files: files}, nil
	})
}

// fileSize returns the size of an open file, or -1 when it cannot tell.
func fileSize(f storage.File) int64 {
	if st, err := f.Stat(); err == nil {
		return st.Size()
	}
	return -1
}
