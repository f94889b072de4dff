package aggregate

import (
	"encoding/binary"
	"hash/maphash"

	"github.com/lakesql/lakesql/sql/types"
)

// distinctState feeds its inner state each distinct argument tuple once;
// a tuple with a NULL is skipped (COUNT(DISTINCT a, b) counts the pairs
// where neither is NULL). The set is its own open-addressing table over one
// arena of records, each the tuple's key (types.AppendKey, which equal
// values share) and the tuple itself (types.AppendValue, to replay into
// a merged state or a spill file): no allocation per value, and nothing
// for the collector to trace.
type distinctState struct {
	inner State
	nulls bool     // NULL is a value, not a tuple skipped (see distinctOf)
	arena []byte   // records: uvarint key length, key, uvarint tuple length, tuple
	slots []uint64 // 0: empty; else hash's top 32 bits << 32 | record offset + 1
	n     int
	key   []byte
	tuple []byte         // a tuple being encoded
	one   [1]types.Value // AddOne's argument
	acct  *int64
}

var distinctSeed = maphash.MakeSeed()

func (s *distinctState) account(acct *int64) {
	s.acct = acct
	if a, ok := s.inner.(accounted); ok {
		a.account(acct)
	}
}

func (s *distinctState) Add(args []types.Value) error {
	k := s.key[:0]
	for _, a := range args {
		if a.K == types.Null && !s.nulls {
			return nil
		}
		k = types.AppendKey(k, a)
	}
	s.key = k
	if !s.insert(k, args) {
		return nil
	}
	return s.inner.Add(args)
}

// AddOne is Add of one argument (the executor's path for a field).
func (s *distinctState) AddOne(v types.Value) error {
	s.one[0] = v
	err := s.Add(s.one[:])
	s.one[0] = types.Value{}
	return err
}

// insert adds the tuple of key k, reporting false when the set had it.
func (s *distinctState) insert(k []byte, args []types.Value) bool {
	if (s.n+1)*2 > len(s.slots) {
		s.grow()
	}
	h := maphash.Bytes(distinctSeed, k)
	tag := h >> 32
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := s.slots[i]
		if sl == 0 {
			off := len(s.arena)
			if off >= 1<<32-1 {
				panic("aggregate: a distinct set past 4 GiB") // the memory budget stops a query long before
			}
			s.tuple = s.tuple[:0]
			for _, a := range args {
				s.tuple = types.AppendValue(s.tuple, a)
			}
			s.arena = binary.AppendUvarint(s.arena, uint64(len(k)))
			s.arena = append(s.arena, k...)
			s.arena = binary.AppendUvarint(s.arena, uint64(len(s.tuple)))
			s.arena = append(s.arena, s.tuple...)
			s.slots[i] = tag<<32 | uint64(off+1)
			s.n++
			grow(s.acct, len(s.arena)-off+16)
			return true
		}
		if sl>>32 == tag && string(s.keyAt(int(sl&0xffffffff)-1)) == string(k) {
			return false
		}
	}
}

func (s *distinctState) keyAt(off int) []byte {
	l, n := binary.Uvarint(s.arena[off:])
	return s.arena[off+n : off+n+int(l)]
}

func (s *distinctState) grow() {
	old := s.slots
	s.slots = make([]uint64, max(16, 2*len(old)))
	grow(s.acct, 8*(len(s.slots)-len(old)))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl == 0 {
			continue
		}
		h := maphash.Bytes(distinctSeed, s.keyAt(int(sl&0xffffffff)-1))
		for i := h & mask; ; i = (i + 1) & mask {
			if s.slots[i] == 0 {
				s.slots[i] = sl
				break
			}
		}
	}
}

// each calls fn with the encoded tuple of every record, in insertion order.
func (s *distinctState) each(fn func(tuple []byte) error) error {
	for off := 0; off < len(s.arena); {
		kl, n := binary.Uvarint(s.arena[off:])
		off += n + int(kl)
		tl, n := binary.Uvarint(s.arena[off:])
		off += n
		if err := fn(s.arena[off : off+int(tl)]); err != nil {
			return err
		}
		off += int(tl)
	}
	return nil
}

// addEncoded adds an encoded tuple (of another state or a spill file).
func (s *distinctState) addEncoded(tuple []byte, buf *[]types.Value) error {
	vals := (*buf)[:0]
	for b := tuple; len(b) > 0; {
		v, rest, err := types.ReadValue(b)
		if err != nil {
			return err
		}
		vals, b = append(vals, v), rest
	}
	*buf = vals
	return s.Add(vals)
}

func (s *distinctState) Merge(o State) {
	var buf []types.Value
	o.(*distinctState).each(func(t []byte) error { return s.addEncoded(t, &buf) })
}

func (s *distinctState) Result() types.Value { return s.inner.Result() }

// Final is the inner state's (see Final).
func (s *distinctState) Final() (types.Value, error) { return Final(s.inner) }

// A distinct state goes to a spill file as its tuples; merging adds each
// (a tuple it has seen is not counted twice).
func (s *distinctState) AppendState(dst []byte) []byte {
	dst = binary.AppendVarint(dst, int64(s.n))
	s.each(func(t []byte) error {
		dst = binary.AppendVarint(dst, int64(len(t)))
		dst = append(dst, t...)
		return nil
	})
	return dst
}

func (s *distinctState) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	n := r.count()
	var buf []types.Value
	for range n {
		l := r.count()
		if r.err != nil {
			break
		}
		t := r.b[:l]
		r.b = r.b[l:]
		if err := s.addEncoded(t, &buf); err != nil {
			r.fail()
			break
		}
	}
	return r.b, r.err
}
