package sql

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
)

// wantAnswers runs each query and compares its rows (rowsText, lines
// joined by newlines) with the answer given.
func wantAnswers(t *testing.T, s *Session, answers map[string]string) {
	t.Helper()
	for q, want := range answers {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if got := strings.Join(rowsText(res), "\n"); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
}

// sameAnswers runs each query q and its same, which asks the same
// otherwise, and requires the same rows, and some.
func sameAnswers(t *testing.T, s *Session, pairs []struct{ q, same string }) {
	t.Helper()
	for _, c := range pairs {
		got, err := s.Exec(context.Background(), c.q)
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		want, err := s.Exec(context.Background(), c.same)
		if err != nil {
			t.Fatalf("%s: %v", c.same, err)
		}
		if len(got.Rows) == 0 {
			t.Errorf("%s: no row, which tests nothing", c.q)
		}
		if g, w := fmt.Sprint(got.Rows), fmt.Sprint(want.Rows); g != w {
			t.Errorf("%s = %.300s, want %.300s (%s)", c.q, g, w, c.same)
		}
	}
}

// wantErrors runs each query and requires an error holding the text given.
func wantErrors(t *testing.T, s *Session, errs map[string]string) {
	t.Helper()
	for q, want := range errs {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
	}
}

// spillsAsInMemory runs q in memory and under the smallest limit, and
// requires the same rows (in order when ordered) and an empty temporary
// folder after; it returns the in-memory answer.
func spillsAsInMemory(t *testing.T, s *Session, q string, ordered bool) *Result {
	t.Helper()
	s.Memory = Memory{}
	want, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	tmp := t.TempDir()
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
	got, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("spilling, %s: %v", q, err)
	}
	if d := diffRows(want.Rows, got.Rows, ordered); d != "" {
		t.Errorf("%s: spilled answer differs: %s", q, d)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("%s: left %v in the temporary folder", q, ents)
	}
	return want
}

// rowsText is a result's rows, a line each, cells joined by |.
func rowsText(res *Result) []string {
	var out []string
	for _, r := range res.Rows {
		var cells []string
		for _, v := range r {
			cells = append(cells, v.String())
		}
		out = append(out, strings.Join(cells, "|"))
	}
	return out
}

func TestUnionAnswers(t *testing.T) {
	s, rows := subLakes(t)
	gs := map[int]bool{} // t's non-NULL g
	for _, r := range rows {
		if !r.gNull {
			gs[r.g] = true
		}
	}
	ints := func(set map[int]bool, extra ...string) []string {
		var keys []int
		for k := range set {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var out []string
		for _, k := range keys {
			out = append(out, fmt.Sprint(k))
		}
		return append(out, extra...)
	}
	small := map[int]bool{6: true, 8: true}
	for g := range gs {
		if g < 5 {
			small[g] = true
		}
	}
	var xs []int // t's x over 90, and u's ids, for the sorted window
	for _, r := range rows {
		if !r.xNull && r.x > 90 {
			xs = append(xs, r.x)
		}
	}
	for i := range 12 {
		xs = append(xs, i*2)
	}
	slices.Sort(xs)
	slices.Reverse(xs)
	var window []string
	for _, x := range xs[2:7] {
		window = append(window, fmt.Sprint(x))
	}
	all := ints(gs, "NULL") // 0…22 and one NULL
	desc := []string{"99"}
	for i := len(all) - 2; i >= 0; i-- {
		desc = append(desc, all[i])
	}
	desc = append(desc, "NULL")
	wantRows(t, s, map[string][]string{
		"SELECT g FROM t WHERE g < 5 UNION SELECT id FROM u WHERE id < 9 ORDER BY 1":                         ints(small),
		"SELECT g FROM t UNION SELECT id FROM u ORDER BY g":                                                  all,
		"SELECT g FROM t UNION ALL SELECT g FROM t UNION SELECT id FROM u ORDER BY 1":                        all,
		"SELECT g FROM t UNION SELECT id FROM u UNION ALL SELECT 99 ORDER BY 1 DESC NULLS LAST":              desc,
		"SELECT x AS v FROM t WHERE x > 90 UNION ALL SELECT id FROM u ORDER BY v DESC LIMIT 5 OFFSET 2":      window,
		"(SELECT g FROM t WHERE g = 3 LIMIT 1) UNION ALL (SELECT id FROM u WHERE id = 4) UNION ALL SELECT 5": {"3", "4", "5"},
		"SELECT 'a' AS k, 1 UNION ALL SELECT 'b', 2 UNION SELECT 'a', 1 ORDER BY k":                          {"a|1", "b|2"},
		// Without ORDER BY the parts come in order, so LIMIT cuts the
		// whole as it comes.
		"SELECT 1 AS v UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 LIMIT 2 OFFSET 1": {"2", "3"},
		"SELECT 1 AS v UNION SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 LIMIT 5 OFFSET 1":     {"2", "3"},
		"SELECT 1 AS v UNION ALL SELECT 2 LIMIT 0":                                                nil,
		// A UNION in parentheses after the first query is one part: its
		// operator is not read with the others from the left.
		"SELECT 1 AS v UNION ALL (SELECT 1 UNION SELECT 2) ORDER BY 1":                      {"1", "1", "2"},
		"SELECT 1 AS v UNION (SELECT 1 UNION ALL SELECT 1)":                                 {"1"},
		"(SELECT 1 AS v UNION ALL SELECT 1) UNION ALL SELECT 2 ORDER BY 1":                  {"1", "1", "2"},
		"SELECT 3 AS v UNION ALL (SELECT 2 UNION ALL (SELECT 1 UNION SELECT 1)) ORDER BY 1": {"1", "2", "3"},
	})
	// EXPLAIN shows each query's plan, pruned by its own WHERE.
	text := table(query(t, s, "EXPLAIN SELECT g FROM t WHERE day = '2026-01-02' UNION SELECT id FROM u ORDER BY 1"))
	for _, want := range []string{"Query 1 of the UNION", "  Scanning 1/4 files", "Query 2 of the UNION", "  Scanning 3/3 files", "UNION: the rows of queries 1 to 2 once each", "Sort: ORDER BY 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("EXPLAIN of a UNION lacks %q:\n%s", want, text)
		}
	}
	res := query(t, s, "SELECT g AS first FROM t UNION ALL SELECT id FROM u")
	if len(res.Rows) != 300+13 || res.Columns[0].Name != "first" {
		t.Errorf("UNION ALL: %d rows, column %q; want 313, first", len(res.Rows), res.Columns[0].Name)
	}
	wantErrors(t, s, map[string]string{
		"SELECT g FROM t UNION SELECT id, kind FROM u":           "query 2 gives 2 columns, the first 1",
		"SELECT g FROM t UNION SELECT id FROM u ORDER BY x":      "ORDER BY x over a UNION: name a column of the result (g)",
		"SELECT * FROM t UNION ALL SELECT * FROM u":              "query 2 gives 2 columns, the first 3", // * is t's g, x, day
		"SELECT g FROM t UNION SELECT id FROM nosuch":            "nosuch",
		"EXPLAIN ANALYZE SELECT g FROM t UNION SELECT id FROM u": "EXPLAIN ANALYZE of a UNION not supported",
	})
}

// TestUnionSpills: UNION's deduplication and the sort over a UNION spill
// under the smallest limit and answer as in memory.
func TestUnionSpills(t *testing.T) {
	s := spillLake(t, 6000, 59)
	for _, q := range []string{
		"SELECT g FROM t UNION SELECT x FROM t",
		"SELECT g, s FROM t UNION ALL SELECT x, t FROM t UNION SELECT g, s FROM t WHERE day = '2026-01-02'",
		"SELECT f, x FROM t UNION ALL SELECT x, f FROM t ORDER BY 1 DESC, 2 LIMIT 20000 OFFSET 7",
		"SELECT s, g FROM t UNION SELECT t, x FROM t ORDER BY s NULLS FIRST, 2",
	} {
		want := spillsAsInMemory(t, s, q, strings.Contains(q, "ORDER BY"))
		if len(want.Rows) < 1000 {
			t.Errorf("%s: %d rows, too few to spill", q, len(want.Rows))
		}
	}
}

// TestDerivedUnion: a UNION as a derived table, a CTE's query or a join's
// side answers as the same rows written without it, in memory and
// spilled: twice the rows for UNION ALL of a table with itself, its
// distinct values for UNION, the whole table for a split one.
func TestDerivedUnion(t *testing.T) {
	s, _ := subLakes(t)
	for q, same := range map[string]string{
		"SELECT COUNT(*) * 2, SUM(x) * 2 FROM t":                                      "SELECT COUNT(*), SUM(x) FROM (SELECT x FROM t UNION ALL SELECT x FROM t) AS d",
		"SELECT DISTINCT g FROM t ORDER BY g":                                         "SELECT g FROM (SELECT g FROM t UNION SELECT g FROM t) AS d ORDER BY g",
		"SELECT COUNT(x), SUM(x), MIN(day) FROM t":                                    "WITH d(v, w) AS (SELECT x, day FROM t WHERE x > 50 UNION ALL SELECT x, day FROM t WHERE x <= 50 OR x IS NULL) SELECT COUNT(v), SUM(v), MIN(w) FROM d",
		"SELECT COUNT(g) FROM t":                                                      "SELECT COUNT(*) FROM t JOIN (SELECT g AS k FROM t UNION SELECT g FROM t) AS d ON t.g = d.k",
		"SELECT kind, COUNT(*) FROM u GROUP BY kind ORDER BY kind":                    "SELECT d.kind, COUNT(*) FROM (SELECT kind, id FROM u WHERE id < 10 UNION ALL SELECT kind, id FROM u WHERE id >= 10 OR id IS NULL) d GROUP BY d.kind ORDER BY d.kind",
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u)":                        "SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u WHERE id < 6 UNION SELECT id FROM u WHERE id >= 6)",
		"SELECT COUNT(*) FROM t WHERE x NOT IN (SELECT g FROM t WHERE g IS NOT NULL)": "SELECT COUNT(*) FROM t WHERE x NOT IN (SELECT g FROM t WHERE g < 10 UNION ALL SELECT g FROM t WHERE g >= 10)",
		"SELECT g FROM t WHERE g IS NOT NULL GROUP BY g ORDER BY g LIMIT 3":           "SELECT * FROM (SELECT g FROM t WHERE g IS NOT NULL UNION SELECT g FROM t WHERE g < 0 ORDER BY 1 LIMIT 3) AS d",
		// SELECT * in the parts: their tables' columns, by position.
		"SELECT COUNT(*) * 2, SUM(x) * 2, MAX(day) FROM t":          "SELECT COUNT(*), SUM(x), MAX(day) FROM (SELECT * FROM t UNION ALL SELECT * FROM t) AS d",
		"SELECT g, COUNT(*) FROM t GROUP BY g ORDER BY g":           "WITH d AS (SELECT * FROM t WHERE g < 5 UNION ALL SELECT * FROM t WHERE g >= 5 OR g IS NULL) SELECT g, COUNT(*) FROM d GROUP BY g ORDER BY g",
		"SELECT t.g, u.kind FROM t JOIN u ON t.g = u.id ORDER BY 1": "SELECT d.g, u.kind FROM (SELECT * FROM t WHERE g < 9 UNION ALL SELECT * FROM t WHERE g >= 9) d JOIN u ON d.g = u.id ORDER BY 1",
		"SELECT x, g FROM t WHERE g = 3 ORDER BY x":                 "SELECT x, g FROM t WHERE g = 3 AND x < 50 UNION ALL SELECT x, g FROM (SELECT * FROM t WHERE g = 3 AND (x >= 50 OR x IS NULL)) ORDER BY x",
	} {
		want := spillsAsInMemory(t, s, q, true)
		got := spillsAsInMemory(t, s, same, true)
		if d := diffRows(want.Rows, got.Rows, true); d != "" {
			t.Errorf("%s: %s, unlike %s", same, d, q)
		}
	}
	wantErrors(t, s, map[string]string{
		"SELECT g FROM t WHERE EXISTS (SELECT 1 FROM (SELECT id FROM u WHERE id = t.g UNION SELECT 1) AS d)": "a UNION cannot read t.g of the outer query",
		"SELECT g FROM t WHERE x IN (SELECT id FROM u WHERE id = t.g UNION SELECT 1)":                        "a UNION cannot read t.g of the outer query",
		"SELECT g, (SELECT MAX(id) FROM u WHERE id > t.x UNION ALL SELECT 1) FROM t":                         "a UNION cannot read t.x of the outer query",
		"SELECT COUNT(*) FROM (SELECT g, x AS g FROM t UNION ALL SELECT g, x FROM t) AS d":                   "two columns g",
	})
}

// TestAggregateNamesAgree: the pre-parse's list of aggregates (for
// FILTER) names each aggregate of sql/aggregate, and nothing else.
func TestAggregateNamesAgree(t *testing.T) {
	for _, n := range aggregate.Names() {
		if !slices.Contains(ast.Aggregates, n) {
			t.Errorf("ast.Aggregates lacks %s", n)
		}
	}
	for _, n := range ast.Aggregates {
		if _, ok, _ := aggregate.Lookup(n, 1, false, nil); !ok {
			t.Errorf("ast.Aggregates names %s, no aggregate", n)
		}
	}
}

// TestOrderedDistinctConcat: GROUP_CONCAT(DISTINCT x ORDER BY x) joins the
// distinct values of x in order, as DuckDB's STRING_AGG(DISTINCT x, sep
// ORDER BY x) does; ordered by anything else, DISTINCT is refused.
func TestOrderedDistinctConcat(t *testing.T) {
	s, _ := subLakes(t)
	res, err := s.Exec(context.Background(), "SELECT DISTINCT g FROM t WHERE g IS NOT NULL ORDER BY g DESC")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(rowsText(res), "/")
	for _, q := range []string{
		"SELECT GROUP_CONCAT(DISTINCT g ORDER BY g DESC SEPARATOR '/') FROM t",
		"SELECT STRING_AGG(DISTINCT g, '/' ORDER BY g DESC) FROM t",
	} {
		got := spillsAsInMemory(t, s, q, true)
		if text := strings.Join(rowsText(got), ""); text != want {
			t.Errorf("%s: %s, want %s", q, text, want)
		}
	}
	wantErrors(t, s, map[string]string{
		"SELECT STRING_AGG(DISTINCT g, '/' ORDER BY x) FROM t": "with DISTINCT, ORDER BY inside an aggregate orders by its argument only",
	})
}

// TestQuantileFraction: QUANTILE's fraction is a number from 0 to 1, one
// constant for the group; its answers are DuckDB's (aggregate's tests,
// bench/testdata/duckdb_queries.sql).
func TestQuantileFraction(t *testing.T) {
	s, rows := subLakes(t)
	xs := 0
	for _, r := range rows {
		if !r.xNull {
			xs++
		}
	}
	wantAnswers(t, s, map[string]string{
		// The whole range: the least and the greatest x, as MIN and MAX.
		"SELECT QUANTILE_DISC(x, 0) = MIN(x), QUANTILE_DISC(x, 1) = MAX(x), QUANTILE_CONT(x, 1) = MAX(x), COUNT(x) FROM t": fmt.Sprintf("true|true|true|%d", xs),
	})
	wantErrors(t, s, map[string]string{
		"SELECT QUANTILE_CONT(x, 1.5) FROM t":                                                "must be a number between 0 and 1",
		"SELECT QUANTILE_DISC(x, 'a') FROM t":                                                "must be a number between 0 and 1",
		"SELECT QUANTILE_CONT(x, NULL) FROM t":                                               "the fraction of QUANTILE is NULL",
		"SELECT QUANTILE_CONT(x, CASE WHEN day = '2026-01-01' THEN 0.1 ELSE 0.2 END) FROM t": "must be a constant",
		"SELECT QUANTILE(x) FROM t":                                                          "takes 2 arguments",
		"SELECT CORR(x) FROM t":                                                              "takes 2 arguments",
	})
}

// TestIntersectExcept: INTERSECT and EXCEPT, distinct and ALL, over t's g
// (0…22, each many times, and NULLs) and u's id (the even numbers to 22
// once each, and one NULL), counted here; NULLs equal, as SQL's set
// operations have them; INTERSECT first, then the rest from the left.
func TestIntersectExcept(t *testing.T) {
	s, rows := subLakes(t)
	counts := map[int]int{}
	nulls := 0
	for _, r := range rows {
		if r.gNull {
			nulls++
		} else {
			counts[r.g]++
		}
	}
	inU := func(v int) bool { return v%2 == 0 && v <= 22 }
	var inter, except, exceptAll []string
	for v := range 23 {
		c := counts[v]
		if c == 0 {
			continue
		}
		if inU(v) {
			inter = append(inter, fmt.Sprint(v))
			c--
		} else {
			except = append(except, fmt.Sprint(v))
		}
		for range c {
			exceptAll = append(exceptAll, fmt.Sprint(v))
		}
	}
	for range nulls - 1 { // u has one NULL
		exceptAll = append(exceptAll, "NULL")
	}
	inter = append(inter, "NULL")
	wantRows(t, s, map[string][]string{
		"SELECT g FROM t INTERSECT SELECT id FROM u ORDER BY 1":                                 inter,
		"SELECT g FROM t INTERSECT ALL SELECT id FROM u ORDER BY 1":                             inter,
		"SELECT g FROM t EXCEPT SELECT id FROM u ORDER BY 1":                                    except,
		"SELECT g FROM t EXCEPT DISTINCT SELECT id FROM u ORDER BY 1":                           except,
		"SELECT g FROM t EXCEPT ALL SELECT id FROM u ORDER BY 1":                                exceptAll,
		"SELECT id FROM u EXCEPT SELECT g FROM t ORDER BY 1":                                    nil,
		"SELECT 1 AS v UNION SELECT 2 INTERSECT SELECT 2 ORDER BY 1":                            {"1", "2"},
		"(SELECT 1 AS v UNION SELECT 2) INTERSECT SELECT 2":                                     {"2"},
		"SELECT 1 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 EXCEPT ALL SELECT 1 ORDER BY 1":    {"1", "2"},
		"SELECT 1 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 EXCEPT SELECT 1":                   {"2"},
		"SELECT 1 AS v UNION ALL SELECT 1 INTERSECT ALL SELECT 1 UNION ALL SELECT 1 ORDER BY 1": {"1", "1", "1"},
		"SELECT 'a' AS k, 1 AS n INTERSECT SELECT 'a', 1.0 EXCEPT SELECT 'b', 1":                {"a|1"},
		"SELECT COUNT(*) FROM (SELECT g FROM t INTERSECT SELECT id FROM u) AS d":                {fmt.Sprint(len(inter))},
	})
	wantErrors(t, s, map[string]string{
		"SELECT * FROM t INTERSECT SELECT * FROM u":      "SELECT * in INTERSECT",
		"SELECT g, g FROM t EXCEPT SELECT id, id FROM u": "EXCEPT of two columns named g",
		"SELECT g, x FROM t INTERSECT SELECT id FROM u":  "INTERSECT of queries of 2 and 1 columns",
	})
}

// TestUnionByName: DuckDB's UNION [ALL] BY NAME matches the parts'
// columns by name (case aside): the first part's, then the new ones of
// the parts after, NULL where a part has none; a part keeps its own
// positions (GROUP BY 1).
func TestUnionByName(t *testing.T) {
	s, _ := subLakes(t)
	wantRows(t, s, map[string][]string{
		"SELECT 1 AS a, 2 AS b UNION ALL BY NAME SELECT 3 AS B, 4 AS c UNION BY NAME SELECT 5 AS C ORDER BY a NULLS LAST, b": {"1|2|NULL", "NULL|3|4", "NULL|NULL|5"},
		"SELECT 1 AS a UNION ALL BY NAME SELECT 1 AS a":                                                                      {"1", "1"},
		"SELECT 1 AS a UNION BY NAME SELECT 1 AS a":                                                                          {"1"},
		"SELECT g AS k, count(*) AS n FROM t WHERE g = 3 GROUP BY 1 UNION ALL BY NAME SELECT 7 AS n, 'x' AS k ORDER BY n":    {"x|7", fmt.Sprintf("3|%d", countG(t, s, 3))},
	})
	wantErrors(t, s, map[string]string{
		"SELECT * FROM t UNION BY NAME SELECT 1 AS g":                       "SELECT * in a UNION BY NAME",
		"SELECT 1 AS a, 2 AS A UNION BY NAME SELECT 1 AS a":                 "two columns named A",
		"SELECT 1 AS a UNION BY NAME SELECT 1 AS a INTERSECT SELECT 1 AS a": "UNION BY NAME beside INTERSECT",
	})
}

// countG counts t's rows of g = v.
func countG(t *testing.T, s *Session, v int) int64 {
	t.Helper()
	res, err := s.Exec(context.Background(), fmt.Sprintf("SELECT count(*) FROM t WHERE g = %d", v))
	if err != nil {
		t.Fatal(err)
	}
	return res.Rows[0][0].I
}

// TestDistinctOn: DuckDB's DISTINCT ON (e, …) keeps the first row of each
// value of e in the query's order: over t, the least and the greatest x
// of each g (counted here), by an alias and a position too, over groups,
// and its refusals.
func TestDistinctOn(t *testing.T) {
	s, rows := subLakes(t)
	least, most := map[int]int{}, map[int]int{}
	for _, r := range rows {
		if r.gNull || r.xNull {
			continue
		}
		if v, ok := least[r.g]; !ok || r.x < v {
			least[r.g] = r.x
		}
		if v, ok := most[r.g]; !ok || r.x > v {
			most[r.g] = r.x
		}
	}
	firsts := func(m map[int]int) []string {
		var out []string
		for g := range 23 {
			if v, ok := m[g]; ok {
				out = append(out, fmt.Sprintf("%d|%d", g, v))
			}
		}
		return out
	}
	wantRows(t, s, map[string][]string{
		"SELECT DISTINCT ON (g) g, x FROM t WHERE g IS NOT NULL AND x IS NOT NULL ORDER BY g, x":           firsts(least),
		"SELECT DISTINCT ON (g) g, x AS v FROM t WHERE g IS NOT NULL AND x IS NOT NULL ORDER BY g, v DESC": firsts(most),
		"SELECT DISTINCT ON (1) g, x FROM t WHERE g IS NOT NULL AND x IS NOT NULL ORDER BY 1, 2 DESC":      firsts(most),
		"SELECT DISTINCT ON (g) g, MIN(x) AS m FROM t WHERE g IS NOT NULL GROUP BY g, day ORDER BY g, m":   firsts(least),
		"SELECT COUNT(*) FROM (SELECT DISTINCT ON (g) g, x FROM t WHERE x IS NOT NULL ORDER BY g, x) AS d": {fmt.Sprint(len(least) + 1)}, // and the NULL g
	})
	wantErrors(t, s, map[string]string{
		"SELECT DISTINCT ON (g) g, x FROM t QUALIFY x > 1": "DISTINCT ON with QUALIFY",
		"SELECT DISTINCT ON (3) g, x FROM t ORDER BY g":    "the select list has 2 items",
	})
}

// wantRows runs each query and checks its rows (rowsText) in order.
func wantRows(t *testing.T, s *Session, queries map[string][]string) {
	t.Helper()
	for q, want := range queries {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if got := rowsText(res); !slices.Equal(got, want) {
			t.Errorf("%s:\n%v\nwant\n%v", q, got, want)
		}
	}
}
