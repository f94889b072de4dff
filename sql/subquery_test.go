package sql

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/types"
)

// subLakes writes lake t (rows of g, x, day; NULLs among them) and lake u
// (ids, some of them t's g) in one work folder, and returns the session
// with t's rows for computing answers here.
func subLakes(t *testing.T) (*Session, []subRow) {
	t.Helper()
	dir := t.TempDir()
	var rows []subRow
	var b strings.Builder
	for i := range 300 {
		r := subRow{g: i % 23, x: (i * 37) % 101, day: fmt.Sprintf("2026-01-0%d", 1+i%4), gNull: i%17 == 0, xNull: i%29 == 0}
		rows = append(rows, r)
		g, x := fmt.Sprint(r.g), fmt.Sprint(r.x)
		if r.gNull {
			g = "null"
		}
		if r.xNull {
			x = "null"
		}
		fmt.Fprintf(&b, `{"g":%s,"x":%s,"day":"%s"}`+"\n", g, x, r.day)
	}
	raw := filepath.Join(dir, "t.jsonl")
	os.WriteFile(raw, []byte(b.String()), 0o644)
	c := catalog.New(dir)
	if _, err := c.Create("t", []string{"day"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	for i := range 12 {
		fmt.Fprintf(&b, `{"id":%d,"kind":"k%d"}`+"\n", i*2, i%2)
	}
	b.WriteString(`{"id":null,"kind":"k9"}` + "\n")
	raw = filepath.Join(dir, "u.jsonl")
	os.WriteFile(raw, []byte(b.String()), 0o644)
	if _, err := c.Create("u", []string{"kind"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	return NewSession(c), rows
}

type subRow struct {
	g, x         int
	day          string
	gNull, xNull bool
}

func count(rows []subRow, keep func(subRow) bool) string {
	n := 0
	for _, r := range rows {
		if keep(r) {
			n++
		}
	}
	return fmt.Sprint(n)
}

func TestSubqueriesAnswer(t *testing.T) {
	s, rows := subLakes(t)
	sum, n := 0, 0
	for _, r := range rows {
		if !r.xNull {
			sum += r.x
			n++
		}
	}
	avg := float64(sum) / float64(n)
	uids := map[int]bool{} // u's ids, kind k0: 0, 4, 8, …
	for i := range 12 {
		if i%2 == 0 {
			uids[i*2] = true
		}
	}
	inU := func(r subRow) bool { return !r.gNull && uids[r.g] }
	wantAnswers(t, s, map[string]string{
		// A value.
		"SELECT COUNT(*) FROM t WHERE x > (SELECT AVG(x) FROM t)": count(rows, func(r subRow) bool { return !r.xNull && float64(r.x) > avg }),
		"SELECT COUNT(*) FROM t WHERE x = (SELECT MAX(x) FROM t WHERE day = '2026-01-02')": count(rows, func(r subRow) bool {
			m := 0
			for _, o := range rows {
				if o.day == "2026-01-02" && !o.xNull {
					m = max(m, o.x)
				}
			}
			return !r.xNull && r.x == m
		}),
		// No row: NULL.
		"SELECT COUNT(*) FROM t WHERE x > (SELECT x FROM t WHERE x > 1000)": "0",
		"SELECT (SELECT x FROM t WHERE x > 1000) IS NULL":                   "true",
		// IN over another lake, and NOT IN; a NULL among the values.
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u WHERE kind = 'k0')":                                     count(rows, inU),
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u WHERE kind = 'k0')":                                 count(rows, func(r subRow) bool { return !r.gNull && !uids[r.g] }),
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u)":                                                   "0",
		"SELECT COUNT(*) FROM t WHERE (g IN (SELECT id FROM u)) IS NULL":                                             count(rows, func(r subRow) bool { return r.gNull || r.g%2 == 1 || r.g > 22 }),
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u WHERE kind = 'k0') AND day IN (SELECT MAX(day) FROM t)": count(rows, func(r subRow) bool { return inU(r) && r.day == "2026-01-04" }),
		// No values: FALSE (NOT IN: TRUE), a NULL x too.
		"SELECT COUNT(*) FROM t WHERE (g IN (SELECT id FROM u WHERE id > 100)) IS FALSE": "300",
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u WHERE id > 100)":        "300",
		// EXISTS.
		"SELECT EXISTS (SELECT 1 FROM u WHERE kind = 'k1'), NOT EXISTS (SELECT * FROM u WHERE id > 100)": "true|true",
		"SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM u WHERE id > 100)":                           "0",
		// Nested, and in the select list, GROUP BY and HAVING.
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u WHERE id IN (SELECT g FROM t WHERE x = 0))": count(rows, func(r subRow) bool {
			zero := map[int]bool{}
			for _, o := range rows {
				if !o.xNull && o.x == 0 && !o.gNull {
					zero[o.g] = true
				}
			}
			return !r.gNull && zero[r.g] && r.g%2 == 0 && r.g <= 22
		}),
		"SELECT day, COUNT(*) FROM t GROUP BY day HAVING COUNT(*) > (SELECT COUNT(*) / 5 FROM t) ORDER BY day LIMIT 1": "2026-01-01|75",
		// A correlated EXISTS of one equality is a semi-join: EXISTS and
		// NOT EXISTS answer TRUE or FALSE, for NULL keys too.
		"SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.g AND u.kind = 'k0')": count(rows, func(r subRow) bool { return !r.gNull && uids[r.g] }),
		"SELECT COUNT(*) FROM t WHERE NOT EXISTS (SELECT * FROM u WHERE t.g = u.id)":               count(rows, func(r subRow) bool { return r.gNull || r.g%2 == 1 || r.g > 22 }),
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.g = a.g AND b.x > 95)": count(rows, func(r subRow) bool {
			for _, o := range rows {
				if !o.gNull && !r.gNull && o.g == r.g && !o.xNull && o.x > 95 {
					return true
				}
			}
			return false
		}),
		"SELECT COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM u WHERE u.id = t.g) THEN 1 ELSE 0 END) FROM t": "300|" + count(rows, func(r subRow) bool { return !r.gNull && r.g%2 == 0 && r.g <= 22 }),
		"SELECT (SELECT COUNT(*) FROM u) AS n, COUNT(*) FROM t WHERE day = '2026-01-01'":                     "13|75",
	})
	// The column keeps its name; the subquery's values prune.
	res := query(t, s, "SELECT (SELECT MAX(id) FROM u), COUNT(*) FROM t")
	if res.Columns[0].Name != "(SELECT MAX(id) FROM u)" {
		t.Errorf("column named %q", res.Columns[0].Name)
	}
	plan := query(t, s, "EXPLAIN SELECT COUNT(*) FROM t WHERE day IN (SELECT MAX(day) FROM t) AND x > 0")
	if text := table(plan); !strings.Contains(text, "Scanning 1/4 files") {
		t.Errorf("the subquery's answer does not prune:\n%s", text)
	}
	// EXPLAIN shows each subquery's own plan, pruned by its own WHERE.
	text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u WHERE kind = 'k1')"))
	if !strings.Contains(text, "Subquery, answered first: SELECT id FROM u WHERE kind = 'k1'") || !strings.Contains(text, "  Scanning 1/3 files") {
		t.Errorf("EXPLAIN without the subquery's plan:\n%s", text)
	}
}

func TestSubqueriesRefused(t *testing.T) {
	s, rows := subLakes(t)
	old := maxInValues
	maxInValues = 10
	defer func() { maxInValues = old }()
	// The limit is on distinct values: t's 300 rows hold 24 values of g.
	maxInValues = 30
	if got := table(query(t, s, "SELECT COUNT(*) FROM t WHERE g IN (SELECT g FROM t ORDER BY x)")); got != "count_star()\n"+count(rows, func(r subRow) bool { return !r.gNull }) {
		t.Errorf("IN over 300 rows of 24 values: %s", got)
	}
	maxInValues = 10
	// More values than that: a term of WHERE is answered by a join.
	if got := table(query(t, s, "SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u) AND x > 10")); got != "count_star()\n"+count(rows, func(r subRow) bool { return !r.gNull && r.g%2 == 0 && r.g <= 22 && !r.xNull && r.x > 10 }) {
		t.Errorf("IN over more values than it holds: %s", got)
	}
	for q, want := range map[string]string{
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT b.x FROM t b WHERE b.g = a.g)":                                    "a correlated scalar subquery that is not an aggregate",
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x) FROM t b WHERE b.g = a.g GROUP BY b.g)":                  "a correlated scalar subquery with GROUP BY",
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x) FROM t b WHERE b.g = a.g OR b.x = a.x)":                  "whose term b.g = a.g OR b.x = a.x is not a comparison",
		"SELECT COUNT(*) FROM t a WHERE x > (SELECT AVG(b.x + a.x) FROM t b WHERE b.g = a.g)":                         "that reads the outer query outside its WHERE",
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM u WHERE u.id IN (SELECT b.g FROM t b WHERE b.x = a.x))": "a correlated subquery (it reads a.x of the outer query)",
		"SELECT COUNT(*) FROM t a WHERE a.g NOT IN (SELECT id FROM u WHERE u.id = a.x LIMIT 3)":                       "a correlated subquery (it reads a.x of the outer query)",
		"SELECT x, (SELECT COUNT(*) FROM u WHERE u.id = t.g) FROM t GROUP BY x":                                       "a correlated subquery (it reads t.g of the outer query)",
		"SELECT (SELECT id FROM u)":                                         "more than one row returned by a subquery used as a value",
		"SELECT (SELECT id, kind FROM u WHERE id = 0)":                      "must give one column, not 2",
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id, kind FROM u)":        "IN must give one column, not 2",
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u) OR x = 1": "more than 10 values",
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM u) OR x = 1":     "more than 10 values",
		"SELECT COUNT(*) FROM t WHERE g IN (SELECT id FROM nosuch)":         "nosuch",
		"SELECT (SELECT 1 UNION SELECT 2)":                                  "more than one row returned by a subquery used as a value",
	} {
		_, err := s.Exec(context.Background(), q)
		var se *SubqueryError
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		} else if strings.Contains(want, "correlated") && !errors.As(err, &se) {
			t.Errorf("%s: %T, want a SubqueryError", q, err)
		}
	}
}

// A correlated subquery whose WHERE compares its own values with the
// outer query's otherwise than by equality meets the outer values, each
// once, and answers as counted here row by row; a NULL outer value meets
// nothing (COUNT 0, EXISTS false).
func TestCorrelatedRanges(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sumOver := func(f func(a subRow) int) string {
		n := 0
		for _, a := range rows {
			n += f(a)
		}
		return fmt.Sprint(n)
	}
	countOf := func(keep func(b subRow) bool) int {
		n := 0
		for _, b := range rows {
			if keep(b) {
				n++
			}
		}
		return n
	}
	b2i := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	wantAnswers(t, s, map[string]string{
		// Same g, smaller x.
		"SELECT SUM(c) FROM (SELECT (SELECT COUNT(*) FROM t u WHERE u.g = t.g AND u.x < t.x) AS c FROM t) d": sumOver(func(a subRow) int {
			return countOf(func(b subRow) bool { return !a.gNull && !b.gNull && a.g == b.g && !a.xNull && !b.xNull && b.x < a.x })
		}),
		// No equality: every pair; BETWEEN is two comparisons.
		"SELECT SUM(c) FROM (SELECT (SELECT COUNT(*) FROM t u WHERE u.x BETWEEN t.x - 2 AND t.x + 2) AS c FROM t) d": sumOver(func(a subRow) int {
			return countOf(func(b subRow) bool { return !a.xNull && !b.xNull && b.x >= a.x-2 && b.x <= a.x+2 })
		}),
		"SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.x > t.x + 95)": sumOver(func(a subRow) int {
			return b2i(countOf(func(b subRow) bool { return !a.xNull && !b.xNull && b.x > a.x+95 }) > 0)
		}),
		"SELECT COUNT(*) FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id > t.g)": sumOver(func(a subRow) int {
			return b2i(a.gNull || a.g >= 22)
		}),
		// An equality and two comparisons that no row meets.
		"SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM u WHERE u.id = a.g AND u.id > a.x AND u.id < a.x)": "0",
		// An outer expression as the key.
		"SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.g + 1)": sumOver(func(a subRow) int {
			return b2i(!a.gNull && (a.g+1)%2 == 0 && a.g+1 <= 22)
		}),
	})
}

// TestNotInOfManyValues: x NOT IN (SELECT c …) in WHERE, over more values
// of c than IN holds, is answered by a join with them (or by no row when
// c has a NULL) as the IN list answers it, in memory and spilling.
func TestNotInOfManyValues(t *testing.T) {
	s, rows := subLakes(t)
	queries := []string{
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u)",
		"SELECT COUNT(*) FROM t WHERE g NOT IN (SELECT id FROM u WHERE id IS NOT NULL)",
		"SELECT COUNT(*), SUM(x) FROM t WHERE x NOT IN (SELECT g FROM t WHERE g IS NOT NULL) AND day > '2026-01-01'",
		"SELECT COUNT(*) FROM t WHERE x NOT IN (SELECT g FROM t)",
		"SELECT id FROM u WHERE id NOT IN (SELECT g FROM t WHERE g IS NOT NULL) ORDER BY id",
		"SELECT a.day, COUNT(*) FROM t a WHERE a.g NOT IN (SELECT b.x + 1 FROM t b WHERE b.x IS NOT NULL AND b.day = '2026-01-02') GROUP BY a.day ORDER BY 1",
	}
	want := map[string][]string{}
	for _, q := range queries {
		want[q] = rowsText(query(t, s, q))
	}
	// The list's answers, checked by hand for the first two.
	notNull := count(rows, func(r subRow) bool { return !r.gNull && !(r.g%2 == 0 && r.g <= 22) })
	if got := want[queries[0]]; len(got) != 1 || got[0] != "0" {
		t.Errorf("%s: %v, want 0 (u's ids hold a NULL)", queries[0], got)
	}
	if got := want[queries[1]]; len(got) != 1 || got[0] != notNull {
		t.Errorf("%s: %v, want %s", queries[1], got, notNull)
	}
	old := maxInValues
	maxInValues = 3
	defer func() { maxInValues = old }()
	for _, q := range queries {
		got := rowsText(spillsAsInMemory(t, s, q, strings.Contains(q, "ORDER BY")))
		if !slices.Equal(got, want[q]) {
			t.Errorf("%s, by a join: %v, want %v", q, got, want[q])
		}
	}
}

// TestCorrelatedIn: x [NOT] IN (SELECT c … WHERE p), p reading the outer
// row, in WHERE (under OR too) and in the select list, answers with SQL's
// NULL rules, counted here from the rows; an unqualified x is the outer
// query's column even where the subquery's table has one of that name
// (it was read as the subquery's: every row with a match of p passed).
func TestCorrelatedIn(t *testing.T) {
	s, rows := subLakes(t)
	// in is x IN (the g of the rows of day d): true, false or NULL.
	in := func(x int, xNull bool, day string) types.Value {
		found, null, any := false, false, false
		for _, b := range rows {
			if b.day != day {
				continue
			}
			any = true
			switch {
			case b.gNull:
				null = true
			case !xNull && b.g == x:
				found = true
			}
		}
		switch {
		case found:
			return types.BoolValue(true)
		case null || xNull && any:
			return types.Value{}
		}
		return types.BoolValue(false)
	}
	var inRows, notInRows int
	var list []string
	for _, r := range rows {
		v := in(r.x, r.xNull, r.day)
		if v.K == types.Bool && v.I == 1 {
			inRows++
		}
		if v.K == types.Bool && v.I == 0 {
			notInRows++
		}
		list = append(list, v.String())
	}
	for q, want := range map[string]string{
		"SELECT COUNT(*) FROM t a WHERE x IN (SELECT b.g FROM t b WHERE b.day = a.day)":                    fmt.Sprint(inRows),
		"SELECT COUNT(*) FROM t a WHERE x NOT IN (SELECT b.g FROM t b WHERE b.day = a.day)":                fmt.Sprint(notInRows),
		"SELECT COUNT(*) FROM t a WHERE x IN (SELECT b.g FROM t b WHERE b.day = a.day) OR 1 = 0":           fmt.Sprint(inRows),
		"SELECT COUNT(*) FROM t a WHERE NOT (x NOT IN (SELECT b.g FROM t b WHERE b.day = a.day) OR 1 = 0)": fmt.Sprint(inRows),
	} {
		if got := table(query(t, s, q)); got != "count_star()\n"+want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	got := rowsText(query(t, s, "SELECT x IN (SELECT b.g FROM t b WHERE b.day = a.day) FROM t a"))
	slices.Sort(got)
	slices.Sort(list)
	if !slices.Equal(got, list) {
		t.Errorf("in the select list: %v, want %v", got, list)
	}
}
