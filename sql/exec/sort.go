package exec

import (
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// sortItem is a row kept for ORDER BY: its values (the projection, sort
// keys included), the raw line for SELECT *, and where it was read, so
// that ties keep the order a sequential scan gives.
type sortItem struct {
	row  []types.Value
	line []byte
	seq  uint64 // work item << 40 | row within it
	key  []byte // in the external sort: the ORDER BY values as bytes (sortkey.go)
	// whole: key says all of the values (appendSortKey)
	whole bool
}

// sortSink is a worker's sink under ORDER BY: every row, to an external
// sorter, or with a small limit only the best n so far (a heap whose root
// is the worst kept).
type sortSink struct {
	pr    *projector // nil: rows come projected
	keys  []plan.SortKey
	n     int     // rows to keep; -1: all, to srt
	srt   *sorter // n < 0
	lines bool
	names map[string]nameAt // SELECT * through the sorter: the fields seen
	items []sortItem
	seq   uint64
	buf   []types.Value
}

func (s *sortSink) startChunk(i int) { s.seq = uint64(i) << 40 }

// before reports whether a comes before b in the result (heap items have
// no key bytes: cmpItems compares their values).
func (s *sortSink) before(a, b *sortItem) bool { return cmpItems(a, b, s.keys) < 0 }

func (s *sortSink) push(r plan.Row, line []byte) (bool, error) {
	s.seq++
	vals := []types.Value(r)
	if s.pr != nil { // nil: the rows are projected already
		var err error
		if vals, err = s.pr.eval(r, s.buf[:0]); err != nil {
			return false, err
		}
		s.buf = vals
	}
	it := sortItem{row: vals, seq: s.seq}
	if s.n >= 0 && len(s.items) == s.n {
		if s.n == 0 || !s.before(&it, &s.items[0]) {
			return false, nil
		}
	}
	it.row = make([]types.Value, len(vals))
	for i, v := range vals {
		it.row[i] = v.Clone()
	}
	if s.lines {
		it.line = append([]byte(nil), line...)
		if s.names != nil {
			if err := s.learn(line); err != nil {
				return false, err
			}
		}
	}
	switch {
	case s.n < 0:
		return false, s.srt.add(it)
	case len(s.items) < s.n:
		s.items = append(s.items, it)
		s.up(len(s.items) - 1)
	default:
		s.items[0] = it
		s.down(0)
	}
	return false, nil
}

// The heap is ordered so that the root is the item that comes last.
func (s *sortSink) up(i int) {
	h := s.items
	for i > 0 {
		p := (i - 1) / 2
		if !s.before(&h[p], &h[i]) {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func (s *sortSink) down(i int) {
	h := s.items
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		w := l
		if r := l + 1; r < len(h) && s.before(&h[l], &h[r]) {
			w = r
		}
		if !s.before(&h[i], &h[w]) {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

// mergeSorted gathers the workers' items in result order and keeps the
// window [off, off+limit) (limit -1: to the end).
func mergeSorted(sinks []*sortSink, keys []plan.SortKey, limit, off int64) []sortItem {
	var all []sortItem
	for _, s := range sinks {
		all = append(all, s.items...)
	}
	slices.SortFunc(all, func(a, b sortItem) int { return cmpItems(&a, &b, keys) })
	all = all[min(off, int64(len(all))):]
	if limit >= 0 && int64(len(all)) > limit {
		all = all[:limit]
	}
	return all
}

// learn notes the names of a line's fields not seen before.
func (s *sortSink) learn(line []byte) error {
	i := 0
	return storage.Members(line, func(name string, _ []byte) {
		if _, ok := s.names[name]; !ok {
			s.names[strings.Clone(name)] = nameAt{s.seq, i}
		}
		i++
	})
}

// heapBytes is what the sinks' heaps hold: at their end, their peak.
func heapBytes(sinks []*sortSink) int64 {
	var n int64
	for _, s := range sinks {
		for i := range s.items {
			n += itemBytes(&s.items[i])
		}
	}
	return n
}
