package copyout

import (
	"io"
	"math"
	"reflect"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"

	"github.com/lakesql/lakesql/sql/types"
)

// Parquet files are written with github.com/parquet-go/parquet-go, not
// apache/arrow-go: on the same 2 million rows it wrote a Snappy file of
// 34.8 MB in 1.5–2.0 s at 52 MB peak RSS, arrow-go's pqarrow 45.4 MB in
// 2.1–2.4 s at 76–99 MB, and it brings 9 modules (a 10 MB binary) where
// arrow-go brings 18 (46 MB); docs/parquet.md has the figures.

// Bounds of a Parquet file's row group: it is flushed at whichever comes
// first.
const (
	RowGroupRows = 122880 // DuckDB's row_group_size
)

// RowGroupBytes is about how many bytes of values a row group holds
// before it is flushed: less when many files are open at once (see
// [MaxOpen]), so that their buffers together stay bounded.
var RowGroupBytes int64 = 16 << 20

// column is a Parquet column: its name and type.
type column struct {
	name string
	typ  colType
}

// schema is the Parquet schema of cols, every column optional (NULL is
// allowed) and in the order given: parquet.Group would sort them by name.
func schema(cols []column) *parquet.Schema {
	fields := make([]parquet.Field, len(cols))
	for i, c := range cols {
		fields[i] = field{Node: parquet.Optional(c.typ.node()), name: c.name}
	}
	return parquet.NewSchema("duckdb_schema", ordered{Group: parquet.Group{}, fields: fields})
}

func (t colType) node() parquet.Node {
	switch t {
	case tInt64:
		return parquet.Int(64)
	case tDouble:
		return parquet.Leaf(parquet.DoubleType)
	case tBool:
		return parquet.Leaf(parquet.BooleanType)
	case tDate:
		return parquet.Date()
	case tTimestamp:
		return parquet.TimestampAdjusted(parquet.Microsecond, false)
	}
	return parquet.String()
}

// ordered is a group whose fields keep their order.
type ordered struct {
	parquet.Group
	fields []parquet.Field
}

func (g ordered) Fields() []parquet.Field { return g.fields }

// field is a named column of an ordered group; rows are written as
// parquet.Row values, never read from Go structs, so Value has nothing to
// find.
type field struct {
	parquet.Node
	name string
}

func (f field) Name() string                      { return f.name }
func (f field) Value(reflect.Value) reflect.Value { return reflect.Value{} }

// maxExact is the largest integer magnitude below which a DOUBLE holds
// every integer exactly.
const maxExact = 1 << 53

// value converts a value that is not NULL to the column's type. ok is
// false when it does not fit; why then says what is wrong with a value
// of a kind that would fit. A text value points into v's text, which is
// valid only until the row is written.
func (t colType) value(v types.Value) (pv parquet.Value, why string, ok bool) {
	switch t {
	case tString:
		s := v.String()
		return parquet.ByteArrayValue(unsafe.Slice(unsafe.StringData(s), len(s))), "", true
	case tInt64:
		return parquet.Int64Value(v.I), "", v.K == types.Int
	case tDouble:
		switch v.K {
		case types.Float:
			return parquet.DoubleValue(v.F()), "", true
		case types.Int:
			if v.I < -maxExact || v.I > maxExact {
				return pv, "beyond 2^53, not exact as a DOUBLE", false
			}
			return parquet.DoubleValue(float64(v.I)), "", true
		}
	case tBool:
		return parquet.BooleanValue(v.I != 0), "", v.K == types.Bool
	case tDate:
		if v.K == types.Date && (v.I < math.MinInt32 || v.I > math.MaxInt32) {
			return pv, "out of the range of a Parquet DATE", false
		}
		return parquet.Int32Value(int32(v.I)), "", v.K == types.Date
	case tTimestamp:
		switch v.K {
		case types.Timestamp:
			return parquet.Int64Value(v.I), "", true
		case types.Date:
			const microsPerDay = 86400 * 1000000
			if v.I > math.MaxInt64/microsPerDay || v.I < math.MinInt64/microsPerDay {
				return pv, "out of the range of a TIMESTAMP", false
			}
			return parquet.Int64Value(v.I * microsPerDay), "", true
		}
	}
	return pv, "", false
}

// parquetFile writes rows to one Parquet file.
type parquetFile struct {
	cols     []column
	w        *parquet.Writer
	row      parquet.Row
	batch    []parquet.Row // of row alone
	rows     int64         // in the current row group
	bytes    int64         // about, in the current row group
	maxBytes int64
	typed    *typeErrors
}

// typeErrors builds the error for a value that does not fit, knowing the
// row's number and the rows the types came from.
type typeErrors struct {
	row    *int64
	window int64
}

func newParquetFile(w io.Writer, cols []column, maxBytes int64, te *typeErrors) *parquetFile {
	p := &parquetFile{
		cols:     cols,
		w:        parquet.NewWriter(w, schema(cols), parquet.Compression(&snappy.Codec{})),
		row:      make(parquet.Row, len(cols)),
		maxBytes: maxBytes,
		typed:    te,
	}
	p.batch = []parquet.Row{p.row}
	return p
}

func (p *parquetFile) write(r []types.Value) error {
	for j, v := range r {
		if v.K == types.Null {
			p.row[j] = parquet.NullValue().Level(0, 0, j)
			p.bytes++
			continue
		}
		pv, why, ok := p.cols[j].typ.value(v)
		if !ok {
			return &TypeError{Column: p.cols[j].name, Row: *p.typed.row, Type: p.cols[j].typ.String(),
				Value: v.K.String() + " " + shorten(v.String()), Window: p.typed.window, Why: why}
		}
		p.row[j] = pv.Level(0, 1, j)
		p.bytes += 8 + int64(len(v.S))
	}
	if _, err := p.w.WriteRows(p.batch); err != nil {
		return err
	}
	p.rows++
	if p.rows >= RowGroupRows || p.bytes >= p.maxBytes {
		p.rows, p.bytes = 0, 0
		return p.w.Flush()
	}
	return nil
}

func (p *parquetFile) close() error { return p.w.Close() }

// shorten cuts a value's text for an error message.
func shorten(s string) string {
	if len(s) > 60 {
		return strings.ToValidUTF8(s[:57], "") + "…"
	}
	return s
}
