package exec

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// aggSink is one worker's partial aggregate: a hash table of groups keyed
// by the encoding of their GROUP BY values (types.AppendKey).
type aggSink struct {
	groups     []plan.Expr
	groupSlots []int // for pushRaw: the slot of each GROUP BY field
	calls      []aggCall
	table      *groupTable
	keybuf     []byte
	keyv       []types.Value
	valbuf     []byte
	recent     [recentSlots]recent   // with one GROUP BY value: recent values (raw spellings in pushRaw) and their groups
	shortKeys  [recentSlots]shortKey // with several: recent keys of at most 16 bytes and their groups
	scratch    []byte
	kscratch   [][]byte // pushRaw's scratch for each GROUP BY value of a row

	// Memory: the table's accounted bytes (mem, and acct for states that
	// grow with their rows) against limit; past it the groups go to the
	// spill files of their hash's partition (see spill.go).
	mem, acct int64
	peak      int64 // the most mem + acct held before a reset
	// Direct mode (see spill.go): rows counts the rows taken since the
	// last flush.
	rows    int64
	direct  bool
	sketch  sketch // of direct mode's keys
	checked bool   // early has looked at the table
	// expect is the rows the worker's scan is expected to pass (its share
	// of the files' rows; 0: unknown).
	expect int64
	limit  int64
	sp     *aggSpill
	files  []*spill.Writer // by partition, made at the first flush
	rec    []byte          // a group's record, being written
	rech   uint64          // in direct mode, the hash of rec's key

	outs []aggOut // by aggregate of the plan: where its result comes from
	// The GROUP BY values: ngroups in all, groups (hashed, at keyPos)
	// and derived (computed from them per group).
	ngroups int
	keyPos  []int
	derived []derivedGroup
	drow    plan.Row // a row holding a group's key fields, for derived
	// stateBytes is what one group's states cost their columns.
	stateBytes int
	vals       []types.Value // a group's values, being decoded

	// The batch (see batchRaw): rows of one integer GROUP BY value whose
	// calls all take an integer or nothing, held back to be added
	// together. bkeys holds each row's value, bargs[i] the argument of
	// call i by row (nil for COUNT(*)), bgroups their groups.
	batchOK bool
	bcap    int // the rows a batch may hold now (see batchRoom)
	bkeys   []int64
	bargs   [][]int64
	bgroups []int32
}

// batchRows is the most rows a batch holds.
const batchRows = 128

// anIntKey is the key of an integer, as long as any.
var anIntKey = types.AppendKey(nil, types.IntValue(0))

// derivable reports a GROUP BY expression that is one value per group of
// the key fields: a constant, or a key field plus or minus a constant.
// Only such: values that are equal as group keys but not identical (1 and
// 1.0, a DATE and its midnight TIMESTAMP) must give equal values, which
// CAST(x AS VARCHAR), say, would not.
func derivable(e plan.Expr, keySlots map[int]bool) bool {
	switch e := e.(type) {
	case *plan.Const:
		return true
	case *plan.ArithExpr:
		if e.Op != types.Add && e.Op != types.Sub {
			return false
		}
		l, lok := e.L.(*plan.Slot)
		r, rok := e.R.(*plan.Slot)
		_, lc := e.L.(*plan.Const)
		_, rc := e.R.(*plan.Const)
		return lok && rc && keySlots[l.I] || rok && lc && keySlots[r.I]
	}
	return false
}

// derivedGroup is a GROUP BY expression computed per group from the key
// fields it reads.
type derivedGroup struct {
	pos int
	e   plan.Expr
}

// aggOut is where an aggregate's result comes from: its call's state, or
// derived from another call's state (plan.AggCall.Derive).
type aggOut struct {
	call   int
	derive func(aggregate.State) types.Value
}

// recent is an entry of aggSink.recent. Most rows of a GROUP BY on a
// string of few values repeat a recent value: comparing it with the
// cached one finds the group (its number + 1; 0: none) without encoding a
// key or hashing it.
type recent struct {
	s string
	n int32
}

// recentSlots is the size of aggSink.recent, a power of two; recentMax
// the longest raw spelling pushRaw keeps a copy of there (64 values of 4
// MiB held 32 MB more than the groups of a SELECT DISTINCT).
const (
	recentBits  = 6
	recentSlots = 1 << recentBits
	recentMax   = 1 << 10
)

// recentSlot places a string in aggSink.recent by its length and two of
// its bytes, which tell apart most values of a field of few values.
func recentSlot(s string) int {
	n := len(s)
	if n == 0 {
		return 0
	}
	return (n*131 + int(s[n/2])*7 + int(s[n-1-n/4])) & (recentSlots - 1)
}

type aggCall struct {
	fn   *aggregate.Func
	args []plan.Expr
	buf  []types.Value
	// same: the index of an earlier call with the same one argument,
	// whose value this row reuses; -1 for none.
	same    int
	one     bool // one argument, and the state is an aggregate.OneArg
	argSlot int  // for pushRaw: the slot of the one argument, -1 for none
	count   bool // COUNT(x), whose batch takes no value of x (batchRaw)
	shared  bool // a later call reuses this one's argument (see same)
}

func newAggSink(a *plan.Aggregate, clone bool, seed maphash.Seed, limit int64, sp *aggSpill) *aggSink {
	s := &aggSink{limit: limit, sp: sp, ngroups: len(a.Groups), keybuf: make([]byte, 0, 64)}
	// A GROUP BY expression of fields that are GROUP BY values themselves
	// (ClientIP - 1 beside ClientIP; a constant beside a field) is one
	// value per group: it is computed once per group at the end, not part
	// of every row's key.
	keySlots := map[int]bool{}
	for _, g := range a.Groups {
		if sl, ok := g.(*plan.Slot); ok {
			keySlots[sl.I] = true
		}
	}
	for pos, g := range a.Groups {
		if clone {
			g = plan.CloneExpr(g)
		}
		if len(keySlots) > 0 && derivable(g, keySlots) {
			s.derived = append(s.derived, derivedGroup{pos: pos, e: g})
			continue
		}
		s.groups = append(s.groups, g)
		s.keyPos = append(s.keyPos, pos)
	}
	if s.derived != nil {
		s.drow = make(plan.Row, slices.Max(slices.Collect(maps.Keys(keySlots)))+1)
	}
	s.keyv = ownLines[types.Value](len(s.groups))
	s.kscratch = ownLines[[]byte](len(s.groups))
	s.scratch = ownLines[byte](0)
	callOf := make([]int, len(a.Aggs)) // by aggregate, its call
	for i, c := range a.Aggs {
		if c.Derive != nil {
			s.outs = append(s.outs, aggOut{call: callOf[c.Base], derive: c.Derive})
			continue
		}
		ac := aggCall{fn: c.Func, same: -1}
		if len(c.Args) == 1 {
			for j := range s.calls {
				if o := s.calls[j].args; len(o) == 1 && o[0].String() == c.Args[0].String() {
					ac.same = j
					s.calls[j].shared = true
					break
				}
			}
		}
		for _, e := range c.Args {
			if clone {
				e = plan.CloneExpr(e)
			}
			ac.args = append(ac.args, e)
		}
		_, isOne := c.Func.New().(aggregate.OneArg)
		ac.one = len(c.Args) == 1 && isOne
		callOf[i] = len(s.calls)
		s.outs = append(s.outs, aggOut{call: len(s.calls)})
		s.calls = append(s.calls, ac)
	}
	// What the calls write per row has cache lines of its own.
	s.calls = append(ownLines[aggCall](0), s.calls...)
	for i := range s.calls {
		s.calls[i].buf = ownLines[types.Value](0)
	}
	s.shareArgs()
	s.table = newGroupTable(seed, s.columns(&s.acct))
	for _, c := range s.table.cols {
		s.stateBytes += c.StateBytes()
	}
	return s
}

// columns makes a column for each call's states (see aggregate.Column).
func (s *aggSink) columns(acct *int64) []aggregate.Column {
	var runs *aggregate.Runs
	if s.sp != nil {
		runs = s.sp.runs
	}
	cols := make([]aggregate.Column, len(s.calls))
	for i, c := range s.calls {
		cols[i] = c.fn.NewColumn(acct, runs)
	}
	return cols
}

// rawOK reports whether the sink can take raw rows: every GROUP BY value
// and every argument is a field, every aggregate takes one argument or
// none.
func (s *aggSink) rawOK() bool {
	for _, g := range s.groups {
		if _, ok := g.(*plan.Slot); !ok {
			return false
		}
	}
	for _, c := range s.calls {
		if len(c.args) > 1 || len(c.args) == 1 && !c.one {
			return false
		}
		if len(c.args) == 1 {
			if _, ok := c.args[0].(*plan.Slot); !ok {
				return false
			}
		}
	}
	s.groupSlots = s.groupSlots[:0]
	for _, g := range s.groups {
		s.groupSlots = append(s.groupSlots, g.(*plan.Slot).I)
	}
	for i := range s.calls {
		c := &s.calls[i]
		c.argSlot = -1
		if len(c.args) == 1 {
			c.argSlot = c.args[0].(*plan.Slot).I
		}
		c.count = c.fn.Name == "COUNT" && !c.fn.Distinct
	}
	s.batchOK = len(s.groups) == 1
	for i, c := range s.calls {
		s.batchOK = s.batchOK && aggregate.IntsColumn(s.table.cols[i]) &&
			(c.argSlot >= 0 || c.fn.Name == "COUNT")
	}
	s.batchRoom()
	if s.batchOK && s.bkeys == nil {
		s.bkeys = make([]int64, 0, batchRows)
		s.bgroups = make([]int32, batchRows)
		s.bargs = make([][]int64, len(s.calls))
		for i, c := range s.calls {
			if c.argSlot >= 0 {
				s.bargs[i] = make([]int64, 0, batchRows)
			}
		}
	}
	return true
}

// pushRaw is push for a row given as the raw JSON of its slots. With one
// GROUP BY field, most rows spell their value as a recent row of the same
// group did, and equal raw text is an equal value: the cache of recent
// spellings finds the group without decoding the value.
func (s *aggSink) pushRaw(raws [][]byte, plain bool) (bool, error) {
	var t *groupTable
	var g int
	switch len(s.groups) {
	case 0:
		t, g = s.table, s.singleGroup()
	case 1:
		raw := raws[s.groupSlots[0]]
		if s.batchOK && !s.direct {
			if n, ok := types.ParseJSONInt(raw); ok && s.batchRaw(n, raws) {
				if len(s.bkeys) >= s.bcap {
					return false, s.addBatch()
				}
				return false, nil
			}
			// Rows are added in their order: the batch goes first (and
			// may turn direct mode on).
			if err := s.addBatch(); err != nil {
				return false, err
			}
		}
		if s.direct {
			t, g = s.lookup(types.FromJSON(raw, plain, &s.scratch))
			break
		}
		if n, ok := types.ParseJSONInt(raw); ok {
			if g = s.table.ints.get(n); g < 0 {
				g = s.indexInt(n, types.FromJSON(raw, plain, &s.scratch))
			}
			t = s.table
			break
		}
		if len(raw) > recentMax {
			// A long value: found by its key, not kept again here.
			t, g = s.lookup(types.FromJSON(raw, plain, &s.scratch))
			break
		}
		e := &s.recent[recentSlot(unsafeString(raw))]
		if e.n == 0 || e.s != string(raw) {
			_, n := s.lookup(types.FromJSON(raw, plain, &s.scratch))
			e.n, e.s = int32(n+1), string(raw)
		}
		t, g = s.table, int(e.n-1)
	default:
		kb := s.keybuf[:0]
		for i, slot := range s.groupSlots {
			// Each value has a scratch of its own: all of them stay
			// valid until the group is found or made.
			v := types.FromJSON(raws[slot], plain, &s.kscratch[i])
			s.keyv[i] = v
			kb = types.AppendKey(kb, v)
		}
		s.keybuf = kb
		t, g = s.recentKey(kb)
	}
	if t == nil { // direct mode: the row's record is begun
		for _, c := range s.calls {
			if c.argSlot >= 0 {
				v := types.FromJSON(raws[c.argSlot], plain, &s.scratch)
				s.rec = types.AppendValue(s.rec, v.Unspelled())
			}
		}
		return false, s.writeDirect()
	}
	for i := range s.calls {
		c := &s.calls[i]
		var v types.Value
		switch {
		case c.argSlot < 0: // COUNT(*)
			st := t.state(g, i)
			if cnt, ok := st.(*aggregate.Count); ok {
				cnt.Inc()
			} else if err := st.Add(nil); err != nil {
				return false, fmt.Errorf("%w: %s: %w", plan.ErrEval, c.fn.Name, err)
			}
			continue
		case c.same >= 0:
			v = s.calls[c.same].buf[0]
		default:
			raw := raws[c.argSlot]
			if !c.shared {
				if n, ok := types.ParseJSONInt(raw); ok {
					// An integer, added without a value.
					st := t.state(g, i)
					switch st := st.(type) {
					case *aggregate.Sum:
						st.AddInt(n)
						continue
					case *aggregate.Avg:
						st.AddInt(n)
						continue
					case *aggregate.Count:
						st.Inc()
						continue
					}
					if aggregate.AddInt(st, n) {
						continue
					}
				}
			}
			v = types.FromJSON(raw, plain, &s.scratch)
			if c.shared {
				c.buf = append(c.buf[:0], v)
			}
		}
		if err := aggregate.AddOne(t.state(g, i), v); err != nil {
			return false, fmt.Errorf("%w: %s: %w", plan.ErrEval, c.fn.Name, err)
		}
	}
	return false, s.done()
}

// batchRaw holds back a row whose GROUP BY value is the integer n, and
// reports true, when each of its calls' arguments is an integer too (or
// it has none); false, having held nothing, else.
func (s *aggSink) batchRaw(n int64, raws [][]byte) bool {
	r := len(s.bkeys)
	for i := range s.calls {
		if c := &s.calls[i]; c.argSlot >= 0 {
			x, ok := int64(0), false
			if c.count {
				// COUNT(x) counts a value whatever it is: only NULL (or
				// no member) goes the general way.
				raw := raws[c.argSlot]
				ok = len(raw) > 0 && raw[0] != 'n'
			} else {
				x, ok = types.ParseJSONInt(raws[c.argSlot])
			}
			if !ok {
				for j, a := range s.bargs[:i] {
					if a != nil {
						s.bargs[j] = a[:r]
					}
				}
				return false
			}
			s.bargs[i] = append(s.bargs[i], x)
		}
	}
	s.bkeys = append(s.bkeys, n)
	return true
}

// addBatch adds the rows held back (see batchRaw): their groups first,
// the loads of an index far larger than the caches overlapping in one
// loop, then the groups new to the table in the rows' order, then each
// call's states, again in one loop a call.
func (s *aggSink) addBatch() error {
	if len(s.bkeys) == 0 {
		return nil
	}
	keys, gs := s.bkeys, s.bgroups[:len(s.bkeys)]
	x := &s.table.ints
	if dense, base := x.dense, x.base; dense != nil {
		for i, k := range keys {
			gs[i] = int32(denseGroup(dense, base, k))
		}
	} else {
		for i, k := range keys {
			gs[i] = int32(x.getSlot(k))
		}
	}
	for i, g := range gs {
		if g < 0 {
			// New, or new when its row was looked up: a key repeated
			// in the batch is found now.
			k := keys[i]
			if g = int32(x.get(k)); g < 0 {
				g = int32(s.indexInt(k, types.IntValue(k)))
			}
			gs[i] = g
		}
	}
	for i, col := range s.table.cols {
		if !aggregate.AddInts(col, gs, s.bargs[i]) {
			panic("aggSink: a batch for a column that takes no integers") // see rawOK
		}
		if s.bargs[i] != nil {
			s.bargs[i] = s.bargs[i][:0]
		}
	}
	s.bkeys = keys[:0]
	// done's checks, once for the batch.
	s.rows += int64(len(gs)) - 1
	err := s.done()
	s.batchRoom()
	return err
}

// batchRoom sets the rows the next batch may hold: as many as could all
// be new groups without passing the points where done spills the table
// (full) or looks at it (early), which a row at a time would not pass
// either; at least one.
func (s *aggSink) batchRoom() {
	s.bcap = batchRows
	if s.sp == nil {
		return
	}
	room := s.limit - s.mem - s.acct
	if !s.checked {
		room = min(room, s.limit/8-s.mem-s.acct)
	}
	per := groupBytes(anIntKey, nil, s.stateBytes) + intSlotBytes
	s.bcap = int(max(1, min(batchRows, room/per)))
}

// mustBeAdded stops the program when rows held back would be lost: a
// path that read the table before endRaw (a bug; a wrong answer is
// worse).
func (s *aggSink) mustBeAdded() {
	if len(s.bkeys) > 0 {
		panic("aggSink: the table read with rows held back")
	}
}

// endRaw adds the rows held back: the scanner calls it at the end of each
// chunk, before anything reads the table.
func (s *aggSink) endRaw() error { return s.addBatch() }

// singleGroup is the number of the one group without GROUP BY, made at
// the first call.
func (s *aggSink) singleGroup() int {
	if s.table.len() == 0 {
		s.addGroup(nil, s.table.hash(nil), nil)
	}
	return 0
}

// addGroup adds the group of key (hash h), whose values are encoded as
// vals (encodeValues), with empty states.
func (s *aggSink) addGroup(key []byte, h uint64, vals []byte) int {
	s.mem += groupBytes(key, vals, s.stateBytes)
	return s.table.add(key, h, vals)
}

// addGroupUnslotted is addGroup through groupTable.addUnslotted.
func (s *aggSink) addGroupUnslotted(key []byte, h uint64, vals []byte) int {
	s.mem += groupBytes(key, vals, s.stateBytes)
	return s.table.addUnslotted(key, h, vals)
}

// groupBytes is what a group costs a table: its record's header and
// offset (24), its slots (24: 8 bytes each, between a quarter and a half
// full), its key and values, and its states (stateBytes; what they keep
// beyond that they count in acct).
func groupBytes(key, vals []byte, stateBytes int) int64 {
	return int64(24 + 24 + len(key) + len(vals) + stateBytes)
}

// held is the most the table has held: its peak, or what it holds now.
func (s *aggSink) held() int64 { return max(s.peak, s.mem+s.acct) }

// full reports whether the table should go to the spill files.
func (s *aggSink) full() bool {
	return s.mem+s.acct > s.limit && len(s.groups) > 0 && s.sp != nil
}

func (s *aggSink) push(r plan.Row, _ []byte) (bool, error) {
	if len(s.bkeys) > 0 { // rows in their order
		if err := s.addBatch(); err != nil {
			return false, err
		}
	}
	var t *groupTable
	var g int
	if len(s.groups) == 0 {
		t, g = s.table, s.singleGroup()
	} else if len(s.groups) == 1 {
		v, err := s.groups[0].Eval(r)
		if err != nil {
			return false, err
		}
		if v.K == types.String && !s.direct {
			e := &s.recent[recentSlot(v.S)]
			if e.n == 0 || e.s != v.S {
				_, n := s.lookup(v)
				// The group's own copy of the text: the end of its key
				// (the arena keeps those bytes until the table is
				// emptied, which empties recent too).
				k := s.table.key(n)
				*e = recent{unsafeString(k[len(k)-len(v.S):]), int32(n + 1)}
			}
			t, g = s.table, int(e.n-1)
		} else if v.K == types.Int && !s.direct {
			if g = s.table.ints.get(v.I); g < 0 {
				g = s.indexInt(v.I, v)
			}
			t = s.table
		} else {
			t, g = s.lookup(v)
		}
	} else {
		kb := s.keybuf[:0]
		for i, e := range s.groups {
			v, err := e.Eval(r)
			if err != nil {
				return false, err
			}
			s.keyv[i] = v
			kb = types.AppendKey(kb, v)
		}
		s.keybuf = kb
		t, g = s.recentKey(kb)
	}
	if t == nil { // direct mode: the row's record is begun
		for i := range s.calls {
			c := &s.calls[i]
			for _, e := range c.args {
				v, err := e.Eval(r)
				if err != nil {
					return false, err
				}
				if c.one && c.same < 0 {
					c.buf = append(c.buf[:0], v) // a later argument may read it (shareArgs)
				}
				s.rec = types.AppendValue(s.rec, v.Unspelled())
			}
		}
		return false, s.writeDirect()
	}
	for i := range s.calls {
		c := &s.calls[i]
		st := t.state(g, i)
		if c.one {
			// One argument, a state that takes it without a slice.
			var v types.Value
			if c.same >= 0 {
				v = s.calls[c.same].buf[0]
			} else {
				var err error
				if v, err = c.args[0].Eval(r); err != nil {
					return false, err
				}
				c.buf = append(c.buf[:0], v)
			}
			if err := aggregate.AddOne(st, v); err != nil {
				return false, fmt.Errorf("%w: %s: %w", plan.ErrEval, c.fn.Name, err)
			}
			continue
		}
		args := c.buf[:0]
		if c.same >= 0 {
			args = append(args, s.calls[c.same].buf[0])
		} else {
			for _, e := range c.args {
				v, err := e.Eval(r)
				if err != nil {
					return false, err
				}
				args = append(args, v)
			}
		}
		c.buf = args
		if err := st.Add(args); err != nil {
			return false, fmt.Errorf("%w: %s: %w", plan.ErrEval, c.fn.Name, err)
		}
	}
	return false, s.done()
}

// recentKey is groupOf for a row of several GROUP BY values (their key
// kb, their values in keyv): most rows of a GROUP BY of few groups repeat
// the key of a recent row. A key of at most 16 bytes, read as two words,
// finds its group in shortKeys without hashing or comparing bytes; a key
// has two places there, a pair of entries, the one used last first, so
// that two keys of one place do not push each other out.
func (s *aggSink) recentKey(kb []byte) (*groupTable, int) {
	if s.direct || len(kb) > 16 || cap(kb) < 16 || !shortKeysOn {
		return s.groupOf(kb, s.keyv)
	}
	// The bytes past the key (within the buffer's capacity) are masked.
	full := kb[:16]
	var w0, w1 uint64
	if len(kb) >= 8 {
		w0 = binary.LittleEndian.Uint64(full)
		w1 = binary.LittleEndian.Uint64(full[8:]) & (1<<(8*(len(kb)-8)) - 1)
	} else {
		w0 = binary.LittleEndian.Uint64(full) & (1<<(8*len(kb)) - 1)
	}
	h := (w0*0x9e3779b97f4a7c15 ^ w1*0xc2b2ae3d27d4eb4f ^ uint64(len(kb))) * 0x165667b19e3779f9
	i := int(h >> (64 - recentBits))
	k := shortKey{w0, w1, int32(len(kb)), 0}
	e := &s.shortKeys[i]
	if e.holds(k) {
		return s.table, int(e.n - 1)
	}
	o := &s.shortKeys[i^1]
	if o.holds(k) {
		*e, *o = *o, *e
		return s.table, int(e.n - 1)
	}
	_, n := s.groupOf(kb, s.keyv)
	k.n = int32(n + 1)
	*o, *e = *e, k
	return s.table, n
}

// shortKeysOn turns recentKey's cache on (a variable for the tests).
var shortKeysOn = true

// shortKey is an entry of aggSink.shortKeys: a key of at most 16 bytes as
// two little-endian words (zero past its length), its length and its
// group's number + 1 (0: none).
type shortKey struct {
	w0, w1 uint64
	len, n int32
}

// holds reports an entry of the key of k (whose group it ignores).
func (e *shortKey) holds(k shortKey) bool {
	return e.n != 0 && e.w0 == k.w0 && e.w1 == k.w1 && e.len == k.len
}

// lookup returns the group of a single GROUP BY value, made if new.
func (s *aggSink) lookup(v types.Value) (*groupTable, int) {
	s.keybuf = types.AppendKey(s.keybuf[:0], v)
	s.keyv[0] = v
	return s.groupOf(s.keybuf, s.keyv)
}

// indexInt returns the group of v, the single GROUP BY value of a row,
// whose key is that of the integer n (an integer, or a whole number
// spelled as one), and puts it in the table's index of integers.
func (s *aggSink) indexInt(n int64, v types.Value) int {
	s.keybuf = types.AppendKey(s.keybuf[:0], v)
	g, _ := s.intGroup(n, s.keybuf, s.table.hash(s.keybuf), encodeValues(s.valbuf[:0], []types.Value{v}))
	return g
}

// intGroup returns the group of the integer n, which the int index lacks,
// whose key (hash h) is key: found, or made with the encoded values vals
// (isNew), and put in the index. While the index holds every group (each
// of its integers has one of its own), n has none, and no find need say
// so; a new group takes its slot only when a find needs it (addUnslotted).
// Not in direct mode.
func (s *aggSink) intGroup(n int64, key []byte, h uint64, vals []byte) (g int, isNew bool) {
	t := s.table
	g = -1
	if t.ints.n < t.len() {
		g = t.find(key, h)
	}
	if isNew = g < 0; isNew {
		g = s.addGroupUnslotted(key, h, vals)
	}
	t.ints.put(n, g)
	s.mem += intSlotBytes
	return g, isNew
}

// groupOf returns the group of key, whose GROUP BY values are vals: the
// table's, made if new. In direct mode it begins the row's record instead
// (see rowRecord) and returns no table.
func (s *aggSink) groupOf(key []byte, vals []types.Value) (*groupTable, int) {
	h := s.table.hash(key)
	if s.direct {
		s.rowRecord(key, h, vals)
		return nil, -1
	}
	if g := s.table.find(key, h); g >= 0 {
		return s.table, g
	}
	s.valbuf = encodeValues(s.valbuf[:0], vals)
	return s.table, s.addGroup(key, h, s.valbuf)
}

// done ends a row: the table goes to the spill files when it is full.
func (s *aggSink) done() error {
	s.rows++
	if s.full() || s.early() {
		return s.flush()
	}
	return nil
}

// early reports, once, when the table reaches an eighth of its limit
// holding a group per row (nearly) and the rows still to come could not
// fit if they were new groups too: keys that do not repeat gain nothing
// from the table, so it spills at once, and the flush turns direct mode
// on (see maybeDirect) before the table grows past the caches. Should the
// keys repeat after all, direct mode sees it and ends (see sketch).
func (s *aggSink) early() bool {
	if s.checked || s.mem+s.acct <= s.limit/8 || s.sp == nil || len(s.groups) == 0 {
		return false
	}
	s.checked = true
	// No flush came before (the table is at an eighth of its limit for
	// the first time): its rows are all the worker has taken.
	n := int64(s.table.len())
	per := (s.mem + s.acct) / n
	return n*10 >= s.rows*9 && (s.expect-s.rows)*per > s.limit
}

// merge adds another worker's groups: a group new to s takes o's states
// as they are (o is dropped afterwards).
func (s *aggSink) merge(o *aggSink) {
	o.mustBeAdded()
	ot, t := o.table, s.table
	for og := range ot.len() {
		key, h := ot.key(og), ot.hashOf(og)
		g, isNew := -1, false
		if k, ok := types.KeyInt(key); ok && len(s.groups) == 1 {
			// An integer's group (or a whole DOUBLE's: the same key),
			// found through the int index, as the scan finds it.
			if g = t.ints.get(k); g < 0 {
				g, isNew = s.intGroup(k, key, h, ot.valueBytes(og))
			}
		} else if g = t.find(key, h); g < 0 {
			g, isNew = s.addGroup(key, h, ot.valueBytes(og)), true
		}
		if isNew {
			for i, c := range t.cols {
				c.Take(g, ot.cols[i], og)
			}
			continue
		}
		for i, c := range t.cols {
			c.At(g).Merge(ot.cols[i].At(og))
		}
	}
}

// groupValues fills r with a group's GROUP BY values: the key's (vals),
// and the derived ones computed from them.
func (s *aggSink) groupValues(vals []types.Value, r []types.Value) error {
	for k, pos := range s.keyPos {
		r[pos] = vals[k]
		if sl, ok := s.groups[k].(*plan.Slot); ok {
			s.drow[sl.I] = vals[k]
		}
	}
	for _, d := range s.derived {
		v, err := d.e.Eval(s.drow)
		if err != nil {
			return fmt.Errorf("%w: %w", plan.ErrEval, err)
		}
		r[d.pos] = v
	}
	return nil
}

// each calls fn with one row per group (group values, then results);
// without GROUP BY exactly one row, even when no row came. The row is
// reused between calls.
func (s *aggSink) each(e emitter) error {
	s.mustBeAdded()
	if len(s.groups) == 0 {
		s.singleGroup()
	}
	var err error
	s.vals, err = s.eachOf(e, 0, s.table.len(), s.vals)
	return err
}

// eachOf is each of groups lo to hi (not past them), its values decoded
// into vals (returned for the next call). It reads the table and the
// states and changes nothing of the sink's but what derived GROUP BY
// values write (groupValues): without them, workers may take ranges of
// one table at once.
func (s *aggSink) eachOf(e emitter, lo, hi int, vals []types.Value) ([]types.Value, error) {
	t := s.table
	r := make([]types.Value, s.ngroups)
	for g := lo; g < hi; g++ {
		if e.gate != nil {
			v, err := s.result(g, e.gate.out)
			if err != nil {
				return vals, err
			}
			if !e.gate.admits(v) {
				e.gate.passed()
				continue
			}
		}
		var err error
		vals, err = t.values(g, len(s.groups), vals[:0])
		if err != nil {
			return vals, fmt.Errorf("exec: a group's values: %w", err)
		}
		r = r[:s.ngroups]
		if s.derived == nil {
			copy(r, vals)
		} else if err := s.groupValues(vals, r); err != nil {
			return vals, err
		}
		for o := range s.outs {
			v, err := s.result(g, o)
			if err != nil {
				return vals, err
			}
			r = append(r, v)
		}
		if err := e.row(r); err != nil {
			return vals, err
		}
	}
	return vals, nil
}

// eachTogether is each by n workers at once, each through its own
// emitter (emitFor(w), made here one after the other) and its range of
// the groups: the rows of a table of many groups go on (to a second
// step's table, a sort, the output) on n cores, where one took them all.
// TPC-H Q16 at SF 1 took 37 ms after its scan, as its first step's
// 118,000 pairs went one by one into the second step's groups.
func (s *aggSink) eachTogether(emitFor func(w int) emitter, n int) error {
	s.mustBeAdded()
	emits := make([]emitter, n)
	for w := range n {
		emits[w] = emitFor(w)
	}
	groups := s.table.len()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[w] = s.eachOf(emits[w], groups*w/n, groups*(w+1)/n, nil)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// emitTogether reports whether the workers emit the groups of table s
// at once (eachTogether): two or more of them, many groups, and no
// derived GROUP BY value (whose expressions write as they compute).
func (s *aggSink) emitTogether(workers int) bool {
	return workers > 1 && len(s.groups) > 0 && s.derived == nil && s.table.len() >= emitTogetherGroups
}

// emitTogetherGroups is the fewest groups that the workers emit at once:
// fewer go sooner on one core than the workers start. At 4096 rather
// than 16384, TPC-H Q13 at SF 0.1, whose 10,000 groups of orders go
// through the join's probe and the outer GROUP BY as they are emitted,
// took 3-6% less time (medians of 20 to 40 alternating runs); 10,000
// groups to the output alone, or to a top 10, took as long.
const emitTogetherGroups = 4096

// result is aggregate o's result for group g.
func (s *aggSink) result(g, o int) (types.Value, error) {
	out := s.outs[o]
	if out.derive != nil {
		return out.derive(s.table.state(g, out.call)), nil
	}
	v, err := aggregate.Final(s.table.state(g, out.call))
	if err != nil {
		return v, fmt.Errorf("%s: %w", s.calls[out.call].fn.Name, err)
	}
	return v, nil
}

// emitter takes the final groups of an aggregate: row takes a group's row
// (its values, then the aggregates' results), valid until it returns.
// With a gate, a group goes to row only when the gate admits the result of
// its aggregate gate.out: a group that a full top-N heap would turn away
// costs no decoding of its values.
type emitter struct {
	row  func([]types.Value) error
	gate *gate
}

// gate is an emitter's look ahead of a top-N heap whose first sort key is
// an aggregate's result.
type gate struct {
	out    int
	admits func(types.Value) bool
	passed func() // counts a group turned away as one that went out
}

// runAggregate scans into per-worker aggregates, merges them, and passes
// each group through HAVING and the projection above to an output of
// outFor. The partitions of a spilled aggregate are finished on every
// core, each worker w sending to its own outFor(w), at once with the
// others' (serial makes one output safe for that). outFor is called
// from runAggregate's goroutine, one call at a time, before any row goes
// out: what it makes needs no lock to be kept. admitsFor, if not nil,
// gives output w's admits: whether a row whose first sort key (column
// key) is v could still go into it, a top-N heap (see gate).
func runAggregate(ctx context.Context, sh shape, prof *profiler, outFor func(w int) func([]types.Value) error, admitsFor func(w, key int) func(types.Value) bool) (Stats, error) {
	// Each output counts its own rows (summed at the end): counters shared
	// by the cores would bounce between their caches at every group.
	var counts []*emitCounts
	gateOut := -1 // the aggregate output that is the first sort key
	if admitsFor != nil && sh.having == nil && sh.sort != nil && len(sh.sort.Keys) > 0 {
		if sl, ok := sh.project.Exprs[sh.sort.Keys[0].Col].(*plan.Slot); ok && sl.I >= len(sh.agg.Groups) {
			gateOut = sl.I - len(sh.agg.Groups)
		}
	}
	emitFor := func(w int) emitter {
		c := new(emitCounts)
		counts = append(counts, c)
		// Expressions keep scratch state: every output but the first
		// evaluates its own copies.
		pr := newProjector(sh.project, w > 0)
		var having plan.Expr
		if sh.having != nil {
			having = sh.having.Pred
			if w > 0 {
				having = plan.CloneExpr(having)
			}
		}
		out := outFor(w)
		var buf []types.Value
		var gt *gate
		if gateOut >= 0 {
			gt = &gate{out: gateOut, admits: admitsFor(w, sh.sort.Keys[0].Col), passed: func() {
				c.groups++
				c.kept++
				c.produced++
			}}
		}
		return emitter{gate: gt, row: func(g []types.Value) error {
			c.groups++
			if having != nil {
				t, err := plan.EvalTruth(having, g)
				if err != nil {
					return err
				}
				if t != types.True {
					return nil
				}
			}
			c.kept++
			c.produced++
			if pr.identity(len(g)) {
				return out(g) // the projection is the group's row as it is
			}
			r, err := pr.eval(g, buf[:0])
			if err != nil {
				return err
			}
			buf = r
			return out(r)
		}}
	}
	// The quantiles' runs, read as the groups go out: their folder
	// outlives every table of the aggregate.
	runsDir := memoryOf(ctx).spillDir()
	defer runsDir.Close()
	ctx = context.WithValue(ctx, runsKey{}, aggregate.NewRuns(RunFiles(runsDir), memoryOf(ctx).budget()/16))
	finish := func(st Stats, sp OpStats) (Stats, error) {
		written, files := runsDir.Written()
		sp.Spilled += written
		sp.SpillFiles += files
		var sum emitCounts
		for _, c := range counts {
			sum.groups += c.groups
			sum.kept += c.kept
			sum.produced += c.produced
		}
		prof.doneAgg(sh.agg, int(sum.groups), sp)
		if sh.having != nil {
			prof.m[sh.having] = OpStats{Rows: sum.kept}
		}
		prof.m[sh.project] = OpStats{Rows: sum.produced}
		return st, nil
	}
	seed := maphash.MakeSeed()
	if sh.scan.FromManifest {
		st, err := aggregateManifest(sh, newAggSink(sh.agg, false, seed, 0, nil), emitFor(0))
		prof.done(sh.scan, int(st.RowsPassed))
		if err != nil {
			return st, err
		}
		return finish(st, OpStats{})
	}
	if xs, ok := distinctArgs(sh.agg); ok {
		st, sp, err := groupDistinct(ctx, sh, xs, seed, prof, emitFor)
		if err != nil {
			return st, err
		}
		return finish(st, sp)
	}
	st, sp, err := groupAll(ctx, sh, sh.agg, seed, memoryOf(ctx).budget(), prof, emitFor)
	if err != nil {
		return st, err
	}
	return finish(st, sp)
}

type runsKey struct{}

// runsOf is the runs of the aggregate that ctx runs (nil: none).
func runsOf(ctx context.Context) *aggregate.Runs {
	r, _ := ctx.Value(runsKey{}).(*aggregate.Runs)
	return r
}

// emitCounts are one output's rows: groups in, kept by HAVING, produced.
// Padded to a cache line of its own.
type emitCounts struct {
	groups, kept, produced int64
	_                      [40]byte
}

// serial is the outputs of runAggregate that all go to out, one row at a
// time.
func serial(out func([]types.Value) error) func(int) func([]types.Value) error {
	var mu sync.Mutex
	return func(int) func([]types.Value) error {
		return func(r []types.Value) error {
			mu.Lock()
			defer mu.Unlock()
			return out(r)
		}
	}
}

// groupAll scans into per-worker tables of agg's groups, spilling past
// budget, and passes every final group (its GROUP BY values, then its
// aggregates' results) to emit.
func groupAll(ctx context.Context, sh shape, agg *plan.Aggregate, seed maphash.Seed, budget int64, prof *profiler, emitFor func(w int) emitter) (Stats, OpStats, error) {
	return groupBranches(ctx, sh, []*plan.Aggregate{agg}, seed, budget, prof, func(_, w int) emitter { return emitFor(w) })
}

// groupBranches is groupAll of several aggregates over one scan: each row
// goes to a table of each (teeSink), which share the budget while the
// scan runs; then each passes its final groups to emitFor(b, w), one
// aggregate after the other, each with the whole budget.
func groupBranches(ctx context.Context, sh shape, aggs []*plan.Aggregate, seed maphash.Seed, budget int64, prof *profiler, emitFor func(b, w int) emitter) (Stats, OpStats, error) {
	sinks := make([][]*aggSink, len(aggs))
	spills := make([]*aggSpill, len(aggs))
	for b := range aggs {
		spills[b] = &aggSpill{dir: memoryOf(ctx).spillDir(), runs: runsOf(ctx)}
		defer spills[b].dir.Close()
		defer discardFiles(&sinks[b])
	}
	workers := int64(max(runtime.GOMAXPROCS(0), 1))
	var rows int64
	for _, f := range sh.scan.Files {
		rows += f.Rows
	}
	st, err := scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
		// Made as the workers start: for a scan of a Lender's rows, once
		// it holds what it keeps while they go out.
		share := memoryOf(ctx).less(budget) / workers / int64(len(aggs))
		var tee teeSink
		for b, agg := range aggs {
			s := newAggSink(agg, w > 0, seed, share, spills[b])
			s.expect = rows / workers
			sinks[b] = append(sinks[b], s)
			tee = append(tee, s)
		}
		if len(tee) == 1 {
			return tee[0]
		}
		return tee
	})
	if err != nil {
		return st, OpStats{}, err
	}
	prof.done(sh.scan, int(st.RowsPassed))
	// While one aggregate finishes, the tables of those after it still
	// hold their groups: it has the budget less what they hold.
	holds := make([]int64, len(aggs))
	var op OpStats
	for b, agg := range aggs {
		for _, s := range sinks[b] {
			holds[b] += s.mem + s.acct
			if len(agg.Groups) > 0 {
				op.Peak += s.held()
			}
		}
	}
	for b, agg := range aggs {
		var later int64
		for _, h := range holds[b+1:] {
			later += h
		}
		o, err := finishGroups(ctx, sinks[b], agg, seed, spills[b], budget-later, func(w int) emitter { return emitFor(b, w) })
		if err != nil {
			return st, OpStats{}, err
		}
		op.Spilled += o.Spilled
		op.SpillFiles += o.SpillFiles
		op.SpilledGroups += o.SpilledGroups
		op.Peak = max(op.Peak, later+o.Peak)
	}
	return st, op, nil
}

// teeSink passes each row to every sink of the aggregates of one scan.
type teeSink []*aggSink

func (t teeSink) push(r plan.Row, line []byte) (bool, error) {
	for _, s := range t {
		if _, err := s.push(r, line); err != nil {
			return false, err
		}
	}
	return false, nil
}

func (t teeSink) rawOK() bool {
	ok := true
	for _, s := range t {
		ok = s.rawOK() && ok
	}
	return ok
}

func (t teeSink) endRaw() error {
	for _, s := range t {
		if err := s.endRaw(); err != nil {
			return err
		}
	}
	return nil
}

func (t teeSink) pushRaw(raws [][]byte, plain bool) (bool, error) {
	for _, s := range t {
		if _, err := s.pushRaw(raws, plain); err != nil {
			return false, err
		}
	}
	return false, nil
}

// discardFiles removes the spill files the sinks still hold.
func discardFiles(sinks *[]*aggSink) {
	for _, s := range *sinks {
		for _, f := range s.files {
			if f != nil {
				f.Discard()
			}
		}
	}
}

// finishGroups merges the workers' partial groups of agg (through their
// spill files if they spilled) and passes every final group to emit.
func finishGroups(ctx context.Context, sinks []*aggSink, agg *plan.Aggregate, seed maphash.Seed, sp *aggSpill, budget int64, emitFor func(w int) emitter) (OpStats, error) {
	// The peak is the workers' tables at their fullest (an upper bound:
	// they need not peak at once), or the final tables' of the partitions.
	var peak int64
	for _, s := range sinks {
		peak += s.held()
	}
	if len(agg.Groups) == 0 {
		peak = 0 // one group: nothing to tell (and the sum counts the workers that had rows)
	}
	var err error
	if sp.spilled.Load() {
		lend(ctx, budget) // the partitions' tables, one by one
		var finals []*aggSink
		newFinal := func(limit int64) *aggSink {
			f := newAggSink(agg, true, seed, limit, sp) // its own expressions: the finals emit at once
			finals = append(finals, f)
			return f
		}
		err = finishSpilled(ctx, sinks, newFinal, budget, func(w int) func(*aggSink) error {
			emit := emitFor(w)
			return func(s *aggSink) error { return s.each(emit) }
		})
		var fp int64
		for _, f := range finals {
			fp += f.held()
		}
		peak = max(peak, fp)
	} else {
		total := sinks[0]
		for _, s := range sinks[1:] {
			total.merge(s)
		}
		lend(ctx, total.mem+total.acct+memoryOf(ctx).budget()-budget) // and what the tables of later steps hold
		if total.emitTogether(len(sinks)) {
			err = total.eachTogether(emitFor, len(sinks))
		} else {
			err = total.each(emitFor(0))
		}
	}
	if err != nil {
		return OpStats{}, err
	}
	spilled, files := sp.dir.Written()
	return OpStats{Spilled: spilled, SpillFiles: files, SpilledGroups: sp.groups.Load(), Peak: peak}, nil
}

// distinctArgs reports an aggregate whose DISTINCT aggregates (one at
// least) are all COUNT, SUM, AVG, MIN, MAX, MEDIAN, QUANTILE (of a
// constant fraction), MODE or ENTROPY of DISTINCT x, beside any plain
// aggregates (none derived from another's state), and returns the
// arguments x, each once.
func distinctArgs(a *plan.Aggregate) ([]plan.Expr, bool) {
	var xs []plan.Expr
	for _, c := range a.Aggs {
		if c.Derive != nil {
			return nil, false
		}
		if !c.Func.Distinct {
			continue
		}
		args := 1
		switch c.Func.Name {
		case "COUNT", "SUM", "AVG", "MEAN", "MIN", "MAX", "MEDIAN", "MODE", "ENTROPY",
			// the order-blind ones, which see each value once either way
			"STDDEV", "STDDEV_SAMP", "STDDEV_POP", "VARIANCE", "VAR_SAMP", "VAR_POP", "SEM", "SKEWNESS", "KURTOSIS",
			"KURTOSIS_POP", "PRODUCT", "FSUM", "SUMKAHAN", "KAHAN_SUM", "FAVG", "MAD", "BIT_AND", "BIT_OR", "BIT_XOR",
			"BOOL_AND", "BOOL_OR", "EVERY":
		case "QUANTILE_CONT", "QUANTILE_DISC", "QUANTILE":
			args = 2
			if _, ok := c.Args[len(c.Args)-1].(*plan.Const); !ok {
				return nil, false
			}
		default:
			return nil, false
		}
		if len(c.Args) != args {
			return nil, false
		}
		if argIndex(xs, c.Args[0]) < 0 {
			xs = append(xs, c.Args[0])
		}
	}
	return xs, xs != nil
}

// argIndex is the index of x in xs (by text), or -1.
func argIndex(xs []plan.Expr, x plan.Expr) int {
	return slices.IndexFunc(xs, func(e plan.Expr) bool { return e.String() == x.String() })
}

// groupDistinct answers an aggregate of DISTINCT arguments (see
// distinctArgs) in two steps that both spill, as DuckDB does. First, for
// each argument x, the groups of GROUP BY g…, x, each pair seen once: the
// pairs of all the arguments come from one scan, and those of the first
// carry the states of the plain aggregates. Then GROUP BY g… over all the
// pairs, with the aggregates of each x (a pair of another argument has
// NULL for it, which they skip) and the pairs' states merged
// (aggregate.Encoded, aggregate.Merged). No group keeps a set of its
// values, so one group of many values is bounded too. With GROUP BY the
// two steps share the budget; without, the second holds one group and the
// pairs have it all (COUNT(DISTINCT x) of a lake: its distinct values are
// the groups of GROUP BY x).
//
// The second step's rows are g…, then one value per argument, then the
// first argument's plain results and states.
func groupDistinct(ctx context.Context, sh shape, xs []plan.Expr, seed maphash.Seed, prof *profiler, emitFor func(w int) emitter) (Stats, OpStats, error) {
	k, nx := len(sh.agg.Groups), len(xs)
	branches := make([]*plan.Aggregate, nx)
	for i, x := range xs {
		branches[i] = &plan.Aggregate{Input: sh.agg.Input, Groups: append(slices.Clone(sh.agg.Groups), x)}
	}
	outer := &plan.Aggregate{Input: sh.agg.Input}
	for i, g := range sh.agg.Groups {
		outer.Groups = append(outer.Groups, &plan.Slot{I: i, Name: g.String()})
	}
	first := branches[0]
	for _, c := range sh.agg.Aggs {
		if c.Func.Distinct {
			f, _, err := aggregate.Lookup(c.Func.Name, len(c.Args), false, nil)
			if err != nil {
				return Stats{}, OpStats{}, err
			}
			x := c.Args[0]
			args := append([]plan.Expr{&plan.Slot{I: k + argIndex(xs, x), Name: x.String()}}, c.Args[1:]...) // QUANTILE's fraction
			outer.Aggs = append(outer.Aggs, plan.AggCall{Func: f, Args: args, Text: c.Text})
			continue
		}
		// The pair's state of the plain aggregate is itself (its fast
		// paths and typed column kept), and goes out encoded, as the
		// output derived from it beside its result.
		base := len(first.Aggs)
		first.Aggs = append(first.Aggs, plan.AggCall{Func: c.Func, Args: c.Args, Text: c.Text},
			plan.AggCall{Text: c.Text, Derive: aggregate.Encoded, Base: base})
		at := k + nx + base + 1
		outer.Aggs = append(outer.Aggs, plan.AggCall{Func: aggregate.Merged(c.Func), Args: []plan.Expr{&plan.Slot{I: at, Name: c.Text}}, Text: c.Text})
	}
	half := memoryOf(ctx).budget() / 2
	pairsBudget := half
	if k == 0 {
		pairsBudget = 2*half - 1024 // the second step's one group: a few states
	}
	workers := int64(max(runtime.GOMAXPROCS(0), 1))
	sp := &aggSpill{dir: memoryOf(ctx).spillDir(), runs: runsOf(ctx)}
	defer sp.dir.Close()
	var outs []*aggSink
	defer discardFiles(&outs)
	width := k + nx + len(first.Aggs)
	st, pairs, err := groupBranches(ctx, sh, branches, seed, pairsBudget, prof, func(b, w int) emitter {
		// The branches finish one after the other, each on its workers:
		// worker w of each sends to the same second-step table.
		for len(outs) <= w {
			outs = append(outs, newAggSink(outer, false, seed, half/workers, sp))
		}
		o := outs[w]
		var row []types.Value
		return emitter{row: func(r []types.Value) error {
			if nx > 1 {
				// A pair of argument b: its value at k+b, NULL for the
				// other arguments (and for the plain aggregates, which
				// only the first argument's pairs carry).
				row = append(append(row[:0], r[:k]...), make([]types.Value, width-k)...)
				row[k+b] = r[k]
				copy(row[k+nx:], r[k+1:])
				r = row
			}
			_, err := o.push(r, nil)
			return err
		}}
	})
	if err != nil {
		return st, OpStats{}, err
	}
	op, err := finishGroups(ctx, outs, outer, seed, sp, half, emitFor)
	// What the two steps spilled, and the most they held (at once while
	// the pairs went to the groups).
	op.Spilled += pairs.Spilled
	op.SpillFiles += pairs.SpillFiles
	op.SpilledGroups += pairs.SpilledGroups
	op.Peak += pairs.Peak
	return st, op, err
}

// groupRun runs an aggregate and passes its result rows to the outputs of
// outFor, as runAggregate does (admitsFor may go unused).
type groupRun func(outFor func(w int) func([]types.Value) error, admitsFor func(w, key int) func(types.Value) bool) (Stats, error)

// distinctGroups is the rows of sh's aggregate through its SELECT
// DISTINCT: the projected rows go to a GROUP BY of their columns, which
// spills as every aggregate does, and its groups are the rows.
func distinctGroups(ctx context.Context, sh shape, prof *profiler) groupRun {
	return func(outFor func(w int) func([]types.Value) error, _ func(w, key int) func(types.Value) bool) (Stats, error) {
		width := sh.distinct.Width
		dist := &plan.Aggregate{Input: sh.agg}
		for i := range width {
			dist.Groups = append(dist.Groups, &plan.Slot{I: i, Name: sh.project.Names[i]})
		}
		if width != len(sh.project.Exprs) {
			// The binder keeps ORDER BY to the select list under DISTINCT.
			return Stats{}, fmt.Errorf("exec: DISTINCT over %d of %d columns", width, len(sh.project.Exprs))
		}
		seed := maphash.MakeSeed()
		sp := &aggSpill{dir: memoryOf(ctx).spillDir()}
		defer sp.dir.Close()
		var outs []*aggSink
		defer discardFiles(&outs)
		half := memoryOf(ctx).budget() / 2
		workers := int64(max(runtime.GOMAXPROCS(0), 1))
		st, err := runAggregate(ctx, sh, prof, func(w int) func([]types.Value) error {
			o := newAggSink(dist, false, seed, half/workers, sp)
			outs = append(outs, o)
			return func(r []types.Value) error {
				_, err := o.push(r, nil)
				return err
			}
		}, nil)
		if err != nil {
			return st, err
		}
		var n atomic.Int64
		op, err := finishGroups(ctx, outs, dist, seed, sp, half, func(w int) emitter {
			out := outFor(w)
			return emitter{row: func(r []types.Value) error {
				n.Add(1)
				return out(r)
			}}
		})
		prof.doneAgg(sh.distinct, int(n.Load()), op)
		return st, err
	}
}

// aggregateManifest answers an aggregate the optimizer marked FromManifest
// (COUNT(*), MIN and MAX of key fields) from the files' row counts and key
// values, opening none.
func aggregateManifest(sh shape, s *aggSink, emit emitter) (Stats, error) {
	st := Stats{FilesTotal: sh.scan.FilesTotal}
	g := s.singleGroup()
	key := sh.scan.Src.Key()
	for i, c := range sh.agg.Aggs {
		state := s.table.state(g, s.outs[i].call)
		if len(c.Args) == 0 {
			cnt, ok := state.(*aggregate.Count)
			if !ok {
				return st, fmt.Errorf("exec: %s from the manifest", c.Text)
			}
			for _, f := range sh.scan.Files {
				cnt.AddN(f.Rows)
			}
			continue
		}
		k := slices.Index(key, sh.scan.Fields[c.Args[0].(*plan.Slot).I])
		for _, f := range sh.scan.Files {
			if f.Rows > 0 {
				if err := state.(aggregate.OneArg).AddOne(f.KeyValues[k]); err != nil {
					return st, err
				}
			}
		}
	}
	for _, f := range sh.scan.Files {
		st.RowsPassed += f.Rows
	}
	return st, s.each(emit)
}

func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
