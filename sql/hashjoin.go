package sql

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// The hash join of two sides' spill files: a table of the right rows in
// one arena, probed with the left rows; when the right rows outgrow the
// budget, both files split by the keys' hash (a grace hash join), and
// right rows that no split can part (one key's, a cross join's) are built
// in blocks that each see every left row.

// joiner joins the two sides' files.
type joiner struct {
	left, cross bool
	// keepBuild: a left join that builds its table of its left side (a
	// streamed one: see stream); left is then false.
	keepBuild bool
	// full: a full join, which joins the right rows that no left row
	// matched to NULLs too, as left does the left rows (left is true).
	full bool
	// keyless: a join without an equality, whose rows all have the key
	// TRUE (see join): no partitioning could part them.
	keyless bool
	// on tests each pair of rows the keys match (nil: none); a pair
	// that fails it is no match.
	on    *pairFilter
	sides [2]*joinSide
	out   *derivedWriter
	// fork gives each probe of a streamed join its own output: a fork of
	// out, or a worker's way into the scan of the statement over the
	// join (joinStream).
	fork  func() joinOut
	dir   *spill.Dir
	limit int64
	seed  maphash.Seed
	row   []types.Value
	key   []byte
}

// readRecord decodes a record of n values, whose texts share rec's bytes:
// a joined row is valid only during the call it is given to, and its
// records outlive it (a table's arena, a buffer that the next record
// reuses).
func readRecord(rec []byte, n int, dst []types.Value) ([]types.Value, error) {
	dst = dst[:0]
	for range n {
		v, rest, err := types.ReadValueInPlace(rec)
		if err != nil {
			return nil, err
		}
		dst, rec = append(dst, v), rest
	}
	return dst, nil
}

// keyOf is the key of a side's row; ok false when a key value is NULL.
func (j *joiner) keyOf(side int, row []types.Value) ([]byte, bool) {
	k, ok := appendKey(j.key[:0], j.sides[side].keys, row)
	j.key = k
	return k, ok
}

// appendKey appends to dst the join key of row, the values at keys; ok
// false when one is NULL (it matches nothing).
func appendKey(dst []byte, keys []int, row []types.Value) (k []byte, ok bool) {
	for _, i := range keys {
		if row[i].K == types.Null {
			return dst, false
		}
		dst = types.AppendJoinKey(dst, row[i])
	}
	return dst, true
}

// join joins the rows of files a (left) and b (right), at a depth of
// partitioning; both are removed as they are read.
func (j *joiner) join(a, b *spill.Writer, depth int) error {
	if buildBytes(b) > j.limit && !j.cross && !j.keyless && depth < 6 {
		pa, err := j.partition(a, 0, depth)
		if err != nil {
			return err
		}
		pb, err := j.partition(b, 1, depth)
		if err != nil {
			return err
		}
		for p := range joinFanOut {
			if pa[p] == nil && (pb[p] == nil || !j.full) {
				if pb[p] != nil {
					pb[p].Discard()
				}
				continue
			}
			if pa[p] == nil { // a full join's right rows, matched by none
				if pa[p], err = j.dir.Create(); err != nil {
					return err
				}
			}
			if pb[p] == nil {
				if pb[p], err = j.dir.Create(); err != nil {
					return err
				}
			}
			if err := j.join(pa[p], pb[p], depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	rb, err := b.Open()
	if err != nil {
		return err
	}
	defer rb.Close()
	if buildBytes(b) > j.limit {
		return j.blocks(a, rb, b.Records(), b.Size())
	}
	t, _, err := j.build(rb, b.Records(), b.Size(), math.MaxInt64)
	if err != nil {
		return err
	}
	r, err := a.Open()
	if err != nil {
		return err
	}
	tmatched := j.rightMatched(t)
	if err := j.probe(r, t, nil, tmatched); err != nil {
		r.Close()
		return err
	}
	if err := r.Close(); err != nil {
		return err
	}
	return j.unmatchedRight(t, tmatched)
}

// marksBuild reports a join whose table's rows that no probe matches
// are joined to NULLs too (a keepBuild left join's, a full join's): its
// table keeps the rows of a NULL key, and its probes mark their matches.
func (j *joiner) marksBuild() bool { return j.keepBuild || j.full }

// rightMatched is, for a full join, a bit for each row of t, which a
// probe sets for the rows it matches; nil for any other join.
func (j *joiner) rightMatched(t *buildTable) []uint64 {
	if !j.full {
		return nil
	}
	return make([]uint64, (t.rows()+63)/64)
}

// unmatchedRight joins the rows of t that no probe matched (matched, of
// a full join: see rightMatched) to NULLs.
func (j *joiner) unmatchedRight(t *buildTable, matched []uint64) error {
	if matched == nil {
		return nil
	}
	return j.eachUnmatched(t, matched, j.emit)
}

// eachUnmatched calls emit with NULLs for the left side and each row of
// t whose bit in matched is not set.
func (j *joiner) eachUnmatched(t *buildTable, matched []uint64, emit func(left, right []types.Value) error) error {
	nulls := make([]types.Value, len(j.sides[0].need))
	var right []types.Value
	var err error
	for i := range int32(t.rows()) {
		if matched[i/64]&(1<<(i%64)) != 0 {
			continue
		}
		if right, err = readRecord(t.row(i), len(j.sides[1].need), right); err != nil {
			return err
		}
		if err := emit(nulls, right); err != nil {
			return err
		}
	}
	return nil
}

// blocks joins a with the right rows of rb when they outgrow memory
// though partitioning cannot split them (rows of one key, or a cross
// join's): rb's rows are built in tables that fit, one after the other,
// and each is probed with all of a, which is read once per table; a left
// join marks the left rows that matched in a bitset, and emits the others
// at the end.
func (j *joiner) blocks(a *spill.Writer, rb *spill.Reader, rows, size int64) error {
	var matched []uint64
	if j.left {
		matched = make([]uint64, (a.Records()+63)/64)
	}
	for {
		t, eof, err := j.build(rb, rows, size, j.limit)
		if err != nil {
			return err
		}
		if t.rows() > 0 {
			r, err := a.Reread()
			if err != nil {
				return err
			}
			tmatched := j.rightMatched(t)
			err = j.probe(r, t, matched, tmatched)
			if cerr := r.Close(); err == nil {
				err = cerr
			}
			if err == nil {
				err = j.unmatchedRight(t, tmatched)
			}
			if err != nil {
				return err
			}
		}
		if eof {
			break
		}
	}
	r, err := a.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	if !j.left {
		return nil
	}
	left := []types.Value(nil)
	nulls := make([]types.Value, len(j.sides[1].need))
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if matched[n/64]&(1<<(n%64)) != 0 {
			continue
		}
		if left, err = readRecord(rec, len(j.sides[0].need), left); err != nil {
			return err
		}
		if err := j.emit(left, nulls); err != nil {
			return err
		}
	}
}

// buildBytes is what the table of file b's rows holds in memory: the
// records, and rowBytes a row.
func buildBytes(b *spill.Writer) int64 { return b.Size() + rowBytes*b.Records() }

// rowBytes is what a row costs a build table beside its record: its
// entry (hash, start and chain link: 24 bytes with padding), and its share
// of the slots (at most 3/4 full: between 5.3 and 10.7 bytes).
const rowBytes = 32

// buildTable is a join's table of its right rows: their records end to
// end in one arena, found by the hash of the key in chains of the rows of
// one hash, whose heads an open-addressed array of slots holds (no
// pointer, decoded value or key per row: a candidate's key is computed
// from its record, which is decoded for the joined row anyway). A probe
// reads a slot, the row's entry and its record.
type buildTable struct {
	arena []byte
	rs    []buildRow // by row, and one past the last (finish)
	slots []int32    // 1 + a chain's head row, 0 when empty; a power of 2
	// dense, when every key is one integer and they span at most
	// denseSpan times the rows (ids, mostly): by key - lo, 1 + the last
	// row of that key (0: none), whose chain holds the key's rows. It
	// takes the place of the slots (see index): a probe reads no hash.
	dense []int32
	lo    int64
	// keyInts: each row is one column, an integer that is its own key
	// (types.KeyExact), and no two rows share a key, in a dense table: a
	// probe's match is found in the dense array alone, the row being
	// its key (see matches).
	keyInts bool
	unique  bool // of a dense table: no two rows share a key
}

// denseSpan is how sparse a table's integer keys may be for its dense
// array (4 bytes a key of the span) to take the place of its slots: at
// most 8 bytes a row, within the share of the slots that rowBytes counts,
// so that the table holds no more than it was accounted for.
const denseSpan = 2

// denseSmall is a span of keys whose dense array (1 MiB) is small enough
// whatever the rows: it stays in the caches as the slots would.
const denseSmall = 1 << 18

// intKeys gathers the span of a table's keys while each is one integer.
type intKeys struct {
	ok     bool
	n      int
	lo, hi int64
}

// dense reports whether the keys, every one an integer, span little
// enough (span, from lo to hi) for an array of it, an entry or a bit a
// key of the span, to take the place of slots or hashes (see denseSpan
// and denseSmall).
func (ik *intKeys) dense() (span uint64, ok bool) {
	span = uint64(ik.hi) - uint64(ik.lo) + 1
	return span, ik.ok && ik.n > 0 && span != 0 && (span <= uint64(denseSpan*ik.n) || span <= denseSmall)
}

// add gathers key k, and returns its integer (while ik.ok: every key
// so far is one).
func (ik *intKeys) add(k []byte) int64 {
	n, ok := types.KeyInt(k)
	switch {
	case !ok:
		ik.ok = false
	case ik.n == 0:
		ik.lo, ik.hi = n, n
	default:
		ik.lo, ik.hi = min(ik.lo, n), max(ik.hi, n)
	}
	ik.n++
	return n
}

// denseFor reports whether the table t of the joiner's right rows takes
// a dense array of their keys (ik) rather than slots: when the keys allow
// and the table stays within limit.
func (j *joiner) denseFor(t *buildTable, ik intKeys, limit int64) (span uint64, ok bool) {
	span, ok = ik.dense()
	if !ok {
		return 0, false
	}
	if j.limit > 0 {
		limit = min(limit, j.limit) // a streamed join's table is built without a limit
	}
	if extra := 4*int64(span) - 4*int64(slotsFor(t.rows())); extra > 0 && t.bytes()+extra > limit {
		return 0, false
	}
	return span, true
}

// first returns the first row of the chain that holds the rows of key k,
// hashed by seed, or -1.
func (t *buildTable) first(k []byte, seed maphash.Seed) int32 {
	if t.dense != nil {
		n, ok := types.KeyInt(k)
		if !ok {
			return -1 // every key of the table is an integer's
		}
		d := uint64(n) - uint64(t.lo)
		if d >= uint64(len(t.dense)) {
			return -1
		}
		return t.dense[d] - 1
	}
	return t.head(maphash.Bytes(seed, k))
}

// buildRow is a row's entry in its table.
type buildRow struct {
	h     uint64 // the hash of its key
	start int64  // where its record starts in the arena
	next  int32  // the row before in the chain of its hash, -1 at the end
}

func newBuildTable(rows, bytes int64) *buildTable {
	return &buildTable{arena: make([]byte, 0, bytes), rs: make([]buildRow, 0, rows+1)}
}

// slotsFor is the number of slots for rows: a power of 2, at most 3/4
// full.
func slotsFor(rows int) int {
	n := 8
	for n*3 < rows*4 {
		n *= 2
	}
	return n
}

// head returns the first row of the chain of hash h, or -1.
func (t *buildTable) head(h uint64) int32 {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		r := t.slots[i]
		if r == 0 {
			return -1
		}
		if t.rs[r-1].h == h {
			return r - 1
		}
	}
}

// next is the row after row i in its chain, or -1.
func (t *buildTable) next(i int32) int32 { return t.rs[i].next }

// add appends a row of hash h and record rec. The rows are indexed
// (index) once they are all in: the table's size is known then, and
// whether their keys make a dense array, which then takes the place of
// the slots without their being made (TPC-H Q13 at SF 1: 100,000 rows
// put in slots, then in the dense array, took 11.7 ms).
func (t *buildTable) add(h uint64, rec []byte) {
	t.rs = append(t.rs, buildRow{h: h, start: int64(len(t.arena)), next: -1})
	t.arena = append(t.arena, rec...)
}

// lone marks a row that no key finds (buildRow.next until index).
const lone = -2

// addLone appends a row that no key finds.
func (t *buildTable) addLone(rec []byte) {
	t.rs = append(t.rs, buildRow{start: int64(len(t.arena)), next: lone})
	t.arena = append(t.arena, rec...)
}

// index chains the rows of each hash and puts the chains' heads in slots,
// or, given the rows' integer keys (keys, by row; lo their least and
// span their span), in the dense array.
func (t *buildTable) index(keys []int64, lo int64, span uint64) {
	rs := t.rs[:t.rows()]
	if keys != nil {
		dense := make([]int32, span)
		t.unique = true
		for i := range rs {
			if rs[i].next == lone {
				rs[i].next = -1
				continue
			}
			d := uint64(keys[i]) - uint64(lo)
			rs[i].next = dense[d] - 1 // rows in order: the last is its chain's head
			t.unique = t.unique && dense[d] == 0
			dense[d] = int32(i) + 1
		}
		t.dense, t.lo = dense, lo
		return
	}
	t.slots = make([]int32, slotsFor(len(rs)))
	mask := uint64(len(t.slots) - 1)
	for r := range rs {
		if rs[r].next == lone {
			rs[r].next = -1
			continue
		}
		h := rs[r].h
		i := h & mask
		for ; ; i = (i + 1) & mask {
			s := t.slots[i]
			if s == 0 {
				break
			}
			if rs[s-1].h == h {
				rs[r].next = s - 1
				break
			}
		}
		t.slots[i] = int32(r) + 1
	}
}

// finish ends the table: no row is added after.
func (t *buildTable) finish() { t.rs = append(t.rs, buildRow{start: int64(len(t.arena))}) }

// rows is the number of rows.
func (t *buildTable) rows() int { return len(t.rs) - 1 }

// row returns row i's record.
func (t *buildTable) row(i int32) []byte { return t.arena[t.rs[i].start:t.rs[i+1].start] }

// bytes is what the table holds.
func (t *buildTable) bytes() int64 {
	return int64(len(t.arena)) + rowBytes*int64(len(t.rs)) + 4*int64(len(t.dense))
}

// build reads right rows from r (rows records of bytes in all) into a
// table, until the table holds about limit bytes or r ends (eof),
// dropping those with a NULL key (they match nothing); a cross join keeps
// every row.
func (j *joiner) build(r *spill.Reader, rows, bytes, limit int64) (t *buildTable, eof bool, err error) {
	if limit < math.MaxInt64 {
		rows, bytes = min(rows, limit/rowBytes), min(bytes, limit)
	}
	t = newBuildTable(rows, bytes)
	nb := len(j.sides[1].need)
	var row []types.Value
	ik := intKeys{ok: !j.cross && len(j.sides[1].keys) == 1} // for denseFor
	// Each row's integer key while every one is an integer, for the dense
	// array: 8 bytes a row, within the share of the slots that rowBytes
	// counts and that a dense table does without.
	var keys []int64
	// The rows are their keys while each is one integer, and its own key.
	keyInts := !j.cross && nb == 1 && len(j.sides[1].keys) == 1 && j.sides[1].keys[0] == 0
	for t.bytes() <= limit {
		rec, err := r.Next()
		if err == io.EOF {
			eof = true
			break
		}
		if err != nil {
			return nil, false, err
		}
		var h uint64
		if !j.cross {
			if row, err = readRecord(rec, nb, row); err != nil {
				return nil, false, err
			}
			k, ok := j.keyOf(1, row)
			if !ok {
				if j.marksBuild() {
					t.addLone(rec) // a left row all the same
					if ik.ok {
						keys = append(keys, 0)
					}
				}
				continue
			}
			h = maphash.Bytes(j.seed, k)
			keyInts = keyInts && row[0].K == types.Int && types.KeyExact(row[0])
			if ik.ok {
				if n := ik.add(k); ik.ok {
					keys = append(keys, n)
				}
			}
		}
		t.add(h, rec)
	}
	t.finish()
	span, dense := j.denseFor(t, ik, limit)
	if !dense {
		keys = nil
	}
	t.index(keys, ik.lo, span)
	t.keyInts = keyInts && t.dense != nil && t.unique
	return t, eof, nil
}

// matches calls fn with each right row of t whose key is k,
// decoded into *right, and its number; rkey is scratch for the
// candidates' keys. fn decides what a match is (see pairFilter).
func (j *joiner) matches(t *buildTable, k []byte, right *[]types.Value, rkey *[]byte, fn func(int32) error) error {
	if t.keyInts {
		// The row is its key: neither its entry nor its record is read,
		// each a miss of the caches for a probe of a table the scan
		// before it pushed out (TPC-H Q13: a quarter of the work after
		// the scan of orders).
		i := t.first(k, j.seed)
		if i < 0 {
			return nil
		}
		n, _ := types.KeyInt(k)
		*right = append((*right)[:0], types.IntValue(n))
		return fn(i)
	}
	nb := len(j.sides[1].need)
	for i := t.first(k, j.seed); i >= 0; i = t.next(i) {
		var err error
		if *right, err = readRecord(t.row(i), nb, *right); err != nil {
			return err
		}
		rk, _ := appendKey((*rkey)[:0], j.sides[1].keys, *right)
		*rkey = rk
		if !bytes.Equal(rk, k) {
			continue
		}
		if err := fn(i); err != nil {
			return err
		}
	}
	return nil
}

// probe joins each left row of r with the right rows of its key in t. A
// left join's row without a match is emitted with NULLs, or, when matched
// is not nil, its match is marked there instead (blocks).
func (j *joiner) probe(r *spill.Reader, t *buildTable, matched, tmatched []uint64) error {
	nb := len(j.sides[1].need)
	var right []types.Value
	var rkey []byte
	nulls := make([]types.Value, nb)
	n := -1
	return eachRecord(r, len(j.sides[0].need), func(left []types.Value) error {
		n++
		if j.cross {
			for i := range int32(t.rows()) {
				var err error
				if right, err = readRecord(t.row(i), nb, right); err != nil {
					return err
				}
				if err := j.emit(left, right); err != nil {
					return err
				}
			}
			return nil
		}
		found := false
		if k, ok := j.keyOf(0, left); ok {
			err := j.matches(t, k, &right, &rkey, func(i int32) error {
				if pass, err := j.on.pass(left, right); !pass {
					return err
				}
				found = true
				if tmatched != nil {
					tmatched[i/64] |= 1 << (i % 64)
				}
				return j.emit(left, right)
			})
			if err != nil {
				return err
			}
		}
		switch {
		case matched != nil && found:
			matched[n/64] |= 1 << (n % 64)
		case !found && j.left && matched == nil:
			return j.emit(left, nulls)
		}
		return nil
	})
}

// eachRecord calls fn with the values of each record of r, n values each,
// in the file's order (valid during the call).
func eachRecord(r *spill.Reader, n int, fn func([]types.Value) error) error {
	var row []types.Value
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if row, err = readRecord(rec, n, row); err != nil {
			return err
		}
		if err := fn(row); err != nil {
			return err
		}
	}
}

func (j *joiner) emit(left, right []types.Value) error {
	j.row = append(append(j.row[:0], left...), right...)
	return j.out.Row(j.row)
}

// partition splits the rows of side's file f by their keys' hash at
// depth; rows with a NULL key go to partition 0 (they match nothing).
func (j *joiner) partition(f *spill.Writer, side, depth int) ([]*spill.Writer, error) {
	parts := make([]*spill.Writer, joinFanOut)
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	n := len(j.sides[side].need)
	var row []types.Value
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return parts, nil
		}
		if err != nil {
			return nil, err
		}
		if row, err = readRecord(rec, n, row); err != nil {
			return nil, err
		}
		p := 0
		if k, ok := j.keyOf(side, row); ok {
			p = int(maphash.Bytes(j.seed, k)>>(60-4*depth)) & (joinFanOut - 1)
		}
		if parts[p] == nil {
			if parts[p], err = j.dir.Create(); err != nil {
				return nil, err
			}
		}
		if err := parts[p].Write(rec); err != nil {
			return nil, err
		}
	}
}

// keySet is what a streamed inner join's probe side may filter its rows
// by: the build table's keys, by their hash (has may say yes for a key
// that is not there, never no for one that is).
type keySet struct {
	has func(key []byte) bool
	n   int // the table's rows with a key
}

// keysOf returns the keys of table t, whose hashes are by seed. The keys
// of a dense table are a bit each (a key's bit of its span: 25 KiB for
// 200,000 ids, where its array of rows takes 800 KiB): a scan's rows,
// most of which the filter drops, test a bit that stays in the first
// cache rather than the row's place in the array, which does not.
//
// Those of a table of hashed slots are a filter of the top bits of their
// hashes, 8 to 16 bits a row (a key's bit set says it may be there, and
// it is for all but about a tenth of the keys that are not), in place of
// the slots and the rows' entries (two places past the caches in a table
// of a few hundred thousand rows: TPC-H Q5 probes the table of 227,597
// orders with each of lineitem's 6M rows, which 85% fail).
func keysOf(t *buildTable, seed maphash.Seed) *keySet {
	n := t.rows()
	if t.dense == nil {
		return hashedKeys(seed, n, func(set func(h uint64)) {
			for i := range n {
				set(t.rs[i].h)
			}
		})
	}
	present := newBitSet(len(t.dense))
	for i, r := range t.dense {
		if r != 0 {
			present.set(uint64(i))
		}
	}
	return intKeySet(present, t.lo, n)
}

// hashedKeys is the filter of the top bits of n keys' hashes by seed,
// which each sets.
func hashedKeys(seed maphash.Seed, n int, each func(set func(h uint64))) *keySet {
	size := 64
	for size < 8*n {
		size *= 2
	}
	shift := uint(64 - bits.TrailingZeros(uint(size)))
	filter := newBitSet(size)
	each(func(h uint64) { filter.set(h >> shift) })
	return &keySet{n: n, has: func(k []byte) bool { return filter.has(maphash.Bytes(seed, k) >> shift) }}
}

// intKeySet is the set of n integer keys, lo + each number present holds.
func intKeySet(present bitSet, lo int64, n int) *keySet {
	return &keySet{n: n, has: func(k []byte) bool {
		key, ok := types.KeyInt(k)
		return ok && present.has(uint64(key)-uint64(lo)) // every key of the set is an integer's
	}}
}

// bitSet is a set of the numbers below its length in bits.
type bitSet []uint64

func newBitSet(n int) bitSet { return make(bitSet, (n+63)/64) }

func (b bitSet) set(i uint64) { b[i>>6] |= 1 << (i & 63) }

// has reports i in the set; false for any i past its end.
func (b bitSet) has(i uint64) bool { return i>>6 < uint64(len(b)) && b[i>>6]>>(i&63)&1 != 0 }

// filter is the join filter of a scan whose rows' keys are args (over its
// row; copied), named names, by the keys of whose side: the KeyIn that
// EXPLAIN prints.
func (ks *keySet) filter(args []plan.Expr, names []string, whose string) *plan.KeyIn {
	for i, a := range args {
		args[i] = plan.CloneExpr(a)
	}
	return &plan.KeyIn{Args: args, Has: ks.has, Text: ks.text(names, whose)}
}

// text is how filter's KeyIn prints.
func (ks *keySet) text(names []string, whose string) string {
	return fmt.Sprintf("(%s) among the %d keys of %s", strings.Join(names, ", "), ks.n, whose)
}

// sideKeys reads the keys of a side's file (which stays) into a set,
// with no table: integers that span little (as a dense table's, see
// keysOf) a bit each of their span, which a probe tests without hashing
// (TPC-H Q13's 150,000 customer keys: 20 ms by a table, serial, before
// the orders are read); other keys the filter of their hashes.
func sideKeys(sd *joinSide) (*keySet, error) {
	r, err := sd.file.Reread()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	seed := maphash.MakeSeed()
	var kb []byte
	hashInt := func(n int64) uint64 {
		kb = types.AppendKey(kb[:0], types.IntValue(n))
		return maphash.Bytes(seed, kb)
	}
	ik := intKeys{ok: true}
	ints := make([]int64, 0, sd.file.Records()) // while every key is an integer
	var hashes []uint64                         // once one is not
	var row []types.Value
	var k []byte
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if row, err = readRecord(rec, len(sd.need), row); err != nil {
			return nil, err
		}
		var ok bool
		if k, ok = appendKey(k[:0], sd.keys, row); !ok {
			continue
		}
		if n := ik.add(k); ik.ok {
			ints = append(ints, n)
			continue
		}
		if ints != nil {
			hashes = make([]uint64, 0, sd.file.Records())
			for _, n := range ints {
				hashes = append(hashes, hashInt(n))
			}
			ints = nil
		}
		hashes = append(hashes, maphash.Bytes(seed, k))
	}
	if span, ok := ik.dense(); ok {
		present := newBitSet(int(span))
		for _, n := range ints {
			present.set(uint64(n) - uint64(ik.lo))
		}
		return intKeySet(present, ik.lo, ik.n), nil
	}
	for _, n := range ints { // integers too sparse for a bit each
		hashes = append(hashes, hashInt(n))
	}
	return hashedKeys(seed, len(hashes), func(set func(h uint64)) {
		for _, h := range hashes {
			set(h)
		}
	}), nil
}

// stream joins the rows that run (a query of the left side) sends to the
// emitters it asks each() for, with the table of the right side's file,
// which fits in memory: each emitter, one per worker, probes the table,
// which none writes, and sends its joined rows to its own fork of the
// output. An inner join gives run the table's keys, to read only the
// rows that may match.
func (j *joiner) stream(run func(keys *keySet, each func() exec.Emitter) error) error {
	rb, err := j.sides[1].file.Open()
	if err != nil {
		return err
	}
	b := j.sides[1].file
	t, _, err := j.build(rb, b.Records(), b.Size(), math.MaxInt64)
	if cerr := rb.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	var keys *keySet
	if !j.left {
		keys = keysOf(t, j.seed)
	}
	var mu sync.Mutex
	var probes []*probeEmitter
	err = run(keys, func() exec.Emitter {
		p := &probeEmitter{j: j, t: t, out: j.fork(), nulls: make([]types.Value, len(j.sides[1].need)), on: j.on.clone()}
		if j.marksBuild() {
			p.matched = make([]uint64, (t.rows()+63)/64)
		}
		mu.Lock()
		probes = append(probes, p)
		mu.Unlock()
		return p
	})
	if err == nil && j.marksBuild() {
		if len(probes) == 0 {
			probes = append(probes, &probeEmitter{j: j, out: j.fork()})
		}
		err = j.unmatched(t, probes)
	}
	for _, p := range probes {
		if ferr := p.out.flush(); err == nil {
			err = ferr
		}
	}
	return err
}

// unmatched joins the rows of table t (the left rows of a keepBuild join,
// the right rows of a full one) that none of the probes matched to NULLs, through the first probe's
// output; the probes are done.
func (j *joiner) unmatched(t *buildTable, probes []*probeEmitter) error {
	matched := make([]uint64, (t.rows()+63)/64)
	for _, p := range probes {
		for i, w := range p.matched {
			matched[i] |= w
		}
	}
	return j.eachUnmatched(t, matched, probes[0].emit)
}

// joinOut is where a probe of a streamed join sends its joined rows.
type joinOut interface {
	Row([]types.Value) error
	flush() error
}

// probeEmitter is one worker's probe of a streamed join (see stream).
type probeEmitter struct {
	j          *joiner
	t          *buildTable
	out        joinOut
	key, rkey  []byte
	right, row []types.Value
	nulls      []types.Value
	matched    []uint64 // keepBuild: the table's rows this worker matched
	on         *pairFilter
}

func (p *probeEmitter) Columns([]string) error { return nil }

func (p *probeEmitter) Row(left []types.Value) error {
	j := p.j
	left = left[:len(j.sides[0].need)]
	k, ok := appendKey(p.key[:0], j.sides[0].keys, left)
	p.key = k
	found := false
	if ok {
		err := j.matches(p.t, k, &p.right, &p.rkey, func(i int32) error {
			if pass, err := p.on.pass(left, p.right); !pass {
				return err
			}
			found = true
			if p.matched != nil {
				p.matched[i/64] |= 1 << (i % 64)
			}
			return p.emit(left, p.right)
		})
		if err != nil {
			return err
		}
	}
	if !found && j.left {
		return p.emit(left, p.nulls)
	}
	return nil
}

func (p *probeEmitter) emit(left, right []types.Value) error {
	p.row = append(append(p.row[:0], left...), right...)
	return p.out.Row(p.row)
}

// pairFilter is a join's test of a pair of rows beyond its keys: an
// expression bound over the joined rows' columns (named table.field),
// evaluated by one goroutine (clone gives each its own).
type pairFilter struct {
	e   plan.Expr
	at  []int // by slot of e, the column of the joined row it reads
	row plan.Row
}

// newPairFilter binds e, an expression of the joined rows' columns cols.
func newPairFilter(e ast.Expr, cols []string) (*pairFilter, error) {
	p, err := plan.Bind(&ast.Select{Items: []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}}}, Where: e, Limit: -1}, noFrom{}) // bound, never read
	if err != nil {
		return nil, err
	}
	var sc *plan.Scan
	for n := p.Root; n != nil && sc == nil; {
		if sc, _ = n.(*plan.Scan); sc == nil && len(n.Inputs()) == 1 {
			n = n.Inputs()[0]
		} else {
			break
		}
	}
	if sc == nil || sc.Filter == nil {
		return nil, fmt.Errorf("%w: the join's condition %s", ErrUnsupported, e)
	}
	f := &pairFilter{e: sc.Filter, row: make(plan.Row, len(sc.Fields))}
	for _, name := range sc.Fields {
		i := slices.Index(cols, name)
		if i < 0 {
			return nil, fmt.Errorf("%w: the join's condition %s reads %s, which the join does not make", ErrUnsupported, e, name)
		}
		f.at = append(f.at, i)
	}
	return f, nil
}

// pass reports whether the pair of left and right passes f (nil: every
// pair does).
func (f *pairFilter) pass(left, right []types.Value) (bool, error) {
	if f == nil {
		return true, nil
	}
	for k, i := range f.at {
		if i < len(left) {
			f.row[k] = left[i]
		} else {
			f.row[k] = right[i-len(left)]
		}
	}
	t, err := plan.EvalTruth(f.e, f.row)
	return t == types.True, err
}

// clone is f for another goroutine.
func (f *pairFilter) clone() *pairFilter {
	if f == nil {
		return nil
	}
	return &pairFilter{e: plan.CloneExpr(f.e), at: f.at, row: make(plan.Row, len(f.row))}
}
