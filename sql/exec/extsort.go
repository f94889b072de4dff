package exec

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// External merge sort, after DuckDB's and CockroachDB's (colexecdisk):
// each producer of rows (a scan worker, or the aggregate's output) keeps
// its rows in memory up to its share of the budget; past it, it sorts them
// and writes them to a spill file as one sorted run, and starts again. At
// the end the runs on disk and the rows still in memory are merged k ways,
// at most sortFanIn files at once (more runs are merged into longer runs
// first), and the result goes out row by row, never whole in memory.
//
// Rows compare by types.Compare on their decoded values, the one total
// order of the engine, then by where they were read (seq), so that ties
// keep the order a sequential scan gives, in memory and on disk alike.

// sortFanIn is the number of runs merged at once: each open run holds one
// 32 KiB read buffer.
const sortFanIn = 32

// heapMax is the largest OFFSET + LIMIT kept in a top-N heap; past it the
// rows go through the external sort, which spills, and are cut after.
const heapMax = 10000

// sortSpill is what the sorters of one query share.
type sortSpill struct {
	dir  *spill.Dir
	runs atomic.Int64 // runs written, merge passes' included
	rows atomic.Int64 // rows written to runs
	peak atomic.Int64 // the sorters' peak accounted bytes, summed
}

// sorter buffers rows for ORDER BY and spills them in sorted runs.
type sorter struct {
	keys  []plan.SortKey
	limit int64 // bytes kept in memory before a run is written
	sp    *sortSpill
	items []sortItem
	mem   int64
	peak  int64
	runs  []*spill.Writer
	rec   []byte
	arena []byte // the items' keys, in chunks of sortArena bytes
}

// sortArena is the size of a chunk of keys.
const sortArena = 64 << 10

func newSorter(keys []plan.SortKey, limit int64, sp *sortSpill) *sorter {
	return &sorter{keys: keys, limit: limit, sp: sp}
}

// itemBytes is what an item holds: the item, its values and texts, its
// line.
func itemBytes(it *sortItem) int64 {
	n := 88 + 40*len(it.row) + len(it.line) + len(it.key)
	for _, v := range it.row {
		n += len(v.S)
	}
	return int64(n)
}

// add keeps it, whose row and line are the sorter's from now on.
func (s *sorter) add(it sortItem) error {
	if most := sortKeyMax * len(s.keys); cap(s.arena)-len(s.arena) < most {
		// A new chunk: the keys before keep theirs.
		s.arena = make([]byte, 0, max(sortArena, most))
	}
	start := len(s.arena)
	s.arena = appendSortKey(s.arena, it.row, s.keys)
	it.key = s.arena[start:len(s.arena):len(s.arena)]
	s.items = append(doubled(s.items, 1), it)
	s.mem += itemBytes(&it)
	s.peak = max(s.peak, s.mem)
	if s.mem > s.limit && len(s.items) > 1 {
		return s.spillRun()
	}
	return nil
}

func cmpItems(a, b *sortItem, keys []plan.SortKey) int {
	if c := cmpKeys(a.key, b.key); c != 0 {
		return c
	}
	if c := compareRows(a.row, b.row, keys); c != 0 {
		return c
	}
	switch {
	case a.seq < b.seq:
		return -1
	case a.seq > b.seq:
		return 1
	}
	return 0
}

func (s *sorter) sort() {
	slices.SortFunc(s.items, func(a, b sortItem) int { return cmpItems(&a, &b, s.keys) })
}

// spillRun writes the items, sorted, as one run and empties the buffer.
func (s *sorter) spillRun() error {
	s.sort()
	w, err := s.sp.dir.Create()
	if err != nil {
		return err
	}
	s.runs = append(s.runs, w)
	for i := range s.items {
		s.rec = appendItem(s.rec[:0], &s.items[i])
		if err := w.Write(s.rec); err != nil {
			return err
		}
	}
	if err := w.Finish(); err != nil {
		return err
	}
	s.sp.runs.Add(1)
	s.sp.rows.Add(int64(len(s.items)))
	clear(s.items)
	s.items = s.items[:0]
	s.arena = s.arena[:0]
	s.mem = 0
	return nil
}

// discard removes the sorter's runs.
func (s *sorter) discard() {
	for _, w := range s.runs {
		w.Discard()
	}
	s.runs = nil
}

// appendItem encodes an item as a run's record: seq, the values, the line.
func appendItem(rec []byte, it *sortItem) []byte {
	rec = binary.AppendUvarint(rec, it.seq)
	rec = binary.AppendUvarint(rec, uint64(len(it.key)))
	rec = append(rec, it.key...)
	rec = binary.AppendUvarint(rec, uint64(len(it.row)))
	for _, v := range it.row {
		rec = types.AppendValue(rec, v)
	}
	if it.line == nil {
		return append(rec, 0)
	}
	rec = append(rec, 1)
	return append(rec, it.line...)
}

var errBadRow = fmt.Errorf("exec: a spilled row: %w", spill.ErrCorrupt)

// readItem decodes a record of appendItem into a new item, which owns its
// values and line; its key is rec's.
func readItem(rec []byte) (sortItem, error) {
	var it sortItem
	seq, n := binary.Uvarint(rec)
	if n <= 0 {
		return it, errBadRow
	}
	it.seq, rec = seq, rec[n:]
	klen, n := binary.Uvarint(rec)
	if n <= 0 || klen > uint64(len(rec)-n) {
		return it, errBadRow
	}
	// The key stays in the record's buffer: the item is compared until
	// its source moves on, and a run it is merged into copies it.
	it.key, rec = rec[n:n+int(klen):n+int(klen)], rec[n+int(klen):]
	width, n := binary.Uvarint(rec)
	if n <= 0 || width > uint64(len(rec)) {
		return it, errBadRow
	}
	rec = rec[n:]
	it.row = make([]types.Value, width)
	for i := range it.row {
		v, rest, err := types.ReadValue(rec)
		if err != nil {
			return it, errBadRow
		}
		it.row[i], rec = v, rest
	}
	switch {
	case len(rec) == 1 && rec[0] == 0:
	case len(rec) >= 1 && rec[0] == 1:
		it.line = append([]byte{}, rec[1:]...)
	default:
		return it, errBadRow
	}
	return it, nil
}

// source yields items in order: a sorted buffer, or a run read back.
type source struct {
	items []sortItem
	r     *spill.Reader
	cur   sortItem
}

// next moves to the next item; false at the end.
func (src *source) next() (bool, error) {
	if src.r == nil {
		if len(src.items) == 0 {
			return false, nil
		}
		src.cur, src.items = src.items[0], src.items[1:]
		return true, nil
	}
	rec, err := src.r.Next()
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	src.cur, err = readItem(rec)
	return err == nil, err
}

// mergeSources passes the items of srcs, each in order, to emit in order,
// until emit returns errStopMerge. The readers are closed (their files
// removed) as they end, and all of them on return.
func mergeSources(ctx context.Context, srcs []*source, keys []plan.SortKey, emit func(*sortItem) error) error {
	defer func() {
		for _, src := range srcs {
			if src.r != nil {
				src.r.Close()
			}
		}
	}()
	// h is a heap of the sources with an item, the first item at the root.
	var h []*source
	less := func(i, j int) bool { return cmpItems(&h[i].cur, &h[j].cur, keys) < 0 }
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			m := l
			if r := l + 1; r < len(h) && less(r, l) {
				m = r
			}
			if !less(m, i) {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for _, src := range srcs {
		ok, err := src.next()
		if err != nil {
			return err
		}
		if ok {
			h = append(h, src)
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		down(i)
	}
	for n := 0; len(h) > 0; n++ {
		if n&1023 == 0 && ctx.Err() != nil {
			return ErrCanceled
		}
		top := h[0]
		if err := emit(&top.cur); err != nil {
			return err
		}
		ok, err := top.next()
		if err != nil {
			return err
		}
		if !ok {
			if top.r != nil {
				err := top.r.Close()
				top.r = nil
				if err != nil {
					return err
				}
			}
			h[0] = h[len(h)-1]
			h = h[:len(h)-1]
		}
		down(0)
	}
	return nil
}

// errStopMerge ends a merge early: its window is full.
var errStopMerge = fmt.Errorf("exec: the sort's window is full")

// finishSort merges every sorter's rows, in memory and on disk, and passes
// those of the window [off, off+limit) (limit -1: to the end) to emit in
// order. Each item emitted is emit's to keep.
func finishSort(ctx context.Context, sorters []*sorter, keys []plan.SortKey, off, limit int64, emit func(*sortItem) error) error {
	var runs []*spill.Writer
	var sp *sortSpill
	var peak int64
	for _, s := range sorters {
		runs = append(runs, s.runs...)
		s.runs = nil
		sp = s.sp
		peak += s.peak
	}
	defer func() {
		for _, w := range runs {
			if w != nil {
				w.Discard()
			}
		}
	}()
	if sp != nil {
		sp.peak.Add(peak)
	}
	// The buffers still in memory are sorted on every core.
	var wg sync.WaitGroup
	for _, s := range sorters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sort()
		}()
	}
	wg.Wait()
	// More runs than the fan-in: merge the first ones into longer runs.
	for len(runs) > sortFanIn {
		batch := runs[:sortFanIn]
		w, err := mergeRuns(ctx, sp, batch, keys)
		for i := range batch {
			batch[i] = nil // read and removed, or discarded by mergeRuns
		}
		if err != nil {
			return err
		}
		runs = append(runs[sortFanIn:], w)
	}
	srcs, err := openRuns(runs)
	if err != nil {
		return err
	}
	for _, s := range sorters {
		if len(s.items) > 0 {
			srcs = append(srcs, &source{items: s.items})
		}
	}
	err = mergeSources(ctx, srcs, keys, func(it *sortItem) error {
		if off > 0 {
			off--
			return nil
		}
		if limit == 0 {
			return errStopMerge
		}
		if limit > 0 {
			limit--
		}
		return emit(it)
	})
	if err == errStopMerge {
		err = nil
	}
	return err
}

// openRuns reads runs back, each a source; a run opened is set to nil in
// runs (its reader removes its file). On error the readers opened are
// closed and the runs not opened are left to the caller.
func openRuns(runs []*spill.Writer) ([]*source, error) {
	var srcs []*source
	for i, w := range runs {
		r, err := w.Open()
		if err != nil {
			for _, src := range srcs {
				src.r.Close()
			}
			return nil, err
		}
		runs[i] = nil
		srcs = append(srcs, &source{r: r})
	}
	return srcs, nil
}

// mergeRuns merges runs into one new run. The runs' files are removed
// whatever happens; the new run's too on error.
func mergeRuns(ctx context.Context, sp *sortSpill, runs []*spill.Writer, keys []plan.SortKey) (*spill.Writer, error) {
	srcs, err := openRuns(runs)
	if err != nil {
		for _, w := range runs {
			if w != nil {
				w.Discard()
			}
		}
		return nil, err
	}
	out, err := sp.dir.Create()
	if err != nil {
		for _, src := range srcs {
			src.r.Close()
		}
		return nil, err
	}
	var rec []byte
	err = mergeSources(ctx, srcs, keys, func(it *sortItem) error {
		rec = appendItem(rec[:0], it)
		return out.Write(rec)
	})
	if err == nil {
		err = out.Finish()
	}
	if err != nil {
		out.Discard()
		return nil, err
	}
	sp.runs.Add(1)
	return out, nil
}
