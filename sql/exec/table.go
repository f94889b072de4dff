package exec

import (
	"hash/maphash"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// groupTable maps the encoded GROUP BY values of a row (types.AppendKey)
// to its group: open addressing with linear probing over a power-of-two
// array of group numbers, the keys in one arena, the groups, their values
// and their state slices in slabs, so that a new group costs no
// allocation beyond its aggregate states (which come from slabs too, see
// aggregate.Func.Allocator). Every worker's table hashes with the query's
// seed, so that merging moves a group's hash along.
type groupTable struct {
	seed   maphash.Seed
	slots  []slot
	groups []*group
	arena  []byte
	gslab  []group
	vslab  []types.Value
	sslab  []aggregate.State
	// pool holds every group this table made; after clear the first used
	// of them are in use again, with their states reset rather than new
	// (a spilling table refills many times without allocating).
	pool []*group
	used int
}

type group struct {
	hash       uint64
	koff, klen int32 // the key, in the table's arena
	vals       []types.Value
	states     []aggregate.State
}

// slot is an entry of the table: a group's number + 1 (0: empty) and the
// top bits of its hash, compared before the group is looked at, so that a
// probe past other groups costs no memory access beyond the slots.
type slot struct {
	tag uint32
	n   int32
}

func tagOf(h uint64) uint32 { return uint32(h >> 32) }

func newGroupTable(seed maphash.Seed) *groupTable {
	return &groupTable{seed: seed, slots: make([]slot, 64)}
}

func (t *groupTable) key(g *group) []byte { return t.arena[g.koff : g.koff+g.klen] }

// find returns the group of key (hash h), or nil.
func (t *groupTable) find(key []byte, h uint64) *group {
	mask := uint64(len(t.slots) - 1)
	tag := tagOf(h)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl.n == 0 {
			return nil
		}
		if sl.tag == tag {
			if g := t.groups[sl.n-1]; g.hash == h && string(t.key(g)) == string(key) {
				return g
			}
		}
	}
}

// clear empties the table, keeping its memory for the groups to come.
// Groups adopted from another table (merge) are never cleared.
func (t *groupTable) clear() {
	clear(t.slots)
	t.groups = t.groups[:0]
	t.arena = t.arena[:0]
	t.used = 0
}

// add inserts a new group of key (hash h) with copies of vals and nstates
// states, and returns it; reused reports a group of the pool, whose states
// are the old ones (to reset), else they are nil. Every group of a table
// has as many values and states.
func (t *groupTable) add(key []byte, h uint64, vals []types.Value, nstates int) (g *group, reused bool) {
	if reused = t.used < len(t.pool); reused {
		g = t.pool[t.used]
	} else {
		if len(t.gslab) == 0 {
			t.gslab = make([]group, 256)
		}
		g = &t.gslab[0]
		t.gslab = t.gslab[1:]
		if len(t.vslab) < len(vals) {
			t.vslab = make([]types.Value, max(1024, len(vals)))
		}
		g.vals = t.vslab[:len(vals):len(vals)]
		t.vslab = t.vslab[len(vals):]
		if len(t.sslab) < nstates {
			t.sslab = make([]aggregate.State, max(1024, nstates))
		}
		g.states = t.sslab[:nstates:nstates]
		t.sslab = t.sslab[nstates:]
		t.pool = append(t.pool, g)
	}
	t.used++
	if len(t.arena)+len(key) > 1<<31-1 {
		panic("exec: group keys past 2 GiB") // the memory budget stops a query long before
	}
	g.hash = h
	g.koff, g.klen = int32(len(t.arena)), int32(len(key))
	t.arena = append(t.arena, key...)
	for i, v := range vals {
		g.vals[i] = v.Clone()
	}
	t.insert(g)
	return g, reused
}

// insert places g, growing the slots at half full (probes stay short).
func (t *groupTable) insert(g *group) {
	t.groups = append(t.groups, g)
	if len(t.groups)*2 > len(t.slots) {
		t.grow()
		return
	}
	t.place(g, int32(len(t.groups)))
}

func (t *groupTable) place(g *group, n int32) {
	mask := uint64(len(t.slots) - 1)
	for i := g.hash & mask; ; i = (i + 1) & mask {
		if t.slots[i].n == 0 {
			t.slots[i] = slot{tagOf(g.hash), n}
			return
		}
	}
}

func (t *groupTable) grow() {
	t.slots = make([]slot, len(t.slots)*2)
	for i, g := range t.groups {
		t.place(g, int32(i+1))
	}
}

// adopt inserts a group of another table (with the same seed) whose key
// this table lacks.
func (t *groupTable) adopt(o *groupTable, og *group) {
	key := o.key(og)
	og.koff, og.klen = int32(len(t.arena)), int32(len(key))
	t.arena = append(t.arena, key...)
	t.insert(og)
}

func (t *groupTable) hash(key []byte) uint64 { return maphash.Bytes(t.seed, key) }
