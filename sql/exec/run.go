package exec

import (
	"context"
	"errors"
	"fmt"
	"reflect"
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
	// holding SpilledGroups group records (one group may be several).
	Spilled       int64
	SpillFiles    int
	SpilledGroups int64
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
	st.Spilled, st.SpillFiles, st.SpilledGroups = sp.Spilled, sp.SpillFiles, sp.SpilledGroups
	p.m[n] = st
}

// Run executes the plan and returns its result.
func Run(ctx context.Context, p *plan.Plan) (*Result, error) {
	sh, err := shapeOf(p.Root)
	if err != nil {
		return nil, err
	}
	now := clockOf(ctx)
	prof := &profiler{now: now, last: now(), m: map[plan.Node]OpStats{}}
	if sh.scan.Star {
		return runStar(ctx, p, sh, prof)
	}
	res := &Result{Columns: p.Columns, Profile: prof.m}
	var rows [][]types.Value
	sorted := false // rows are in ORDER BY order, cut to the window
	if sh.agg != nil {
		switch {
		case sh.sort != nil && sh.distinct == nil && sh.sort.Limit >= 0:
			// ORDER BY … LIMIT over groups: a top-N heap, not every row.
			ts := &sortSink{keys: sh.sort.Keys, n: int(min(sh.sort.Offset+sh.sort.Limit, 1<<40))}
			res.Stats, err = runAggregate(ctx, sh, prof, func(r []types.Value) error {
				_, err := ts.push(r, nil)
				return err
			})
			for _, it := range mergeSorted([]*sortSink{ts}, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset) {
				rows = append(rows, it.row)
			}
			sorted = true
			prof.done(sh.sort, len(rows))
		case sh.sort == nil && sh.distinct == nil && sh.limit != nil && len(p.GroupCols) > 0:
			// LIMIT without ORDER BY over groups: the groups come sorted by
			// their GROUP BY columns (below), so a heap of the first
			// OFFSET + LIMIT of them is the whole answer.
			keys := groupKeys(p)
			ts := &sortSink{keys: keys, n: int(min(sh.limit.Offset+sh.limit.N, 1<<40))}
			res.Stats, err = runAggregate(ctx, sh, prof, func(r []types.Value) error {
				_, err := ts.push(r, nil)
				return err
			})
			for _, it := range mergeSorted([]*sortSink{ts}, keys, -1, 0) {
				rows = append(rows, it.row)
			}
			sorted = true // and cut to the window by the Limit below
		default:
			res.Stats, err = runAggregate(ctx, sh, prof, func(r []types.Value) error {
				out := make([]types.Value, len(r))
				for i, v := range r {
					out[i] = v.Clone()
				}
				rows = append(rows, out)
				return nil
			})
		}
	} else {
		rows, res.Stats, err = runProjection(ctx, sh)
		prof.done(sh.scan, int(res.Stats.RowsPassed))
		prof.m[sh.project] = OpStats{Rows: res.Stats.RowsPassed}
		if sh.sort != nil && sh.distinct == nil {
			prof.done(sh.sort, len(rows))
		}
	}
	if err != nil {
		return nil, err
	}
	if sh.distinct != nil {
		rows = distinctRows(rows, sh.distinct.Width)
		prof.done(sh.distinct, len(rows))
	}
	switch {
	case sorted:
	case sh.sort != nil && (sh.agg != nil || sh.distinct != nil):
		rows = sortRows(rows, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset)
		prof.done(sh.sort, len(rows))
	case sh.sort != nil:
		// sorted (and cut to its window) by the scan
	case len(p.GroupCols) > 0:
		// Without ORDER BY a grouped result is sorted by its group
		// columns, so that output is stable.
		rows = sortRows(rows, groupKeys(p), -1, 0)
	}
	if sh.limit != nil {
		rows = limitRows(rows, sh.limit.N, sh.limit.Offset)
		prof.done(sh.limit, len(rows))
	}
	vis := len(p.Columns)
	for i, r := range rows {
		if len(r) > vis {
			rows[i] = r[:vis]
		}
	}
	res.Rows = rows
	return res, nil
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
}

func newProjector(p *plan.Project, clone bool) *projector {
	exprs := p.Exprs
	if clone {
		exprs = make([]plan.Expr, len(p.Exprs))
		for i, e := range p.Exprs {
			exprs[i] = plan.CloneExpr(e)
		}
	}
	return &projector{exprs: exprs}
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

// runProjection scans into per-worker collectors. Without ORDER BY and
// with a LIMIT it reads in path order with one worker, stopping once it
// has its rows.
func runProjection(ctx context.Context, sh shape) ([][]types.Value, Stats, error) {
	if sh.sort != nil && sh.distinct == nil {
		items, st, err := scanSorted(ctx, sh, false)
		rows := make([][]types.Value, len(items))
		for i, it := range items {
			rows[i] = it.row
		}
		return rows, st, err
	}
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
	if limit >= 0 && off+limit < int64(len(rows)) {
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
// order of first appearance.
func runStar(ctx context.Context, p *plan.Plan, sh shape, prof *profiler) (*Result, error) {
	var lines [][]byte
	var st Stats
	if sh.sort != nil {
		items, stats, err := scanSorted(ctx, sh, true)
		if err != nil {
			return nil, err
		}
		st = stats
		for _, it := range items {
			lines = append(lines, it.line)
		}
	} else {
		want := sh.scan.StopAfter
		if want == 0 {
			return &Result{Stats: Stats{FilesTotal: sh.scan.FilesTotal}}, nil
		}
		ls := &lineSink{want: want}
		stats, err := scan(ctx, sh.scan, true, sh.needed(), func(int) rowSink { return ls })
		if err != nil {
			return nil, err
		}
		st, lines = stats, ls.lines
	}
	prof.done(sh.scan, int(st.RowsPassed))
	if sh.sort != nil {
		prof.m[sh.project] = OpStats{Rows: st.RowsPassed}
		prof.done(sh.sort, len(lines))
	}
	res := &Result{Stats: st, Profile: prof.m}
	if err := starRows(res, lines); err != nil {
		return nil, err
	}
	if sh.limit != nil {
		res.Rows = limitRows(res.Rows, sh.limit.N, sh.limit.Offset)
		prof.done(sh.limit, len(res.Rows))
	}
	return res, nil
}

// scanSorted scans into per-worker sort sinks (top-N heaps under a limit)
// and merges them into the window ORDER BY … LIMIT … OFFSET asks for.
func scanSorted(ctx context.Context, sh shape, lines bool) ([]sortItem, Stats, error) {
	n := -1
	if sh.sort.Limit >= 0 {
		n = int(min(sh.sort.Offset+sh.sort.Limit, 1<<40))
	}
	var sinks []*sortSink
	st, err := scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
		s := &sortSink{pr: newProjector(sh.project, w > 0), keys: sh.sort.Keys, n: n, lines: lines}
		sinks = append(sinks, s)
		return s
	})
	if err != nil {
		return nil, st, err
	}
	return mergeSorted(sinks, sh.sort.Keys, sh.sort.Limit, sh.sort.Offset), st, nil
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
