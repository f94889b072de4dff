package aggregate

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/lakesql/lakesql/sql/types"
)

// Runs is where the states that keep every value of their group (MEDIAN,
// QUANTILE) put those values once they hold more than RunBytes of them:
// sorted, as a run in a spill file, as an external sort does. One group
// of many values (MEDIAN of a whole lake) is bounded so, where a table
// that spills its groups bounds only many groups of few values each. The
// result merges the runs, the values still held, in order, and picks its
// positions as it passes them.
//
// A state names its runs by their numbers here, so that the encoding of
// a state (a spilled group, a two-step DISTINCT's partial state) carries
// them to the state that merges it. One Runs serves every table of an
// aggregate; closing its folder removes the runs that no state read.
type Runs struct {
	dir RunFiles
	// RunBytes is what a state holds before it writes a run: its values'
	// accounted bytes.
	RunBytes int64

	mu    sync.Mutex
	files []RunWriter // by number; nil once read
}

// RunFiles makes the files of runs: the executor's spill folder, which
// removes them all as the query ends.
type RunFiles interface {
	Create() (RunWriter, error)
}

// A RunWriter writes a run's records; finished, it is read back once
// (Open: the file goes as the reader closes) or more (Reread), or
// removed unread (Discard).
type RunWriter interface {
	Write(rec []byte) error
	Finish() error
	Open() (RunReader, error)
	Reread() (RunReader, error)
	Discard()
}

// A RunReader reads a run's records in order: Next gives io.EOF after
// the last.
type RunReader interface {
	Next() ([]byte, error)
	Close() error
}

// runFanIn is the most runs a state keeps: past it they are merged into
// one. Each run read at once holds a reader's buffer (32 KiB).
const runFanIn = 64

// NewRuns makes the runs of one aggregate, in dir (which the caller
// closes), each of runBytes of values at least.
func NewRuns(dir RunFiles, runBytes int64) *Runs {
	return &Runs{dir: dir, RunBytes: max(runBytes, 4<<10)}
}

// add keeps a finished run and returns its number.
func (r *Runs) add(w RunWriter) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.files = append(r.files, w)
	return int64(len(r.files) - 1)
}

// open reads run i: once, when consume says so (the run is removed as
// it is read, and its number is no more), else again as often as asked
// (a state whose result is read and which goes on encoded: the first
// step of a two-step DISTINCT).
func (r *Runs) open(i int64, consume bool) (RunReader, error) {
	r.mu.Lock()
	if i < 0 || i >= int64(len(r.files)) || r.files[i] == nil {
		r.mu.Unlock()
		return nil, fmt.Errorf("aggregate: run %d: %w", i, types.ErrCorrupt)
	}
	w := r.files[i]
	if consume {
		r.files[i] = nil
	}
	r.mu.Unlock()
	if !consume {
		return w.Reread()
	}
	rd, err := w.Open()
	if err != nil {
		w.Discard()
	}
	return rd, err
}

// sortedRun is a state's run: its number in Runs, how many records it
// holds, and (MODE's) what to add to the row numbers in them, which
// count from the start of the state that wrote it.
type sortedRun struct{ id, n, offset int64 }

// writeRun sorts vals and writes them as a run.
func (r *Runs) writeRun(vals []types.Value) (sortedRun, error) {
	slices.SortFunc(vals, types.Compare)
	var b []byte
	return r.write(func(put func([]byte) error) (int64, error) {
		for _, v := range vals {
			b = types.AppendValue(b[:0], v)
			if err := put(b); err != nil {
				return 0, err
			}
		}
		return int64(len(vals)), nil
	})
}

// write makes a run of the records fill puts, each a value and what
// follows it (see each), in order; fill returns the run's n. A run that
// fails to be written is removed.
func (r *Runs) write(fill func(put func([]byte) error) (int64, error)) (sortedRun, error) {
	w, err := r.dir.Create()
	if err != nil {
		return sortedRun{}, err
	}
	n, err := fill(w.Write)
	if err == nil {
		err = w.Finish()
	}
	if err != nil {
		w.Discard()
		return sortedRun{}, err
	}
	return sortedRun{id: r.add(w), n: n}, nil
}

// merge merges runs of quantile's values into one run.
func (r *Runs) merge(runs []sortedRun) (sortedRun, error) {
	var rec []byte
	return r.write(func(put func([]byte) error) (int64, error) {
		return r.each(runs, nil, true, false, func(_ int64, v types.Value, _ *runSource) (bool, error) {
			rec = types.AppendValue(rec[:0], v)
			return true, put(rec)
		})
	})
}

// each passes the records of runs and the values vals (sorted) to f in
// order, numbered from 0, until f returns false, and returns how many it
// passed. A record is a value and what follows it, which f reads from
// its source (tail; offset: its run's). With consume, it removes the
// runs (see open). Values equal by types.Compare come in the order of
// their keys (types.AppendKey) when keyed, so that a value's records
// meet (MODE counts them together); else in any order.
func (r *Runs) each(runs []sortedRun, vals []types.Value, consume, keyed bool, f func(i int64, v types.Value, src *runSource) (bool, error)) (int64, error) {
	h := &runHeap{keyed: keyed}
	defer h.close()
	for _, run := range runs {
		rd, err := r.open(run.id, consume)
		if err != nil {
			return 0, err
		}
		src := &runSource{rd: rd, offset: run.offset, keyed: keyed}
		h.all = append(h.all, src)
		ok, err := src.next()
		if err != nil {
			return 0, err
		}
		if ok {
			h.srcs = append(h.srcs, src)
		}
	}
	if len(vals) > 0 {
		slices.SortFunc(vals, types.Compare)
		src := &runSource{mem: vals, v: vals[0]}
		h.srcs = append(h.srcs, src)
	}
	heap.Init(h)
	var i int64
	for h.Len() > 0 {
		src := h.srcs[0]
		more, err := f(i, src.v, src)
		if err != nil || !more {
			return i, err
		}
		i++
		ok, err := src.next()
		if err != nil {
			return i, err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	return i, nil
}

// runSource is a run being read (or the values held, sorted): v is its
// current value, tail the rest of its record, key v's key when keyed.
type runSource struct {
	rd     RunReader
	mem    []types.Value
	v      types.Value
	tail   []byte
	key    []byte
	keyed  bool
	offset int64
}

// next moves to the next record, reporting false after the last.
func (s *runSource) next() (bool, error) {
	if s.rd == nil {
		if len(s.mem) == 0 {
			return false, nil
		}
		s.mem = s.mem[1:]
		if len(s.mem) == 0 {
			return false, nil
		}
		s.v = s.mem[0]
		return true, nil
	}
	rec, err := s.rd.Next()
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	v, rest, err := types.ReadValue(rec)
	if err != nil {
		return false, fmt.Errorf("aggregate: a run's value: %w", types.ErrCorrupt)
	}
	s.v, s.tail = v, append(s.tail[:0], rest...)
	if s.keyed {
		s.key = types.AppendKey(s.key[:0], v)
	}
	return true, nil
}

// runHeap orders the sources by their current values (and keys).
type runHeap struct {
	srcs  []*runSource
	all   []*runSource // every reader opened, closed at the end
	keyed bool
}

func (h *runHeap) Len() int { return len(h.srcs) }
func (h *runHeap) Less(i, j int) bool {
	a, b := h.srcs[i], h.srcs[j]
	if c := types.Compare(a.v, b.v); c != 0 || !h.keyed {
		return c < 0
	}
	return bytes.Compare(a.key, b.key) < 0
}
func (h *runHeap) Swap(i, j int) { h.srcs[i], h.srcs[j] = h.srcs[j], h.srcs[i] }
func (h *runHeap) Push(x any)    { h.srcs = append(h.srcs, x.(*runSource)) }
func (h *runHeap) Pop() any {
	x := h.srcs[len(h.srcs)-1]
	h.srcs = h.srcs[:len(h.srcs)-1]
	return x
}

func (h *runHeap) close() {
	for _, s := range h.all {
		s.rd.Close()
	}
}
