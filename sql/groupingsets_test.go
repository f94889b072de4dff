package sql

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestGroupingSets: ROLLUP, CUBE and GROUPING SETS over t (g 0…22 and
// NULLs, four days), each group's count and x's sum counted here: the
// rows of every grouping set, a dropped expression NULL, GROUPING's
// bitmask, HAVING and ORDER BY over the whole, a set of no expression
// over no rows, and the refusals.
func TestGroupingSets(t *testing.T) {
	s, rows := subLakes(t)
	type key struct{ g, day string }
	counts := map[key]int{}
	for _, r := range rows {
		g := "NULL"
		if !r.gNull {
			g = fmt.Sprint(r.g)
		}
		for _, k := range []key{{g, r.day}, {g, "*"}, {"*", r.day}, {"*", "*"}} {
			counts[k]++
		}
	}
	// The rows of a grouping set as "g|day|count", a dropped key NULL
	// ("*" here), sorted as the query sorts them.
	rowsOf := func(keep func(key) bool) []string {
		var out []string
		for k, n := range counts {
			if keep(k) {
				g, day := k.g, k.day
				if g == "*" {
					g = "NULL"
				}
				if day == "*" {
					day = "NULL"
				}
				out = append(out, fmt.Sprintf("%s|%s|%d", g, day, n))
			}
		}
		slices.Sort(out)
		return out
	}
	both := func(k key) bool { return k.g != "*" && k.day != "*" }
	gOnly := func(k key) bool { return k.g != "*" && k.day == "*" }
	dayOnly := func(k key) bool { return k.g == "*" && k.day != "*" }
	none := func(k key) bool { return k.g == "*" && k.day == "*" }
	union := func(fs ...func(key) bool) []string {
		var out []string
		for _, f := range fs {
			out = append(out, rowsOf(f)...)
		}
		slices.Sort(out)
		return out
	}
	sorted := func(q string) []string {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		got := rowsText(res)
		slices.Sort(got)
		return got
	}
	for q, want := range map[string][]string{
		"SELECT CAST(g AS VARCHAR) AS g, day, COUNT(*) FROM t GROUP BY ROLLUP (g, day)":                union(both, gOnly, none),
		"SELECT CAST(g AS VARCHAR) AS g, day, COUNT(*) FROM t GROUP BY CUBE (g, day)":                  union(both, gOnly, dayOnly, none),
		"SELECT CAST(g AS VARCHAR) AS g, day, COUNT(*) FROM t GROUP BY GROUPING SETS ((g), (day), ())": union(gOnly, dayOnly, none),
		"SELECT CAST(g AS VARCHAR) AS g, day, COUNT(*) FROM t GROUP BY day, ROLLUP (g)":                union(both, dayOnly),
		"SELECT CAST(g AS VARCHAR) AS g, day, COUNT(*) FROM t GROUP BY GROUPING SETS (g, day) HAVING COUNT(*) >= 75": rowsOf(func(k key) bool {
			return (gOnly(k) || dayOnly(k)) && counts[k] >= 75
		}),
	} {
		if got := sorted(q); !slices.Equal(got, want) {
			t.Errorf("%s:\n%v\nwant\n%v", q, got, want)
		}
	}
	// GROUPING's bitmask and the order over the whole.
	res := query(t, s, "SELECT day, GROUPING(g) AS a, GROUPING(g, day) AS b, COUNT(*) AS n FROM t GROUP BY ROLLUP (day, g) HAVING GROUPING(g) = 1 ORDER BY n DESC, day NULLS FIRST")
	want := []string{fmt.Sprintf("NULL|1|3|%d", len(rows))}
	for _, d := range []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"} {
		want = append(want, fmt.Sprintf("%s|1|2|%d", d, counts[key{"*", d}])) // g dropped: the high bit
	}
	if got := rowsText(res); !slices.Equal(got, want) {
		t.Errorf("GROUPING and ORDER BY:\n%v\nwant\n%v", got, want)
	}
	// GROUPING of a plain GROUP BY is 0.
	if got := rowsText(query(t, s, "SELECT day, GROUPING(day) FROM t GROUP BY day ORDER BY day LIMIT 1")); !slices.Equal(got, []string{"2026-01-01|0"}) {
		t.Errorf("GROUPING of a plain GROUP BY: %v, want [2026-01-01|0]", got)
	}
	// A set of no expression is one row of totals, over no rows too.
	if got := rowsText(query(t, s, "SELECT g, COUNT(*) FROM t WHERE x > 1000 GROUP BY ROLLUP (g)")); !slices.Equal(got, []string{"NULL|0"}) {
		t.Errorf("ROLLUP over no rows: %v, want [NULL|0]", got)
	}
	wantErrors(t, s, map[string]string{
		"SELECT * FROM t GROUP BY ROLLUP (g)":                           "SELECT * with GROUPING SETS",
		"SELECT g, COUNT(*) FROM t GROUP BY ROLLUP (g) ORDER BY SUM(x)": "ORDER BY SUM(x) with GROUPING SETS, ROLLUP or CUBE: name a column",
		"SELECT g, GROUPING(x) FROM t GROUP BY ROLLUP (g)":              "GROUPING(x): x is no grouping expression",
		"SELECT g, ROW_NUMBER() OVER () FROM t GROUP BY CUBE (g)":       "window functions, QUALIFY or DISTINCT ON with GROUPING SETS",
		"SELECT g, COUNT(*) FROM t GROUP BY ROLLUP (g, CUBE (day))":     "CUBE inside GROUPING SETS, ROLLUP or CUBE",
	})
}
