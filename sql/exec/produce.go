package exec

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// A scan of a plan.Producer (a join streamed through its hash table)
// takes the rows as the producer makes them, with no file between them
// and the query (DuckDB's pipelines do the same): each of the producer's
// workers pushes into a sink of its own, as a scan's workers do, through
// its copy of the scan's filter. A sink that takes rows from one worker
// at a time (a sequential scan, a stream in path order) takes them under
// a lock, in work items of produceItem rows, each due as it is begun.

// produceItem is the rows of one work item of a serialized producer.
const produceItem = 1024

// stopProduce is what a producer's worker is told when the query has the
// rows it needs; each scan has its own, so that a producer inside a
// producer (a chain of joins) ends only its own run.
type stopProduce struct{}

func (*stopProduce) Error() string { return "the scan has its rows" }

// producing returns ctx with the memory the producer of s's rows holds
// taken from what the query's operators may hold.
func producing(ctx context.Context, s *plan.Scan) context.Context {
	pr, ok := s.Src.(plan.Producer)
	if !ok {
		return ctx
	}
	m := memoryOf(ctx)
	m.Held += pr.Holds()
	if l, ok := pr.(Lender); ok {
		m.lent = l.Loan()
	}
	return WithMemory(ctx, m)
}

// produce is scan for a Producer.
func produce(ctx context.Context, s *plan.Scan, pr plan.Producer, sequential bool, needed []bool, sinkFor func(w int) rowSink) (Stats, error) {
	st := Stats{FilesTotal: s.FilesTotal}
	if len(s.Files) == 0 {
		return st, nil // the filter is false
	}
	if s.Star {
		return st, fmt.Errorf("SELECT * of %s: name the columns", s.Src.Name())
	}
	st.FilesScanned = 1
	cols := pr.Columns()
	slots := make([]int, len(s.Fields)) // by slot: the column, -1 for none
	for i, f := range s.Fields {
		slots[i] = slices.Index(cols, f)
	}
	stop := &stopProduce{}
	first := sinkFor(0)
	osk, ordered := first.(orderedSink)
	var (
		mu      sync.Mutex
		workers []*producedRows
		shared  *producedRows // serialized: the one every worker pushes into
	)
	newWorker := func(sink rowSink, w int) *producedRows {
		sc := newScanner(s, sink, w > 0, needed)
		p := &producedRows{sc: sc, pred: sc.pred(&s.Files[0]), slots: slots, stop: stop, src: s.Src.Path(s.Files[0].Path)}
		if cs, ok := sink.(chunkSink); ok {
			cs.startChunk(w)
		}
		workers = append(workers, p)
		return p
	}
	if sequential || ordered {
		shared = newWorker(first, 0)
		shared.serial = &mu
		if ordered {
			shared.osk = osk
			if err := osk.waitChunk(ctx, 0); err != nil {
				return st, err
			}
		}
	}
	// The producer's own queries lend nothing to this scan's, nor do
	// they do without what it lends (a Lender lends what its query
	// holds, through its own context).
	m := memoryOf(ctx)
	m.lent = nil
	err := pr.Produce(WithMemory(Lending(ctx, nil), m), func() func([]types.Value) error {
		if shared != nil {
			return shared.serialRow
		}
		mu.Lock()
		defer mu.Unlock()
		if len(workers) == 0 {
			return newWorker(first, 0).row
		}
		return newWorker(sinkFor(len(workers)), len(workers)).row
	})
	if errors.Is(err, stop) {
		err = nil
	}
	if err == nil && ordered {
		err = osk.endChunk(shared.item)
	}
	for _, p := range workers {
		st.RowsRead += p.sc.rows
		st.RowsPassed += p.sc.passed
	}
	if st.RowsRead > 0 {
		for i, c := range slots {
			if c < 0 {
				st.Unseen = append(st.Unseen, s.Fields[i])
			}
		}
	}
	if ctx.Err() != nil && (err == nil || errors.Is(err, ctx.Err())) {
		err = ErrCanceled
	}
	return st, err
}

// producedRows is one producer worker's way into the scan's sink.
type producedRows struct {
	sc    *scanner // the worker's filter copies, row and counts
	pred  plan.Expr
	slots []int
	stop  *stopProduce
	src   string // for errors
	// Serialized: the lock every worker takes, and for a sink in path
	// order the work item being filled and its rows so far.
	serial *sync.Mutex
	osk    orderedSink
	item   int
	inItem int
	full   bool // the sink has the rows it wants
}

func (p *producedRows) serialRow(vals []types.Value) error {
	p.serial.Lock()
	defer p.serial.Unlock()
	if p.full {
		return p.stop // another worker's row filled the sink
	}
	if err := p.row(vals); err != nil || p.osk == nil {
		p.full = errors.Is(err, p.stop)
		return err
	}
	if p.inItem++; p.inItem == produceItem {
		if err := p.osk.endChunk(p.item); err != nil {
			return err
		}
		p.item++
		p.inItem = 0
		p.osk.startChunk(p.item)
	}
	if p.osk.stopped() {
		p.full = true
		return p.stop
	}
	return nil
}

// row filters one row of the producer's values and sends it on.
func (p *producedRows) row(vals []types.Value) error {
	sc := p.sc
	for i, c := range p.slots {
		if c >= 0 && c < len(vals) {
			sc.row[i] = vals[c].Unspelled()
		} else {
			sc.row[i] = types.Value{}
		}
	}
	sc.rows++
	if p.pred != nil {
		t, err := plan.EvalTruth(p.pred, sc.row)
		if err != nil {
			return fmt.Errorf("%s: %w", p.src, err)
		}
		if t != types.True {
			return nil
		}
	}
	sc.passed++
	full, err := sc.sink.push(sc.row, nil)
	if err != nil {
		return err
	}
	if full {
		return p.stop
	}
	return nil
}
