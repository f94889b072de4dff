package catalog

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/lakesql/lakesql/storage"
)

// ErrSourceNotFound: the JSON Lines file to load does not exist.
var ErrSourceNotFound = errors.New("catalog: source file not found")

// Create writes lake name from the JSON Lines file src, partitioned by key,
// with at most maxRows rows per file (0: one file per partition). The lake
// is built aside and replaces any lake of that name only when complete, at
// generation 0; a bad line leaves the old lake untouched.
func (c *Catalog) Create(name string, key []string, src string, maxRows int64) (*storage.Manifest, error) {
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
		return nil, fmt.Errorf("open %s: %w", src, err)
	}
	defer in.Close()
	return c.Replace(name, func(dir string) (*storage.Manifest, error) {
		w := storage.NewLakeWriter(c.FS, dir, key, storage.WriterOptions{MaxRows: maxRows})
		if _, _, err := w.AddLines(in, src); err != nil {
			w.Abort()
			return nil, err
		}
		files, err := w.Close()
		if err != nil {
			return nil, err
		}
		return &storage.Manifest{Key: key, Files: files}, nil
	})
}
