package sql

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"io"
	"math"

	"github.com/lakesql/lakesql/internal/spill"
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
	sides       [2]*joinSide
	out         *derivedWriter
	dir         *spill.Dir
	limit       int64
	seed        maphash.Seed
	row         []types.Value
	key         []byte
}

// readRecord decodes a record of n values.
func readRecord(rec []byte, n int, dst []types.Value) ([]types.Value, error) {
	dst = dst[:0]
	for range n {
		v, rest, err := types.ReadValue(rec)
		if err != nil {
			return nil, err
		}
		dst, rec = append(dst, v), rest
	}
	return dst, nil
}

// keyOf is the key of a side's row; ok false when a key value is NULL.
func (j *joiner) keyOf(side int, row []types.Value) ([]byte, bool) {
	k := j.key[:0]
	for _, i := range j.sides[side].keys {
		if row[i].K == types.Null {
			return nil, false
		}
		k = types.AppendKey(k, row[i])
	}
	j.key = k
	return k, true
}

// join joins the rows of files a (left) and b (right), at a depth of
// partitioning; both are removed as they are read.
func (j *joiner) join(a, b *spill.Writer, depth int) error {
	if buildBytes(b) > j.limit && !j.cross && depth < 6 {
		pa, err := j.partition(a, 0, depth)
		if err != nil {
			return err
		}
		pb, err := j.partition(b, 1, depth)
		if err != nil {
			return err
		}
		for p := range joinFanOut {
			if pa[p] == nil {
				if pb[p] != nil {
					pb[p].Discard()
				}
				continue
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
		return j.blocks(a, rb)
	}
	t, _, err := j.build(rb, math.MaxInt64)
	if err != nil {
		return err
	}
	r, err := a.Open()
	if err != nil {
		return err
	}
	if err := j.probe(r, t, nil); err != nil {
		r.Close()
		return err
	}
	return r.Close()
}

// blocks joins a with the right rows of rb when they outgrow memory
// though partitioning cannot split them (rows of one key, or a cross
// join's): rb's rows are built in tables that fit, one after the other,
// and each is probed with all of a, which is read once per table; a left
// join marks the left rows that matched in a bitset, and emits the others
// at the end.
func (j *joiner) blocks(a *spill.Writer, rb *spill.Reader) error {
	var matched []uint64
	if j.left {
		matched = make([]uint64, (a.Records()+63)/64)
	}
	for {
		t, eof, err := j.build(rb, j.limit)
		if err != nil {
			return err
		}
		if len(t.start) > 1 {
			r, err := a.Reread()
			if err != nil {
				return err
			}
			err = j.probe(r, t, matched)
			if cerr := r.Close(); err == nil {
				err = cerr
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
// records and their keys, and an index entry per row.
func buildBytes(b *spill.Writer) int64 { return 2*b.Size() + 48*b.Records() }

// buildTable is a join's table of its right rows: each row's key and
// record end to end in one arena, found by the hash of the key in chains
// (no pointer, and no decoded value, per row).
type buildTable struct {
	arena []byte
	start []int64 // row i is arena[start[i]:start[i+1]]: key length, key, record
	next  []int32 // the row before in the chain of its hash, -1 at the end
	heads map[uint64]int32
}

// row returns row i's key and record.
func (t *buildTable) row(i int32) (key, rec []byte) {
	b := t.arena[t.start[i]:t.start[i+1]]
	n, w := binary.Uvarint(b)
	return b[w : w+int(n)], b[w+int(n):]
}

// build reads right rows from r into a table, until the table holds
// about limit bytes or r ends (eof), dropping those with a NULL key (they
// match nothing); a cross join keeps every row.
func (j *joiner) build(r *spill.Reader, limit int64) (t *buildTable, eof bool, err error) {
	t = &buildTable{heads: map[uint64]int32{}}
	nb := len(j.sides[1].need)
	var row []types.Value
	for int64(2*len(t.arena)+48*len(t.start)) <= limit {
		rec, err := r.Next()
		if err == io.EOF {
			eof = true
			break
		}
		if err != nil {
			return nil, false, err
		}
		var k []byte
		if !j.cross {
			if row, err = readRecord(rec, nb, row); err != nil {
				return nil, false, err
			}
			var ok bool
			if k, ok = j.keyOf(1, row); !ok {
				continue
			}
		}
		i := int32(len(t.start))
		t.start = append(t.start, int64(len(t.arena)))
		t.arena = binary.AppendUvarint(t.arena, uint64(len(k)))
		t.arena = append(append(t.arena, k...), rec...)
		h := maphash.Bytes(j.seed, k)
		head, ok := t.heads[h]
		if !ok {
			head = -1
		}
		t.next = append(t.next, head)
		t.heads[h] = i
	}
	t.start = append(t.start, int64(len(t.arena)))
	return t, eof, nil
}

// probe joins each left row of r with the right rows of its key in t. A
// left join's row without a match is emitted with NULLs, or, when matched
// is not nil, its match is marked there instead (blocks).
func (j *joiner) probe(r *spill.Reader, t *buildTable, matched []uint64) error {
	na, nb := len(j.sides[0].need), len(j.sides[1].need)
	var left, right []types.Value
	nulls := make([]types.Value, nb)
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if left, err = readRecord(rec, na, left); err != nil {
			return err
		}
		if j.cross {
			for i := range int32(len(t.start) - 1) {
				_, rrec := t.row(i)
				if right, err = readRecord(rrec, nb, right); err != nil {
					return err
				}
				if err := j.emit(left, right); err != nil {
					return err
				}
			}
			continue
		}
		found := false
		if k, ok := j.keyOf(0, left); ok {
			i, ok := t.heads[maphash.Bytes(j.seed, k)]
			for ; ok && i >= 0; i = t.next[i] {
				rk, rrec := t.row(i)
				if !bytes.Equal(rk, k) {
					continue
				}
				if right, err = readRecord(rrec, nb, right); err != nil {
					return err
				}
				if err := j.emit(left, right); err != nil {
					return err
				}
				found = true
			}
		}
		switch {
		case matched != nil && found:
			matched[n/64] |= 1 << (n % 64)
		case !found && j.left && matched == nil:
			if err := j.emit(left, nulls); err != nil {
				return err
			}
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
