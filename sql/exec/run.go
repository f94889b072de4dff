package exec

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"time"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// ErrCanceled reports a query stopped by its context.
var ErrCanceled = errors.New("canceled")

// Result is a query's answer.
type Result struct {
	Columns []string
	Rows    [][]types.Value
	Stats   Stats
	// Profile has, per node of the plan, the rows it produced and the
	// time spent in it (EXPLAIN ANALYZE). The scan's time includes the
	// operators it feeds row by row: the filter, the partial aggregates,
	// the projection below a sort.
	Profile map[plan.Node]OpStats
}

// OpStats is what one operator did.
type OpStats struct {
	Rows int64
	Time time.Duration
	// Spilled is the bytes written to spill files, in SpillFiles files,
	// holding SpilledGroups group records (one group may be several) or
	// SpilledRows rows of a sort's runs.
	Spilled       int64
	SpillFiles    int
	SpilledGroups int64
	SpilledRows   int64
	// Peak is the most bytes the operator's state held at once, as
	// accounted against the memory limit.
	Peak int64
}

type clockKey struct{}

// WithClock returns a context whose queries time their operators with now
// (tests inject a clock; the default is time.Now).
func WithClock(ctx context.Context, now func() time.Time) context.Context {
	return context.WithValue(ctx, clockKey{}, now)
}

func clockOf(ctx context.Context) func() time.Time {
	if now, ok := ctx.Value(clockKey{}).(func() time.Time); ok && now != nil {
		return now
	}
	return time.Now
}

// profiler records OpStats.
type profiler struct {
	now  func() time.Time
	last time.Time
	m    map[plan.Node]OpStats
}

// done charges the time since the last call to n, which produced rows.
func (p *profiler) done(n plan.Node, rows int) {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	t := p.now()
	p.m[n] = OpStats{Rows: int64(rows), Time: t.Sub(p.last)}
	p.last = t
}

// shape is the plan tree read from the root down: the binder builds
// Limit|Sort → Distinct → Project → Filter → Aggregate → Scan, each but
// Project and Scan optional (SELECT *: Limit|Sort → Scan).
type shape struct {
	limit    *plan.Limit
	sort     *plan.Sort
	distinct *plan.Distinct
	project  *plan.Project
	having   *plan.Filter
	agg      *plan.Aggregate
	scan     *plan.Scan
}

// needed returns, by slot of the scan, the fields the operators above the
// scan read.
func (sh shape) needed() []bool {
	out := make([]bool, len(sh.scan.Fields))
	mark := func(es ...plan.Expr) {
		for _, e := range es {
			for _, i := range plan.Slots(e) {
				out[i] = true
			}
		}
	}
	switch {
	case sh.agg != nil:
		mark(sh.agg.Groups...)
		for _, c := range sh.agg.Aggs {
			mark(c.Args...)
		}
	case sh.project != nil:
		mark(sh.project.Exprs...)
	}
	return out
}

func shapeOf(n plan.Node) (shape, error) {
	var s shape
	for n != nil {
		switch x := n.(type) {
		case *plan.Limit:
			s.limit = x
		case *plan.Sort:
			s.sort = x
		case *plan.Distinct:
			s.distinct = x
		case *plan.Project:
			s.project = x
		case *plan.Filter:
			s.having = x
		case *plan.Aggregate:
			s.agg = x
		case *plan.Scan:
			s.scan = x
			return s, nil
		default:
			return s, fmt.Errorf("exec: cannot run a %T", n)
		}
		n = n.Inputs()[0]
	}
	return s, errors.New("exec: a plan without a scan")
}

// doneAgg is done for an aggregate, with what it spilled.
func (p *profiler) doneAgg(n plan.Node, rows int, sp OpStats) {
	p.done(n, rows)
	st := p.m[n]
	st.Spilled, st.SpillFiles, st.SpilledGroups, st.Peak = sp.Spilled, sp.SpillFiles, sp.SpilledGroups, sp.Peak
	p.m[n] = st
}

// Run executes the plan and returns its result.
func Run(ctx context.Context, p *plan.Plan) (*Result, error) {
	sh, err := shapeOf(p.Root)
	if err != nil {
		return nil, err
	}
	prof := newProfiler(ctx)
	res := &Result{Columns: p.Columns, Profile: prof.m}
	_, drop := ctx.Value(dropKey{}).(bool)
	res.Stats, err = execute(ctx, p, sh, prof, &resultCollector{res: res, drop: drop}, !drop)
	if err != nil {
		return nil, err
	}
	return res, nil
}

func newProfiler(ctx context.Context) *profiler {
	now := clockOf(ctx)
	return &profiler{now: now, last: now(), m: map[plan.Node]OpStats{}}
}

type dropKey struct{}

// WithoutRows returns a context whose Run keeps no row of its result,
// only what the run measured: EXPLAIN ANALYZE's, which holds no result
// however big.
func WithoutRows(ctx context.Context) context.Context {
	return context.WithValue(ctx, dropKey{}, true)
}

// resultCollector is the Emitter of Run: it keeps the result, unless drop.
type resultCollector struct {
	res  *Result
	drop bool
}

func (c *resultCollector) Columns(names []string) error { c.res.Columns = names; return nil }

func (c *resultCollector) Row(r []types.Value) error {
	if !c.drop {
		c.res.Rows = append(c.res.Rows, r)
	}
	return nil
}

// execute runs the plan and sends its result to e; with keep, e keeps the
// rows it is given, so that no row sent may be reused after. Sorted
// results go out of the external sort as it merges, never whole.
func execute(ctx context.Context, p *plan.Plan, sh shape, prof *profiler, e Emitter, keep bool) (Stats, error) {
	ctx = producing(ctx, sh.scan)
	if sh.scan.Star {
		return runStar(ctx, sh, prof, e, keep)
	}
	if err := e.Columns(p.Columns); err != nil {
		return Stats{}, err
	}
	out := visibleRows(e, len(p.Columns))
	var (
		st     Stats
		err    error
		rows   [][]types.Value
		sorted bool // rows are in ORDER BY order, cut to the window
	)
	if sh.agg != nil {
		groups := groupsOf(ctx, sh, prof)
		switch {
		case sh.sort != nil && heapFits(sh.sort.Limit, sh.sort.Offset):
			// ORDER BY … LIMIT over groups: a top-N heap, not every row.
			hs := &heaps{keys: sh.sort.Keys, n: int(sh.sort.Offset + sh.sort.Limit)}
			st, err = groups(hs.outFor, hs.admitsFor)
			for _, it := range mergeSorted(hs.sinks, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset) {
				rows = append(rows, it.row)
			}
			sorted = true
			var sp sortSpill // nothing spilled: the heaps' peak
			sp.peak.Add(heapBytes(hs.sinks))
			prof.doneSort(sh.sort, len(rows), &sp)
		case sh.sort == nil && sh.limit != nil && len(p.GroupCols) > 0 && heapFits(sh.limit.N, sh.limit.Offset):
			// LIMIT without ORDER BY over groups: the groups come sorted by
			// their GROUP BY columns (below), so a heap of the first
			// OFFSET + LIMIT of them is the whole answer.
			keys := groupKeys(p)
			hs := &heaps{keys: keys, n: int(sh.limit.Offset + sh.limit.N)}
			st, err = groups(hs.outFor, nil)
			for _, it := range mergeSorted(hs.sinks, keys, -1, 0) {
				rows = append(rows, it.row)
			}
			sorted = true // and cut to the window by the Limit below
		case sh.sort == nil && sh.limit == nil && p.Unordered:
			emit := out
			if keep {
				emit = func(r []types.Value) error { return out(cloneRow(r)) }
			}
			return groups(serial(emit), nil)
		case sh.sort != nil || len(p.GroupCols) > 0:
			return sortAggregate(ctx, p, sh, prof, groups, out)
		default:
			st, err = groups(serial(func(r []types.Value) error {
				rows = append(rows, cloneRow(r))
				return nil
			}), nil)
		}
	} else {
		if sh.sort != nil && sh.distinct == nil {
			return scanSorted(ctx, sh, prof, nil, func(it *sortItem) error { return out(it.row) })
		}
		rows, st, err = runProjection(ctx, sh)
		prof.done(sh.scan, int(st.RowsPassed))
		prof.m[sh.project] = OpStats{Rows: st.RowsPassed}
	}
	if err != nil {
		return st, err
	}
	if sh.distinct != nil && sh.agg == nil {
		rows = distinctRows(rows, sh.distinct.Width)
		prof.done(sh.distinct, len(rows))
	}
	switch {
	case sorted:
	case sh.sort != nil:
		rows = sortRows(rows, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset)
		prof.done(sh.sort, len(rows))
	case len(p.GroupCols) > 0:
		// Without ORDER BY a grouped result is sorted by its group
		// columns, so that output is stable.
		rows = sortRows(rows, groupKeys(p), -1, 0)
	}
	if sh.limit != nil {
		rows = limitRows(rows, sh.limit.N, sh.limit.Offset)
		prof.done(sh.limit, len(rows))
	}
	for _, r := range rows {
		if err := out(r); err != nil {
			return st, err
		}
	}
	return st, nil
}

// visibleRows sends e each row's first vis values: the rest are the
// hidden sort keys of the projection.
func visibleRows(e Emitter, vis int) func([]types.Value) error {
	return func(r []types.Value) error { return e.Row(r[:min(len(r), vis)]) }
}

// groupsOf is how sh's groups are made and sent on: its aggregate's, or
// those of its SELECT DISTINCT over the aggregate.
func groupsOf(ctx context.Context, sh shape, prof *profiler) groupRun {
	if sh.distinct != nil {
		return distinctGroups(ctx, sh, prof)
	}
	return func(outFor func(w int) func([]types.Value) error, admitsFor func(w, key int) func(types.Value) bool) (Stats, error) {
		return runAggregate(ctx, sh, prof, outFor, admitsFor)
	}
}

// heaps are the top-N heaps of the groups, one per output of
// runAggregate, merged at the end.
type heaps struct {
	keys  []plan.SortKey
	n     int
	sinks []*sortSink
}

func (h *heaps) outFor(int) func([]types.Value) error {
	s := &sortSink{keys: h.keys, n: h.n}
	h.sinks = append(h.sinks, s)
	return func(r []types.Value) error {
		_, err := s.push(r, nil)
		return err
	}
}

// admitsFor is the admits of output w (see runAggregate): whether a row
// whose first sort key (column key) is v would go into the heap. A full
// heap turns away a row whose first key is after its last row's; and one
// equal to it when that key is the only one, as push does (the new row
// comes after the heap's rows of equal keys).
func (h *heaps) admitsFor(w, key int) func(types.Value) bool {
	s := h.sinks[w]
	k := h.keys[0]
	k.Col = 0
	one := []plan.SortKey{k}
	var x, y [1]types.Value
	return func(v types.Value) bool {
		if len(s.items) < s.n {
			return true
		}
		if s.n == 0 {
			return false
		}
		x[0], y[0] = v, s.items[0].row[key]
		c := compareRows(x[:], y[:], one)
		return c < 0 || c == 0 && len(h.keys) > 1
	}
}

// heapFits reports whether the window [off, off+limit) is small enough
// for a top-N heap (limit -1: no window).
func heapFits(limit, off int64) bool { return limit >= 0 && plan.AddRows(off, limit) <= heapMax }

func cloneRow(r []types.Value) []types.Value {
	out := make([]types.Value, len(r))
	for i, v := range r {
		out[i] = v.Clone()
	}
	return out
}

// sortAggregate sends the groups through the external sort: ORDER BY
// without a small LIMIT, or a grouped result in GROUP BY order.
func sortAggregate(ctx context.Context, p *plan.Plan, sh shape, prof *profiler, groups groupRun, out func([]types.Value) error) (Stats, error) {
	var (
		node     plan.Node = sh.sort
		keys     []plan.SortKey
		off, lim int64 = 0, -1
	)
	switch {
	case sh.sort != nil:
		keys, off, lim = sh.sort.Keys, sh.sort.Offset, sh.sort.Limit
	default:
		keys = groupKeys(p)
		if sh.limit != nil {
			node, off, lim = sh.limit, sh.limit.Offset, sh.limit.N
		}
	}
	mem := memoryOf(ctx)
	sp := &sortSpill{dir: mem.spillDir()}
	defer sp.dir.Close()
	// The aggregate's tables are still in memory while their groups come
	// out: the sorts take half the budget, a sorter per output (the
	// partitions of a spilled aggregate come out on every core).
	limit := mem.budget() / 2 / int64(max(runtime.GOMAXPROCS(0), 1))
	var srts []*sorter
	defer func() {
		for _, s := range srts {
			s.discard()
		}
	}()
	st, err := groups(func(w int) func([]types.Value) error {
		srt := newSorter(keys, limit, sp)
		srts = append(srts, srt)
		seq := uint64(w) << 40 // ties: any order, but one
		return func(r []types.Value) error {
			seq++
			return srt.add(sortItem{row: cloneRow(r), seq: seq})
		}
	}, nil)
	if err != nil {
		return st, err
	}
	n := 0
	err = finishSort(ctx, srts, keys, off, lim, func(it *sortItem) error {
		n++
		return out(it.row)
	})
	prof.doneSort(node, n, sp)
	return st, err
}

// doneSort is done for a sort, with its peak memory and what it spilled.
func (p *profiler) doneSort(n plan.Node, rows int, sp *sortSpill) {
	p.done(n, rows)
	if n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	st := p.m[n]
	st.Peak = sp.peak.Load()
	if runs := sp.runs.Load(); runs > 0 {
		st.Spilled, _ = sp.dir.Written()
		st.SpillFiles = int(runs)
		st.SpilledRows = sp.rows.Load()
	}
	p.m[n] = st
}

// groupKeys orders a grouped result without ORDER BY: by its group
// columns.
func groupKeys(p *plan.Plan) []plan.SortKey {
	var keys []plan.SortKey
	for _, c := range p.GroupCols {
		keys = append(keys, plan.SortKey{Col: c})
	}
	return keys
}

func limitRows(rows [][]types.Value, n, off int64) [][]types.Value {
	rows = rows[min(off, int64(len(rows))):]
	if int64(len(rows)) > n {
		rows = rows[:n]
	}
	return rows
}

// projector evaluates a projection on rows: one per worker.
type projector struct {
	exprs []plan.Expr
	// slots, when every expression is a slot (all), are theirs, copied
	// without Eval.
	slots []int
	all   bool
}

func newProjector(p *plan.Project, clone bool) *projector {
	exprs := p.Exprs
	if clone {
		exprs = make([]plan.Expr, len(p.Exprs))
		for i, e := range p.Exprs {
			exprs[i] = plan.CloneExpr(e)
		}
	}
	pr := &projector{exprs: exprs, all: true}
	for _, e := range exprs {
		sl, ok := e.(*plan.Slot)
		if !ok {
			pr.slots, pr.all = nil, false
			break
		}
		pr.slots = append(pr.slots, sl.I)
	}
	return pr
}

// identity reports a projection that gives every value of a row of n
// values, in order.
func (pr *projector) identity(n int) bool {
	if !pr.all || len(pr.slots) != n {
		return false
	}
	for i, sl := range pr.slots {
		if sl != i {
			return false
		}
	}
	return true
}

// row evaluates the projection on r into a new row whose texts are its own.
func (pr *projector) row(r plan.Row) ([]types.Value, error) {
	out, err := pr.eval(r, make([]types.Value, 0, len(pr.exprs)))
	for i := range out {
		out[i] = out[i].Clone()
	}
	return out, err
}

// eval evaluates the projection on r, appending to dst; the texts may
// point into the scan's buffers.
func (pr *projector) eval(r plan.Row, dst []types.Value) ([]types.Value, error) {
	if pr.all {
		for _, i := range pr.slots {
			dst = append(dst, r[i])
		}
		return dst, nil
	}
	for _, e := range pr.exprs {
		v, err := e.Eval(r)
		if err != nil {
			return nil, err
		}
		dst = append(dst, v)
	}
	return dst, nil
}

// collector is a worker's sink for a projection: the projected rows, in
// the order read, up to want (-1: all), and where each work item's rows
// start.
type collector struct {
	pr   *projector
	want int64
	rows [][]types.Value
	segs []segment
}

// segment is where the rows of work item chunk start in a collector.
type segment struct{ chunk, start int }

func (c *collector) startChunk(i int) { c.segs = append(c.segs, segment{i, len(c.rows)}) }

// inPathOrder gathers the collectors' rows in the order of the work items
// they came from: the order a sequential scan reads.
func inPathOrder(cs []*collector) [][]types.Value {
	type piece struct {
		chunk int
		rows  [][]types.Value
	}
	var pieces []piece
	for _, c := range cs {
		for k, sg := range c.segs {
			end := len(c.rows)
			if k+1 < len(c.segs) {
				end = c.segs[k+1].start
			}
			pieces = append(pieces, piece{sg.chunk, c.rows[sg.start:end]})
		}
	}
	slices.SortFunc(pieces, func(a, b piece) int { return a.chunk - b.chunk })
	var out [][]types.Value
	for _, p := range pieces {
		out = append(out, p.rows...)
	}
	return out
}

func (c *collector) push(r plan.Row, _ []byte) (bool, error) {
	out, err := c.pr.row(r)
	if err != nil {
		return false, err
	}
	c.rows = append(c.rows, out)
	return c.want >= 0 && int64(len(c.rows)) >= c.want, nil
}

// runProjection scans into per-worker collectors (the plan has no ORDER
// BY, or a DISTINCT below it). With a LIMIT it reads in path order with one worker, stopping once it
// has its rows.
func runProjection(ctx context.Context, sh shape) ([][]types.Value, Stats, error) {
	want := sh.scan.StopAfter
	// With a LIMIT, one worker reads in path order and stops early; without
	// one every core reads and inPathOrder restores the order.
	sequential := sh.sort == nil && want >= 0
	if want == 0 {
		return nil, Stats{FilesTotal: sh.scan.FilesTotal}, nil
	}
	var sinks []*collector
	st, err := scan(ctx, sh.scan, sequential, sh.needed(), func(w int) rowSink {
		c := &collector{pr: newProjector(sh.project, w > 0), want: want}
		sinks = append(sinks, c)
		return c
	})
	if err != nil {
		return nil, st, err
	}
	return inPathOrder(sinks), st, nil
}

// distinctRows keeps the first of each set of rows equal on their first
// width columns.
func distinctRows(rows [][]types.Value, width int) [][]types.Value {
	seen := map[string]struct{}{}
	var key []byte
	out := rows[:0]
	for _, r := range rows {
		key = key[:0]
		for _, v := range r[:width] {
			key = types.AppendKey(key, v)
		}
		if _, ok := seen[string(key)]; ok {
			continue
		}
		seen[string(key)] = struct{}{}
		out = append(out, r)
	}
	return out
}

// compareRows orders two rows by the keys: NULLs last unless a key says
// NULLS FIRST (DuckDB's default is NULLS LAST in both directions).
func compareRows(a, b []types.Value, keys []plan.SortKey) int {
	for _, k := range keys {
		x, y := a[k.Col], b[k.Col]
		xn, yn := x.K == types.Null, y.K == types.Null
		var c int
		switch {
		case xn && yn:
			continue
		case xn || yn:
			c = 1
			if yn {
				c = -1
			}
			if k.NullsFirst {
				c = -c
			}
			return c
		}
		c = types.Compare(x, y)
		if k.Desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// sortRows sorts rows stably; with limit >= 0 only the first off+limit
// are kept (then cut to the window by offset).
func sortRows(rows [][]types.Value, keys []plan.SortKey, limit, off int64) [][]types.Value {
	if limit >= 0 && plan.AddRows(off, limit) < int64(len(rows)) {
		// The scans' top-N heap, fed the finished rows.
		ts := &sortSink{keys: keys, n: int(off + limit)}
		for _, r := range rows {
			ts.push(r, nil)
		}
		items := mergeSorted([]*sortSink{ts}, keys, limit, off)
		rows = rows[:0]
		for _, it := range items {
			rows = append(rows, it.row)
		}
		return rows
	}
	slices.SortStableFunc(rows, func(a, b []types.Value) int { return compareRows(a, b, keys) })
	if limit >= 0 || off > 0 {
		if limit < 0 {
			limit = 1<<63 - 1
		}
		rows = limitRows(rows, limit, off)
	}
	return rows
}

// runStar runs SELECT * [WHERE] [ORDER BY field] [LIMIT]: the raw lines,
// turned into a table whose columns are every top-level field seen, in
// order of first appearance (in the result's order when a LIMIT keeps a
// few lines; in path order when the rows come out of the external sort).
func runStar(ctx context.Context, sh shape, prof *profiler, e Emitter, keep bool) (Stats, error) {
	if sh.sort != nil && !heapFits(sh.sort.Limit, sh.sort.Offset) {
		return starSorted(ctx, sh, prof, e, keep)
	}
	var lines [][]byte
	var st Stats
	var err error
	if sh.sort != nil {
		st, err = scanSorted(ctx, sh, prof, nil, func(it *sortItem) error {
			lines = append(lines, it.line)
			return nil
		})
		if err != nil {
			return st, err
		}
	} else {
		want := sh.scan.StopAfter
		if want == 0 {
			return Stats{FilesTotal: sh.scan.FilesTotal}, e.Columns(nil)
		}
		ls := &lineSink{want: want}
		st, err = scan(ctx, sh.scan, true, sh.needed(), func(int) rowSink { return ls })
		if err != nil {
			return st, err
		}
		lines = ls.lines
		prof.done(sh.scan, int(st.RowsPassed))
	}
	res := &Result{}
	if err := starRows(res, lines); err != nil {
		return st, err
	}
	if sh.limit != nil {
		res.Rows = limitRows(res.Rows, sh.limit.N, sh.limit.Offset)
		prof.done(sh.limit, len(res.Rows))
	}
	if err := e.Columns(res.Columns); err != nil {
		return st, err
	}
	for _, r := range res.Rows {
		if err := e.Row(r); err != nil {
			return st, err
		}
	}
	return st, nil
}

// starSorted runs SELECT * ORDER BY without a small LIMIT: the lines go
// through the external sort, and the sinks learn the fields' names as
// they keep them, so that the columns are known once the scan ends,
// before the first row goes out.
func starSorted(ctx context.Context, sh shape, prof *profiler, e Emitter, keep bool) (Stats, error) {
	var star map[string]int
	var row []types.Value
	var scratch [][]byte
	ready := func(sinks []*sortSink) error {
		first := map[string]nameAt{}
		for _, s := range sinks {
			for n, at := range s.names {
				if f, ok := first[n]; !ok || at.before(f) {
					first[n] = at
				}
			}
		}
		names := make([]string, 0, len(first))
		for n := range first {
			names = append(names, n)
		}
		slices.SortFunc(names, func(a, b string) int {
			if first[a].before(first[b]) {
				return -1
			}
			return 1
		})
		star = make(map[string]int, len(names))
		for i, n := range names {
			star[n] = i
		}
		row = make([]types.Value, len(names))
		return e.Columns(names)
	}
	return scanSorted(ctx, sh, prof, ready, func(it *sortItem) error {
		if err := starRow(it.line, star, row, &scratch); err != nil {
			return err
		}
		if keep {
			return e.Row(cloneRow(row))
		}
		return e.Row(row)
	})
}

// nameAt is where a field's name was first seen: the row, and the
// member's place in it.
type nameAt struct {
	seq uint64
	i   int
}

func (a nameAt) before(b nameAt) bool { return a.seq < b.seq || a.seq == b.seq && a.i < b.i }

// scanSorted scans into per-worker sort sinks (top-N heaps under a small
// limit, external sorters otherwise) and passes the rows of the window
// ORDER BY … LIMIT … OFFSET asks for to emit, in order, each emit's to
// keep. For SELECT * the items carry their lines, and ready, called once
// the scan ends and before the first row, sees the sinks (and the names
// they learnt).
func scanSorted(ctx context.Context, sh shape, prof *profiler, ready func([]*sortSink) error, emit func(*sortItem) error) (Stats, error) {
	n := -1
	if heapFits(sh.sort.Limit, sh.sort.Offset) {
		n = int(sh.sort.Offset + sh.sort.Limit)
	}
	lines := sh.scan.Star
	mem := memoryOf(ctx)
	sp := &sortSpill{dir: mem.spillDir()}
	defer sp.dir.Close()
	share := mem.budget() / int64(max(runtime.GOMAXPROCS(0), 1))
	var sinks []*sortSink
	var srts []*sorter
	defer func() {
		for _, s := range srts {
			s.discard()
		}
	}()
	st, err := scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
		s := &sortSink{pr: newProjector(sh.project, w > 0), keys: sh.sort.Keys, n: n, lines: lines}
		if n < 0 {
			s.srt = newSorter(sh.sort.Keys, share, sp)
			srts = append(srts, s.srt)
			if lines && ready != nil {
				s.names = map[string]nameAt{}
			}
		}
		sinks = append(sinks, s)
		return s
	})
	if err != nil {
		return st, err
	}
	prof.done(sh.scan, int(st.RowsPassed))
	prof.m[sh.project] = OpStats{Rows: st.RowsPassed}
	if ready != nil {
		if err := ready(sinks); err != nil {
			return st, err
		}
	}
	rows := 0
	count := func(it *sortItem) error {
		rows++
		return emit(it)
	}
	if n >= 0 {
		sp.peak.Add(heapBytes(sinks))
		for _, it := range mergeSorted(sinks, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset) {
			if err := count(&it); err != nil {
				return st, err
			}
		}
	} else if err := finishSort(ctx, srts, sh.sort.Keys, sh.sort.Offset, sh.sort.Limit, count); err != nil {
		return st, err
	}
	prof.doneSort(sh.sort, rows, sp)
	return st, nil
}

// lineSink keeps raw lines.
type lineSink struct {
	want  int64
	lines [][]byte
}

func (s *lineSink) push(_ plan.Row, line []byte) (bool, error) {
	s.lines = append(s.lines, append([]byte(nil), line...))
	return s.want >= 0 && int64(len(s.lines)) >= s.want, nil
}

func starRows(res *Result, lines [][]byte) error {
	index := map[string]int{}
	type cell struct {
		col int
		v   types.Value
	}
	parsed := make([][]cell, 0, len(lines))
	for _, line := range lines {
		var cells []cell
		err := storage.Members(line, func(name string, raw []byte) {
			i, ok := index[name]
			if !ok {
				i = len(res.Columns)
				index[name] = i
				res.Columns = append(res.Columns, name)
			}
			var scratch []byte
			cells = append(cells, cell{i, types.FromJSON(raw, false, &scratch).Clone()})
		})
		if err != nil {
			return err
		}
		parsed = append(parsed, cells)
	}
	for _, cells := range parsed {
		r := make([]types.Value, len(res.Columns))
		for _, c := range cells {
			r[c.col] = c.v
		}
		res.Rows = append(res.Rows, r)
	}
	return nil
}
