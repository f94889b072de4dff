package sql

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// DuckDB's table functions range(…) and generate_series(…): the integers
// from start (0 unless given) up to stop by step (1 unless given), stop
// left out by range and kept by generate_series, in one column named as
// the function. The pre-parse names such a table of a FROM list
// parser.SeriesTable(function, arguments); the session evaluates the
// arguments as a SELECT without FROM (any constant expression) and reads
// the rows as JSON lines made as they are read, never held: a series of
// a billion rows costs its scan, not its memory.

// seriesSource is a series as a Source: files of consecutive rows whose
// lines are all as long (their values have as many digits), so that a
// scan's worker may start one anywhere (Seek), as it starts a lake's large
// files in their middle.
type seriesSource struct {
	name           string // as written: range(0, 10)
	start, step, n int64  // the values are start + i*step, i < n
	files          []storage.FileEntry
	parts          []seriesPart // of each file
	prefix         []byte       // {"col":
}

// seriesPart is the rows [first, first+rows) of a series, each line of
// size bytes.
type seriesPart struct {
	first, rows int64
	size        int64
}

// seriesFileRows bounds the rows of a series' file.
const seriesFileRows = 1 << 20

// seriesOf returns the series that the table name names, if it names one.
func (s *Session) seriesOf(name string) (*seriesSource, bool, error) {
	fn, args, ok := parser.SeriesCall(name)
	if !ok {
		return nil, false, nil
	}
	written := fn + "(" + args + ")"
	if strings.TrimSpace(args) == "" {
		return nil, true, fmt.Errorf("%w: %s needs 1 to 3 arguments", ErrUnsupported, written)
	}
	sel, err := parser.ParseSelect("SELECT "+args, 0)
	if err != nil {
		return nil, true, fmt.Errorf("the arguments of %s: %w", written, err)
	}
	// Constants only, as in DuckDB: a name would read no row here (NULL).
	for _, it := range sel.Items {
		var col ast.Expr
		ast.Walk(it.Expr, func(e ast.Expr) bool {
			if c, ok := e.(ast.Column); ok && col == nil {
				col = c
			}
			return col == nil
		})
		if col != nil {
			return nil, true, fmt.Errorf("%w: %s: its arguments are constants, not the column %s", ErrUnsupported, written, col)
		}
	}
	res, err := s.Run(context.Background(), sel)
	if err != nil {
		return nil, true, fmt.Errorf("the arguments of %s: %w", written, err)
	}
	vals := res.Rows[0]
	if len(vals) > 3 {
		return nil, true, fmt.Errorf("%w: %s takes 1 to 3 arguments, not %d", ErrUnsupported, written, len(vals))
	}
	ints := make([]int64, len(vals))
	null := false
	for i, v := range vals {
		switch v.K {
		case types.Null:
			null = true
		case types.Int:
			ints[i] = v.I
		default:
			return nil, true, fmt.Errorf("%w: %s takes integers, not %s (DuckDB's series of timestamps is not supported)", ErrUnsupported, written, v.String())
		}
	}
	src := &seriesSource{name: written, step: 1, prefix: []byte(`{"` + fn + `":`)}
	if null {
		return src, true, nil // DuckDB: no row
	}
	var stop int64
	switch len(ints) {
	case 1:
		stop = ints[0]
	case 2:
		src.start, stop = ints[0], ints[1]
	case 3:
		src.start, stop, src.step = ints[0], ints[1], ints[2]
	}
	if src.step == 0 {
		return nil, true, fmt.Errorf("%s: the step cannot be 0", written)
	}
	src.n = seriesCount(src.start, stop, src.step, fn == "generate_series")
	src.chunk()
	return src, true, nil
}

// seriesCount is how many of start, start+step, … come before stop (at
// stop too, with inclusive), counted in unsigned differences, which
// cannot overflow.
func seriesCount(start, stop, step int64, inclusive bool) int64 {
	var span, by uint64
	if step > 0 {
		if start > stop || start == stop && !inclusive {
			return 0
		}
		span, by = uint64(stop)-uint64(start), uint64(step)
	} else {
		if start < stop || start == stop && !inclusive {
			return 0
		}
		span, by = uint64(start)-uint64(stop), -uint64(step)
	}
	if !inclusive {
		span-- // the values strictly before stop
	}
	n := span/by + 1
	if n > 1<<62 {
		n = 1 << 62 // more than any scan reaches
	}
	return int64(n)
}

// chunk cuts the series into files: a file's values have as many
// digits (their lines are as long), and at most seriesFileRows.
func (s *seriesSource) chunk() {
	for first := int64(0); first < s.n; {
		v := s.start + first*s.step
		lo, hi := band(v)
		var more uint64 // rows after the first within the band
		if s.step > 0 {
			more = (uint64(hi) - uint64(v)) / uint64(s.step)
		} else {
			more = (uint64(v) - uint64(lo)) / -uint64(s.step)
		}
		rows := int64(min(more, uint64(seriesFileRows-1))) + 1
		rows = min(rows, s.n-first)
		size := int64(len(s.prefix) + digits(v) + 2) // the value, "}\n"
		s.parts = append(s.parts, seriesPart{first: first, rows: rows, size: size})
		s.files = append(s.files, storage.FileEntry{Path: strconv.Itoa(len(s.files)), Rows: rows, Bytes: rows * size})
		first += rows
	}
}

// band is the values written with as many characters as v: [lo, hi].
func band(v int64) (lo, hi int64) {
	if v >= 0 {
		lo, hi = 0, 9
		for v > hi {
			lo = hi + 1
			if hi > (1<<63-1)/10 {
				return lo, 1<<63 - 1
			}
			hi = hi*10 + 9
		}
		return lo, hi
	}
	// -1 … -9, -10 … -99, …
	hi, lo = -1, -9
	for v < lo {
		hi = lo - 1
		if lo < (-1<<63)/10 {
			return -1 << 63, hi
		}
		lo = lo*10 - 9
	}
	return lo, hi
}

// digits is the length of v in decimal, its sign counted.
func digits(v int64) int {
	if v < 0 {
		if v == -1<<63 {
			return 20
		}
		return 1 + digits(-v)
	}
	n := 1
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

func (s *seriesSource) Name() string               { return s.name }
func (s *seriesSource) Generation() int64          { return -1 }
func (s *seriesSource) Key() []string              { return nil }
func (s *seriesSource) Files() []storage.FileEntry { return s.files }
func (s *seriesSource) Path(rel string) string     { return s.name + "#" + rel }
func (s *seriesSource) Open(rel string) (io.ReadCloser, error) {
	i, err := strconv.Atoi(rel)
	if err != nil || i < 0 || i >= len(s.parts) {
		return nil, fmt.Errorf("%s: no part %q", s.name, rel)
	}
	p := s.parts[i]
	return &seriesReader{s: s, part: p, next: p.first, end: p.first + p.rows}, nil
}

// seriesReader makes the JSON lines of rows [next, end) of a series as
// they are read.
type seriesReader struct {
	s         *seriesSource
	part      seriesPart
	next, end int64
	pending   []byte // what the last read left of line
	line      []byte
}

func (r *seriesReader) Read(p []byte) (int, error) {
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	prefix := r.s.prefix
	for r.next < r.end && len(r.pending) == 0 && n < len(p) {
		v := r.s.start + r.next*r.s.step
		r.next++
		if len(p)-n >= len(prefix)+22 { // room for the longest line: made in place
			n += copy(p[n:], prefix)
			n += len(strconv.AppendInt(p[n:n], v, 10))
			n += copy(p[n:], "}\n")
			continue
		}
		r.pending = r.lineOf(v)
		c := copy(p[n:], r.pending)
		n += c
		r.pending = r.pending[c:]
	}
	if n == 0 && r.next >= r.end {
		return 0, io.EOF
	}
	return n, nil
}

func (r *seriesReader) lineOf(v int64) []byte {
	r.line = append(strconv.AppendInt(append(r.line[:0], r.s.prefix...), v, 10), "}\n"...)
	return r.line
}

// Seek goes to byte off of the part (whence io.SeekStart only): its lines
// are all as long.
func (r *seriesReader) Seek(off int64, whence int) (int64, error) {
	if whence != io.SeekStart || off < 0 || off > r.part.rows*r.part.size {
		return 0, fmt.Errorf("%s: cannot seek to %d (whence %d)", r.s.name, off, whence)
	}
	row, in := off/r.part.size, off%r.part.size
	r.next, r.pending = r.part.first+row, nil
	if in > 0 {
		r.pending = r.lineOf(r.s.start + r.next*r.s.step)[in:]
		r.next++
	}
	return off, nil
}

func (r *seriesReader) Close() error { return nil }
