package sql

import (
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// Eager aggregation: a GROUP BY over the join of a lake with a much larger
// one, whose aggregates read only the larger lake's columns and whose
// groups only the smaller's, aggregates the larger lake by its join keys
// first, and the join then meets one row per key instead of every row
// (TPC-H's Q13, orders counted per customer):
//
//	SELECT c.k, COUNT(o.x) FROM c LEFT JOIN o ON c.k = o.k AND p(o) GROUP BY c.k
//	  → SELECT c.k, COALESCE(SUM(__pre.__a0), 0) FROM c LEFT JOIN
//	      (SELECT o.k AS __k0, COUNT(o.x) AS __a0 FROM o WHERE p(o) GROUP BY o.k) AS __pre
//	      ON c.k = __pre.__k0 GROUP BY c.k
//
// Each row of c meets the partial aggregate of its key's rows of o, so the
// groups combine those partials as they would have combined the rows: a
// SUM of the COUNTs and of the SUMs, a MIN of the MINs, a MAX of the MAXs;
// a row of c that no row of o matched meets NULLs, which COUNT's COALESCE
// makes 0 as COUNT over its NULL row was. COUNT(*) counts such a row, so it
// is taken only in an inner join. The derived table is made for this one
// join (ast.Table.Own), so it groups only the rows of o whose keys c has
// (see narrowable): it never holds more groups than c has rows.
//
// Only when o's files are at least eagerRatio times c's: the larger side
// then has many rows per key, or rows that c never matches, and the
// smaller side is read whole by the join anyway. A condition of the WHERE
// must read c alone (of an inner join, o alone too: it goes into the
// derived table), and none may read c's join keys, whose conditions prune
// o through the join (see Session.join).

// eagerRatio is how many times a join's smaller lake's bytes the larger's
// must be for its eager aggregation.
const eagerRatio = 4

// eagerAlias names the derived table of an eager aggregation.
const eagerAlias = "__pre"

// eagerAggregate returns sel with its join's larger lake aggregated first
// (see above), or sel when that does not apply.
func (s *Session) eagerAggregate(sel *ast.Select) *ast.Select {
	jn := sel.From.Join
	if jn == nil || len(sel.GroupBy) == 0 || len(jn.Using) > 0 ||
		jn.Kind != ast.InnerJoin && jn.Kind != ast.LeftJoin {
		return sel
	}
	var bytes [2]int64
	for i, t := range []ast.Table{jn.Left, jn.Right} {
		snap, err := s.lakeSnapshot(t)
		if snap == nil || err != nil {
			return sel
		}
		bytes[i] = snap.Manifest.Bytes()
	}
	if bytes[1] < eagerRatio*bytes[0] || slices.ContainsFunc(selectAndOnExprs(sel), func(e ast.Expr) bool { return selectHasExpr(e, isSubquery) }) {
		return sel
	}
	tables := [2]scopeTable{s.tablesOf(jn.Left)[0], s.tablesOf(jn.Right)[0]}
	if tables[0].name == tables[1].name || tables[0].name == eagerAlias {
		return sel
	}
	aliases := map[string]bool{}
	for _, it := range sel.Items {
		if it.Alias != "" {
			aliases[it.Alias] = true
		}
	}
	// side is the table a column is of: 0 or 1; -1 when it cannot tell.
	// A select item's alias (in GROUP BY, HAVING, ORDER BY) is -2: its
	// item is checked in its own right.
	side := func(c ast.Column) int {
		in := columnTable(c, tables[:])
		if in < 0 && len(c.Path) == 1 && aliases[c.Path[0]] {
			return -2
		}
		return in
	}
	// reads tells which tables e reads outside its aggregates (bit i:
	// table i; bit 2: a column it cannot place), and gathers its
	// aggregates.
	var aggs []*ast.Func
	okAgg := true
	var reads func(e ast.Expr, inAgg bool) int
	reads = func(e ast.Expr, inAgg bool) int {
		r := 0
		ast.Walk(e, func(x ast.Expr) bool {
			switch x := x.(type) {
			case ast.Star:
				r |= 4 // SELECT * would take the derived table's columns
			case ast.Column:
				switch i := side(x); {
				case i >= 0:
					r |= 1 << i
				case i == -1:
					r |= 4
				}
			case *ast.Func:
				if _, agg, _ := aggregate.Lookup(x.Name, len(x.Args), x.Distinct, x.Separator); agg {
					if inAgg {
						okAgg = false
						return false
					}
					aggs = append(aggs, x)
					for _, a := range x.Args {
						if reads(a, true) != 2 {
							okAgg = false // an aggregate of c's columns, or of none
						}
					}
					return false
				}
			}
			return true
		})
		return r
	}
	// Aggregates belong to the select list, HAVING and ORDER BY alone
	// (reads gathers them there); elsewhere the join reports the error.
	inner := append(ast.Conjuncts(jn.On), ast.Conjuncts(sel.Where)...)
	if slices.ContainsFunc(append(inner, sel.GroupBy...), hasAggregateExpr) {
		return sel
	}
	// The keys (c's column = o's column) and o's own ON terms.
	var keys [2][]ast.Column
	var rightWhere []ast.Expr
	for _, t := range ast.Conjuncts(jn.On) {
		if cmp, ok := t.(ast.Compare); ok && cmp.Op == "=" {
			l, lok := cmp.L.(ast.Column)
			r, rok := cmp.R.(ast.Column)
			if lok && rok {
				li, ri := side(l), side(r)
				if li == 1 && ri == 0 {
					l, r, li, ri = r, l, ri, li
				}
				if li == 0 && ri == 1 && plain(l, tables[0].name) && plain(r, tables[1].name) {
					keys[0], keys[1] = append(keys[0], l), append(keys[1], r)
					continue
				}
			}
		}
		if reads(t, false) != 2 {
			return sel
		}
		rightWhere = append(rightWhere, t)
	}
	if len(keys[0]) == 0 {
		return sel
	}
	keyOf0 := func(c ast.Column) bool {
		return slices.ContainsFunc(keys[0], func(k ast.Column) bool { return k.Path[len(k.Path)-1] == c.Path[len(c.Path)-1] })
	}
	var leftWhere []ast.Expr
	for _, t := range ast.Conjuncts(sel.Where) {
		r := reads(t, false)
		if r&4 != 0 {
			return sel
		}
		readsKey := false
		ast.Walk(t, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok && side(c) == 0 && keyOf0(c) {
				readsKey = true
			}
			return true
		})
		switch {
		case readsKey:
			return sel
		case r == 2 && jn.Kind == ast.InnerJoin:
			rightWhere = append(rightWhere, t)
		case r&2 != 0:
			return sel
		default:
			leftWhere = append(leftWhere, t)
		}
	}
	for _, g := range sel.GroupBy {
		if reads(g, false)&^1 != 0 {
			return sel
		}
	}
	// The select list, HAVING and ORDER BY read c outside their
	// aggregates (its groups' values), o inside them.
	outer := []ast.Expr{}
	for _, it := range sel.Items {
		outer = append(outer, it.Expr)
	}
	if sel.Having != nil {
		outer = append(outer, sel.Having)
	}
	for _, o := range sel.OrderBy {
		outer = append(outer, o.Expr)
	}
	for _, e := range outer {
		if reads(e, false)&^1 != 0 {
			return sel
		}
	}
	if !okAgg || len(aggs) == 0 {
		return sel
	}
	// The derived table: o's keys and each distinct aggregate.
	sub := &ast.Select{From: jn.Right, Limit: -1}
	for _, t := range rightWhere {
		sub.Where = andOf(sub.Where, t)
	}
	var on ast.Expr
	for i, k := range keys[1] {
		name := fmt.Sprintf("__k%d", i)
		sub.Items = append(sub.Items, ast.SelectItem{Expr: k, Alias: name})
		sub.GroupBy = append(sub.GroupBy, k)
		on = andOf(on, ast.Compare{Op: "=", L: keys[0][i], R: ast.Column{Path: []string{eagerAlias, name}}})
	}
	partial := map[string]ast.Expr{} // by an aggregate's text, what replaces it
	for _, f := range aggs {
		text := f.String()
		if _, ok := partial[text]; ok {
			continue
		}
		if f.Star && jn.Kind != ast.InnerJoin {
			return sel
		}
		name := fmt.Sprintf("__a%d", len(partial))
		repl, combines := combined(f, ast.Column{Path: []string{eagerAlias, name}})
		if !combines {
			return sel
		}
		sub.Items = append(sub.Items, ast.SelectItem{Expr: f, Alias: name})
		partial[text] = repl
	}
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		if f, ok := e.(*ast.Func); ok {
			if repl, ok := partial[f.String()]; ok {
				return repl
			}
		}
		return ast.Map(e, rw)
	}
	out := ast.MapSelect(sel, rw)
	out.Where = nil
	for _, t := range leftWhere {
		out.Where = andOf(out.Where, t)
	}
	out.From = ast.Table{Join: &ast.Join{Left: jn.Left, Kind: jn.Kind, On: on,
		Right: ast.Table{Sub: sub, Alias: eagerAlias, Own: true}}}
	return out
}

// plain reports whether c names a field of table t, not a path into one.
func plain(c ast.Column, t string) bool {
	return len(c.Path) == 1 || len(c.Path) == 2 && c.Path[0] == t
}

// combined returns what combines the partial results of aggregate f in
// column c (a partial aggregation's groups, each of some of f's rows)
// into f's result over all those rows: a SUM of the COUNTs (0 when there
// is none) and of the SUMs, a MIN of the MINs, a MAX of the MAXs; false
// for another aggregate, or one of DISTINCT values.
func combined(f *ast.Func, c ast.Column) (ast.Expr, bool) {
	if f.Distinct || f.Separator != nil || len(f.OrderBy) > 0 || !f.Star && len(f.Args) != 1 {
		return nil, false
	}
	switch f.Name {
	case "COUNT":
		sum := &ast.Func{Name: "SUM", Args: []ast.Expr{c}}
		return &ast.Func{Name: "COALESCE", Args: []ast.Expr{sum, ast.Literal{Value: types.IntValue(0), Text: "0"}}}, true
	case "SUM", "MIN", "MAX":
		return &ast.Func{Name: f.Name, Args: []ast.Expr{c}}, true
	}
	return nil, false
}
