package sql

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/storage"
)

// Source is a pinned list of a lake's files that a query reads: a
// catalog.Snapshot (from the manifest, or from walking the folder).
type Source interface {
	Key() []string
	Files() []storage.FileEntry
	Open(rel string) (io.ReadCloser, error)
	Path(rel string) string
}

// Query is what to compute: aggregates over the rows that satisfy Where.
type Query struct {
	Where Expr // nil: every row
	Aggs  []Agg
}

// Plan is a query bound to a source, with its files pruned.
type Plan struct {
	Query      Query
	src        Source
	Scan       []storage.FileEntry // files to open, in path order
	FilesTotal int
	pred       rowPred
	slots      slots
	aggSlots   []int // slot of each aggregate's field; -1 for COUNT(*)
}

// Stats are what running a plan measured.
type Stats struct {
	FilesTotal   int
	FilesScanned int // files actually opened
	RowsRead     int64
	BytesRead    int64
}

// Result is one row of aggregates and the stats of the run.
type Result struct {
	Values []Value
	Stats  Stats
}

// NewPlan resolves q against src and prunes its files: a file is kept
// unless the WHERE clause is certainly not TRUE for its partition.
func NewPlan(src Source, q Query) (*Plan, error) {
	p := &Plan{Query: q, src: src, FilesTotal: len(src.Files())}
	if q.Where != nil {
		pred, err := compilePred(q.Where, &p.slots)
		if err != nil {
			return nil, err
		}
		p.pred = pred
	}
	for _, a := range q.Aggs {
		if a.Func == CountStar {
			p.aggSlots = append(p.aggSlots, -1)
		} else {
			p.aggSlots = append(p.aggSlots, p.slots.slot(a.Arg))
		}
	}
	key := src.Key()
	for _, f := range src.Files() {
		if evalPartition(q.Where, partition{key: key, values: f.Partition})&True != 0 {
			p.Scan = append(p.Scan, f)
		}
	}
	return p, nil
}

// Run scans the kept files in parallel and returns the aggregates. It stops
// early with ErrCanceled when ctx is done.
func (p *Plan) Run(ctx context.Context) (Result, error) {
	workers := max(min(runtime.GOMAXPROCS(0), len(p.Scan)), 1)
	scanners := make([]*scanner, workers)
	for w := range scanners {
		scanners[w] = p.newScanner()
	}
	var (
		next   atomic.Int64
		opened atomic.Int64
		wg     sync.WaitGroup
		mu     sync.Mutex
		first  error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for _, sc := range scanners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(p.Scan) || ctx.Err() != nil {
					return
				}
				opened.Add(1)
				if err := sc.file(ctx, p.Scan[i]); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	res := Result{Stats: Stats{FilesTotal: p.FilesTotal, FilesScanned: int(opened.Load())}}
	for _, sc := range scanners {
		res.Stats.RowsRead += sc.rows
		res.Stats.BytesRead += sc.nbytes
	}
	if first == nil && ctx.Err() != nil {
		first = ErrCanceled
	}
	if first != nil {
		return res, first
	}
	total := scanners[0].aggs
	for _, sc := range scanners[1:] {
		for i := range total {
			total[i].merge(sc.aggs[i])
		}
	}
	for _, s := range total {
		res.Values = append(res.Values, s.result())
	}
	return res, nil
}

func (p *Plan) newStates() []*aggState {
	out := make([]*aggState, len(p.Query.Aggs))
	for i, a := range p.Query.Aggs {
		out[i] = newAggState(a)
	}
	return out
}

// scanner is one worker's reusable state.
type scanner struct {
	p      *Plan
	aggs   []*aggState
	row    row
	rows   int64
	nbytes int64
}

func (p *Plan) newScanner() *scanner {
	n := len(p.slots.names)
	return &scanner{p: p, aggs: p.newStates(), row: row{vals: make([][]byte, n), scratch: make([][]byte, n)}}
}

// file scans one file into the aggregates.
func (s *scanner) file(ctx context.Context, f storage.FileEntry) error {
	path := s.p.src.Path(f.Path)
	r, err := s.p.src.Open(f.Path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer r.Close()
	lr := storage.NewLineReader(r, 256<<10)
	names := s.p.slots.names
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return &storage.LineError{File: path, Line: lr.Line(), Err: err}
		}
		if lr.Line()&1023 == 0 && ctx.Err() != nil {
			return nil
		}
		s.rows++
		s.nbytes += int64(len(line)) + 1
		if err := storage.Fields(line, names, s.row.vals); err != nil {
			return &storage.LineError{File: path, Line: lr.Line(), Err: err}
		}
		if s.p.pred != nil && s.p.pred(&s.row) != True {
			continue
		}
		for i, a := range s.aggs {
			if j := s.p.aggSlots[i]; j >= 0 {
				k, t := s.row.text(j)
				a.add(k, t)
			} else {
				a.add(storage.Missing, nil)
			}
		}
	}
}
