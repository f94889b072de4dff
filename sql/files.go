package sql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/storage"
)

// JSON Lines files read as a table, as DuckDB reads FROM 'file.jsonl',
// FROM 'logs/*.jsonl' and read_json('file.jsonl') (parser.FileTable): no
// partitions, every file read whole. Their lines are checked as a lake's
// are when it is written, before any is read: every line one JSON
// object, else an error naming the file and the line; and the rows
// counted, which COUNT(*) and EXPLAIN take from the source.

// fileSource is JSON Lines files as a Source.
type fileSource struct {
	name  string              // the file or pattern as the statement wrote it
	files []storage.FileEntry // each path as matched, relative to the work folder when the pattern is
	open  map[string]string   // a file's entry path → the path to open
	rows  int64
	bytes int64
}

func (f *fileSource) Name() string      { return f.name }
func (f *fileSource) Generation() int64 { return -1 }
func (f *fileSource) Key() []string     { return nil }
func (f *fileSource) Files() []storage.FileEntry {
	return slices.DeleteFunc(slices.Clone(f.files), func(e storage.FileEntry) bool { return e.Rows == 0 })
}
func (f *fileSource) Open(rel string) (io.ReadCloser, error) { return os.Open(f.open[rel]) }
func (f *fileSource) Path(rel string) string                 { return f.open[rel] }

// fileMatches is the files that the FileTable name stands for: its path,
// or the files its pattern (*, ? and [ ] within a path's part, as
// filepath.Match reads them) matches, sorted; each as written (relative
// to the work folder, the catalog's, as the shell's other paths are) and
// as opened.
func (s *Session) fileMatches(name string) (written string, paths [][2]string, err error) {
	written, _ = parser.FileCall(name)
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(s.Catalog.Dir, p)
	}
	if !strings.ContainsAny(written, "*?[") {
		return written, [][2]string{{written, abs(written)}}, nil
	}
	found, err := filepath.Glob(abs(written))
	if err != nil {
		return written, nil, fmt.Errorf("%w: the pattern %s: %v", ErrUnsupported, written, err)
	}
	if len(found) == 0 {
		return written, nil, fmt.Errorf("no file matches %s (relative to the work folder %s)", written, s.Catalog.Dir)
	}
	for _, p := range found {
		rel := p
		if !filepath.IsAbs(written) {
			if r, err := filepath.Rel(s.Catalog.Dir, p); err == nil {
				rel = r
			}
		}
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			if strings.Contains(part, "=") && !strings.ContainsAny(written, "=") {
				// DuckDB reads such folders' keys as columns (Hive
				// partitioning): refused rather than answered without
				// them.
				return written, nil, fmt.Errorf("%w: %s matches files in Hive partition folders (%s), whose keys DuckDB reads as columns: read the lake by its name, or CREATE LAKE … FROM one file", ErrUnsupported, written, part)
			}
		}
		paths = append(paths, [2]string{rel, p})
	}
	return written, paths, nil
}

// fileSourceOf checks the files that name stands for, line by line, and
// returns them as a Source.
func (s *Session) fileSourceOf(ctx context.Context, name string) (*fileSource, error) {
	written, paths, err := s.fileMatches(name)
	if err != nil {
		return nil, err
	}
	src := &fileSource{name: written, open: map[string]string{}}
	for _, p := range paths {
		e, err := checkFile(ctx, p[0], p[1])
		if err != nil {
			return nil, err
		}
		src.files = append(src.files, e)
		src.open[p[0]] = p[1]
		src.rows += e.Rows
		src.bytes += e.Bytes
	}
	return src, nil
}

// checkFile reads the file at path, shown as rel, line by line: each one
// JSON object (storage.CheckLines, in parallel); its entry counts them.
func checkFile(ctx context.Context, rel, path string) (storage.FileEntry, error) {
	e := storage.FileEntry{Path: rel}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return e, fmt.Errorf("no file %s (FROM '…' reads JSON Lines files, relative to the work folder)", rel)
		}
		return e, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return e, err
	}
	if st.IsDir() {
		return e, fmt.Errorf("%w: %s is a folder: FROM 'file' reads JSON Lines files ('folder/*.jsonl'; a lake's folder is read by its name)", ErrUnsupported, rel)
	}
	e.Bytes = st.Size()
	stop := context.AfterFunc(ctx, func() { f.Close() }) // ends the read
	defer stop()
	if e.Rows, err = storage.CheckLines(f, rel); err != nil && ctx.Err() != nil {
		return e, ctx.Err()
	}
	return e, err
}

// fileColumns is the member names of the first rows of the first file
// that name stands for, in their order.
func (s *Session) fileColumns(name string) []string {
	_, paths, err := s.fileMatches(name)
	if err != nil || len(paths) == 0 {
		return nil
	}
	f, err := os.Open(paths[0][1])
	if err != nil {
		return nil
	}
	defer f.Close()
	return sampleNames(f, nil)
}
