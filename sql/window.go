package sql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
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
	groupBy, having, err := itemRefs(sel)
	if err != nil {
		return nil, err
	}
	inner := &ast.Select{From: sel.From, Where: sel.Where, GroupBy: groupBy, Having: having, Limit: -1}
	out := &ast.Select{Distinct: sel.Distinct, Limit: sel.Limit, Offset: sel.Offset}
	stars := 0
	for _, it := range sel.Items {
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
		name := it.Alias
		if name == "" {
			if c, ok := it.Expr.(ast.Column); ok {
				name = c.Name()
			} else {
				name = it.Expr.String()
			}
		}
		out.Items = append(out.Items, ast.SelectItem{Expr: e, Alias: name})
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
		q, err := w.qualify(sel.Qualify, sel.Items, out.Items, isField)
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
		return ok
	})
}

// itemRefs returns sel's GROUP BY with its terms that name a select item
// (by place, or by an alias that names no field the item reads) as the
// item's expression, and its HAVING with such aliases so: the binder's
// rule (see plan's resolveItemRef and havingAliases), for the inner
// query, whose select list is another.
func itemRefs(sel *ast.Select) ([]ast.Expr, ast.Expr, error) {
	alias := func(c ast.Column) ast.Expr {
		if len(c.Path) != 1 {
			return nil
		}
		for _, it := range sel.Items {
			if it.Alias != "" && strings.EqualFold(it.Alias, c.Path[0]) && !readsName(it.Expr, c.Path[0]) {
				return it.Expr
			}
		}
		return nil
	}
	var groupBy []ast.Expr
	for _, g := range sel.GroupBy {
		e := g
		if l, ok := g.(ast.Literal); ok && l.Value.K == types.Int {
			if l.Value.I < 1 || l.Value.I > int64(len(sel.Items)) {
				return nil, nil, fmt.Errorf("GROUP BY %d: the select list has %d items", l.Value.I, len(sel.Items))
			}
			e = sel.Items[l.Value.I-1].Expr
		} else if c, ok := g.(ast.Column); ok {
			if x := alias(c); x != nil {
				e = x
			}
		}
		if ast.HasWindow(e) {
			return nil, nil, fmt.Errorf("%w: GROUP BY a window function's value", ErrUnsupported)
		}
		if _, ok := e.(ast.Star); ok {
			return nil, nil, fmt.Errorf("%w: GROUP BY *", ErrUnsupported)
		}
		groupBy = append(groupBy, e)
	}
	var having func(ast.Expr) ast.Expr
	having = func(e ast.Expr) ast.Expr {
		if c, ok := e.(ast.Column); ok {
			for _, g := range groupBy {
				if readsName(g, c.Name()) {
					return e
				}
			}
			if x := alias(c); x != nil && !ast.HasWindow(x) {
				return x
			}
			return e
		}
		return ast.Map(e, having)
	}
	var h ast.Expr
	if sel.Having != nil {
		h = having(sel.Having)
	}
	return groupBy, h, nil
}

// readsName reports whether e reads a column of that name.
func readsName(e ast.Expr, name string) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		if c, ok := x.(ast.Column); ok && (c.Path[len(c.Path)-1] == name || c.Path[0] == name) {
			found = true
		}
		return !found
	})
	return found
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
// name of a select item's alias (items, as written, and outs, as the
// outer query has them) that item, unless it is a field's, the rest as
// outer makes it.
func (w *windowRewrite) qualify(e ast.Expr, items, outs []ast.SelectItem, isField func(string) bool) (ast.Expr, error) {
	alias := func(x ast.Expr) int {
		c, ok := x.(ast.Column)
		if !ok || len(c.Path) != 1 || isField(c.Path[0]) {
			return -1
		}
		for i, it := range items {
			if it.Alias != "" && strings.EqualFold(it.Alias, c.Path[0]) && !readsName(it.Expr, c.Path[0]) {
				return i
			}
		}
		return -1
	}
	readsAlias := false
	ast.Walk(e, func(x ast.Expr) bool {
		readsAlias = readsAlias || alias(x) >= 0
		return !readsAlias
	})
	switch {
	case alias(e) >= 0:
		return outs[alias(e)].Expr, nil
	case !readsAlias:
		return w.outer(e)
	}
	var err error
	out := ast.Map(e, func(x ast.Expr) ast.Expr {
		y, xerr := w.qualify(x, items, outs, isField)
		if xerr != nil && err == nil {
			err = xerr
		}
		return y
	})
	return out, err
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
	frame, reversed := win.Frame, suffixFrame(&f, win.Frame)
	if reversed {
		frame = &ast.Frame{Rows: frame.Rows, Start: ast.FrameBound{Kind: ast.UnboundedPreceding}, End: flipBound(frame.Start)}
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
	spec.calls = append(spec.calls, ast.WindowCall{Func: &f, Frame: frame, Out: out})
	return ast.Col(out), nil
}

// suffixFrame reports an aggregate over a frame from a moving start to
// the partition's end (ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING, a
// total of the rows to come). Computed as it is written, each row's frame
// would be added anew (the rest of the partition a row, all of it held);
// in the window's reverse order it is the frame from the partition's
// first row to the bound the start was, which one state takes a row at a
// time (windowCall.aggregate), and the pass's sort, spilling, makes that
// order.
func suffixFrame(f *ast.Func, fr *ast.Frame) bool {
	return fr != nil && fr.End.Kind == ast.UnboundedFollowing && fr.Start.Kind != ast.UnboundedPreceding &&
		!isRankFunc(f.Name) && !isValueFunc(f.Name)
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
			return constInt(1, "offset", 0)
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
		w := &windowWriter{t: wt, next: dw, dir: dir, limit: max(exec.Budget(ctx)/4, 4<<10)}
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
	ww := &windowWriter{t: w.t, next: pushOut(fork()), dir: w.dir, limit: max(exec.Budget(ctx)/4, 4<<10)}
	defer ww.part.reset()
	if _, err := exec.Stream(exec.Lending(ctx, &w.loan), w.p, ww); err != nil {
		return err
	}
	return ww.flush()
}

// windowWriter computes a pass's calls over the rows that come sorted by
// the window's partition and order, a partition at a time, and writes
// the rows with their values to next.
type windowWriter struct {
	t     *ast.WindowTable
	next  exec.Emitter
	dir   *spill.Dir
	limit int64 // what a partition holds in memory before it goes to a file

	ncols     int
	partCols  []int
	orderCols []int
	calls     []*windowCall
	needPeers bool // some call reads the current row's peer group's end

	part   partition
	key    []byte // the partition's
	kbuf   []byte
	out    []types.Value
	peers  []byte // scratch: order keys
	peers2 []byte
}

// windowCall is a call bound to the pass's columns.
type windowCall struct {
	name  string
	args  []windowArg
	frame ast.Frame
	agg   *aggregate.Func // an aggregate's
	// The cursors it reads rows through, made per partition.
	cur   *rowCursor
	state aggregate.State
	added int           // rows added to state (frames that start at the first row)
	held  []windowHeld  // rows of a frame that moves: their arguments
	argv  []types.Value // scratch
}

// windowHeld is a row of a moving frame: its place and arguments.
type windowHeld struct {
	i    int
	args []types.Value
}

// windowArg is an argument: a column of the rows, or a constant.
type windowArg struct {
	col int // -1: the constant
	v   types.Value
}

func (a windowArg) of(r []types.Value) types.Value {
	if a.col < 0 {
		return a.v
	}
	return r[a.col]
}

func (w *windowWriter) Columns(names []string) error {
	w.ncols = len(names)
	at := map[string]int{}
	for i, n := range names {
		at[n] = i
	}
	colOf := func(e ast.Expr) (int, error) {
		c, ok := e.(ast.Column)
		if !ok || len(c.Path) != 1 {
			return 0, fmt.Errorf("window pass: %s is not a column", e)
		}
		i, ok := at[c.Path[0]]
		if !ok {
			return 0, fmt.Errorf("window pass: no column %s", c.Path[0])
		}
		return i, nil
	}
	for k, o := range w.t.Keys {
		i, err := colOf(o.Expr)
		if err != nil {
			return err
		}
		if k < w.t.Partition {
			w.partCols = append(w.partCols, i)
		} else {
			w.orderCols = append(w.orderCols, i)
		}
	}
	out := append([]string(nil), names...)
	for _, c := range w.t.Calls {
		wc := &windowCall{name: c.Func.Name, frame: defaultFrame}
		if c.Frame != nil {
			wc.frame = *c.Frame
		}
		for _, a := range c.Func.Args {
			if l, ok := a.(ast.Literal); ok {
				wc.args = append(wc.args, windowArg{col: -1, v: l.Value})
				continue
			}
			i, err := colOf(a)
			if err != nil {
				return err
			}
			wc.args = append(wc.args, windowArg{col: i})
		}
		if !isRankFunc(wc.name) && !isValueFunc(wc.name) {
			f, _, err := aggregate.Lookup(c.Func.Name, len(c.Func.Args), c.Func.Distinct, c.Func.Separator)
			if err != nil {
				return err
			}
			wc.agg = f
		}
		if wc.name == "CUME_DIST" || wc.usesFrame() && (!wc.frame.Rows && (wc.frame.Start.Kind == ast.CurrentRow || wc.frame.End.Kind == ast.CurrentRow)) {
			w.needPeers = true
		}
		w.calls = append(w.calls, wc)
		out = append(out, c.Out)
	}
	return w.next.Columns(out)
}

// defaultFrame is the frame of a window that names none.
var defaultFrame = ast.Frame{Start: ast.FrameBound{Kind: ast.UnboundedPreceding}, End: ast.FrameBound{Kind: ast.CurrentRow}}

func isRankFunc(name string) bool {
	switch name {
	case "ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE", "LAG", "LEAD":
		return true
	}
	return false
}

func isValueFunc(name string) bool {
	return name == "FIRST_VALUE" || name == "LAST_VALUE" || name == "NTH_VALUE"
}

// usesFrame reports a call whose value depends on its frame.
func (c *windowCall) usesFrame() bool { return !isRankFunc(c.name) }

func (w *windowWriter) Row(r []types.Value) error {
	kb := w.kbuf[:0]
	for _, i := range w.partCols {
		kb = types.AppendKey(kb, r[i])
	}
	w.kbuf = kb
	if w.part.n > 0 && string(kb) != string(w.key) {
		if err := w.flush(); err != nil {
			return err
		}
	}
	if w.part.n == 0 {
		w.key = append(w.key[:0], kb...)
	}
	return w.part.add(r, w.limit, w.dir)
}

// flush computes the calls over the partition read so far and writes
// its rows.
func (w *windowWriter) flush() error {
	defer w.part.reset()
	n := w.part.n
	if n == 0 {
		return nil
	}
	var open []*rowCursor
	defer func() {
		for _, c := range open {
			c.close()
		}
	}()
	cursor := func() (*rowCursor, error) {
		c, err := w.part.cursor()
		if err == nil {
			open = append(open, c)
		}
		return c, err
	}
	cur, err := cursor()
	if err != nil {
		return err
	}
	var peer *rowCursor
	if w.needPeers && len(w.orderCols) > 0 {
		if peer, err = cursor(); err != nil {
			return err
		}
	}
	for _, c := range w.calls {
		c.cur, c.state, c.added, c.held = nil, nil, 0, c.held[:0]
		if c.name != "ROW_NUMBER" && c.name != "RANK" && c.name != "DENSE_RANK" && c.name != "PERCENT_RANK" && c.name != "CUME_DIST" && c.name != "NTILE" {
			if c.cur, err = cursor(); err != nil {
				return err
			}
		}
		if c.agg != nil {
			c.state = c.agg.New()
		}
	}
	rank, dense, ps, pe := 0, 0, 0, n-1
	for i := 0; i < n; i++ {
		r, err := cur.at(i)
		if err != nil {
			return err
		}
		if len(w.orderCols) > 0 {
			k := w.orderKey(w.peers[:0], r)
			w.peers = k
			if i == 0 || string(k) != string(w.peers2) {
				rank, ps = i+1, i
				dense++
				w.peers2 = append(w.peers2[:0], k...)
				if peer != nil {
					// The peer group ends before the first row of another
					// order key.
					pe = max(i, peer.i)
					for pe+1 < n {
						pr, err := peer.at(pe + 1)
						if err != nil {
							return err
						}
						if string(w.orderKey(w.peers[:0], pr)) != string(w.peers2) {
							break
						}
						pe++
					}
					w.peers = w.peers[:0]
				}
			}
		} else if i == 0 {
			rank, dense = 1, 1
		}
		out := append(w.out[:0], r...)
		for _, c := range w.calls {
			v, err := c.value(i, n, rank, dense, ps, pe, r)
			if err != nil {
				return err
			}
			out = append(out, v)
		}
		w.out = out
		if err := w.next.Row(out); err != nil {
			return err
		}
	}
	return nil
}

// orderKey appends the key of r's ORDER BY values.
func (w *windowWriter) orderKey(dst []byte, r []types.Value) []byte {
	for _, i := range w.orderCols {
		dst = types.AppendKey(dst, r[i])
	}
	return dst
}

// bounds returns the frame of row i of n, rows [s, e] (empty when s >
// e), its peer group being [ps, pe].
func (c *windowCall) bounds(i, n, ps, pe int) (s, e int) {
	at := func(b ast.FrameBound, start bool) int {
		switch b.Kind {
		case ast.UnboundedPreceding:
			return 0
		case ast.Preceding:
			return i - int(min(b.N, int64(n)))
		case ast.Following:
			return i + int(min(b.N, int64(n)))
		case ast.UnboundedFollowing:
			return n - 1
		}
		switch {
		case c.frame.Rows:
			return i
		case start:
			return ps
		}
		return pe
	}
	s, e = max(at(c.frame.Start, true), 0), min(at(c.frame.End, false), n-1)
	return s, e
}

// value is the call's value at row i of n (r), of rank and dense rank,
// its peer group [ps, pe].
func (c *windowCall) value(i, n, rank, dense, ps, pe int, r []types.Value) (types.Value, error) {
	switch c.name {
	case "ROW_NUMBER":
		return types.IntValue(int64(i + 1)), nil
	case "RANK":
		return types.IntValue(int64(rank)), nil
	case "DENSE_RANK":
		return types.IntValue(int64(dense)), nil
	case "PERCENT_RANK":
		if n == 1 {
			return types.FloatValue(0), nil
		}
		return types.FloatValue(float64(rank-1) / float64(n-1)), nil
	case "CUME_DIST":
		return types.FloatValue(float64(pe+1) / float64(n)), nil
	case "NTILE":
		b := int(min(c.args[0].v.I, int64(n)))
		q, rem := n/b, n%b
		if i < rem*(q+1) {
			return types.IntValue(int64(i/(q+1) + 1)), nil
		}
		return types.IntValue(int64((i-rem*(q+1))/q + rem + 1)), nil
	case "LAG", "LEAD":
		off := int64(1)
		if len(c.args) >= 2 {
			off = c.args[1].v.I
		}
		j := int64(i) - off
		if c.name == "LEAD" {
			j = int64(i) + off
		}
		if j < 0 || j >= int64(n) {
			if len(c.args) == 3 {
				return c.args[2].of(r), nil
			}
			return types.Value{}, nil
		}
		row, err := c.cur.at(int(j))
		if err != nil {
			return types.Value{}, err
		}
		return c.args[0].of(row), nil
	}
	s, e := c.bounds(i, n, ps, pe)
	switch c.name {
	case "FIRST_VALUE", "LAST_VALUE", "NTH_VALUE":
		j := s
		switch c.name {
		case "LAST_VALUE":
			j = e
		case "NTH_VALUE":
			j = s + int(min(c.args[1].v.I, int64(n))) - 1
		}
		if s > e || j > e {
			return types.Value{}, nil
		}
		row, err := c.cur.at(j)
		if err != nil {
			return types.Value{}, err
		}
		return c.args[0].of(row), nil
	}
	return c.aggregate(s, e)
}

// aggregate is an aggregate's value over the frame [s, e]: of a state
// that takes each row once when every frame starts at the partition's
// first row, else of a new state over the rows of the frame, which it
// holds.
func (c *windowCall) aggregate(s, e int) (types.Value, error) {
	if c.frame.Start.Kind == ast.UnboundedPreceding {
		for ; c.added <= e; c.added++ {
			row, err := c.cur.at(c.added)
			if err != nil {
				return types.Value{}, err
			}
			if err := c.state.Add(c.argsOf(row)); err != nil {
				return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
			}
		}
		return c.state.Result(), nil
	}
	k := 0
	for k < len(c.held) && c.held[k].i < s {
		k++
	}
	c.held = append(c.held[:0], c.held[k:]...)
	next := s
	if len(c.held) > 0 {
		next = c.held[len(c.held)-1].i + 1
	}
	for ; next <= e; next++ {
		row, err := c.cur.at(max(next, c.cur.i))
		if err != nil {
			return types.Value{}, err
		}
		if c.cur.i != next {
			continue // read before: a frame that moved past it
		}
		args := make([]types.Value, len(c.args))
		for j, a := range c.args {
			args[j] = a.of(row).Clone()
		}
		c.held = append(c.held, windowHeld{i: next, args: args})
	}
	st := c.agg.New()
	for _, h := range c.held {
		if h.i > e {
			break
		}
		if err := st.Add(h.args); err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
		}
	}
	return st.Result(), nil
}

// argsOf returns the call's arguments of row r.
func (c *windowCall) argsOf(r []types.Value) []types.Value {
	c.argv = c.argv[:0]
	for _, a := range c.args {
		c.argv = append(c.argv, a.of(r))
	}
	return c.argv
}

// windowSpills counts the partitions that went to a file (for tests).
var windowSpills atomic.Int64

// partition holds the rows of one partition: in memory, and past limit
// bytes all of them in a spill file, read back by cursors. In memory, the
// rows' values lie in one slice and their texts in one buffer, kept from
// partition to partition: a row costs no allocation of its own (TPC-H's
// lineitem at SF 1 by order: 6M rows, the collector's work a fifth of
// the pass's with a slice each).
type partition struct {
	vals  []types.Value // n rows of width values
	width int
	text  []byte // the texts of vals
	bytes int64
	file  *spill.Writer
	n     int
	enc   []byte
}

func (p *partition) add(r []types.Value, limit int64, dir *spill.Dir) error {
	if p.file == nil {
		p.width = len(r)
		for _, v := range r {
			v = v.Unspelled()
			if v.S != "" {
				// The text's bytes stay where they are when the buffer
				// grows: a new one takes the rest.
				if len(p.text)+len(v.S) > cap(p.text) {
					p.text = make([]byte, 0, max(2*cap(p.text), len(v.S), 4096))
				}
				at := len(p.text)
				p.text = append(p.text, v.S...)
				v.S = unsafeString(p.text[at:])
			}
			p.vals = append(p.vals, v)
			p.bytes += int64(unsafe.Sizeof(v)) + int64(len(v.S))
		}
		p.n++
		if p.bytes <= limit {
			return nil
		}
		f, err := dir.Create()
		if err != nil {
			return err
		}
		windowSpills.Add(1)
		p.file = f
		for i := range p.n {
			if err := p.write(p.row(i)); err != nil {
				return err
			}
		}
		p.vals, p.text, p.bytes = nil, nil, 0
		return nil
	}
	p.n++
	return p.write(r)
}

// unsafeString is b's bytes as a string, with no copy.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// row is row i of a partition in memory.
func (p *partition) row(i int) []types.Value {
	return p.vals[i*p.width : (i+1)*p.width : (i+1)*p.width]
}

func (p *partition) write(r []types.Value) error {
	b := p.enc[:0]
	for _, v := range r {
		b = types.AppendValue(b, v.Unspelled())
	}
	p.enc = b
	return p.file.Write(b)
}

// reset empties the partition. Its texts' buffer is written again, so the
// rows sent on must not be kept (a scan's rows are not).
func (p *partition) reset() {
	if p.file != nil {
		p.file.Discard()
	}
	p.vals, p.text, p.bytes, p.file, p.n = p.vals[:0], p.text[:0], 0, nil, 0
}

// cursor returns a reader of the partition's rows from the first.
func (p *partition) cursor() (*rowCursor, error) {
	c := &rowCursor{p: p, i: -1}
	if p.file != nil {
		r, err := p.file.Reread()
		if err != nil {
			return nil, err
		}
		c.r = r
	}
	return c, nil
}

// rowCursor reads a partition's rows in order.
type rowCursor struct {
	p   *partition
	r   *spill.Reader // the partition's file, when it has one
	i   int           // the row read last (-1: none)
	row []types.Value
}

// at returns row j, which must not be before the one read last; it is
// valid until the next call.
func (c *rowCursor) at(j int) ([]types.Value, error) {
	if c.r == nil {
		c.i = j
		return c.p.row(j), nil
	}
	if j < c.i {
		return nil, errors.New("window pass: a cursor went back")
	}
	for c.i < j {
		b, err := c.r.Next()
		if err == io.EOF {
			return nil, errors.New("window pass: a partition's file ended early")
		}
		if err != nil {
			return nil, err
		}
		row := c.row[:0]
		for len(b) > 0 {
			var v types.Value
			if v, b, err = types.ReadValue(b); err != nil {
				return nil, err
			}
			row = append(row, v)
		}
		c.row = row
		c.i++
	}
	return c.row, nil
}

func (c *rowCursor) close() {
	if c.r != nil {
		c.r.Close()
	}
}
