package sql

import (
	"context"
	"fmt"
	"testing"
)

// Rows of values compare as DuckDB compares them: (a, b) = (c, d) and an
// IN list of rows as structs, NULL a value like another (never NULL);
// (a, b) IN (SELECT …) as = ANY, where a NULL on either side makes the
// comparison NULL. Counted over the rows of t against a Go oracle.
func TestRowValues(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	type pair struct{ g, x *int }
	of := func(r subRow) pair {
		var p pair
		if !r.gNull {
			p.g = &r.g
		}
		if !r.xNull {
			p.x = &r.x
		}
		return p
	}
	same := func(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	// in is (a) IN (set) by = ANY's rules: 1 true, 0 false, -1 NULL.
	in := func(a pair, set []pair) int {
		if len(set) == 0 {
			return 0
		}
		if a.g == nil || a.x == nil {
			return -1
		}
		out := 0
		for _, r := range set {
			switch {
			case r.g == nil || r.x == nil:
				out = -1
			case *r.g == *a.g && *r.x == *a.x:
				return 1
			}
		}
		return out
	}
	subset := func(keep func(subRow) bool) []pair {
		var out []pair
		for _, r := range rows {
			if keep(r) {
				out = append(out, of(r))
			}
		}
		return out
	}
	count := func(keep func(pair) bool) string {
		n := 0
		for _, r := range rows {
			if keep(of(r)) {
				n++
			}
		}
		return fmt.Sprint(n)
	}
	big := subset(func(r subRow) bool { return !r.xNull && r.x > 50 })
	bigOrNull := subset(func(r subRow) bool { return r.xNull || r.x > 90 })
	// A row of t with a NULL g, and one with a NULL x, to look for.
	var gNull, xNull subRow
	for _, r := range rows {
		if r.gNull && !r.xNull && gNull.x == 0 {
			gNull = r
		}
		if r.xNull && !r.gNull && xNull.g == 0 {
			xNull = r
		}
	}
	gOfXNull, xOfGNull := xNull.g, gNull.x
	cases := []struct{ q, want string }{
		{"SELECT COUNT(*) FROM t WHERE (g, x) IN (SELECT g, x FROM t WHERE x > 50)", count(func(p pair) bool { return in(p, big) == 1 })},
		{"SELECT COUNT(*) FROM t WHERE (g, x) NOT IN (SELECT g, x FROM t WHERE x > 50)", count(func(p pair) bool { return in(p, big) == 0 })},
		{"SELECT COUNT(*) FROM t WHERE ((g, x) IN (SELECT g, x FROM t WHERE x > 50)) IS NULL", count(func(p pair) bool { return in(p, big) == -1 })},
		{"SELECT COUNT(*) FROM t WHERE (g, x) NOT IN (SELECT g, x FROM t WHERE x IS NULL OR x > 90)", count(func(p pair) bool { return in(p, bigOrNull) == 0 })},
		{"SELECT COUNT(*) FROM t WHERE ((g, x) IN (SELECT g, x FROM t WHERE x IS NULL OR x > 90)) IS NULL", count(func(p pair) bool { return in(p, bigOrNull) == -1 })},
		{"SELECT COUNT(*) FROM t WHERE (g, x) NOT IN (SELECT g, x FROM t WHERE x > 1000)", count(func(pair) bool { return true })},
		{fmt.Sprintf("SELECT COUNT(*) FROM t WHERE (g, x) = (%d, NULL)", gOfXNull), count(func(p pair) bool { return same(p.g, &gOfXNull) && p.x == nil })},
		{fmt.Sprintf("SELECT COUNT(*) FROM t WHERE (g, x) <> (%d, NULL)", gOfXNull), count(func(p pair) bool { return !(same(p.g, &gOfXNull) && p.x == nil) })},
		{fmt.Sprintf("SELECT COUNT(*) FROM t WHERE (g, x) IN ((NULL, %d), (%d, NULL))", xOfGNull, gOfXNull), count(func(p pair) bool {
			return p.g == nil && same(p.x, &xOfGNull) || same(p.g, &gOfXNull) && p.x == nil
		})},
		{fmt.Sprintf("SELECT COUNT(*) FROM t WHERE (g, x) NOT IN ((NULL, %d), (%d, NULL))", xOfGNull, gOfXNull), count(func(p pair) bool {
			return !(p.g == nil && same(p.x, &xOfGNull) || same(p.g, &gOfXNull) && p.x == nil)
		})},
		// Two rows IN in one WHERE (the pre-parse once took the AND
		// between them for a derived table's alias).
		{"SELECT COUNT(*) FROM t WHERE (g, x) IN (SELECT g, x FROM t WHERE x > 50) AND (g, x) IN (SELECT g, x FROM t WHERE g < 5)", count(func(p pair) bool {
			return in(p, big) == 1 && in(p, subset(func(r subRow) bool { return !r.gNull && r.g < 5 })) == 1
		})},
	}
	for _, c := range cases {
		res, err := s.Exec(context.Background(), c.q)
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		if got := res.Rows[0][0].String(); got != c.want {
			t.Errorf("%s = %s, want %s", c.q, got, c.want)
		}
	}
	for _, bad := range []string{
		"SELECT COUNT(*) FROM t WHERE (g, x) IN (SELECT g FROM t)",
		"SELECT COUNT(*) FROM t WHERE (g, x) IN (SELECT * FROM t)",
		"SELECT COUNT(*) FROM t WHERE (g, x) = (1, 2, 3)",
		"SELECT COUNT(*) FROM t WHERE (g, x) < (1, 2)",
		"SELECT COUNT(*) FROM t WHERE (g, x) IN ((1, 2), 3)",
	} {
		if _, err := s.Exec(context.Background(), bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
