package sql

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

func TestDerivedTables(t *testing.T) {
	s, rows := subLakes(t)
	perG := map[int]int{} // rows per non-NULL g
	for _, r := range rows {
		if !r.gNull {
			perG[r.g]++
		}
	}
	most, sum := 0, 0
	for _, n := range perG {
		most, sum = max(most, n), sum+n
	}
	over := 0
	for _, n := range perG {
		if n > 12 {
			over++
		}
	}
	tmp := t.TempDir()
	s.Memory = Memory{TempDir: tmp}
	for q, want := range map[string]string{
		"SELECT COUNT(*), MAX(n), SUM(n) FROM (SELECT g, COUNT(*) AS n FROM t WHERE g IS NOT NULL GROUP BY g) AS c":        fmt.Sprintf("%d|%d|%d", len(perG), most, sum),
		"SELECT COUNT(*) FROM (SELECT g, COUNT(*) AS n FROM t GROUP BY g) c WHERE c.n > 12 AND g IS NOT NULL":              fmt.Sprint(over),
		"SELECT COUNT(*) FROM (SELECT * FROM (SELECT g, x FROM t WHERE x > 50) a WHERE g < 3) b":                           count(rows, func(r subRow) bool { return !r.xNull && r.x > 50 && !r.gNull && r.g < 3 }),
		"SELECT k, id FROM (SELECT kind AS k, id FROM u WHERE id < 3) v ORDER BY id NULLS FIRST":                           "k0|0\nk1|2",
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT g FROM (SELECT g, COUNT(*) AS n FROM t GROUP BY g) c WHERE n > 12)":     count(rows, func(r subRow) bool { return !r.gNull && perG[r.g] > 12 }),
		"SELECT MAX(v) FROM (SELECT x * 0.5 AS v, x IS NULL AS nul, 'a\"b' AS q FROM t) d WHERE q = 'a\"b' AND NOT nul":    "50.0",
		"SELECT n FROM (SELECT COUNT(*) AS n FROM u) a UNION ALL SELECT n FROM (SELECT COUNT(*) AS n FROM t) b ORDER BY 1": "13\n300",
		"SELECT COUNT(*) FROM (SELECT g FROM t WHERE x > 1000) e":                                                          "0",
		// Dates and timestamps come back as themselves (read through a
		// CAST), in every clause; NULLs beside them.
		"SELECT d, d + 1, COUNT(*) FROM (SELECT CAST(day AS DATE) AS d FROM t) x WHERE d > DATE '2026-01-02' GROUP BY d ORDER BY d DESC": "2026-01-04|2026-01-05|75\n2026-01-03|2026-01-04|75",
		"SELECT MAX(x.ts), COUNT(ts) FROM (SELECT CASE WHEN g = 1 THEN CAST(day AS TIMESTAMP) + INTERVAL 90 MINUTE END AS ts FROM t) x":  "2026-01-04 01:30:00|" + count(rows, func(r subRow) bool { return !r.gNull && r.g == 1 }),
		"WITH m AS (SELECT DATE_TRUNC('month', CAST(day AS DATE)) AS mo, x FROM t) SELECT mo, YEAR(mo), COUNT(*) FROM m GROUP BY mo":     "2026-01-01 00:00:00|2026|300",
		// Intervals too, by their parts: 36 hours is not 1 day 12 hours.
		"SELECT i, DATE_PART('hour', i), COUNT(*) FROM (SELECT INTERVAL 36 HOUR AS i FROM t) x GROUP BY i": "36:00:00|36|300",
	} {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if got := strings.Join(rowsText(res), "\n"); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%s: left %v in the temporary folder", q, ents)
		}
	}
	for q, want := range map[string]string{
		"SELECT d FROM (SELECT CASE WHEN g = 1 THEN CAST(day AS DATE) ELSE day END AS d FROM t) x":    "derived table x, column d: a ",
		"SELECT d FROM (SELECT CASE WHEN g = 1 THEN day ELSE CAST(day AS DATE) END AS d FROM t) x":    "derived table x, column d: a ",
		"SELECT a FROM (SELECT g AS a, x AS a FROM t) x":                                              "two columns named a",
		"SELECT COUNT(*) FROM t o WHERE x > (SELECT MAX(x) FROM (SELECT x FROM t WHERE t.g = o.g) i)": "a derived table cannot read o.g of the outer query",
	} {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%s: left %v in the temporary folder", q, ents)
		}
	}
	if text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM (SELECT g FROM t WHERE day = '2026-01-02') d")); !strings.Contains(text, "Derived table d: the 75 rows of") {
		t.Errorf("EXPLAIN of a derived table:\n%s", text)
	}
}

// TestDerivedTableSpills: a derived table of many rows under the smallest
// limit, grouped again outside, answers as in memory.
func TestDerivedTableSpills(t *testing.T) {
	s := spillLake(t, 6000, 61)
	q := "SELECT COUNT(*), SUM(c), COUNT(DISTINCT g), MAX(s) FROM (SELECT g, x, s, COUNT(*) AS c FROM t GROUP BY g, x, s) d"
	want, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	rows := query(t, s, "SELECT COUNT(*) FROM t").Rows[0][0]
	if want.Rows[0][1].String() != rows.String() {
		t.Fatalf("SUM(c) %v, want the lake's %v rows", want.Rows[0][1], rows)
	}
	tmp := t.TempDir()
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
	got, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffRows(want.Rows, got.Rows, true); d != "" {
		t.Errorf("spilled: %s", d)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("left %v in the temporary folder", ents)
	}
}

// TestDerivedHugeints: a derived table's HUGEINTs (integer sums past 64
// bits) read back exactly, beside its other numbers, in a CTE joined to
// itself too; beside texts, where their digits would read back as text,
// they are refused.
func TestDerivedHugeints(t *testing.T) {
	s := fixedLake(t, []string{"p"},
		`{"p":"a","x":9223372036854775000}`, `{"p":"a","x":9223372036854775001}`,
		`{"p":"b","x":3}`, `{"p":"c","x":2.5}`, `{"p":"d","x":-9223372036854775000}`, `{"p":"d","x":-9223372036854775000}`)
	wantAnswers(t, s, map[string]string{
		"SELECT s, s + 1, s - 9223372036854775000 - 9223372036854775000 FROM (SELECT SUM(x) AS s FROM t WHERE p = 'a') d":     "18446744073709550001|18446744073709550002|1",
		"SELECT p, s + 1 FROM (SELECT p, SUM(x) AS s FROM t GROUP BY p) d ORDER BY p":                                         "a|18446744073709550002\nb|4\nc|3.5\nd|-18446744073709549999",
		"WITH w AS (SELECT p, SUM(x) AS s FROM t GROUP BY p) SELECT a.p, a.s + b.s FROM w a JOIN w b ON a.p = b.p ORDER BY 1": "a|36893488147419100002\nb|6\nc|5.0\nd|-36893488147419100000",
		"SELECT SUM(s) FROM (SELECT p, SUM(x) AS s FROM t WHERE p IN ('a', 'b') GROUP BY p) d":                                "18446744073709550004",
	})
	wantErrors(t, s, map[string]string{
		"SELECT q FROM (SELECT CASE WHEN p = 'a' THEN SUM(x) ELSE 'text' END AS q FROM t GROUP BY p) d": "HUGEINT",
	})
	// * shows them as numbers, as naming them does, and a DATE as a DATE.
	for _, q := range []string{
		"SELECT * FROM (SELECT p, SUM(x) AS s, CAST('2026-01-02' AS DATE) AS day FROM t WHERE p = 'a' GROUP BY p) d",
		"SELECT d.*, 1 FROM (SELECT p, SUM(x) AS s, CAST('2026-01-02' AS DATE) AS day FROM t WHERE p = 'a' GROUP BY p) d",
	} {
		res := query(t, s, q)
		if len(res.Rows) != 1 || len(res.Rows[0]) < 3 || res.Rows[0][1].K != types.Huge || res.Rows[0][2].K != types.Date ||
			res.Columns[1].Name != "s" || res.Rows[0][1].Big().String() != "18446744073709550001" {
			t.Errorf("%s: %v %v", q, res.Columns, res.Rows)
		}
	}
}

// TestDerivedUnordered: a derived table whose reader groups its rows with
// aggregates that take them in any order is made with its groups as they
// come, not sorted (TPC-H Q13's c_orders); not when the reader shows its
// rows, takes the first of them or joins them in order (GROUP_CONCAT),
// nor for a CTE that another table of the statement reads as well. The
// answers are those of the rows counted here, in memory and spilled.
func TestDerivedUnordered(t *testing.T) {
	s := spillLake(t, 3000, 41)
	plainAnswer := func(q string) string { return strings.Join(rowsText(query(t, s, q)), "\n") }
	cases := []struct {
		q         string
		unordered bool
	}{
		{"SELECT c, COUNT(*) AS n FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d GROUP BY c ORDER BY n DESC, c", true},
		{"SELECT SUM(c), MAX(g) FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d", true},
		{"SELECT * FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d", false},
		{"SELECT GROUP_CONCAT(g) FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d", false},
		{"SELECT ANY_VALUE(g) FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d", false},
		{"WITH d AS (SELECT g, COUNT(*) AS c FROM t GROUP BY g) SELECT MAX(c), (SELECT COUNT(*) FROM d) FROM d", false},
	}
	for _, c := range cases {
		s.Memory = Memory{}
		before := derivedUnordered.Load()
		got := plainAnswer(c.q)
		if n := derivedUnordered.Load() - before; (n > 0) != c.unordered {
			t.Errorf("%s: %d derived tables made unordered, want them to be %v", c.q, n, c.unordered)
		}
		spillsAsInMemory(t, s, c.q, true)
		if got == "" {
			t.Errorf("%s: no rows", c.q)
		}
	}
	// The groups of groups, against the rows counted through a plain
	// GROUP BY of the lake (whose groups are sorted).
	perG := map[string]int{}
	for _, r := range rowsText(query(t, s, "SELECT g, COUNT(*) FROM t GROUP BY g")) {
		cells := strings.Split(r, "|")
		perG[cells[1]]++
	}
	var want []string
	for c, n := range perG {
		want = append(want, fmt.Sprintf("%s|%d", c, n))
	}
	slices.Sort(want)
	got := rowsText(query(t, s, "SELECT c, COUNT(*) FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d GROUP BY c"))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("groups of groups: %v, want %v", got, want)
	}
	// A GROUP_CONCAT over the derived table joins its groups in their
	// sorted order.
	ordered := rowsText(query(t, s, "SELECT g FROM t GROUP BY g"))
	concat := rowsText(query(t, s, "SELECT GROUP_CONCAT(CAST(g AS VARCHAR), '|') FROM (SELECT g FROM t WHERE g IS NOT NULL GROUP BY g) d"))
	var nonNull []string
	for _, g := range ordered {
		if g != "NULL" {
			nonNull = append(nonNull, g)
		}
	}
	if len(concat) != 1 || concat[0] != strings.Join(nonNull, "|") {
		t.Errorf("GROUP_CONCAT over sorted groups: %q, want %q", concat, strings.Join(nonNull, "|"))
	}
}

// TestDerivedJoinMerged: a derived table that projects a join is merged
// into the query that reads it (EXPLAIN shows no derived table of it),
// and every query gives the rows of the same query whose derived table is
// kept (an inner LIMIT past its rows stops the merge): its columns in
// WHERE, GROUP BY, HAVING, ORDER BY and aggregates, qualified or not,
// NULLs, a left join's missing rows, items named after the table's
// columns or the columns they read.
func TestDerivedJoinMerged(t *testing.T) {
	c, write := rowLakes(t)
	write("a", 300, func(i int) string {
		s := fmt.Sprintf(`"s%d"`, i%7)
		if i%11 == 0 {
			s = "null"
		}
		return fmt.Sprintf(`{"id":%d,"g":%d,"s":%s,"part":%d}`, i, i%5, s, i%3)
	})
	write("b", 900, func(i int) string {
		v := fmt.Sprint(i % 13)
		if i%17 == 0 {
			v = "null"
		}
		return fmt.Sprintf(`{"aid":%d,"v":%s,"part":%d}`, (i*7)%350, v, i%2)
	})
	s := NewSession(c)
	from := "(SELECT a.g AS grp, a.s, b.v AS val, a.id * 2 AS id2 FROM a JOIN b ON a.id = b.aid%s) AS d"
	left := "(SELECT a.g AS grp, b.v, a.id FROM a LEFT JOIN b ON a.id = b.aid AND b.v > 3%s) AS d"
	for _, q := range []string{
		"SELECT grp, COUNT(*), SUM(val), MIN(s) FROM " + from + " GROUP BY grp ORDER BY grp",
		"SELECT d.grp AS g, SUM(d.val) AS total FROM " + from + " WHERE d.s IS NOT NULL AND val > 2 GROUP BY d.grp HAVING SUM(d.val) > 10 ORDER BY total DESC, g",
		"SELECT DISTINCT s FROM " + from + " ORDER BY s NULLS FIRST",
		"SELECT val AS grp, grp AS val FROM " + from + " ORDER BY grp, val, 1 LIMIT 7",
		"SELECT s AS val, COUNT(*) FROM " + from + " GROUP BY s ORDER BY val NULLS LAST",
		"SELECT COUNT(*), COUNT(v), SUM(CASE WHEN v IS NULL THEN 1 ELSE 0 END) FROM " + left,
		"SELECT grp, COUNT(*) FROM " + left + " WHERE v IS NULL GROUP BY grp ORDER BY grp",
		"SELECT id2 / 2 AS id, val FROM " + from + " WHERE id2 < 40 ORDER BY id, val NULLS FIRST",
	} {
		merged := fmt.Sprintf(q, "")
		kept := fmt.Sprintf(q, " LIMIT 1000000")
		if strings.Contains(table(query(t, s, "EXPLAIN "+kept)), "Derived table d") == false {
			t.Fatalf("%s: the derived table is merged", kept)
		}
		got, want := rowsText(query(t, s, merged)), rowsText(query(t, s, kept))
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s:\n%q\nwant\n%q", merged, got, want)
		}
	}
	plan := table(query(t, s, "EXPLAIN SELECT grp, SUM(val) FROM "+fmt.Sprintf(from, "")+" GROUP BY grp"))
	if strings.Contains(plan, "Derived table d") {
		t.Errorf("not merged:\n%s", plan)
	}
}

// TestDerivedStreamed: a derived table whose reader groups its rows goes
// straight into the reader's scan, no file between them; every answer is
// that of the same table made first (as a CTE, whose rows other tables
// could read too), in memory and spilled: an aggregate's groups, a
// projection's rows, DISTINCT, HAVING, a table inside another, a join
// inside, with NULLs, HUGEINT sums, DOUBLEs and DATEs. A DOUBLE that has
// no JSON form, which a file refuses, goes through. EXPLAIN makes the
// table and says a run streams it.
func TestDerivedStreamed(t *testing.T) {
	s := spillLake(t, 6000, 43)
	cases := []struct{ inner, outer string }{
		{"SELECT g, COUNT(*) AS c, SUM(x) AS sx FROM t GROUP BY g", "SELECT c, COUNT(*), SUM(sx), MIN(g), COUNT(g) FROM d GROUP BY c"},
		{"SELECT s, AVG(f) AS af, MAX(t) AS mt FROM t GROUP BY s", "SELECT COUNT(*), SUM(af), MAX(mt), COUNT(s), MIN(s) FROM d"},
		{"SELECT CAST(day AS DATE) AS dd, g % 5 AS m, COUNT(*) AS c FROM t GROUP BY 1, 2", "SELECT dd, dd + 1, SUM(c), COUNT(m) FROM d WHERE dd > DATE '2026-01-01' GROUP BY dd ORDER BY dd"},
		{"SELECT g, x FROM t WHERE x > 500", "SELECT COUNT(*), SUM(x), COUNT(DISTINCT g) FROM d"},
		{"SELECT DISTINCT s FROM t", "SELECT COUNT(*), MIN(s), MAX(s), COUNT(s) FROM d"},
		{"SELECT g, COUNT(DISTINCT s) AS ds FROM t GROUP BY g HAVING COUNT(*) > 1", "SELECT ds, COUNT(*) FROM d GROUP BY ds ORDER BY 2 DESC, 1 LIMIT 5"},
		{"SELECT c, COUNT(*) AS n FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) e GROUP BY c", "SELECT SUM(c * n), COUNT(*), MAX(n) FROM d"},
		{"SELECT a.s, COUNT(*) AS c FROM t a JOIN t b ON a.g = b.g WHERE a.g < 100 GROUP BY a.s", "SELECT MAX(c), SUM(c), COUNT(*), COUNT(s) FROM d"},
		{"SELECT g, SUM(x) AS sx FROM t GROUP BY g", "SELECT sx > 0 AS pos, COUNT(*), SUM(sx) FROM d WHERE g IS NOT NULL GROUP BY 1 HAVING COUNT(*) > 0"},
	}
	for _, c := range cases {
		q := strings.ReplaceAll(c.outer, "FROM d", "FROM ("+c.inner+") d")
		cte := "WITH d AS (" + c.inner + ") " + c.outer
		ordered := strings.Contains(c.outer, "ORDER BY")
		before := derivedStreamed.Load()
		got := spillsAsInMemory(t, s, q, ordered)
		if derivedStreamed.Load() == before {
			t.Errorf("%s: the derived table was not streamed", q)
		}
		before = derivedStreamed.Load()
		s.Memory = Memory{}
		want := query(t, s, cte)
		if derivedStreamed.Load() != before && !strings.Contains(c.inner, ") e") {
			t.Errorf("%s: the CTE was streamed", cte)
		}
		if d := diffRows(want.Rows, got.Rows, ordered); d != "" {
			t.Errorf("%s: %s (against the CTE's answer)", q, d)
		}
	}
	// No JSON form: the file refuses it, the stream takes it.
	inf := "SELECT COUNT(*), MAX(v), MIN(v) FROM (SELECT g, SUM(f) * 1e308 * 1e308 AS v FROM t GROUP BY g) d"
	if res := query(t, s, inf); len(res.Rows) != 1 || !strings.Contains(rowsText(res)[0], "inf") {
		t.Errorf("%s: %q, want infinities", inf, rowsText(res))
	}
	// The file holds a NaN or an infinity as text, read back through a
	// CAST to DOUBLE, the column's numbers with it.
	fromFile := "WITH d AS (SELECT g, SUM(f) * 1e308 * 1e308 AS v FROM t GROUP BY g) SELECT COUNT(*), MAX(v), MIN(v) FROM d"
	if got, want := rowsText(query(t, s, fromFile)), rowsText(query(t, s, inf)); !slices.Equal(got, want) {
		t.Errorf("infinities in a CTE's file: %q, want %q as streamed", got, want)
	}
	inner := "SELECT g, CASE WHEN g % 3 = 0 THEN 0.0 / 0 WHEN g % 3 = 1 THEN -(0.0 / 0) ELSE g * 1.5 END AS v FROM t WHERE g < 60"
	nan := "WITH d AS (" + inner + ") SELECT g, v FROM d ORDER BY g"
	got, want := rowsText(query(t, s, nan)), rowsText(query(t, s, inner+" ORDER BY g"))
	has := func(suffix string) bool {
		return slices.ContainsFunc(got, func(r string) bool { return strings.HasSuffix(r, suffix) })
	}
	if !slices.Equal(got, want) || !has("|nan") || !has("|-nan") {
		t.Errorf("%s: %d rows (with nan %v, -nan %v), not the %d streamed", nan, len(got), has("|nan"), has("|-nan"), len(want))
	}
	if _, err := s.Exec(context.Background(), "WITH d AS (SELECT CASE WHEN g = 7 THEN 0.0 / 0 ELSE s END AS v FROM t) SELECT MAX(v) FROM d"); err == nil || !strings.Contains(err.Error(), "column v: a ") {
		t.Errorf("a NaN among texts in a CTE's file: %v, want it refused", err)
	}
	text := table(query(t, s, "EXPLAIN SELECT c, COUNT(*) FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d GROUP BY c"))
	if !strings.Contains(text, "rows of (SELECT g, COUNT(*) AS c FROM t GROUP BY g), streamed into the query as they are made") {
		t.Errorf("EXPLAIN of a streamed derived table:\n%s", text)
	}
}

// A derived table's * reads the table's columns: a query over it that
// groups or aggregates (its rows streamed to the reader) sees them, as
// does a join of it, its partition key included; one without an alias is
// DuckDB's unnamed_subquery.
func TestDerivedStar(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sumX, perDay := 0, map[string]int{}
	for _, r := range rows {
		if !r.xNull {
			sumX += r.x
		}
		perDay[r.day]++
	}
	var days []string
	for d, n := range perDay {
		days = append(days, fmt.Sprintf("%s|%d", d, n))
	}
	slices.Sort(days)
	hasX := count(rows, func(r subRow) bool { return !r.xNull })
	bigG := count(rows, func(r subRow) bool { return !r.gNull && r.g > 20 })
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(x), SUM(x) FROM (SELECT * FROM t) d":                                                           hasX + "|" + fmt.Sprint(sumX),
		"SELECT day, COUNT(*) FROM (SELECT * FROM t) d GROUP BY day ORDER BY day":                                    strings.Join(days, "\n"),
		"SELECT COUNT(g) FROM (SELECT * FROM (SELECT * FROM t WHERE g > 20)) WHERE g IS NOT NULL":                    bigG,
		"SELECT COUNT(*) FROM (SELECT DISTINCT day FROM t)":                                                          fmt.Sprint(len(perDay)),
		"SELECT unnamed_subquery.n FROM (SELECT COUNT(*) AS n FROM u)":                                               "13",
		"SELECT COUNT(*) FROM (SELECT * FROM t WHERE g > 20) a JOIN (SELECT * FROM u) b ON a.g * 0 = b.id":           fmt.Sprint(mustInt(t, bigG)),
		"SELECT COUNT(a.x), MAX(b.kind) FROM (SELECT * FROM t) a JOIN (SELECT *, id + 1 AS j FROM u) b ON a.g = b.j": joinedX(rows),
		"SELECT * FROM (SELECT COUNT(*) AS n FROM t), (SELECT COUNT(*) AS m FROM u)":                                 "300|13",
		"SELECT n FROM (SELECT COUNT(*) AS n FROM t) JOIN (SELECT COUNT(*) AS m FROM u) ON n > m":                    "300",
	})
}

// A derived table of * that a grouping query reads streams into it, its
// * spelt as the lake's columns: no file of the lake's rows is written.
func TestDerivedStarStreams(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	text := table(query(t, s, "EXPLAIN SELECT g, COUNT(x) FROM (SELECT * FROM t WHERE x > 3) d GROUP BY g"))
	if !strings.Contains(text, "streamed into the query as they are made") {
		t.Errorf("the derived table of * is not streamed:\n%s", text)
	}
}

func mustInt(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// joinedX is COUNT(a.x) and MAX(b.kind) of t's rows joined to u's on g =
// id + 1 (u's ids are 0, 2, … 22, kinds k0 and k1 by turns).
func joinedX(rows []subRow) string {
	n, kind := 0, ""
	for _, r := range rows {
		if r.gNull || r.g%2 == 0 || r.g > 23 {
			continue
		}
		if !r.xNull {
			n++
		}
		kind = max(kind, fmt.Sprintf("k%d", (r.g-1)/2%2))
	}
	return fmt.Sprintf("%d|%s", n, kind)
}

// A GROUP BY name that is both a select item's alias and a column of the
// input is the column, as in DuckDB: SELECT x AS g … GROUP BY g, x groups
// by the pairs of g and x, over a lake and over a derived table; an
// alias that is no column stays the item.
func TestGroupByAliasIsColumn(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	pairs, xs, gs := map[string]bool{}, map[string]bool{}, map[string]bool{}
	val := func(v int, null bool) string {
		if null {
			return "NULL"
		}
		return fmt.Sprint(v)
	}
	for _, r := range rows {
		pairs[val(r.g, r.gNull)+"|"+val(r.x, r.xNull)] = true
		xs[val(r.x, r.xNull)] = true
		gs[val(r.g, r.gNull)] = true
	}
	for q, want := range map[string]int{
		"SELECT x AS g, COUNT(*) FROM t GROUP BY g, x":                      len(pairs),
		"SELECT x AS g, COUNT(*) FROM (SELECT g, x FROM t) d GROUP BY g, x": len(pairs),
		"SELECT x AS k, COUNT(*) FROM t GROUP BY k":                         len(xs),
		// Through the window pass and the grouping sets' rewrite too.
		"SELECT x AS g, COUNT(*), RANK() OVER (ORDER BY COUNT(*)) FROM t GROUP BY g, x": len(pairs),
		"SELECT x AS g, COUNT(*) FROM t GROUP BY ROLLUP (g, x)":                         len(pairs) + len(gs) + 1,
		"SELECT LOWER(day) AS day, COUNT(*) FROM t GROUP BY day":                        4,
	} {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if len(res.Rows) != want {
			t.Errorf("%s: %d groups, want %d", q, len(res.Rows), want)
		}
	}
	if _, err := s.Exec(context.Background(), "SELECT x AS g, COUNT(*) FROM t GROUP BY g"); err == nil || !strings.Contains(err.Error(), "must appear in GROUP BY") {
		t.Errorf("GROUP BY g with x AS g: %v, want x refused as not grouped (g is the column)", err)
	}
}

// A derived table of a join with window functions is not merged into the
// query that reads it: its windows are computed over its own rows, and
// its QUALIFY kept (it was dropped: a wrong count), so each query equals
// one that asks the same without the derived table.
func TestDerivedJoinWindowsStay(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	const join = "FROM t JOIN u ON t.g = u.id"
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT COUNT(*) FROM (SELECT DENSE_RANK() OVER (ORDER BY u.kind) AS r " + join + " QUALIFY r < 0) d", "SELECT 0"},
		{"SELECT COUNT(*) FROM (SELECT DENSE_RANK() OVER (ORDER BY u.kind) AS r " + join + " QUALIFY r = 1) d",
			"SELECT COUNT(*) " + join + " WHERE u.kind = (SELECT MIN(u.kind) " + join + ")"},
		{"SELECT COUNT(*) FROM (SELECT t.day, ROW_NUMBER() OVER (PARTITION BY t.day ORDER BY t.x, t.g) AS rn " + join + ") d WHERE rn = 1",
			"SELECT COUNT(DISTINCT t.day) " + join},
		{"SELECT r, COUNT(*) FROM (SELECT DENSE_RANK() OVER (ORDER BY u.kind) AS r " + join + ") d GROUP BY r ORDER BY r",
			"SELECT DENSE_RANK() OVER (ORDER BY u.kind), COUNT(*) " + join + " GROUP BY u.kind ORDER BY u.kind"},
	})
}

// A derived table's column of RANDOM() is one value a row, however often
// the query reads it (merging the table into a join's query had called
// RANDOM() at each use).
func TestDerivedVolatileOnce(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM (SELECT RANDOM() AS r FROM t JOIN u ON t.g = u.id) d WHERE r < 0.5 AND r >= 0.5":                                   "0",
		"SELECT SUM(CASE WHEN a = b THEN 0 ELSE 1 END) FROM (SELECT r AS a, r AS b FROM (SELECT RANDOM() AS r FROM t JOIN u ON t.g = u.id) d) e": "0",
		"SELECT COUNT(*) FROM (SELECT RANDOM() AS r, t.g FROM t JOIN u ON t.g = u.id) d JOIN u ON d.g = u.id WHERE d.r < 0.5 AND d.r >= 0.5":     "0",
	})
}

// DuckDB's * REPLACE (e AS a): the column a with e's value in its place,
// under its name, beside EXCLUDE, over a lake, a derived table and a join.
func TestStarReplace(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT * EXCLUDE (day) REPLACE (x * 2 AS x) FROM t ORDER BY g, x", "SELECT g, x * 2 AS x FROM t ORDER BY g, x"},
		{"SELECT * REPLACE (COALESCE(g, -1) AS g) FROM (SELECT g, x FROM t) d ORDER BY g, x", "SELECT COALESCE(g, -1) AS g, x FROM t ORDER BY g, x"},
		{"SELECT * REPLACE (UPPER(u.kind) AS kind) FROM t JOIN u ON t.g = u.id ORDER BY g, x, day", "SELECT t.g, t.x, t.day, u.id, UPPER(u.kind) AS kind FROM t JOIN u ON t.g = u.id ORDER BY g, x, day"},
	})
	// The replaced column keeps its name and its place.
	res, err := s.Exec(context.Background(), "SELECT * EXCLUDE (day) REPLACE (x * 2 AS x) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Columns) != 2 || res.Columns[0].Name != "g" || res.Columns[1].Name != "x" {
		t.Errorf("* EXCLUDE (day) REPLACE (x * 2 AS x): columns %v, want g, x", res.Columns)
	}
	if _, err := s.Exec(context.Background(), "SELECT * REPLACE (1 AS nothere) FROM t"); err == nil {
		t.Error("REPLACE of a column the table lacks: no error")
	}
}

// A derived table's columns are all it has: a name none of them is (nor
// an alias of the query, nor an outer query's column) is an error, as in
// DuckDB, where a lake's missing field reads NULL. Names it has, the
// select list's aliases, struct members and a correlated subquery's
// outer columns stay answered.
func TestDerivedUnknownColumn(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	wantErrors(t, s, map[string]string{
		"SELECT day FROM (SELECT g, x FROM t) d":                                 "day is no column of d (its columns: g, x)",
		"SELECT d.day FROM (SELECT g, x FROM t) d":                               "d.day is no column of d",
		"SELECT g FROM (SELECT g, x FROM t) d WHERE day IS NULL":                 "day is no column of d",
		"SELECT g, COUNT(*) FROM (SELECT g FROM t) d GROUP BY g, x":              "x is no column of d",
		"WITH c AS (SELECT g AS k FROM t) SELECT g FROM c":                       "g is no column of c (its columns: k)",
		"SELECT g FROM (SELECT g FROM t UNION ALL SELECT x FROM t) d ORDER BY x": "x is no column of d",
	})
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT g AS k, COUNT(*) AS n FROM (SELECT g, x FROM t) d GROUP BY k ORDER BY k", "SELECT g AS k, COUNT(*) AS n FROM t GROUP BY g ORDER BY k"},
		{"SELECT d.x + 1 AS y FROM (SELECT x FROM t) d ORDER BY y", "SELECT x + 1 AS y FROM t ORDER BY y"},
		{"SELECT g FROM t WHERE x IN (SELECT x FROM (SELECT x FROM t WHERE g IS NOT NULL) d WHERE x > 0) ORDER BY g", "SELECT g FROM t WHERE x > 0 AND x IN (SELECT x FROM t WHERE g IS NOT NULL) ORDER BY g"},
	})
}

// GROUP BY a name that aliases a struct's member (user.tier AS tier)
// groups by the member, as DuckDB does: the member is no field of the
// name, which would win over the alias.
func TestGroupByMemberAlias(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","user":{"tier":"gold"}}`, `{"g":"b","user":{"tier":"gold"}}`, `{"g":"a","user":{"tier":"iron"}}`, `{"g":"a"}`)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT user.tier AS tier, COUNT(*) FROM t GROUP BY tier ORDER BY tier NULLS FIRST", "SELECT user.tier, COUNT(*) FROM t GROUP BY user.tier ORDER BY 1 NULLS FIRST"},
		{"SELECT d.user.tier AS tier, COUNT(*) FROM (SELECT user, g FROM t) d GROUP BY tier ORDER BY tier NULLS FIRST", "SELECT user.tier, COUNT(*) FROM t GROUP BY 1 ORDER BY 1 NULLS FIRST"},
		{"SELECT t.g AS g, COUNT(*) FROM t GROUP BY g ORDER BY g", "SELECT g, COUNT(*) FROM t GROUP BY g ORDER BY g"},
	})
}

// ORDER BY a place with SELECT * (was refused): the * is spelled as its
// table's columns, and the place is one of them, as in DuckDB.
func TestStarOrderByPlace(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT * FROM (SELECT g, x FROM t) d ORDER BY 2 DESC, 1 NULLS FIRST", "SELECT g, x FROM t ORDER BY x DESC, g NULLS FIRST"},
		{"WITH c AS (SELECT g, COUNT(*) AS n FROM t GROUP BY g) SELECT * FROM c ORDER BY 2, 1 NULLS FIRST", "SELECT g, COUNT(*) AS n FROM t GROUP BY g ORDER BY n, g NULLS FIRST"},
	})
}
