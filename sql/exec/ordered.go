package exec

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// A streamed projection without ORDER BY or LIMIT reads with every core
// and still sends its rows in path order (the order a sequential scan
// gives): each worker projects the rows of its work item into a buffer of
// encoded values, and the buffers go out in work-item order as they
// complete, by whichever worker completes the one due. A worker waits
// before it starts an item more than orderWindow ahead of the one due, so
// that at most that many buffers wait: memory stays bounded by the
// window, not the lake.

// orderWindow is how many work items may be read ahead of the one due.
const orderWindow = 6

// reorder is the shared side: the buffers waiting and the emitter.
type reorder struct {
	mu    sync.Mutex
	cond  *sync.Cond
	due   int            // the work item to send next
	ready map[int][]byte // finished items, by index, not yet sent
	e     Emitter
	skip  int64
	row   []types.Value
	err   error       // the emitter's, once it failed
	done  atomic.Bool // the emitter failed, or the scan ends
	dead  bool        // the scan's context is done
}

func newReorder(e Emitter, skip int64, width int) *reorder {
	r := &reorder{ready: map[int][]byte{}, e: e, skip: skip, row: make([]types.Value, width)}
	r.cond = sync.NewCond(&r.mu)
	return r
}

// deliver hands over item i's rows and sends every item now due.
func (r *reorder) deliver(i int, rows []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	r.ready[i] = rows
	for {
		b, ok := r.ready[r.due]
		if !ok {
			break
		}
		delete(r.ready, r.due)
		r.due++
		if err := r.send(b); err != nil {
			r.err = err
			r.done.Store(true)
			r.cond.Broadcast()
			return err
		}
	}
	r.cond.Broadcast()
	return nil
}

// send emits the encoded rows of one item: each a value per column.
func (r *reorder) send(b []byte) error {
	for len(b) > 0 {
		for j := range r.row {
			v, rest, err := types.ReadValue(b)
			if err != nil {
				return err
			}
			r.row[j], b = v, rest
		}
		if r.skip > 0 {
			r.skip--
			continue
		}
		if err := r.e.Row(r.row); err != nil {
			return err
		}
	}
	return nil
}

// orderedStream is one worker's sink.
type orderedStream struct {
	r *reorder
	streamRow
	cur []byte // the current item's rows
}

func (s *orderedStream) waitChunk(ctx context.Context, i int) error {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if i >= s.r.due+orderWindow && s.r.err == nil && !s.r.dead {
		// To wait, be woken when the scan's context ends too.
		stop := context.AfterFunc(ctx, func() {
			s.r.mu.Lock()
			s.r.dead = true
			s.r.cond.Broadcast()
			s.r.mu.Unlock()
		})
		defer stop()
		for i >= s.r.due+orderWindow && s.r.err == nil && !s.r.dead {
			s.r.cond.Wait()
		}
	}
	if s.r.err != nil {
		return s.r.err
	}
	return ctx.Err()
}

func (s *orderedStream) startChunk(int) { s.cur = s.cur[:0] }

func (s *orderedStream) endChunk(i int) error {
	err := s.r.deliver(i, s.cur)
	s.cur = nil // the emitter read it; the next item gets a new buffer
	return err
}

func (s *orderedStream) stopped() bool { return s.r.done.Load() }

func (s *orderedStream) push(r plan.Row, line []byte) (bool, error) {
	out, err := s.out(r, line)
	if err != nil {
		return false, err
	}
	for _, v := range out {
		s.cur = types.AppendValue(s.cur, v)
	}
	return s.r.done.Load(), nil
}
