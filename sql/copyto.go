package sql

import (
	"context"
	"fmt"
	"slices"
	"strings"

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
	if err := s.Catalog.WritableOutside(s.source(st.To)); err != nil {
		return nil, err
	}
	q = byPartition(q, st.PartitionBy)
	c, err := copyout.New(copyout.Options{Path: s.source(st.To), Format: format, NoHeader: st.NoHeader,
		PartitionBy: st.PartitionBy, Overwrite: st.Overwrite})
	if err != nil {
		return nil, err
	}
	note, err := s.copyRows(ctx, q, st.PartitionBy, c)
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

// byPartition orders a SELECT's rows by the PARTITION_BY columns first,
// so that each partition's rows come together and go to one file while
// one file is open: the engine's sort spills past its memory budget, where
// rows in no order would open and close a file per run of rows once there
// are more partitions than copyout.MaxOpen. Within a partition the rows
// keep the query's own ORDER BY; a query with a LIMIT is sorted as a
// derived table, so that the LIMIT picks the same rows. A UNION's rows are
// sorted by copyRows.
func byPartition(q ast.Statement, keys []string) ast.Statement {
	sel, ok := q.(*ast.Select)
	if !ok || len(keys) == 0 {
		return q
	}
	order := make([]ast.OrderItem, len(keys))
	for i, k := range keys {
		order[i] = ast.OrderItem{Expr: ast.Column{Path: []string{k}}}
	}
	if sel.Limit >= 0 || sel.Offset > 0 {
		return &ast.Select{Items: []ast.SelectItem{{Expr: ast.Star{}}}, From: ast.Table{Sub: sel, Alias: "copy"},
			OrderBy: order, Limit: -1}
	}
	out := *sel
	out.OrderBy = append(order, sel.OrderBy...)
	return &out
}

// copyRows sends the rows of q to e.
func (s *Session) copyRows(ctx context.Context, q ast.Statement, keys []string, e Emitter) (string, error) {
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
		var at []int
		for _, k := range keys {
			if j := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, k) }); j >= 0 {
				at = append(at, j)
			}
		}
		slices.SortStableFunc(res.Rows, func(a, b []Value) int {
			for _, j := range at {
				if c := strings.Compare(a[j].String(), b[j].String()); c != 0 {
					return c
				}
			}
			return 0
		})
		for _, r := range res.Rows {
			if err := e.Row(r); err != nil {
				return "", err
			}
		}
		return res.Note, nil
	}
	return "", fmt.Errorf("%w: COPY of %s", ErrUnsupported, q)
}
