package sql

import (
	"context"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"

	"github.com/lakesql/lakesql/catalog"
)

// copyLake appends the file's rows to the lake as new files, published
// as the next generation (catalog.Append): a bad line appends nothing.
func (s *Session) copyLake(ctx context.Context, st ast.CopyLake) (*Result, error) {
	r, err := s.Catalog.Append(st.Lake, s.source(st.From), catalog.AppendOptions{MaxRows: st.MaxRows, Now: s.now, Progress: exec.ProgressFrom(ctx)})
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	s.forget(st.Lake) // the new rows may bring new fields
	return &Result{
		Columns: []Column{{Name: "lake"}, intCol("files_added"), intCol("rows_added"), intCol("bytes_added"), intCol("generation")},
		Rows: [][]Value{{StrValue(r.Lake), IntValue(int64(r.FilesAdded)), IntValue(r.RowsAdded), IntValue(r.BytesAdded),
			IntValue(r.Generation)}},
	}, nil
}
