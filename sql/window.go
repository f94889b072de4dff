package sql

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Window functions, f(…) OVER (PARTITION BY … ORDER BY … frame), as
// DuckDB answers them. A query that calls them becomes a query over a
// derived table (ast.WindowTable), in passes:
//
//   - the query as written without its window functions (its FROM,
//     WHERE, GROUP BY and HAVING) makes every value they and the rest of
//     the select list read, each a column of its own (windowed);
//   - a pass per window (its PARTITION BY and ORDER BY) sorts the rows
//     by the window's partition and order, through the engine's sort,
//     which spills past the memory budget, and adds a column for each of
//     its calls, a partition at a time (windowWriter); the next pass reads
//     the rows the one before wrote;
//   - the query's select list, DISTINCT, ORDER BY and LIMIT read the
//     last pass's rows, each call its column.
//
// A partition is held in memory up to a share of the budget and in a
// spill file past it, read again by cursors that only go forward: the
// rows of a frame, a peer group, LAG's and LEAD's rows. Only a frame
// whose start moves keeps rows, those of one frame.

// Internal column names: windowCol for the values the passes read and
// the query's select list, windowOut for the calls' values.
const (
	windowCol   = "__lakesql_c"
	windowOut   = "__lakesql_w"
	windowTable = "window"
)

// windowed returns sel as a query over the passes of its window
// functions, or nil when it calls none. isField tells the names of its
// rows' fields that it knows (a QUALIFY's name is a field before an
// alias, as in DuckDB).
func windowed(sel *ast.Select, isField func(string) bool) (*ast.Select, error) {
	if len(sel.DistinctOn) > 0 {
		var err error
		if sel, err = distinctOn(sel); err != nil {
			return nil, err
		}
	}
	has := false
	for _, it := range sel.Items {
		has = has || ast.HasWindow(it.Expr)
	}
	for _, o := range sel.OrderBy {
		has = has || ast.HasWindow(o.Expr)
	}
	has = has || sel.Qualify != nil
	for _, c := range []struct {
		clause string
		e      []ast.Expr
	}{{"WHERE", []ast.Expr{sel.Where}}, {"GROUP BY", sel.GroupBy}, {"HAVING", []ast.Expr{sel.Having}}} {
		for _, e := range c.e {
			if e != nil && ast.HasWindow(e) {
				return nil, fmt.Errorf("%w: a window function in %s (it is computed after %s: filter on it in an outer query)", ErrUnsupported, c.clause, c.clause)
			}
		}
	}
	if !has {
		return nil, nil
	}
	w := &windowRewrite{cols: map[string]string{}}
	groupBy, having, err := itemRefs(sel, isField)
	if err != nil {
		return nil, err
	}
	inner := &ast.Select{From: sel.From, Where: sel.Where, GroupBy: groupBy, Having: having, Limit: -1}
	out := &ast.Select{Distinct: sel.Distinct, Limit: sel.Limit, Offset: sel.Offset}
	stars, names := 0, sel.ColumnNames()
	for i, it := range sel.Items {
		if _, ok := it.Expr.(ast.Star); ok {
			// The inner query's *, and the outer's over its columns.
			if stars++; stars > 1 {
				return nil, fmt.Errorf("%w: two * beside a window function (name the columns)", ErrUnsupported)
			}
			inner.Items = append(inner.Items, it)
			out.Items = append(out.Items, ast.SelectItem{Expr: ast.Star{}})
			continue
		}
		e, err := w.outer(it.Expr)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, ast.SelectItem{Expr: e, Alias: names[i]}) // the item's name as written
	}
	// ORDER BY a name of the select list's own aliases reads the item;
	// other names are the rows' (user.id is named id, and ORDER BY id is
	// the field).
	aliases := map[string]bool{}
	for _, it := range sel.Items {
		if it.Alias != "" {
			aliases[strings.ToLower(it.Alias)] = true
		}
	}
	for _, o := range sel.OrderBy {
		switch x := o.Expr.(type) {
		case ast.Literal:
			out.OrderBy = append(out.OrderBy, o) // a place in the select list
			continue
		case ast.Column:
			if len(x.Path) == 1 && aliases[strings.ToLower(x.Path[0])] {
				out.OrderBy = append(out.OrderBy, o) // a select item's name
				continue
			}
		}
		e, err := w.outer(o.Expr)
		if err != nil {
			return nil, err
		}
		o.Expr = e
		out.OrderBy = append(out.OrderBy, o)
	}
	if len(w.items) == 0 {
		// A column for the rows to have one (COUNT(*) OVER ()), and for
		// a * to stand beside, which then names the lake's fields.
		w.items = append(w.items, ast.SelectItem{Expr: ast.Int(1), Alias: windowCol})
	}
	if sel.Qualify != nil {
		// QUALIFY: the outer query's WHERE, over the passes' rows; a
		// name there may be a select item's alias, as in DuckDB.
		q, err := w.qualify(sel.Qualify, sel.Items, isField)
		if err != nil {
			return nil, err
		}
		out.Where = q
	}
	inner.Items = append(inner.Items, w.items...)
	var internal []string
	for _, it := range w.items {
		internal = append(internal, it.Alias)
	}
	// A pass per window, each reading the one before: those of more keys
	// first, so that a window whose keys begin those of the pass before
	// takes its rows in their order, with no sort of its own
	// (ROW_NUMBER() OVER (PARTITION BY a ORDER BY b) beside SUM(x) OVER
	// (PARTITION BY a)).
	slices.SortStableFunc(w.specs, func(a, b *windowSpec) int { return len(b.keys()) - len(a.keys()) })
	input := inner
	var last *ast.WindowTable
	var sorted []ast.OrderItem // the order the rows come in
	for _, spec := range w.specs {
		if last != nil {
			input = &ast.Select{Items: []ast.SelectItem{{Expr: ast.Star{}}}, From: ast.Table{Window: last, Alias: windowTable}, Limit: -1}
		}
		in := *input
		keys := spec.keys()
		in.OrderBy = keys
		if last != nil && orderBegins(sorted, keys) {
			in.OrderBy = nil
		} else {
			sorted = keys
		}
		last = &ast.WindowTable{Input: &in, Keys: keys, Partition: len(spec.partition), Calls: spec.calls}
		for _, c := range spec.calls {
			internal = append(internal, c.Out)
		}
	}
	out.From = ast.Table{Window: last, Alias: windowTable}
	if last == nil { // QUALIFY alone
		out.From = ast.Table{Sub: inner, Alias: windowTable, Own: true}
	}
	for i, it := range out.Items {
		if _, ok := it.Expr.(ast.Star); ok {
			out.Items[i].Expr = ast.Star{Exclude: internal}
		}
	}
	return out, nil
}

// hasStar reports a select list with a *.
func hasStar(sel *ast.Select) bool {
	return slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool {
		_, ok := it.Expr.(ast.Star)
		return ok || ast.HasColumns(it.Expr)
	})
}

// itemRefs returns sel's GROUP BY with its terms that name a select item
// (plan.ItemRef) as the item's expression, and its HAVING with its
// aliases so (plan.HavingAliases): what the binder would read, for the
// inner query, whose select list is another.
func itemRefs(sel *ast.Select, isField func(string) bool) ([]ast.Expr, ast.Expr, error) {
	var groupBy []ast.Expr
	for _, g := range sel.GroupBy {
		e, err := plan.ItemRef(sel.Items, g, "GROUP BY", isField)
		if err != nil {
			return nil, nil, err
		}
		if ast.HasWindow(e) {
			return nil, nil, fmt.Errorf("%w: GROUP BY a window function's value", ErrUnsupported)
		}
		groupBy = append(groupBy, e)
	}
	var h ast.Expr
	if sel.Having != nil {
		h = plan.HavingAliases(sel.Having, sel.Items, groupBy)
	}
	return groupBy, h, nil
}

// windowRewrite gathers what the passes of a query's window functions
// compute: the inner query's items, each named windowCol + n, and the
// windows with their calls.
type windowRewrite struct {
	items []ast.SelectItem
	cols  map[string]string // an expression's text: its column
	specs []*windowSpec
	calls int
}

// windowSpec is a window (its partition's and order's columns) and the
// calls over it.
type windowSpec struct {
	key       string
	partition []string
	order     []ast.OrderItem
	calls     []ast.WindowCall
}

// keys are the terms a window's rows are sorted by: its partition, then
// its ORDER BY.
func (s *windowSpec) keys() []ast.OrderItem {
	var out []ast.OrderItem
	for _, p := range s.partition {
		out = append(out, ast.OrderItem{Expr: ast.Col(p)})
	}
	return append(out, s.order...)
}

// orderBegins reports whether rows in the order of sorted are in the
// order of keys too: keys are its first terms (NULLs last by default).
func orderBegins(sorted, keys []ast.OrderItem) bool {
	if len(keys) > len(sorted) {
		return false
	}
	first := func(o ast.OrderItem) bool { return o.Nulls == 1 }
	for i, k := range keys {
		o := sorted[i]
		if k.Expr.String() != o.Expr.String() || k.Desc != o.Desc || first(k) != first(o) {
			return false
		}
	}
	return true
}

// col returns the inner query's column that computes e, made if new.
func (w *windowRewrite) col(e ast.Expr) string {
	k := e.String()
	if c, ok := w.cols[k]; ok {
		return c
	}
	c := windowCol + strconv.Itoa(len(w.items))
	w.cols[k] = c
	w.items = append(w.items, ast.SelectItem{Expr: e, Alias: c})
	return c
}

// outer returns e as the outer query reads it: each window function's
// call its pass's column, each largest part without one a column of the
// inner query (a constant stays).
func (w *windowRewrite) outer(e ast.Expr) (ast.Expr, error) {
	if !ast.HasWindow(e) {
		if _, ok := e.(ast.Literal); ok {
			return e, nil
		}
		return ast.Col(w.col(e)), nil
	}
	if win, ok := e.(*ast.Window); ok {
		// A call written twice (in the select list and ORDER BY) is one.
		if c, ok := w.cols[win.String()]; ok {
			return ast.Col(c), nil
		}
		c, err := w.window(win)
		if err == nil {
			w.cols[win.String()] = c.(ast.Column).Path[0]
		}
		return c, err
	}
	var err error
	out := ast.Map(e, func(x ast.Expr) ast.Expr {
		y, xerr := w.outer(x)
		if xerr != nil && err == nil {
			err = xerr
		}
		return y
	})
	return out, err
}

// qualify returns QUALIFY's condition as the outer query reads it: a
// name of a select item's alias (plan.AliasedItem) that item, unless it
// is a field's, and all as outer makes it (an item's window function is
// the call the select list computes).
func (w *windowRewrite) qualify(e ast.Expr, items []ast.SelectItem, isField func(string) bool) (ast.Expr, error) {
	var alias func(ast.Expr) ast.Expr
	alias = func(x ast.Expr) ast.Expr {
		if c, ok := x.(ast.Column); ok {
			if it, ok := plan.AliasedItem(items, c); ok && !isField(c.Path[0]) {
				return it
			}
			return x
		}
		return ast.Map(x, alias)
	}
	return w.outer(alias(e))
}

// window adds a call to its window's pass and returns its column.
func (w *windowRewrite) window(win *ast.Window) (ast.Expr, error) {
	f := *win.Func
	if f.Name == "STRING_AGG" || f.Name == "GROUP_CONCAT" || f.Name == "LISTAGG" {
		if sep, ok := lastArg(f).(ast.Literal); ok && len(f.Args) == 2 && sep.Value.K == types.String && f.Separator == nil {
			// STRING_AGG(x, ', '): the separator, as the binder takes it.
			f.Separator, f.Args = &sep.Value.S, f.Args[:1]
		}
	}
	if err := checkWindowCall(&f); err != nil {
		return nil, err
	}
	if len(f.OrderBy) > 0 {
		return nil, fmt.Errorf("%w: %s(… ORDER BY …) over a window (the window's ORDER BY orders its rows)", ErrUnsupported, f.Name)
	}
	args := make([]ast.Expr, len(f.Args))
	for i, a := range f.Args {
		if l, ok := a.(ast.Literal); ok {
			args[i] = l
			continue
		}
		args[i] = ast.Col(w.col(a))
	}
	f.Args = args
	spec := &windowSpec{}
	for _, p := range win.Partition {
		spec.partition = append(spec.partition, w.col(p))
	}
	frame, err := frameValues(win.Frame)
	if err != nil {
		return nil, err
	}
	frame, reversed := frame, suffixFrame(&f, frame)
	if reversed {
		frame = &ast.Frame{Rows: frame.Rows, Groups: frame.Groups, Start: ast.FrameBound{Kind: ast.UnboundedPreceding}, End: flipBound(frame.Start)}
	}
	for _, o := range win.Order {
		o = ast.OrderItem{Expr: ast.Col(w.col(o.Expr)), Desc: o.Desc, Nulls: o.Nulls}
		if reversed {
			o = reverseOrder(o)
		}
		spec.order = append(spec.order, o)
	}
	spec.key = fmt.Sprint(spec.partition, spec.order)
	found := false
	for _, s := range w.specs {
		if s.key == spec.key {
			spec, found = s, true
			break
		}
	}
	if !found {
		w.specs = append(w.specs, spec)
	}
	out := windowOut + strconv.Itoa(w.calls)
	w.calls++
	spec.calls = append(spec.calls, ast.WindowCall{Func: &f, Frame: frame, Out: out, IgnoreNulls: win.IgnoreNulls})
	return ast.Col(out), nil
}

// suffixFrame reports an aggregate over a frame from a moving start to
// the partition's end (ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING, a
// total of the rows to come). Computed as it is written, each row's frame
// would be added anew (the rest of the partition a row, all of it held);
// in the window's reverse order it is the frame from the partition's
// first row to the bound the start was, which one state takes a row at a
// time (windowCall.aggregate), and the pass's sort, spilling, makes that
// order. Not of an aggregate whose answer depends on the order of its
// rows (STRING_AGG would join them backwards, FIRST be LAST, ties of
// ARG_MIN and MODE go to the last row).
func suffixFrame(f *ast.Func, fr *ast.Frame) bool {
	return fr != nil && fr.End.Kind == ast.UnboundedFollowing && fr.Start.Kind != ast.UnboundedPreceding &&
		!isRankFunc(f.Name) && !isValueFunc(f.Name) && !aggregate.OrderSensitive(f.Name)
}

// flipBound is a frame's bound in the window's reverse order.
func flipBound(b ast.FrameBound) ast.FrameBound {
	switch b.Kind {
	case ast.Preceding:
		b.Kind = ast.Following
	case ast.Following:
		b.Kind = ast.Preceding
	case ast.UnboundedFollowing:
		b.Kind = ast.UnboundedPreceding
	case ast.UnboundedPreceding:
		b.Kind = ast.UnboundedFollowing
	}
	return b
}

// reverseOrder is an ORDER BY term that orders the other way, NULLs too
// (they come last by default, as in DuckDB).
func reverseOrder(o ast.OrderItem) ast.OrderItem {
	o.Desc = !o.Desc
	if o.Nulls == 1 {
		o.Nulls = 2
	} else {
		o.Nulls = 1
	}
	return o
}

// lastArg is f's last argument, nil when it has none.
func lastArg(f ast.Func) ast.Expr {
	if len(f.Args) == 0 {
		return nil
	}
	return f.Args[len(f.Args)-1]
}

// checkWindowCall checks a window function's arguments: how many, and
// the constants among them.
func checkWindowCall(f *ast.Func) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
	}
	constInt := func(i int, what string, min int64) error {
		l, ok := f.Args[i].(ast.Literal)
		if !ok || l.Value.K != types.Int {
			return bad("%s's %s must be a whole number, written as one", f.Name, what)
		}
		if l.Value.I < min {
			return bad("%s's %s must be at least %d", f.Name, what, min)
		}
		return nil
	}
	n := len(f.Args)
	switch f.Name {
	case "ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST":
		if n != 0 || f.Star {
			return bad("%s takes no arguments", f.Name)
		}
	case "NTILE":
		if n != 1 {
			return bad("NTILE takes one argument, the number of buckets")
		}
		return constInt(0, "number of buckets", 1)
	case "LAG", "LEAD":
		if n < 1 || n > 3 {
			return bad("%s takes one to three arguments (value, offset, default)", f.Name)
		}
		if n >= 2 {
			// A negative offset looks the other way, as DuckDB's does
			// (LEAD(x, -1) is LAG(x, 1)).
			return constInt(1, "offset", math.MinInt64)
		}
	case "FIRST_VALUE", "LAST_VALUE":
		if n != 1 {
			return bad("%s takes one argument", f.Name)
		}
	case "NTH_VALUE":
		if n != 2 {
			return bad("NTH_VALUE takes two arguments (value, place)")
		}
		return constInt(1, "place", 1)
	default:
		nargs := n
		if _, cond := f.Filter(); cond != nil {
			return bad("FILTER in %s over a window", f.Name)
		}
		if _, _, err := aggregate.Lookup(f.Name, nargs, f.Distinct, f.Separator); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		return nil
	}
	if f.Distinct {
		return bad("DISTINCT in %s", f.Name)
	}
	return nil
}

// deriveWindow runs a pass of window functions (t.Window) into a
// temporary file and returns it as a source.
func (s *Session) deriveWindow(ctx context.Context, t ast.Table, scope []scopeTable) (Source, func(), error) {
	wt := t.Window
	p, innerDone, err := s.planned(ctx, wt.Input, scope)
	if err != nil {
		return nil, nil, err
	}
	if log, ok := ctx.Value(subqueryLogKey{}).(*[]subqueryPlan); ok {
		*log = append(*log, subqueryPlan{sel: wt.Input, plan: p, window: true})
	}
	name := t.Alias
	if !explaining(ctx) && len(p.Columns) > 0 {
		// Its rows go straight into the query that reads them (EXPLAIN
		// makes the file, to count them).
		cols := slices.Clone(p.Columns)
		for _, c := range wt.Calls {
			cols = append(cols, c.Out)
		}
		windowStreamed.Add(1)
		ws := &windowStream{derivedStream: derivedStream{name: name, text: wt.String(), cols: cols, p: p}, t: wt, dir: s.Memory.TableDir()}
		// Its spill folder goes with the query, even when it never runs.
		return ws, func() { innerDone(); ws.dir.Close() }, nil
	}
	defer innerDone()
	dir := s.Memory.TableDir()
	d, err := writeDerived(dir, name, name, wt.String(), func(dw *derivedWriter) error {
		w := newWindowWriter(ctx, wt, dw, dir)
		defer w.part.reset()
		if _, err := exec.Stream(ctx, p, w); err != nil {
			return err
		}
		return w.flush()
	})
	if err != nil {
		dir.Close()
		return nil, nil, err
	}
	d.qual = t.Alias
	return d, func() { dir.Close() }, nil
}

// windowStreamed counts the passes whose rows went straight into their
// reader (for tests).
var windowStreamed atomic.Int64

// windowStream is a pass of window functions whose rows go from the
// window's partitions straight into the scan of the query that reads
// them (a plan.Producer, as the derivedStream it is made of), keeping
// their kinds: a pass is read once, by the next pass or by the query.
type windowStream struct {
	derivedStream
	t   *ast.WindowTable
	dir *spill.Dir // the partitions' spill files
}

func (w *windowStream) Produce(ctx context.Context, fork func() func([]types.Value) error) error {
	w.loan.Lend(exec.Budget(ctx)) // until the query says what it holds
	defer w.loan.Lend(0)
	defer w.dir.Close()
	ww := newWindowWriter(ctx, w.t, pushOut(fork()), w.dir)
	defer ww.part.reset()
	if _, err := exec.Stream(exec.Lending(ctx, &w.loan), w.p, ww); err != nil {
		return err
	}
	return ww.flush()
}

// distinctOn writes DuckDB's SELECT DISTINCT ON (e, …) … ORDER BY o, … as
// the query with QUALIFY ROW_NUMBER() OVER (PARTITION BY e, … ORDER BY o,
// …) = 1: the first row of each value of the expressions, in the query's
// order (which row of those that tie on it is not specified, as in
// DuckDB). The expressions and the order may name select items by alias
// or position, as ORDER BY does.
func distinctOn(sel *ast.Select) (*ast.Select, error) {
	if sel.Qualify != nil {
		return nil, fmt.Errorf("%w: DISTINCT ON with QUALIFY (filter in an inner query)", ErrUnsupported)
	}
	w := &ast.Window{Func: &ast.Func{Name: "ROW_NUMBER"}}
	for _, e := range sel.DistinctOn {
		x, err := plan.ItemRef(sel.Items, e, "DISTINCT ON", nil)
		if err != nil {
			return nil, err
		}
		w.Partition = append(w.Partition, x)
	}
	for _, o := range sel.OrderBy {
		x, err := plan.ItemRef(sel.Items, o.Expr, "ORDER BY", nil)
		if err != nil {
			return nil, err
		}
		o.Expr = x
		w.Order = append(w.Order, o)
	}
	terms := slices.Clone(w.Partition)
	for _, o := range w.Order {
		terms = append(terms, o.Expr)
	}
	for _, e := range terms {
		if ast.HasWindow(e) {
			// The rows' first of each would be a window over a window.
			return nil, fmt.Errorf("%w: DISTINCT ON whose terms or ORDER BY hold a window function (%s): compute it in an inner query, SELECT DISTINCT ON (…) … FROM (SELECT …, %s AS w FROM …) ORDER BY …, w", ErrUnsupported, e, e)
		}
	}
	out := *sel
	out.DistinctOn = nil
	out.Qualify = ast.Compare{Op: "=", L: w, R: ast.Literal{Value: types.IntValue(1), Text: "1"}}
	return &out, nil
}

// frameValues returns fr with its INTERVAL offsets computed (the parser
// leaves them as expressions: FrameBound.Offset).
func frameValues(fr *ast.Frame) (*ast.Frame, error) {
	if fr == nil || fr.Start.Offset == nil && fr.End.Offset == nil {
		return fr, nil
	}
	out := *fr
	for _, b := range []*ast.FrameBound{&out.Start, &out.End} {
		if b.Offset == nil {
			continue
		}
		v, err := intervalOf(b.Offset)
		if err != nil {
			return nil, fmt.Errorf("%w: a frame's offset %s: %w", ErrUnsupported, b.Offset, err)
		}
		if types.CompareIntervals(v, types.IntervalValue(0, 0, 0)) < 0 {
			return nil, fmt.Errorf("%w: a frame's offset %s is negative", ErrUnsupported, b.Offset)
		}
		b.Value, b.Offset = v, nil
	}
	return &out, nil
}

// intervalOf computes an INTERVAL n unit, DuckDB's INTERVAL '…' (a CAST
// of its text), or a sum of them.
func intervalOf(e ast.Expr) (types.Value, error) {
	switch x := e.(type) {
	case ast.Interval:
		if l, ok := x.X.(ast.Literal); ok {
			return function.MakeInterval(l.Value, x.Unit)
		}
	case ast.Cast:
		if l, ok := x.X.(ast.Literal); ok && x.To == types.Interval {
			return types.Cast(l.Value, types.Interval)
		}
	case ast.Arith:
		l, err := intervalOf(x.L)
		if err != nil {
			return l, err
		}
		r, err := intervalOf(x.R)
		if err != nil {
			return r, err
		}
		return types.Arith(x.Op, l, r)
	}
	return types.Value{}, fmt.Errorf("not an interval")
}
