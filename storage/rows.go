package storage

import (
	"bytes"
	"io"
	"math/bits"
)

// RowReader reads the rows of a lake file for a scan: the lines of
// [LineReader], and with [RowReader.Extract] the members an [Extractor]
// pulls out of the current one. It reads a block of whole lines at a time
// and marks, in one vectorized pass over the block (masks_amd64.s), its
// newlines, quotes, backslashes, '{' and '[', and the bytes where a wanted
// name may start; then finding a line's end and the members of a flat row
// are a few bit operations, not a search per line and per name.
type RowReader struct {
	r    io.Reader
	e    *Extractor
	buf  []byte
	lo   int // buf[lo:hi] is unread
	hi   int
	eof  bool
	rerr error // the read error that ends the stream after buf[lo:hi]

	// The block: buf[:end] holds whole lines, and m its masks when nm.
	end int
	m   masks
	nm  bool

	lineLo int // the current line is buf[lineLo:lineHi] ('\n' excluded)
	lineHi int
	n      int

	// The walk or the masks for the reader's own extractor (walkFor),
	// weighed on lines' quotes and hits.
	walks sample

	// The shapes of the last rows its own extractor and another took
	// (shapeFor), and whether blocks are marked for fromColons: from the
	// block after the first row that would take it on.
	shapes [2]shape
	colons bool
}

// quoteSample is how many lines a RowReader weighs the walk on.
const quoteSample = 32

// A sample weighs a choice on the first quoteSample lines since Reset:
// their quotes, another count of theirs, and the choice they make so far.
type sample struct {
	lines, quotes, other int
	choice               bool
}

// add weighs one more line, of the counts given.
func (s *sample) add(quotes, other int) {
	s.lines++
	s.quotes += quotes
	s.other += other
}

// maxMaskedBlock is the largest block a RowReader marks.
const maxMaskedBlock = 1 << 20

// NewRowReader returns a reader of r with a buffer of size bytes, for
// the names of e (nil: Extract is not used).
func NewRowReader(r io.Reader, size int, e *Extractor) *RowReader {
	return &RowReader{r: r, e: e, buf: make([]byte, max(size, 4096))}
}

// Reuse makes rr a reader of r for the names of e as NewRowReader(r,
// size, e) makes one, keeping its buffer when that is of size bytes
// and its masks' space: nothing it read or learned stays. A scan takes
// the readers of the scans before it (TPC-H Q2 at SF 0.1 makes 26 of
// 480 KB, their bytes cleared and, new to the heap, faulted in).
func (rr *RowReader) Reuse(r io.Reader, size int, e *Extractor) {
	buf, m := rr.buf, rr.m
	if len(buf) != max(size, 4096) {
		buf = make([]byte, max(size, 4096))
	}
	*rr = RowReader{r: r, e: e, buf: buf, m: m}
}

// Reset makes rr read from r, from line 1, keeping its buffer.
func (rr *RowReader) Reset(r io.Reader) {
	rr.r = r
	rr.lo, rr.hi, rr.end = 0, 0, 0
	rr.eof, rr.rerr, rr.nm = false, nil, false
	rr.lineLo, rr.lineHi, rr.n = 0, 0, 0
	rr.walks = sample{}
	for i := range rr.shapes {
		rr.shapes[i].pays = sample{}
	}
}

// ResetWith is Reset that also changes the extractor, for a file whose
// rows need other members.
func (rr *RowReader) ResetWith(r io.Reader, e *Extractor) {
	rr.Reset(r)
	rr.e = e
}

// Line returns the number of the line Next returned last, from 1.
func (rr *RowReader) Line() int { return rr.n }

// Next returns the next line, without its '\n' (a '\r' before it is kept),
// valid until the next call; io.EOF after the last line. A last line
// without a final '\n' is still a line. A line longer than [MaxLineBytes]
// is an error wrapping [ErrLineTooLong].
func (rr *RowReader) Next() ([]byte, error) {
	if rr.lo >= rr.end {
		if err := rr.fill(); err != nil {
			return nil, err
		}
	}
	lo := rr.lo
	hi := rr.nextNewline(lo)
	next := hi + 1
	if hi < 0 { // the last line, without '\n'
		hi, next = rr.end, rr.end
	}
	rr.n++
	if hi-lo > maxLine {
		return nil, lineTooLong()
	}
	rr.lo = next
	rr.lineLo, rr.lineHi = lo, hi
	return rr.buf[lo:hi], nil
}

// nextNewline returns the offset in buf of the first '\n' at or after i
// in the block, or -1.
func (rr *RowReader) nextNewline(i int) int {
	if !rr.nm {
		k := bytes.IndexByte(rr.buf[i:rr.end], '\n')
		if k < 0 {
			return -1
		}
		return i + k
	}
	k := next(rr.m.newlines, i)
	if k < 0 || k >= rr.end {
		return -1
	}
	return k
}

// fill makes the next block: it moves the unread bytes to the front,
// reads until the buffer holds a '\n' or the stream ends, and marks the
// block of whole lines.
func (rr *RowReader) fill() error {
	if rr.lo >= rr.hi && (rr.eof || rr.rerr != nil) {
		if rr.rerr != nil {
			return rr.rerr
		}
		return io.EOF
	}
	rr.hi = copy(rr.buf, rr.buf[rr.lo:rr.hi])
	rr.lo = 0
	searched := 0 // buf[:searched] has no '\n'
	for {
		if k := bytes.LastIndexByte(rr.buf[searched:rr.hi], '\n'); k >= 0 {
			rr.end = searched + k + 1
			break
		}
		searched = rr.hi
		if rr.rerr != nil {
			return rr.rerr // a torn last line is not a line
		}
		if rr.eof {
			if rr.hi == 0 {
				return io.EOF
			}
			rr.end = rr.hi // the last line, without '\n'
			break
		}
		if rr.hi == len(rr.buf) { // one line fills the buffer
			if rr.hi > maxLine {
				rr.n++
				return lineTooLong()
			}
			grown := make([]byte, min(2*len(rr.buf), maxLine+2))
			copy(grown, rr.buf[:rr.hi])
			rr.buf = grown
		}
		rr.read()
	}
	rr.nm = false
	// A buffer grown for a long line is searched as LineReader does: its
	// masks would cost half as much memory again.
	if rr.e != nil && rr.e.bare != nil && rr.end <= maxMaskedBlock {
		rr.m.fill(rr.buf[:rr.end], rr.e.targets, rr.colons)
		rr.nm = true
	}
	return nil
}

// read reads once into the free end of the buffer.
func (rr *RowReader) read() {
	for tries := 0; tries < 100; tries++ {
		n, err := rr.r.Read(rr.buf[rr.hi:])
		rr.hi += n
		if err == io.EOF {
			rr.eof = true
			return
		}
		if err != nil {
			rr.rerr = err
			return
		}
		if n > 0 {
			return
		}
	}
	rr.rerr = io.ErrNoProgress
}

// Extract is [Extractor.ExtractPlain] of the current line with the
// reader's extractor, using the block's masks when it can.
func (rr *RowReader) Extract(vals [][]byte) (plain bool, err error) {
	return rr.ExtractWith(rr.e, vals)
}

// ExtractWith is Extract with another extractor, as a scan's second phase
// takes the members a row needs once it has passed the filter: the
// block's quotes serve any extractor of plain names, its hits only one of
// the same rare bytes.
func (rr *RowReader) ExtractWith(e *Extractor, vals [][]byte) (plain bool, err error) {
	if rr.nm {
		// The block's hits serve an extractor of the reader's rare bytes
		// (whose names are plain).
		masked := e.targets != 0 && e.targets == rr.e.targets
		var ok bool
		if masked && !rr.walkFor(e) {
			ok = e.fromMasks(rr.buf, rr.lineLo, rr.lineHi, &rr.m, vals)
		} else if e.bare != nil {
			if sh := rr.shapeFor(e); masked || rr.quotesPay(sh, len(e.names)) {
				rr.colons = true
				ok = e.fromColons(rr.buf, rr.lineLo, rr.lineHi, &rr.m, sh, vals) ||
					e.fromQuotes(rr.buf, rr.lineLo, rr.lineHi, &rr.m, vals)
			}
		}
		if ok {
			return !anyBits(rr.m.high, rr.lineLo, rr.lineHi), nil // plain: see ExtractPlain
		}
	}
	return e.ExtractPlain(rr.buf[rr.lineLo:rr.lineHi], vals)
}

// walkFor reports whether the reader's own extractor e, of two to four
// names, should take the current line by the walk (fromColons, else
// fromQuotes) rather than the masks (fromMasks): the walk's work grows
// with a line's members, the masks' with the names and the hits of
// their rare bytes, which a long text of words spells again and again
// (TPC-H's comments). The first quoteSample lines since Reset are
// weighed, the rest go the way they chose. From the two ways timed on
// the same rows (ns a row, TPC-H's tables at SF 0.1, one CPU): four
// names walk, at 0.58-0.75 of the masks' time whatever the hits
// (lineitem's l_orderkey, l_suppkey, l_extendedprice and l_discount,
// 52 quotes and 21 hits a row: 0.73); three walk when their hits are at
// least a quarter of the quotes (orders' o_comment, o_custkey and
// o_orderkey of TPC-H's Q13, 32 and 10.4: 0.85; customer's three, 26
// and 15.1: 0.69), and lineitem's three (52 and 12) keep the masks
// (1.00); two walk when their hits are at least half the quotes
// (partsupp's keys, 14 and 15.8: 0.86), and lineitem's two keep the
// masks (1.22); one name always does (lineitem's first member alone:
// 5.8 GB/s by the masks, 3.9 walking). Those hits were of the bytes that
// rarest took before it ranked the letters by their frequency ('c' of
// o_custkey, 'p' of ps_partkey); with 'k' for both, partsupp's two keys
// (3.2 hits a row) and orders' (4.4) keep the masks, in 0.68-0.85 of
// their time before (BenchmarkRowReaderPartsuppTwo, ...KeyTwo).
func (rr *RowReader) walkFor(e *Extractor) bool {
	n := len(e.names)
	if n < 2 {
		return false
	}
	if w := &rr.walks; w.lines < quoteSample {
		w.add(rr.lineQuotes(), countBits(rr.m.hits, rr.lineLo, rr.lineHi))
		w.choice = n >= 4 || w.quotes <= 2*w.other || n == 3 && w.quotes <= 4*w.other
	}
	return rr.walks.choice
}

// lineQuotes counts the current line's quotes.
func (rr *RowReader) lineQuotes() int { return countBits(rr.m.quotes, rr.lineLo, rr.lineHi) }

// quotesPay reports whether the walk (fromColons, fromQuotes) should beat
// flat for n names on the lines of sh's extractor, weighed on the first
// quoteSample lines since Reset: its work grows with a line's quotes,
// flat's with the names times the line's length. The weight of a quote
// against a byte searched is from BenchmarkRowReaderMany, ...WideMany and
// ...WideSecond: on lineitem's narrow rows the walk takes six names at
// 1.2 GB/s where flat took them at 0.95, on 30-member rows six at 1.5
// (flat 1.25), but one at 1.5 where flat takes it at 2.9.
func (rr *RowReader) quotesPay(sh *shape, n int) bool {
	const quoteWeight = 16
	if p := &sh.pays; p.lines < quoteSample {
		p.add(rr.lineQuotes(), rr.lineHi-rr.lineLo)
		p.choice = quoteWeight*p.quotes <= n*p.other
	}
	return sh.pays.choice
}

// countBits counts the bits in [lo, hi) of words.
func countBits(words []uint64, lo, hi int) int {
	if lo >= hi {
		return 0
	}
	wlo, whi := lo>>6, (hi-1)>>6
	n := 0
	for w := wlo; w <= whi; w++ {
		x := words[w]
		if w == wlo {
			x &= ^uint64(0) << (lo & 63)
		}
		if w == whi {
			x &= ^uint64(0) >> (63 - (hi-1)&63)
		}
		n += bits.OnesCount64(x)
	}
	return n
}
