package driver_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	lakedriver "github.com/lakesql/lakesql/driver"
	lakesql "github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// orderRows are the rows of lake t: every kind of JSON value, NULLs and
// missing fields, strings with quotes and question marks.
var orderRows = []string{
	`{"g":"a","n":1,"x":1.5,"s":"plain","ok":true,"day":"2026-01-02","obj":{"k":1}}`,
	`{"g":"a","n":2,"x":2.25,"s":"it's","ok":false,"day":"2026-01-03","obj":{"k":2}}`,
	`{"g":"b","n":10,"x":null,"s":"what?","ok":true,"day":"2026-01-02"}`,
	`{"g":"b","n":null,"x":-4.5,"s":"' OR 1=1 --","day":"2026-02-01"}`,
	`{"g":"c","n":7,"s":"back\\slash","ok":null,"day":null}`,
	`{"g":null,"n":3,"x":0.5,"s":null}`,
}

// workFolder writes rows to a JSONL file in a new work folder and makes
// lake t of them, keyed by g, through the driver's Exec; it returns the
// database and a session of its own, the oracle.
func workFolder(t *testing.T, rows ...string) (*sql.DB, *lakesql.Session) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "raw.jsonl"), []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("lakesql", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, err := db.Exec("CREATE LAKE t FROM 'raw.jsonl' PARTITION BY (g)")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(rows)) {
		t.Fatalf("CREATE LAKE: RowsAffected got %d, %v, want %d", n, err, len(rows))
	}
	return db, lakesql.NewSession(catalog.New(dir))
}

// scanAll reads every row of rows as the values Scan gives an any.
func scanAll(t *testing.T, rows *sql.Rows) [][]any {
	t.Helper()
	defer rows.Close()
	out, err := scan(rows)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// scan reads every row of rows as the values Scan gives an any.
func scan(rows *sql.Rows) ([][]any, error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]any
	for rows.Next() {
		r := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range r {
			ptrs[i] = &r[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// goValue is the value the driver documents Scan into any gets of v.
func goValue(v types.Value) any {
	switch v.K {
	case types.Null:
		return nil
	case types.Bool:
		return v.Bool()
	case types.Int:
		return v.I
	case types.Float:
		return v.F()
	case types.Date:
		return time.Unix(v.I*86400, 0).UTC()
	case types.Timestamp:
		return time.UnixMicro(v.I).UTC()
	}
	return v.String()
}

// oracle runs the typed-in query on the session, as the driver's rows.
func oracle(t *testing.T, s *lakesql.Session, query string) [][]any {
	t.Helper()
	res, err := s.Exec(context.Background(), query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	var out [][]any
	for _, r := range res.Rows {
		row := make([]any, len(r))
		for i, v := range r {
			row[i] = goValue(v)
		}
		out = append(out, row)
	}
	return out
}

func TestQueryArgs(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	day := time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)
	for name, tc := range map[string]struct {
		query string
		args  []any
		typed string
	}{
		"no args":  {"SELECT g, n, x, s, ok, day FROM t ORDER BY n", nil, "SELECT g, n, x, s, ok, day FROM t ORDER BY n"},
		"int":      {"SELECT s FROM t WHERE n > ? ORDER BY s", []any{2}, "SELECT s FROM t WHERE n > 2 ORDER BY s"},
		"int8":     {"SELECT s FROM t WHERE n = ?", []any{int8(10)}, "SELECT s FROM t WHERE n = 10"},
		"uint32":   {"SELECT s FROM t WHERE n = ?", []any{uint32(7)}, "SELECT s FROM t WHERE n = 7"},
		"float":    {"SELECT s FROM t WHERE x < ? ORDER BY s", []any{1.75}, "SELECT s FROM t WHERE x < CAST(1.75 AS DOUBLE) ORDER BY s"},
		"float32":  {"SELECT s FROM t WHERE x = ?", []any{float32(2.25)}, "SELECT s FROM t WHERE x = CAST(2.25 AS DOUBLE)"},
		"bool":     {"SELECT s FROM t WHERE ok = ? ORDER BY s", []any{true}, "SELECT s FROM t WHERE ok = true ORDER BY s"},
		"string":   {"SELECT n FROM t WHERE g = ? ORDER BY n", []any{"a"}, "SELECT n FROM t WHERE g = 'a' ORDER BY n"},
		"bytes":    {"SELECT n FROM t WHERE g = ? ORDER BY n", []any{[]byte("b")}, "SELECT n FROM t WHERE g = 'b' ORDER BY n"},
		"time":     {"SELECT s FROM t WHERE day >= ? ORDER BY s", []any{day}, "SELECT s FROM t WHERE day >= TIMESTAMP '2026-01-03 00:00:00' ORDER BY s"},
		"nil":      {"SELECT COUNT(*), COUNT(?) FROM t WHERE n = ? OR ? IS NULL", []any{nil, nil, nil}, "SELECT COUNT(*), COUNT(NULL) FROM t WHERE n = NULL OR NULL IS NULL"},
		"valuer":   {"SELECT s FROM t WHERE n = ?", []any{sql.NullInt64{Int64: 1, Valid: true}}, "SELECT s FROM t WHERE n = 1"},
		"null":     {"SELECT COUNT(*) FROM t WHERE s = ?", []any{sql.NullString{}}, "SELECT COUNT(*) FROM t WHERE s = NULL"},
		"select":   {"SELECT ?, ?, ?, ?", []any{int64(-5), 0.125, "x'y", false}, "SELECT -5, CAST(0.125 AS DOUBLE), 'x''y', false"},
		"subquery": {"SELECT s FROM t WHERE n = (SELECT MAX(n) FROM t WHERE g = ?)", []any{"a"}, "SELECT s FROM t WHERE n = (SELECT MAX(n) FROM t WHERE g = 'a')"},
		"with":     {"WITH c AS (SELECT n FROM t WHERE g = ?) SELECT COUNT(*) FROM c WHERE n > ?", []any{"b", 1}, "WITH c AS (SELECT n FROM t WHERE g = 'b') SELECT COUNT(*) FROM c WHERE n > 1"},
		"union":    {"SELECT n FROM t WHERE g = ? UNION ALL SELECT n FROM t WHERE g = ? ORDER BY 1", []any{"a", "c"}, "SELECT n FROM t WHERE g = 'a' UNION ALL SELECT n FROM t WHERE g = 'c' ORDER BY 1"},
		"group":    {"SELECT g, SUM(n) FROM t GROUP BY g HAVING SUM(n) > ? ORDER BY g", []any{2}, "SELECT g, SUM(n) FROM t GROUP BY g HAVING SUM(n) > 2 ORDER BY g"},
		"show":     {"SHOW PARTITIONS t", nil, "SHOW PARTITIONS t"},
	} {
		t.Run(name, func(t *testing.T) {
			rows, err := db.Query(tc.query, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			got, want := scanAll(t, rows), oracle(t, s, tc.typed)
			if len(want) == 0 {
				t.Fatalf("the oracle has no rows: %s", tc.typed)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

// TestStringArgs: a string argument is a value whatever it holds (quotes,
// ?, comments, SQL): it matches the rows whose field is that string, as
// the literal that quotes it does, and nothing else.
func TestStringArgs(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	for _, arg := range []string{"it's", "what?", "' OR 1=1 --", "back\\slash", "'; DROP LAKE t; --", "?", "x' OR s = 'plain", "\x00", "/* ? */"} {
		var got int64
		if err := db.QueryRow("SELECT COUNT(*) FROM t WHERE s = ? AND '?' = '?'", arg).Scan(&got); err != nil {
			t.Fatalf("%q: %v", arg, err)
		}
		want := oracle(t, s, "SELECT COUNT(*) FROM t WHERE s = "+ast.Quote(arg))[0][0]
		if got != want {
			t.Errorf("%q: got %d rows, want %v", arg, got, want)
		}
		if got > 1 {
			t.Errorf("%q matched %d rows", arg, got)
		}
	}
	if got := oracle(t, s, "SELECT COUNT(*) FROM t"); got[0][0] != int64(len(orderRows)) {
		t.Errorf("after the arguments, lake t has %v rows, want %d", got[0][0], len(orderRows))
	}
}

func TestArgErrors(t *testing.T) {
	db, _ := workFolder(t, orderRows...)
	for name, tc := range map[string]struct {
		query string
		args  []any
		err   error  // errors.Is, when not nil
		want  string // in the message
	}{
		"too few":       {"SELECT s FROM t WHERE n = ? AND g = ?", []any{1}, lakesql.ErrArgs, "2 placeholders, given 1 argument"},
		"too many":      {"SELECT s FROM t WHERE n = ?", []any{1, 2}, lakesql.ErrArgs, "1 placeholder, given 2 arguments"},
		"in a string":   {"SELECT s FROM t WHERE s = '?'", []any{"x"}, lakesql.ErrArgs, "0 placeholders, given 1 argument"},
		"in a comment":  {"SELECT s FROM t /* ? */ WHERE n = 1 -- ?", []any{"x"}, lakesql.ErrArgs, "0 placeholders, given 1 argument"},
		"lake":          {"SHOW LAKES", []any{1}, lakesql.ErrArgs, "0 placeholders"},
		"named":         {"SELECT s FROM t WHERE n = ?", []any{sql.Named("n", 1)}, lakedriver.ErrNamedArg, "n"},
		"named in text": {"SELECT s FROM t WHERE n = :n", nil, nil, "named parameter"},
		"type":          {"SELECT ?", []any{struct{}{}}, nil, "unsupported type struct {}"},
		"huge uint":     {"SELECT ?", []any{uint64(1 << 63)}, nil, "high bit set"},
	} {
		t.Run(name, func(t *testing.T) {
			rows, err := db.Query(tc.query, tc.args...)
			if err == nil {
				rows.Close()
			}
			if err == nil || tc.err != nil && !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %v (%q)", err, tc.err, tc.want)
			}
		})
	}
	// A prepared statement counts its placeholders: database/sql checks.
	st, err := db.Prepare("SELECT s FROM t WHERE n = ? OR s = '?' OR g = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Query(1); err == nil || !strings.Contains(err.Error(), "expected 2 arguments, got 1") {
		t.Errorf("prepared, 1 argument for 2: got %v", err)
	}
}

// TestPrepared: a statement prepared once runs with each set of
// arguments, as the typed-in query does.
func TestPrepared(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	st, err := db.Prepare("SELECT n, s FROM t WHERE g = ? ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, g := range []string{"a", "b", "c", "zz"} {
		rows, err := st.Query(g)
		if err != nil {
			t.Fatal(err)
		}
		got, want := scanAll(t, rows), oracle(t, s, "SELECT n, s FROM t WHERE g = "+ast.Quote(g)+" ORDER BY n")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("g = %s: got %v, want %v", g, got, want)
		}
	}
}

// TestPreparedAgain: a statement's tree is not changed by a run, with
// arguments or without: the second run answers as the first.
func TestPreparedAgain(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	for _, tc := range []struct {
		query string
		args  []any // one, 1, for the ? of the query
	}{
		{"WITH c AS (SELECT g, MAX(n) AS m FROM t GROUP BY g) SELECT t.s, c.m FROM t JOIN c ON t.g = c.g WHERE t.n IN (SELECT n FROM t WHERE n > 1) AND EXISTS (SELECT 1 FROM t AS u WHERE u.g = t.g AND u.n < t.n) ORDER BY 1", nil},
		{"WITH c AS (SELECT g, MAX(n) AS m FROM t GROUP BY g) SELECT t.s, c.m FROM t JOIN c ON t.g = c.g WHERE t.n IN (SELECT n FROM t WHERE n > ?) AND EXISTS (SELECT 1 FROM t AS u WHERE u.g = t.g AND u.n < t.n) ORDER BY 1", []any{1}},
		{"SELECT n, (SELECT MAX(x) FROM t) FROM t WHERE s IN (SELECT s FROM t WHERE ok) ORDER BY n", nil},
	} {
		st, err := db.Prepare(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		typed := strings.Replace(tc.query, "?", "1", 1)
		want := oracle(t, s, typed)
		if len(want) == 0 {
			t.Fatalf("the oracle has no rows: %s", typed)
		}
		for run := range 3 {
			rows, err := st.Query(tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			if got := scanAll(t, rows); !reflect.DeepEqual(got, want) {
				t.Errorf("run %d of %s: got %v, want %v", run, tc.query, got, want)
			}
		}
		st.Close()
	}
}

func TestScanTypes(t *testing.T) {
	db, _ := workFolder(t, orderRows...)
	var (
		n    int64
		x    float64
		s    string
		ok   bool
		day  time.Time
		ts   time.Time
		obj  string
		anyN any
	)
	err := db.QueryRow("SELECT n, x, s, ok, CAST(day AS DATE), CAST('2026-01-02 03:04:05.5' AS TIMESTAMP), obj, n FROM t WHERE n = ?", 2).
		Scan(&n, &x, &s, &ok, &day, &ts, &obj, &anyN)
	if err != nil {
		t.Fatal(err)
	}
	want := []any{int64(2), 2.25, "it's", false, time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 5e8, time.UTC), `{"k":2}`, int64(2)}
	if got := []any{n, x, s, ok, day, ts, obj, anyN}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// database/sql converts: a number into a string, a BIGINT into a float.
	var ns string
	var nf float64
	if err := db.QueryRow("SELECT n, n FROM t WHERE n = 10").Scan(&ns, &nf); err != nil || ns != "10" || nf != 10 {
		t.Errorf("BIGINT into string and float64: got %q, %v, %v", ns, nf, err)
	}
}

// TestNulls: a NULL (a null or missing field) scans into the sql.Null
// types and pointers as not valid, and into a plain type as database/sql's
// error.
func TestNulls(t *testing.T) {
	db, _ := workFolder(t, orderRows...)
	var (
		n   sql.NullInt64
		x   sql.NullFloat64
		s   sql.NullString
		ok  sql.NullBool
		day sql.NullTime
		p   *int64
		a   any = "not nil"
	)
	row := db.QueryRow("SELECT n, x, s, ok, CAST(day AS DATE), n, missing FROM t WHERE n IS NULL")
	if err := row.Scan(&n, &x, &s, &ok, &day, &p, &a); err != nil {
		t.Fatal(err)
	}
	if n.Valid || !x.Valid || x.Float64 != -4.5 || !s.Valid || ok.Valid || !day.Valid || day.Time.Month() != 2 || p != nil || a != nil {
		t.Errorf("got %v %v %v %v %v %v %v", n, x, s, ok, day, p, a)
	}
	var plain int64
	err := db.QueryRow("SELECT n FROM t WHERE n IS NULL").Scan(&plain)
	if err == nil || !strings.Contains(err.Error(), "converting NULL to int64 is unsupported") {
		t.Errorf("NULL into int64: got %v", err)
	}
	var none string
	if err := db.QueryRow("SELECT s FROM t WHERE n > ?", 1000).Scan(&none); !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("no row: got %v, want sql.ErrNoRows", err)
	}
}

func TestColumnTypes(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	query := "SELECT n, x, s, ok, CAST(day AS DATE) AS d, CAST(day AS TIMESTAMP) AS ts, obj, missing FROM t ORDER BY n NULLS FIRST"
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	// The first row is the NULL n's: its kinds come from the rows after.
	if !rows.Next() {
		t.Fatal("no rows")
	}
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, db string
		scan     any
	}{
		{"n", "BIGINT", int64(0)}, {"x", "DOUBLE", 0.0}, {"s", "VARCHAR", ""}, {"ok", "BOOLEAN", false},
		{"d", "DATE", time.Time{}}, {"ts", "TIMESTAMP", time.Time{}}, {"obj", "JSON", ""}, {"missing", "NULL", (*any)(nil)},
	}
	if len(cts) != len(want) {
		t.Fatalf("got %d columns, want %d", len(cts), len(want))
	}
	for i, ct := range cts {
		w := want[i]
		scan := reflect.TypeOf(w.scan)
		if p, ok := w.scan.(*any); ok && p == nil {
			scan = scan.Elem()
		}
		nullable, ok := ct.Nullable()
		if ct.Name() != w.name || ct.DatabaseTypeName() != w.db || ct.ScanType() != scan || !nullable || !ok {
			t.Errorf("column %d: got %s %s %v %v %v, want %s %s %v", i, ct.Name(), ct.DatabaseTypeName(), ct.ScanType(), nullable, ok, w.name, w.db, scan)
		}
	}
	// The rows read ahead for the types are not lost.
	got := 1
	for rows.Next() {
		got++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if want := len(oracle(t, s, query)); got != want {
		t.Errorf("got %d rows after ColumnTypes, want %d", got, want)
	}
}

func TestExec(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	dir := s.Catalog.Dir
	more := `{"g":"d","n":100}` + "\n" + `{"g":"d","n":101}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "more.jsonl"), []byte(more), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stmt string
		rows int64 // -1: ErrRowsAffected
	}{
		{"COPY t FROM 'more.jsonl'", 2},
		{"ALTER LAKE t PARTITION BY (n) INTO t2", int64(len(orderRows)) + 2},
		{"ALTER LAKE t COMPACT", -1},
		{"SELECT * FROM t", -1},
		{"SET memory_limit = '64MB'", -1},
		{"DROP LAKE t2", int64(len(orderRows)) + 2},
	} {
		res, err := db.Exec(tc.stmt)
		if err != nil {
			t.Fatalf("%s: %v", tc.stmt, err)
		}
		n, err := res.RowsAffected()
		if tc.rows < 0 && !errors.Is(err, lakedriver.ErrRowsAffected) || tc.rows >= 0 && (err != nil || n != tc.rows) {
			t.Errorf("%s: RowsAffected got %d, %v, want %d", tc.stmt, n, err, tc.rows)
		}
		if _, err := res.LastInsertId(); !errors.Is(err, lakedriver.ErrLastInsertID) {
			t.Errorf("%s: LastInsertId got %v", tc.stmt, err)
		}
	}
	if got := oracle(t, s, "SELECT COUNT(*) FROM t"); got[0][0] != int64(len(orderRows))+2 {
		t.Errorf("after COPY: got %v rows", got[0][0])
	}
	if _, err := db.Exec("DROP LAKE nope"); err == nil || !strings.Contains(err.Error(), `unknown lake "nope"`) {
		t.Errorf("DROP LAKE nope: got %v", err)
	}
}

func TestNotSupported(t *testing.T) {
	db, _ := workFolder(t, orderRows...)
	if _, err := db.Begin(); !errors.Is(err, lakedriver.ErrTx) {
		t.Errorf("Begin: got %v, want ErrTx", err)
	}
	if _, err := sql.Open("lakesql", filepath.Join(t.TempDir(), "nope")); err != nil {
		t.Errorf("Open does not connect: got %v", err)
	}
	nope, _ := sql.Open("lakesql", filepath.Join(t.TempDir(), "nope"))
	defer nope.Close()
	if err := nope.Ping(); !errors.Is(err, catalog.ErrWorkdirNotFound) {
		t.Errorf("Ping of a missing folder: got %v, want ErrWorkdirNotFound", err)
	}
}

// bigLake makes lake big of n rows in the work folder of s, in files of
// 1000 rows: many for a scan to read.
func bigLake(t *testing.T, db *sql.DB, s *lakesql.Session, n int) {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"p":%d,"i":%d,"s":"row %d of a lake big enough to cancel"}`+"\n", i%8, i, i)
	}
	if err := os.WriteFile(filepath.Join(s.Catalog.Dir, "big.jsonl"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE LAKE big FROM 'big.jsonl' PARTITION BY (p) MAX ROWS 1000"); err != nil {
		t.Fatal(err)
	}
}

// settle waits for the goroutines to come back to at most n, and reports
// the test failed if they do not within a few seconds.
func settle(t *testing.T, n int) {
	t.Helper()
	for range 500 {
		if runtime.NumGoroutine() <= n {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("%d goroutines, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
}

// TestCancelScan: cancelling the context of a query whose scan is running
// (its first file read, others not) stops the scan; the error is the
// context's and no goroutine is left.
func TestCancelScan(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 50_000)
	db.SetMaxIdleConns(0) // no connection outlives its query
	before := runtime.NumGoroutine()
	for _, query := range []string{
		"SELECT COUNT(*), SUM(i) FROM big WHERE s LIKE ?", // the rows come once the scan ends
		"SELECT i, s FROM big WHERE s LIKE ? ORDER BY s",  // so too, sorted
		"SELECT i, s FROM big WHERE s LIKE ?",             // streamed
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		var running bool // the first report had files to go
		reports := 0
		ctx = lakesql.WithProgress(ctx, func(done, total int64) {
			mu.Lock()
			defer mu.Unlock()
			if reports++; reports == 1 {
				running = done < total
				cancel()
			}
		})
		rows, err := db.QueryContext(ctx, query, "%cancel%")
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
			rows.Close()
		}
		mu.Lock()
		if !running {
			t.Errorf("%s: the scan was not running when cancelled (%d reports)", query, reports)
		}
		mu.Unlock()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: got %v, want context.Canceled", query, err)
		}
		cancel()
	}
	settle(t, before)
}

// TestCancelRows: a context cancelled while its rows are read ends them
// with the context's error, and the scan with them.
func TestCancelRows(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 20_000)
	db.SetMaxIdleConns(0)
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows, err := db.QueryContext(ctx, "SELECT i, s FROM big")
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for rows.Next() {
		if read++; read == 10 {
			cancel()
		}
	}
	if err := rows.Err(); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v after %d rows, want context.Canceled", err, read)
	}
	if read >= 20_000 {
		t.Errorf("read all %d rows after the cancel", read)
	}
	rows.Close()
	settle(t, before)
}

// watchScan returns a context whose scans report their progress, and
// whether one of them has read all its files.
func watchScan() (context.Context, func() bool) {
	var ended atomic.Bool
	ctx := lakesql.WithProgress(context.Background(), func(done, total int64) {
		if done == total {
			ended.Store(true)
		}
	})
	return ctx, ended.Load
}

// TestStreamed: a SELECT's first row comes before its scan ends (the scan
// waits for the rows to be read), and the rest follow, all of them.
func TestStreamed(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 50_000)
	ctx, ended := watchScan()
	rows, err := db.QueryContext(ctx, "SELECT i, s FROM big WHERE i >= ?", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		t.Fatal(rows.Err())
	}
	if ended() {
		t.Error("the scan ended before the first row was read")
	}
	n := 1
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil || n != 50_000 {
		t.Errorf("got %d rows, %v, want 50000", n, err)
	}
}

// TestCloseEarly: rows closed before their end stop the scan (a streamed
// one before it read every file), and the connection runs the next query.
func TestCloseEarly(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 20_000)
	db.SetMaxOpenConns(1)
	var warm int64
	if err := db.QueryRow("SELECT COUNT(*) FROM big").Scan(&warm); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	// SELECT * reads every file for its columns first; ORDER BY before its
	// first row; SHOW FILES reads none.
	for query, streamed := range map[string]bool{"SELECT i, s FROM big": true, "SELECT * FROM big": false,
		"SELECT i FROM big ORDER BY s DESC": false, "SHOW FILES big": false} {
		ctx, ended := watchScan()
		rows, err := db.QueryContext(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if !rows.Next() {
				t.Fatalf("%s: ended early: %v", query, rows.Err())
			}
		}
		if err := rows.Close(); err != nil {
			t.Errorf("%s: Close: %v", query, err)
		}
		if streamed && ended() {
			t.Errorf("%s: the scan read every file after Close", query)
		}
		var n int64
		if err := db.QueryRow("SELECT COUNT(*) FROM big WHERE p = ?", 3).Scan(&n); err != nil || n != 2500 {
			t.Errorf("after %s closed early: got %d, %v", query, n, err)
		}
	}
	settle(t, before)
}

// TestConcurrent: many goroutines query through one database (each
// connection its own session) and get the answers of the typed-in
// queries.
func TestConcurrent(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 8_000)
	type args struct{ p, below int }
	const workers, each = 12, 5
	want := map[args][2][][]any{}
	job := func(w, i int) args { return args{p: (w + i) % 8, below: 1000 * (1 + (w*each+i)%8)} }
	for w := range workers {
		for i := range each {
			a := job(w, i)
			want[a] = [2][][]any{
				oracle(t, s, fmt.Sprintf("SELECT COUNT(*), SUM(i), MAX(s) FROM big WHERE p = %d AND i < %d", a.p, a.below)),
				oracle(t, s, fmt.Sprintf("SELECT i, s FROM big WHERE p = %d AND i < %d", a.p, a.below)),
			}
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				a := job(w, i)
				errs <- queryBoth(db, a.p, a.below, want[a])
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestQueriesWhileCopy: queries on many connections while another COPYs
// rows into the lake each see one snapshot: the rows before a COPY or
// after it, never part of one, and never fewer than they saw before.
func TestQueriesWhileCopy(t *testing.T) {
	db, s := workFolder(t, orderRows...)
	bigLake(t, db, s, 4_000)
	var more strings.Builder
	for i := range 100 {
		fmt.Fprintf(&more, `{"p":%d,"i":%d,"s":"copied"}`+"\n", i%8, 10_000+i)
	}
	if err := os.WriteFile(filepath.Join(s.Catalog.Dir, "more.jsonl"), []byte(more.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const copies, readers, queries = 3, 6, 10
	var wg sync.WaitGroup
	errs := make(chan error, readers*queries)
	for range readers {
		wg.Go(func() {
			last := int64(0)
			for range queries {
				var n int64
				if err := db.QueryRow("SELECT COUNT(*) FROM big WHERE s <> ?", "").Scan(&n); err != nil {
					errs <- err
					return
				}
				if k := (n - 4_000) / 100; n < last || (n-4_000)%100 != 0 || k < 0 || k > copies {
					errs <- fmt.Errorf("got %d rows, after %d", n, last)
				}
				last = n
			}
		})
	}
	for range copies {
		if _, err := db.Exec("COPY big FROM 'more.jsonl'"); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := oracle(t, s, "SELECT COUNT(*) FROM big"); got[0][0] != int64(4_000+copies*100) {
		t.Errorf("after the copies: got %v rows", got[0][0])
	}
}

// queryBoth runs an aggregate and a streamed query of big and compares
// their rows with want's.
func queryBoth(db *sql.DB, p, below int, want [2][][]any) error {
	for k, query := range []string{
		"SELECT COUNT(*), SUM(i), MAX(s) FROM big WHERE p = ? AND i < ?",
		"SELECT i, s FROM big WHERE p = ? AND i < ?",
	} {
		got, err := rowsOf(db, query, p, below)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, want[k]) {
			return fmt.Errorf("%s with %d, %d: got %d rows, want %d (%.80v)", query, p, below, len(got), len(want[k]), got)
		}
	}
	return nil
}

// rowsOf runs query and reads its rows as scan does.
func rowsOf(db *sql.DB, query string, args ...any) ([][]any, error) {
	rows, err := db.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scan(rows)
}
