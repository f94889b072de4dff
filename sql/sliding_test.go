package sql

import (
	"context"
	"fmt"
	"testing"
)

// TestSlidingFrames: COUNT, SUM, AVG, MIN and MAX over frames whose start
// moves (ROWS, RANGE and GROUPS with offsets, frames that end before the
// current row or begin after it, empty ones) take each row in and out
// once (aggregate.Sliding, bestQueue); they answer as the same aggregates
// over a self-join of the rows each frame holds. The data has NULLs,
// integers past 2^60 (their sums leave int64), strings and DOUBLEs; the
// frames are in memory and, at the smallest budget, spilled.
func TestSlidingFrames(t *testing.T) {
	skipUnderRace(t)
	s := spillLake(t, 1200, 41)
	// i numbers each day's rows in the order of f (no two alike); g has
	// NULLs and a value most rows share (peers).
	const numbered = `WITH n AS (SELECT day, f, x, g, s, ROW_NUMBER() OVER (PARTITION BY day ORDER BY f) AS i FROM t)`
	aggs := func(p string) string {
		return fmt.Sprintf("COUNT(%[1]sday), COUNT(%[1]sg), SUM(%[1]sx), AVG(%[1]sf), SUM(%[1]sg), AVG(%[1]sg), MIN(%[1]ss), MAX(%[1]ss), MIN(%[1]sf), MAX(%[1]sg)", p)
	}
	over := func(w string) string {
		var out string
		for k, a := range []string{"COUNT(*)", "COUNT(g)", "SUM(x)", "AVG(f)", "SUM(g)", "AVG(g)", "MIN(s)", "MAX(s)", "MIN(f)", "MAX(g)"} {
			if k > 0 {
				out += ", "
			}
			out += a + " OVER (" + w + ")"
		}
		return out
	}
	cases := []struct{ frame, join string }{
		{"ROWS BETWEEN 5 PRECEDING AND 3 FOLLOWING", "b.i BETWEEN a.i - 5 AND a.i + 3"},
		{"ROWS BETWEEN 40 PRECEDING AND 1 PRECEDING", "b.i BETWEEN a.i - 40 AND a.i - 1"},
		{"ROWS BETWEEN 2 FOLLOWING AND 7 FOLLOWING", "b.i BETWEEN a.i + 2 AND a.i + 7"},
		{"ROWS BETWEEN CURRENT ROW AND 300 FOLLOWING", "b.i BETWEEN a.i AND a.i + 300"},
		{"ROWS BETWEEN 1 PRECEDING AND 1 PRECEDING", "b.i = a.i - 1"},
	}
	for _, c := range cases {
		want, got := numbered+` SELECT a.day, a.i, `+aggs("b.")+` FROM n a LEFT JOIN n b ON a.day = b.day AND `+c.join+` GROUP BY a.day, a.i ORDER BY 1, 2`,
			numbered+` SELECT day, i, `+over("PARTITION BY day ORDER BY i "+c.frame)+` FROM n ORDER BY 1, 2`
		compareQueries(t, s, c.frame, want, got)
	}
	// RANGE and GROUPS by g, over the rows whose g is not NULL (a NULL's
	// frame is its peers): many rows share g = 7.
	ranges := []struct{ frame, join string }{
		{"RANGE BETWEEN 300 PRECEDING AND 100 FOLLOWING", "b.g BETWEEN a.g - 300 AND a.g + 100"},
		{"RANGE BETWEEN 50 FOLLOWING AND 900 FOLLOWING", "b.g BETWEEN a.g + 50 AND a.g + 900"},
		{"RANGE BETWEEN 2000 PRECEDING AND CURRENT ROW", "b.g BETWEEN a.g - 2000 AND a.g"},
	}
	for _, c := range ranges {
		want, got := `SELECT a.day, a.f, `+aggs("b.")+` FROM t a LEFT JOIN t b ON a.day = b.day AND `+c.join+` WHERE a.g IS NOT NULL GROUP BY a.day, a.f ORDER BY 1, 2`,
			`SELECT * FROM (SELECT day, f, g, `+over("PARTITION BY day ORDER BY g "+c.frame)+` FROM t) w WHERE g IS NOT NULL ORDER BY 1, 2`
		compareQueries(t, s, c.frame, want, got, 2)
	}
	groups := `WITH d AS (SELECT day, g, DENSE_RANK() OVER (PARTITION BY day ORDER BY g) AS k FROM t WHERE g IS NOT NULL), ` +
		`n AS (SELECT t.day, t.f, t.x, t.g, t.s, d.k FROM t JOIN (SELECT DISTINCT day, g, k FROM d) d ON t.day = d.day AND t.g = d.g)`
	want, got := groups+` SELECT a.day, a.f, `+aggs("b.")+` FROM n a LEFT JOIN n b ON a.day = b.day AND b.k BETWEEN a.k - 2 AND a.k + 1 GROUP BY a.day, a.f ORDER BY 1, 2`,
		groups+` SELECT day, f, `+over("PARTITION BY day ORDER BY g GROUPS BETWEEN 2 PRECEDING AND 1 FOLLOWING")+` FROM n ORDER BY 1, 2`
	compareQueries(t, s, "GROUPS", want, got)
}

// compareQueries runs want and got in memory and at the smallest budget
// and fails on a difference (the columns in skip of got's rows left out).
func compareQueries(t *testing.T, s *Session, name, want, got string, skip ...int) {
	t.Helper()
	for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
		s.Memory = m
		w, err := s.Exec(context.Background(), want)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := s.Exec(context.Background(), got)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows := g.Rows
		if len(skip) > 0 {
			rows = nil
			for _, r := range g.Rows {
				var k []Value
				for j, v := range r {
					if j != skip[0] {
						k = append(k, v)
					}
				}
				rows = append(rows, k)
			}
		}
		if len(w.Rows) < 100 {
			t.Fatalf("%s: %d rows", name, len(w.Rows))
		}
		if d := diffRows(w.Rows, rows, true); d != "" {
			t.Errorf("%s, limit %d: %s", name, m.Limit, d)
		}
	}
}
