package sql

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestWithQueries(t *testing.T) {
	s, rows := subLakes(t)
	perG := map[int]int{}
	for _, r := range rows {
		if !r.gNull {
			perG[r.g]++
		}
	}
	most := 0
	for _, n := range perG {
		most = max(most, n)
	}
	wantAnswers(t, s, map[string]string{
		"WITH c AS (SELECT g, COUNT(*) AS n FROM t WHERE g IS NOT NULL GROUP BY g) SELECT COUNT(*), MAX(n) FROM c": fmt.Sprintf("%d|%d", len(perG), most),
		// Column names, a CTE over an earlier one, used in a subquery.
		"WITH c(k, n) AS (SELECT g, COUNT(*) FROM t GROUP BY g), big AS (SELECT k FROM c WHERE n > 12) SELECT COUNT(*) FROM t WHERE g IN (SELECT k FROM big)": count(rows, func(r subRow) bool { return !r.gNull && perG[r.g] > 12 }),
		// Used twice, in the parts of a UNION; named as a lake is, it is
		// the CTE (t here is u's ids); names are case-insensitive.
		"WITH t AS (SELECT id FROM u WHERE id < 4) SELECT id FROM T UNION ALL SELECT id + 100 FROM t ORDER BY 1": "0\n2\n100\n102",
		"WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT y FROM b":                             "2",
		// In a join, comma or not, and in its subquery (TPC-H's Q15).
		"WITH c(k, n) AS (SELECT g, COUNT(*) FROM t WHERE g IS NOT NULL GROUP BY g) SELECT COUNT(*) FROM t, c WHERE t.g = c.k AND c.n = (SELECT MAX(n) FROM c)": fmt.Sprint(most * countMost(perG, most)),
		"WITH c(k, n) AS (SELECT g, COUNT(*) FROM t GROUP BY g) SELECT COUNT(*) FROM t JOIN c ON t.g = c.k JOIN c c2 ON c2.k = c.k":                             count(rows, func(r subRow) bool { return !r.gNull }),
	})
	res := query(t, s, "EXPLAIN WITH d AS (SELECT g FROM t WHERE day = '2026-01-02') SELECT COUNT(*) FROM d")
	if text := table(res); !strings.Contains(text, "Derived table d: the 75 rows of") {
		t.Errorf("EXPLAIN WITH:\n%s", text)
	}
	for q, want := range map[string]string{
		"WITH RECURSIVE a AS (SELECT 1 UNION ALL SELECT 2 FROM a LIMIT 1) SELECT 1": "LIMIT or OFFSET",
		"WITH a AS SELECT 1 SELECT 2":                                    "expected a query in parentheses",
		"SELECT x FROM (WITH a AS (SELECT 1 AS x) SELECT x FROM a d":     "a parenthesis before WITH is not closed",
		"SELECT x FROM (WITH a AS (SELECT 1 AS x) SELECT nope FROM a) d": "nope is no column of a",
		"WITH a AS (SELECT 1), a AS (SELECT 2) SELECT 1":                 "a is named twice",
		"WITH a(x, y) AS (SELECT 1) SELECT * FROM a":                     "2 column names for a query of 1 columns",
		"WITH a AS (SELECT 1 AS x SELECT x FROM a":                       "not closed",
		"WITH a AS (SELECT 1 AS x) SELECT x FROM a UNION SELECT y":       "",
	} {
		_, err := s.Exec(context.Background(), q)
		if want == "" {
			continue // any answer or error, without a crash
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
	}
}

// countMost is the number of keys with most rows.
func countMost(perG map[int]int, most int) int {
	n := 0
	for _, c := range perG {
		if c == most {
			n++
		}
	}
	return n
}

// A CTE named more than once is made once: every use reads the same rows.
func TestWithMadeOnce(t *testing.T) {
	s, rows := subLakes(t)
	perG := map[int]int{}
	for _, r := range rows {
		if !r.gNull {
			perG[r.g]++
		}
	}
	pairs := 0
	for _, n := range perG {
		pairs += n * n
	}
	for q, made := range map[string]int64{
		"WITH c AS (SELECT g FROM t) SELECT COUNT(*) FROM c a JOIN c b ON a.g = b.g":                                1,
		"WITH c AS (SELECT g FROM t) SELECT COUNT(*) FROM c a JOIN c b ON a.g = b.g WHERE a.g IN (SELECT g FROM c)": 1,
		"SELECT COUNT(*) FROM (SELECT g FROM t) a JOIN (SELECT g FROM t) b ON a.g = b.g":                            2,
	} {
		before := derivedMade.Load()
		if got := table(query(t, s, q)); got != "count_star()\n"+fmt.Sprint(pairs) {
			t.Errorf("%s: %s, want %d", q, got, pairs)
		}
		if n := derivedMade.Load() - before; n != made {
			t.Errorf("%s: %d derived tables made, want %d", q, n, made)
		}
	}
}

// A WITH that starts a subquery or a derived table (was a syntax error):
// its CTEs seen inside it alone, the statement's CTEs too.
func TestNestedWith(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","n":1}`, `{"g":"a","n":2}`, `{"g":"b","n":3}`, `{"g":"b","n":null}`)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT SUM(k) FROM (WITH r AS (SELECT n AS k FROM t WHERE n > 1) SELECT k FROM r) d", "SELECT SUM(n) FROM t WHERE n > 1"},
		{"SELECT g, n FROM t WHERE n IN (WITH r AS (SELECT n FROM t WHERE g = 'b') SELECT n FROM r) ORDER BY n", "SELECT g, n FROM t WHERE g = 'b' AND n IS NOT NULL"},
		{"SELECT n, (WITH m AS (SELECT MAX(n) AS x FROM t) SELECT x FROM m) FROM t WHERE n IS NOT NULL ORDER BY n", "SELECT n, (SELECT MAX(n) FROM t) FROM t WHERE n IS NOT NULL ORDER BY n"},
		{"WITH a AS (SELECT g, n FROM t) SELECT COUNT(*) FROM (WITH b AS (SELECT n FROM a WHERE g = 'a') SELECT n FROM b) z", "SELECT COUNT(*) FROM t WHERE g = 'a'"},
		{"SELECT x, y FROM (WITH a AS (SELECT 1 AS x) SELECT x FROM a) d, (WITH a AS (SELECT 2 AS y) SELECT y FROM a) e", "SELECT 1, 2"},
		{"SELECT k FROM (WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r WHERE k < 4) SELECT k FROM r) d ORDER BY k", "SELECT range FROM range(1, 5) ORDER BY range"},
	})
}
