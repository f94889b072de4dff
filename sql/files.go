package sql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/storage"
)

// A JSON Lines file read as a table, as DuckDB reads FROM 'file.jsonl'
// and read_json('file.jsonl') (parser.FileTable): one file of no
// partitions, read whole. Its lines are checked as a lake's are when it
// is written, before any is read: every line one JSON object, else an
// error naming the file and the line, and the rows counted, which
// COUNT(*) and EXPLAIN take from the source.

// fileSource is a JSON Lines file as a Source.
type fileSource struct {
	name, path  string // the file as the statement wrote it, and as it is opened
	rows, bytes int64
}

func (f *fileSource) Name() string      { return f.name }
func (f *fileSource) Generation() int64 { return -1 }
func (f *fileSource) Key() []string     { return nil }
func (f *fileSource) Files() []storage.FileEntry {
	if f.rows == 0 {
		return nil
	}
	return []storage.FileEntry{{Path: filepath.Base(f.path), Rows: f.rows, Bytes: f.bytes}}
}
func (f *fileSource) Open(string) (io.ReadCloser, error) { return os.Open(f.path) }
func (f *fileSource) Path(string) string                 { return f.path }

// filePath is the file a FileTable names: relative to the work folder
// (the catalog's), as the shell's other paths are.
func (s *Session) filePath(name string) (string, bool) {
	p, ok := parser.FileCall(name)
	if !ok {
		return "", false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.Catalog.Dir, p)
	}
	return p, true
}

// fileSourceOf checks the file that name stands for, line by line, and
// returns it as a Source.
func (s *Session) fileSourceOf(ctx context.Context, name string) (*fileSource, error) {
	path, _ := s.filePath(name)
	written, _ := parser.FileCall(name)
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no file %s (FROM '…' reads a JSON Lines file, relative to the work folder %s)", written, s.Catalog.Dir)
		}
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a folder: FROM 'file' reads one JSON Lines file (a lake's folder is read by its name)", ErrUnsupported, written)
	}
	src := &fileSource{name: written, path: path}
	lr := storage.NewLineReader(f, 256<<10)
	for {
		if src.rows%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		line, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err == nil {
			err = storage.Members(line, func(string, []byte) {})
		}
		if err != nil {
			return nil, &storage.LineError{File: written, Line: lr.Line(), Err: err}
		}
		src.rows++
	}
	src.bytes = st.Size()
	return src, nil
}

// fileColumns is the member names of a file's first rows, in their order.
func (s *Session) fileColumns(name string) []string {
	path, _ := s.filePath(name)
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	return sampleNames(f, nil)
}
