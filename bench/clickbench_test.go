package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

// TestClickBenchSmall runs the 43 ClickBench queries on 20,000 generated
// rows through a freshly built lakesql and through DuckDB. It fails only if
// a query we answer gives another answer than DuckDB's (or on a DuckDB or
// harness error); a query we refuse is logged and counted: the engine is
// being written and refuses many of them, but it must never answer wrongly.
func TestClickBenchSmall(t *testing.T) {
	ctx := t.Context()
	qs, err := cbQueries()
	if err != nil {
		t.Fatal(err)
	}
	dir, lakesql, d := builtWithDuck(t)
	l, err := cbSetup(ctx, runner{timeout: 2 * time.Minute}, lakesql, filepath.Join(dir, "W"), 20_000, d, t.Logf, false)
	if err != nil {
		t.Fatal(err)
	}
	var results []cbResult
	for _, q := range qs {
		r, err := l.run(ctx, q, 1)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
		switch r.status {
		case cbEqual:
		case cbRefused:
			t.Logf("Q%d refused: %s", q.n, r.reason)
		default:
			var b strings.Builder
			writeRows(&b, "ours", len(r.oursRows), func(i int) string { return showOurs(r.oursRows[i]) })
			writeRows(&b, "DuckDB", len(r.duckRows), func(i int) string { return showDuck(r.duckRows[i]) })
			t.Errorf("Q%d %s: %s\n%s\n%s", q.n, r.status, r.reason, q.ours, b.String())
		}
	}
	t.Logf("ClickBench at 20,000 rows: %s", countResults(results))
}

func TestCBQueries(t *testing.T) {
	qs, err := cbQueries()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.ours != q.text && q.rewrite == "" {
			t.Errorf("Q%d rewritten without a reason", q.n)
		}
	}
	q := qs[42] // DATE_TRUNC … ORDER BY DATE_TRUNC('minute', EventTime) LIMIT 10 OFFSET 1000
	if q.limit != 10 || q.offset != 1000 || len(q.keys) != 1 || q.keys[0] != "DATE_TRUNC('minute', EventTime)" || q.dirs[0] != "" {
		t.Errorf("Q43: limit %d offset %d keys %q dirs %q", q.limit, q.offset, q.keys, q.dirs)
	}
	q = qs[26] // ORDER BY EventTime, SearchPhrase LIMIT 10
	if q.limit != 10 || q.offset != 0 || strings.Join(q.keys, "|") != "EventTime|SearchPhrase" {
		t.Errorf("Q27: limit %d keys %q", q.limit, q.keys)
	}
	q = qs[7] // ORDER BY COUNT(*) DESC, no LIMIT
	if q.limit != -1 || strings.Join(q.keys, "|") != "COUNT(*)" || q.dirs[0] != " DESC" || !q.needsTies() {
		t.Errorf("Q8: limit %d keys %q dirs %q", q.limit, q.keys, q.dirs)
	}
	if qs[0].needsTies() || qs[29].needsTies() {
		t.Error("Q1 and Q30 have no ORDER BY or LIMIT: compared as multisets")
	}
	if !strings.Contains(qs[28].ours, `'\\1'`) || !strings.Contains(qs[28].text, `'\1'`) {
		t.Errorf("Q29: the rewrite did not apply: %s", qs[28].ours)
	}
}

func TestParseJSONRows(t *testing.T) {
	rows, err := parseJSONRows([]byte(`{"a":1,"a":"x","b":null,"c":435090932899640449,"d":{"k":[1]},"e":true}` + "\n" + `{"a":2.5,"a":"","b":"서울","c":-1,"d":[],"e":false}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || len(rows[0]) != 6 || len(rows[1]) != 6 {
		t.Fatalf("got %v", rows)
	}
	if rows[0][0] != json.Number("1") || rows[0][1] != "x" || rows[0][2] != nil || rows[0][3] != json.Number("435090932899640449") || rows[1][2] != "서울" || rows[0][5] != true {
		t.Errorf("got %#v", rows[0])
	}
	if _, err := parseJSONRows([]byte(`[1]`)); err == nil {
		t.Error("an array row: got no error")
	}
	if rows, err := parseJSONRows(nil); err != nil || len(rows) != 0 {
		t.Errorf("no output: %v, %v", rows, err)
	}
}

func TestCellEqual(t *testing.T) {
	huge, _ := new(big.Int).SetString("435090932899640449", 10)
	day := time.Date(2013, 7, 14, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		ours any
		c    cbCell
		want bool
	}{
		{json.Number("435090932899640449"), cbCell{int64(435090932899640449), "BIGINT"}, true},
		{json.Number("435090932899640448"), cbCell{int64(435090932899640449), "BIGINT"}, false},
		{json.Number("4.350909328996405e+17"), cbCell{int64(435090932899640449), "BIGINT"}, false}, // a float detour
		{json.Number("1e3"), cbCell{int64(1000), "BIGINT"}, true},
		{json.Number("435090932899640449"), cbCell{huge, "HUGEINT"}, true},
		{json.Number("-3"), cbCell{int16(-3), "SMALLINT"}, true},
		{"62", cbCell{int32(62), "INTEGER"}, false}, // text is not a number
		{json.Number("1.0000000001"), cbCell{1.0, "DOUBLE"}, true},
		{json.Number("1.00001"), cbCell{1.0, "DOUBLE"}, false},
		{json.Number("217545466449820220"), cbCell{2.1754546644982022e17, "DOUBLE"}, true},
		{json.Number("123.45"), cbCell{duckdb.Decimal{Width: 18, Scale: 2, Value: big.NewInt(12345)}, "DECIMAL(18,2)"}, true},
		{json.Number("123.46"), cbCell{duckdb.Decimal{Width: 18, Scale: 2, Value: big.NewInt(12345)}, "DECIMAL(18,2)"}, false},
		{"x", cbCell{"x", "VARCHAR"}, true},
		{"x ", cbCell{"x", "VARCHAR"}, false},
		{nil, cbCell{nil, "VARCHAR"}, true},
		{"", cbCell{nil, "VARCHAR"}, false},
		{nil, cbCell{"", "VARCHAR"}, false},
		{"2013-07-14", cbCell{day, "DATE"}, true},
		{"2013-07-14 00:00:00", cbCell{day, "DATE"}, false},
		{"2013-07-14 20:38:00", cbCell{day.Add(20*time.Hour + 38*time.Minute), "TIMESTAMP"}, true},
	}
	for _, tc := range tests {
		if got := cellEqual(tc.ours, tc.c); got != tc.want {
			t.Errorf("cellEqual(%#v, %#v) = %v, want %v", tc.ours, tc.c, got, tc.want)
		}
	}
}

// TestCompareTies runs tieSQL in DuckDB on a small table: rows tied at the
// LIMIT may be any of the tied ones, in any order among themselves, but
// not a row from outside the window nor out of place.
func TestCompareTies(t *testing.T) {
	ctx := t.Context()
	d, err := openDuck(ctx, time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	if _, _, err := d.query(ctx, "CREATE TABLE hits AS SELECT * FROM (VALUES ('a', 5), ('b', 3), ('c', 3), ('d', 3), ('e', 1), ('f', 1)) AS t(k, c)"); err != nil {
		t.Fatal(err)
	}
	q, err := cbParse(1, "SELECT k, c AS n FROM hits ORDER BY n DESC LIMIT 2 OFFSET 1;")
	if err != nil {
		t.Fatal(err)
	}
	ties, _, err := cbDuckQuery(ctx, d, q.tieSQL())
	if err != nil {
		t.Fatal(err)
	}
	if len(ties) != 3 { // b, c, d: the group of 3 covers positions 2 and 3
		t.Errorf("tie rows: %d, want 3: %v", len(ties), ties)
	}
	row := func(k string, n int) []any { return []any{k, json.Number(string(rune('0' + n)))} }
	for _, tc := range []struct {
		ours [][]any
		ok   bool
	}{
		{[][]any{row("b", 3), row("c", 3)}, true},
		{[][]any{row("d", 3), row("b", 3)}, true},
		{[][]any{row("d", 3), row("d", 3)}, false}, // one row twice
		{[][]any{row("a", 5), row("b", 3)}, false}, // a is before the window
		{[][]any{row("b", 3)}, false},              // too few
		{[][]any{row("b", 3), row("e", 1)}, false},
	} {
		err := compareTies(tc.ours, ties, 2, q.offset, 2)
		if (err == nil) != tc.ok {
			t.Errorf("%v: got %v, want ok=%v", tc.ours, err, tc.ok)
		}
	}
	// No ORDER BY, a LIMIT: any rows of the whole answer.
	q, _ = cbParse(2, "SELECT k FROM hits LIMIT 2;")
	ties, _, err = cbDuckQuery(ctx, d, q.tieSQL())
	if err != nil || len(ties) != 6 {
		t.Fatalf("got %d rows, %v; want all 6", len(ties), err)
	}
	if err := compareTies([][]any{{"f"}, {"a"}}, ties, 2, 0, 1); err != nil {
		t.Error(err)
	}
	if err := compareTies([][]any{{"f"}, {"z"}}, ties, 2, 0, 1); err == nil {
		t.Error("a row not in the answer: got no error")
	}
	if err := compareMultiset([][]any{{"a"}, {"b"}}, [][]cbCell{{{"b", "VARCHAR"}}, {{"a", "VARCHAR"}}}); err != nil {
		t.Error(err)
	}
	if err := compareMultiset([][]any{{"a"}, {"a"}}, [][]cbCell{{{"b", "VARCHAR"}}, {{"a", "VARCHAR"}}}); err == nil {
		t.Error("multiset: got no error for a, a vs b, a")
	}
}

// TestCBGenerate: the same seed gives the same bytes; the rows hold the
// values the queries look for.
func TestCBGenerate(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, p := range []string{a, b} {
		if _, err := writeClickBenchRaw(p, 3000, cbSeed); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Fatal("the same seed gave different bytes")
	}
	lines := strings.Split(strings.TrimSuffix(string(da), "\n"), "\n")
	if len(lines) != 3000 {
		t.Fatalf("%d lines", len(lines))
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if len(first) != len(cbColumns) {
		t.Errorf("%d fields, want %d", len(first), len(cbColumns))
	}
	twins := []string{
		fmt.Sprintf(`"UserID":%d,`, cbTwin(cbUserID)),
		fmt.Sprintf(`"RefererHash":%d,`, cbTwin(cbRefererHash)),
		fmt.Sprintf(`"URLHash":%d}`, cbTwin(cbURLHash)),
	}
	for _, want := range append(twins, `"CounterID":62,`, `"UserID":435090932899640449,`, `"RefererHash":3594120000172545465,`, `"URLHash":2868770270353813622`, `"TraficSourceID":-1,`, `"EventDate":"2013-07-31"`, `"EventDate":"2013-07-01"`, `"SearchPhrase":""`, "google", "Google", ".google.", "Москв", "서울", `":-`) {
		if !strings.Contains(string(da), want) {
			t.Errorf("no row holds %s", want)
		}
	}
}

// builtWithDuck builds lakesql from the repository into a temporary
// folder (returned, for the test's lakes too) and opens DuckDB, closed
// when the test ends.
func builtWithDuck(t *testing.T) (dir, lakesql string, d *duck) {
	t.Helper()
	repo, err := findRepo()
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	lakesql = filepath.Join(dir, "lakesql")
	if err := buildBinary(t.Context(), repo, "./cmd/lakesql", lakesql); err != nil {
		t.Fatal(err)
	}
	if d, err = openDuck(t.Context(), 2*time.Minute, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.close)
	return dir, lakesql, d
}
