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
	offs  []int32 // by group number: where its record starts (arenaAt)
	// arena is the records, in blocks of arenaBlock bytes (a record
	// longer than that has a block of its own), cur the one being
	// filled: a table of many groups allocates its records' bytes once,
	// where a single growing slice would copy them and touch fresh
	// pages again at each growth. The first block grows by doubling up
	// to arenaBlock, for the many small tables.
	arena [][]byte
	cur   int
	cols  []aggregate.Column
	ints  intIndex // with a single GROUP BY value: the groups of integers
	// slotted is the groups placed in the slots. The groups after them,
	// integers' groups made by addUnslotted (the int index finds them),
	// take their slots at the next find or add: a table grouped by
	// integers alone never probes its slots (the index answers), so many
	// groups cost no random write, and no growth of the slots, each.
	slotted int
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
// empty) and the low 32 bits of its hash (its tag), compared before the
// record is looked at, so that a probe past other groups costs no memory
// access beyond the slots. A group's first slot is given by the low bits
// of its hash, so the tag alone places it in slots twice as many (grow).
// Not by the top bits: the spill files part groups by those (part), and
// the groups of one part would all fall in one stretch of the slots.
type slot struct {
	tag uint32
	off int32
}

func tagOf(h uint64) uint32 { return uint32(h) }

func newGroupTable(seed maphash.Seed, cols []aggregate.Column) *groupTable {
	return &groupTable{seed: seed, slots: make([]slot, 64), cols: cols}
}

func (t *groupTable) len() int { return len(t.offs) }

// arenaBits is the bits of a record's place in its block; the others
// tell the block.
const (
	arenaBits  = 18
	arenaBlock = 1 << arenaBits
	// arenaBlocks is the most blocks: places fit an int32, and slot's
	// off is a place + 1.
	arenaBlocks = 1<<(31-arenaBits) - 1
)

// rec is the record that starts at place at (offs).
func (t *groupTable) rec(at int32) []byte {
	return t.arena[at>>arenaBits][at&(arenaBlock-1):]
}

// hashOf is group n's hash.
func (t *groupTable) hashOf(n int) uint64 { return binary.LittleEndian.Uint64(t.rec(t.offs[n])) }

func (t *groupTable) key(n int) []byte {
	r := t.rec(t.offs[n])
	return r[recHead : recHead+binary.LittleEndian.Uint32(r[recKLen:])]
}

// valueBytes are group n's encoded GROUP BY values (empty: its key's).
func (t *groupTable) valueBytes(n int) []byte {
	r := t.rec(t.offs[n])
	v := recHead + binary.LittleEndian.Uint32(r[recKLen:])
	return r[v : v+binary.LittleEndian.Uint32(r[recVLen:])]
}

// state is group n's state of call i.
func (t *groupTable) state(n, i int) aggregate.State { return t.cols[i].At(n) }

// find returns the number of the group of key (hash h), or -1.
func (t *groupTable) find(key []byte, h uint64) int {
	if t.slotted < len(t.offs) {
		t.placeRest()
	}
	mask := uint64(len(t.slots) - 1)
	tag := tagOf(h)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl.off == 0 {
			return -1
		}
		if sl.tag == tag {
			rec := t.rec(sl.off - 1)
			klen := binary.LittleEndian.Uint32(rec[recKLen:])
			if binary.LittleEndian.Uint64(rec) == h && int(klen) == len(key) && string(rec[recHead:recHead+klen]) == string(key) {
				return int(binary.LittleEndian.Uint32(rec[recNum:]))
			}
		}
	}
}

// free empties the table and lets its key blocks go (clear keeps them
// for the groups to come).
func (t *groupTable) free() {
	t.clear()
	t.arena, t.cur = nil, 0
}

// clear empties the table, keeping its memory for the groups to come.
func (t *groupTable) clear() {
	clear(t.slots)
	t.ints.clear()
	t.offs = t.offs[:0]
	t.slotted = 0
	for i := range t.arena {
		t.arena[i] = t.arena[i][:0]
	}
	t.cur = 0
	for _, c := range t.cols {
		c.Truncate()
	}
}

// add inserts a new group of key (hash h) whose values are encoded as
// vals (encodeValues), with empty states, and returns its number.
func (t *groupTable) add(key []byte, h uint64, vals []byte) int {
	n := t.addUnslotted(key, h, vals)
	t.placeRest()
	return n
}

// addUnslotted is add without the group's slot, which it takes at the
// next find or add (see slotted): for a group that the int index finds.
func (t *groupTable) addUnslotted(key []byte, h uint64, vals []byte) int {
	n := t.record(key, h, vals)
	for _, c := range t.cols {
		c.Grow()
	}
	return n
}

// placeRest gives the groups after slotted their slots, growing the
// slots to stay at most half full (probes stay short).
func (t *groupTable) placeRest() {
	for len(t.offs)*2 > len(t.slots) {
		t.grow()
	}
	for n := t.slotted; n < len(t.offs); n++ {
		t.place(tagOf(t.hashOf(n)), t.offs[n]+1)
	}
	t.slotted = len(t.offs)
}

// grow doubles the slots. The old ones are placed again by their tags
// (see slot), in the order of the slots: slot i's group goes near i or
// i + len(old), so the writes run along two stretches of the new slots,
// and no record is read.
func (t *groupTable) grow() {
	old := t.slots
	t.slots = make([]slot, 2*len(old))
	for _, sl := range old {
		if sl.off != 0 {
			t.place(sl.tag, sl.off)
		}
	}
}

// record appends the record of group len() and returns its number.
func (t *groupTable) record(key []byte, h uint64, vals []byte) int {
	need := recHead + len(key) + len(vals)
	b := t.block(need)
	n := len(t.offs)
	t.offs = append(doubled(t.offs, 1), int32(t.cur<<arenaBits|len(b)))
	b = binary.LittleEndian.AppendUint64(b, h)
	b = binary.LittleEndian.AppendUint32(b, uint32(n))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(key)))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(vals)))
	t.arena[t.cur] = append(append(b, key...), vals...)
	return n
}

// block returns the block to append a record of need bytes to (t.cur
// then names it): the current one while the record starts within
// arenaBlock and fits its capacity (the first block doubles up to
// arenaBlock), else the next, new or kept by clear.
func (t *groupTable) block(need int) []byte {
	if len(t.arena) == 0 {
		t.arena = append(t.arena, make([]byte, 0, max(need, 1024)))
	}
	b := t.arena[t.cur]
	if len(b) < arenaBlock && len(b)+need <= cap(b) {
		return b
	}
	if t.cur == 0 && len(b)+need <= arenaBlock {
		nb := make([]byte, len(b), min(max(2*cap(b), len(b)+need), arenaBlock))
		copy(nb, b)
		t.arena[0] = nb
		return nb
	}
	t.cur++
	if t.cur == len(t.arena) {
		if t.cur == arenaBlocks {
			panic("exec: group keys past 2 GiB") // the memory budget stops a query long before
		}
		t.arena = append(t.arena, nil)
	}
	if cap(t.arena[t.cur]) < need {
		t.arena[t.cur] = make([]byte, 0, max(need, arenaBlock))
	}
	return t.arena[t.cur]
}

// doubled returns s with room for more elements: itself, or a copy with
// twice its capacity (append grows a large slice by a quarter, so a table
// of many groups would copy its arena and touch fresh pages several
// times as often).
func doubled[T any](s []T, more int) []T {
	if len(s)+more <= cap(s) {
		return s
	}
	return append(make([]T, 0, max(2*cap(s), len(s)+more, 64)), s...)
}

// place puts the slot of tag and off in the first free slot from the
// tag's place.
func (t *groupTable) place(tag uint32, off int32) {
	mask := uint64(len(t.slots) - 1)
	for i := uint64(tag) & mask; ; i = (i + 1) & mask {
		if t.slots[i].off == 0 {
			t.slots[i] = slot{tag, off}
			return
		}
	}
}

func (t *groupTable) hash(key []byte) uint64 { return maphash.Bytes(t.seed, key) }

// values appends group n's k GROUP BY values to dst; their texts share
// the table's records, with no copy: valid until the table is emptied,
// as a row an emitter is given is only during the call.
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
// key to dst; their texts share key's or vals' bytes.
func decodeValues(key, vals []byte, k int, dst []types.Value) ([]types.Value, error) {
	b, read := vals, types.ReadValueInPlace
	if len(vals) == 0 {
		b, read = key, types.ReadKeyInPlace
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
