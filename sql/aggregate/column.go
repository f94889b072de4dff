package aggregate

import (
	"reflect"
	"unsafe"
)

// Column holds one aggregate's states for the groups of a table, by group
// number. The common aggregates keep theirs in chunks of their own type: a
// group costs the state's bytes, with no interface, pointer or allocation
// of its own (a table of a million groups is a few hundred chunks for the
// collector to see, not millions of objects). The others keep a State per
// group.
type Column interface {
	// Grow adds an empty state, numbered Len()-1.
	Grow()
	Len() int
	// At is state i. It stays valid while the column lives and is not
	// truncated (chunks never move).
	At(i int) State
	// Take makes state i (empty) state j of o, a column of the same
	// aggregate that is dropped afterwards: a move, not a merge.
	Take(i int, o Column, j int)
	// Truncate empties the column, keeping its memory for the states to
	// come.
	Truncate()
	// StateBytes is what a state costs the column; what a state keeps
	// beyond it (DISTINCT's set, GROUP_CONCAT's parts) it counts itself.
	StateBytes() int
}

// NewColumn makes an empty column of f's states for one table of groups.
// The states that grow with their rows (DISTINCT, GROUP_CONCAT, MEDIAN)
// add what they keep to *acct (nil: not counted), so that the executor can
// spill a table whose groups outgrow the memory budget. The states that
// keep every value of their group (MEDIAN, QUANTILE) write them to runs
// (nil: they keep them in memory).
func (f *Func) NewColumn(acct *int64, runs *Runs) Column {
	if f.col != nil {
		return f.col()
	}
	st := f.New()
	bytes := 16 + sizeOf(st)
	if w, ok := st.(interface{ inner() State }); ok {
		bytes += sizeOf(w.inner()) // Merged's state
	}
	return &stateColumn{f: f, acct: acct, runs: runs, bytes: bytes}
}

// NewState makes a state of f that writes its values to runs when it
// keeps every value (nil: in memory), outside a column (a window's).
func (f *Func) NewState(runs *Runs) State {
	st := f.New()
	if r, ok := st.(runner); ok && runs != nil {
		r.useRuns(runs)
	}
	return st
}

// chunkBits sets a chunk of a typed column: 1024 states.
const chunkBits = 10

// column is a typed column: states of type T in chunks, each new state a
// copy of proto (an empty state, with its settings: MIN or MAX, the
// separator).
type column[T any, P interface {
	*T
	State
}] struct {
	proto  T
	chunks [][]T
	n      int
}

// typed makes the states of an aggregate of fixed size, each a copy of
// proto (an empty state with its settings: MIN or MAX, the sample's
// divisor), and typed columns of them.
func typed[T any, P interface {
	*T
	State
}](proto T) (func() State, func() Column) {
	return func() State { st := proto; return P(&st) }, func() Column { return &column[T, P]{proto: proto} }
}

func (c *column[T, P]) Grow() {
	if c.n>>chunkBits == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, 1<<chunkBits))
	}
	c.chunks[c.n>>chunkBits][c.n&(1<<chunkBits-1)] = c.proto
	c.n++
}

func (c *column[T, P]) Len() int { return c.n }

func (c *column[T, P]) at(i int) *T { return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

func (c *column[T, P]) At(i int) State { return P(c.at(i)) }

func (c *column[T, P]) Take(i int, o Column, j int) { *c.at(i) = *o.(*column[T, P]).at(j) }

func (c *column[T, P]) Truncate() { c.n = 0 }

func (c *column[T, P]) StateBytes() int { return int(unsafe.Sizeof(c.proto)) }

// stateColumn is the column of any other aggregate: a State per group,
// made by f.New.
type stateColumn struct {
	f      *Func
	acct   *int64
	runs   *Runs
	states []State
	bytes  int
}

func (c *stateColumn) Grow() {
	st := c.f.NewState(c.runs)
	if a, ok := st.(accounted); ok && c.acct != nil {
		a.account(c.acct)
	}
	c.states = append(c.states, st)
}

func (c *stateColumn) Len() int { return len(c.states) }

func (c *stateColumn) At(i int) State { return c.states[i] }

func (c *stateColumn) Take(i int, o Column, j int) {
	oc := o.(*stateColumn)
	c.states[i] = oc.states[j]
	oc.states[j] = nil
}

func (c *stateColumn) Truncate() {
	clear(c.states)
	c.states = c.states[:0]
}

func (c *stateColumn) StateBytes() int { return c.bytes }

// sizeOf is the size of the struct a state points to.
func sizeOf(st State) int { return int(reflect.TypeOf(st).Elem().Size()) }

// IntsColumn reports whether col is a column of COUNT, SUM or AVG states,
// which AddInts feeds.
func IntsColumn(col Column) bool { return AddInts(col, nil, nil) }

// AddInts adds xs[i] to state gs[i] of col, for each i (a COUNT counts
// the row; xs may then be nil), as AddInt would one at a time, and
// reports false, having added nothing, when col is not an IntsColumn.
// The executor holds rows back to add them so: in one tight loop, the
// loads of states scattered over a large table overlap, where a row at a
// time waits for each.
func AddInts(col Column, gs []int32, xs []int64) bool {
	switch c := col.(type) {
	case *column[count, *count]:
		for _, g := range gs {
			c.at(int(g)).n++
		}
	case *column[sum, *sum]:
		for i, g := range gs {
			c.at(int(g)).AddInt(xs[i])
		}
	case *column[avg, *avg]:
		for i, g := range gs {
			c.at(int(g)).AddInt(xs[i])
		}
	default:
		return false
	}
	return true
}
