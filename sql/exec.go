package sql

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/storage"
)

// Stats are what running a plan measured.
type Stats struct {
	FilesTotal   int
	FilesScanned int      // files actually opened
	RowsRead     int64    // lines read
	BytesRead    int64    // bytes of those lines, '\n' included
	Unseen       []string // fields the query names that no row read has
}

// sink consumes the rows that pass WHERE. Aggregating sinks run one per
// worker and are merged; a projection runs alone and may stop the scan.
type sink interface {
	add(r *row, line []byte) (stop bool)
}

// Run executes the plan and returns its result. Aggregates scan files in
// parallel; projections scan in path order, one file at a time, and stop as
// soon as they have their rows (when there is no ORDER BY). A canceled ctx
// stops every worker, blocked reads included, and returns ErrCanceled.
func (p *Plan) Run(ctx context.Context) (*Result, error) {
	if !p.aggregate {
		return p.runProjection(ctx)
	}
	workers := max(min(runtime.GOMAXPROCS(0), len(p.Scan)), 1)
	sinks := make([]*groupSink, workers)
	for i := range sinks {
		sinks[i] = p.newGroupSink()
	}
	stats, err := p.scan(ctx, workers, func(w int) sink { return sinks[w] })
	if err != nil {
		return nil, err
	}
	total := sinks[0]
	for _, s := range sinks[1:] {
		total.merge(s)
	}
	res := &Result{Columns: p.columns, Stats: stats}
	res.Rows = total.rows(p)
	if err := p.order(res); err != nil {
		return nil, err
	}
	return res, nil
}

// scan runs workers over p.Scan; sinkFor gives worker w its sink.
func (p *Plan) scan(ctx context.Context, workers int, sinkFor func(w int) sink) (Stats, error) {
	var (
		next    atomic.Int64
		opened  atomic.Int64
		stopped atomic.Bool
		wg      sync.WaitGroup
		mu      sync.Mutex
		first   error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	scanners := make([]*scanner, workers)
	for w := range scanners {
		sc := &scanner{p: p, sink: sinkFor(w), row: newRow(len(p.slots.names)),
			seen: make([]bool, len(p.slots.names)), unseen: len(p.slots.names)}
		scanners[w] = sc
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(p.Scan) || ctx.Err() != nil {
					return
				}
				opened.Add(1)
				stop, err := sc.file(ctx, p.Scan[i])
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
					return
				}
				if stop {
					stopped.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	st := Stats{FilesTotal: p.FilesTotal, FilesScanned: int(opened.Load())}
	for _, sc := range scanners {
		st.RowsRead += sc.rows
		st.BytesRead += sc.nbytes
	}
	if st.RowsRead > 0 {
		for i, name := range p.slots.names {
			if !slices.ContainsFunc(scanners, func(sc *scanner) bool { return sc.seen[i] }) {
				st.Unseen = append(st.Unseen, name)
			}
		}
	}
	if first == nil && ctx.Err() != nil {
		first = ErrCanceled
	}
	return st, first
}

func newRow(n int) row {
	return row{vals: make([][]byte, n), scratch: make([][]byte, n)}
}

// scanner is one worker's reusable state.
type scanner struct {
	p      *Plan
	sink   sink
	row    row
	rows   int64
	nbytes int64
	lines  *storage.LineReader // reused across files
	seen   []bool              // per slot: some row had the field
	unseen int                 // slots not seen yet
}

// file scans one file into the sink and reports whether the sink is full.
func (s *scanner) file(ctx context.Context, f scanFile) (bool, error) {
	path := s.p.src.Path(f.Path)
	r, err := s.p.src.Open(f.Path)
	if err != nil {
		return false, fmt.Errorf("scan: %w", err)
	}
	// Closing the file unblocks a read in progress when ctx is canceled.
	stopClose := context.AfterFunc(ctx, func() { r.Close() })
	defer func() {
		if stopClose() {
			r.Close()
		}
	}()
	pred := s.p.pred
	if f.residualOnly {
		pred = s.p.residual
	}
	if s.lines == nil {
		s.lines = storage.NewLineReader(r, 256<<10)
	} else {
		s.lines.Reset(r)
	}
	lr := s.lines
	ext := s.p.extractor
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return false, nil
			}
			return false, &storage.LineError{File: path, Line: lr.Line(), Err: err}
		}
		if lr.Line()&1023 == 0 && ctx.Err() != nil {
			return false, nil
		}
		s.rows++
		s.nbytes += int64(len(line)) + 1
		if err := ext.Extract(line, s.row.vals); err != nil {
			return false, &storage.LineError{File: path, Line: lr.Line(), Err: err}
		}
		if s.unseen > 0 {
			s.markSeen()
		}
		if pred != nil && pred(&s.row) != True {
			continue
		}
		if s.sink.add(&s.row, line) {
			return true, nil
		}
	}
}

func (s *scanner) markSeen() {
	for i, v := range s.row.vals {
		if v != nil && !s.seen[i] {
			s.seen[i] = true
			s.unseen--
		}
	}
}

// groupSink aggregates rows by their GROUP BY values.
type groupSink struct {
	p      *Plan
	groups map[string]*group
	order  []*group
	keybuf []byte
}

type group struct {
	key  []Value
	aggs []*aggState
}

func (p *Plan) newGroupSink() *groupSink {
	return &groupSink{p: p, groups: make(map[string]*group)}
}

func (g *groupSink) add(r *row, _ []byte) bool {
	kb := g.keybuf[:0]
	for _, slot := range g.p.groupSlots {
		k, t := r.text(slot)
		kb = append(kb, byte(kindClass(k)))
		kb = binary.AppendUvarint(kb, uint64(len(t)))
		kb = append(kb, t...)
	}
	g.keybuf = kb
	grp := g.groups[string(kb)]
	if grp == nil {
		grp = g.newGroup(r)
		g.groups[string(kb)] = grp
		g.order = append(g.order, grp)
	}
	for i, a := range grp.aggs {
		if j := g.p.aggSlots[i]; j >= 0 {
			k, t := r.text(j)
			a.add(k, t)
		} else {
			a.add(storage.Missing, nil)
		}
	}
	return false
}

func (g *groupSink) newGroup(r *row) *group {
	grp := &group{aggs: make([]*aggState, len(g.p.aggs))}
	for i, a := range g.p.aggs {
		grp.aggs[i] = newAggState(a)
	}
	for _, slot := range g.p.groupSlots {
		k, t := r.text(slot)
		grp.key = append(grp.key, valueOf(k, t))
	}
	return grp
}

// kindClass groups JSON kinds the way GROUP BY and DISTINCT tell values
// apart: NULL, numbers, strings, and other JSON (booleans, objects, arrays).
func kindClass(k storage.Kind) int {
	switch k {
	case storage.Missing, storage.Null:
		return 0
	case storage.Number:
		return 1
	case storage.String:
		return 2
	}
	return 3
}

// valueOf converts a row value to a result value.
func valueOf(k storage.Kind, text []byte) Value {
	switch k {
	case storage.Missing, storage.Null:
		return Value{}
	case storage.Number:
		if i, ok := parseInt(text); ok {
			return IntValue(i)
		}
		if f, err := strconv.ParseFloat(string(text), 64); err == nil {
			return floatValue(f)
		}
		return RawValue(string(text))
	case storage.String:
		return StrValue(string(text))
	}
	return RawValue(string(text))
}

func (g *groupSink) merge(o *groupSink) {
	for key, og := range o.groups {
		grp := g.groups[key]
		if grp == nil {
			g.groups[key] = og
			g.order = append(g.order, og)
			continue
		}
		for i := range grp.aggs {
			grp.aggs[i].merge(og.aggs[i])
		}
	}
}

// rows returns one result row per group; without GROUP BY, exactly one row
// even when no row matched.
func (g *groupSink) rows(p *Plan) [][]Value {
	if len(p.groupSlots) == 0 && len(g.order) == 0 {
		g.order = append(g.order, &group{aggs: p.newAggStates()})
	}
	out := make([][]Value, 0, len(g.order))
	for _, grp := range g.order {
		r := make([]Value, len(p.outputs))
		for i, o := range p.outputs {
			if o.group >= 0 {
				r[i] = grp.key[o.group]
			} else {
				r[i] = grp.aggs[o.agg].result()
			}
		}
		out = append(out, r)
	}
	return out
}

func (p *Plan) newAggStates() []*aggState {
	out := make([]*aggState, len(p.aggs))
	for i, a := range p.aggs {
		out[i] = newAggState(a)
	}
	return out
}
