package plan

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/types"
)

// ErrUnsupported reports SQL that parses but that lakesql does not run.
var ErrUnsupported = errors.New("not supported")

// BindError reports a query that names something wrongly: an unknown
// function, a column outside GROUP BY, an ORDER BY position past the end.
type BindError struct {
	Msg string
	Err error // ErrUnsupported, function.ErrArgs, ... or nil
}

func (e *BindError) Error() string { return e.Msg }
func (e *BindError) Unwrap() error { return e.Err }

func bindErrorf(err error, format string, args ...any) *BindError {
	return &BindError{Msg: fmt.Sprintf(format, args...), Err: err}
}

// binder turns a SELECT's syntax into a plan over one source.
type binder struct {
	sel    *ast.Select
	scan   *Scan
	fields []string // field names known to exist (see BindFields)
	// post is set while binding above an Aggregate: expressions are bound
	// over the aggregate's output row.
	post *postAgg
	// doubles are the aggregate results' slots that DuckDB types DOUBLE
	// whatever their values (AVG, STDDEV, …; see staticDouble).
	doubles map[Expr]bool
	// lambdas are the parameters of the lambdas whose bodies are being
	// bound, innermost last (see LambdaParam).
	lambdas []string
}

// postAgg is what an expression above the Aggregate may use.
type postAgg struct {
	groups     []Expr   // bound over the scan's slots
	groupTexts []string // their String(), to match select-list expressions
	aggs       []AggCall
}

// Bind binds sel to src.
func Bind(sel *ast.Select, src Source) (*Plan, error) { return BindFields(sel, src, nil) }

// BindFields is Bind knowing some of the lake's field names (sampled from
// its first rows): a qualified name whose qualifier is both the lake's
// name (or alias) and such a field is ambiguous, an error.
func BindFields(sel *ast.Select, src Source, fields []string) (*Plan, error) {
	b := &binder{sel: sel, scan: &Scan{Src: src, Table: sel.From.Name, StopAfter: -1}, fields: fields}
	return b.bind()
}

func (b *binder) bind() (*Plan, error) {
	sel := b.sel
	if len(sel.DistinctOn) > 0 || sel.Qualify != nil {
		// The session writes both as window functions before it binds
		// (windowed); one that reached here would be ignored.
		return nil, bindErrorf(ErrUnsupported, "DISTINCT ON or QUALIFY here is not supported")
	}
	star := slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { _, ok := it.Expr.(ast.Star); return ok })
	if star && len(sel.Items) > 1 {
		return nil, bindErrorf(ErrUnsupported, "* together with other columns is not supported")
	}
	for _, it := range sel.Items {
		if s, ok := it.Expr.(ast.Star); ok && s.Table != "" && !b.isTable(s.Table) {
			return nil, bindErrorf(nil, "%s.*: no table %s in FROM", s.Table, s.Table)
		}
		if s, ok := it.Expr.(ast.Star); ok && (len(s.Exclude) > 0 || len(s.Replace) > 0) {
			return nil, bindErrorf(ErrUnsupported, "%s here", s)
		}
	}
	if sel.Where != nil {
		if hasAggregate(sel.Where) {
			return nil, bindErrorf(nil, "aggregate functions are not allowed in WHERE: %s", sel.Where)
		}
		w, err := b.expr(sel.Where)
		if err != nil {
			return nil, err
		}
		b.scan.Filter = w
	}
	aggregating := len(sel.GroupBy) > 0 || sel.Having != nil ||
		slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return hasAggregate(it.Expr) }) ||
		slices.ContainsFunc(sel.OrderBy, func(o ast.OrderItem) bool { return hasAggregate(o.Expr) })
	if star && (aggregating || sel.Distinct) {
		return nil, bindErrorf(ErrUnsupported, "* in a query with aggregates, GROUP BY or DISTINCT is not supported")
	}
	p := &Plan{Scan: b.scan}
	var input Node = b.scan
	if star {
		b.scan.Star = true
		return b.finishStar(p)
	}
	if aggregating {
		agg, err := b.aggregate()
		if err != nil {
			return nil, err
		}
		input = agg
		if sel.Having != nil {
			h, err := b.expr(b.havingAliases(sel.Having))
			if err != nil {
				return nil, err
			}
			input = &Filter{Input: input, Pred: h}
		}
	}
	proj := &Project{Input: input}
	for _, it := range sel.Items {
		e, err := b.expr(it.Expr)
		if err != nil {
			return nil, err
		}
		proj.Exprs = append(proj.Exprs, e)
		proj.Names = append(proj.Names, itemName(it))
		proj.Derived = append(proj.Derived, it.Alias != "" && it.Alias == ast.DuckName(it.Expr))
	}
	proj.Visible = len(proj.Exprs)
	p.Columns = proj.Names
	if b.post != nil {
		for i, e := range proj.Exprs {
			if s, ok := e.(*Slot); ok && s.I < len(b.post.groups) {
				p.GroupCols = append(p.GroupCols, i)
			}
		}
	}
	keys, err := b.orderKeys(proj)
	if err != nil {
		return nil, err
	}
	var root Node = proj
	if sel.Distinct {
		root = &Distinct{Input: root, Width: proj.Visible}
	}
	switch {
	case len(keys) > 0:
		root = &Sort{Input: root, Keys: keys, Limit: sel.Limit, Offset: sel.Offset}
	case sel.Limit >= 0 || sel.Offset > 0:
		n := sel.Limit
		if n < 0 {
			n = 1<<63 - 1
		}
		root = &Limit{Input: root, N: n, Offset: sel.Offset}
		if !aggregating && !sel.Distinct && sel.Limit >= 0 {
			b.scan.StopAfter = AddRows(sel.Offset, sel.Limit)
		}
	}
	p.Root = root
	return p, nil
}

// finishStar plans SELECT * [WHERE] [ORDER BY] [LIMIT]: the result's
// columns are known only after the scan, so ORDER BY binds over the row's
// fields (a hidden projection of the sort keys, Visible 0) and the rows
// are whole lines.
func (b *binder) finishStar(p *Plan) (*Plan, error) {
	var root Node = b.scan
	if len(b.sel.OrderBy) > 0 {
		proj := &Project{Input: b.scan}
		var keys []SortKey
		for _, o := range b.sel.OrderBy {
			if _, ok := position(o.Expr); ok {
				return nil, bindErrorf(ErrUnsupported, "ORDER BY %s with SELECT *: order by a field name", o.Expr)
			}
			e, err := b.expr(o.Expr)
			if err != nil {
				return nil, err
			}
			keys = append(keys, SortKey{Col: len(proj.Exprs), Desc: o.Desc, NullsFirst: o.Nulls == 1, Text: e.String()})
			proj.Exprs = append(proj.Exprs, e)
			proj.Names = append(proj.Names, e.String())
		}
		root = &Sort{Input: proj, Keys: keys, Limit: b.sel.Limit, Offset: b.sel.Offset}
	} else if b.sel.Limit >= 0 || b.sel.Offset > 0 {
		n := b.sel.Limit
		if n < 0 {
			n = 1<<63 - 1
		} else {
			b.scan.StopAfter = b.sel.Offset + n
		}
		root = &Limit{Input: root, N: n, Offset: b.sel.Offset}
	}
	p.Root = root
	return p, nil
}

// itemName is a result column's name: its alias, a column's last name, or
// the expression's text.
func itemName(it ast.SelectItem) string {
	if it.Alias != "" {
		return it.Alias
	}
	if c, ok := it.Expr.(ast.Column); ok {
		return c.Name()
	}
	return it.Expr.String()
}

// havingAliases replaces, in HAVING, a name that is a select-list alias
// (and no GROUP BY expression's field) by the aliased expression: HAVING s
// > 3 for SUM(qty) AS s, as DuckDB reads it.
func (b *binder) havingAliases(e ast.Expr) ast.Expr {
	return HavingAliases(e, b.sel.Items, b.sel.GroupBy)
}

// HavingAliases replaces, in a HAVING e, each name that is an alias of
// items (AliasedItem) and no GROUP BY expression's field by the aliased
// expression, but not in an aggregate's arguments: those read the rows,
// where no alias is (DuckDB: HAVING SUM(n) with 1 AS n sums the field n).
func HavingAliases(e ast.Expr, items []ast.SelectItem, groupBy []ast.Expr) ast.Expr {
	if f, ok := e.(*ast.Func); ok && isAggregate(f.Name) {
		return e
	}
	if c, ok := e.(ast.Column); ok && len(c.Path) == 1 {
		for _, g := range groupBy {
			if gc, ok := g.(ast.Column); ok {
				if _, alias := AliasedItem(items, gc); alias {
					continue // GROUP BY kk of qty % 3 AS kk: the alias, not a field
				}
			}
			if ReadsField(g, c.Path[0]) {
				return e
			}
		}
		if x, ok := AliasedItem(items, c); ok {
			return x
		}
		return e
	}
	return ast.Map(e, func(x ast.Expr) ast.Expr { return HavingAliases(x, items, groupBy) })
}

// aggregate binds GROUP BY and the aggregate calls, and switches the binder
// to the aggregate's output.
func (b *binder) aggregate() (*Aggregate, error) {
	sel := b.sel
	post := &postAgg{}
	for _, g := range sel.GroupBy {
		ge, err := b.resolveItemRef(g, "GROUP BY")
		if err != nil {
			return nil, err
		}
		if hasAggregate(ge) {
			return nil, bindErrorf(nil, "GROUP BY %s: aggregate functions are not allowed in GROUP BY", g)
		}
		e, err := b.expr(ge)
		if err != nil {
			return nil, err
		}
		post.groups = append(post.groups, e)
		post.groupTexts = append(post.groupTexts, e.String())
	}
	var calls []*ast.Func
	collect := func(e ast.Expr) {
		ast.Walk(e, func(x ast.Expr) bool {
			if f, ok := x.(*ast.Func); ok && isAggregate(f.Name) {
				calls = append(calls, f)
				return false
			}
			return true
		})
	}
	for _, it := range sel.Items {
		collect(it.Expr)
	}
	if sel.Having != nil {
		collect(sel.Having)
	}
	for _, o := range sel.OrderBy {
		collect(o.Expr)
	}
	for _, f := range calls {
		text := f.String()
		if slices.ContainsFunc(post.aggs, func(a AggCall) bool { return a.Text == text }) {
			continue
		}
		call, err := b.aggCall(f)
		if err != nil {
			return nil, err
		}
		post.aggs = append(post.aggs, call)
	}
	b.post = post
	return &Aggregate{Input: b.scan, Groups: post.groups, Aggs: post.aggs}, nil
}

func (b *binder) aggCall(f *ast.Func) (AggCall, error) {
	for _, a := range f.Args {
		if hasAggregate(a) {
			return AggCall{}, bindErrorf(nil, "%s: an aggregate inside an aggregate", f)
		}
	}
	if own, cond := f.Filter(); cond != nil {
		// FIRST(x) FILTER (WHERE c), carried as a last argument: the
		// aggregate of own, over the rows where c is true.
		plain := *f
		plain.Args = own
		call, err := b.aggCall(&plain)
		if err != nil {
			return AggCall{}, err
		}
		if call.Derive != nil || call.Func == nil {
			return AggCall{}, bindErrorf(ErrUnsupported, "%s: FILTER of this aggregate", f)
		}
		c, err := b.expr(cond)
		if err != nil {
			return AggCall{}, err
		}
		call.Func, call.Args, call.Text = aggregate.Filtered(call.Func), append(call.Args, c), f.String()
		return call, nil
	}
	args, sep := f.Args, f.Separator
	if (f.Name == "STRING_AGG" || f.Name == "LISTAGG" || f.Name == "GROUP_CONCAT") && len(args) == 2 && sep == nil {
		// STRING_AGG(x, ', '): DuckDB's spelling of GROUP_CONCAT(x
		// SEPARATOR ', '); DuckDB reads GROUP_CONCAT(x, ', ') so too
		// (MySQL would concatenate x and ', ' in each row).
		l, ok := args[1].(ast.Literal)
		if !ok || l.Value.K != types.String {
			return AggCall{}, bindErrorf(ErrUnsupported, "%s: the separator must be a string constant", f)
		}
		sep, args = &l.Value.S, args[:1]
	}
	first := f.Name == "FIRST" || f.Name == "ARBITRARY" || f.Name == "LAST" || f.Name == "ANY_VALUE"
	if len(f.OrderBy) > 0 && !first && !strings.Contains(f.Name, "CONCAT") && f.Name != "STRING_AGG" && f.Name != "LISTAGG" && !aggregate.IsList(f.Name) {
		if aggregate.OrderSensitive(f.Name) {
			return AggCall{}, bindErrorf(ErrUnsupported, "%s: ORDER BY inside an aggregate is supported in GROUP_CONCAT, STRING_AGG, FIRST, LAST, ANY_VALUE and the aggregates that the order does not change", f)
		}
		// SUM(x ORDER BY k): the order changes nothing, as in DuckDB.
		plain := *f
		plain.OrderBy = nil
		call, err := b.aggCall(&plain)
		call.Text = f.String()
		return call, err
	}
	if len(f.OrderBy) > 0 {
		if len(args) != 1 {
			return AggCall{}, bindErrorf(aggregate.ErrArgs, "%s takes 1 argument, not %d", f.Name, len(args))
		}
		if f.Distinct && slices.ContainsFunc(f.OrderBy, func(o ast.OrderItem) bool { return o.Expr.String() != args[0].String() }) {
			// As DuckDB: "ORDER BY expressions must appear in the argument list".
			return AggCall{}, bindErrorf(ErrUnsupported, "%s: with DISTINCT, ORDER BY inside an aggregate orders by its argument only", f)
		}
		desc := make([]bool, len(f.OrderBy))
		nullsFirst := make([]bool, len(f.OrderBy))
		call := AggCall{Text: f.String()}
		for i, o := range f.OrderBy {
			desc[i], nullsFirst[i] = o.Desc, o.Nulls == 1
		}
		s := ","
		if sep != nil {
			s = *sep
		}
		call.Func = aggregate.ConcatOrdered(f.Name, s, desc, nullsFirst, f.Distinct)
		if first {
			call.Func = aggregate.FirstOrdered(f.Name, desc, nullsFirst, f.Distinct)
		}
		for _, a := range append([]ast.Expr{args[0]}, orderExprs(f.OrderBy)...) {
			e, err := b.expr(a)
			if err != nil {
				return AggCall{}, err
			}
			call.Args = append(call.Args, e)
		}
		return call, nil
	}
	nargs := len(args)
	fn, _, err := aggregate.Lookup(f.Name, nargs, f.Distinct, sep)
	if err != nil {
		return AggCall{}, bindErrorf(err, "%s: %v", f, err)
	}
	if f.Name == "COUNT" && !f.Star && nargs == 0 {
		return AggCall{}, bindErrorf(nil, "%s: COUNT takes * or an argument", f)
	}
	call := AggCall{Func: fn, Text: f.String()}
	for _, a := range args {
		if row, ok := a.(*ast.Func); ok && row.Name == ast.RowFunc {
			// COUNT(DISTINCT (a, b)): every row is a value, its NULLs too.
			if f.Name != "COUNT" || !f.Distinct || nargs != 1 {
				return AggCall{}, bindErrorf(ErrUnsupported, "%s: a row (a, b) is supported in COUNT(DISTINCT (a, b)) only", f)
			}
			var parts []Expr
			for _, x := range row.Args {
				e, err := b.expr(x)
				if err != nil {
					return AggCall{}, err
				}
				parts = append(parts, e)
			}
			call.Args = append(call.Args, rowKeyCall(parts, false))
			continue
		}
		e, err := b.expr(a)
		if err != nil {
			return AggCall{}, err
		}
		call.Args = append(call.Args, e)
	}
	if f.Name == "COUNT" && f.Distinct && nargs > 1 {
		// COUNT(DISTINCT a, b) is COUNT(DISTINCT) of the rows' keys,
		// NULL where an argument is: the executor counts one argument's
		// distinct values in bounded memory (its values had each group
		// hold a set of every pair).
		if fn, _, err = aggregate.Lookup("COUNT", 1, true, nil); err != nil {
			return AggCall{}, err
		}
		call.Func = fn
		call.Args = []Expr{rowKeyCall(call.Args, true)}
	}
	if strings.HasPrefix(fn.Name, "QUANTILE") {
		// One fraction for every row: each worker's state takes it from
		// its own rows.
		if _, ok := foldConst(call.Args[1]).(*Const); !ok {
			return AggCall{}, bindErrorf(aggregate.ErrArgs, "%s: the fraction of QUANTILE must be a constant", f)
		}
	}
	return call, nil
}

// rowKeyCall is a call that gives a text two rows share when their
// values of parts are the same as GROUP BY tells values apart
// (types.AppendKey, whose parts each say where they end); with
// nullIfAny, NULL where a part is NULL.
func rowKeyCall(parts []Expr, nullIfAny bool) *Call {
	key := func(args []types.Value) (types.Value, error) {
		var key []byte
		for _, a := range args {
			if nullIfAny && a.K == types.Null {
				return types.Value{}, nil
			}
			key = types.AppendKey(key, a)
		}
		return types.StringValue(string(key)), nil
	}
	name := "ROW" // its text tells it apart from the other (argIndex)
	if nullIfAny {
		name = "ROW_KEY"
	}
	return &Call{Name: name, Args: parts, fn: key, bind: func() (function.Eval, error) { return key, nil }}
}

func orderExprs(os []ast.OrderItem) []ast.Expr {
	out := make([]ast.Expr, len(os))
	for i, o := range os {
		out[i] = o.Expr
	}
	return out
}

// resolveItemRef turns a GROUP BY or ORDER BY term that is a position (2)
// or a select-list alias into the select item's expression.
func (b *binder) resolveItemRef(e ast.Expr, clause string) (ast.Expr, error) {
	var isColumn func(string) bool
	if clause == "GROUP BY" {
		isColumn = func(n string) bool { return slices.Contains(b.fields, n) }
	}
	// x.name reads x's member where x is no name of the one table (a
	// struct field): GROUP BY tier may be user.tier AS tier.
	from := b.sel.From
	structHead := func(x string) bool { return from.Join == nil && x != from.Alias && x != from.Name }
	return itemRef(b.sel.Items, e, clause, isColumn, structHead)
}

// ItemRef turns a GROUP BY or ORDER BY term (of clause) that is a
// position in items (2) or an alias of one (AliasedItem) into the item's
// expression; another term is itself. A name that isColumn (nil: none)
// says is a column of the input is the column, though an item is aliased
// so: GROUP BY's rule in DuckDB and the standard (ORDER BY takes the
// alias).
func ItemRef(items []ast.SelectItem, e ast.Expr, clause string, isColumn func(string) bool) (ast.Expr, error) {
	return itemRef(items, e, clause, isColumn, nil)
}

// itemRef is ItemRef where structHead (nil: unknown) says a name that
// heads a path is a struct's, whose members are no fields (aliasedItem).
func itemRef(items []ast.SelectItem, e ast.Expr, clause string, isColumn, structHead func(string) bool) (ast.Expr, error) {
	if n, ok := position(e); ok {
		if n < 1 || n > len(items) {
			return nil, bindErrorf(nil, "%s %d: the select list has %d item%s", clause, n, len(items), plural(len(items)))
		}
		it := items[n-1]
		if _, star := it.Expr.(ast.Star); star {
			return nil, bindErrorf(ErrUnsupported, "%s %d: the item is *", clause, n)
		}
		return it.Expr, nil
	}
	if c, ok := e.(ast.Column); ok && !(isColumn != nil && len(c.Path) == 1 && isColumn(c.Path[0])) {
		if x, ok := aliasedItem(items, c, structHead); ok {
			if hasAggregate(x) && clause == "GROUP BY" {
				return nil, bindErrorf(nil, "GROUP BY %s: the alias names an aggregate", c.Path[0])
			}
			return x, nil
		}
	}
	return e, nil
}

// AliasedItem returns the expression of the select item whose alias
// (any case) the name c is, as GROUP BY and HAVING read it: not when
// that item reads a field of the name (LOWER(name) AS name … GROUP BY
// name: the field exists, and a field wins over an alias, as in DuckDB).
func AliasedItem(items []ast.SelectItem, c ast.Column) (ast.Expr, bool) {
	return aliasedItem(items, c, nil)
}

// aliasedItem is AliasedItem where structHead (nil: unknown) tells the
// names that head a struct's path: a member of one (user.tier AS tier …
// GROUP BY tier) is no field of the alias's name.
func aliasedItem(items []ast.SelectItem, c ast.Column, structHead func(string) bool) (ast.Expr, bool) {
	if len(c.Path) != 1 {
		return nil, false
	}
	for _, it := range items {
		if it.Alias != "" && strings.EqualFold(it.Alias, c.Path[0]) {
			if readsField(it.Expr, c.Path[0], structHead) {
				return nil, false
			}
			return it.Expr, true
		}
	}
	return nil, false
}

// ReadsField reports whether e reads a top-level field of that name (as
// t.name too, t being its table or a struct).
func ReadsField(e ast.Expr, name string) bool { return readsField(e, name, nil) }

// readsField is ReadsField where structHead (nil: unknown) tells the
// names that head a struct's path: x.name, x one of them, reads x's
// member, not name.
func readsField(e ast.Expr, name string, structHead func(string) bool) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		c, ok := x.(ast.Column)
		switch {
		case !ok:
		case structHead == nil:
			found = c.Path[0] == name || c.Path[len(c.Path)-1] == name
		case len(c.Path) > 1 && !structHead(c.Path[0]):
			found = c.Path[1] == name // table.field[.member…]
		default:
			found = c.Path[0] == name // field[.member…]
		}
		return !found
	})
	return found
}

func position(e ast.Expr) (int, bool) {
	l, ok := e.(ast.Literal)
	if !ok || l.Value.K != types.Int {
		return 0, false
	}
	return int(min(l.Value.I, 1<<30)), true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// orderKeys binds ORDER BY: a position or alias names a column of the
// projection; an expression equal to a select item reuses it; any other
// expression becomes a hidden column of the projection (not allowed with
// DISTINCT, as in DuckDB).
func (b *binder) orderKeys(proj *Project) ([]SortKey, error) {
	var keys []SortKey
	for _, o := range b.sel.OrderBy {
		key := SortKey{Desc: o.Desc, NullsFirst: o.Nulls == 1, Text: o.Expr.String()}
		if n, ok := position(o.Expr); ok {
			if n < 1 || n > proj.Visible {
				return nil, bindErrorf(nil, "ORDER BY %d: the result has only %d column%s", n, proj.Visible, plural(proj.Visible))
			}
			key.Col = n - 1
			key.Text = proj.Names[key.Col]
			keys = append(keys, key)
			continue
		}
		col := -1
		if c, ok := o.Expr.(ast.Column); ok && len(c.Path) == 1 {
			for i, it := range b.sel.Items {
				if it.Alias != "" && it.Alias == c.Path[0] {
					col = i
					break
				}
			}
			if col < 0 {
				for i, it := range b.sel.Items {
					if it.Alias != "" && strings.EqualFold(it.Alias, c.Path[0]) {
						col = i
						break
					}
				}
			}
		}
		if col < 0 {
			e, err := b.expr(o.Expr)
			if err != nil {
				if c, ok := o.Expr.(ast.Column); ok && len(c.Path) == 1 {
					if s, ok := suggest.Closest(c.Path[0], proj.Names[:proj.Visible]); ok {
						return nil, bindErrorf(err, "ORDER BY %s: %v; did you mean %s?", c, err, ast.Ident(s))
					}
				}
				return nil, err
			}
			text := e.String()
			for i := range proj.Exprs {
				if proj.Exprs[i].String() == text {
					col = i
					break
				}
			}
			if col < 0 {
				if b.sel.Distinct {
					return nil, bindErrorf(nil, "ORDER BY %s: with SELECT DISTINCT, ORDER BY terms must be in the select list", o.Expr)
				}
				col = len(proj.Exprs)
				proj.Exprs = append(proj.Exprs, e)
				proj.Names = append(proj.Names, text)
			}
		}
		key.Col = col
		keys = append(keys, key)
	}
	return keys, nil
}

// isAggregate reports whether name is an aggregate function.
func isAggregate(name string) bool {
	_, ok, _ := aggregate.Lookup(name, 1, false, nil)
	return ok
}

func hasAggregate(e ast.Expr) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		if f, ok := x.(*ast.Func); ok && isAggregate(f.Name) {
			found = true
		}
		return !found
	})
	return found
}

func (b *binder) isTable(name string) bool {
	if b.sel.From.Alias != "" {
		return name == b.sel.From.Alias
	}
	return name == b.sel.From.Name
}

// path resolves a column as written: a first part naming the table (its
// alias, or its name when it has none) is dropped, also where the rows
// have a field of that name (DuckDB's rule: the table wins; b.id of FROM
// t b is t's id, not the member id of a field b); the rest is a field and
// a path into it.
func (b *binder) path(c ast.Column) ([]string, error) {
	p := c.Path
	if len(p) > 1 && b.isTable(p[0]) {
		p = p[1:]
	} else if len(p) > 1 && b.sel.From.Alias != "" && p[0] == b.sel.From.Name {
		return nil, bindErrorf(nil, "%s: the lake is called %s in this query", c, b.sel.From.Alias)
	}
	return p, nil
}

// field returns the slot of a top-level field, adding it to the scan.
func (b *binder) field(name string) *Slot {
	i := slices.Index(b.scan.Fields, name)
	if i < 0 {
		i = len(b.scan.Fields)
		b.scan.Fields = append(b.scan.Fields, name)
	}
	return &Slot{I: i, Name: identText(name)}
}

// expr binds an expression: over the scan's slots, or above an Aggregate
// over its output (group values, then aggregate results).
func (b *binder) expr(e ast.Expr) (Expr, error) {
	if b.post != nil {
		return b.postExpr(e)
	}
	return b.rowExpr(e)
}

// postExpr binds e above the Aggregate: an aggregate call or a GROUP BY
// expression becomes a slot of the aggregate's output; a column anywhere
// else is an error.
func (b *binder) postExpr(e ast.Expr) (Expr, error) {
	post := b.post
	if f, ok := e.(*ast.Func); ok && isAggregate(f.Name) {
		text := f.String()
		for i, a := range post.aggs {
			if a.Text == text {
				s := &Slot{I: len(post.groups) + i, Name: text}
				if aggregate.Double(f.Name) {
					if b.doubles == nil {
						b.doubles = map[Expr]bool{}
					}
					b.doubles[s] = true
				}
				return s, nil
			}
		}
		panic("plan: aggregate " + text + " was not collected")
	}
	if !hasAggregate(e) {
		b.post = nil
		bound, err := b.rowExpr(e)
		b.post = post
		if err == nil {
			text := bound.String()
			for i, g := range post.groupTexts {
				if g == text {
					return &Slot{I: i, Name: text}, nil
				}
			}
			if c, ok := e.(ast.Column); ok && !b.isLambdaParam(c) {
				return nil, bindErrorf(nil, "column %s must appear in GROUP BY or be used in an aggregate function", e)
			}
			if c, ok := e.(ast.Column); ok && b.isLambdaParam(c) {
				return bound, nil
			}
			if !hasColumn(e) {
				return bound, nil // a constant expression
			}
		}
	}
	if c, ok := e.(ast.Column); ok && !b.isLambdaParam(c) {
		return nil, bindErrorf(nil, "column %s must appear in GROUP BY or be used in an aggregate function", e)
	}
	return b.rowExprWith(e, b.postExpr)
}

// isLambdaParam reports a name of a lambda's parameter in scope.
func (b *binder) isLambdaParam(c ast.Column) bool {
	return len(c.Path) == 1 && slices.ContainsFunc(b.lambdas, func(p string) bool { return strings.EqualFold(p, c.Path[0]) })
}

func hasColumn(e ast.Expr) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		if _, ok := x.(ast.Column); ok {
			found = true
		}
		return !found
	})
	return found
}

// rowExpr binds e over the scan's slots.
func (b *binder) rowExpr(e ast.Expr) (Expr, error) { return b.rowExprWith(e, b.rowExpr) }

// rowExprWith binds the node e, binding its children with sub; a node of
// constants alone (CAST('1994-01-01' AS DATE), DATE '…' + INTERVAL 1
// YEAR, a function of constants) is computed once, here, not per row.
func (b *binder) rowExprWith(e ast.Expr, sub func(ast.Expr) (Expr, error)) (Expr, error) {
	x, err := b.rowExprNode(e, sub)
	if err != nil {
		return nil, err
	}
	return foldConst(x), nil
}

// foldConst returns x as a constant when it is an arithmetic, a negation,
// a CAST or a call of constants that computes without an error (an error
// stays for the rows, where it is reported as it always was).
func foldConst(x Expr) Expr {
	isConst := func(e Expr) bool { _, ok := e.(*Const); return ok }
	inner := x
	if n, ok := x.(*named); ok {
		inner = n.Call
	}
	switch e := inner.(type) {
	case *ArithExpr:
		if !isConst(e.L) || !isConst(e.R) {
			return x
		}
	case *NegExpr:
		c, ok := e.X.(*Const)
		if !ok {
			return x
		}
		if c.Decimal && (c.V.K == types.Float || c.V.K == types.Int) && !strings.HasPrefix(c.Text, "-") {
			// -2.5 is still a number as written (a DECIMAL to DuckDB).
			if v, err := inner.Eval(nil); err == nil {
				return &Const{V: v, Text: "-" + c.Text, Decimal: true}
			}
		}
	case *CastExpr:
		if !isConst(e.X) {
			return x
		}
	case *Call:
		if e.Volatile || slices.ContainsFunc(e.Args, func(a Expr) bool { return !isConst(a) }) {
			return x
		}
	default:
		return x
	}
	v, err := inner.Eval(nil)
	if err != nil {
		return x
	}
	return &Const{V: v, Text: x.String(), JSON: jsonTyped(inner)}
}

// rowExprNode binds the node e, binding its children with sub.
func (b *binder) rowExprNode(e ast.Expr, sub func(ast.Expr) (Expr, error)) (Expr, error) {
	two := func(l, r ast.Expr) (Expr, Expr, error) {
		x, err := sub(l)
		if err != nil {
			return nil, nil, err
		}
		y, err := sub(r)
		return x, y, err
	}
	switch e := e.(type) {
	case ast.Column:
		if len(e.Path) == 1 {
			// A lambda's parameter, the innermost of that name.
			for k := len(b.lambdas) - 1; k >= 0; k-- {
				if strings.EqualFold(b.lambdas[k], e.Path[0]) {
					return &LambdaParam{Name: e.Path[0], Depth: len(b.lambdas) - 1 - k}, nil
				}
			}
		}
		path, err := b.path(e)
		if err != nil {
			return nil, err
		}
		var x Expr = b.field(path[0])
		for _, m := range path[1:] {
			x = NewMember(x, m)
		}
		return x, nil
	case ast.Literal:
		return &Const{V: e.Value, Text: e.String(), Decimal: e.Text != ""}, nil
	case ast.Star:
		return nil, bindErrorf(ErrUnsupported, "* is not supported here")
	case ast.Param:
		return nil, bindErrorf(ErrUnsupported, "parameters are not supported here")
	case ast.And:
		l, r, err := two(e.L, e.R)
		return &AndExpr{l, r}, err
	case ast.Or:
		l, r, err := two(e.L, e.R)
		return &OrExpr{l, r}, err
	case ast.Not:
		x, err := sub(e.X)
		return &NotExpr{x}, err
	case ast.Compare:
		l, r, err := two(e.L, e.R)
		if err != nil {
			return nil, err
		}
		return constRight(e.Op, l, r, e.Text), nil
	case ast.IsNull:
		x, err := sub(e.X)
		return &IsNullExpr{x, e.Not}, err
	case ast.IsBool:
		x, err := sub(e.X)
		return &IsBoolExpr{x, e.True, e.Not}, err
	case ast.In:
		x, err := sub(e.X)
		if err != nil {
			return nil, err
		}
		var list []Expr
		for _, it := range e.List {
			y, err := sub(it)
			if err != nil {
				return nil, err
			}
			list = append(list, y)
		}
		return NewIn(x, list, e.Not), nil
	case ast.Between:
		x, err := sub(e.X)
		if err != nil {
			return nil, err
		}
		lo, hi, err := two(e.Lo, e.Hi)
		if err != nil {
			return nil, err
		}
		var out Expr = &AndExpr{constRight(">=", x, lo, false), constRight("<=", x, hi, false)}
		if e.Not {
			out = &NotExpr{out}
		}
		return out, nil
	case ast.Like:
		return b.like(e, sub)
	case ast.Arith:
		l, r, err := two(e.L, e.R)
		if err == nil {
			if c, ok := decimalFold(e.Op, l, r); ok {
				return c, nil
			}
		}
		return &ArithExpr{e.Op, l, r}, err
	case ast.Neg:
		x, err := sub(e.X)
		return &NegExpr{x}, err
	case *ast.Func:
		return b.call(e, sub)
	case *ast.Case:
		return b.caseExpr(e, sub)
	case ast.Cast:
		x, err := sub(e.X)
		if c, ok := x.(*Const); ok && c.Decimal && c.V.K == types.Float && c.Text != "" && !strings.ContainsAny(c.Text, "eE") &&
			(e.To == types.Int || e.To == types.String) {
			// A literal such as 2.50 is a DECIMAL to DuckDB (1e3 is a
			// DOUBLE), which casts like its text: 2.5 → 3, not 2 as a
			// DOUBLE would; 2.50 → '2.50', not '2.5'.
			x = &Const{V: types.StringValue(c.Text), Text: c.Text}
		}
		return &CastExpr{X: x, To: e.To, Type: e.Type, Try: e.Try, Nested: !jsonTyped(x), List: e.List}, err
	case ast.Interval:
		x, err := sub(e.X)
		if err != nil {
			return nil, err
		}
		return b.bindCall("INTERVAL", intervalFunc(e.Unit), []Expr{x}, "INTERVAL "+paren(x)+" "+e.Unit)
	case ast.JSONExtract:
		x, p, err := two(e.X, e.Path)
		if err != nil {
			return nil, err
		}
		name := "JSON_EXTRACT"
		if e.Text {
			name = "JSON_EXTRACT_STRING"
		}
		f, ok := function.Lookup(name)
		if !ok {
			return nil, bindErrorf(ErrUnsupported, "%s is not supported yet", e)
		}
		return b.bindCall(name, f, []Expr{x, p}, "")
	}
	return nil, bindErrorf(ErrUnsupported, "%s is not supported", e)
}

// intervalFunc builds an interval of n units.
func intervalFunc(unit string) *function.Scalar {
	return &function.Scalar{Name: "INTERVAL", MinArgs: 1, MaxArgs: 1, NullIn: true,
		Fn: func(args []types.Value) (types.Value, error) { return function.MakeInterval(args[0], unit) }}
}

func (b *binder) call(f *ast.Func, sub func(ast.Expr) (Expr, error)) (Expr, error) {
	if isAggregate(f.Name) {
		return nil, bindErrorf(nil, "%s: aggregate functions are not allowed here", f)
	}
	if x, ok, err := b.lambdaCall(f, sub); ok {
		return x, err
	}
	fn, ok := function.Lookup(f.Name)
	if !ok {
		switch strings.ToUpper(f.Name) {
		case "ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE", "LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE", "NTH_VALUE":
			return nil, bindErrorf(ErrUnsupported, "%s is a window function: it needs OVER (…), as in %s OVER (ORDER BY …)", strings.ToUpper(f.Name), f)
		case ast.ColumnsFunc:
			return nil, bindErrorf(ErrUnsupported, "%s outside the select list: COLUMNS(…) stands for columns of the select list only", f)
		}
		names := append(function.Names(), aggregate.Names()...)
		if s, ok := suggest.Closest(f.Name, names); ok {
			return nil, bindErrorf(ErrUnsupported, "unknown function %s; did you mean %s?", f.Name, s)
		}
		return nil, bindErrorf(ErrUnsupported, "unknown function %s", f.Name)
	}
	if f.Distinct || f.Star || f.Separator != nil || len(f.OrderBy) > 0 {
		return nil, bindErrorf(nil, "%s: DISTINCT, *, ORDER BY and SEPARATOR belong to aggregates", f)
	}
	var args []Expr
	for _, a := range f.Args {
		x, err := sub(a)
		if err != nil {
			return nil, err
		}
		args = append(args, x)
	}
	e, err := b.bindCall(fn.Name, fn, args, "")
	if err != nil {
		return nil, err
	}
	switch fn.Name {
	case "COALESCE", "IFNULL", "GREATEST", "LEAST":
		return b.withDouble(e, args...), nil
	case "IF":
		return b.withDouble(e, args[1:]...), nil
	}
	return e, nil
}

// bindCall binds a scalar function to its arguments.
func (b *binder) bindCall(name string, fn *function.Scalar, args []Expr, text string) (Expr, error) {
	consts := make([]*types.Value, len(args))
	for i, a := range args {
		if c, ok := a.(*Const); ok {
			v := c.V
			consts[i] = &v
		}
	}
	bind := func() (function.Eval, error) { return fn.BindCall(consts) }
	ev, err := bind()
	if err != nil {
		return nil, bindErrorf(err, "%v", err)
	}
	c := &Call{Name: name, Args: args, fn: ev, bind: bind, Volatile: fn.Volatile}
	if text != "" {
		return &named{c, text}, nil
	}
	return c, nil
}

// named prints an expression with a text of its own.
type named struct {
	*Call
	text string
}

func (n *named) String() string { return n.text }

func (b *binder) like(e ast.Like, sub func(ast.Expr) (Expr, error)) (Expr, error) {
	x, err := sub(e.X)
	if err != nil {
		return nil, err
	}
	pat, err := sub(e.Pattern)
	if err != nil {
		return nil, err
	}
	escape, hasEscape := "", false
	if e.Escape != nil {
		c, ok := e.Escape.(ast.Literal)
		if !ok || c.Value.K != types.String {
			return nil, bindErrorf(ErrUnsupported, "ESCAPE %s: the escape must be a string constant", e.Escape)
		}
		escape, hasEscape = c.Value.S, true
	}
	le := &LikeExpr{X: x, Pattern: pat, Not: e.Not, Op: "LIKE", escape: hasEscape}
	le.build = func(p string) (func(string) bool, error) { return function.Like(p, escape, hasEscape) }
	if e.Regexp {
		le.Op = "REGEXP"
		le.build = function.Regexp
	}
	if c, ok := pat.(*Const); ok {
		if c.V.K == types.Null {
			return &Const{V: types.Value{}, Text: "NULL"}, nil
		}
		if le.match, err = le.build(c.V.String()); err != nil {
			return nil, bindErrorf(err, "%s: %v", e, err)
		}
	}
	return le, nil
}

func (b *binder) caseExpr(c *ast.Case, sub func(ast.Expr) (Expr, error)) (Expr, error) {
	out := &CaseExpr{}
	var operand Expr
	if c.Operand != nil {
		var err error
		if operand, err = sub(c.Operand); err != nil {
			return nil, err
		}
	}
	for _, w := range c.Whens {
		cond, err := sub(w.Cond)
		if err != nil {
			return nil, err
		}
		if operand != nil {
			cond = NewCompare("=", operand, cond, false)
		}
		then, err := sub(w.Then)
		if err != nil {
			return nil, err
		}
		out.Whens = append(out.Whens, WhenExpr{cond, then})
	}
	if c.Else != nil {
		var err error
		if out.Else, err = sub(c.Else); err != nil {
			return nil, err
		}
	}
	results := []Expr{out.Else}
	for _, w := range out.Whens {
		results = append(results, w.Then)
	}
	return b.withDouble(out, results...), nil
}

// decimalRE is a literal DuckDB reads as a DECIMAL (or an integer): no
// exponent.
var decimalRE = regexp.MustCompile(`^-?[0-9]*\.?[0-9]*$`)

// lambdaNames are the functions that take a lambda, and what each does
// with the body's values (see LambdaCall).
var lambdaNames = map[string]lambdaKind{"LIST_TRANSFORM": lambdaTransform, "ARRAY_TRANSFORM": lambdaTransform,
	"LIST_APPLY": lambdaTransform, "ARRAY_APPLY": lambdaTransform, "APPLY": lambdaTransform,
	"LIST_FILTER": lambdaFilter, "ARRAY_FILTER": lambdaFilter, "FILTER": lambdaFilter,
	"LIST_REDUCE": lambdaReduce, "ARRAY_REDUCE": lambdaReduce, "REDUCE": lambdaReduce}

// lambdaCall binds LIST_TRANSFORM(list, x -> body), LIST_FILTER and
// LIST_REDUCE (ok true), the body with the parameters in scope: x or x,
// i (the element's place, from 1); LIST_REDUCE's acc, x or acc, x, i,
// and its initial value. A lambda elsewhere is an error.
func (b *binder) lambdaCall(f *ast.Func, sub func(ast.Expr) (Expr, error)) (Expr, bool, error) {
	if f.Name == ast.LambdaFunc {
		return nil, true, bindErrorf(ErrUnsupported, "a lambda (%s) outside LIST_TRANSFORM, LIST_FILTER or LIST_REDUCE not supported", f)
	}
	name := strings.ToUpper(f.Name)
	kind, ok := lambdaNames[name]
	if !ok {
		return nil, false, nil
	}
	var lam *ast.Func
	if len(f.Args) == 2 || kind == lambdaReduce && len(f.Args) == 3 {
		lam, _ = f.Args[1].(*ast.Func)
	}
	params := 0
	if lam != nil && lam.Name == ast.LambdaFunc {
		params = len(ast.LambdaParams(lam))
	}
	switch {
	case f.Distinct || params == 0 || params != len(lam.Args)-1:
		return nil, true, bindErrorf(ErrUnsupported, "%s takes a list and a lambda: %s", name, lambdaUsage[kind])
	case kind != lambdaReduce && params > 2:
		return nil, true, bindErrorf(ErrUnsupported, "the lambda of %s takes the element and its place, not %d parameters: %s", name, params, lambdaUsage[kind])
	case kind == lambdaReduce && (params < 2 || params > 3):
		return nil, true, bindErrorf(ErrUnsupported, "the lambda of %s takes the value so far, the element and its place, not %d parameters: %s", name, params, lambdaUsage[kind])
	}
	list, err := sub(f.Args[0])
	if err != nil {
		return nil, true, err
	}
	var init Expr
	if len(f.Args) == 3 {
		if init, err = sub(f.Args[2]); err != nil {
			return nil, true, err
		}
	}
	b.lambdas = append(b.lambdas, ast.LambdaParams(lam)...)
	body, err := sub(ast.LambdaBody(lam))
	b.lambdas = b.lambdas[:len(b.lambdas)-params]
	if err != nil {
		return nil, true, err
	}
	return &LambdaCall{Name: name, List: list, Params: ast.LambdaParams(lam), Body: body, Kind: kind, Init: init, Shown: lam.String()}, true, nil
}

// lambdaUsage shows how each kind of lambda call is written.
var lambdaUsage = map[lambdaKind]string{
	lambdaTransform: "list_transform(list, x -> x + 1) or (x, i) -> x * i",
	lambdaFilter:    "list_filter(list, x -> x > 1) or (x, i) -> i > 1",
	lambdaReduce:    "list_reduce(list, (acc, x) -> acc + x[, initial]) or (acc, x, i) -> …",
}

// jsonTyped reports an expression that DuckDB types JSON (not a list or
// a struct): a JSON function's call, a CAST to JSON.
func jsonTyped(x Expr) bool {
	switch x := x.(type) {
	case *Call:
		switch x.Name {
		case "JSON_EXTRACT", "TO_JSON": // bound by their own names, not an alias's
			return true
		}
	case *CastExpr:
		return x.To == types.JSON
	case *Const:
		return x.JSON
	}
	return false
}

// decimalFold computes l op r of two number literals, one of them with a
// decimal point, exactly, as DuckDB's DECIMALs do: .06 + 0.01 is 0.07,
// which as a DOUBLE is the nearest to 0.07, not 0.06999999999999999 (a
// DOUBLE sum's). Only +, - and * (DuckDB's DECIMAL division gives a
// DOUBLE anyway).
func decimalFold(op types.Op, l, r Expr) (*Const, bool) {
	if op != types.Add && op != types.Sub && op != types.Mul {
		return nil, false
	}
	a, aok := l.(*Const)
	b, bok := r.(*Const)
	if !aok || !bok || !a.Decimal || !b.Decimal || a.V.K != types.Float && b.V.K != types.Float {
		return nil, false
	}
	scale := func(c *Const) (*big.Rat, int, bool) {
		if c.V.K != types.Int && c.V.K != types.Float || !decimalRE.MatchString(c.Text) || c.Text == "" || c.Text == "." || c.Text == "-" {
			return nil, 0, false
		}
		x, ok := new(big.Rat).SetString(c.Text)
		_, frac, _ := strings.Cut(c.Text, ".")
		return x, len(frac), ok
	}
	x, xs, ok1 := scale(a)
	y, ys, ok2 := scale(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	z, zs := new(big.Rat), max(xs, ys)
	switch op {
	case types.Add:
		z.Add(x, y)
	case types.Sub:
		z.Sub(x, y)
	default:
		z.Mul(x, y)
		zs = xs + ys
	}
	text := z.FloatString(zs)
	f, _ := z.Float64()
	return &Const{V: types.FloatValue(f), Text: text, Decimal: true}, true
}

// withDouble wraps e in a DoubleExpr when one of results is DOUBLE
// whatever its value (staticDouble): DuckDB's common type of an integer
// and a DOUBLE is a DOUBLE, so an integer result of e is one too
// (LEAST(1, AVG(x)) is 1.0 where the AVG is NULL, and 1.0 % 0 is NaN).
func (b *binder) withDouble(e Expr, results ...Expr) Expr {
	for _, x := range results {
		if b.staticDouble(x) {
			return &DoubleExpr{e}
		}
	}
	return e
}

// staticDouble reports an expression that DuckDB types DOUBLE whatever
// its value, a NULL too: a DOUBLE constant, a CAST to DOUBLE, a division,
// a function or aggregate that gives DOUBLEs.
func (b *binder) staticDouble(x Expr) bool {
	switch x := x.(type) {
	case *Const:
		return x.V.K == types.Float
	case *CastExpr:
		return x.To == types.Float
	case *DoubleExpr:
		return true
	case *ArithExpr:
		return x.Op == types.Div
	case *Call:
		return doubleFunction(x.Name)
	case *named:
		return doubleFunction(x.Name)
	}
	return b.doubles[x]
}

// doubleFunction reports a scalar function whose results are DOUBLEs
// (function.Scalar.Double).
func doubleFunction(name string) bool {
	f, ok := function.Lookup(name)
	return ok && f.Double
}

// constRight binds l op r with a constant on the right where one side is
// one, and a string constant there when the other is a constant of
// another kind: a string literal is read as the kind it meets (see
// litForms), DATE '2024-01-05' = '2024-01-05 10:00:00' as DuckDB.
func constRight(op string, l, r Expr, text bool) *Compare {
	lc, lok := l.(*Const)
	rc, rok := r.(*Const)
	if lok && (!rok || lc.V.K == types.String && rc.V.K != types.String) {
		l, r, op = r, l, Flip(op)
	}
	return NewCompare(op, l, r, text)
}
