package sql

import (
	"context"
	"fmt"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/copyout"
	"github.com/lakesql/lakesql/sql/parser"
)

// copyTo writes the rows of a query, or of a whole lake (SELECT *), to a
// file or a folder of partitions (package copyout), streamed as Stream
// sends them; a UNION's rows, which the engine holds, go once it ends.
// A relative path is in the work folder, as COPY … FROM reads. Nothing is
// left behind when it fails.
func (s *Session) copyTo(ctx context.Context, st ast.CopyTo) (*Result, error) {
	format, err := copyout.FormatOf(st.Format, st.To)
	if err != nil {
		return nil, err
	}
	q := st.Query
	if q == nil {
		if _, err := s.snapshot(st.Lake); err != nil {
			return nil, err
		}
		if q, err = parser.ParseSelect("SELECT * FROM "+ast.Ident(st.Lake), 0); err != nil {
			return nil, err
		}
	}
	c, err := copyout.New(copyout.Options{Path: s.source(st.To), Format: format, NoHeader: st.NoHeader,
		PartitionBy: st.PartitionBy, Overwrite: st.Overwrite})
	if err != nil {
		return nil, err
	}
	note, err := s.copyRows(ctx, q, c)
	if err != nil {
		c.Abort()
		return nil, err
	}
	sum, err := c.Commit()
	if err != nil {
		return nil, err
	}
	return &Result{
		Columns: []Column{{Name: "path"}, {Name: "format"}, intCol("files_written"), intCol("rows_written"), intCol("bytes_written")},
		Rows: [][]Value{{StrValue(st.To), StrValue(string(format)), IntValue(int64(sum.Files)), IntValue(sum.Rows),
			IntValue(sum.Bytes)}},
		Note: note,
	}, nil
}

// copyRows sends the rows of q to e.
func (s *Session) copyRows(ctx context.Context, q ast.Statement, e Emitter) (string, error) {
	switch q := q.(type) {
	case *ast.Select:
		return s.streamSelect(ctx, q, e)
	case *ast.Union:
		res, err := s.runUnion(ctx, q)
		if err != nil {
			return "", err
		}
		names := make([]string, len(res.Columns))
		for i, c := range res.Columns {
			names[i] = c.Name
		}
		if err := e.Columns(names); err != nil {
			return "", err
		}
		for _, r := range res.Rows {
			if err := e.Row(r); err != nil {
				return "", err
			}
		}
		return res.Note, nil
	}
	return "", fmt.Errorf("%w: COPY of %s", ErrUnsupported, q)
}
