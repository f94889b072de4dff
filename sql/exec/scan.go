package exec

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Stats are what running a plan measured.
type Stats struct {
	FilesTotal   int
	FilesScanned int      // files actually opened
	RowsRead     int64    // lines read
	BytesRead    int64    // bytes of those lines, '\n' included
	Unseen       []string // fields the query names that no row read has
	RowsPassed   int64    // rows that passed the scan's filter
}

// rowSink takes the rows a scan worker produces. The row and its texts
// are valid only during the call. line is the raw line (for SELECT *).
type rowSink interface {
	push(r plan.Row, line []byte) (stop bool, err error)
}

// rawSink is a sink that can take a row as the raw JSON of its slots
// (raws by slot; plain: the line has no backslash and no byte past
// ASCII, see types.FromJSON), so that fields it
// only groups by or sums need not be decoded into values first.
type rawSink interface {
	rowSink
	rawOK() bool
	pushRaw(raws [][]byte, plain bool) (stop bool, err error)
}

// batchSink is a rawSink that may hold rows back to add them together;
// endRaw adds them. The scanner calls it at the end of each chunk.
type batchSink interface {
	endRaw() error
}

// chunkSink is a sink that wants to know which work item its next rows
// come from, to put rows back in path order after a parallel scan.
type chunkSink interface {
	startChunk(i int)
}

// orderedSink is a chunkSink that also hears when a work item ends, and
// may hold a worker back before one starts (so that rows waiting for
// their turn stay few); ctx is the scan's, canceled when any worker fails.
type orderedSink interface {
	chunkSink
	waitChunk(ctx context.Context, i int) error
	endChunk(i int) error
	stopped() bool
}

// chunkBytes is the largest byte range that workers share out; a scan of
// little data uses smaller ones, so that even one file of a few megabytes
// keeps every core busy.
var chunkBytes int64 = 4 << 20

// chunk is the part of a file one worker scans: the lines that start at
// offsets in [start, end); end < 0 means to the end of the file.
type chunk struct {
	f          *plan.ScanFile
	start, end int64
}

// chunks cuts the files to scan into work items, in path order. Files of
// unknown size (a folder listing) and sequential scans stay whole.
func chunks(s *plan.Scan, split bool) []chunk {
	var total int64
	for _, f := range s.Files {
		total += f.Bytes
	}
	// About four chunks per core, of 256 KiB to chunkBytes.
	size := min(chunkBytes, max(256<<10, total/int64(4*runtime.GOMAXPROCS(0))))
	var out []chunk
	for i := range s.Files {
		f := &s.Files[i]
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

// scan runs workers over the scan's files (in parallel unless sequential);
// sinkFor gives worker w its sink. A canceled ctx stops every worker,
// blocked reads included, and returns ErrCanceled.
func scan(ctx context.Context, s *plan.Scan, sequential bool, needed []bool, sinkFor func(w int) rowSink) (Stats, error) {
	if pr, ok := s.Src.(plan.Producer); ok {
		return produce(ctx, s, pr, sequential, needed, sinkFor)
	}
	work := chunks(s, !sequential)
	workers := 1
	if !sequential {
		workers = max(min(runtime.GOMAXPROCS(0), len(work)), 1)
	}
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
	// fail keeps a worker's error, the first one, and stops the others.
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		cancel()
	}
	// Each worker makes its scanner and sink itself, in worker order (the
	// callers keep their sinks by worker), so that their small objects
	// come from the allocator's cache of its own processor. Made by one
	// goroutine, the workers' objects of a size lay side by side, and the
	// states and scratch values that each writes per row shared cache
	// lines, which the two cores then passed back and forth: TPC-H Q1
	// (eight aggregates, four groups) took 18% more CPU.
	scanners := make([]*scanner, workers)
	var turns Turns
	for w := range scanners {
		wg.Add(1)
		wait, done := turns.Next()
		go func() {
			defer wg.Done()
			wait()
			sc := newScanner(s, sinkFor(w), w > 0, needed)
			scanners[w] = sc
			done()
			osk, ordered := sc.sink.(orderedSink)
			cs, chunked := sc.sink.(chunkSink)
			// Workers take the next work item as they finish one, so that
			// none idles while another has work (a static share left one
			// idle at the end a quarter of the time). Which rows meet in
			// which partial state therefore depends on timing, and so may
			// the last bits of a float aggregate, as in DuckDB.
			for !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(work) || ctx.Err() != nil {
					return
				}
				if ordered {
					if err := osk.waitChunk(ctx, i); err != nil {
						fail(err)
						return
					}
				}
				if work[i].start == 0 {
					opened.Add(1)
				}
				if chunked {
					cs.startChunk(i)
				}
				stop, err := sc.chunk(ctx, work[i])
				if err == nil && ordered {
					err = osk.endChunk(i)
					stop = stop || osk.stopped()
				}
				report(work[i])
				if err != nil {
					fail(err)
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
	st := Stats{FilesTotal: s.FilesTotal, FilesScanned: int(opened.Load())}
	for _, sc := range scanners {
		if sc.lines != nil {
			giveLines(sc.lines)
			sc.lines = nil
		}
		st.RowsRead += sc.rows
		st.BytesRead += sc.nbytes
		st.RowsPassed += sc.passed
	}
	if st.RowsRead > 0 {
		for i, name := range s.Fields {
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

// scanBlock is the size of a scan's reads and of the blocks whose lines
// it marks.
const scanBlock = 256 << 10

// lines keeps the line readers of the scans that ended, for the next:
// a statement runs scan after scan (a join's sides, subqueries), each
// with a reader per worker, and a new one takes its 480 KB from the
// heap, cleared. It holds at most as many as ran at once.
var lines struct {
	sync.Mutex
	free []*storage.RowReader
}

// takeLines returns a reader of in for e's names: a kept one, or new.
func takeLines(in io.Reader, e *storage.Extractor) *storage.RowReader {
	lines.Lock()
	n := len(lines.free)
	if n == 0 {
		lines.Unlock()
		return storage.NewRowReader(in, scanBlock, e)
	}
	rr := lines.free[n-1]
	lines.free = lines.free[:n-1]
	lines.Unlock()
	rr.Reuse(in, scanBlock, e)
	return rr
}

// giveLines keeps rr, whose scan ended, for the next scan.
func giveLines(rr *storage.RowReader) {
	rr.Reuse(nil, scanBlock, nil) // its reader and buffer of a long line go
	lines.Lock()
	lines.free = append(lines.free, rr)
	lines.Unlock()
}

// Turns lets goroutines started one after the other take a step in that
// order, each after the one before has taken it: a worker making its own
// state (see scan), in the order of the callers' slices by worker. Next,
// called as each goroutine is started, gives that goroutine's wait, before
// its step, and its done, after.
type Turns struct{ last chan struct{} }

func (t *Turns) Next() (wait, done func()) {
	prev, mine := t.last, make(chan struct{})
	t.last = mine
	return func() {
		if prev != nil {
			<-prev
		}
	}, func() { close(mine) }
}

// scanner is one worker's reusable state.
type scanner struct {
	s     *plan.Scan
	sink  rowSink
	conj  []plan.Expr         // this worker's copies of the filter's conjuncts
	preds map[*bool]plan.Expr // by a file's Skip mask (files of one partition share it)
	// semi is this worker's copy of the scan's Semi, live its part that
	// still filters (liveSemi) when semiOff of its KeyIns keep every row,
	// semiPreds the filters with live, by the conjuncts' filter.
	semi      plan.Expr
	semiPreds map[plan.Expr]plan.Expr
	live      plan.Expr
	semiOff   int
	raws      [][]byte
	row       plan.Row
	scratch   [][]byte
	rows      int64
	passed    int64
	nbytes    int64
	lines     *storage.RowReader // reused across files
	ex        *storage.Extractor
	seen      []bool // per slot: some row had the field
	unseen    int    // slots not seen yet
	clone     bool   // the worker needs its own copies of expressions
	needed    []bool // by slot: read above the scan (projection, aggregates, sort keys)
	plans     map[planKey]*fieldPlan
	fp        *fieldPlan // of the current file
	raw       rawSink    // the sink, when it takes raw rows
	plain     bool       // the current line has no backslash and is ASCII (types.FromJSON)
}

// fieldPlan is how a worker extracts the rows of one kind of file (files
// whose partitions decide the same conjuncts): first the fields its filter
// reads, with the reader's block masks (which serve four names at most),
// then, only for the rows that pass, the other fields the plan needs. A
// field that only decided conjuncts read is not extracted at all.
type fieldPlan struct {
	first      *storage.Extractor // the RowReader's
	firstSlots []int
	firstVals  [][]byte
	decode     []bool             // by first slot: decode it (the filter reads it, or the sink takes values)
	direct     bool               // the first slots are 0, 1, … and none is decoded: extract into the row's raws
	rest       *storage.Extractor // nil: nothing more
	restSlots  []int
	restVals   [][]byte
	unread     []int // slots neither extracts
	// rawConj are the filter's AND terms decided on raw values
	// (rawpred.go), restPred the others; lazy the slots only rawConj
	// reads, decoded only when needed.
	rawConj  []rawCmp
	restPred plan.Expr
	lazy     []int
	// sinkLazy is the lazy slots the sink reads: those decoded for a row
	// that the raw terms alone passed.
	sinkLazy []int
	late     []int // first slots the filter does not read, decoded when a row passes
}

// planKey names a worker's field plan: the files' Skip mask (files of
// one partition share it), whether it takes every field in the filter's
// phase, and how many KeyIns of the Semi had left the filter (see pred).
type planKey struct {
	skip    *bool
	one     bool
	semiOff int
}

// onePhase reports whether a worker should take the nrest fields its
// filter does not read (of nfirst it does) in the filter's phase, for
// every row, rather than in a second phase for the rows that pass. Until
// onePhaseAfter rows tell how many pass, when the block masks serve them
// all (four names). Then by the costs measured on lineitem's rows
// (storage's BenchmarkRowReaderKey, ...KeyFour and ...KeySecond): a
// name more for the masks costs about 35 ns a row, the walk of a second
// phase about 126 ns a row that passes; past four names the walk takes
// every field of a row in one go, which pays when three rows in four
// pass.
func (sc *scanner) onePhase(nfirst, nrest int) bool {
	if sc.rows < onePhaseAfter {
		return nfirst+nrest <= 4
	}
	if nfirst+nrest <= 4 {
		return 126*sc.passed >= 35*int64(nrest)*sc.rows
	}
	return 4*sc.passed >= 3*sc.rows
}

// onePhaseAfter is the rows a worker reads before onePhase weighs what
// passed (a variable for the tests).
var onePhaseAfter int64 = 4096

// fieldPlanFor returns the worker's field plan for files with filter pred.
func (sc *scanner) fieldPlanFor(f *plan.ScanFile, pred plan.Expr) *fieldPlan {
	in := make([]bool, len(sc.s.Fields))
	var first, rest []int
	var decode []bool
	if pred != nil {
		for _, i := range plan.Slots(pred) {
			in[i] = true
			first = append(first, i)
			decode = append(decode, true)
		}
	}
	for i, n := range sc.needed {
		if n && !in[i] {
			in[i] = true
			if pred != nil {
				rest = append(rest, i)
			} else {
				first = append(first, i)
				decode = append(decode, sc.raw == nil)
			}
		}
	}
	key := planKey{one: pred != nil && len(rest) > 0 && sc.onePhase(len(first), len(rest)), semiOff: sc.semiOff}
	if len(f.Skip) > 0 {
		key.skip = &f.Skip[0]
	}
	if fp, ok := sc.plans[key]; ok {
		return fp
	}
	var late []int
	if key.one {
		// One pass finds them all: the block masks serve four names,
		// the walk over a row's members any number. Those the filter
		// does not read are decoded once a row passes it.
		for _, i := range rest {
			first = append(first, i)
			decode = append(decode, false)
			if sc.raw == nil {
				late = append(late, i)
			}
		}
		rest = nil
	}
	var rawConj []rawCmp
	var restPred plan.Expr
	var lazy []int
	if pred != nil {
		rawConj, restPred = splitRaw(pred)
		// The slots only the raw conjuncts read stay raw until needed.
		var restSlots []int
		if restPred != nil {
			restSlots = plan.Slots(restPred)
		}
		for _, c := range rawConj {
			if !slices.Contains(restSlots, c.slot) && !slices.Contains(lazy, c.slot) {
				lazy = append(lazy, c.slot)
			}
		}
		for j, i := range first {
			if slices.Contains(lazy, i) {
				decode[j] = false
			}
		}
	}
	// The sink reads the slots needed marks, when it marks any (the
	// operators above the scan read them: a projection's, an aggregate's):
	// a date the raw filter passed is not decoded for nothing (TPC-H Q1's
	// l_shipdate, 3% of the query). Else every lazy slot, as before.
	sinkLazy := lazy
	if slices.Contains(sc.needed, true) {
		sinkLazy = nil
		for _, i := range lazy {
			if sc.needed[i] {
				sinkLazy = append(sinkLazy, i)
			}
		}
	}
	fp := &fieldPlan{firstSlots: first, restSlots: rest, decode: decode, direct: true,
		rawConj: rawConj, restPred: restPred, lazy: lazy, sinkLazy: sinkLazy, late: late}
	for j, i := range first {
		if i != j || decode[j] {
			fp.direct = false
		}
	}
	names := func(slots []int) []string {
		out := make([]string, len(slots))
		for j, i := range slots {
			out[j] = sc.s.Fields[i]
		}
		return out
	}
	fp.first = storage.NewExtractor(names(first))
	fp.firstVals = make([][]byte, len(first))
	if len(rest) > 0 {
		fp.rest = storage.NewExtractor(names(rest))
		fp.restVals = make([][]byte, len(rest))
	}
	for i := range in {
		if !in[i] {
			fp.unread = append(fp.unread, i)
		}
	}
	sc.plans[key] = fp
	return fp
}

// decodeLazy decodes the filter's slots that a raw filter left raw.
func (sc *scanner) decodeLazy() { sc.decodeSlots(sc.fp.lazy) }

// decodeSlots decodes the raw values of slots into the row.
func (sc *scanner) decodeSlots(slots []int) {
	for _, i := range slots {
		sc.row[i] = types.FromJSON(sc.raws[i], sc.plain, &sc.scratch[i])
	}
}

// extract fills the row's slots from the current line: every field while
// some field has not been seen yet (for the note on fields no row has),
// else the first phase of the file's field plan.
func (sc *scanner) extract(lr *storage.RowReader) error {
	if sc.unseen > 0 {
		plain, err := lr.ExtractWith(sc.ex, sc.raws)
		if err != nil {
			return err
		}
		sc.plain = plain
		for i, raw := range sc.raws {
			sc.row[i] = types.FromJSON(raw, plain, &sc.scratch[i])
		}
		sc.markSeen()
		if sc.unseen == 0 {
			for _, i := range sc.fp.unread {
				sc.row[i] = types.Value{}
			}
		}
		return nil
	}
	fp := sc.fp
	if len(fp.firstSlots) == 0 {
		return nil
	}
	if fp.direct {
		plain, err := lr.Extract(sc.raws[:len(fp.firstSlots)])
		sc.plain = plain
		return err
	}
	plain, err := lr.Extract(fp.firstVals)
	if err != nil {
		return err
	}
	sc.plain = plain
	for j, i := range fp.firstSlots {
		sc.raws[i] = fp.firstVals[j]
		if fp.decode[j] {
			sc.row[i] = types.FromJSON(fp.firstVals[j], plain, &sc.scratch[i])
		}
	}
	return nil
}

// extractRest fills the slots of the second phase, for a row that passed.
func (sc *scanner) extractRest(lr *storage.RowReader) error {
	fp := sc.fp
	if sc.unseen > 0 || fp.rest == nil {
		return nil
	}
	plain, err := lr.ExtractWith(fp.rest, fp.restVals)
	if err != nil {
		return err
	}
	sc.plain = sc.plain && plain
	for j, i := range fp.restSlots {
		sc.raws[i] = fp.restVals[j]
		if sc.raw == nil {
			sc.row[i] = types.FromJSON(fp.restVals[j], plain, &sc.scratch[i])
		}
	}
	return nil
}

func newScanner(s *plan.Scan, sink rowSink, clone bool, needed []bool) *scanner {
	n := len(s.Fields)
	conj := s.Conjuncts
	if clone {
		conj = make([]plan.Expr, len(s.Conjuncts))
		for i, c := range s.Conjuncts {
			conj[i] = plan.CloneExpr(c)
		}
	}
	var raw rawSink
	if rs, ok := sink.(rawSink); ok && rs.rawOK() {
		raw = rs
	}
	semi := s.Semi
	if clone && semi != nil {
		semi = plan.CloneExpr(semi)
	}
	return &scanner{s: s, sink: sink, raw: raw, conj: conj, preds: map[*bool]plan.Expr{}, raws: ownLines[[]byte](n),
		semi: semi, live: semi, semiPreds: map[plan.Expr]plan.Expr{},
		row: ownLines[types.Value](n), scratch: ownLines[[]byte](n), ex: storage.NewExtractor(s.Fields),
		seen: make([]bool, n), unseen: n, clone: clone, needed: needed, plans: map[planKey]*fieldPlan{}}
}

// pred returns this worker's filter for a file's rows: the conjuncts its
// partition does not decide, built from the worker's own copies
// (expressions keep scratch space), and the scan's Semi.
//
// A KeyIn of the Semi that judged itself worthless (it keeps every row:
// plan.KeyIn.Off) leaves the filters of the files after: evaluated, it
// still cost each row its key's value, decoded for it alone (TPC-H Q13's
// orders, narrowed by the customers that hold every key: 2.5 ms at SF 0.1).
func (sc *scanner) pred(f *plan.ScanFile) plan.Expr {
	p := sc.conjPred(f)
	if sc.semi == nil {
		return p
	}
	if off := keyInsOff(sc.semi); off != sc.semiOff {
		sc.semiOff, sc.live = off, liveSemi(sc.semi)
		clear(sc.semiPreds)
	}
	if sc.live == nil {
		return p
	}
	q, ok := sc.semiPreds[p]
	if !ok {
		q = sc.live
		if p != nil {
			q = &plan.AndExpr{L: p, R: sc.live}
		}
		sc.semiPreds[p] = q
	}
	return q
}

// keyInsOff counts the KeyIns of a Semi (one, or an AND of them) that
// keep every row.
func keyInsOff(e plan.Expr) int {
	switch x := e.(type) {
	case *plan.KeyIn:
		if x.Off() {
			return 1
		}
	case *plan.AndExpr:
		return keyInsOff(x.L) + keyInsOff(x.R)
	}
	return 0
}

// liveSemi is e without its KeyIns that keep every row: nil when none is
// left.
func liveSemi(e plan.Expr) plan.Expr {
	switch x := e.(type) {
	case *plan.KeyIn:
		if x.Off() {
			return nil
		}
	case *plan.AndExpr:
		l, r := liveSemi(x.L), liveSemi(x.R)
		switch {
		case l == nil:
			return r
		case r == nil:
			return l
		case l == x.L && r == x.R:
			return x
		}
		return &plan.AndExpr{L: l, R: r}
	}
	return e
}

// conjPred is pred without Semi.
func (sc *scanner) conjPred(f *plan.ScanFile) plan.Expr {
	if f.Pred == nil || !sc.clone {
		return f.Pred
	}
	var key *bool
	if len(f.Skip) > 0 {
		key = &f.Skip[0]
	}
	p, ok := sc.preds[key]
	if !ok {
		for j, c := range sc.conj {
			if f.Skip != nil && f.Skip[j] {
				continue
			}
			if p == nil {
				p = c
			} else {
				p = &plan.AndExpr{L: p, R: c}
			}
		}
		sc.preds[key] = p
	}
	return p
}

// chunk scans one chunk into the sink and reports whether the sink is full.
func (sc *scanner) chunk(ctx context.Context, c chunk) (bool, error) {
	stop, err := sc.chunkRows(ctx, c)
	if b, ok := sc.raw.(batchSink); ok && err == nil {
		err = b.endRaw()
	}
	return stop, err
}

// chunkRows is chunk before the rows a sink held back are added.
func (sc *scanner) chunkRows(ctx context.Context, c chunk) (bool, error) {
	src := sc.s.Src
	path := src.Path(c.f.Path)
	r, err := src.Open(c.f.Path)
	pinned := src.Generation() >= 0 // from a manifest, which knows sizes
	if err != nil {
		if pinned {
			err = catalog.Stale(err)
		}
		return false, fmt.Errorf("scan %s: %w", path, err)
	}
	in := io.Reader(r)
	f, isFile := r.(*os.File)
	checked := pinned && !sc.s.IgnoreSizes
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok && (checked || isFile) {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
			if checked && fi.Size() != c.f.Bytes {
				r.Close()
				return false, fmt.Errorf("scan %s: %w", path,
					catalog.SizeMismatch(path, src.Path(storage.ManifestName), fi.Size(), c.f.Bytes))
			}
			if isFile {
				in = storage.RawReader(f) // see there: no scheduler's work per read
			}
		}
	}
	// Closing the file unblocks a read in progress when ctx is canceled.
	stopClose := context.AfterFunc(ctx, func() { r.Close() })
	defer func() {
		if stopClose() {
			r.Close()
		}
	}()
	pred, needles := sc.pred(c.f), c.f.NeedleSet
	sc.fp = sc.fieldPlanFor(c.f, pred)
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
	if sc.lines == nil {
		sc.lines = takeLines(in, sc.fp.first)
	} else {
		sc.lines.ResetWith(in, sc.fp.first)
	}
	lr := sc.lines
	if c.start > 0 {
		line, err := lr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, sc.lineError(ctx, path, c, off, err)
		}
		off += int64(len(line)) + 1
	}
	for c.end < 0 || off < c.end {
		line, err := lr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, sc.lineError(ctx, path, c, off, err)
		}
		if lr.Line()&1023 == 0 && ctx.Err() != nil {
			return false, nil
		}
		sc.rows++
		sc.nbytes += int64(len(line)) + 1
		if sc.unseen == 0 && lacksNeedle(line, needles) {
			off += int64(len(line)) + 1
			continue
		}
		if err := sc.extract(lr); err != nil {
			return false, sc.lineError(ctx, path, c, off, err)
		}
		lineOff := off
		off += int64(len(line)) + 1
		if pred != nil {
			fp := sc.fp
			useRaw := fp.rawConj != nil && sc.unseen == 0
			pass, decided := false, false
			if useRaw {
				pass, decided = rawPass(fp.rawConj, sc.raws, sc.plain)
			}
			var rest plan.Expr
			switch {
			case !decided:
				if useRaw {
					sc.decodeLazy()
				}
				rest, pass = pred, true
			case pass:
				rest = fp.restPred
			}
			if pass && rest != nil {
				t, err := plan.EvalTruth(rest, sc.row)
				if err != nil {
					return false, rowError(path, c, lineOff, err, sc)
				}
				pass = t == types.True
			}
			if !pass {
				continue
			}
			if useRaw && decided && sc.raw == nil {
				sc.decodeSlots(fp.sinkLazy) // the sink reads values
			}
			for _, i := range fp.late {
				sc.row[i] = types.FromJSON(sc.raws[i], sc.plain, &sc.scratch[i])
			}
			if err := sc.extractRest(lr); err != nil {
				return false, sc.lineError(ctx, path, c, lineOff, err)
			}
		}
		sc.passed++
		var stop bool
		if sc.raw != nil {
			stop, err = sc.raw.pushRaw(sc.raws, sc.plain)
		} else {
			stop, err = sc.sink.push(sc.row, line)
		}
		if err != nil {
			return false, rowError(path, c, lineOff, err, sc)
		}
		if stop {
			return true, nil
		}
	}
	return false, nil
}

// rowError names the file of a row whose evaluation failed.
func rowError(path string, c chunk, off int64, err error, sc *scanner) error {
	return fmt.Errorf("%s: %w", path, err)
}

// lacksNeedle reports whether a line without backslashes lacks one of the
// texts the filter needs, so that it cannot match.
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
func (sc *scanner) lineError(ctx context.Context, path string, c chunk, off int64, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	line := 1
	if r, oerr := sc.s.Src.Open(c.f.Path); oerr == nil {
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

func (sc *scanner) markSeen() {
	for i, v := range sc.raws {
		if v != nil && !sc.seen[i] {
			sc.seen[i] = true
			sc.unseen--
		}
	}
}
