package parser

import (
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// unnestAlias is the table of places that a select item UNNEST(x) reads
// its elements by.
const unnestAlias = "__unnest"

// unnest makes a select item UNNEST(x), x a JSON array of each row (a
// list to DuckDB), one row for each of its elements, as DuckDB's UNNEST
// of a list in the select list does: a row whose x is NULL, empty or no
// array makes none. The rows of sel's table go joined to the places
// range(n), n the most elements an x of the table has, each keeping the
// places below its own number of elements:
//
//	SELECT id, UNNEST(tags) FROM o
//	SELECT id, ARRAY_EXTRACT(tags, __unnest.range + 1) AS "unnest(tags)"
//	  FROM o CROSS JOIN range((SELECT MAX(JSON_ARRAY_LENGTH(tags)) FROM o)) AS __unnest
//	  WHERE __unnest.range < ARRAY_LENGTH(tags)
//
// Several UNNESTs in one select list go side by side, as DuckDB's: the
// places reach the longest of a row's lists, the shorter padded with
// NULLs (GREATEST of the lengths, which skips a NULL list's). Each
// UNNEST, of a lake's column or of a list without FROM, is a select item
// of its own: others are refused.
func (c *converter) unnest(sel *ast.Select) (*ast.Select, error) {
	var ats []int
	for i, it := range sel.Items {
		if f, ok := it.Expr.(*ast.Func); ok && f.Name == "UNNEST" {
			ats = append(ats, i)
			continue
		}
		if callsUnnest(it.Expr) {
			return nil, NewSyntaxError(c.text, c.off, "UNNEST inside an expression not supported: make it a select item of its own, in a derived table")
		}
	}
	for _, e := range []ast.Expr{sel.Where, sel.Having, sel.Qualify} {
		if e != nil && callsUnnest(e) {
			return nil, NewSyntaxError(c.text, c.off, "UNNEST is supported as a select item only")
		}
	}
	if len(ats) == 0 {
		return sel, nil
	}
	if len(sel.GroupBy) > 0 || sel.Having != nil || slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return holdsAggregate(it.Expr) }) {
		// DuckDB's binder refuses it too ("UNNEST not supported here").
		return nil, NewSyntaxError(c.text, c.off, "UNNEST in a query that groups not supported (nor in DuckDB): group the rows of a derived table, SELECT tag, COUNT(*) FROM (SELECT UNNEST(tags) AS tag FROM t) GROUP BY tag")
	}
	var xs []ast.Expr
	for _, at := range ats {
		f := sel.Items[at].Expr.(*ast.Func)
		if len(f.Args) != 1 || f.Distinct || f.Star || len(f.OrderBy) > 0 {
			return nil, NewSyntaxError(c.text, c.off, "UNNEST takes one list")
		}
		xs = append(xs, f.Args[0])
	}
	// lengths is fn of each list, the greatest of them for several.
	lengths := func(fn string) ast.Expr {
		var ls []ast.Expr
		for _, x := range xs {
			ls = append(ls, &ast.Func{Name: fn, Args: []ast.Expr{x}})
		}
		if len(ls) == 1 {
			return ls[0]
		}
		return &ast.Func{Name: "GREATEST", Args: ls}
	}
	place := ast.Column{Path: []string{unnestAlias, "range"}}
	items := func() {
		for k, at := range ats {
			alias := sel.Items[at].Alias
			if alias == "" {
				alias = ast.DuckName(sel.Items[at].Expr) // DuckDB's name for the column
			}
			sel.Items[at] = ast.SelectItem{Expr: &ast.Func{Name: "ARRAY_EXTRACT", Args: []ast.Expr{xs[k], ast.Arith{Op: types.Add, L: place, R: ast.Int(1)}}}, Alias: alias}
		}
	}
	t := sel.From
	if t.Name == "" && t.Sub == nil && t.Join == nil && t.Recursive == nil && t.Union == nil && t.Window == nil {
		// Without FROM, each x is one list: the places of its elements.
		sel.From = ast.Table{Name: SeriesTable("range", lengths("JSON_ARRAY_LENGTH").String()), Alias: unnestAlias}
		items()
		return sel, nil
	}
	if t.Name == "" || t.Sub != nil || t.Join != nil || t.Recursive != nil || strings.HasPrefix(t.Name, "__lakesql") {
		return nil, NewSyntaxError(c.text, c.off, "UNNEST over a join, a derived table or a CTE not supported: UNNEST a lake's column, or a list without FROM")
	}
	// The bound reads every row, those the WHERE leaves out too: one
	// whose x is no array counts 0 there, and the rows kept find it out.
	most := "(SELECT MAX(" + lengths("JSON_ARRAY_LENGTH").String() + ") FROM " + t.String() + ")"
	sel.From = ast.Table{Join: &ast.Join{Left: t, Right: ast.Table{Name: SeriesTable("range", most), Alias: unnestAlias}, Kind: ast.CrossJoin}}
	items()
	keep := ast.Compare{Op: "<", L: place, R: lengths("ARRAY_LENGTH")}
	sel.Where = ast.AndAll(sel.Where, keep)
	return sel, nil
}

// callsUnnest reports an UNNEST call within e.
func callsUnnest(e ast.Expr) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		if f, ok := x.(*ast.Func); ok && f.Name == "UNNEST" {
			found = true
		}
		return !found
	})
	return found
}
