package copyout

import (
	"encoding/binary"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/klauspost/compress/snappy"

	"github.com/lakesql/lakesql/sql/types"
)

// Parquet files are written here, by hand, in the few lines of the format
// that COPY needs: flat optional columns of six types, PLAIN values,
// definition levels in RLE runs, one Snappy codec, no statistics and no
// indexes. parquet-go, which wrote them before (docs/parquet.md), brought
// 14 MB of code (every codec, protobuf, net/http through brotli) into
// lakesql, and every lakesql process paid for it as it started: `SELECT
// 1` took 25 ms of CPU with it, 20 without, and each TPC-H query at SF 0.1
// about 3 ms more wall time. The tests read these files back with parquet-go, and bench's
// TestInteropCopyTo with DuckDB.

// Bounds of a Parquet file's row group: it is flushed at whichever comes
// first.
const (
	RowGroupRows = 122880 // DuckDB's row_group_size
)

// RowGroupBytes is about how many bytes of values a row group holds
// before it is flushed: less when many files are open at once (see
// [MaxOpen]), so that their buffers together stay bounded.
var RowGroupBytes int64 = 16 << 20

// pageBytes is about the most bytes of values a data page holds before it
// is compressed: a row group's column chunk is a run of pages, each
// compressed once it is full, so that its uncompressed values are not
// held whole.
var pageBytes = 1 << 20

// column is a Parquet column: its name and type.
type column struct {
	name string
	typ  colType
}

// Parquet's enumerations, as the format's thrift file numbers them.
const (
	physBoolean   = 0
	physInt32     = 1
	physInt64     = 2
	physDouble    = 5
	physByteArray = 6

	repOptional = 1

	convUTF8  = 0
	convDate  = 6
	convInt64 = 18

	encPlain = 0
	encRLE   = 3

	codecSnappy = 1
	dataPage    = 0
)

// physical is the Parquet physical type of a column's values.
func (t colType) physical() int32 {
	switch t {
	case tInt64, tTimestamp:
		return physInt64
	case tDouble:
		return physDouble
	case tBool:
		return physBoolean
	case tDate:
		return physInt32
	}
	return physByteArray
}

// schemaElement writes the SchemaElement of a leaf column: its physical
// type, optional, its name, and its converted and logical types.
func (c column) schemaElement(t *thrift) {
	t.i32(1, c.typ.physical())
	t.i32(3, repOptional)
	t.str(4, c.name)
	switch c.typ {
	case tString:
		t.i32(6, convUTF8)
		t.begin(10) // LogicalType
		t.empty(1)  // STRING
		t.end()
	case tInt64:
		t.i32(6, convInt64)
		t.begin(10)
		t.begin(10) // INTEGER
		t.i8(1, 64)
		t.boolean(2, true)
		t.end()
		t.end()
	case tDate:
		t.i32(6, convDate)
		t.begin(10)
		t.empty(6) // DATE
		t.end()
	case tTimestamp:
		// No converted type: TIMESTAMP_MICROS would say adjusted to UTC.
		t.begin(10)
		t.begin(8)          // TIMESTAMP
		t.boolean(1, false) // isAdjustedToUTC
		t.begin(2)          // unit
		t.empty(2)          // MICROS
		t.end()
		t.end()
		t.end()
	}
}

// maxExact is the largest integer magnitude below which a DOUBLE holds
// every integer exactly.
const maxExact = 1 << 53

// chunk is a column's part of the row group being written: the page it
// fills, then the pages done, compressed, with their headers.
type chunk struct {
	levels []byte // the page's definition levels, RLE runs but the last
	run    int    // values in the last run of levels
	runDef byte   // its level: 1 a value, 0 NULL
	vals   []byte // the page's PLAIN values
	bools  int    // values in vals, for BOOLEAN's bits
	n      int    // values in the page, NULLs counted
	pages  []byte // the chunk's pages done
	plain  int64  // their bytes before compression, headers counted
	values int64  // the chunk's values, NULLs counted
}

// level appends a value's definition level.
func (c *chunk) level(def byte) {
	if c.run > 0 && def != c.runDef {
		c.endRun()
	}
	c.runDef = def
	c.run++
	c.n++
}

func (c *chunk) endRun() {
	c.levels = binary.AppendUvarint(c.levels, uint64(c.run)<<1)
	c.levels = append(c.levels, c.runDef)
	c.run = 0
}

// add appends a value that is not NULL, converted to type t; why says
// what is wrong with a value of a kind that would fit, when it does not.
func (c *chunk) add(t colType, v types.Value) (why string, ok bool) {
	switch t {
	case tString:
		s := v.String()
		c.vals = binary.LittleEndian.AppendUint32(c.vals, uint32(len(s)))
		c.vals = append(c.vals, s...)
	case tInt64:
		if v.K != types.Int {
			return "", false
		}
		c.vals = binary.LittleEndian.AppendUint64(c.vals, uint64(v.I))
	case tDouble:
		var f float64
		switch v.K {
		case types.Float:
			f = v.F()
		case types.Int:
			if v.I < -maxExact || v.I > maxExact {
				return "beyond 2^53, not exact as a DOUBLE", false
			}
			f = float64(v.I)
		default:
			return "", false
		}
		c.vals = binary.LittleEndian.AppendUint64(c.vals, math.Float64bits(f))
	case tBool:
		if v.K != types.Bool {
			return "", false
		}
		if c.bools&7 == 0 {
			c.vals = append(c.vals, 0)
		}
		if v.I != 0 {
			c.vals[len(c.vals)-1] |= 1 << (c.bools & 7)
		}
		c.bools++
	case tDate:
		if v.K != types.Date {
			return "", false
		}
		if v.I < math.MinInt32 || v.I > math.MaxInt32 {
			return "out of the range of a Parquet DATE", false
		}
		c.vals = binary.LittleEndian.AppendUint32(c.vals, uint32(int32(v.I)))
	case tTimestamp:
		var us int64
		switch v.K {
		case types.Timestamp:
			us = v.I
		case types.Date:
			const microsPerDay = 86400 * 1000000
			if v.I > math.MaxInt64/microsPerDay || v.I < math.MinInt64/microsPerDay {
				return "out of the range of a TIMESTAMP", false
			}
			us = v.I * microsPerDay
		default:
			return "", false
		}
		c.vals = binary.LittleEndian.AppendUint64(c.vals, uint64(us))
	}
	c.level(1)
	return "", true
}

// endPage compresses the page filled and appends it, with its header, to
// the pages done. A data page (version 1) holds the definition levels,
// their length first, then the values.
func (c *chunk) endPage() {
	if c.n == 0 {
		return
	}
	c.endRun()
	bufs := pageBufs.Get().(*pageBuf)
	defer pageBufs.Put(bufs)
	raw := binary.LittleEndian.AppendUint32(bufs.raw[:0], uint32(len(c.levels)))
	raw = append(raw, c.levels...)
	raw = append(raw, c.vals...)
	bufs.raw = raw
	comp := snappy.Encode(bufs.comp[:cap(bufs.comp)], raw)
	bufs.comp = comp
	var h thrift
	h.i32(1, dataPage)
	h.i32(2, int32(len(raw)))
	h.i32(3, int32(len(comp)))
	h.begin(5) // DataPageHeader
	h.i32(1, int32(c.n))
	h.i32(2, encPlain)
	h.i32(3, encRLE)
	h.i32(4, encRLE)
	h.end()
	h.stop()
	c.pages = append(c.pages, h.b...)
	c.pages = append(c.pages, comp...)
	c.plain += int64(len(h.b) + len(raw))
	c.values += int64(c.n)
	c.levels, c.vals = c.levels[:0], c.vals[:0]
	c.n, c.bools, c.run = 0, 0, 0
}

// pageBuf holds a page put together, before and after its compression:
// pages are compressed one at a time, so the files open share a few.
type pageBuf struct{ raw, comp []byte }

var pageBufs = sync.Pool{New: func() any { return new(pageBuf) }}

// parquetFile writes rows to one Parquet file.
type parquetFile struct {
	w        io.Writer
	off      int64 // bytes written
	cols     []column
	chunks   []chunk
	groups   [][]byte // each row group's RowGroup, written
	total    int64    // rows in the file
	rows     int64    // in the current row group
	bytes    int64    // about, in the current row group
	maxBytes int64
	typed    *typeErrors
	err      error // of a write: the file is lost
}

// typeErrors builds the error for a value that does not fit, knowing the
// row's number and the rows the types came from.
type typeErrors struct {
	row    *int64
	window int64
}

const magic = "PAR1"

func newParquetFile(w io.Writer, cols []column, maxBytes int64, te *typeErrors) *parquetFile {
	p := &parquetFile{w: w, cols: cols, chunks: make([]chunk, len(cols)), maxBytes: maxBytes, typed: te}
	p.put([]byte(magic))
	return p
}

// put writes b to the file.
func (p *parquetFile) put(b []byte) {
	if p.err != nil {
		return
	}
	n, err := p.w.Write(b)
	p.off += int64(n)
	p.err = err
}

func (p *parquetFile) write(r []types.Value) error {
	if p.err != nil {
		return p.err
	}
	for j, v := range r {
		c := &p.chunks[j]
		if v.K == types.Null {
			c.level(0)
			p.bytes++
		} else {
			why, ok := c.add(p.cols[j].typ, v)
			if !ok {
				return &TypeError{Column: p.cols[j].name, Row: *p.typed.row, Type: p.cols[j].typ.String(),
					Value: v.K.String() + " " + shorten(v.String()), Window: p.typed.window, Why: why}
			}
			p.bytes += 8 + int64(len(v.S))
		}
		if len(c.vals)+len(c.levels) >= pageBytes {
			c.endPage()
		}
	}
	p.rows++
	if p.rows >= RowGroupRows || p.bytes >= p.maxBytes {
		p.flush()
	}
	return p.err
}

// flush writes the row group: each column's chunk, its pages one after
// the other, and keeps the RowGroup that the footer lists.
func (p *parquetFile) flush() {
	if p.rows == 0 {
		return
	}
	var g thrift
	g.list(1, tStruct, len(p.cols)) // columns
	var plain int64
	for j := range p.chunks {
		c := &p.chunks[j]
		c.endPage()
		at := p.off
		p.put(c.pages)
		g.elem()
		g.i64(2, at) // file_offset
		g.begin(3)   // ColumnMetaData
		g.i32(1, p.cols[j].typ.physical())
		g.list(2, tI32, 2)
		g.i32v(encPlain)
		g.i32v(encRLE)
		g.list(3, tBinary, 1)
		g.strv(p.cols[j].name)
		g.i32(4, codecSnappy)
		g.i64(5, c.values)
		g.i64(6, c.plain)
		g.i64(7, int64(len(c.pages)))
		g.i64(9, at) // data_page_offset
		g.end()
		g.end()
		plain += c.plain
		c.pages, c.plain, c.values = c.pages[:0], 0, 0
	}
	g.i64(2, plain) // total_byte_size
	g.i64(3, p.rows)
	p.groups = append(p.groups, g.b)
	p.total += p.rows
	p.rows, p.bytes = 0, 0
}

// close writes the last row group and the footer: the FileMetaData, its
// length and the magic again.
func (p *parquetFile) close() error {
	p.flush()
	var m thrift
	m.i32(1, 1) // version
	m.list(2, tStruct, len(p.cols)+1)
	m.elem()
	m.str(4, "duckdb_schema")
	m.i32(5, int32(len(p.cols)))
	m.end()
	for _, c := range p.cols {
		m.elem()
		c.schemaElement(&m)
		m.end()
	}
	m.i64(3, p.total)
	m.list(4, tStruct, len(p.groups))
	for _, g := range p.groups {
		m.elem()
		m.b = append(m.b, g...)
		m.end()
	}
	m.str(6, "lakesql")
	m.stop()
	p.put(m.b)
	p.put(binary.LittleEndian.AppendUint32(nil, uint32(len(m.b))))
	p.put([]byte(magic))
	return p.err
}

// shorten cuts a value's text for an error message.
func shorten(s string) string {
	if len(s) > 60 {
		return strings.ToValidUTF8(s[:57], "") + "…"
	}
	return s
}
