package sql

import (
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
)

// Totals shared with the groups: a GROUP BY whose HAVING compares with a
// subquery of the same FROM and WHERE and no GROUP BY, whose aggregates
// (SUM, COUNT, MIN, MAX) combine the groups' own, reads its rows once
// (TPC-H Q11: the parts whose stock value passes a ten-thousandth of the
// total, over the join of partsupp, supplier and nation, twice):
//
//	SELECT k, SUM(x) AS v FROM F WHERE W GROUP BY k HAVING SUM(x) > (SELECT SUM(x) * c FROM F WHERE W)
//	  → SELECT __k0 AS k, __a0 AS v FROM (SELECT k AS __k0, SUM(x) AS __a0 FROM F WHERE W GROUP BY k) AS __tot
//	      WHERE __a0 > (SELECT SUM(__a0) * c FROM (the same table) AS __tot)
//
// The table of groups is a CTE's (ast.Table.Shared): made once, read by
// both. Its rows are the groups with their aggregates, so the total
// combines theirs as a partial aggregation does (see eager.go); a DOUBLE
// total is then the sum of the groups' sums, which rounds as another order
// of the rows would.
//
// It applies only when every column that the select list, HAVING and
// ORDER BY read outside an aggregate is a GROUP BY term as written, HAVING
// names no item's alias, the GROUP BY names no item by alias or position,
// the statement holds no other subquery, and nothing is correlated.

// totalsAlias names the table of groups.
const totalsAlias = "__tot"

// sharedTotals returns sel rewritten as above, or false.
func sharedTotals(sel *ast.Select) (*ast.Select, bool) {
	if len(sel.GroupBy) == 0 || sel.Having == nil || sel.From.Name == "" && sel.From.Join == nil {
		return nil, false
	}
	var sub *ast.Subquery
	subs := 0
	for _, e := range sel.Exprs() {
		ast.Walk(e, func(x ast.Expr) bool {
			if isSubquery(x) {
				subs++
				if q, ok := x.(ast.Subquery); ok {
					sub = &q
				}
				return false
			}
			return true
		})
	}
	if subs != 1 || sub == nil || !selectHasExpr(sel.Having, isSubquery) || !sameRows(sub.Select, sel) {
		return nil, false
	}
	aliases := map[string]bool{}
	for _, it := range sel.Items {
		if _, star := it.Expr.(ast.Star); star {
			return nil, false
		}
		if it.Alias != "" {
			aliases[it.Alias] = true
		}
	}
	if isAliasIn(sel.Having, aliases) {
		return nil, false
	}
	t := &groupsTable{inner: &ast.Select{From: sel.From, Where: sel.Where, GroupBy: sel.GroupBy, Limit: -1},
		keys: map[string]ast.Column{}, aggs: map[string]ast.Column{}}
	for i, g := range sel.GroupBy {
		if _, pos := g.(ast.Literal); pos || isAlias(g, aliases) {
			return nil, false
		}
		t.keys[g.String()] = t.add(g, fmt.Sprintf("__k%d", i))
	}
	ok := true
	// rw reads a group's values from the table: its GROUP BY terms and
	// aggregates; a column outside them cannot be read.
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		if c, found := t.keys[e.String()]; found {
			return c
		}
		switch x := e.(type) {
		case *ast.Func:
			if c, agg := t.agg(x); agg {
				ok = ok && !slices.ContainsFunc(x.Args, hasAggregateExpr)
				return c
			}
		case ast.Column:
			ok = false
			return e
		case ast.Subquery:
			return e // rewritten below
		}
		return ast.Map(e, rw)
	}
	out := &ast.Select{Distinct: sel.Distinct, From: ast.Table{Sub: t.inner, Alias: totalsAlias, Shared: true}, Limit: sel.Limit, Offset: sel.Offset}
	names := sel.ColumnNames()
	for i, it := range sel.Items {
		out.Items = append(out.Items, ast.SelectItem{Expr: rw(it.Expr), Alias: names[i]})
	}
	total, combines := t.totalOf(sub.Select.Items[0].Expr)
	if !combines {
		return nil, false
	}
	var put func(ast.Expr) ast.Expr
	put = func(e ast.Expr) ast.Expr {
		if q, isSub := e.(ast.Subquery); isSub {
			return ast.Subquery{Pos: q.Pos, Select: &ast.Select{Items: []ast.SelectItem{{Expr: total}}, From: out.From, Limit: -1}}
		}
		return ast.Map(e, put)
	}
	out.Where = put(rw(sel.Having))
	for _, o := range sel.OrderBy {
		if _, pos := o.Expr.(ast.Literal); !pos && !isAlias(o.Expr, aliases) {
			o.Expr = rw(o.Expr)
		}
		out.OrderBy = append(out.OrderBy, o)
	}
	if !ok {
		return nil, false
	}
	return out, true
}

// groupsTable is the table of groups of a rewrite: its query (inner),
// and the column of each GROUP BY term and aggregate, by its text.
type groupsTable struct {
	inner      *ast.Select
	keys, aggs map[string]ast.Column
}

// add makes e an item of the table's query, named name, and returns its
// column.
func (t *groupsTable) add(e ast.Expr, name string) ast.Column {
	t.inner.Items = append(t.inner.Items, ast.SelectItem{Expr: e, Alias: name})
	return ast.Column{Path: []string{totalsAlias, name}}
}

// agg returns the column of f when it is an aggregate, made an item of
// the table's query the first time.
func (t *groupsTable) agg(f *ast.Func) (ast.Column, bool) {
	if _, agg, _ := aggregate.Lookup(f.Name, len(f.Args), f.Distinct, f.Separator); !agg {
		return ast.Column{}, false
	}
	text := f.String()
	c, found := t.aggs[text]
	if !found {
		c = t.add(f, fmt.Sprintf("__a%d", len(t.aggs)))
		t.aggs[text] = c
	}
	return c, true
}

// totalOf returns e, the item of a subquery over all of a GROUP BY's
// rows, as the same over the table of groups: each aggregate combines
// the groups'; false when one does not combine (AVG, DISTINCT, …) or e
// reads a column outside its aggregates.
func (t *groupsTable) totalOf(e ast.Expr) (ast.Expr, bool) {
	ok := true
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		switch x := e.(type) {
		case *ast.Func:
			if c, agg := t.agg(x); agg {
				repl, combines := combined(x, c)
				ok = ok && combines && !slices.ContainsFunc(x.Args, hasAggregateExpr)
				return repl
			}
		case ast.Column, ast.Star:
			ok = false
			return e
		}
		return ast.Map(e, rw)
	}
	out := rw(e)
	return out, ok
}

// sameRows reports a subquery of sel's rows as a whole: the same FROM
// and WHERE, one item, no grouping, order or limit, no subquery.
func sameRows(sub, sel *ast.Select) bool {
	same := func(a, b ast.Expr) bool {
		return a == nil && b == nil || a != nil && b != nil && a.String() == b.String()
	}
	return len(sub.Items) == 1 && !sub.Distinct && len(sub.GroupBy) == 0 && sub.Having == nil && len(sub.OrderBy) == 0 &&
		sub.Limit < 0 && sub.Offset == 0 && sub.From.String() == sel.From.String() && same(sub.Where, sel.Where) &&
		!selectHas(sub, isSubquery)
}

// isAlias reports a bare name that is one of aliases.
func isAlias(e ast.Expr, aliases map[string]bool) bool {
	c, ok := e.(ast.Column)
	return ok && len(c.Path) == 1 && aliases[c.Path[0]]
}

// isAliasIn reports an alias named anywhere in e.
func isAliasIn(e ast.Expr, aliases map[string]bool) bool {
	return selectHasExpr(e, func(x ast.Expr) bool { return isAlias(x, aliases) })
}
