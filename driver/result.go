package driver

import (
	"database/sql/driver"
	"slices"

	lakesql "github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/ast"
)

// result is what a statement run by Exec reports.
type result struct {
	rows int64 // -1: none to report
}

// rowsColumn names the column of each writing statement's result that
// counts the rows it wrote.
func rowsColumn(st ast.Statement) string {
	switch st.(type) {
	case ast.CreateLake, ast.DropLake:
		return "rows"
	case ast.CopyLake:
		return "rows_added"
	case ast.RepartitionLake:
		return "rows_written"
	}
	return ""
}

// affected is the Result of st, whose result was res: RowsAffected are
// the rows CREATE LAKE loaded, COPY added, ALTER LAKE … REPARTITION wrote
// or DROP LAKE dropped.
func affected(st ast.Statement, res *lakesql.Result) driver.Result {
	name := rowsColumn(st)
	j := slices.IndexFunc(res.Columns, func(c lakesql.Column) bool { return c.Name == name })
	if name == "" || j < 0 || len(res.Rows) != 1 {
		return result{rows: -1}
	}
	return result{rows: res.Rows[0][j].I}
}

func (r result) LastInsertId() (int64, error) { return 0, ErrLastInsertID }

func (r result) RowsAffected() (int64, error) {
	if r.rows < 0 {
		return 0, ErrRowsAffected
	}
	return r.rows, nil
}
