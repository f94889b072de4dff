package aggregate

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/types"
)

// maxTopN is the most values MAX(x, n) and its kin keep: a group's state
// holds them all, so n is bounded as the memory is.
const maxTopN = 10_000

// topN is DuckDB's MAX(x, n) and MIN(x, n) (the converter's MAX_N and
// MIN_N) and ARG_MAX(arg, val, n) and ARG_MIN (ARG_MAX_N, ARG_MIN_N): the
// list of the n greatest (want 1) or least (-1) values, best first, of
// the rows where they are not NULL (ARG_*: neither arg nor val), or of
// those rows' args; NULL of none. n is a constant from 1 to maxTopN. Of
// values that tie at the cut, those that came first are kept (DuckDB
// leaves it open).
type topN struct {
	want  int
	arg   bool
	n     int64 // 0 until the first row
	items []topItem
	// pruned: items are sorted best first and at most n, the last the
	// worst kept (a value not better than it cannot come in).
	pruned bool
}

type topItem struct{ arg, val types.Value }

func (s *topN) Add(args []types.Value) error {
	nv := args[len(args)-1]
	if nv.K == types.Null {
		return fmt.Errorf("%w: the n of %s cannot be NULL", ErrArgs, s.name())
	}
	if nv.K != types.Int || nv.I < 1 || nv.I > maxTopN {
		return fmt.Errorf("%w: the n of %s is a whole number from 1 to %d, not %s", ErrArgs, s.name(), maxTopN, nv)
	}
	if s.n == 0 {
		s.n = nv.I
	} else if nv.I != s.n {
		return fmt.Errorf("%w: the n of %s must be the same in every row (%d, then %d)", ErrArgs, s.name(), s.n, nv.I)
	}
	val, arg := args[0], args[0]
	if s.arg {
		val = args[1]
		if arg.K == types.Null {
			return nil
		}
	}
	if val.K == types.Null {
		return nil
	}
	if s.pruned && int64(len(s.items)) == s.n && types.Compare(val, s.items[len(s.items)-1].val) != s.want {
		return nil
	}
	it := topItem{val: val.Clone()}
	if s.arg {
		it.arg = arg.Clone()
	}
	s.items = append(s.items, it)
	s.pruned = false
	if int64(len(s.items)) >= 2*s.n {
		s.prune()
	}
	return nil
}

func (s *topN) name() string {
	switch {
	case s.arg && s.want > 0:
		return "ARG_MAX"
	case s.arg:
		return "ARG_MIN"
	case s.want > 0:
		return "MAX"
	}
	return "MIN"
}

// prune sorts the items best first, the earlier of ties first, and keeps
// the first n.
func (s *topN) prune() {
	slices.SortStableFunc(s.items, func(a, b topItem) int { return -s.want * types.Compare(a.val, b.val) })
	if int64(len(s.items)) > s.n {
		clear(s.items[s.n:])
		s.items = s.items[:s.n]
	}
	s.pruned = true
}

func (s *topN) Merge(o State) {
	t := o.(*topN)
	if len(t.items) == 0 {
		return
	}
	if s.n == 0 {
		s.n = t.n
	}
	s.items = append(s.items, t.items...)
	s.prune()
}

func (s *topN) Result() types.Value {
	if len(s.items) == 0 {
		return types.Value{}
	}
	if !s.pruned {
		s.prune()
	}
	out := make([]types.Value, len(s.items))
	for i, it := range s.items {
		out[i] = it.val
		if s.arg {
			out[i] = it.arg
		}
	}
	return types.ListValue(out)
}

func (s *topN) AppendState(dst []byte) []byte {
	dst = binary.AppendVarint(dst, s.n)
	dst = binary.AppendVarint(dst, int64(len(s.items)))
	for _, it := range s.items {
		dst = types.AppendValue(types.AppendValue(dst, it.arg), it.val)
	}
	return dst
}

func (s *topN) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := topN{want: s.want, arg: s.arg, n: r.varint()}
	for range r.count() {
		t.items = append(t.items, topItem{arg: r.value(), val: r.value()})
	}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}
