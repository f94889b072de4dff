package sql

import (
	"context"
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Subqueries in expressions — (SELECT …) as a value, EXISTS (SELECT …),
// x [NOT] IN (SELECT …) — are answered before the query that holds them,
// each over its own lake (any lake of the work folder, pruned by its own
// WHERE), and their answers take their place as constants: a value, TRUE
// or FALSE, a list of values. The query is then planned as if it had been
// written with them, so a subquery's values prune the outer lake's
// partitions too. Only a subquery that does not read the outer query's
// row can be answered so: one that names the outer table (a correlated
// subquery) is refused.

// maxInValues is the most distinct values x IN (SELECT …) takes: they are
// held as a list in memory.
var maxInValues = 100_000

// answerSubqueries returns sel with the subqueries in its expressions
// answered (sel itself when it has none). scope holds the names of the
// tables of the queries around sel, which its subqueries must not read.
func (s *Session) answerSubqueries(ctx context.Context, sel *ast.Select, scope []scopeTable) (*ast.Select, error) {
	if !slices.ContainsFunc(selectAndOnExprs(sel), func(e ast.Expr) bool { return selectHasExpr(e, isSubquery) }) {
		return sel, nil
	}
	inner := append(s.tablesOf(sel.From), scope...)
	var failed error
	var rewrite func(ast.Expr) ast.Expr
	rewrite = func(e ast.Expr) ast.Expr {
		if failed != nil || e == nil {
			return e
		}
		var err error
		switch x := e.(type) {
		case ast.Subquery:
			var v types.Value
			if v, err = s.scalarSubquery(ctx, x, inner); err == nil {
				e = ast.Literal{Value: v}
			}
		case ast.Exists:
			var rows [][]Value
			if rows, _, err = s.subqueryRows(ctx, x.Select, x.Pos, inner, 1, false); err == nil {
				e = ast.Literal{Value: types.BoolValue(len(rows) > 0)}
			}
		case ast.InSelect:
			var in ast.Expr
			if in, err = s.inSubquery(ctx, x, rewrite(x.X), inner); err == nil {
				e = in
			}
		default:
			return ast.Map(e, rewrite)
		}
		if err != nil {
			failed = err
		}
		return e
	}
	out := ast.MapSelect(sel, rewrite)
	// A join's ON too (ON a.k = b.k AND b.x > (SELECT AVG(x) FROM b)).
	var on func(t ast.Table) ast.Table
	on = func(t ast.Table) ast.Table {
		if t.Join == nil {
			return t
		}
		j := *t.Join
		j.Left, j.Right = on(j.Left), on(j.Right)
		if j.On != nil {
			j.On = rewrite(j.On)
		}
		t.Join = &j
		return t
	}
	out.From = on(out.From)
	if failed != nil {
		return nil, failed
	}
	if selectHas(out, isSubquery) {
		return nil, fmt.Errorf("%w: a subquery inside an aggregate's ORDER BY", ErrUnsupported)
	}
	return out, nil
}

// scalarSubquery answers (SELECT …) used as a value: its one column's
// value in its one row, NULL when it has no row; more rows are an error,
// as in DuckDB.
func (s *Session) scalarSubquery(ctx context.Context, x ast.Subquery, scope []scopeTable) (types.Value, error) {
	rows, cols, err := s.subqueryRows(ctx, x.Select, x.Pos, scope, 2, false)
	if err != nil {
		return types.Value{}, err
	}
	if cols != 1 {
		return types.Value{}, &SubqueryError{Pos: x.Pos, Msg: fmt.Sprintf("a subquery used as a value must give one column, not %d: %s", cols, x)}
	}
	switch len(rows) {
	case 0:
		return types.Value{}, nil
	case 1:
		return rows[0][0], nil
	}
	return types.Value{}, &SubqueryError{Pos: x.Pos, Msg: fmt.Sprintf("more than one row returned by a subquery used as a value: %s", x)}
}

// inSubquery answers x [NOT] IN (SELECT …) as x [NOT] IN (its values):
// the same NULL rules (a NULL among the values makes a miss NULL, not
// FALSE). With no value at all it is FALSE (NOT IN: TRUE), even for a
// NULL x.
func (s *Session) inSubquery(ctx context.Context, in ast.InSelect, x ast.Expr, scope []scopeTable) (ast.Expr, error) {
	rows, cols, err := s.subqueryRows(ctx, in.Select, in.Pos, scope, int64(maxInValues)+1, true)
	if err != nil {
		return nil, err
	}
	if cols != 1 {
		return nil, &SubqueryError{Pos: in.Pos, Msg: fmt.Sprintf("the subquery of IN must give one column, not %d: %s", cols, in.Select)}
	}
	if len(rows) > maxInValues {
		return nil, &SubqueryError{Pos: in.Pos, tooMany: true, Msg: fmt.Sprintf("the subquery of IN gives more than %d values, which it would hold in memory (a join will not): %s", maxInValues, in.Select)}
	}
	if len(rows) == 0 {
		return ast.Literal{Value: types.BoolValue(in.Not)}, nil
	}
	// Each value once (equal values by their keys): the list is shorter,
	// the answer the same.
	var list []ast.Expr
	seen := map[string]bool{}
	for _, r := range rows {
		if k := string(types.AppendKey(nil, r[0])); !seen[k] {
			seen[k] = true
			list = append(list, ast.Literal{Value: r[0]})
		}
	}
	return ast.In{X: x, List: list, Not: in.Not}, nil
}

// subqueryRows runs a subquery (at most limit rows of it) and returns its
// rows and its number of columns.
//
// With distinct, a subquery without a LIMIT of its own gives each row once
// (SELECT DISTINCT, its ORDER BY dropped): all IN needs of it.
func (s *Session) subqueryRows(ctx context.Context, sel *ast.Select, pos int, scope []scopeTable, limit int64, distinct bool) ([][]Value, int, error) {
	if name, ok := s.correlated(sel, scope); ok {
		return nil, 0, &SubqueryError{Pos: pos, Msg: fmt.Sprintf("a correlated subquery (it reads %s of the outer query) is not supported yet: %s", name, sel)}
	}
	sub := *sel
	if distinct && sub.Limit < 0 && sub.Offset == 0 {
		sub.Distinct, sub.OrderBy = true, nil
	}
	if sub.Limit < 0 || sub.Limit > limit {
		sub.Limit = limit
	}
	inner, src, done, err := s.resolve(ctx, &sub, scope)
	if err != nil {
		return nil, 0, err
	}
	defer done()
	p, res, err := runPinned(ctx, src, inner, s.qualifierFields(inner))
	if err != nil {
		return nil, 0, err
	}
	if log, ok := ctx.Value(subqueryLogKey{}).(*[]subqueryPlan); ok {
		*log = append(*log, subqueryPlan{sel: sel, plan: p})
	}
	return res.Rows, len(res.Columns), nil
}

// subqueryPlan is a subquery answered, and the plan that answered it, for
// EXPLAIN.
type subqueryPlan struct {
	sel      *ast.Select
	plan     *plan.Plan
	join     bool // a table of a join, run into its spill file, or (streamed) through the other's hash table
	streamed bool
	window   bool // the rows of a pass of window functions
}

type subqueryLogKey struct{}

// explaining reports whether ctx is EXPLAIN's, which logs the subqueries
// it answers (see withSubqueryLog).
func explaining(ctx context.Context) bool {
	_, ok := ctx.Value(subqueryLogKey{}).(*[]subqueryPlan)
	return ok
}

// withSubqueryLog returns a context under which every subquery answered
// is added to log.
func withSubqueryLog(ctx context.Context, log *[]subqueryPlan) context.Context {
	return context.WithValue(ctx, subqueryLogKey{}, log)
}

// subqueryLines are EXPLAIN's lines for the subqueries of log: each one's
// plan, indented under its text.
func subqueryLines(log []subqueryPlan) []string {
	var lines []string
	for _, sp := range log {
		what := "Subquery, answered first: "
		switch {
		case sp.streamed:
			what = "Join input, streamed through the table of the other: "
		case sp.join:
			what = "Join input, read first: "
		case sp.window:
			what = "Window functions' input, sorted by their window: "
		}
		lines = append(lines, what+sp.sel.String())
		for _, l := range explainLines(sp.plan, nil, nil, 0) {
			lines = append(lines, "  "+l)
		}
	}
	return lines
}

// tableName is the name a query's columns are qualified by: the alias, or
// the table's name.
func tableName(t ast.Table) string {
	if t.Alias != "" {
		return t.Alias
	}
	return t.Name
}

func isSubquery(e ast.Expr) bool {
	switch e.(type) {
	case ast.Subquery, ast.Exists, ast.InSelect:
		return true
	}
	return false
}

// selectHasExpr reports whether e or a subexpression (not of its
// subqueries) satisfies f.
func selectHasExpr(e ast.Expr, f func(ast.Expr) bool) bool {
	return selectHas(&ast.Select{Where: e}, f)
}

// selectHas reports whether an expression of sel (not of its subqueries)
// satisfies f.
func selectHas(sel *ast.Select, f func(ast.Expr) bool) bool {
	found := false
	for _, e := range sel.Exprs() {
		ast.Walk(e, func(x ast.Expr) bool {
			if found || f(x) {
				found = true
				return false
			}
			return true
		})
	}
	return found
}

// SubqueryError is a subquery that cannot be answered; Pos is its byte
// offset in the statement.
type SubqueryError struct {
	Pos     int
	Msg     string
	tooMany bool // IN's subquery gave more than maxInValues values
}

func (e *SubqueryError) Error() string { return e.Msg }
