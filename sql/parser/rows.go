package parser

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/xwb1989/sqlparser"
)

// Row values, (a, b, …), as DuckDB compares them. The engine has no row
// type: each comparison becomes one of its values' comparisons.
//
//   - (a, b) = (c, d), <>, !=: DuckDB compares the rows as structs, NULL
//     a value like any other: (1, NULL) = (1, NULL) is true, (1, 2) =
//     (1, NULL) false, never NULL. So a <=> c AND b <=> d (IS NOT
//     DISTINCT FROM), and NOT that for <>.
//   - (a, b) [NOT] IN ((c, d), (e, f)): the same equality with each row
//     of the list, OR'ed.
//   - (a, b) [NOT] IN (SELECT x, y …): there DuckDB compares as = ANY
//     does, a comparison with a NULL on either side NULL: FALSE without a
//     row; else NULL when a or b is NULL; else TRUE when a row equals
//     (a, b); else NULL when a row holds a NULL; else FALSE. The CASE
//     that says so asks three EXISTS of the subquery (rowInSelect), which
//     the session answers (the one that compares with a and b as a join).
//
// Rows compared by <, <=, >, >= (DuckDB's lexicographic order, NULL
// last) and a row against a subquery of one row are refused by name.

// rowComparison converts e, whose left side is a row of n values.
func (c *converter) rowComparison(e *sqlparser.ComparisonExpr, left sqlparser.ValTuple) (ast.Expr, error) {
	l, err := c.exprs(left)
	if err != nil {
		return nil, err
	}
	switch e.Operator {
	case sqlparser.InStr, sqlparser.NotInStr:
		var out ast.Expr
		switch r := e.Right.(type) {
		case *sqlparser.Subquery:
			sel, err := c.subquery(r)
			if err != nil {
				return nil, err
			}
			p, _ := c.pos(e)
			if out, err = c.rowInSelect(e, l, sel, p); err != nil {
				return nil, err
			}
		case sqlparser.ValTuple:
			for _, item := range r {
				row, ok := item.(sqlparser.ValTuple)
				if !ok {
					return nil, c.errorAt(item, "a row of %d values is IN a list of rows of as many values, not %s", len(l), sqlparser.String(item))
				}
				eq, err := c.rowEquals(e, l, row)
				if err != nil {
					return nil, err
				}
				out = ast.OrAll(out, eq)
			}
		default:
			return nil, c.unsupported(e, "IN without a list of rows or a subquery")
		}
		if e.Operator == sqlparser.NotInStr {
			out = ast.Not{X: out}
		}
		return out, nil
	case "=", "!=", "<>":
		r, ok := e.Right.(sqlparser.ValTuple)
		if !ok {
			return nil, c.unsupported(e, "a row compared with what is not a row of values")
		}
		eq, err := c.rowEquals(e, l, r)
		if err != nil {
			return nil, err
		}
		if e.Operator != "=" {
			eq = ast.Not{X: eq}
		}
		return eq, nil
	}
	return nil, c.unsupported(e, "rows compared by "+e.Operator)
}

// rowEquals is l = r of two rows as DuckDB compares them: each pair of
// values IS NOT DISTINCT.
func (c *converter) rowEquals(e *sqlparser.ComparisonExpr, l []ast.Expr, right sqlparser.ValTuple) (ast.Expr, error) {
	if len(right) != len(l) {
		return nil, c.errorAt(e, "rows of %d and %d values compared: %s", len(l), len(right), sqlparser.String(e))
	}
	r, err := c.exprs(right)
	if err != nil {
		return nil, err
	}
	var out ast.Expr
	for i := range l {
		out = ast.AndAll(out, ast.Compare{Op: "<=>", L: l[i], R: r[i]})
	}
	return out, nil
}

// rowInSelect is l IN (sel), l a row: the CASE of the package comment,
// over sel with its columns named __r1, __r2, … as a derived table.
func (c *converter) rowInSelect(e *sqlparser.ComparisonExpr, l []ast.Expr, sel *ast.Select, pos int) (ast.Expr, error) {
	if len(sel.Items) != len(l) || hasStarItem(sel) {
		return nil, c.errorAt(e, "the subquery of a row of %d values IN must list %d columns (not *): %s", len(l), len(l), sel)
	}
	named := *sel
	named.Items = make([]ast.SelectItem, len(sel.Items))
	for i, it := range sel.Items {
		named.Items[i] = ast.SelectItem{Expr: it.Expr, Alias: fmt.Sprintf("__r%d", i+1)}
	}
	c.rowIns++
	alias := fmt.Sprintf("__row_in%d", c.rowIns)
	col := func(i int) ast.Expr { return ast.Column{Path: []string{alias, fmt.Sprintf("__r%d", i+1)}} }
	exists := func(where ast.Expr) ast.Expr {
		sub := named // each EXISTS its own copy: the session rewrites what it answers
		return ast.Exists{Pos: pos, Select: &ast.Select{
			Items: []ast.SelectItem{{Expr: ast.Int(1)}},
			From:  ast.Table{Sub: &sub, Alias: alias},
			Where: where,
			Limit: -1,
		}}
	}
	var anyNull, rowNull, equal ast.Expr
	for i, x := range l {
		anyNull = ast.OrAll(anyNull, ast.IsNull{X: x})
		rowNull = ast.OrAll(rowNull, ast.IsNull{X: col(i)})
		equal = ast.AndAll(equal, ast.Compare{Op: "=", L: col(i), R: x})
	}
	t, f := ast.Literal{Value: types.BoolValue(true)}, ast.Literal{Value: types.BoolValue(false)}
	return &ast.Case{
		Whens: []ast.When{
			{Cond: ast.Not{X: exists(nil)}, Then: f},
			{Cond: anyNull, Then: ast.Null},
			{Cond: exists(equal), Then: t},
			{Cond: exists(rowNull), Then: ast.Null},
		},
		Else: f,
	}, nil
}

// errorAt is a syntax error at node.
func (c *converter) errorAt(node sqlparser.SQLNode, format string, args ...any) error {
	p, _ := c.pos(node)
	return NewSyntaxError(c.text, p, format, args...)
}
