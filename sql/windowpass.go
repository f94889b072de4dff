package sql

// A pass of window functions at work: the rows of a window's partition,
// held and read back, and each call's value at each row (see window.go
// for how a query becomes its passes).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/types"
)

// windowWriter computes a pass's calls over the rows that come sorted by
// the window's partition and order, a partition at a time, and writes
// the rows with their values to next.
type windowWriter struct {
	t     *ast.WindowTable
	next  exec.Emitter
	dir   *spill.Dir
	limit int64 // what a partition holds in memory before it goes to a file
	// runs takes the values of a MEDIAN's (QUANTILE's, MODE's) state
	// over a frame from the partition's first row past a quarter of
	// limit (see aggregate.Runs).
	runs *aggregate.Runs

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

// newWindowWriter makes the writer of a pass's rows to next, its
// partitions holding a quarter of the query's budget before they go to
// files in dir.
func newWindowWriter(ctx context.Context, t *ast.WindowTable, next exec.Emitter, dir *spill.Dir) *windowWriter {
	limit := max(exec.Budget(ctx)/4, 4<<10)
	return &windowWriter{t: t, next: next, dir: dir, limit: limit, runs: aggregate.NewRuns(exec.RunFiles(dir), limit/4)}
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
	added int // rows added to state (frames that start at the first row)
	// The state's last result, while no row is added: the rows of a
	// frame of the whole partition, or of one peer group, share it (a
	// MEDIAN's sorts the partition's values once, not once a row).
	last    types.Value
	hasLast bool
	held    []windowHeld // rows of a frame that moves: their arguments
	// A frame that moves, of COUNT, SUM, AVG: a state that takes the
	// rows [lo, hi) of the partition, the rows leaving read by out (see
	// aggregate.Sliding). Of MIN and MAX: best, the rows that may yet be
	// a frame's best (a monotone queue).
	slide  aggregate.Sliding
	lo, hi int
	out    *rowCursor
	best   *bestQueue
	argv   []types.Value // scratch
	// IGNORE NULLS (see skipNulls): the rows read so far (scanned), and
	// the values not NULL that the call keeps: LAG's last offset ones,
	// LEAD's next ones, FIRST_VALUE's and LAST_VALUE's candidate.
	ignoreNulls bool
	scanned     int
	kept        []keptValue
	// rng: a RANGE frame with an offset (nil: none); grp: a GROUPS frame
	// with one.
	rng *rangeScan
	grp *groupScan
}

// groupScan finds a GROUPS frame's bounds: the window's ORDER BY columns,
// and for each bound with an offset a cursor, the place it reached, that
// row's peer group (from 1) and its order key.
type groupScan struct {
	cols       []int
	sCur, eCur *rowCursor
	sPos, ePos int
	sGroup     int
	eGroup     int
	sKey, eKey []byte
	scratch    []byte
}

// keptValue is a value that IGNORE NULLS keeps, and its row's place.
type keptValue struct {
	i int
	v types.Value
}

// rangeScan finds a RANGE frame's bounds by value: the window's one ORDER
// BY column and its order, and for each bound with an offset a cursor
// and the place it reached (they only move forward, as the rows' values
// do).
type rangeScan struct {
	col              int
	desc, nullsFirst bool
	sCur, eCur       *rowCursor
	sPos, ePos       int
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
		wc := &windowCall{name: c.Func.Name, frame: defaultFrame, ignoreNulls: c.IgnoreNulls}
		if c.Frame != nil {
			wc.frame = *c.Frame
		}
		if !wc.frame.Rows && (wc.frame.Start.Value.K != types.Null || wc.frame.End.Value.K != types.Null) {
			if len(w.orderCols) != 1 {
				return fmt.Errorf("%w: a RANGE frame with an offset orders by one expression, not %d", ErrUnsupported, len(w.orderCols))
			}
			key := w.t.Keys[w.t.Partition]
			wc.rng = &rangeScan{col: w.orderCols[0], desc: key.Desc, nullsFirst: key.Nulls == 1}
			w.needPeers = true
		}
		if wc.frame.Groups && (isOffset(wc.frame.Start) || isOffset(wc.frame.End)) {
			wc.grp = &groupScan{cols: w.orderCols}
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
		if (wc.name == "LAG" || wc.name == "LEAD") && len(wc.args) >= 2 && wc.args[1].v.I < 0 {
			// LEAD(x, -k) is LAG(x, k), and the other way.
			wc.name = map[string]string{"LAG": "LEAD", "LEAD": "LAG"}[wc.name]
			off := -wc.args[1].v.I
			if off < 0 { // -MinInt64
				off = math.MaxInt64
			}
			wc.args[1].v = types.IntValue(off)
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

// readsRows reports a call whose value reads other rows than the current
// one (LAG's, a frame's), through a cursor of its own.
func (c *windowCall) readsRows() bool {
	switch c.name {
	case "ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE":
		return false
	}
	return true
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
		c.scanned, c.kept = -1, c.kept[:0]
		if g := c.grp; g != nil {
			g.sPos, g.sGroup, g.ePos, g.eGroup = 0, 1, -1, 0
			g.sKey, g.eKey = g.sKey[:0], g.eKey[:0]
			if g.sCur, err = cursor(); err != nil {
				return err
			}
			if g.eCur, err = cursor(); err != nil {
				return err
			}
		}
		if c.rng != nil {
			c.rng.sPos, c.rng.ePos = 0, -1
			if c.rng.sCur, err = cursor(); err != nil {
				return err
			}
			if c.rng.eCur, err = cursor(); err != nil {
				return err
			}
		}
		if c.readsRows() {
			if c.cur, err = cursor(); err != nil {
				return err
			}
		}
		if c.agg != nil {
			c.state = c.agg.NewState(w.runs)
			c.hasLast = false
			c.slide, c.best, c.lo, c.hi = nil, nil, 0, 0
			if c.frame.Start.Kind != ast.UnboundedPreceding {
				if c.slide = aggregate.NewSliding(c.agg); c.slide != nil {
					if c.out, err = cursor(); err != nil {
						return err
					}
				} else if !c.agg.Distinct && (c.name == "MIN" || c.name == "MAX") {
					c.best = &bestQueue{want: 1}
					if c.name == "MIN" {
						c.best.want = -1
					}
				}
			}
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
	if c.ignoreNulls {
		return c.skipNulls(i, n, ps, pe, dense, r)
	}
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
	s, e, err := c.frameOf(i, n, ps, pe, dense, r)
	if err != nil {
		return types.Value{}, err
	}
	switch c.name {
	case "FIRST_VALUE", "LAST_VALUE", "NTH_VALUE":
		j := s
		switch c.name {
		case "LAST_VALUE":
			j = e
		case "NTH_VALUE":
			// The place past the frame's end (or past the partition:
			// j stays in range) is no row.
			j = s + int(min(c.args[1].v.I, int64(n)+1)) - 1
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
		if c.hasLast && c.added > e {
			return c.last, nil
		}
		for ; c.added <= e; c.added++ {
			row, err := c.cur.at(c.added)
			if err != nil {
				return types.Value{}, err
			}
			if err := c.state.Add(c.argsOf(row)); err != nil {
				return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
			}
		}
		v, err := aggregate.Final(c.state)
		if err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
		}
		c.last, c.hasLast = v, true
		return v, nil
	}
	if c.slide != nil {
		return c.slideTo(s, e)
	}
	if c.best != nil {
		return c.best.to(c, s, e)
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
	// The rows past the held ones, which the cursor has not read (a
	// frame's start and end only move forward).
	for ; next <= e; next++ {
		row, err := c.cur.at(next)
		if err != nil {
			return types.Value{}, err
		}
		args := make([]types.Value, len(c.args))
		for j, a := range c.args {
			args[j] = a.of(row).Clone()
		}
		c.held = append(c.held, windowHeld{i: next, args: args})
	}
	st := c.agg.New()
	for _, h := range c.held { // the frame's rows, and no other
		if err := st.Add(h.args); err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
		}
	}
	v, err := aggregate.Final(st)
	if err != nil {
		return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
	}
	return v, nil
}

// slideTo moves the sliding state's rows to the frame [s, e]: the rows
// before s go out, those up to e come in. Frames only move forward, and
// a frame that starts past every row the state took starts afresh, with
// no row read twice.
func (c *windowCall) slideTo(s, e int) (types.Value, error) {
	if s >= c.hi {
		c.slide = aggregate.NewSliding(c.agg)
		c.lo, c.hi = s, s
	}
	for ; c.lo < s; c.lo++ {
		row, err := c.out.at(c.lo)
		if err != nil {
			return types.Value{}, err
		}
		if err := c.slide.Remove(c.argsOf(row)); err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
		}
	}
	for ; c.hi <= e; c.hi++ {
		row, err := c.cur.at(c.hi)
		if err != nil {
			return types.Value{}, err
		}
		if err := c.slide.Add(c.argsOf(row)); err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", c.name, err)
		}
	}
	return c.slide.Result(), nil
}

// bestQueue is MIN's (want -1) or MAX's (want 1) value over a frame that
// moves: the rows of the frame that no later row of it beats, in order,
// the first the best (of values that tie, the first, as minmax keeps).
// A row is added once and dropped once: a frame of many rows costs no
// more than one of few.
type bestQueue struct {
	want  int
	vals  []keptValue
	first int // vals[first:] are the queue
	next  int // the next row to read
}

func (q *bestQueue) to(c *windowCall, s, e int) (types.Value, error) {
	q.next = max(q.next, s)
	for ; q.next <= e; q.next++ {
		row, err := c.cur.at(q.next)
		if err != nil {
			return types.Value{}, err
		}
		v := c.args[0].of(row)
		if v.K == types.Null {
			continue
		}
		for len(q.vals) > q.first && types.Compare(v, q.vals[len(q.vals)-1].v) == q.want {
			q.vals = q.vals[:len(q.vals)-1]
		}
		q.vals = append(q.vals, keptValue{i: q.next, v: v.Clone()})
	}
	for q.first < len(q.vals) && q.vals[q.first].i < s {
		q.vals[q.first] = keptValue{}
		q.first++
	}
	if q.first > len(q.vals)/2 && q.first > 64 {
		q.vals = append(q.vals[:0], q.vals[q.first:]...)
		q.first = 0
	}
	if q.first == len(q.vals) || s > e {
		return types.Value{}, nil
	}
	return q.vals[q.first].v, nil
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

// skipNulls is the value at row i of a call with IGNORE NULLS, which
// passes over the rows whose argument is NULL: LAG's (LEAD's) offset-th
// row before (after) row i of those that are not, the first (last) of
// them in the frame. Its cursor reads each row once, in order, and it
// keeps values, not rows: LAG the last offset of them, LEAD the next
// offset, FIRST_VALUE and LAST_VALUE one.
func (c *windowCall) skipNulls(i, n, ps, pe, dense int, r []types.Value) (types.Value, error) {
	// read reads the rows up to j (at most the partition's last), keeping
	// those of a value that keep takes.
	read := func(j int, keep func(k int, v types.Value)) error {
		for ; c.scanned < min(j, n-1); c.scanned++ {
			row, err := c.cur.at(c.scanned + 1)
			if err != nil {
				return err
			}
			if v := c.args[0].of(row); v.K != types.Null {
				keep(c.scanned+1, v.Clone())
			}
		}
		return nil
	}
	missing := func() types.Value {
		if (c.name == "LAG" || c.name == "LEAD") && len(c.args) == 3 {
			return c.args[2].of(r)
		}
		return types.Value{}
	}
	switch c.name {
	case "LAG", "LEAD":
		off := 1
		if len(c.args) >= 2 {
			off = int(min(c.args[1].v.I, int64(n)))
		}
		if off == 0 {
			return c.args[0].of(r), nil
		}
		if c.name == "LAG" {
			// The last off values of the rows before i.
			err := read(i-1, func(k int, v types.Value) {
				if len(c.kept) == off {
					c.kept = append(c.kept[:0], c.kept[1:]...)
				}
				c.kept = append(c.kept, keptValue{k, v})
			})
			if err != nil || len(c.kept) < off {
				return missing(), err
			}
			return c.kept[0].v, nil
		}
		// LEAD: the values of the rows after i, up to off of them.
		k := 0
		for k < len(c.kept) && c.kept[k].i <= i {
			k++
		}
		c.kept = append(c.kept[:0], c.kept[k:]...)
		for len(c.kept) < off && c.scanned < n-1 {
			if err := read(c.scanned+1, func(k int, v types.Value) {
				if k > i {
					c.kept = append(c.kept, keptValue{k, v})
				}
			}); err != nil {
				return types.Value{}, err
			}
		}
		if len(c.kept) < off {
			return missing(), nil
		}
		return c.kept[off-1].v, nil
	}
	s, e, err := c.frameOf(i, n, ps, pe, dense, r)
	if err != nil || s > e {
		return types.Value{}, err
	}
	if c.name == "LAST_VALUE" {
		// The last value of the rows up to the frame's end: the frame's
		// if it is not before its start.
		err := read(e, func(k int, v types.Value) { c.kept = append(c.kept[:0], keptValue{k, v}) })
		if err != nil || len(c.kept) == 0 || c.kept[0].i < s {
			return types.Value{}, err
		}
		return c.kept[0].v, nil
	}
	// FIRST_VALUE: the first value at or after the frame's start; the
	// rows are read past the frame's end only up to finding one.
	if len(c.kept) > 0 && c.kept[0].i < s {
		c.kept = c.kept[:0]
	}
	for len(c.kept) == 0 && c.scanned < n-1 {
		if err := read(c.scanned+1, func(k int, v types.Value) {
			if k >= s {
				c.kept = append(c.kept, keptValue{k, v})
			}
		}); err != nil {
			return types.Value{}, err
		}
	}
	if len(c.kept) == 0 || c.kept[0].i > e {
		return types.Value{}, nil
	}
	return c.kept[0].v, nil
}

// frameOf returns the frame of row i (r) of n, as bounds does, a RANGE
// frame's offsets read from the rows' values: its start the first row
// whose value is not before the row's value minus the start's offset (plus,
// in DESC order), its end the last whose value is not after the row's
// plus the end's offset. Rows whose value is NULL sort at one end: a
// value's frame has none of them by an offset (all of them by UNBOUNDED),
// and a NULL's frame by an offset is its peers, the NULLs, as DuckDB's.
func (c *windowCall) frameOf(i, n, ps, pe, dense int, r []types.Value) (s, e int, err error) {
	s, e = c.bounds(i, n, ps, pe)
	if c.grp != nil {
		return c.groupFrame(s, e, n, dense)
	}
	g := c.rng
	if g == nil {
		return s, e, nil
	}
	v := r[g.col]
	offset := isOffset
	if v.K == types.Null {
		if offset(c.frame.Start) {
			s = ps
		}
		if offset(c.frame.End) {
			e = pe
		}
		return s, e, nil
	}
	// target is v moved by b's offset, in the window's order.
	target := func(b ast.FrameBound) (types.Value, error) {
		op := types.Add
		if (b.Kind == ast.Preceding) != g.desc {
			op = types.Sub
		}
		t, err := types.Arith(op, v, b.Value)
		if err != nil {
			return t, fmt.Errorf("a RANGE frame's offset %s from %s: %w", b.Value, v, err)
		}
		return t, nil
	}
	before := func(a, b types.Value) bool {
		k := types.Compare(a, b)
		if g.desc {
			k = -k
		}
		return k < 0
	}
	if offset(c.frame.Start) {
		t, err := target(c.frame.Start)
		if err != nil {
			return 0, 0, err
		}
		for ; g.sPos < n; g.sPos++ {
			row, err := g.sCur.at(g.sPos)
			if err != nil {
				return 0, 0, err
			}
			if k := row[g.col]; k.K == types.Null && !g.nullsFirst || k.K != types.Null && !before(k, t) {
				break
			}
		}
		s = g.sPos
	}
	if offset(c.frame.End) {
		t, err := target(c.frame.End)
		if err != nil {
			return 0, 0, err
		}
		for ; g.ePos+1 < n; g.ePos++ {
			row, err := g.eCur.at(g.ePos + 1)
			if err != nil {
				return 0, 0, err
			}
			if k := row[g.col]; k.K == types.Null && !g.nullsFirst || k.K != types.Null && before(t, k) {
				break
			}
		}
		e = g.ePos
	}
	return s, e, nil
}

// isOffset reports a bound of an offset, n PRECEDING or n FOLLOWING.
func isOffset(b ast.FrameBound) bool { return b.Kind == ast.Preceding || b.Kind == ast.Following }

// groupFrame returns a GROUPS frame of the row of peer group dense (from
// 1), s and e being bounds' for its bounds without an offset: its start
// the first row of the group that many groups before (after) the row's,
// its end the last row of the group that many after (before); a group
// past either end of the partition is its first or last row.
func (c *windowCall) groupFrame(s, e, n, dense int) (int, int, error) {
	g := c.grp
	key := func(cur *rowCursor, j int, dst []byte) ([]byte, error) {
		row, err := cur.at(j)
		if err != nil {
			return dst, err
		}
		for _, k := range g.cols {
			dst = types.AppendKey(dst, row[k])
		}
		return dst, nil
	}
	target := func(b ast.FrameBound) int {
		if b.Kind == ast.Preceding {
			return dense - int(min(b.N, int64(n)))
		}
		return dense + int(min(b.N, int64(n)))
	}
	var err error
	if isOffset(c.frame.Start) {
		t := target(c.frame.Start)
		if g.sPos == 0 && len(g.sKey) == 0 {
			if g.sKey, err = key(g.sCur, 0, g.sKey[:0]); err != nil {
				return 0, 0, err
			}
		}
		for g.sGroup < t && g.sPos+1 < n {
			if g.scratch, err = key(g.sCur, g.sPos+1, g.scratch[:0]); err != nil {
				return 0, 0, err
			}
			g.sPos++
			if string(g.scratch) != string(g.sKey) {
				g.sGroup++
				g.sKey = append(g.sKey[:0], g.scratch...)
			}
		}
		s = g.sPos
		if g.sGroup < t { // past the last group
			s = n
		}
	}
	if isOffset(c.frame.End) {
		t := target(c.frame.End)
		for g.ePos+1 < n {
			if g.scratch, err = key(g.eCur, g.ePos+1, g.scratch[:0]); err != nil {
				return 0, 0, err
			}
			next := g.eGroup
			if g.ePos < 0 || string(g.scratch) != string(g.eKey) {
				next++
			}
			if next > t {
				break
			}
			g.ePos, g.eGroup = g.ePos+1, next
			g.eKey = append(g.eKey[:0], g.scratch...)
		}
		e = g.ePos
	}
	return s, e, nil
}
