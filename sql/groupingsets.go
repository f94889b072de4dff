package sql

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// GROUP BY ROLLUP (…), CUBE (…) and GROUPING SETS (…), as DuckDB has
// them. A query with them is the UNION ALL of one query a grouping set:
// grouped by the set's expressions, with every other grouping expression
// NULL where the select list, WHERE and HAVING read it (not inside an
// aggregate's arguments, which read the rows), and GROUPING(e, …) the
// constant bitmask of the set (1 for an expression not in it, the first
// argument the highest bit). Each part keeps a COUNT(*) of its own, which
// the query's columns leave out, so that a part grouped by no expression
// is still one row of totals. The query's DISTINCT, ORDER BY (by column
// name, alias, position or a select item's expression), LIMIT and OFFSET
// read the union. Each part is an ordinary grouped query, and so spills.

// maxGroupingSets bounds the parts a query may make (CUBE of n
// expressions makes 2^n).
const maxGroupingSets = 1024

// groupingSetsMarker and groupingSetMarker stand for GROUPING SETS ((…),
// …) and each of its sets, as the pre-parse writes them.
const (
	groupingSetsMarker = ast.GroupingSets
	groupingSetMarker  = ast.GroupingSet
)

// hasGroupingSets reports whether sel's GROUP BY has ROLLUP, CUBE or
// GROUPING SETS, or a plain GROUP BY has GROUPING(…) in its select list,
// HAVING or ORDER BY (a query of one grouping set, where it is 0).
func hasGroupingSets(sel *ast.Select) bool {
	if slices.ContainsFunc(sel.GroupBy, func(g ast.Expr) bool {
		f, ok := g.(*ast.Func)
		return ok && (f.Name == "ROLLUP" || f.Name == "CUBE" || f.Name == groupingSetsMarker)
	}) {
		return true
	}
	if len(sel.GroupBy) == 0 {
		return false
	}
	es := []ast.Expr{sel.Having}
	for _, it := range sel.Items {
		es = append(es, it.Expr)
	}
	for _, o := range sel.OrderBy {
		es = append(es, o.Expr)
	}
	found := false
	for _, e := range es {
		ast.Walk(e, func(x ast.Expr) bool {
			if f, ok := x.(*ast.Func); ok && (f.Name == "GROUPING" || f.Name == "GROUPING_ID") {
				found = true
			}
			return !found
		})
	}
	return found
}

// groupingSets rewrites sel (see above).
func groupingSets(sel *ast.Select, isField func(string) bool) (*ast.Select, error) {
	switch {
	case slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { _, star := it.Expr.(ast.Star); return star }):
		return nil, fmt.Errorf("%w: SELECT * with GROUPING SETS, ROLLUP or CUBE", ErrUnsupported)
	case sel.Qualify != nil || len(sel.DistinctOn) > 0 || slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return ast.HasWindow(it.Expr) }):
		return nil, fmt.Errorf("%w: window functions, QUALIFY or DISTINCT ON with GROUPING SETS, ROLLUP or CUBE", ErrUnsupported)
	}
	sets := [][]ast.Expr{nil}
	for _, g := range sel.GroupBy {
		opts, err := groupingOptions(sel.Items, g, isField)
		if err != nil {
			return nil, err
		}
		var next [][]ast.Expr
		for _, s := range sets {
			for _, o := range opts {
				next = append(next, appendNew(slices.Clone(s), o...))
			}
		}
		if len(next) > maxGroupingSets {
			return nil, fmt.Errorf("%w: more than %d grouping sets", ErrUnsupported, maxGroupingSets)
		}
		sets = next
	}
	var all []ast.Expr // every grouping expression, once
	for _, s := range sets {
		all = appendNew(all, s...)
	}
	names := sel.ColumnNames()
	var having ast.Expr // HAVING with the select list's aliases read
	if sel.Having != nil {
		having = plan.HavingAliases(sel.Having, sel.Items, sel.GroupBy)
	}
	u := &ast.Union{Limit: -1}
	for i, s := range sets {
		dropped := slices.DeleteFunc(slices.Clone(all), func(e ast.Expr) bool { return slices.ContainsFunc(s, sameGrouping(e)) })
		// WHERE reads the rows, before any grouping: as written.
		part := &ast.Select{Limit: -1, From: sel.From, Where: sel.Where, GroupBy: s}
		for k, it := range sel.Items {
			x, err := inSet(it.Expr, s, dropped)
			if err != nil {
				return nil, err
			}
			part.Items = append(part.Items, ast.SelectItem{Expr: x, Alias: names[k]})
		}
		part.Items = append(part.Items, ast.SelectItem{Expr: &ast.Func{Name: "COUNT", Star: true}, Alias: "__lakesql_set_rows"})
		if having != nil {
			h, err := inSet(having, s, dropped)
			if err != nil {
				return nil, err
			}
			part.Having = h
		}
		u.Parts = append(u.Parts, part)
		if i > 0 {
			u.All = append(u.All, true)
		}
	}
	rows := parser.UnionTable(u) // no * (above)
	out := &ast.Select{
		Distinct: sel.Distinct,
		From:     ast.Table{Sub: rows, Alias: "__lakesql_sets"},
		Limit:    sel.Limit,
		Offset:   sel.Offset,
	}
	for _, n := range names {
		out.Items = append(out.Items, ast.SelectItem{Expr: ast.Column{Path: []string{n}}, Alias: n})
	}
	for _, o := range sel.OrderBy {
		k := orderColumn(sel.Items, names, o.Expr)
		if k < 0 {
			return nil, fmt.Errorf("%w: ORDER BY %s with GROUPING SETS, ROLLUP or CUBE: name a column of the result (%s) or its position", ErrUnsupported, o.Expr, strings.Join(names, ", "))
		}
		o.Expr = ast.Column{Path: []string{names[k]}}
		out.OrderBy = append(out.OrderBy, o)
	}
	return out, nil
}

// groupingOptions returns the grouping sets that one term of GROUP BY
// stands for: one set of the term itself (a position or an alias read
// as GROUP BY reads them), or ROLLUP's, CUBE's or GROUPING SETS'.
func groupingOptions(items []ast.SelectItem, g ast.Expr, isField func(string) bool) ([][]ast.Expr, error) {
	ref := func(e ast.Expr) (ast.Expr, error) { return plan.ItemRef(items, e, "GROUP BY", isField) }
	refs := func(es []ast.Expr) ([]ast.Expr, error) {
		var out []ast.Expr
		for _, e := range es {
			if f, ok := e.(*ast.Func); ok && (f.Name == "ROLLUP" || f.Name == "CUBE" || f.Name == groupingSetsMarker || f.Name == groupingSetMarker) {
				return nil, fmt.Errorf("%w: %s inside GROUPING SETS, ROLLUP or CUBE", ErrUnsupported, strings.TrimPrefix(f.Name, "__LAKESQL_"))
			}
			x, err := ref(e)
			if err != nil {
				return nil, err
			}
			out = appendNew(out, x)
		}
		return out, nil
	}
	f, ok := g.(*ast.Func)
	if !ok || f.Name != "ROLLUP" && f.Name != "CUBE" && f.Name != groupingSetsMarker {
		x, err := ref(g)
		return [][]ast.Expr{{x}}, err
	}
	var out [][]ast.Expr
	switch f.Name {
	case "ROLLUP":
		es, err := refs(f.Args)
		if err != nil {
			return nil, err
		}
		for n := len(es); n >= 0; n-- {
			out = append(out, es[:n:n])
		}
	case "CUBE":
		es, err := refs(f.Args)
		if err != nil {
			return nil, err
		}
		if len(es) > 10 {
			return nil, fmt.Errorf("%w: CUBE of more than 10 expressions", ErrUnsupported)
		}
		for mask := 1<<len(es) - 1; mask >= 0; mask-- {
			var s []ast.Expr
			for k, e := range es {
				if mask&(1<<(len(es)-1-k)) != 0 {
					s = append(s, e)
				}
			}
			out = append(out, s)
		}
	default: // GROUPING SETS: sets, or single expressions
		for _, a := range f.Args {
			args := []ast.Expr{a}
			if sf, ok := a.(*ast.Func); ok && sf.Name == groupingSetMarker {
				args = sf.Args
			}
			s, err := refs(args)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// sameGrouping returns a test of an expression being e, by text; a name
// unqualified matches the same name qualified.
func sameGrouping(e ast.Expr) func(ast.Expr) bool {
	return func(x ast.Expr) bool {
		if x.String() == e.String() {
			return true
		}
		a, ok1 := x.(ast.Column)
		b, ok2 := e.(ast.Column)
		return ok1 && ok2 && (len(a.Path) == 1 || len(b.Path) == 1) && a.Path[len(a.Path)-1] == b.Path[len(b.Path)-1]
	}
}

// appendNew appends those of es that s lacks (by text).
func appendNew(s []ast.Expr, es ...ast.Expr) []ast.Expr {
	for _, e := range es {
		if !slices.ContainsFunc(s, func(x ast.Expr) bool { return x.String() == e.String() }) {
			s = append(s, e)
		}
	}
	return s
}

// inSet is e in the part of grouping set s: a dropped grouping expression
// NULL, GROUPING(…) its bitmask, outside aggregates' arguments.
func inSet(e ast.Expr, s, dropped []ast.Expr) (ast.Expr, error) {
	var err error
	var walk func(ast.Expr) ast.Expr
	walk = func(x ast.Expr) ast.Expr {
		if x == nil {
			return nil
		}
		if f, ok := x.(*ast.Func); ok {
			if f.Name == "GROUPING" || f.Name == "GROUPING_ID" {
				var bits int64
				for _, a := range f.Args {
					bits <<= 1
					switch {
					case slices.ContainsFunc(dropped, sameGrouping(a)):
						bits |= 1
					case !slices.ContainsFunc(s, sameGrouping(a)):
						err = fmt.Errorf("%w: GROUPING(%s): %s is no grouping expression", ErrUnsupported, a, a)
					}
				}
				if len(f.Args) == 0 {
					err = fmt.Errorf("%w: GROUPING() of no expression", ErrUnsupported)
				}
				return ast.Literal{Value: types.IntValue(bits), Text: fmt.Sprint(bits)}
			}
			if _, agg, _ := aggregate.Lookup(f.Name, len(f.Args), f.Distinct, f.Separator); agg {
				return x
			}
		}
		if slices.ContainsFunc(dropped, sameGrouping(x)) {
			return ast.Null
		}
		return ast.Map(x, walk)
	}
	out := walk(e)
	return out, err
}

// orderColumn returns which column of the result an ORDER BY term names:
// a position, a column's name or alias, or a select item's expression
// (by text); -1 if none.
func orderColumn(items []ast.SelectItem, names []string, e ast.Expr) int {
	if l, ok := e.(ast.Literal); ok && l.Value.K == types.Int && l.Value.I >= 1 && l.Value.I <= int64(len(names)) {
		return int(l.Value.I - 1)
	}
	if c, ok := e.(ast.Column); ok {
		if k := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, c.Name()) }); k >= 0 {
			return k
		}
	}
	return slices.IndexFunc(items, func(it ast.SelectItem) bool { return it.Expr.String() == e.String() })
}
