package sql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPivot: PIVOT's columns are the ON values in the order of their
// text (or IN's), each an aggregate FILTERed to its rows, grouped by GROUP
// BY or else by every column that ON and USING do not name; the answers
// are counted here from the rows themselves.
func TestPivot(t *testing.T) {
	s, rows := subLakes(t)
	days := []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"}
	groups := map[string]bool{}
	count := map[string]int{}
	sum := map[string]int{}
	has := map[string]bool{}
	for _, r := range rows {
		g := fmt.Sprint(r.g)
		if r.gNull {
			g = "NULL"
		}
		groups[g] = true
		count[g+"|"+r.day]++
		if !r.xNull {
			sum[g+"|"+r.day] += r.x
			has[g+"|"+r.day] = true
		}
	}
	var order []string
	for g := range groups {
		order = append(order, g)
	}
	slices.SortFunc(order, func(a, b string) int {
		if a == "NULL" || b == "NULL" {
			return strings.Compare(b, a) // NULL first
		}
		var x, y int
		fmt.Sscan(a, &x)
		fmt.Sscan(b, &y)
		return x - y
	})
	want := func(cell func(g, day string) string) []string {
		var out []string
		for _, g := range order {
			line := g
			for _, d := range days {
				line += "|" + cell(g, d)
			}
			out = append(out, line)
		}
		return out
	}
	counts := want(func(g, d string) string { return fmt.Sprint(count[g+"|"+d]) })
	sums := want(func(g, d string) string {
		if !has[g+"|"+d] {
			return "NULL"
		}
		return fmt.Sprint(sum[g+"|"+d])
	})
	for _, c := range []struct {
		q      string
		header string
		rows   []string
	}{
		{"PIVOT t ON day USING count(*) GROUP BY g ORDER BY g NULLS FIRST", "g|" + strings.Join(days, "|"), counts},
		{"PIVOT t ON day GROUP BY g ORDER BY g NULLS FIRST", "g|" + strings.Join(days, "|"), counts},
		{"PIVOT t ON day USING sum(x) ORDER BY g NULLS FIRST;", "g|" + strings.Join(days, "|"), sums},
		{"pivot_wider (SELECT g, day, x FROM t) ON day IN ('2026-01-01', '2026-01-02' AS two, '2026-01-03', '2026-01-04') USING SUM(x) AS s GROUP BY g ORDER BY g NULLS FIRST",
			"g|2026-01-01_s|two_s|2026-01-03_s|2026-01-04_s", sums},
	} {
		res, err := s.Exec(context.Background(), c.q)
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		var names []string
		for _, col := range res.Columns {
			names = append(names, col.Name)
		}
		if got := strings.Join(names, "|"); got != c.header {
			t.Errorf("%s: columns %s, want %s", c.q, got, c.header)
		}
		if got := rowsText(res); !slices.Equal(got, c.rows) {
			t.Errorf("%s:\n%s\nwant\n%s", c.q, strings.Join(got, "\n"), strings.Join(c.rows, "\n"))
		}
	}
	for q, want := range map[string]string{
		"PIVOT t USING sum(x)":                                        "PIVOT needs ON",
		"PIVOT ON day":                                                "PIVOT needs a lake",
		"PIVOT t ON day USING sum(x) GROUP g":                         "expected BY after GROUP",
		"PIVOT t ON day IN () USING sum(x)":                           "IN lists no values",
		"PIVOT t ON day GROUP BY g USING sum(x)":                      "PIVOT's clauses go in the order",
		"PIVOT t ON nosuch USING sum(x) GROUP BY g":                   "no value to pivot on",
		"PIVOT t ON day USING x GROUP BY g":                           "USING takes calls of aggregates",
		"PIVOT t ON day USING sum(x) + 1 GROUP BY g":                  "USING takes calls of aggregates",
		"PIVOT t ON day USING sum(x) FILTER (WHERE x > 1) GROUP BY g": "a FILTER of its own is not supported",
		"PIVOT t ON x, g USING sum(x)":                                "more than 1000 columns",
	} {
		_, err := s.Exec(context.Background(), q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
	}
	if _, err := s.Exec(context.Background(), "PIVOT t ON nosuch USING sum(x) GROUP BY g"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("PIVOT ON a field no row has: %v, want ErrUnsupported", err)
	}
}

// TestUnpivot: a row for each column of ON whose value is not NULL, the
// other columns beside it, counted here from the rows themselves; a
// source of random rows is read once.
func TestUnpivot(t *testing.T) {
	s, rows := subLakes(t)
	var want []string
	for _, r := range rows {
		g := fmt.Sprint(r.g)
		if r.gNull {
			continue // WHERE g IS NOT NULL below
		}
		want = append(want, fmt.Sprintf("%s|%s|gg|%s", r.day, g, g))
		if !r.xNull {
			want = append(want, fmt.Sprintf("%s|%s|x|%d", r.day, g, r.x))
		}
	}
	slices.Sort(want)
	q := "UNPIVOT (SELECT day, g AS k, g, x FROM t WHERE g IS NOT NULL) ON g AS gg, x INTO NAME col VALUE v"
	res, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, "|"); got != "day|k|col|v" {
		t.Errorf("%s: columns %s, want day|k|col|v", q, got)
	}
	got := rowsText(res)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n%s\nwant\n%s", q, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for q, want := range map[string]string{
		"UNPIVOT t INTO NAME a VALUE b":                 "UNPIVOT needs ON",
		"UNPIVOT t ON x INTO NAME a":                    "expected INTO NAME name VALUE value",
		"UNPIVOT t ON x ORDER BY x INTO NAME a VALUE b": "INTO goes before ORDER BY",
	} {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
	}
	// A field no row has is NULL in every row: nothing to unpivot (its
	// name is the source's, not the column names' beside it).
	if res, err := s.Exec(context.Background(), "UNPIVOT t ON nosuch INTO NAME n VALUE v"); err != nil {
		t.Errorf("UNPIVOT ON a field no row has: %v", err)
	} else if len(res.Rows) != 0 {
		t.Errorf("UNPIVOT ON a field no row has: %v, want no rows", rowsText(res))
	}
	q = "UNPIVOT (SELECT x AS id, x AS a, x AS b FROM t ORDER BY random() LIMIT 5) ON a, b"
	res, err = s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	ids := map[string]int{}
	for _, r := range res.Rows {
		if r[0].String() != r[2].String() {
			t.Errorf("%s: the row of %s has the value %s", q, r[0], r[2])
		}
		ids[r[0].String()]++
	}
	for id, n := range ids {
		if n%2 != 0 { // x repeats among t's rows: a and b of each reading
			t.Errorf("%s: %s has %d rows, want an even number (a and b of one reading)", q, id, n)
		}
	}
}
