package parser

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/xwb1989/sqlparser"
)

// quantifiedCase is x op ALL (S) or x op ANY (S) (f, the pre-parse's
// marker around S) as the CASE of S's row count, its count of non-NULL
// values and their least and greatest, which decides it as SQL does:
//
//   - ALL: true when S has no row; false when some value v of S makes x
//     op v false (x > ALL: x <= the greatest); else NULL when x or some v
//     is NULL; else true.
//   - ANY: false when S has no row; true when some v makes x op v true
//     (x > ANY: x > the least); else NULL when x or some v is NULL; else
//     false.
//
// Each count is a scalar subquery of S's own FROM and WHERE, so that a
// correlated S decorrelates as any such subquery does; S with GROUP BY,
// HAVING, LIMIT, an aggregate or a UNION is read as a derived table.
func (c *converter) quantifiedCase(e *sqlparser.ComparisonExpr, x ast.Expr, f *ast.Func) (ast.Expr, error) {
	op := e.Operator
	refuse := func(what string) error {
		p, _ := c.pos(e)
		return NewSyntaxError(c.text, p, "%s not supported", what)
	}
	sub, ok := f.Args[0].(ast.Subquery)
	if len(f.Args) != 1 || !ok {
		return nil, refuse("ALL or ANY without a subquery")
	}
	all := f.Name == strings.ToUpper(allQMarker)
	s := sub.Select
	if len(s.Items) != 1 {
		return nil, refuse("a subquery of ALL or ANY with other than one column")
	}
	if _, star := s.Items[0].Expr.(ast.Star); star {
		return nil, refuse("a subquery of ALL or ANY whose column is *")
	}
	v := s.Items[0].Expr
	base := *s
	if len(s.GroupBy) > 0 || s.Having != nil || s.Limit >= 0 || s.Offset != 0 || s.From.Union != nil || holdsAggregate(v) || s.Qualify != nil || len(s.DistinctOn) > 0 {
		inner := *s
		inner.Items = []ast.SelectItem{{Expr: v, Alias: "__v"}}
		base = ast.Select{From: ast.Table{Sub: &inner, Alias: "__quantified"}, Limit: -1}
		v = ast.Column{Path: []string{"__quantified", "__v"}}
	}
	base.Distinct, base.OrderBy = false, nil
	agg := func(fn *ast.Func) ast.Expr {
		q := base
		q.Items = []ast.SelectItem{{Expr: fn}}
		return ast.Subquery{Select: &q, Pos: sub.Pos}
	}
	n := agg(&ast.Func{Name: "COUNT", Star: true})
	nn := agg(&ast.Func{Name: "COUNT", Args: []ast.Expr{v}})
	lo := agg(&ast.Func{Name: "MIN", Args: []ast.Expr{v}})
	hi := agg(&ast.Func{Name: "MAX", Args: []ast.Expr{v}})
	cmp := func(op string, r ast.Expr) ast.Expr { return ast.Compare{Op: op, L: x, R: r} }
	// decisive: for ALL, some value makes x op v false; for ANY, some
	// value makes it true.
	var decisive ast.Expr
	switch {
	case op == ">" && all:
		decisive = cmp("<=", hi)
	case op == ">=" && all:
		decisive = cmp("<", hi)
	case op == "<" && all:
		decisive = cmp(">=", lo)
	case op == "<=" && all:
		decisive = cmp(">", lo)
	case op == "=" && all, op == "!=" && !all:
		decisive = ast.Or{L: cmp("!=", lo), R: cmp("!=", hi)}
	case op == ">":
		decisive = cmp(">", lo)
	case op == ">=":
		decisive = cmp(">=", lo)
	case op == "<":
		decisive = cmp("<", hi)
	case op == "<=":
		decisive = cmp("<=", hi)
	default:
		return nil, refuse(op + " with ALL or ANY")
	}
	t, fl := ast.Literal{Value: types.BoolValue(true)}, ast.Literal{Value: types.BoolValue(false)}
	empty, decided := t, fl
	if !all {
		empty, decided = fl, t
	}
	return &ast.Case{Whens: []ast.When{
		{Cond: ast.Compare{Op: "=", L: n, R: ast.Int(0)}, Then: empty},
		{Cond: decisive, Then: decided},
		{Cond: ast.Or{L: ast.IsNull{X: x}, R: ast.Compare{Op: "<", L: nn, R: n}}, Then: ast.Null},
	}, Else: empty}, nil
}
