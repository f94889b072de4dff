package sql

import (
	"context"
	"strings"
	"testing"
)

// TestSharedTotals: a GROUP BY whose HAVING compares with a subquery of
// the same rows reads them once (EXPLAIN shows the table of groups), and
// answers as the same query whose subquery is spelled apart (so read
// anew), in memory and spilled: SUM, COUNT, MIN and MAX totals, NULL
// groups and values, a join, HUGEINT sums, several keys, ORDER BY an
// aggregate, an alias or a position, LIMIT, DISTINCT, no rows, infinite
// group values. Where it does not apply, the query runs as written.
func TestSharedTotals(t *testing.T) {
	s := spillLake(t, 6000, 47)
	type tc struct {
		q      string
		shared bool
	}
	cases := []tc{
		{"SELECT g, SUM(f) AS v FROM t WHERE x > 0 GROUP BY g HAVING SUM(f) > (SELECT SUM(f) * 0.001 FROM t WHERE x > 0) ORDER BY v DESC, g", true},
		{"SELECT a.s, SUM(b.f * b.x) AS v, COUNT(*) FROM t a JOIN t b ON a.x = b.x WHERE a.g < 3000 GROUP BY a.s HAVING SUM(b.f * b.x) > (SELECT SUM(b.f * b.x) / 400 FROM t a JOIN t b ON a.x = b.x WHERE a.g < 3000) ORDER BY 2 DESC", true},
		{"SELECT g, COUNT(*) FROM t GROUP BY g HAVING COUNT(*) >= (SELECT COUNT(*) / 3000 FROM t)", true},
		{"SELECT s, day, MAX(x), COUNT(s) FROM t GROUP BY s, day HAVING MAX(x) = (SELECT MAX(x) FROM t) OR MIN(x) = (SELECT MIN(x) FROM t) ORDER BY s, day", false},
		{"SELECT s, day, MAX(x) FROM t GROUP BY s, day HAVING MAX(x) >= (SELECT MAX(x) - 5 FROM t) ORDER BY s NULLS FIRST, day", true},
		{"SELECT DISTINCT COUNT(s) > 1 AS many FROM t GROUP BY g HAVING COUNT(s) * 200 > (SELECT COUNT(s) FROM t)", true},
		{"SELECT g + 1, SUM(x) FROM t WHERE s IS NULL GROUP BY g HAVING SUM(x) > (SELECT SUM(x) / 10 FROM t WHERE s IS NULL) ORDER BY SUM(x) DESC LIMIT 3", true},
		{"SELECT g, SUM(x) FROM t WHERE x > 100000 GROUP BY g HAVING COUNT(*) > (SELECT COUNT(*) FROM t WHERE x > 100000)", true},
		{"SELECT g, MIN(t), MAX(f) FROM t WHERE f > 0 GROUP BY g HAVING MAX(f) > (SELECT MAX(f) / 2 + MIN(f) FROM t WHERE f > 0)", true},
		// Not shared: AVG does not combine; another WHERE; an alias in
		// HAVING; GROUP BY a position. Shared: an infinite group value,
		// which the table holds as text.
		{"SELECT g, AVG(f) FROM t GROUP BY g HAVING AVG(f) > (SELECT AVG(f) FROM t)", false},
		{"SELECT g, SUM(f) FROM t GROUP BY g HAVING SUM(f) > (SELECT SUM(f) / 100 FROM t WHERE x > 0)", false},
		{"SELECT g, SUM(f) AS v FROM t GROUP BY g HAVING v > (SELECT SUM(f) / 100 FROM t)", false},
		{"SELECT g, SUM(f) FROM t GROUP BY 1 HAVING SUM(f) > (SELECT SUM(f) / 100 FROM t)", false},
		{"SELECT g, COUNT(*) FROM t GROUP BY g HAVING SUM(f * 1e308 * 10) > (SELECT SUM(f * 1e308 * 10) FROM t)", true},
	}
	for _, c := range cases {
		ordered := strings.Contains(c.q, "ORDER BY")
		got := spillsAsInMemory(t, s, c.q, ordered)
		s.Memory = Memory{}
		plan := table(query(t, s, "EXPLAIN "+c.q))
		if strings.Contains(plan, "Derived table __tot") != c.shared {
			t.Errorf("%s: the table of groups made: %v, want %v", c.q, !c.shared, c.shared)
		}
		// The subquery spelled apart (its FROM a derived table of the
		// same rows) reads them anew.
		at := strings.Index(c.q, "(SELECT ")
		from, as := " FROM t", " FROM (SELECT g, s, x, f, t, day FROM t) t"
		if strings.Contains(c.q[at:], " FROM t a ") {
			from, as = " FROM t a ", " FROM (SELECT g, s, x, f, t, day FROM t) a "
		}
		apart := c.q[:at] + strings.Replace(c.q[at:], from, as, 1)
		if strings.Contains(table(query(t, s, "EXPLAIN "+apart)), "Derived table __tot") {
			t.Fatalf("%s: shared", apart)
		}
		want := query(t, s, apart)
		if d := diffRows(want.Rows, got.Rows, ordered); d != "" {
			t.Errorf("%s: %s", c.q, d)
		}
		if len(got.Columns) != len(want.Columns) {
			t.Fatalf("%s: columns %v, want %v", c.q, got.Columns, want.Columns)
		}
		for i := range got.Columns {
			if got.Columns[i].Name != want.Columns[i].Name {
				t.Errorf("%s: column %d named %s, want %s", c.q, i, got.Columns[i].Name, want.Columns[i].Name)
			}
		}
		if c.shared && len(got.Rows) == 0 && !strings.Contains(c.q, "100000") && !strings.Contains(c.q, "1e308") { // NaN total: no group passes
			t.Errorf("%s: no rows", c.q)
		}
	}
	if _, err := s.Exec(context.Background(), "SELECT 1"); err != nil {
		t.Fatal(err)
	}
}
