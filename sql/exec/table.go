package exec

import (
	"hash/maphash"
	"math"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// groupTable maps the encoded GROUP BY values of a row (types.AppendKey)
// to its group number: open addressing with linear probing over a
// power-of-two array of slots. A group is an entry (its hash, and where
// its bytes are), its key and values in one arena, and a state in each of
// the table's columns (one per aggregate call, see aggregate.Column):
// nothing per group is a pointer or an allocation, so a million groups
// cost their bytes and nothing for the collector to trace. Every worker's
// table hashes with the query's seed, so that merging moves a group's hash
// along.
type groupTable struct {
	seed  maphash.Seed
	slots []slot
	ents  []entry
	arena []byte
	cols  []aggregate.Column
}

// entry is a group: its hash, and at off in the arena its key (klen
// bytes), then its GROUP BY values (vlen bytes of types.AppendValue; none
// when the key spells them exactly, see encodeValues).
type entry struct {
	hash            uint64
	off, klen, vlen int32
}

// slot is an entry of the table: a group's number + 1 (0: empty) and the
// top bits of its hash, compared before the group is looked at, so that a
// probe past other groups costs no memory access beyond the slots.
type slot struct {
	tag uint32
	n   int32
}

func tagOf(h uint64) uint32 { return uint32(h >> 32) }

func newGroupTable(seed maphash.Seed, cols []aggregate.Column) *groupTable {
	return &groupTable{seed: seed, slots: make([]slot, 64), cols: cols}
}

func (t *groupTable) len() int { return len(t.ents) }

func (t *groupTable) key(n int) []byte {
	e := &t.ents[n]
	return t.arena[e.off : e.off+e.klen]
}

// valueBytes are group n's encoded GROUP BY values (empty: its key's).
func (t *groupTable) valueBytes(n int) []byte {
	e := &t.ents[n]
	return t.arena[e.off+e.klen : e.off+e.klen+e.vlen]
}

// state is group n's state of call i.
func (t *groupTable) state(n, i int) aggregate.State { return t.cols[i].At(n) }

// find returns the number of the group of key (hash h), or -1.
func (t *groupTable) find(key []byte, h uint64) int {
	mask := uint64(len(t.slots) - 1)
	tag := tagOf(h)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl.n == 0 {
			return -1
		}
		if sl.tag == tag {
			if n := int(sl.n - 1); t.ents[n].hash == h && string(t.key(n)) == string(key) {
				return n
			}
		}
	}
}

// clear empties the table, keeping its memory for the groups to come.
func (t *groupTable) clear() {
	clear(t.slots)
	t.ents = t.ents[:0]
	t.arena = t.arena[:0]
	for _, c := range t.cols {
		c.Truncate()
	}
}

// add inserts a new group of key (hash h) whose values are encoded as
// vals (encodeValues), with empty states, and returns its number.
func (t *groupTable) add(key []byte, h uint64, vals []byte) int {
	if len(t.arena)+len(key)+len(vals) > 1<<31-1 {
		panic("exec: group keys past 2 GiB") // the memory budget stops a query long before
	}
	n := len(t.ents)
	t.ents = append(t.ents, entry{hash: h, off: int32(len(t.arena)), klen: int32(len(key)), vlen: int32(len(vals))})
	t.arena = append(append(t.arena, key...), vals...)
	for _, c := range t.cols {
		c.Grow()
	}
	// Grow the slots at half full (probes stay short).
	if len(t.ents)*2 > len(t.slots) {
		t.slots = make([]slot, len(t.slots)*2)
		for i := range t.ents {
			t.place(i)
		}
	} else {
		t.place(n)
	}
	return n
}

// only makes key (hash h, values vals) the table's one group, with empty
// states, not indexed for find: direct mode's table of a row.
func (t *groupTable) only(key []byte, h uint64, vals []byte) {
	t.ents = append(t.ents[:0], entry{hash: h, klen: int32(len(key)), vlen: int32(len(vals))})
	t.arena = append(append(t.arena[:0], key...), vals...)
	for _, c := range t.cols {
		c.Truncate()
		c.Grow()
	}
}

func (t *groupTable) place(n int) {
	h := t.ents[n].hash
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if t.slots[i].n == 0 {
			t.slots[i] = slot{tagOf(h), int32(n + 1)}
			return
		}
	}
}

func (t *groupTable) hash(key []byte) uint64 { return maphash.Bytes(t.seed, key) }

// values appends group n's k GROUP BY values to dst; their texts are
// copies.
func (t *groupTable) values(n, k int, dst []types.Value) ([]types.Value, error) {
	return decodeValues(t.key(n), t.valueBytes(n), k, dst)
}

// encodeValues appends the encoding of a group's values to dst: nothing
// when its key spells them exactly (types.KeyExact: integers, texts,
// booleans, NULLs), else each value (types.AppendValue). A number's
// spelling in its row is dropped, as Clone drops it.
func encodeValues(dst []byte, vals []types.Value) []byte {
	for i := range vals {
		if v := &vals[i]; !(v.K == types.Int && v.F == 0 && !math.Signbit(v.F) || types.KeyExact(*v)) {
			return appendValues(dst, vals)
		}
	}
	return dst
}

func appendValues(dst []byte, vals []types.Value) []byte {
	for _, v := range vals {
		if v.K == types.Int || v.K == types.Float {
			v.S = ""
		}
		dst = types.AppendValue(dst, v)
	}
	return dst
}

// decodeValues appends the k values that encodeValues encoded as vals for
// key to dst.
func decodeValues(key, vals []byte, k int, dst []types.Value) ([]types.Value, error) {
	b, read := vals, types.ReadValue
	if len(vals) == 0 {
		b, read = key, types.ReadKey
	}
	for range k {
		v, rest, err := read(b)
		if err != nil {
			return dst, err
		}
		dst, b = append(dst, v), rest
	}
	if len(b) != 0 {
		return dst, types.ErrCorrupt
	}
	return dst, nil
}
