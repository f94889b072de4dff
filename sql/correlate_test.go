package sql

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// byG is the rows of each g (not NULL).
func byG(rows []subRow) map[int][]subRow {
	out := map[int][]subRow{}
	for _, r := range rows {
		if !r.gNull {
			out[r.g] = append(out[r.g], r)
		}
	}
	return out
}

// avgX is the average of the x that are not NULL, and whether there is one.
func avgX(rows []subRow) (float64, bool) {
	sum, n := 0, 0
	for _, r := range rows {
		if !r.xNull {
			sum, n = sum+r.x, n+1
		}
	}
	return float64(sum) / float64(n), n > 0
}

// anyX reports whether a row of rows has an x (not NULL) with ok(x).
func anyX(rows []subRow, ok func(int) bool) bool {
	for _, r := range rows {
		if !r.xNull && ok(r.x) {
			return true
		}
	}
	return false
}

// correlatedAnswers is each correlated query with its answer computed
// from the rows.
func correlatedAnswers(rows []subRow) map[string]string {
	groups := byG(rows)
	uids := map[int]bool{} // u's ids: 0, 2, …, 22
	for i := range 12 {
		uids[i*2] = true
	}
	// x above its group's average (a NULL g or x: never).
	aboveAvg := func(r subRow) bool {
		a, ok := avgX(groups[r.g])
		return !r.gNull && !r.xNull && ok && float64(r.x) > a
	}
	// Some other x of the row's group differs from its own / is lower.
	exists := func(r subRow, ok func(x, own int) bool) bool {
		return !r.gNull && !r.xNull && anyX(groups[r.g], func(x int) bool { return ok(x, r.x) })
	}
	// perRow is f of each row, in the order of g, NULL first.
	perRow := func(f func(r subRow) string) string {
		sorted := slices.Clone(rows)
		slices.SortStableFunc(sorted, func(a, b subRow) int {
			key := func(r subRow) int {
				if r.gNull {
					return -1
				}
				return r.g
			}
			return cmp.Compare(key(a), key(b))
		})
		var out []string
		for _, r := range sorted {
			out = append(out, f(r))
		}
		return strings.Join(out, "\n")
	}
	nullable := func(v int, null bool) string {
		if null {
			return "NULL"
		}
		return fmt.Sprint(v)
	}
	return map[string]string{
		// A scalar subquery in WHERE, qualified both ways and not.
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x) FROM t b WHERE b.g = a.g)": count(rows, aboveAvg),
		"SELECT COUNT(*) FROM t a WHERE (SELECT AVG(x) FROM t b WHERE b.g = a.g) < x":   count(rows, aboveAvg),
		// Two keys, one of them a partition field.
		"SELECT COUNT(*) FROM t a WHERE x >= (SELECT MAX(b.x) FROM t b WHERE b.g = a.g AND a.day = b.day)": count(rows, func(r subRow) bool {
			m, ok := -1, false
			for _, o := range groups[r.g] {
				if o.day == r.day && !o.xNull {
					m, ok = max(m, o.x), true
				}
			}
			return !r.gNull && !r.xNull && ok && r.x >= m
		}),
		// COUNT over no rows is 0, not NULL: a key no row has counts 0.
		"SELECT COUNT(*) FROM t WHERE (SELECT COUNT(*) FROM u WHERE u.id = t.g) = 0": count(rows, func(r subRow) bool { return r.gNull || !uids[r.g] }),
		"SELECT COUNT(*) FROM t WHERE (SELECT COUNT(*) FROM u WHERE id = g) = 1":     count(rows, func(r subRow) bool { return !r.gNull && uids[r.g] }),
		// In the select list, row by row (NULL g: COUNT 0, SUM NULL).
		"SELECT g, (SELECT COUNT(*) FROM t b WHERE b.g = t.g), (SELECT SUM(b.x) FROM t b WHERE b.g = t.g) + 0 AS s FROM t ORDER BY g NULLS FIRST": perRow(func(r subRow) string {
			sum, has := 0, false
			for _, o := range groups[r.g] {
				if !o.xNull {
					sum, has = sum+o.x, true
				}
			}
			n := len(groups[r.g])
			if r.gNull {
				n, has = 0, false
			}
			return nullable(r.g, r.gNull) + "|" + fmt.Sprint(n) + "|" + nullable(sum, !has)
		}),
		// Inside an aggregate's argument.
		"SELECT COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM u WHERE u.id = t.g) THEN 1 ELSE 0 END) FROM t": "300|" + count(rows, func(r subRow) bool { return !r.gNull && uids[r.g] }),
		// EXISTS with a comparison of its own value with the outer one.
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.g = a.g AND b.x <> a.x)": count(rows, func(r subRow) bool {
			return exists(r, func(x, own int) bool { return x != own })
		}),
		"SELECT COUNT(*) FROM t a WHERE NOT EXISTS (SELECT 1 FROM t b WHERE b.g = a.g AND b.x <> a.x)": count(rows, func(r subRow) bool {
			return !exists(r, func(x, own int) bool { return x != own })
		}),
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.g = a.g AND b.x < a.x)": count(rows, func(r subRow) bool {
			return exists(r, func(x, own int) bool { return x < own })
		}),
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE a.g = b.g AND a.x <= b.x AND b.day > '2026-01-02')": count(rows, func(r subRow) bool {
			return !r.gNull && !r.xNull && slicesAny(groups[r.g], func(o subRow) bool { return !o.xNull && o.x >= r.x && o.day > "2026-01-02" })
		}),
		"SELECT COUNT(*) FROM t a WHERE (EXISTS (SELECT 1 FROM t b WHERE b.g = a.g AND b.x > a.x)) = FALSE": count(rows, func(r subRow) bool {
			return !exists(r, func(x, own int) bool { return x > own })
		}),
		// IN reading the outer row: EXISTS with one more key.
		"SELECT COUNT(*) FROM t a WHERE a.g IN (SELECT id FROM u WHERE u.id = a.x)": count(rows, func(r subRow) bool { return !r.gNull && !r.xNull && r.g == r.x && uids[r.x] }),
		"SELECT COUNT(*) FROM t a WHERE a.x IN (SELECT b.x + 1 FROM t b WHERE b.g = a.g)": count(rows, func(r subRow) bool {
			return !r.gNull && !r.xNull && anyX(groups[r.g], func(x int) bool { return x+1 == r.x })
		}),
		// A key of many values (x: 101) over more rows than IN holds:
		// the join at once.
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.x = a.x AND b.day = '2026-01-01')": count(rows, func(r subRow) bool {
			return !r.xNull && slicesAny(rows, func(o subRow) bool { return !o.xNull && o.x == r.x && o.day == "2026-01-01" })
		}),
		// An aggregate without GROUP BY has a row: EXISTS is TRUE.
		"SELECT COUNT(*) FROM t WHERE EXISTS (SELECT COUNT(*) FROM u WHERE u.id = t.g)": "300",
		// The outer query a join; the subquery a join.
		"SELECT COUNT(*) FROM t JOIN u ON u.id = t.g WHERE t.x > (SELECT AVG(b.x) FROM t b WHERE b.g = u.id)": count(rows, func(r subRow) bool { return uids[r.g] && aboveAvg(r) }),
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x) FROM t b JOIN u ON u.id = b.g WHERE b.g = a.g)":  count(rows, func(r subRow) bool { return uids[r.g] && aboveAvg(r) }),
		// Inside a subquery that is not correlated itself.
		"SELECT COUNT(*) FROM u WHERE id IN (SELECT b.g FROM t b WHERE b.x > (SELECT AVG(c.x) FROM t c WHERE c.g = b.g))": fmt.Sprint(func() int {
			n := 0
			for id := range uids {
				if slicesAny(groups[id], aboveAvg) {
					n++
				}
			}
			return n
		}()),
	}
}

func slicesAny(rows []subRow, f func(subRow) bool) bool {
	for _, r := range rows {
		if f(r) {
			return true
		}
	}
	return false
}

func TestCorrelatedSubqueries(t *testing.T) {
	s, rows := subLakes(t)
	answers := correlatedAnswers(rows)
	wantAnswers(t, s, answers)
	// The join path of EXISTS (when IN would hold too many values)
	// answers as the IN path.
	old := maxInValues
	maxInValues = 3
	defer func() { maxInValues = old }()
	wantAnswers(t, s, answers)
}

func TestCorrelatedSubqueriesSpill(t *testing.T) {
	s, rows := subLakes(t)
	old := maxInValues
	maxInValues = 3
	defer func() { maxInValues = old }()
	for q, want := range correlatedAnswers(rows) {
		res := spillsAsInMemory(t, s, q, false)
		if !strings.Contains(q, "SELECT g,") {
			if got := strings.Join(rowsText(res), "\n"); got != want {
				t.Errorf("%s: %s, want %s", q, got, want)
			}
		}
	}
}

func TestCorrelatedPlan(t *testing.T) {
	s, _ := subLakes(t)
	// A key of many values over more rows than IN holds joins at once:
	// no IN list is read first.
	old := maxInValues
	maxInValues = 3
	text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.x = a.x AND b.day = '2026-01-01')"))
	maxInValues = old
	if strings.Contains(text, "Subquery, answered first") || !strings.Contains(text, "Join input") {
		t.Errorf("EXISTS over many values read them as an IN list first:\n%s", text)
	}
	text = table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x) FROM t b WHERE b.g = a.g AND b.day = '2026-01-01')"))
	if !strings.Contains(text, "JOIN") || !strings.Contains(text, "GROUP BY") {
		t.Errorf("EXPLAIN of a correlated subquery does not show its join:\n%s", text)
	}
}

// A correlated scalar subquery in the select list of a query that groups,
// reading its GROUP BY columns (qualified or not), has one value a group:
// each query against the same asked of a derived table of the groups.
func TestCorrelatedInGroupedSelect(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT day, (SELECT MAX(x) FROM t b WHERE b.day = a.day) AS m, COUNT(*) FROM t a GROUP BY day ORDER BY day",
			"SELECT day, (SELECT MAX(x) FROM t b WHERE b.day = g.day) AS m, c FROM (SELECT day, COUNT(*) AS c FROM t GROUP BY day) g ORDER BY day"},
		{"SELECT a.g, (SELECT COUNT(*) FROM u WHERE u.id = a.g) + COUNT(*) AS n FROM t a GROUP BY a.g ORDER BY a.g NULLS FIRST",
			"SELECT g, (SELECT COUNT(*) FROM u WHERE u.id = d.g) + c AS n FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d ORDER BY g NULLS FIRST"},
		// EXISTS, and HAVING, alike.
		{"SELECT g, EXISTS (SELECT 1 FROM u WHERE u.id = a.g AND u.kind = 'k0') AS e, COUNT(*) FROM t a GROUP BY g ORDER BY g NULLS FIRST",
			"SELECT g, EXISTS (SELECT 1 FROM u WHERE u.id = d.g AND u.kind = 'k0') AS e, c FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d ORDER BY g NULLS FIRST"},
		{"SELECT g, COUNT(*) FROM t a GROUP BY g HAVING NOT EXISTS (SELECT 1 FROM u WHERE u.id = a.g) AND COUNT(*) > 1 ORDER BY g NULLS FIRST",
			"SELECT g, c FROM (SELECT g, COUNT(*) AS c FROM t GROUP BY g) d WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = d.g) AND c > 1 ORDER BY g NULLS FIRST"},
		{"SELECT day, COUNT(*) FROM t a GROUP BY day HAVING (SELECT COUNT(*) FROM t b WHERE b.day = a.day AND b.x > 90) > 2 ORDER BY day",
			"SELECT day, c FROM (SELECT day, COUNT(*) AS c FROM t GROUP BY day) d WHERE (SELECT COUNT(*) FROM t b WHERE b.day = d.day AND b.x > 90) > 2 ORDER BY day"},
	})
	// A column that is not grouped has no one value a group: refused.
	if _, err := s.Exec(context.Background(), "SELECT day, (SELECT MAX(x) FROM t b WHERE b.g = a.g) FROM t a GROUP BY day"); err == nil {
		t.Error("a subquery reading a column outside GROUP BY: no error")
	}
}

// TestStarLeavesOutDecorrelatedTables: SELECT * over a query whose
// correlated EXISTS, NOT EXISTS, IN of a tuple or SEMI/ANTI JOIN became a
// join spells the outer table's columns alone, not the joined table's
// keys and marks (__k1, __k2, __m), in a CTE too.
func TestStarLeavesOutDecorrelatedTables(t *testing.T) {
	s := fixedLake(t, []string{"c"}, `{"a":1,"b":"x","c":1}`, `{"a":2,"b":"y","c":1}`, `{"a":1,"b":"x","c":2}`, `{"a":3,"b":"z","c":2}`)
	old := maxInValues
	defer func() { maxInValues = old }()
	queries := map[string]string{
		"SELECT * FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.a = t.a AND u.b = t.b AND u.c <> t.c) ORDER BY c, a":              "1 x 1|1 x 2",
		"SELECT * FROM t WHERE NOT EXISTS (SELECT 1 FROM t u WHERE u.a = t.a AND u.b = t.b AND u.c <> t.c) ORDER BY c, a":          "2 y 1|3 z 2",
		"SELECT * FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.a = t.a AND u.c <> t.c) ORDER BY c, a":                            "1 x 1|1 x 2",
		"SELECT * FROM t WHERE (a, c) IN (SELECT a, c + 1 FROM t) ORDER BY c, a":                                                   "1 x 2",
		"WITH z AS (SELECT * FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.a = t.a AND u.b = t.b AND u.c > t.c)) SELECT * FROM z": "1 x 1",
		"SELECT * EXCLUDE (b) FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.a = t.a AND u.b = t.b AND u.c > t.c)":                 "1 1",
	}
	for _, limit := range []int{old, 1} {
		maxInValues = limit // 1: every EXISTS joins
		for q, want := range queries {
			res, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			var names []string
			for _, c := range res.Columns {
				names = append(names, c.Name)
			}
			wantNames := "a b c"
			if strings.Contains(q, "EXCLUDE") {
				wantNames = "a c"
			}
			if strings.Join(names, " ") != wantNames {
				t.Errorf("%s (IN values %d): columns %v, want %s", q, limit, names, wantNames)
			}
			var rows []string
			for _, r := range res.Rows {
				var cells []string
				for _, v := range r {
					cells = append(cells, v.String())
				}
				rows = append(rows, strings.Join(cells, " "))
			}
			if got := strings.Join(rows, "|"); got != want {
				t.Errorf("%s (IN values %d): %s, want %s", q, limit, got, want)
			}
		}
	}
}
