package sql

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/types"
)

// TestMacros: the calls that DuckDB defines by others answer as those
// do, named as written, at the default memory limit and at the least
// (where MAD's values and COUNT(DISTINCT)'s go to disk).
func TestMacros(t *testing.T) {
	for _, limit := range []int64{0, MinMemoryLimit} {
		s := NewSession(catalog.New(t.TempDir()))
		s.Memory = Memory{Limit: limit, TempDir: t.TempDir()}
		run := func(q string) *Result {
			t.Helper()
			res, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatalf("limit %d: %s: %v", limit, q, err)
			}
			return res
		}
		// APPROX_COUNT_DISTINCT counts exactly, as COUNT(DISTINCT) does,
		// per group and of many values.
		res := run("SELECT g % 7 AS k, approx_count_distinct(g % 1000), COUNT(DISTINCT g % 1000), count_if(g % 3 = 0), COUNT(CASE WHEN g % 3 = 0 THEN 1 END) FROM generate_series(1, 200000) t(g) GROUP BY 1 ORDER BY 1")
		if len(res.Rows) != 7 {
			t.Fatalf("limit %d: %d groups", limit, len(res.Rows))
		}
		for _, r := range res.Rows {
			if types.Compare(r[1], r[2]) != 0 || r[1].I != 1000 || types.Compare(r[3], r[4]) != 0 {
				t.Errorf("limit %d: group %v: approx %v, exact %v, count_if %v, count %v", limit, r[0], r[1], r[2], r[3], r[4])
			}
		}
		if got := res.Columns[1].Name + "|" + res.Columns[3].Name; got != "approx_count_distinct((g % 1000))|count_if(((g % 3) = 0))" {
			t.Errorf("limit %d: columns %q", limit, got)
		}
		// COUNT_IF sums as DuckDB does: NULL of no row and of only NULL
		// conditions, 0 of only false ones.
		res = run("SELECT count_if(x > 5), count_if(x > 1 OR NULL), count_if(NULL), (SELECT count_if(x > 0) FROM (VALUES (1)) e(x) WHERE x > 9) FROM (VALUES (1), (2), (4)) t(x)")
		if got := fmt.Sprint(res.Rows[0]); got != "[0 2 NULL NULL]" {
			t.Errorf("limit %d: count_if of all false, some NULL, NULL, no row: %s, want [0 2 NULL NULL]", limit, got)
		}
		// GEOMEAN is EXP(AVG(LN(x))): 2, 8 give 4; a value at or below 0
		// is LN's error.
		res = run("SELECT geomean(x), geometric_mean(x) FROM (VALUES (2), (8), (NULL)) t(x)")
		if g := res.Rows[0][0]; g.K != types.Float || g.F() < 4-1e-12 || g.F() > 4+1e-12 || types.Compare(g, res.Rows[0][1]) != 0 {
			t.Errorf("limit %d: geomean of 2, 8: %v, %v", limit, g, res.Rows[0][1])
		}
		if res.Columns[0].Name != "geomean(x)" || res.Columns[1].Name != "geometric_mean(x)" {
			t.Errorf("limit %d: columns %v", limit, res.Columns)
		}
		for _, q := range []string{"SELECT geomean(x) FROM (VALUES (2), (0)) t(x)", "SELECT geomean(x) FROM (VALUES (2), (-1)) t(x)"} {
			if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), "LN") {
				t.Errorf("limit %d: %s: err %v, want LN's", limit, q, err)
			}
		}
		// MAD of many values per group: the distances from 0..999's
		// median 499.5 run 0.5 to 499.5, their median 250.
		res = run("SELECT g % 3 AS k, mad(g % 1000) FROM generate_series(0, 299999) t(g) GROUP BY 1 ORDER BY 1")
		for _, r := range res.Rows {
			if r[1].K != types.Float || r[1].F() != 250 {
				t.Errorf("limit %d: MAD of group %v: %v, want 250", limit, r[0], r[1])
			}
		}
		if _, err := s.Exec(context.Background(), "SELECT mad(x) FROM (VALUES ('a'), ('b')) t(x)"); err == nil || !strings.Contains(err.Error(), "MAD takes numbers") {
			t.Errorf("limit %d: MAD of texts: %v", limit, err)
		}
		// WEIGHTED_AVG: SUM(v * w) over the weights of the rows with a v
		// (DuckDB's macro), per group of many rows; WAVG names itself.
		res = run("SELECT g % 5 AS k, weighted_avg(g, g % 3), SUM(g * (g % 3)) / SUM(g % 3), wavg(CASE WHEN g % 4 = 0 THEN NULL ELSE g END, 1), AVG(CASE WHEN g % 4 = 0 THEN NULL ELSE g END) FROM generate_series(1, 100000) t(g) GROUP BY 1 ORDER BY 1")
		for _, r := range res.Rows {
			if types.Compare(r[1], r[2]) != 0 || r[3].K != types.Float || r[3].F() != r[4].F() {
				t.Errorf("limit %d: group %v: weighted_avg %v, by hand %v; wavg %v, avg %v", limit, r[0], r[1], r[2], r[3], r[4])
			}
		}
		if res.Columns[1].Name != "weighted_avg(g, (g % 3))" || !strings.HasPrefix(res.Columns[3].Name, "wavg(CASE") {
			t.Errorf("limit %d: columns %v", limit, res.Columns)
		}
		// ROUND_EVEN: halves to the even neighbour, as DuckDB's macro
		// decides them; RANK_DENSE is DENSE_RANK, named as written.
		res = run("SELECT round_even(x, 0), roundbankers(x, 0), round_even(x * 10, -1), rank_dense() OVER (ORDER BY x) FROM (VALUES (0.5), (1.5), (2.5), (-2.5), (2.4)) t(x) ORDER BY x")
		want := [][3]float64{{-2, -2, -20}, {0, 0, 0}, {2, 2, 20}, {2, 2, 20}, {2, 2, 20}}
		for i, r := range res.Rows {
			for j := range 3 {
				if r[j].K != types.Float || r[j].F() != want[i][j] {
					t.Errorf("limit %d: row %d: %v, want %v", limit, i, r, want[i])
					break
				}
			}
			if r[3].I != int64(i+1) {
				t.Errorf("limit %d: row %d: rank_dense %v", limit, i, r[3])
			}
		}
		if res.Columns[0].Name != "round_even(x, 0)" || res.Columns[3].Name != "rank_dense() OVER (ORDER BY x)" {
			t.Errorf("limit %d: columns %v", limit, res.Columns)
		}
	}
}
