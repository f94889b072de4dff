package exec

import (
	"encoding/binary"
	"hash/maphash"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// groupTable maps the encoded GROUP BY values of a row (types.AppendKey)
// to its group number: open addressing with linear probing over a
// power-of-two array of slots. A group is a record in one arena (its
// hash, number, key and values: a probe that finds its slot reads one
// place more) and a state in each of the table's columns (one per
// aggregate call, see aggregate.Column): nothing per group is a pointer or
// an allocation, so a million groups cost their bytes and nothing for the
// collector to trace. Every worker's table hashes with the query's seed,
// so that merging moves a group's hash along.
type groupTable struct {
	seed  maphash.Seed
	slots []slot
	offs  []int32 // by group number: where its record starts in arena
	arena []byte
	cols  []aggregate.Column
	ints  intIndex // with a single GROUP BY value: the groups of integers
}

// A record in the arena is a header (the group's hash, its number, the
// lengths of its key and of its values) followed by its key and its
// GROUP BY values (types.AppendValue; none when the key spells them
// exactly, see encodeValues).
const (
	recNum  = 8
	recKLen = 12
	recVLen = 16
	recHead = 20
)

// slot is an entry of the table: where its group's record starts + 1 (0:
// empty) and the top bits of its hash, compared before the record is
// looked at, so that a probe past other groups costs no memory access
// beyond the slots.
type slot struct {
	tag uint32
	off int32
}

func tagOf(h uint64) uint32 { return uint32(h >> 32) }

func newGroupTable(seed maphash.Seed, cols []aggregate.Column) *groupTable {
	return &groupTable{seed: seed, slots: make([]slot, 64), cols: cols}
}

func (t *groupTable) len() int { return len(t.offs) }

func (t *groupTable) u32(at int32) int32 { return int32(binary.LittleEndian.Uint32(t.arena[at:])) }

// hashOf is group n's hash.
func (t *groupTable) hashOf(n int) uint64 { return binary.LittleEndian.Uint64(t.arena[t.offs[n]:]) }

func (t *groupTable) key(n int) []byte {
	at := t.offs[n]
	k := at + recHead
	return t.arena[k : k+t.u32(at+recKLen)]
}

// valueBytes are group n's encoded GROUP BY values (empty: its key's).
func (t *groupTable) valueBytes(n int) []byte {
	at := t.offs[n]
	v := at + recHead + t.u32(at+recKLen)
	return t.arena[v : v+t.u32(at+recVLen)]
}

// state is group n's state of call i.
func (t *groupTable) state(n, i int) aggregate.State { return t.cols[i].At(n) }

// find returns the number of the group of key (hash h), or -1.
func (t *groupTable) find(key []byte, h uint64) int {
	mask := uint64(len(t.slots) - 1)
	tag := tagOf(h)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl.off == 0 {
			return -1
		}
		if sl.tag == tag {
			rec := t.arena[sl.off-1:]
			klen := binary.LittleEndian.Uint32(rec[recKLen:])
			if binary.LittleEndian.Uint64(rec) == h && int(klen) == len(key) && string(rec[recHead:recHead+klen]) == string(key) {
				return int(binary.LittleEndian.Uint32(rec[recNum:]))
			}
		}
	}
}

// clear empties the table, keeping its memory for the groups to come.
func (t *groupTable) clear() {
	clear(t.slots)
	t.ints.clear()
	t.offs = t.offs[:0]
	t.arena = t.arena[:0]
	for _, c := range t.cols {
		c.Truncate()
	}
}

// add inserts a new group of key (hash h) whose values are encoded as
// vals (encodeValues), with empty states, and returns its number.
func (t *groupTable) add(key []byte, h uint64, vals []byte) int {
	n := t.record(key, h, vals)
	for _, c := range t.cols {
		c.Grow()
	}
	// Grow the slots at half full (probes stay short).
	if len(t.offs)*2 > len(t.slots) {
		t.slots = make([]slot, len(t.slots)*2)
		for i := range t.offs {
			t.place(i)
		}
	} else {
		t.place(n)
	}
	return n
}

// record appends the record of group len() and returns its number.
func (t *groupTable) record(key []byte, h uint64, vals []byte) int {
	if len(t.arena)+recHead+len(key)+len(vals) > 1<<31-2 {
		panic("exec: group keys past 2 GiB") // the memory budget stops a query long before
	}
	n := len(t.offs)
	t.offs = append(t.offs, int32(len(t.arena)))
	a := binary.LittleEndian.AppendUint64(t.arena, h)
	a = binary.LittleEndian.AppendUint32(a, uint32(n))
	a = binary.LittleEndian.AppendUint32(a, uint32(len(key)))
	a = binary.LittleEndian.AppendUint32(a, uint32(len(vals)))
	t.arena = append(append(a, key...), vals...)
	return n
}

func (t *groupTable) place(n int) {
	h := t.hashOf(n)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if t.slots[i].off == 0 {
			t.slots[i] = slot{tagOf(h), t.offs[n] + 1}
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
// booleans, NULLs), else each value (types.AppendValue); a number's
// spelling in its row is not a group's (Unspelled).
func encodeValues(dst []byte, vals []types.Value) []byte {
	exact := true
	for _, v := range vals {
		exact = exact && types.KeyExact(v.Unspelled())
	}
	if exact {
		return dst
	}
	for _, v := range vals {
		dst = types.AppendValue(dst, v.Unspelled())
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
