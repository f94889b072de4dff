package aggregate

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"

	"github.com/lakesql/lakesql/sql/types"
)

// A state goes to a spill file as the bytes AppendState writes; MergeState
// of a state of the same aggregate merges them as Merge would merge the
// state itself. The encodings are private to one process: no version, no
// promise across builds.

// reader decodes the fields of an encoded state, keeping the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("aggregate: %w", types.ErrCorrupt)
	}
	r.b = nil
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) float() float64 {
	if len(r.b) < 8 {
		r.fail()
		return 0
	}
	f := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return f
}

func (r *reader) byte() byte {
	if len(r.b) < 1 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) value() types.Value {
	if r.err != nil {
		return types.Value{}
	}
	v, rest, err := types.ReadValue(r.b)
	if err != nil {
		r.fail()
		return types.Value{}
	}
	r.b = rest
	return v
}

// count: the number of values, bounded by what the rest can hold.
func (r *reader) count() int {
	n := r.varint()
	if n < 0 || n > int64(len(r.b)) {
		r.fail()
		return 0
	}
	return int(n)
}

func appendFloat(dst []byte, f float64) []byte {
	return binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
}

func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, 1)
	}
	return append(dst, 0)
}

func appendValues(dst []byte, vs []types.Value) []byte {
	dst = binary.AppendVarint(dst, int64(len(vs)))
	for _, v := range vs {
		dst = types.AppendValue(dst, v)
	}
	return dst
}

func (r *reader) values() []types.Value {
	n := r.count()
	out := make([]types.Value, 0, n)
	for range n {
		out = append(out, r.value())
	}
	return out
}

func (s *count) AppendState(dst []byte) []byte { return binary.AppendVarint(dst, s.n) }
func (s *count) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	s.n += r.varint()
	return r.b, r.err
}

// A sum's state is a byte of flags (sumFloat, sumBig), the count, then
// the one total that holds: the DOUBLE's bits, the HUGEINT's text, or the
// integer.
const (
	sumFloat = 1 << iota
	sumBig
)

func (s *sum) AppendState(dst []byte) []byte {
	switch {
	case s.float:
		dst = binary.AppendVarint(append(dst, sumFloat), s.n)
		return appendFloat(dst, s.fsum)
	case s.big != nil:
		dst = binary.AppendVarint(append(dst, sumBig), s.n)
		text := s.big.Append(nil, 10)
		dst = binary.AppendVarint(dst, int64(len(text)))
		return append(dst, text...)
	}
	dst = binary.AppendVarint(append(dst, 0), s.n)
	return binary.AppendVarint(dst, s.isum)
}

// readSum decodes what sum.AppendState wrote.
func (r *reader) sum() sum {
	var t sum
	flags := r.byte()
	t.n = r.varint()
	switch flags {
	case sumFloat:
		t.float, t.fsum = true, r.float()
	case sumBig:
		n := r.count()
		if r.err == nil {
			b, ok := new(big.Int).SetString(string(r.b[:n]), 10)
			if !ok {
				r.fail()
			} else {
				t.big, r.b = b, r.b[n:]
			}
		}
	case 0:
		t.isum = r.varint()
	default:
		r.fail()
	}
	return t
}

func (s *sum) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := r.sum()
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *avg) MergeState(b []byte) ([]byte, error) { return s.sum.MergeState(b) }

func (s *sumPlus) MergeState(b []byte) ([]byte, error) { return s.sum.MergeState(b) }

func (s *minmax) AppendState(dst []byte) []byte {
	return types.AppendValue(appendBool(dst, s.has), s.best)
}

func (s *minmax) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := minmax{want: s.want, has: r.byte() == 1, best: r.value()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *argBest) AppendState(dst []byte) []byte {
	return types.AppendValue(types.AppendValue(appendBool(dst, s.has), s.arg), s.val)
}

func (s *argBest) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := argBest{want: s.want, nullArg: s.nullArg, nullsLast: s.nullsLast, has: r.byte() == 1, arg: r.value(), val: r.value()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *firstValue) AppendState(dst []byte) []byte {
	return types.AppendValue(appendBool(dst, s.has), s.v)
}

func (s *firstValue) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := firstValue{has: r.byte() == 1, v: r.value()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *moments) AppendState(dst []byte) []byte {
	return appendFloat(appendFloat(appendFloat(dst, s.n), s.mean), s.m2)
}

func (s *moments) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := moments{n: r.float(), mean: r.float(), m2: r.float()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *concat) AppendState(dst []byte) []byte {
	dst = binary.AppendVarint(dst, int64(len(s.parts)))
	for _, p := range s.parts {
		dst = types.AppendValue(dst, types.StringValue(p))
	}
	return dst
}

func (s *concat) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	for _, v := range r.values() {
		s.parts = append(s.parts, v.S)
		s.size += int64(len(v.S) + len(s.sep))
	}
	return r.b, r.err
}

func (s *concatOrdered) AppendState(dst []byte) []byte {
	dst = binary.AppendVarint(dst, int64(len(s.rows)))
	for _, row := range s.rows {
		dst = appendValues(dst, row)
	}
	return dst
}

func (s *concatOrdered) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	n := r.count()
	for range n {
		row := r.values()
		if len(row) > 0 {
			s.size += int64(len(row[0].String()) + len(s.sep))
		}
		s.rows = append(s.rows, row)
	}
	return r.b, r.err
}

func (s *boolAgg) AppendState(dst []byte) []byte { return appendBool(appendBool(dst, s.has), s.v) }

func (s *boolAgg) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := boolAgg{has: r.byte() == 1, v: r.byte() == 1}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}
