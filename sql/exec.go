package sql

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/catalog"
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
	work := p.chunks(true)
	workers := max(min(runtime.GOMAXPROCS(0), len(work)), 1)
	sinks := make([]*groupSink, workers)
	for i := range sinks {
		sinks[i] = p.newGroupSink()
	}
	stats, err := p.scan(ctx, work, workers, func(w int) sink { return sinks[w] })
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

// scan runs workers over the work items; sinkFor gives worker w its sink.
func (p *Plan) scan(ctx context.Context, work []chunk, workers int, sinkFor func(w int) sink) (Stats, error) {
	var (
		next    atomic.Int64
		opened  atomic.Int64
		stopped atomic.Bool
		wg      sync.WaitGroup
		mu      sync.Mutex
		first   error
	)
	report := progressOf(ctx, work)
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
				if i >= len(work) || ctx.Err() != nil {
					return
				}
				if work[i].start == 0 {
					opened.Add(1)
				}
				stop, err := sc.chunk(ctx, work[i])
				report(work[i])
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
	lines  *storage.RowReader // reused across files
	seen   []bool             // per slot: some row had the field
	unseen int                // slots not seen yet
}

// chunkBytes is the largest byte range that workers share out; a scan of
// little data uses smaller ones, so that even one file of a few megabytes
// keeps every core busy.
var chunkBytes int64 = 4 << 20

// chunk is the part of a file one worker scans: the lines that start at
// offsets in [start, end); end < 0 means to the end of the file.
type chunk struct {
	f          *scanFile
	start, end int64
}

// chunks cuts the files to scan into work items, in path order. Files of
// unknown size (a folder listing) and sequential scans stay whole.
func (p *Plan) chunks(split bool) []chunk {
	var total int64
	for _, f := range p.Scan {
		total += f.Bytes
	}
	// About four chunks per core, of 256 KiB to chunkBytes.
	size := min(chunkBytes, max(256<<10, total/int64(4*runtime.GOMAXPROCS(0))))
	var out []chunk
	for i := range p.Scan {
		f := &p.Scan[i]
		if !split || f.Bytes <= size {
			out = append(out, chunk{f: f, end: -1})
			continue
		}
		for start := int64(0); start < f.Bytes; start += size {
			end := start + size
			if end >= f.Bytes {
				end = -1
			}
			out = append(out, chunk{f: f, start: start, end: end})
		}
	}
	return out
}

// chunk scans one chunk into the sink and reports whether the sink is full.
func (s *scanner) chunk(ctx context.Context, c chunk) (bool, error) {
	path := s.p.src.Path(c.f.Path)
	r, err := s.p.src.Open(c.f.Path)
	pinned := s.p.src.Generation() >= 0 // from a manifest, which knows sizes
	if err != nil {
		if pinned {
			err = catalog.Stale(err)
		}
		return false, fmt.Errorf("scan %s: %w", path, err)
	}
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok && pinned && !s.p.ignoreSizes {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() != c.f.Bytes {
			r.Close()
			return false, fmt.Errorf("scan %s: %w", path,
				catalog.SizeMismatch(path, s.p.src.Path(storage.ManifestName), fi.Size(), c.f.Bytes))
		}
	}
	// Closing the file unblocks a read in progress when ctx is canceled.
	stopClose := context.AfterFunc(ctx, func() { r.Close() })
	defer func() {
		if stopClose() {
			r.Close()
		}
	}()
	pred, needles := s.p.pred, s.p.needles
	if c.f.residualOnly {
		pred, needles = s.p.residual, s.p.needlesRest
	}
	off := int64(0) // offset of the next line
	if c.start > 0 {
		seeker, ok := r.(io.Seeker)
		if !ok {
			return false, fmt.Errorf("scan %s: cannot seek", path)
		}
		// The line that holds byte start-1 belongs to the chunk before.
		if off, err = seeker.Seek(c.start-1, io.SeekStart); err != nil {
			return false, fmt.Errorf("scan %s: %w", path, err)
		}
	}
	if s.lines == nil {
		s.lines = storage.NewRowReader(r, 256<<10, s.p.extractor)
	} else {
		s.lines.Reset(r)
	}
	lr := s.lines
	if c.start > 0 {
		line, err := lr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, s.lineError(ctx, path, c, off, err)
		}
		off += int64(len(line)) + 1
	}
	for c.end < 0 || off < c.end {
		line, err := lr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, s.lineError(ctx, path, c, off, err)
		}
		if lr.Line()&1023 == 0 && ctx.Err() != nil {
			return false, nil
		}
		s.rows++
		s.nbytes += int64(len(line)) + 1
		if s.unseen == 0 && lacksNeedle(line, needles) {
			off += int64(len(line)) + 1
			continue
		}
		if len(s.row.vals) > 0 { // COUNT(*) alone needs nothing from the row
			plain, err := lr.Extract(s.row.vals)
			if err != nil {
				return false, s.lineError(ctx, path, c, off, err)
			}
			s.row.plain = plain
		}
		off += int64(len(line)) + 1
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
	return false, nil
}

// lacksNeedle reports whether a line without backslashes lacks one of the
// texts WHERE needs, so that it cannot match.
func lacksNeedle(line []byte, needles []storage.Needle) bool {
	if len(needles) == 0 || bytes.IndexByte(line, '\\') >= 0 {
		return false
	}
	for _, n := range needles {
		if !n.In(line) {
			return true
		}
	}
	return false
}

// lineError names the line that starts at byte off of a file, counting
// the lines before it only now that it is needed; a canceled scan reports
// no error of its own.
func (s *scanner) lineError(ctx context.Context, path string, c chunk, off int64, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	line := 1
	if r, oerr := s.p.src.Open(c.f.Path); oerr == nil {
		n, _ := countLines(r, off)
		r.Close()
		line += n
	}
	return &storage.LineError{File: path, Line: line, Err: err}
}

// countLines counts the '\n' in the first n bytes of r.
func countLines(r io.Reader, n int64) (int, error) {
	buf := make([]byte, 64<<10)
	count := 0
	for n > 0 {
		m, err := r.Read(buf[:min(int64(len(buf)), n)])
		count += bytes.Count(buf[:m], []byte{'\n'})
		n -= int64(m)
		if err != nil {
			return count, err
		}
	}
	return count, nil
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
	spelt  [spellSlots]spelling // with one GROUP BY field: recent spellings
	single *group               // the only group when there is no GROUP BY
}

type group struct {
	kb   string   // the encoded key
	raws []string // with one GROUP BY field: raw JSON spellings of its value (see spelling)
	key  []Value
	aggs []*aggState
}

// maxRaws bounds the spellings a group remembers ("a" and "\u0061", a
// missing field and null): a row spelt otherwise takes the decoding
// path, still right.
const maxRaws = 4

// spelling returns the group's remembered copy of raw (nil for a missing
// field), remembering it if there is room; false if there is none.
func (grp *group) spelling(raw []byte) (string, bool) {
	for _, s := range grp.raws {
		if s == string(raw) {
			return s, true
		}
	}
	if len(grp.raws) == maxRaws {
		return "", false
	}
	grp.raws = append(grp.raws, string(raw))
	return grp.raws[len(grp.raws)-1], true
}

// spelling is an entry of groupSink.spelt: a raw JSON value and its group.
type spelling struct {
	raw string
	grp *group
}

// spellSlots is the size of groupSink.spelt, a power of two.
const spellSlots = 64

// spellSlot places a raw value in groupSink.spelt: by its length and two
// of its bytes, which tell apart most values of a low-cardinality field.
func spellSlot(raw []byte) int {
	n := len(raw)
	if n == 0 {
		return 0
	}
	return (n*131 + int(raw[n/2])*7 + int(raw[n-1-n/4])) & (spellSlots - 1)
}

func (p *Plan) newGroupSink() *groupSink {
	return &groupSink{p: p, groups: make(map[string]*group)}
}

func (g *groupSink) add(r *row, _ []byte) bool {
	if len(g.p.groupSlots) == 0 {
		// One group: no key to build or look up.
		if g.single == nil {
			g.single = g.newGroup(r)
			g.groups[""] = g.single
			g.order = append(g.order, g.single)
		}
		g.feed(g.single, r)
		return false
	}
	if len(g.p.groupSlots) == 1 {
		// One GROUP BY field. Most rows spell their value exactly as an
		// earlier row of the same group did, and equal raw JSON text is an
		// equal value: a small cache of spellings finds the group without
		// decoding the value or building a key.
		raw := r.vals[g.p.groupSlots[0]]
		e := &g.spelt[spellSlot(raw)]
		if e.grp != nil && e.raw == string(raw) {
			g.feed(e.grp, r)
			return false
		}
		grp := g.lookup(r)
		if s, ok := grp.spelling(raw); ok {
			*e = spelling{s, grp}
		}
		g.feed(grp, r)
		return false
	}
	g.feed(g.lookup(r), r)
	return false
}

// lookup returns the group of the row, made if new.
func (g *groupSink) lookup(r *row) *group {
	kb := g.keybuf[:0]
	for _, slot := range g.p.groupSlots {
		k, t := r.text(slot)
		kb = append(kb, byte(kindClass(k)))
		kb = binary.AppendUvarint(kb, uint64(len(t)))
		kb = append(kb, t...)
	}
	g.keybuf = kb
	var grp *group
	if len(g.order) <= 8 {
		// A few groups: comparing keys beats hashing them.
		for _, c := range g.order {
			if string(c.kb) == string(kb) {
				grp = c
				break
			}
		}
	} else {
		grp = g.groups[string(kb)]
	}
	if grp == nil {
		grp = g.newGroup(r)
		grp.kb = string(kb)
		g.groups[grp.kb] = grp
		g.order = append(g.order, grp)
	}
	return grp
}

func (g *groupSink) feed(grp *group, r *row) {
	for i, a := range grp.aggs {
		if j := g.p.aggSlots[i]; j >= 0 {
			// A number's raw text is its text: SUM and AVG of one skip
			// the decoding and the dispatch of add.
			if raw := r.vals[j]; a.sums && storage.KindOf(raw) == storage.Number {
				a.n++
				a.addNumber(raw)
				continue
			}
			k, t := r.text(j)
			a.add(k, t)
		} else {
			a.n++ // COUNT(*)
		}
	}
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
