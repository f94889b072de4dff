package main

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRandomQueriesSmall runs a few hundred generated queries through
// lakesql and DuckDB, and TLP checks through lakesql: any wrong answer,
// failed TLP check or crash fails it; refusals are only logged (the engine
// refuses much of the grammar while it is being written).
//
// SQLGEN_MEMORY_LIMIT=64KiB runs lakesql under that memory limit (most
// grouped queries then spill). SQLGEN_SEED=n repeats a run (the seed is printed), SQLGEN_QUERIES=n sets
// its size, SQLGEN_REPO=dir builds lakesql from another checkout of the
// main module.
func TestRandomQueriesSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lakesql and runs hundreds of queries")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("SQLGEN_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("SQLGEN_SEED=%q: %v", s, err)
		}
	}
	queries := 400
	if s := os.Getenv("SQLGEN_QUERIES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("SQLGEN_QUERIES=%q: want a number ≥ 1", s)
		}
		queries = n
	}
	t.Logf("seed %d (SQLGEN_SEED=%d repeats this run), %d queries", seed, seed, queries)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	lakesql, top := sgBuild(ctx, t)
	var log strings.Builder
	opt := sgOptions{queries: queries, tlp: queries / 4, rows: 3000, seed: seed, batch: 200, timeout: 2 * time.Minute,
		memoryLimit: os.Getenv("SQLGEN_MEMORY_LIMIT")}
	st, err := sgRun(ctx, opt, lakesql, top, &log)
	t.Log(strings.TrimSpace(log.String()))
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + st.summary())
	if st.failures() > 0 {
		t.Errorf("seed %d: %d wrong answers, %d failed TLP checks, %d crashes; harness controls: %d TLP in DuckDB, %d DuckDB answers judged wrong (the summary above has each)",
			seed, st.wrong, st.tlpFailed, st.crashed, st.tlpDuckFailed, st.selfFailed)
	}
}

func sgI(n int64) sgCell         { return sgCell{k: 'i', i: big.NewInt(n)} }
func sgF(f float64) sgCell       { return sgCell{k: 'f', f: f} }
func sgS(s string) sgCell        { return sgCell{k: 's', s: s} }
func sgRow(c ...sgCell) []sgCell { return c }

func TestSgCellEq(t *testing.T) {
	huge, _ := new(big.Int).SetString("9007199254740993", 10)
	for _, tc := range []struct {
		a, b sgCell
		want bool
	}{
		{sgI(3), sgF(3), true},
		{sgF(0.1 + 0.2), sgF(0.3), true},
		{sgF(1), sgF(1.001), false},
		{sgCell{k: 'i', i: huge}, sgI(9007199254740992), false}, // integers exactly
		{sgCell{k: 'i', i: huge}, sgF(9007199254740992), true},  // a DOUBLE within its precision
		{sgS("inf"), sgF(posInf()), true},
		{sgS("nan"), sgF(nan()), true},
		{sgS("-nan"), sgF(nan()), true},
		{sgS("inf"), sgS("inf"), true},
		{sgS("1"), sgI(1), false},
		{sgCell{k: 'n'}, sgCell{k: 'n'}, true},
		{sgCell{k: 'n'}, sgS(""), false},
		{sgCell{k: 'b', b: true}, sgI(1), false},
	} {
		if got := sgCellEq(tc.a, tc.b); got != tc.want {
			t.Errorf("sgCellEq(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func posInf() float64 { f, _ := strconv.ParseFloat("inf", 64); return f }
func nan() float64    { f, _ := strconv.ParseFloat("nan", 64); return f }

func TestSgParseOurs(t *testing.T) {
	rows, err := sgParseOurs([]byte(`{"a":1,"a":9007199254740993,"b":null,"c":"x","d":1.5,"e":true,"u":{"id":1}}` + "\n" + `{"a":2,"a":3,"b":"inf","c":"","d":-0.0,"e":false,"u":null}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || len(rows[0]) != 7 {
		t.Fatalf("got %v", rows)
	}
	if rows[0][1].k != 'i' || rows[0][1].i.String() != "9007199254740993" || rows[0][2].k != 'n' || rows[0][6].k != 'j' || rows[1][4].k != 'f' {
		t.Errorf("got %v", rows)
	}
}

func TestSgJudge(t *testing.T) {
	mk := func(order, limit, offset int) *sgQuery {
		q := &sgQuery{limit: limit, offset: offset}
		for range order {
			q.order = append(q.order, sgOrder{})
		}
		return q
	}
	// DuckDB's whole answer with its key: (x, key); ties on key 2.
	full := [][]sgCell{sgRow(sgS("a"), sgI(1)), sgRow(sgS("b"), sgI(2)), sgRow(sgS("c"), sgI(2)), sgRow(sgS("d"), sgI(3))}
	ans := sgDuckAnswer{cols: 1, full: full}
	for _, tc := range []struct {
		q    *sgQuery
		ours [][]sgCell
		ok   bool
	}{
		{mk(1, -1, -1), [][]sgCell{{sgS("a")}, {sgS("c")}, {sgS("b")}, {sgS("d")}}, true},  // a tie in either order
		{mk(1, -1, -1), [][]sgCell{{sgS("b")}, {sgS("a")}, {sgS("c")}, {sgS("d")}}, false}, // out of order
		{mk(1, 2, -1), [][]sgCell{{sgS("a")}, {sgS("c")}}, true},                           // LIMIT cuts a tie: either row
		{mk(1, 2, -1), [][]sgCell{{sgS("a")}, {sgS("d")}}, false},
		{mk(1, 2, 1), [][]sgCell{{sgS("c")}, {sgS("b")}}, true},
		{mk(1, 5, 10), nil, true},
		{mk(1, 1, -1), nil, false},
		{mk(0, 2, -1), [][]sgCell{{sgS("d")}, {sgS("b")}}, true}, // no ORDER BY: any 2 rows
		{mk(0, 2, -1), [][]sgCell{{sgS("d")}, {sgS("d")}}, false},
	} {
		a := ans
		if len(tc.q.order) == 0 {
			a = sgDuckAnswer{cols: 1}
			for _, r := range full {
				a.full = append(a.full, r[:1])
			}
		}
		why := sgJudge(tc.q, tc.ours, a)
		if (why == "") != tc.ok {
			t.Errorf("order %d limit %d offset %d, ours %v: got %q, want ok=%v", len(tc.q.order), tc.q.limit, tc.q.offset, tc.ours, why, tc.ok)
		}
	}
	// Multisets: duplicates count.
	if sgMultisetEq([][]sgCell{{sgI(1)}, {sgI(1)}}, [][]sgCell{{sgI(1)}, {sgF(2)}}) {
		t.Error("multiset: {1,1} = {1,2}")
	}
	if !sgMultisetEq([][]sgCell{{sgF(0.30000000000000004)}, {sgI(1)}}, [][]sgCell{{sgI(1)}, {sgF(0.3)}}) {
		t.Error("multiset: {0.1+0.2, 1} != {1, 0.3}")
	}
	// Near twins within the tolerance (a ~ b ~ c, not a ~ c), each side
	// holding the same three: equal, whatever order the greedy match
	// meets them in (it once took c for b, b for a, and left a for c).
	a, b, c := 1.0, 1+0.9*relTol, 1+1.8*relTol
	if !sgMultisetEq([][]sgCell{{sgF(b)}, {sgF(a)}, {sgF(c)}}, [][]sgCell{{sgF(c)}, {sgF(b)}, {sgF(a)}}) {
		t.Error("the same near twins in another order are not equal")
	}
	if sgMultisetEq([][]sgCell{{sgF(a)}, {sgF(a)}, {sgF(c)}}, [][]sgCell{{sgF(c)}, {sgF(c)}, {sgF(a)}}) {
		t.Error("a, a, c equal to c, c, a")
	}
}

func TestSgBucketOf(t *testing.T) {
	for in, want := range map[string]string{
		"syntax error: function REPLACE not supported: REPLACE(s, 'a', 'b')": "syntax error: function REPLACE not supported",
		"syntax error: unexpected 't'":                                       "syntax error: unexpected «t»",
		"field 'n' is 12 wide":                                               "field '…' is N wide",
	} {
		if got := sgBucketOf(in); got != want {
			t.Errorf("sgBucketOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSgGenerator checks what the queries need to be, whatever the seed:
// one line, the same for one seed, no spelling either parser misreads.
func TestSgGenerator(t *testing.T) {
	wraps := map[string]int{}
	// Some queries go through a derived table (read by * or by its
	// columns' names, or grouped again), a UNION ALL and a scalar subquery (their answers
	// are the query's own rows); some join (every
	// kind), some hold a correlated subquery (every form).
	kinds := []string{"SELECT * FROM (", "SELECT d.", ") AS d GROUP BY d.", " UNION ALL ", ", (SELECT MAX(id) FROM t",
		" JOIN ", " LEFT JOIN ", " LEFT OUTER JOIN ", " RIGHT JOIN ", " INNER JOIN ", " CROSS JOIN ", ") r WHERE ", " USING (",
		" FULL JOIN ", " FULL OUTER JOIN ", "UPPER(l.", " AND l.n < r.n", "ON l.id < r.id",
		"(NOT EXISTS (SELECT 1 FROM t z", "(EXISTS (SELECT 1 FROM t z", "(SELECT COUNT(*) FROM t z", " IN (SELECT z.id", "(SELECT AVG(z.f) FROM t z",
		" <> a.", " < a.", " >= a.", " * 20 >= (SELECT "}
	defer func() {
		for _, w := range kinds {
			if wraps[w] < 5 {
				t.Errorf("%d of 2000 queries hold %q", wraps[w], w)
			}
		}
	}()
	for i := range 2000 {
		q := sgGenQuery(rand.New(rand.NewPCG(7, uint64(i))))
		for _, w := range kinds {
			if strings.Contains(q.sql(false, false), w) {
				wraps[w]++
			}
		}
		again := sgGenQuery(rand.New(rand.NewPCG(7, uint64(i))))
		ours, duck := q.sql(false, false), q.sql(true, false)
		if ours != again.sql(false, false) {
			t.Fatalf("query %d differs between two runs of one seed", i)
		}
		// A backslash is itself in both (the strings hold some).
		for _, bad := range []string{"\n", "||", "::", "--", "//"} {
			if strings.Contains(ours, bad) {
				t.Errorf("query %d holds %q: %s", i, bad, ours)
			}
		}
		if strings.Contains(ours, "VARCHAR") || strings.Contains(ours, "BIGINT") {
			t.Errorf("query %d: our text holds a DuckDB type name: %s", i, ours)
		}
		if strings.Contains(duck, " AS SIGNED") || strings.Contains(duck, " AS CHAR)") || strings.Contains(ours, " AS DECIMAL") {
			t.Errorf("query %d: DuckDB's text holds one of our type names: %s", i, duck)
		}
		c := sgGenTLP(rand.New(rand.NewPCG(7, uint64(i))))
		if len(c.parts) != 3 || !strings.HasPrefix(c.parts[0], strings.SplitN(c.whole, " WHERE ", 2)[0]) {
			t.Errorf("TLP check %d: whole %q, parts %q", i, c.whole, c.parts)
		}
	}
}

func TestSgGenRows(t *testing.T) {
	data := sgGenRows(1, 500)
	if string(data) != string(sgGenRows(1, 500)) {
		t.Fatal("rows differ between two runs of one seed")
	}
	rows, err := sgParseOurs(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 500 {
		t.Fatalf("%d rows, want 500", len(rows))
	}
	for _, want := range []string{`"big":9007199254740993`, `"user":null`, `"mx":"abc"`, `"f":0.0`, `"s":"한국"`, `"b":null`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("no %s in 500 rows", want)
		}
	}
}

// TestTextEq: doubles spelt in texts compare within the tolerance, the rest
// of the texts exactly.
func TestTextEq(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"abc3.855769230769231", "abc3.8557692307692306", true},
		{"200.0", "200.00000000000003", true},
		{"x1.5y2.25", "x1.5y2.2500000000000004", true},
		{"2", "2.0", false},
		{"abc3.85", "abd3.85", false},
		{"1.5", "1.6", false},
		{"a", "b", false},
		{"-nan", "nan", false}, // as texts, the sign of a NaN is spelt
	} {
		if got := sgCellEq(sgS(c.a), sgS(c.b)); got != c.want {
			t.Errorf("%q = %q: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestSgOrderCmpNaN: NaN sorts above every number (as DuckDB orders it),
// so that MAX combined from TLP's parts is the whole's MAX.
func TestSgOrderCmpNaN(t *testing.T) {
	nan, inf := sgS("nan"), sgS("inf")
	for _, tc := range []struct {
		a, b sgCell
		want int
	}{{nan, inf, 1}, {inf, nan, -1}, {nan, sgS("-nan"), 0}, {sgF(1), nan, -1}, {nan, sgI(5), 1}, {sgF(1), inf, -1}} {
		sign := func(x int) int { return min(max(x, -1), 1) }
		if got := sgOrderCmp(tc.a, tc.b); sign(got) != tc.want {
			t.Errorf("sgOrderCmp(%s, %s) = %d, want the sign of %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestHandWrittenQueries runs the queries of testdata/duckdb_queries.sql,
// written by hand as people type them into DuckDB (functions, CASE,
// dates, subqueries, joins, UNION, ||, //, double-quoted names, NULLS
// FIRST), through lakesql and DuckDB over the random-query lake, and
// wants every answer equal: none refused, by either side.
func TestHandWrittenQueries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lakesql and runs DuckDB")
	}
	// The hand-written queries, and the corpora of random expressions of
	// one kind (duckdb_intervals.sql, duckdb_lists.sql).
	files, err := filepath.Glob(filepath.Join("testdata", "duckdb_*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/duckdb_*.sql: %v", err)
	}
	var qs []string
	for _, f := range files {
		more, err := sgReadQueries(f)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, more...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	lakesql, top := sgBuild(ctx, t)
	var out strings.Builder
	opt := sgOptions{rows: 3000, seed: 11, batch: 200, timeout: 2 * time.Minute}
	n, err := sgCompareFile(ctx, opt, lakesql, top, qs, &out)
	if err != nil {
		t.Fatal(err)
	}
	if n.equal != len(qs) {
		t.Errorf("%d of %d equal:\n%s", n.equal, len(qs), out.String())
	}
}

// sgBuild builds lakesql from the repository (SQLGEN_REPO, or the one
// around the test) into a temporary folder, which it returns too.
func sgBuild(ctx context.Context, t *testing.T) (lakesql, top string) {
	t.Helper()
	repo := os.Getenv("SQLGEN_REPO")
	if repo == "" {
		var err error
		if repo, err = findRepo(); err != nil {
			t.Fatal(err)
		}
	}
	top = t.TempDir()
	lakesql = filepath.Join(top, "lakesql")
	if err := buildBinary(ctx, repo, "./cmd/lakesql", lakesql); err != nil {
		t.Fatal(err)
	}
	return lakesql, top
}

// TestSgFloatSumsOfSmallInts: no SUM or AVG of a DOUBLE holds an integer
// beyond 2^53 (big, or a literal that large), whose DOUBLEs cancel in the
// sum and leave the order of additions to decide the answer (seed 3565:
// AVG(COALESCE(big, t.big) / 100.25) over 2^53, -908 and -(2^53+4)).
func TestSgFloatSumsOfSmallInts(t *testing.T) {
	var check func(i int, e *sgExpr, inSum bool) int
	check = func(i int, e *sgExpr, inSum bool) int {
		if e == nil {
			return 0
		}
		if e.t == sgBool || e.t == sgStr {
			inSum = false // a comparison's operands are not summed
		}
		if inSum && e.huge {
			t.Errorf("query %d: a float sum holds %s", i, e.sql(false))
			return 1
		}
		sums := 0
		if e.kind == sgkAgg && (e.text == "AVG" || e.text == "SUM" && e.t == sgFloat) {
			inSum = true
			sums++
		}
		for _, a := range e.args {
			sums += check(i, a, inSum)
		}
		return sums
	}
	sums := 0
	for i := range 2000 {
		q := sgGenQuery(rand.New(rand.NewPCG(7, uint64(i))))
		for _, it := range q.items {
			sums += check(i, it.e, false)
		}
		sums += check(i, q.where, false) + check(i, q.having, false)
	}
	if sums < 100 {
		t.Errorf("%d float sums in 2000 queries", sums)
	}
}

// TestSgNoEmptyFrame: a COUNT(*)'s frame that is empty for every row is
// turned around (DuckDB counts it negative), another is kept.
func TestSgNoEmptyFrame(t *testing.T) {
	for in, want := range map[string]string{
		"ROWS BETWEEN 0 PRECEDING AND 3 PRECEDING": "ROWS BETWEEN 3 PRECEDING AND 0 PRECEDING",
		"ROWS BETWEEN 3 FOLLOWING AND 1 FOLLOWING": "ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING",
		"ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING": "ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING",
		"ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING": "ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING",
		"ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING": "ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING",
	} {
		if got := sgNoEmptyFrame(in); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}
