package sql

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// Correlated subqueries, which read a column of the query around them,
// are turned into joins before anything else of the query runs, as
// DuckDB's and most planners' decorrelation does for the common forms
// (their WHERE ties the subquery's rows to the outer row by equalities):
//
//	x < (SELECT AVG(y) FROM u WHERE u.k = t.k AND p)
//	  → t LEFT JOIN (SELECT k, AVG(y) AS v FROM u WHERE p GROUP BY k) AS s
//	    ON s.k = t.k, and the subquery is s.v (or, for a key no row of u
//	    has, the aggregate's answer over no rows: COUNT's 0)
//	EXISTS (SELECT … FROM u WHERE u.k = t.k AND p)
//	  → the same join of the keys, the subquery TRUE where a key matched
//
// An EXISTS may also hold one comparison of its own value with an outer
// one, u.a <> t.b (TPC-H's Q21): the joined table then keeps MIN(a) and
// MAX(a) of each key, and some a differs from b when MIN or MAX does
// (some a < b when MIN(a) < b, and so on). The grouped table holds each
// key once, so the join keeps the outer rows as they were; where the
// subquery is a condition the whole WHERE needs (EXISTS, or a comparison
// with a scalar subquery that is NULL over no rows), the join is an inner
// one, which may build on either side.
//
// With rows that carry no schema, a name the subquery leaves unqualified
// is its own table's when that table's first rows have the field, else
// the outer query's when one of its tables' first rows have it (SQL's
// scoping: the innermost table first).

// scopeTable is a table of a query: its name (alias) and the fields its
// first rows have.
type scopeTable struct {
	name   string
	fields []string
}

// tablesOf lists the tables of a FROM (every table of a join) with their
// fields.
func (s *Session) tablesOf(t ast.Table) []scopeTable {
	switch {
	case t.Join != nil:
		return append(s.tablesOf(t.Join.Left), s.tablesOf(t.Join.Right)...)
	case t.Sub != nil, t.Union != nil: // a derived table's query or UNION
		fields, err := s.starFields(ast.Table{Sub: t.Sub, Union: t.Union})
		if err != nil {
			fields = nil
		}
		return []scopeTable{{name: tableName(t), fields: fields}}
	case t.Name != "":
		return []scopeTable{{name: tableName(t), fields: s.Fields(t.Name)}}
	}
	return nil
}

// Where a column of a subquery is from.
const (
	ownRef     = iota // the subquery's own tables
	outerRef          // the query right around it
	furtherRef        // a query further out
)

// refOf tells where column c of a query whose tables are own, inside
// queries whose tables are outer and further, is from.
func refOf(c ast.Column, own, outer, further []scopeTable) int {
	levels := [][]scopeTable{own, outer, further}
	if len(c.Path) > 1 {
		for lvl, ts := range levels {
			if slices.ContainsFunc(ts, func(t scopeTable) bool { return t.name == c.Path[0] }) {
				return lvl
			}
		}
	}
	for lvl, ts := range levels {
		if slices.ContainsFunc(ts, func(t scopeTable) bool { return slices.Contains(t.fields, c.Path[0]) }) {
			return lvl
		}
	}
	return ownRef
}

// correlated reports a column of sel (outside its own subqueries) that is
// of a table around it (scope), and not of sel's own.
func (s *Session) correlated(sel *ast.Select, scope []scopeTable) (string, bool) {
	if len(scope) == 0 {
		return "", false
	}
	own := s.tablesOf(sel.From)
	var found string
	for _, e := range selectAndOnExprs(sel) {
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok && found == "" && refOf(c, own, scope, nil) != ownRef {
				found = c.String()
			}
			return !isSubquery(x)
		})
	}
	return found, found != ""
}

// selectAndOnExprs is sel's expressions and those of its joins' ON.
func selectAndOnExprs(sel *ast.Select) []ast.Expr {
	out := sel.Exprs()
	var on func(t ast.Table)
	on = func(t ast.Table) {
		if t.Join != nil {
			on(t.Join.Left)
			on(t.Join.Right)
			if t.Join.On != nil {
				out = append(out, t.Join.On)
			}
		}
	}
	on(sel.From)
	return out
}

// correlation is what a correlated subquery's WHERE holds: its own
// expressions equal to outer ones (the keys), comparisons of its own
// values with outer ones, and the terms that read its own tables alone.
// An EXISTS with keys takes one comparison as cmp (its own value's least
// or greatest decides it); other comparisons are ranges, which the
// subquery meets through the outer query's values (see domainJoin).
type correlation struct {
	keys   []ast.Expr   // the subquery's side of each equality
	outer  []ast.Expr   // the outer side of each
	cmp    *ast.Compare // L the subquery's, R the outer's
	ranges []ast.Compare
	where  []ast.Expr
}

// flipped is the operator of a comparison with its sides swapped.
var flipped = map[string]string{"=": "=", "<>": "<>", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// decorrelate returns sel with its correlated scalar subqueries and
// EXISTS in WHERE and (when sel does not aggregate) in its select list
// turned into joins of grouped derived tables. Other correlated
// subqueries are left for answerSubqueries, which refuses them.
func (s *Session) decorrelate(ctx context.Context, sel *ast.Select, scope []scopeTable) (*ast.Select, error) {
	if sel.From.Name == "" && sel.From.Sub == nil && sel.From.Join == nil || !selectHas(sel, isSubquery) {
		return sel, nil
	}
	outer := s.tablesOf(sel.From)
	from := sel.From
	n := 0
	var failed error
	// one decorrelates the subquery x (a Subquery or an Exists); strict
	// when the outer row is dropped anyway if it has no match.
	one := func(x ast.Expr, strict bool) ast.Expr {
		var sub *ast.Select
		var pos int
		switch q := x.(type) {
		case ast.Subquery:
			sub, pos = q.Select, q.Pos
		case ast.Exists:
			sub, pos = q.Select, q.Pos
		default:
			return x
		}
		_, exists := x.(ast.Exists)
		c, ok, err := s.correlation(sub, exists, outer, scope)
		if err != nil {
			failed = &SubqueryError{Pos: pos, Msg: err.Error()}
			return x
		}
		if !ok {
			return x
		}
		if exists && isAggregateSelect(sub) {
			// An aggregate without GROUP BY or HAVING: one row, always.
			return ast.Literal{Value: types.BoolValue(true)}
		}
		if exists && c.cmp == nil && len(c.ranges) == 0 && len(c.keys) == 1 && !s.manyValues(sub.From, c.keys[0]) {
			// EXISTS (… WHERE u.k = t.x AND p): whether x is among the
			// values of k (a list that prunes, and no join), when they
			// are few enough to hold; COALESCE(…, FALSE) keeps EXISTS
			// TRUE or FALSE for a NULL x.
			in := &ast.Select{From: sub.From, Items: []ast.SelectItem{{Expr: c.keys[0]}}, Limit: -1, Where: ast.IsNull{X: c.keys[0], Not: true}}
			for _, t := range c.where {
				in.Where = andOf(in.Where, t)
			}
			ie, err := s.inSubquery(ctx, ast.InSelect{X: c.outer[0], Select: in, Pos: pos}, c.outer[0], append(slices.Clone(outer), scope...))
			var se *SubqueryError
			if err == nil {
				return &ast.Func{Name: "COALESCE", Args: []ast.Expr{ie, ast.Literal{Value: types.BoolValue(false)}}}
			}
			if !errors.As(err, &se) || !se.tooMany {
				failed = err
				return x
			}
		}
		n++
		alias := fmt.Sprintf("__sq%d", n)
		col := func(name string) ast.Column { return ast.Column{Path: []string{alias, name}} }
		d := &ast.Select{From: sub.From, Limit: -1}
		var on ast.Expr
		if len(c.ranges) > 0 {
			d, on = domainJoin(sub, c, sel.From, alias, n)
		} else {
			for i, k := range c.keys {
				name := fmt.Sprintf("__k%d", i+1)
				d.Items = append(d.Items, ast.SelectItem{Expr: k, Alias: name})
				d.GroupBy = append(d.GroupBy, k)
				on = andOf(on, ast.Compare{Op: "=", L: col(name), R: c.outer[i]})
			}
		}
		var where []ast.Expr
		where = append(where, c.where...)
		var repl ast.Expr
		if exists {
			if c.cmp != nil {
				d.Items = append(d.Items,
					ast.SelectItem{Expr: &ast.Func{Name: "MIN", Args: []ast.Expr{c.cmp.L}}, Alias: "__mn"},
					ast.SelectItem{Expr: &ast.Func{Name: "MAX", Args: []ast.Expr{c.cmp.L}}, Alias: "__mx"})
				where = append(where, ast.IsNull{X: c.cmp.L, Not: true})
				switch c.cmp.Op {
				case "<", "<=":
					repl = ast.Compare{Op: c.cmp.Op, L: col("__mn"), R: c.cmp.R}
				case ">", ">=":
					repl = ast.Compare{Op: c.cmp.Op, L: col("__mx"), R: c.cmp.R}
				default: // <> or !=
					repl = ast.Or{L: ast.Compare{Op: "<>", L: col("__mn"), R: c.cmp.R}, R: ast.Compare{Op: "<>", L: col("__mx"), R: c.cmp.R}}
				}
				repl = &ast.Func{Name: "COALESCE", Args: []ast.Expr{repl, ast.Literal{Value: types.BoolValue(false)}}}
			} else {
				d.Items = append(d.Items, ast.SelectItem{Expr: ast.Literal{Value: types.BoolValue(true)}, Alias: "__m"})
				repl = ast.IsNull{X: col("__m"), Not: true}
			}
		} else {
			d.Items = append(d.Items, ast.SelectItem{Expr: sub.Items[0].Expr, Alias: "__v"},
				ast.SelectItem{Expr: ast.Literal{Value: types.BoolValue(true)}, Alias: "__m"})
			empty, err := s.overNoRows(ctx, sub.Items[0].Expr, pos)
			if err != nil {
				failed = err
				return x
			}
			repl = col("__v")
			if empty.K != types.Null {
				repl = &ast.Case{Whens: []ast.When{{Cond: ast.IsNull{X: col("__m")}, Then: ast.Literal{Value: empty}}}, Else: col("__v")}
				strict = false
			}
		}
		for _, k := range c.keys {
			where = append(where, ast.IsNull{X: k, Not: true})
		}
		for _, t := range where {
			d.Where = andOf(d.Where, t)
		}
		kind := ast.LeftJoin
		if strict {
			kind = ast.InnerJoin
		}
		from = ast.Table{Join: &ast.Join{Left: from, Right: ast.Table{Sub: d, Alias: alias, Own: true, Hidden: true}, Kind: kind, On: on}}
		return repl
	}
	var rewrite func(ast.Expr) ast.Expr
	rewrite = func(e ast.Expr) ast.Expr {
		if failed != nil || e == nil {
			return e
		}
		switch x := e.(type) {
		case ast.Subquery, ast.Exists:
			return one(e, false)
		case ast.InSelect:
			if c, ok := s.correlatedIn(x, outer, scope); ok {
				return rewrite(c)
			}
			return e
		}
		return ast.Map(e, rewrite)
	}
	out := *sel
	out.Where = nil
	for _, t := range ast.Conjuncts(sel.Where) {
		switch x := t.(type) {
		case ast.Exists:
			t = one(x, true)
		case ast.InSelect:
			t = s.semiIn(ctx, x, outer, scope, one, &failed)
		case ast.Compare:
			// x op (SELECT …): strict unless the subquery has a value
			// over no rows (one then makes it not strict).
			if _, ok := x.R.(ast.Subquery); ok && !selectHasExpr(x.L, isSubquery) {
				x.L, x.R = x.R, x.L
				x.Op = flipped[x.Op]
			}
			if _, ok := x.L.(ast.Subquery); ok && !selectHasExpr(x.R, isSubquery) && x.Op != "<=>" {
				x.L = one(x.L, true)
				t = x
			} else {
				t = rewrite(t)
			}
		default:
			t = rewrite(t)
		}
		out.Where = andOf(out.Where, t)
	}
	// In the select list and HAVING of a query that groups its rows:
	// inside an aggregate's arguments (each row's value), and outside when
	// the subquery (or EXISTS) reads only the outer query's GROUP BY
	// columns, by equality: its value is then one a group, taken with MIN.
	item := rewrite
	grouping := isAggregateSelect(sel)
	if grouping {
		// grouped reports x a GROUP BY term: the same text, or the same
		// column of the one table that has it (a.region and region).
		grouped := func(x ast.Expr) bool {
			return slices.ContainsFunc(sel.GroupBy, func(g ast.Expr) bool { return g.String() == x.String() || sameColumn(g, x, outer) })
		}
		var args func(ast.Expr) ast.Expr
		args = func(e ast.Expr) ast.Expr {
			if f, ok := e.(*ast.Func); ok && hasAggregateExpr(f) && !slices.ContainsFunc(f.Args, hasAggregateExpr) {
				return ast.Map(e, rewrite)
			}
			var sub *ast.Select
			switch q := e.(type) {
			case ast.Subquery:
				sub = q.Select
			case ast.Exists:
				sub = q.Select
			}
			if sub != nil {
				_, exists := e.(ast.Exists)
				c, ok, err := s.correlation(sub, exists, outer, scope)
				if err == nil && ok && c.cmp == nil && len(c.ranges) == 0 && !slices.ContainsFunc(c.outer, func(x ast.Expr) bool { return !grouped(x) }) {
					return &ast.Func{Name: "MIN", Args: []ast.Expr{one(e, false)}}
				}
				return e
			}
			if isSubquery(e) {
				return e
			}
			return ast.Map(e, args)
		}
		item = args
	}
	{
		items := make([]ast.SelectItem, len(sel.Items))
		for i, it := range sel.Items {
			if e := item(it.Expr); e.String() != it.Expr.String() {
				if it.Alias == "" {
					it.Alias = it.Expr.String()
				}
				it.Expr = e
			}
			items[i] = it
		}
		out.Items = items
	}
	if grouping && sel.Having != nil {
		out.Having = item(sel.Having) // as the select list of a query that groups
	}
	if failed != nil {
		return nil, failed
	}
	out.From = from
	return &out, nil
}

// semiIn answers x IN (SELECT c …), a term of WHERE: when the subquery
// reads the outer row, as EXISTS (SELECT … AND c = x); when it does not,
// as a list of its values, or when they are too many to hold, as the
// inner join with its distinct values. A term it cannot so answer is
// returned as it was.
func (s *Session) semiIn(ctx context.Context, x ast.InSelect, outer, scope []scopeTable, one func(ast.Expr, bool) ast.Expr, failed *error) ast.Expr {
	xc, isCol := x.X.(ast.Column)
	if !isCol || len(x.Select.Items) != 1 || x.Select.Limit >= 0 || x.Select.Offset > 0 || isAggregateSelect(x.Select) {
		return x
	}
	if _, ok, _ := s.correlation(x.Select, true, outer, scope); ok {
		if x.Not {
			c, ok := s.correlatedIn(x, outer, scope)
			if !ok {
				return x
			}
			var each func(ast.Expr) ast.Expr
			each = func(e ast.Expr) ast.Expr {
				if _, isExists := e.(ast.Exists); isExists {
					return one(e, false)
				}
				return ast.Map(e, each)
			}
			return each(c)
		}
		// x goes inside the subquery, where a name it leaves
		// unqualified would be the subquery's own column first.
		oc, ok := outerColumn(xc, outer)
		if !ok {
			*failed = &SubqueryError{Pos: x.Pos, Msg: fmt.Sprintf("%s of a correlated IN names no one table of the outer query: qualify it (t.%s)", xc, xc)}
			return x
		}
		sub := *x.Select
		sub.Where = andOf(sub.Where, ast.Compare{Op: "=", L: sub.Items[0].Expr, R: oc})
		return one(ast.Exists{Select: &sub, Pos: x.Pos}, true)
	}
	if _, reads := s.correlated(x.Select, append(slices.Clone(outer), scope...)); reads {
		return x
	}
	in, err := s.inSubquery(ctx, x, x.X, append(slices.Clone(outer), scope...))
	var se *SubqueryError
	if err == nil || !errors.As(err, &se) || !se.tooMany {
		if err != nil {
			*failed = err
		}
		return in
	}
	// x = k of an inner join with (SELECT DISTINCT c AS k …): each x
	// that is among the values, once.
	sub := *x.Select
	sub.Items = []ast.SelectItem{{Expr: x.Select.Items[0].Expr, Alias: "__k1"}}
	sub.Distinct, sub.OrderBy = true, nil
	sub.Where = andOf(sub.Where, ast.IsNull{X: x.Select.Items[0].Expr, Not: true})
	exists := ast.Exists{Select: &ast.Select{From: ast.Table{Sub: &sub, Alias: "__in"}, Items: []ast.SelectItem{{Expr: ast.Star{}}}, Limit: -1,
		Where: ast.Compare{Op: "=", L: ast.Column{Path: []string{"__in", "__k1"}}, R: xc}}, Pos: x.Pos}
	if !x.Not {
		return one(exists, true)
	}
	return s.antiIn(ctx, x, xc, exists, outer, scope, one, failed)
}

// antiIn is semiIn of x NOT IN (SELECT c …), a condition of WHERE, when
// the values of c are too many to hold (there is one at least): the rows
// whose x is not NULL and is no value of c, through a left join with the
// values (the rows without a match), when c is never NULL; no row at all
// when it is (x NOT IN a list that holds NULL is FALSE or NULL, never
// TRUE), as in DuckDB.
func (s *Session) antiIn(ctx context.Context, x ast.InSelect, xc ast.Column, exists ast.Exists, outer, scope []scopeTable, one func(ast.Expr, bool) ast.Expr, failed *error) ast.Expr {
	nulls := *x.Select
	nulls.Items = []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}}}
	nulls.Distinct, nulls.OrderBy, nulls.Limit = false, nil, 1
	nulls.Where = andOf(nulls.Where, ast.IsNull{X: x.Select.Items[0].Expr})
	null, err := s.scalarSubquery(ctx, ast.Subquery{Select: &nulls, Pos: x.Pos}, append(slices.Clone(outer), scope...))
	if err != nil {
		*failed = err
		return x
	}
	if null.K != types.Null {
		return ast.Literal{Value: types.BoolValue(false)}
	}
	match, ok := one(exists, false).(ast.IsNull)
	if !ok {
		*failed = &SubqueryError{Pos: x.Pos, Msg: fmt.Sprintf("NOT IN of a subquery of more than %d values could not be made a join: %s", maxInValues, x.Select)}
		return x
	}
	match.Not = !match.Not // no match
	return ast.And{L: ast.IsNull{X: xc, Not: true}, R: match}
}

// correlatedIn is x [NOT] IN (SELECT c FROM … WHERE p), where p reads
// the outer query's row, as the EXISTS that decorrelate makes joins of,
// with SQL's NULL rules: TRUE when a row of p has c = x; else NULL when
// one has c NULL, or x is NULL and p has a row at all; else FALSE (NOT
// IN: FALSE, NULL, TRUE). The columns of x are qualified by their outer
// tables, since they go inside the subquery. False when the subquery is
// not of that form (one column, no LIMIT, no aggregate) or a column of x
// names no one outer table.
func (s *Session) correlatedIn(x ast.InSelect, outer, scope []scopeTable) (ast.Expr, bool) {
	sel := x.Select
	if len(sel.Items) != 1 || sel.Limit >= 0 || sel.Offset > 0 || isAggregateSelect(sel) || selectHasExpr(x.X, isSubquery) {
		return nil, false
	}
	if _, ok, err := s.correlation(sel, true, outer, scope); !ok || err != nil {
		return nil, false
	}
	qualified := true
	var qualify func(ast.Expr) ast.Expr
	qualify = func(e ast.Expr) ast.Expr {
		if c, ok := e.(ast.Column); ok {
			oc, ok := outerColumn(c, outer)
			qualified = qualified && ok
			return oc
		}
		return ast.Map(e, qualify)
	}
	xo := qualify(x.X)
	if !qualified {
		return nil, false
	}
	c := sel.Items[0].Expr
	exists := func(extra ast.Expr) ast.Expr {
		sub := *sel
		sub.Items = []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}}}
		sub.Distinct, sub.OrderBy = false, nil
		if extra != nil {
			sub.Where = andOf(sub.Where, extra)
		}
		return ast.Exists{Select: &sub, Pos: x.Pos}
	}
	in, miss := types.BoolValue(!x.Not), types.BoolValue(x.Not)
	unknown := ast.Or{L: exists(ast.IsNull{X: c}), R: ast.And{L: ast.IsNull{X: xo}, R: exists(nil)}}
	return &ast.Case{Whens: []ast.When{
		{Cond: exists(ast.Compare{Op: "=", L: c, R: xo}), Then: ast.Literal{Value: in}},
		{Cond: unknown, Then: ast.Literal{}},
	}, Else: ast.Literal{Value: miss}}, true
}

// outerColumn is c, a column of the outer query's tables, qualified by
// its table: the one table there is, or the one whose first rows have
// the field. False when no one table has it.
func outerColumn(c ast.Column, outer []scopeTable) (ast.Column, bool) {
	if len(c.Path) > 1 && slices.ContainsFunc(outer, func(t scopeTable) bool { return t.name == c.Path[0] }) {
		return c, true
	}
	owner := -1
	for i, t := range outer {
		if slices.Contains(t.fields, c.Path[0]) {
			if owner >= 0 {
				return c, false
			}
			owner = i
		}
	}
	if owner < 0 && len(outer) == 1 {
		owner = 0
	}
	if owner < 0 || outer[owner].name == "" {
		return c, false
	}
	c.Path = append([]string{outer[owner].name}, c.Path...)
	return c, true
}

// correlation analyses the subquery sub inside a query of the tables
// outer (inside scope): ok false when sub reads no outer column; an error
// when it does in a way that cannot be turned into a join.
func (s *Session) correlation(sub *ast.Select, exists bool, outer, scope []scopeTable) (correlation, bool, error) {
	own := s.tablesOf(sub.From)
	level := func(e ast.Expr) (lvls [3]bool) {
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				lvls[refOf(c, own, outer, scope)] = true
			}
			return !isSubquery(x)
		})
		return lvls
	}
	var c correlation
	reads := false
	for _, e := range selectAndOnExprs(sub) {
		l := level(e)
		if l[furtherRef] {
			return c, false, fmt.Errorf("a subquery that reads a column of a query two levels out is not supported: %s", sub)
		}
		reads = reads || l[outerRef]
	}
	if !reads {
		return c, false, nil
	}
	what := "scalar subquery"
	if exists {
		what = "EXISTS"
	}
	refuse := func(why string) (correlation, bool, error) {
		return c, false, fmt.Errorf("a correlated %s %s is not supported: %s", what, why, sub)
	}
	switch {
	case len(sub.GroupBy) > 0 || sub.Having != nil:
		return refuse("with GROUP BY or HAVING")
	case sub.Offset > 0 || sub.Limit == 0 || !exists && sub.Limit >= 0:
		return refuse("with LIMIT or OFFSET")
	case !exists && len(sub.Items) != 1:
		return refuse(fmt.Sprintf("of %d columns", len(sub.Items)))
	case !exists && !hasAggregateExpr(sub.Items[0].Expr):
		return refuse("that is not an aggregate (it could give more than one row)")
	}
	if !exists && level(sub.Items[0].Expr)[outerRef] || slices.ContainsFunc(sub.OrderBy, func(o ast.OrderItem) bool { return level(o.Expr)[outerRef] }) {
		return refuse("that reads the outer query outside its WHERE")
	}
	var on func(t ast.Table) bool
	on = func(t ast.Table) bool {
		return t.Join != nil && (on(t.Join.Left) || on(t.Join.Right) || t.Join.On != nil && level(t.Join.On)[outerRef])
	}
	if on(sub.From) {
		return refuse("that reads the outer query in a join's ON")
	}
	var terms []ast.Expr
	for _, t := range ast.Conjuncts(sub.Where) {
		// x BETWEEN a AND b is x >= a AND x <= b, two comparisons.
		if b, ok := t.(ast.Between); ok && !b.Not && level(t)[outerRef] {
			terms = append(terms, ast.Compare{Op: ">=", L: b.X, R: b.Lo}, ast.Compare{Op: "<=", L: b.X, R: b.Hi})
			continue
		}
		terms = append(terms, t)
	}
	for _, t := range terms {
		if !level(t)[outerRef] {
			c.where = append(c.where, t)
			continue
		}
		cmp, ok := t.(ast.Compare)
		if ok && flipped[cmp.Op] != "" {
			if l := level(cmp.L); l[outerRef] && !l[ownRef] {
				cmp.L, cmp.R, cmp.Op = cmp.R, cmp.L, flipped[cmp.Op]
			}
			l, r := level(cmp.L), level(cmp.R)
			if !l[outerRef] && l[ownRef] && r[outerRef] && !r[ownRef] && !selectHasExpr(cmp.R, isSubquery) {
				switch {
				case cmp.Op == "=":
					c.keys = append(c.keys, cmp.L)
					c.outer = append(c.outer, cmp.R)
					continue
				case cmp.Op != "<=>" && exists && c.cmp == nil:
					c.cmp = &cmp
					continue
				case cmp.Op != "<=>":
					c.ranges = append(c.ranges, cmp)
					continue
				}
			}
		}
		return refuse(fmt.Sprintf("whose term %s is not a comparison of its own value with the outer query's", t))
	}
	if c.cmp != nil && (len(c.keys) == 0 || len(c.ranges) > 0) {
		c.ranges, c.cmp = append(c.ranges, *c.cmp), nil
	}
	return c, true, nil
}

// domainJoin begins the grouped derived table of a correlated subquery
// whose WHERE compares its own values with the outer query's otherwise
// than by equality (WHERE u.n > t.n): the subquery's rows met with the
// outer query's values, each once (its domain: SELECT DISTINCT of them
// over the outer query's FROM), on its comparisons and equalities, and
// grouped by those values, as planners decorrelate a dependent join. It
// returns the table (its FROM, its GROUP BY and their items __k1, …) and
// the ON that joins it to the outer query, the values equal to theirs: a
// row whose value is NULL meets no row of the subquery, and finds none.
// The join of the domain and the subquery tries every pair of rows where
// no equality ties them.
func domainJoin(sub *ast.Select, c correlation, outerFrom ast.Table, alias string, n int) (*ast.Select, ast.Expr) {
	dom := fmt.Sprintf("__dom%d", n)
	val := func(j int) ast.Column { return ast.Column{Path: []string{dom, fmt.Sprintf("__o%d", j+1)}} }
	var vals []ast.Expr // the outer values, each once
	index := func(e ast.Expr) int {
		for j, v := range vals {
			if v.String() == e.String() {
				return j
			}
		}
		vals = append(vals, e)
		return len(vals) - 1
	}
	var meet ast.Expr
	for i, k := range c.keys {
		meet = andOf(meet, ast.Compare{Op: "=", L: k, R: val(index(c.outer[i]))})
	}
	for _, r := range c.ranges {
		meet = andOf(meet, ast.Compare{Op: r.Op, L: r.L, R: val(index(r.R))})
	}
	domain := &ast.Select{Distinct: true, From: outerFrom, Limit: -1}
	d := &ast.Select{Limit: -1, From: ast.Table{Join: &ast.Join{Left: sub.From, Right: ast.Table{Sub: domain, Alias: dom, Own: true}, Kind: ast.InnerJoin, On: meet}}}
	var on ast.Expr
	for j, v := range vals {
		domain.Items = append(domain.Items, ast.SelectItem{Expr: v, Alias: fmt.Sprintf("__o%d", j+1)})
		name := fmt.Sprintf("__k%d", j+1)
		d.Items = append(d.Items, ast.SelectItem{Expr: val(j), Alias: name})
		d.GroupBy = append(d.GroupBy, val(j))
		on = andOf(on, ast.Compare{Op: "=", L: ast.Column{Path: []string{alias, name}}, R: v})
	}
	return d, on
}

// manyValues reports a key that would surely give IN more values than it
// holds: a field (not one of few values) of a lake of more rows than
// maxInValues. EXISTS then joins at once, without first reading the
// values to find them too many (TPC-H's Q4 read lineitem twice).
func (s *Session) manyValues(t ast.Table, key ast.Expr) bool {
	c, ok := key.(ast.Column)
	if !ok {
		return false
	}
	snap, err := s.lakeSnapshot(t)
	if snap == nil || err != nil || snap.Manifest.Rows() <= int64(maxInValues) {
		return false
	}
	_, few := s.fewValues(snap, c.Path[len(c.Path)-1])
	return !few
}

// overNoRows is the value of the aggregate expression e over no rows
// (COUNT's 0; NULL for most).
func (s *Session) overNoRows(ctx context.Context, e ast.Expr, pos int) (types.Value, error) {
	var null func(ast.Expr) ast.Expr
	null = func(x ast.Expr) ast.Expr {
		if _, ok := x.(ast.Column); ok {
			return ast.Literal{Value: types.Value{}}
		}
		return ast.Map(x, null)
	}
	one := &ast.Select{Items: []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}, Alias: "x"}}, Limit: -1}
	q := &ast.Select{Items: []ast.SelectItem{{Expr: null(e)}}, From: ast.Table{Sub: one, Alias: "__none"},
		Where: ast.Literal{Value: types.BoolValue(false)}, Limit: -1}
	rows, _, err := s.subqueryRows(ctx, q, pos, nil, 2, false)
	if err != nil {
		return types.Value{}, err
	}
	if len(rows) != 1 {
		return types.Value{}, fmt.Errorf("an aggregate over no rows gave %d rows", len(rows))
	}
	return rows[0][0], nil
}

// isAggregateSelect reports whether sel groups its rows.
func isAggregateSelect(sel *ast.Select) bool {
	if len(sel.GroupBy) > 0 || sel.Having != nil {
		return true
	}
	return slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return hasAggregateExpr(it.Expr) })
}

// hasAggregateExpr reports whether e calls an aggregate (outside its
// subqueries).
func hasAggregateExpr(e ast.Expr) bool {
	return selectHasExpr(e, func(x ast.Expr) bool {
		f, ok := x.(*ast.Func)
		if !ok {
			return false
		}
		_, agg, _ := aggregate.Lookup(f.Name, len(f.Args), false, nil)
		return agg
	})
}

// andOf is a AND b, or b when a is nil.
func andOf(a, b ast.Expr) ast.Expr {
	if a == nil {
		return b
	}
	return ast.And{L: a, R: b}
}

// sameColumn reports whether a and b name one column of the tables, one
// qualified by its table and the other not: the only table of them that
// has a field of that name.
func sameColumn(a, b ast.Expr, tables []scopeTable) bool {
	ca, ok1 := a.(ast.Column)
	cb, ok2 := b.(ast.Column)
	if !ok1 || !ok2 {
		return false
	}
	if len(ca.Path) > len(cb.Path) {
		ca, cb = cb, ca
	}
	if len(ca.Path) != 1 || len(cb.Path) != 2 || ca.Path[0] != cb.Path[1] {
		return false
	}
	var has []string
	for _, t := range tables {
		if slices.Contains(t.fields, ca.Path[0]) {
			has = append(has, t.name)
		}
	}
	return len(has) == 1 && has[0] == cb.Path[0]
}
