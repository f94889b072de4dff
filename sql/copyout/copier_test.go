package copyout

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/parquet-go/parquet-go"

	"github.com/lakesql/lakesql/sql/types"
)

// The writers' tests: each format's text or, for Parquet, its schema and
// values read back with parquet-go; the type rule and its refusals; the
// partitioned layout; and that a COPY that fails leaves nothing.

var (
	date = func(s string) types.Value {
		d, ok := types.ParseDate(s)
		if !ok {
			panic(s)
		}
		return types.DateValue(d)
	}
	ts = func(s string) types.Value {
		us, ok := types.ParseTimestamp(s)
		if !ok {
			panic(s)
		}
		return types.TimestampValue(us)
	}
	null = types.Value{}
	str  = types.StringValue
	i64  = types.IntValue
	f64  = types.FloatValue
)

// awkward are rows with every kind of value and string that must survive.
var awkward = struct {
	names []string
	rows  [][]types.Value
}{
	names: []string{"s", "i", "f", "b", "d", "t", "j"},
	rows: [][]types.Value{
		{str("plain"), i64(9007199254740993), f64(1.5), types.BoolValue(true), date("2026-01-03"), ts("2026-01-03 04:05:06.5"), types.JSONValue(`{"a":[1,2]}`)},
		{str(`say "hi", then
go`), i64(-1), f64(2), types.BoolValue(false), date("1969-12-31"), ts("1970-01-01 00:00:00"), types.JSONValue(`[]`)},
		{str("首尔 ü"), null, null, null, null, null, null},
		{str(""), i64(0), f64(-0.25), null, null, null, null},
		{null, i64(1 << 62), f64(1e20), null, null, null, null},
	},
}

// copyRows runs a COPY of rows to path and returns its summary.
func copyRows(t *testing.T, opt Options, names []string, rows [][]types.Value) (Summary, error) {
	t.Helper()
	c, err := New(opt)
	if err != nil {
		return Summary{}, err
	}
	if err := c.Columns(names); err != nil {
		c.Abort()
		return Summary{}, err
	}
	for _, r := range rows {
		if err := c.Row(r); err != nil {
			c.Abort()
			return Summary{}, err
		}
	}
	return c.Commit()
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestCSV(t *testing.T) {
	p := filepath.Join(t.TempDir(), "o.csv")
	sum, err := copyRows(t, Options{Path: p, Format: CSV}, awkward.names, awkward.rows)
	if err != nil {
		t.Fatal(err)
	}
	want := `s,i,f,b,d,t,j
plain,9007199254740993,1.5,true,2026-01-03,2026-01-03 04:05:06.5,"{""a"":[1,2]}"
"say ""hi"", then
go",-1,2.0,false,1969-12-31,1970-01-01 00:00:00,[]
首尔 ü,,,,,,
"",0,-0.25,,,,
,4611686018427387904,1e+20,,,,
`
	if got := read(t, p); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if sum.Files != 1 || sum.Rows != 5 || sum.Bytes != int64(len(want)) {
		t.Errorf("got %+v, want 1 file, 5 rows, %d bytes", sum, len(want))
	}
	if _, err := copyRows(t, Options{Path: p, Format: CSV, NoHeader: true}, []string{"a"}, [][]types.Value{{i64(1)}}); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "1\n" {
		t.Errorf("HEADER false, over the old file: got %q, want %q", got, "1\n")
	}
}

func TestJSON(t *testing.T) {
	p := filepath.Join(t.TempDir(), "o.json")
	if _, err := copyRows(t, Options{Path: p, Format: JSON}, awkward.names, awkward.rows); err != nil {
		t.Fatal(err)
	}
	want := `{"s":"plain","i":9007199254740993,"f":1.5,"b":true,"d":"2026-01-03","t":"2026-01-03 04:05:06.5","j":{"a":[1,2]}}
{"s":"say \"hi\", then\ngo","i":-1,"f":2.0,"b":false,"d":"1969-12-31","t":"1970-01-01 00:00:00","j":[]}
{"s":"首尔 ü","i":null,"f":null,"b":null,"d":null,"t":null,"j":null}
{"s":"","i":0,"f":-0.25,"b":null,"d":null,"t":null,"j":null}
{"s":null,"i":4611686018427387904,"f":1e+20,"b":null,"d":null,"t":null,"j":null}
`
	got := read(t, p)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !json.Valid([]byte(l)) {
			t.Errorf("not JSON: %s", l)
		}
	}
	if got := string(types.AppendJSON(nil, f64(math.Inf(1)))); got != `"inf"` {
		t.Errorf("inf: got %s, want \"inf\"", got)
	}
	if got := string(types.AppendJSON(nil, types.StringValue("a\x01\xffb"))); got != `"a\u0001\ufffdb"` {
		t.Errorf("control and bad UTF-8: got %s", got)
	}
}

// openParquet opens a Parquet file with parquet-go, until the test ends.
func openParquet(t *testing.T, p string) *parquet.File {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	return pf
}

// readParquet returns a Parquet file's schema and its rows, each value
// as text: NULL, or the Go value.
func readParquet(t *testing.T, p string) (string, [][]string) {
	t.Helper()
	pf := openParquet(t, p)
	r := parquet.NewReader(pf, pf.Schema())
	var out [][]string
	rows := make([]parquet.Row, 10)
	for {
		n, err := r.ReadRows(rows)
		for _, row := range rows[:n] {
			var cells []string
			for _, v := range row {
				switch {
				case v.IsNull():
					cells = append(cells, "NULL")
				case v.Kind() == parquet.ByteArray:
					cells = append(cells, fmt.Sprintf("%q", v.ByteArray()))
				default:
					cells = append(cells, v.String())
				}
			}
			out = append(out, cells)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return pf.Schema().String(), out
}

func TestParquet(t *testing.T) {
	p := filepath.Join(t.TempDir(), "o.parquet")
	names := append(slices.Clone(awkward.names), "mixed", "nulls", "huge", "dt")
	var rows [][]types.Value
	extra := [][]types.Value{
		{i64(1), null, {K: types.Huge, S: "123456789012345678901234"}, date("2026-01-03")},
		{f64(2.5), null, i64(5), ts("2026-01-03 10:00:00")},
		{i64(-3), null, null, null},
		{null, null, null, null},
		{i64(1 << 53), null, null, null},
	}
	for i, r := range awkward.rows {
		rows = append(rows, append(slices.Clone(r), extra[i]...))
	}
	if _, err := copyRows(t, Options{Path: p, Format: Parquet}, names, rows); err != nil {
		t.Fatal(err)
	}
	schema, got := readParquet(t, p)
	wantSchema := `message duckdb_schema {
	optional binary s (STRING);
	optional int64 i (INT(64,true));
	optional double f;
	optional boolean b;
	optional int32 d (DATE);
	optional int64 t (TIMESTAMP(isAdjustedToUTC=false,unit=MICROS));
	optional binary j (STRING);
	optional double mixed;
	optional binary nulls (STRING);
	optional binary huge (STRING);
	optional int64 dt (TIMESTAMP(isAdjustedToUTC=false,unit=MICROS));
}`
	if schema != wantSchema {
		t.Errorf("schema: got\n%s\nwant\n%s", schema, wantSchema)
	}
	day := int64(20456) // 2026-01-03
	us := day * 86400e6
	want := [][]string{
		{`"plain"`, "9007199254740993", "1.5", "true", fmt.Sprint(day), fmt.Sprint(us + 4*3600e6 + 5*60e6 + 6.5e6), `"{\"a\":[1,2]}"`, "1", "NULL", `"123456789012345678901234"`, fmt.Sprint(us)},
		{`"say \"hi\", then\ngo"`, "-1", "2", "false", "-1", "0", `"[]"`, "2.5", "NULL", `"5"`, fmt.Sprint(us + 10*3600e6)},
		{`"首尔 ü"`, "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "-3", "NULL", "NULL", "NULL"},
		{`""`, "0", "-0.25", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL"},
		{"NULL", "4611686018427387904", "1e+20", "NULL", "NULL", "NULL", "NULL", "9.007199254740992e+15", "NULL", "NULL", "NULL"},
	}
	if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestParquetReusedText sends rows whose text lives in a buffer that the
// next row overwrites, as a scan's do: the file must hold each row's own.
func TestParquetReusedText(t *testing.T) {
	p := filepath.Join(t.TempDir(), "o.parquet")
	c, err := New(Options{Path: p, Format: Parquet})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Abort()
	if err := c.Columns([]string{"s"}); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 3)
	defer func(old int64) { WindowBytes = old }(WindowBytes)
	WindowBytes = 100 // the first two rows are held, the rest written as they come
	var want [][]string
	for i := range 10 {
		copy(buf, fmt.Sprintf("r%02d", i))
		if err := c.Row([]types.Value{str(unsafeString(buf))}); err != nil {
			t.Fatal(err)
		}
		want = append(want, []string{fmt.Sprintf("%q", fmt.Sprintf("r%02d", i))})
	}
	if _, err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, got := readParquet(t, p); !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParquetRefused(t *testing.T) {
	for name, c := range map[string]struct {
		rows   [][]types.Value
		window int64
		col    string
		row    int64
	}{
		"a DOUBLE after BIGINTs": {rows: [][]types.Value{{i64(1)}, {f64(1.5)}}, window: 1, row: 2},
		"a string after DATEs":   {rows: [][]types.Value{{date("2026-01-01")}, {str("x")}}, window: 1, row: 2},
		"a TIMESTAMP after DATEs": {rows: [][]types.Value{{date("2026-01-01")}, {null}, {ts("2026-01-01 01:00:00")}},
			window: 1, row: 3},
		"an integer beyond 2^53 in a DOUBLE": {rows: [][]types.Value{{f64(1)}, {i64(1<<53 + 1)}}, row: 2},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if c.window > 0 {
				defer func(old int64) { WindowBytes = old }(WindowBytes)
				WindowBytes = c.window
			}
			_, err := copyRows(t, Options{Path: filepath.Join(dir, "o.parquet"), Format: Parquet}, []string{"x"}, c.rows)
			var te *TypeError
			if !errors.As(err, &te) || !errors.Is(err, ErrType) {
				t.Fatalf("got %v, want a *TypeError", err)
			}
			if te.Column != "x" || te.Row != c.row {
				t.Errorf("got column %q row %d, want x row %d (%v)", te.Column, te.Row, c.row, err)
			}
			if got := entries(t, dir); len(got) != 0 {
				t.Errorf("left behind: %q", got)
			}
		})
	}
}

func TestEmpty(t *testing.T) {
	dir := t.TempDir()
	for f, want := range map[Format]string{CSV: "a,b\n", JSON: ""} {
		p := filepath.Join(dir, "o."+string(f))
		if _, err := copyRows(t, Options{Path: p, Format: f}, []string{"a", "b"}, nil); err != nil {
			t.Fatal(err)
		}
		if got := read(t, p); got != want {
			t.Errorf("%s: got %q, want %q", f, got, want)
		}
	}
	p := filepath.Join(dir, "o.parquet")
	if _, err := copyRows(t, Options{Path: p, Format: Parquet}, []string{"a"}, nil); err != nil {
		t.Fatal(err)
	}
	if schema, rows := readParquet(t, p); len(rows) != 0 || !strings.Contains(schema, "optional binary a (STRING)") {
		t.Errorf("parquet: got %d rows, schema %s", len(rows), schema)
	}
}

func TestPartitioned(t *testing.T) {
	defer func(old int) { MaxOpen = old }(MaxOpen)
	MaxOpen = 2 // the third partition closes the first; its next rows go to data_1
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	names := []string{"k", "v", "n"}
	rows := [][]types.Value{
		{str("a/b"), i64(1), str("x")},
		{str("c=d"), i64(2), str("y")},
		{null, i64(3), str("z")},
		{str("a/b"), i64(4), str("w")},
		{str("c=d"), i64(5), null},
	}
	sum, err := copyRows(t, Options{Path: out, Format: CSV, PartitionBy: []string{"K", "n", "v"}}, names, rows)
	if !errors.Is(err, ErrColumns) {
		t.Fatalf("partitioned by every column: got %v, want ErrColumns", err)
	}
	sum, err = copyRows(t, Options{Path: out, Format: CSV, PartitionBy: []string{"K"}}, names, rows)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, p)
			got[filepath.ToSlash(rel)] = read(t, p)
		}
		return err
	})
	want := map[string]string{
		"k=a%2Fb/data_0.csv":                      "v,n\n1,x\n",
		"k=c%3Dd/data_0.csv":                      "v,n\n2,y\n",
		"k=__HIVE_DEFAULT_PARTITION__/data_0.csv": "v,n\n3,z\n",
		"k=a%2Fb/data_1.csv":                      "v,n\n4,w\n",
		"k=c%3Dd/data_1.csv":                      "v,n\n5,\n",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if sum.Files != 5 || sum.Rows != 5 {
		t.Errorf("got %+v, want 5 files and 5 rows", sum)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"out"}) {
		t.Errorf("beside the folder: %q", got)
	}

	// A folder that is there and not empty is refused, or with OVERWRITE
	// replaced whole.
	if _, err := copyRows(t, Options{Path: out, Format: CSV, PartitionBy: []string{"k"}}, names, rows); !errors.Is(err, ErrExists) {
		t.Fatalf("into a full folder: got %v, want ErrExists", err)
	}
	if _, err := copyRows(t, Options{Path: out, Format: JSON, PartitionBy: []string{"k"}, Overwrite: true}, names, rows[:1]); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, out); !slices.Equal(got, []string{"k=a%2Fb"}) {
		t.Errorf("after OVERWRITE: got %q, want only k=a%%2Fb", got)
	}
	if got := read(t, filepath.Join(out, "k=a%2Fb", "data_0.json")); got != `{"v":1,"n":"x"}`+"\n" {
		t.Errorf("after OVERWRITE: got %q", got)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"out"}) {
		t.Errorf("beside the folder after OVERWRITE: %q", got)
	}
	// 'out/' is the folder out, its temporary folder beside it.
	if _, err := copyRows(t, Options{Path: out + "/", Format: CSV, PartitionBy: []string{"k"}, Overwrite: true}, names, rows[1:2]); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, out); !slices.Equal(got, []string{"k=c%3Dd"}) {
		t.Errorf("after OVERWRITE of out/: got %q, want only k=c%%3Dd", got)
	}
}

// TestFailureLeavesNothing fails a COPY half way, each way it can: the
// target stays as it was (absent, or its old content), with nothing
// beside it.
func TestFailureLeavesNothing(t *testing.T) {
	for name, opt := range map[string]Options{
		"csv":         {Format: CSV},
		"parquet":     {Format: Parquet},
		"partitioned": {Format: Parquet, PartitionBy: []string{"k"}},
		"overwrite":   {Format: JSON, PartitionBy: []string{"k"}, Overwrite: true},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			opt.Path = filepath.Join(dir, "out")
			old := []string{"out"}
			if opt.Overwrite {
				if err := os.MkdirAll(filepath.Join(opt.Path, "k=old"), 0o755); err != nil {
					t.Fatal(err)
				}
			} else if opt.PartitionBy == nil {
				if err := os.WriteFile(opt.Path, []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				old = nil
			}
			c, err := New(opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Columns([]string{"k", "v"}); err != nil {
				t.Fatal(err)
			}
			for i := range 1000 {
				if err := c.Row([]types.Value{str(fmt.Sprint(i % 7)), i64(int64(i))}); err != nil {
					t.Fatal(err)
				}
			}
			c.Abort() // the query failed here

			if got := entries(t, dir); !slices.Equal(got, old) {
				t.Errorf("got %q, want %q", got, old)
			}
			switch {
			case opt.Overwrite:
				if got := entries(t, opt.Path); !slices.Equal(got, []string{"k=old"}) {
					t.Errorf("the old folder holds %q, want k=old", got)
				}
			case old != nil:
				if got := read(t, opt.Path); got != "old" {
					t.Errorf("the old file holds %q", got)
				}
			}
		})
	}
}

func unsafeString(b []byte) string { return unsafe.String(&b[0], len(b)) }

func TestColumns(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct {
		opt   Options
		names []string
		err   error
	}{
		"a name twice in JSON":        {Options{Format: JSON}, []string{"a", "a"}, ErrColumns},
		"a name twice in Parquet":     {Options{Format: Parquet}, []string{"a", "b", "a"}, ErrColumns},
		"a name twice in CSV":         {Options{Format: CSV}, []string{"a", "a"}, nil},
		"a partition column unknown":  {Options{Format: CSV, PartitionBy: []string{"x"}}, []string{"a", "b"}, ErrNotFound},
		"a partition column any case": {Options{Format: CSV, PartitionBy: []string{"A"}}, []string{"a", "b"}, nil},
	} {
		t.Run(name, func(t *testing.T) {
			c.opt.Path = filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
			_, err := copyRows(t, c.opt, c.names, nil)
			if !errors.Is(err, c.err) {
				t.Errorf("got %v, want %v", err, c.err)
			}
		})
	}
}

func TestFormatOf(t *testing.T) {
	for _, c := range []struct {
		name, path string
		want       Format
		err        error
	}{
		{"", "a/b.CSV", CSV, nil},
		{"", "b.jsonl", JSON, nil},
		{"", "b.ndjson", JSON, nil},
		{"", "b.parquet", Parquet, nil},
		{"PARQUET", "b.csv", Parquet, nil},
		{"", "b.txt", "", ErrFormat},
		{"xml", "b.csv", "", ErrFormat},
	} {
		got, err := FormatOf(c.name, c.path)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("FormatOf(%q, %q) = %q, %v; want %q, %v", c.name, c.path, got, err, c.want, c.err)
		}
	}
}

// TestParquetPagesAndRowGroups writes random rows of every type, NULLs in
// runs and alone, across many data pages and row groups (both made
// small), and reads them back with parquet-go.
func TestParquetPagesAndRowGroups(t *testing.T) {
	defer func(b int, g int64) { pageBytes, RowGroupBytes = b, g }(pageBytes, RowGroupBytes)
	pageBytes, RowGroupBytes = 700, 9000
	rng := rand.New(rand.NewPCG(7, 14))
	names := []string{"s", "i", "f", "b", "d", "t", "never"}
	var rows [][]types.Value
	var want [][]string
	nullRun := 0
	for r := range 3000 {
		if rng.IntN(50) == 0 {
			nullRun = rng.IntN(40) // a run of NULLs in every column
		}
		row := make([]types.Value, len(names))
		cells := make([]string, len(names))
		for j := range names {
			if nullRun > 0 || j == len(names)-1 || rng.IntN(7) == 0 {
				row[j], cells[j] = null, "NULL"
				continue
			}
			switch j {
			case 0:
				s := strings.Repeat("é", rng.IntN(30)) + fmt.Sprint(r)
				row[j], cells[j] = str(s), fmt.Sprintf("%q", s)
			case 1:
				v := int64(rng.Uint64())
				row[j], cells[j] = i64(v), fmt.Sprint(v)
			case 2:
				v := rng.NormFloat64() * 1e6
				row[j], cells[j] = f64(v), fmt.Sprint(v)
			case 3:
				v := rng.IntN(2) == 0
				row[j], cells[j] = types.BoolValue(v), fmt.Sprint(v)
			case 4:
				v := int64(rng.IntN(200000)) - 100000
				row[j], cells[j] = types.DateValue(v), fmt.Sprint(v)
			case 5:
				v := rng.Int64N(1<<52) - 1<<51
				row[j], cells[j] = types.TimestampValue(v), fmt.Sprint(v)
			}
		}
		if nullRun > 0 {
			nullRun--
		}
		rows = append(rows, row)
		want = append(want, cells)
	}
	p := filepath.Join(t.TempDir(), "o.parquet")
	if _, err := copyRows(t, Options{Path: p, Format: Parquet}, names, rows); err != nil {
		t.Fatal(err)
	}
	_, got := readParquet(t, p)
	if len(got) != len(want) {
		t.Fatalf("got %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("row %d: got %q, want %q", i, got[i], want[i])
		}
	}
	pf := openParquet(t, p)
	groups, pages := len(pf.RowGroups()), 0
	for _, g := range pf.Metadata().RowGroups {
		for _, c := range g.Columns {
			if c.MetaData.NumValues != g.NumRows {
				t.Errorf("a column chunk of %d values in a row group of %d rows", c.MetaData.NumValues, g.NumRows)
			}
		}
	}
	ps := pf.RowGroups()[0].ColumnChunks()[0].Pages()
	for {
		pg, err := ps.ReadPage()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		parquet.Release(pg)
		pages++
	}
	ps.Close()
	if groups < 10 || pages < 3 {
		t.Errorf("%d row groups, %d pages in the first chunk: the test wants many of both", groups, pages)
	}
}
