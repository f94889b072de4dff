package sql

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql/ast"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// The hints of the lake statements: a misspelt key field, and the field
// names of a lake's first rows (internal/suggest measures the spelling).

// unknownKeyHint adds "did you mean …?" to catalog.ErrUnknownField (a key
// field no row has) when a field of fields is spelt like it.
func unknownKeyHint(err error, fields []string) error {
	var uf *catalog.UnknownFieldError
	if !errors.As(err, &uf) || slices.Contains(fields, uf.Field) {
		return err
	}
	if f, ok := suggest.Closest(uf.Field, fields); ok {
		return fmt.Errorf("%w; did you mean %s?", err, ast.Ident(f))
	}
	return err
}

// sampleFields returns the field names of the first rows of a JSON Lines
// file, for suggestions; errors give none.
func sampleFields(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	return sampleNames(f, nil)
}

// sampleNames appends to names, in first-seen order, the member names of
// the first 100 rows of r that names lacks.
func sampleNames(r io.Reader, names []string) []string {
	seen := make(map[string]bool)
	for _, n := range names {
		seen[n] = true
	}
	// A small buffer: the rows are usually a few hundred bytes, and a
	// longer one is read on past it. The first query of every lake reads
	// its names, and a larger buffer only read more of the file.
	lr := storage.NewLineReader(r, 16<<10)
	for range 100 {
		line, err := lr.Next()
		if err != nil {
			break
		}
		_ = storage.Members(line, func(name string, _ []byte) {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		})
	}
	return names
}
