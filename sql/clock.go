package sql

import (
	"time"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/function"
)

// stampClock returns st with each call of CURRENT_DATE, NOW and their
// aliases (function.ClockValue) replaced by a constant of the moment the
// statement starts, read once from now, so that the whole statement, its
// subqueries, CTEs and UNION parts, sees one value, as DuckDB's do (they
// are the transaction's start, and a statement is its own transaction).
// The constant prints as the call was written, so that a column keeps its
// name. st itself is not changed; without such a call it is returned as
// it is and the clock is not read.
func stampClock(st ast.Statement, now func() time.Time) ast.Statement {
	b := &binder{seen: map[*ast.Select]*ast.Select{}, clock: now}
	out := b.statement(st)
	if b.at == nil {
		return st
	}
	return out
}

// stamp is the constant of a clock function's call, when clock is set.
func (b *binder) stamp(f *ast.Func) (ast.Expr, bool) {
	if b.clock == nil || len(f.Args) != 0 || f.Star || f.Distinct {
		return nil, false
	}
	if _, ok := function.ClockValue(f.Name, time.Time{}); !ok {
		return nil, false
	}
	if b.at == nil {
		t := b.clock()
		b.at = &t
	}
	v, _ := function.ClockValue(f.Name, *b.at)
	return ast.Literal{Value: v, Text: f.String()}, true
}
