package sql

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// spillLake writes a lake of n random rows keyed by day: g a number of
// many values (one of them in a third of the rows, NULL and missing in
// others), s a string of fewer (empty and NULL among them), x an integer
// (some past 2^53), f a double, t text.
func spillLake(t *testing.T, n int, seed uint64) *Session {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var rows []string
	for range n {
		var m []string
		switch r := rng.IntN(20); {
		case r < 7:
			m = append(m, `"g":7`) // the skewed key
		case r == 7:
			m = append(m, `"g":null`)
		case r == 8:
		default:
			m = append(m, fmt.Sprintf(`"g":%d`, rng.IntN(n)))
		}
		switch r := rng.IntN(12); r {
		case 0:
			m = append(m, `"s":""`)
		case 1:
			m = append(m, `"s":null`)
		default:
			m = append(m, fmt.Sprintf(`"s":"s%d"`, rng.IntN(300)))
		}
		x := rng.Int64N(1000) - 300
		if rng.IntN(50) == 0 {
			x = 1<<60 + rng.Int64N(1000)
		}
		m = append(m, fmt.Sprintf(`"x":%d`, x), fmt.Sprintf(`"f":%g`, rng.NormFloat64()*100),
			fmt.Sprintf(`"t":"%s"`, strings.Repeat("ab", rng.IntN(6))), fmt.Sprintf(`"day":"2026-01-0%d"`, 1+rng.IntN(4)))
		rows = append(rows, "{"+strings.Join(m, ",")+"}")
	}
	return fixedLake(t, []string{"day"}, rows...)
}

// spillQueries are GROUP BY queries over every aggregate, on keys of many
// groups (so that a tiny budget spills them) and of few.
var spillQueries = []string{
	"SELECT g, COUNT(*), COUNT(x), SUM(x), AVG(x), MIN(t), MAX(f) FROM t GROUP BY g",
	"SELECT g, s, COUNT(*) AS c, SUM(f) FROM t GROUP BY g, s HAVING COUNT(*) > 0",
	"SELECT s, COUNT(DISTINCT g), COUNT(DISTINCT g, x), SUM(DISTINCT x) FROM t GROUP BY s",
	"SELECT g % 97 AS k, STDDEV(f), VAR_POP(x), MEDIAN(x), ANY_VALUE(day) IS NOT NULL FROM t GROUP BY k",
	// Quantiles of one group and of few, past the budget: their values
	// go to sorted runs on disk, merged for the result.
	"SELECT MEDIAN(x), QUANTILE_CONT(f, 0.9), QUANTILE_DISC(t, 0.25), MEDIAN(s), QUANTILE_DISC(g, 0.999), COUNT(*) FROM t",
	"SELECT s, MEDIAN(f), QUANTILE_DISC(x, 0.7), COUNT(DISTINCT g) FROM t GROUP BY s",
	"SELECT day, QUANTILE_CONT(x, 0.1), MEDIAN(g), QUANTILE_CONT(g, 0) FROM t GROUP BY day",
	// (MODE of a value that most rows hold: of values held equally
	// often it is the first that came, which the workers decide.)
	"SELECT MODE(g), ROUND(ENTROPY(g), 9), MODE(g % 50 + 0.5), ROUND(ENTROPY(t), 9), ROUND(ENTROPY(f), 9), COUNT(DISTINCT s) FROM t",
	"SELECT day, MODE(g), ROUND(ENTROPY(f), 9), MEDIAN(f) FROM t GROUP BY day",
	"SELECT s, MEDIAN(DISTINCT x), QUANTILE_CONT(DISTINCT f, 0.25), QUANTILE_DISC(DISTINCT g, 0.6), ROUND(ENTROPY(DISTINCT t), 9), MEDIAN(f) FROM t GROUP BY s",
	"SELECT MEDIAN(DISTINCT g), QUANTILE_DISC(DISTINCT t, 0.5), COUNT(DISTINCT x) FROM t",
	"SELECT g, GROUP_CONCAT(t ORDER BY x, t SEPARATOR '|'), BOOL_AND(x > 0), BOOL_OR(x > 900) FROM t GROUP BY g",
	"SELECT x, COUNT(*), SUM(x + 1), SUM(x + 2) FROM t GROUP BY x ORDER BY COUNT(*) DESC, x LIMIT 7",
	"SELECT g, x, COUNT(*) FROM t GROUP BY g, x HAVING COUNT(*) > 1",
	"SELECT s, g IS NULL, MIN(g), MAX(g), COUNT(*) FROM t WHERE day >= '2026-01-02' GROUP BY s, g IS NULL",
	"SELECT DISTINCT g % 10 FROM t",
	// A group per row (f): direct mode writes the rows out, every kind of
	// aggregate's arguments, from raw fields and from expressions.
	"SELECT f, COUNT(*), COUNT(s), SUM(x), AVG(x), MIN(t), MAX(s), MEDIAN(x), STDDEV(x), GROUP_CONCAT(s), COUNT(DISTINCT g), ANY_VALUE(day) FROM t GROUP BY f",
	"SELECT f, g, SUM(x + 1), AVG(f * 2), MIN(UPPER(t)), COUNT(NULLIF(s, 's1')), GROUP_CONCAT(s, '-' ORDER BY x), BOOL_OR(x > 0) FROM t GROUP BY f, g",
	// SELECT DISTINCT runs as GROUP BY; ORDER BY without a small LIMIT is
	// an external sort, over rows, over groups, over whole lines.
	"SELECT DISTINCT g, s FROM t",
	// Arguments that hold an earlier one's whole (TPC-H Q1's sums) read
	// its value, in direct mode too.
	"SELECT f, SUM(f * (1 - g % 5)), SUM(f * (1 - g % 5) * (1 + x % 3)), AVG(f * (1 - g % 5) + f) FROM t GROUP BY f",
	"SELECT s, SUM(f * (1 - g % 5)), SUM(f * (1 - g % 5) * (1 + x % 3)), COUNT(*) FROM t GROUP BY s",
	"SELECT DISTINCT s, x % 7 FROM t ORDER BY 2 DESC, 1 LIMIT 50 OFFSET 10",
	"SELECT g, x, t, f FROM t ORDER BY x, g DESC NULLS FIRST",
	"SELECT * FROM t ORDER BY f DESC",
	"SELECT g, COUNT(*) FROM t GROUP BY g ORDER BY COUNT(*) DESC, g",
	"SELECT x, f FROM t ORDER BY t, x LIMIT 20000 OFFSET 3",
	"SELECT g, SUM(x) FROM t GROUP BY g LIMIT 20000 OFFSET 5",
	// HAVING and the select list with functions that keep scratch state,
	// evaluated on every core as the spilled partitions finish.
	"SELECT g, CONCAT(MIN(t), MAX(s)) AS c FROM t GROUP BY g HAVING CONCAT(MIN(s), MIN(t)) LIKE '%s1%' AND REPLACE(MAX(s), 's', 'x') NOT IN ('x1', 'x2') ORDER BY COUNT(*) DESC, g",
}

// TestSpillingAggregateAnswersAsInMemory: every query under the smallest
// budget, where the groups go to spill files and back, gives the answer
// it gives in memory; the spill folder is gone after each.
func TestSpillingAggregateAnswersAsInMemory(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		s := spillLake(t, 6000, seed)
		tmp := t.TempDir()
		for _, q := range spillQueries {
			s.Memory = Memory{}
			want, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
			got, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatalf("spilling, %s: %v", q, err)
			}
			if d := diffRows(want.Rows, got.Rows, strings.Contains(q, "ORDER BY")); d != "" {
				t.Errorf("seed %d, %s: spilled answer differs: %s", seed, q, d)
			}
			if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
				t.Errorf("%s: left %v in the temporary folder", q, ents)
			}
		}
	}
}

// TestSpillingReallySpills: the budget makes the many-group queries spill,
// and EXPLAIN ANALYZE says so.
func TestSpillingReallySpills(t *testing.T) {
	s := spillLake(t, 6000, 3)
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	res := profiled(t, exec.WithMemory(context.Background(), s.Memory), s, spillQueries[0])
	agg := opStats[*plan.Aggregate](res)
	if agg.Spilled == 0 || agg.SpillFiles < 2 || agg.SpilledGroups < 6000/2 {
		t.Fatalf("aggregate stats %+v: want spilled bytes, files and groups", agg)
	}
	if agg.Peak == 0 || agg.Peak > MinMemoryLimit {
		t.Fatalf("aggregate peak %d: want some, within the limit %d", agg.Peak, MinMemoryLimit)
	}
	if text := explainAnalyze(t, s, spillQueries[0]); !strings.Contains(text, "spilled") {
		t.Errorf("EXPLAIN ANALYZE does not show the spill:\n%s", text)
	}
}

// TestSpillFullDisk: a spill write that fails (the disk full) is an error
// naming the spill folder, and nothing is left in it.
func TestSpillFullDisk(t *testing.T) {
	s := spillLake(t, 4000, 4)
	tmp := t.TempDir()
	for _, q := range []string{spillQueries[0], "SELECT g, x, t, f FROM t ORDER BY x, g DESC NULLS FIRST", "SELECT * FROM t ORDER BY f", "SELECT MEDIAN(x), QUANTILE_DISC(t, 0.25), MODE(g) FROM t"} {
		for _, at := range []int{1, 2, 3, 5, 8, 13, 40, 90, 200} {
			fs := storagetest.NewFaultFS(storage.OS, at)
			s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp, FS: fs}
			_, err := s.Exec(context.Background(), q)
			if fs.Count() < at {
				continue // the query needed fewer operations
			}
			if !errors.Is(err, storagetest.ErrInjected) || !strings.Contains(err.Error(), "spilling to "+tmp) {
				t.Errorf("%s, operation %d failing: %v, want the injected error naming %s", q, at, err, tmp)
			}
			if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
				t.Errorf("%s, operation %d failing: left %v", q, at, ents)
			}
		}
	}
}

// TestSpillCanceled: a query canceled while it spills leaves nothing.
func TestSpillCanceled(t *testing.T) {
	s := spillLake(t, 6000, 5)
	tmp := t.TempDir()
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
	for i, n := range []int{1, 2, 3, 1, 2, 3} {
		q := spillQueries[1]
		if i >= 3 {
			q = "SELECT g, x, t, f FROM t ORDER BY x, g DESC NULLS FIRST"
		}
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		ctx = WithProgress(ctx, func(int64, int64) {
			if calls++; calls == n {
				cancel()
			}
		})
		_, err := s.Exec(ctx, q)
		cancel()
		if err == nil && calls >= n {
			t.Errorf("canceled after %d progress reports: no error", n)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("canceled: left %v", ents)
		}
	}
}

func mustSnap(t *testing.T, s *Session) *catalog.Snapshot {
	t.Helper()
	snap, err := s.Catalog.Snapshot("t")
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// diffRows compares two answers, in order when ordered, else as
// multisets; doubles within 1e-9 relative (partial sums meet in another
// order when they spill). "" when equal.
func diffRows(want, got [][]Value, ordered bool) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d rows, want %d", len(got), len(want))
	}
	key := func(r []Value) string {
		var b strings.Builder
		for _, v := range r {
			if v.K == types.Float {
				fmt.Fprintf(&b, "%.6g|", v.F())
				continue
			}
			b.WriteString(v.String() + "|")
		}
		return b.String()
	}
	w, g := slices.Clone(want), slices.Clone(got)
	if !ordered {
		slices.SortFunc(w, func(a, b []Value) int { return strings.Compare(key(a), key(b)) })
		slices.SortFunc(g, func(a, b []Value) int { return strings.Compare(key(a), key(b)) })
	}
	for i := range w {
		for j := range w[i] {
			a, b := w[i][j], g[i][j]
			if a.K == types.Float && b.K == types.Float {
				if a.F() == b.F() || math.IsNaN(a.F()) && math.IsNaN(b.F()) ||
					math.Abs(a.F()-b.F()) <= 1e-9*math.Max(1, math.Abs(a.F())) {
					continue
				}
			}
			if a.K != b.K || a.String() != b.String() {
				return fmt.Sprintf("row %d: %v, want %v", i, g[i], w[i])
			}
		}
	}
	return ""
}

// TestSharedSums: the SUM(x + c) of one x that share one state (and
// spill with it) answer as the same sums computed one by one.
func TestSharedSums(t *testing.T) {
	s := spillLake(t, 3000, 9)
	shared := "SELECT g % 50 AS k, SUM(x), SUM(x + 1), SUM(2 + x), SUM(x + -7), SUM(f + 3), COUNT(x), SUM(x + 1) FROM t GROUP BY k"
	apart := "SELECT g % 50 AS k, SUM(x), SUM((x + 1) * 1), SUM((2 + x) * 1), SUM((x + -7) * 1), SUM((f + 3) * 1), COUNT(x), SUM((x + 1) * 1) FROM t GROUP BY k"
	for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
		s.Memory = m
		want, err := s.Exec(context.Background(), apart)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Exec(context.Background(), shared)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffRows(want.Rows, got.Rows, false); d != "" {
			t.Errorf("limit %d: shared sums differ: %s", m.Limit, d)
		}
	}
	if _, err := s.Exec(context.Background(), "SELECT SUM(t + 1), SUM(t + 2) FROM t"); err == nil {
		t.Error("SUM(text + 1): no error")
	}
}

// TestDerivedGroupKeys: GROUP BY x, x - 1, x + c, a constant computes the
// derived values once per group of x; the answer is the GROUP BY x one
// with those values in the select list, in memory and spilled, on keys
// that mix 1 and 1.0 and NULL.
func TestDerivedGroupKeys(t *testing.T) {
	s := spillLake(t, 3000, 21)
	pairs := [][2]string{
		{"SELECT g, g - 1, 10 + g, 'k', COUNT(*), SUM(x) FROM t GROUP BY g, g - 1, 10 + g, 'k'",
			"SELECT g, g - 1, 10 + g, 'k', COUNT(*), SUM(x) FROM t GROUP BY g"},
		{"SELECT 1, s, COUNT(*) AS c FROM t GROUP BY 1, s ORDER BY c DESC, s LIMIT 5",
			"SELECT 1, s, COUNT(*) AS c FROM t GROUP BY s ORDER BY c DESC, s LIMIT 5"},
		{"SELECT f, f + 1, COUNT(*) FROM t GROUP BY f, f + 1 HAVING COUNT(*) > 0",
			"SELECT f, f + 1, COUNT(*) FROM t GROUP BY f HAVING COUNT(*) > 0"},
	}
	for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
		s.Memory = m
		for _, p := range pairs {
			want, err := s.Exec(context.Background(), p[1])
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Exec(context.Background(), p[0])
			if err != nil {
				t.Fatal(err)
			}
			if d := diffRows(want.Rows, got.Rows, strings.Contains(p[0], "ORDER BY")); d != "" {
				t.Errorf("limit %d, %s: %s", m.Limit, p[0], d)
			}
		}
	}
	// 1 and 1.0 are one group of g; g + 1 is one value for it.
	m := fixedLake(t, []string{"d"}, `{"g":1,"d":"a"}`, `{"g":1.0,"d":"a"}`, `{"g":null,"d":"a"}`, `{"d":"a"}`, `{"g":2,"d":"a"}`)
	res, err := m.Exec(context.Background(), "SELECT g, g + 1, COUNT(*) FROM t GROUP BY g, g + 1 ORDER BY 3 DESC, 1")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 3 || res.Rows[0][2].I != 2 || res.Rows[0][1].String() != "2" || res.Rows[1][0].K != types.Null || res.Rows[1][2].I != 2 {
		t.Errorf("groups %v", res.Rows)
	}
}

// TestQuantilesOfDistinctValues: MEDIAN, QUANTILE and ENTROPY of DISTINCT
// x go through GROUP BY g, x (and spill with it, their values in runs);
// they answer as the per-group distinct sets do, which GROUP_CONCAT of
// DISTINCT beside keeps.
func TestQuantilesOfDistinctValues(t *testing.T) {
	s := spillLake(t, 6000, 32)
	for _, by := range []string{"", " GROUP BY day"} {
		key := "day"
		if by == "" {
			key = "COUNT(*)"
		}
		for _, arg := range []string{"x", "g", "f", "s"} {
			cols := fmt.Sprintf("MEDIAN(DISTINCT %s), QUANTILE_DISC(DISTINCT %s, 0.3), ROUND(ENTROPY(DISTINCT %s), 9)", arg, arg, arg)
			if arg != "s" {
				cols += fmt.Sprintf(", QUANTILE_CONT(DISTINCT %s, 0.8)", arg)
			}
			againstSets(t, s, key, cols, by)
		}
	}
}

// TestOrderBlindAggregatesOfDistinctValues: STDDEV, VARIANCE, SKEWNESS,
// KURTOSIS, PRODUCT, FSUM, BIT_* and BOOL_* of DISTINCT x go through the
// two steps of COUNT(DISTINCT x) (and spill with them); they answer as the
// per-group distinct sets do (kept when GROUP_CONCAT(DISTINCT) sits beside).
func TestOrderBlindAggregatesOfDistinctValues(t *testing.T) {
	skipUnderRace(t)
	s := spillLake(t, 6000, 33)
	cols := "ROUND(STDDEV(DISTINCT f), 6), ROUND(VAR_POP(DISTINCT x % 1000), 6), ROUND(SKEWNESS(DISTINCT x % 1000), 9), " +
		"ROUND(KURTOSIS(DISTINCT f), 9), PRODUCT(DISTINCT x % 3 + 2) > 0, ROUND(FSUM(DISTINCT f), 6), BIT_OR(DISTINCT x), " +
		"BIT_XOR(DISTINCT g), BIT_AND(DISTINCT x % 64 + 1000), BOOL_AND(DISTINCT x > -290), BOOL_OR(DISTINCT s = 's7')"
	for _, by := range []string{"", " GROUP BY day", " GROUP BY g % 5"} {
		key := "COUNT(*)"
		if by != "" {
			key = by[len(" GROUP BY "):]
		}
		againstSets(t, s, key, cols, by)
	}
}

// againstSets runs SELECT key, cols FROM t by, in memory and at the
// smallest budget, against the same with GROUP_CONCAT(DISTINCT day)
// beside, which keeps every DISTINCT aggregate on its per-group set.
func againstSets(t *testing.T, s *Session, key, cols, by string) {
	t.Helper()
	for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
		s.Memory = m
		want, err := s.Exec(context.Background(), "SELECT "+key+", "+cols+", GROUP_CONCAT(DISTINCT day) FROM t"+by+" ORDER BY 1")
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Exec(context.Background(), "SELECT "+key+", "+cols+" FROM t"+by+" ORDER BY 1")
		if err != nil {
			t.Fatal(err)
		}
		var w [][]Value
		for _, r := range want.Rows {
			w = append(w, r[:len(r)-1])
		}
		if d := diffRows(w, got.Rows, true); d != "" {
			t.Errorf("limit %d, %s%s: %s", m.Limit, cols, by, d)
		}
		if len(got.Rows) == 0 || got.Rows[0][1].IsNull() {
			t.Errorf("limit %d, %s%s: no answer: %v", m.Limit, cols, by, got.Rows)
		}
	}
}

// TestDistinctWithoutGroupBy: COUNT/SUM/AVG/MIN/MAX(DISTINCT x) without
// GROUP BY go through GROUP BY x (and spill with it); they answer as the
// per-query distinct sets do (kept when a DISTINCT of another argument
// sits beside).
func TestDistinctWithoutGroupBy(t *testing.T) {
	s := spillLake(t, 6000, 31)
	for _, where := range []string{"", " WHERE s <> 's1'", " WHERE g IS NULL", " WHERE x > 1e19"} {
		for _, arg := range []string{"x", "g", "f", "s"} {
			sums := fmt.Sprintf("SUM(DISTINCT %s), AVG(DISTINCT %s), ", arg, arg)
			if arg == "s" {
				sums = ""
			}
			cols := fmt.Sprintf("COUNT(DISTINCT %s), %sMIN(DISTINCT %s), MAX(DISTINCT %s)", arg, sums, arg, arg)
			for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
				s.Memory = m
				want, err := s.Exec(context.Background(), "SELECT "+cols+", COUNT(DISTINCT day, s) FROM t"+where)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Exec(context.Background(), "SELECT "+cols+" FROM t"+where)
				if err != nil {
					t.Fatal(err)
				}
				w := [][]Value{want.Rows[0][:len(want.Rows[0])-1]}
				if d := diffRows(w, got.Rows, true); d != "" {
					t.Errorf("limit %d, %s%s: %s", m.Limit, cols, where, d)
				}
			}
		}
	}
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	if text := explainAnalyze(t, s, "SELECT COUNT(DISTINCT g) FROM t"); !strings.Contains(text, "spilled") {
		t.Errorf("COUNT(DISTINCT g) of 6000 rows under 64KiB did not spill:\n%s", text)
	}
}

// TestExternalSortAnswersAsAStableSort: ORDER BY without LIMIT under the
// smallest budget writes many more sorted runs than it merges at once
// (so runs are merged into runs first), and its answer is the unsorted
// scan (in path order) sorted stably by the same keys, ties in path order.
func TestExternalSortAnswersAsAStableSort(t *testing.T) {
	s := spillLake(t, 6000, 6)
	all, err := s.Exec(context.Background(), "SELECT g, x, t, f FROM t")
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(all.Rows)
	slices.SortStableFunc(want, func(a, b []Value) int {
		if c := types.Compare(a[1], b[1]); c != 0 { // x: never NULL
			return c
		}
		switch an, bn := a[0].K == types.Null, b[0].K == types.Null; {
		case an && bn:
			return 0
		case an:
			return -1 // NULLS FIRST
		case bn:
			return 1
		}
		return -types.Compare(a[0], b[0])
	})
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	const q = "SELECT g, x, t, f FROM t ORDER BY x, g DESC NULLS FIRST"
	res := profiled(t, exec.WithMemory(context.Background(), s.Memory), s, q)
	if d := diffRows(want, res.Rows, true); d != "" {
		t.Fatalf("spilled sort: %s", d)
	}
	st := opStats[*plan.Sort](res)
	if st.SpilledRows < 6000*9/10 || st.SpillFiles <= 32 || st.Peak == 0 || st.Peak > MinMemoryLimit {
		t.Fatalf("sort stats %+v: want most rows spilled, more than 32 runs, a peak within the limit", st)
	}
	if text := explainAnalyze(t, s, q); !strings.Contains(text, "rows, ") || !strings.Contains(text, " runs)") || !strings.Contains(text, "peak memory") {
		t.Errorf("EXPLAIN ANALYZE does not show the sort's spill and peak:\n%s", text)
	}
}

// TestWithoutRowsKeepsNone: EXPLAIN ANALYZE's run keeps no row of the
// result, and still counts them.
func TestWithoutRowsKeepsNone(t *testing.T) {
	s := spillLake(t, 500, 8)
	for _, q := range []string{"SELECT g, x FROM t ORDER BY x", "SELECT g, COUNT(*) FROM t GROUP BY g", "SELECT * FROM t ORDER BY f"} {
		res := profiled(t, exec.WithoutRows(context.Background()), s, q)
		top := max(opStats[*plan.Sort](res).Rows, opStats[*plan.Aggregate](res).Rows)
		if len(res.Rows) != 0 || top <= 0 || len(res.Columns) == 0 {
			t.Errorf("%s: %d rows kept, %d counted, columns %v; want none kept, some counted", q, len(res.Rows), top, res.Columns)
		}
	}
}

// profiled runs q on s's lake under ctx and returns its result, with the
// profile of each operator.
func profiled(t *testing.T, ctx context.Context, s *Session, q string) *Result {
	t.Helper()
	sel, err := parser.ParseSelect(q, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := RunPinned(ctx, mustSnap(t, s), sel)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// opStats is what the operator of res's plan of type T did.
func opStats[T plan.Node](res *Result) exec.OpStats {
	for n, st := range res.Profile {
		if _, ok := n.(T); ok {
			return st
		}
	}
	return exec.OpStats{}
}

// explainAnalyze is the text EXPLAIN ANALYZE q prints.
func explainAnalyze(t *testing.T, s *Session, q string) string {
	t.Helper()
	ex, err := s.Exec(context.Background(), "EXPLAIN ANALYZE "+q)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range ex.Rows {
		lines = append(lines, r[0].String())
	}
	return strings.Join(lines, "\n")
}

// TestEarlySpillOfKeysThatDoNotRepeat: a GROUP BY whose first rows are
// each a group of its own, over more rows than its table could hold,
// spills before the table fills (its peak stays far below the budget);
// one whose keys repeat, though its first rows are all new groups too (the
// keys come round in order), goes back to its table soon and spills few
// of its rows.
func TestEarlySpillOfKeysThatDoNotRepeat(t *testing.T) {
	const limit = 1 << 20
	lake := func(keys, each int) *Session {
		rng := rand.New(rand.NewPCG(uint64(keys), 3))
		order := rng.Perm(keys * each)
		if each > 1 {
			order = order[:0]
			for i := range keys * each {
				order = append(order, i)
			}
		}
		var rows []string
		for _, i := range order {
			rows = append(rows, fmt.Sprintf(`{"k":%d,"x":%d,"day":"2026-01-0%d"}`, i%keys, i, 1+i%3))
		}
		s := fixedLake(t, []string{"day"}, rows...)
		s.Memory = Memory{Limit: limit, TempDir: t.TempDir()}
		return s
	}
	q := "SELECT k, COUNT(*), SUM(x) FROM t GROUP BY k"
	// The budget is half the limit; without the early spill the workers'
	// tables would fill it before spilling.
	s := lake(20000, 1)
	res := profiled(t, exec.WithMemory(context.Background(), s.Memory), s, q)
	agg := opStats[*plan.Aggregate](res)
	if len(res.Rows) != 20000 || agg.SpilledGroups == 0 || agg.Peak > limit*3/8 {
		t.Errorf("a group per row: %d groups, stats %+v; want 20000, spilled, peak within %d", len(res.Rows), agg, limit*3/8)
	}
	s = lake(1200, 50)
	res = profiled(t, exec.WithMemory(context.Background(), s.Memory), s, q)
	if agg := opStats[*plan.Aggregate](res); len(res.Rows) != 1200 || agg.SpilledGroups > 60000/4 {
		t.Errorf("keys that repeat: %d groups, stats %+v; want 1200, at most a quarter of the rows spilled", len(res.Rows), agg)
	}
}

// TestDistinctWithGroupBy: GROUP BY queries whose DISTINCT aggregates are
// all of one x run in two steps (the pairs of group and x, with the plain
// aggregates' partial states, then the groups). Their DISTINCT aggregates
// answer as the per-group distinct sets do (kept when a DISTINCT of
// another argument sits beside), their plain aggregates as the query
// without the DISTINCT ones, in memory and spilled, one group holding most
// rows included; with one group of many values under the smallest limit,
// the aggregate's peak stays within its budget (a set of the group's
// values would not). The reference keeps the sets: a DISTINCT of two
// arguments beside forces them.
func TestDistinctWithGroupBy(t *testing.T) {
	s := spillLake(t, 6000, 41)
	plain := "COUNT(*), COUNT(s), SUM(x), AVG(x), MIN(t), MAX(f), BOOL_OR(x > 0)"
	for _, c := range []struct{ groups, arg string }{
		{"s", "g"}, {"day", "x"}, {"g % 3, day", "s"}, {"s", "f"}, {"g", "g"}, {"g IS NULL", "t"},
	} {
		sums := fmt.Sprintf("SUM(DISTINCT %s), AVG(DISTINCT %s), ", c.arg, c.arg)
		if c.arg == "s" || c.arg == "t" {
			sums = ""
		}
		cols := fmt.Sprintf("COUNT(DISTINCT %s), %sMIN(DISTINCT %s), MAX(DISTINCT %s)", c.arg, sums, c.arg, c.arg)
		q := func(cols string) string { return "SELECT " + c.groups + ", " + cols + " FROM t GROUP BY " + c.groups }
		ng := strings.Count(c.groups, ",") + 1
		for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
			s.Memory = m
			rowsOf := func(q string) [][]Value {
				t.Helper()
				res, err := s.Exec(context.Background(), q)
				if err != nil {
					t.Fatal(err)
				}
				return res.Rows
			}
			var sets [][]Value // the distinct aggregates through the sets
			for _, r := range rowsOf(q(cols + ", COUNT(DISTINCT day, s)")) {
				sets = append(sets, r[:len(r)-1])
			}
			if d := diffRows(sets, rowsOf(q(cols)), false); d != "" {
				t.Errorf("limit %d, GROUP BY %s, %s: %s", m.Limit, c.groups, cols, d)
			}
			byGroup := map[string][]Value{}
			for _, r := range rowsOf(q(plain)) {
				byGroup[fmt.Sprint(r[:ng])] = r[ng:]
			}
			var want [][]Value
			for _, r := range sets {
				want = append(want, append(slices.Clone(r), byGroup[fmt.Sprint(r[:ng])]...))
			}
			if d := diffRows(want, rowsOf(q(cols+", "+plain)), false); d != "" {
				t.Errorf("limit %d, GROUP BY %s, %s beside %s: %s", m.Limit, c.groups, cols, plain, d)
			}
		}
	}
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"k":%d,"x":%d,"day":"2026-01-01"}`, min(i%50, 1), i)
	}
	big := fixedLake(t, []string{"day"}, rows...)
	big.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	res := profiled(t, exec.WithMemory(context.Background(), big.Memory), big, "SELECT k, COUNT(DISTINCT x), COUNT(*) FROM t GROUP BY k")
	if got := fmt.Sprint(sortedText(res.Rows)); got != "[0|400|400 1|19600|19600]" {
		t.Errorf("one group of many values: %s, want [0|400|400 1|19600|19600]", got)
	}
	if agg := opStats[*plan.Aggregate](res); agg.SpilledGroups == 0 || agg.Peak > MinMemoryLimit/2 {
		t.Errorf("one group of many values: stats %+v; want spilled, peak within %d", agg, MinMemoryLimit/2)
	}
}

// sortedText is rows as text, a|b, sorted.
func sortedText(rows [][]Value) []string {
	var out []string
	for _, r := range rows {
		var parts []string
		for _, v := range r {
			parts = append(parts, v.String())
		}
		out = append(out, strings.Join(parts, "|"))
	}
	slices.Sort(out)
	return out
}

// TestTopNOfGroupsAsTheWholeSort: ORDER BY … LIMIT over groups, where
// the groups that a full heap would turn away are turned away before their
// values are read, gives the window of the whole sort: the same sort keys
// in the same order, each row one of the groups (ties may pick others),
// in memory and spilled, NULLs, ties and OFFSET included.
func TestTopNOfGroupsAsTheWholeSort(t *testing.T) {
	skipUnderRace(t)
	s := spillLake(t, 6000, 43)
	for _, c := range []struct {
		agg, order string
		exact      bool // the order decides every row
	}{
		{"COUNT(*)", "k DESC", false},
		{"COUNT(*)", "k", false},
		{"MIN(s)", "k NULLS FIRST", false},
		{"MAX(s)", "k DESC NULLS LAST", false},
		{"SUM(x)", "k", false},
		{"AVG(x)", "k DESC", false},
		{"MAX(t)", "k DESC", false},
		{"COUNT(*)", "k DESC, g", true},
		{"MIN(s)", "k DESC, g NULLS FIRST", true},
	} {
		for _, w := range [][2]int{{10, 0}, {7, 5}, {1, 0}, {0, 0}, {300, 40}} {
			base := fmt.Sprintf("SELECT g, %s AS k, COUNT(*) AS n, SUM(x) FROM t GROUP BY g ORDER BY %s", c.agg, c.order)
			q := fmt.Sprintf("%s LIMIT %d OFFSET %d", base, w[0], w[1])
			for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
				s.Memory = m
				all, err := s.Exec(context.Background(), base)
				if err != nil {
					t.Fatalf("%s: %v", base, err)
				}
				got, err := s.Exec(context.Background(), q)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				want := all.Rows[min(w[1], len(all.Rows)):min(w[0]+w[1], len(all.Rows))]
				if c.exact {
					if d := diffRows(want, got.Rows, true); d != "" {
						t.Errorf("%s (limit %d): %s", q, m.Limit, d)
					}
					continue
				}
				if len(got.Rows) != len(want) {
					t.Errorf("%s (limit %d): %d rows, want %d", q, m.Limit, len(got.Rows), len(want))
					continue
				}
				groups := map[string]string{}
				for _, r := range all.Rows {
					groups[r[0].String()] = fmt.Sprint(r)
				}
				for i, r := range got.Rows {
					if r[1].String() != want[i][1].String() {
						t.Errorf("%s (limit %d): row %d sorts by %v, want %v", q, m.Limit, i, r[1], want[i][1])
						break
					}
					if groups[r[0].String()] != fmt.Sprint(r) {
						t.Errorf("%s (limit %d): row %d %v is not a group's, which is %s", q, m.Limit, i, r, groups[r[0].String()])
						break
					}
				}
			}
		}
	}
}

// TestDistinctOfSeveralArguments: DISTINCT aggregates of several arguments
// (each its own pairs, from one scan) answer as the per-group sets do,
// beside plain aggregates or not, with GROUP BY or not, in memory and
// spilled; one group of two arguments of many values each stays within
// the budget.
func TestDistinctOfSeveralArguments(t *testing.T) {
	skipUnderRace(t)
	s := spillLake(t, 6000, 47)
	for _, groups := range []string{"", "s", "day", "g % 5, day"} {
		for _, cols := range []string{
			"COUNT(DISTINCT g), COUNT(DISTINCT x)",
			"COUNT(DISTINCT s), SUM(DISTINCT x), MIN(DISTINCT t), AVG(DISTINCT g), MAX(DISTINCT f)",
			"COUNT(DISTINCT x), COUNT(*), SUM(x), COUNT(DISTINCT f), MIN(t), COUNT(DISTINCT x % 7), AVG(DISTINCT x)",
		} {
			sel, by := "", ""
			if groups != "" {
				sel, by = groups+", ", " GROUP BY "+groups
			}
			for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
				s.Memory = m
				want, err := s.Exec(context.Background(), "SELECT "+sel+cols+", COUNT(DISTINCT day, s) FROM t"+by)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Exec(context.Background(), "SELECT "+sel+cols+" FROM t"+by)
				if err != nil {
					t.Fatal(err)
				}
				var w [][]Value
				for _, r := range want.Rows {
					w = append(w, r[:len(r)-1])
				}
				if d := diffRows(w, got.Rows, false); d != "" {
					t.Errorf("limit %d, %s%s: %s", m.Limit, cols, by, d)
				}
			}
		}
	}
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"k":%d,"x":%d,"y":"y%d","day":"2026-01-01"}`, min(i%50, 1), i, i/2)
	}
	big := fixedLake(t, []string{"day"}, rows...)
	big.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	for _, q := range []string{"SELECT k, COUNT(DISTINCT x), COUNT(DISTINCT y), COUNT(*) FROM t GROUP BY k", "SELECT COUNT(DISTINCT x), COUNT(DISTINCT y) FROM t"} {
		res := profiled(t, exec.WithMemory(context.Background(), big.Memory), big, q)
		want := "[0|400|400|400 1|19600|10000|19600]"
		if !strings.Contains(q, "k,") {
			want = "[20000|10000]"
		}
		if got := fmt.Sprint(sortedText(res.Rows)); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
		if agg := opStats[*plan.Aggregate](res); agg.SpilledGroups == 0 || agg.Peak > MinMemoryLimit/2 {
			t.Errorf("%s: stats %+v; want spilled, peak within %d", q, agg, MinMemoryLimit/2)
		}
	}
}

// TestDistinctOverGroups: SELECT DISTINCT over an aggregate's rows (a
// GROUP BY of the projected rows, which spills) gives the aggregate's rows
// once each, in memory and spilled: ordered, cut by LIMIT and OFFSET,
// after HAVING, without GROUP BY; it spills under the smallest limit.
func TestDistinctOverGroups(t *testing.T) {
	s := spillLake(t, 6000, 53)
	for _, c := range []struct{ cols, rest, order string }{
		{"COUNT(*)", "GROUP BY g", ""},
		{"s, COUNT(*) > 1", "GROUP BY s, g", " ORDER BY 1, 2"},
		{"g % 10, MIN(s)", "GROUP BY g", " ORDER BY 2 DESC, 1 NULLS FIRST LIMIT 5"},
		{"COUNT(*) AS c", "GROUP BY g", " ORDER BY c LIMIT 3 OFFSET 1"},
		{"g, COUNT(*)", "GROUP BY g HAVING COUNT(*) < 3", ""},
		{"g IS NULL, SUM(x) > 0", "GROUP BY g", " ORDER BY 1, 2 LIMIT 20000 OFFSET 1"},
		{"COUNT(*) > 0", "", ""},
		{"day, MAX(s)", "GROUP BY day, g", " LIMIT 4"},
	} {
		for _, m := range []Memory{{}, {Limit: MinMemoryLimit, TempDir: t.TempDir()}} {
			s.Memory = m
			all, err := s.Exec(context.Background(), "SELECT "+c.cols+" FROM t "+c.rest+strings.Split(c.order, " LIMIT")[0])
			if err != nil {
				t.Fatal(err)
			}
			var want [][]Value
			seen := map[string]bool{}
			for _, r := range all.Rows {
				if k := fmt.Sprint(r); !seen[k] {
					seen[k] = true
					want = append(want, r)
				}
			}
			q := "SELECT DISTINCT " + c.cols + " FROM t " + c.rest + c.order
			got, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			var lim, off int
			if _, err := fmt.Sscanf(c.order[strings.Index(c.order+" LIMIT", " LIMIT"):]+" OFFSET 0", " LIMIT %d OFFSET %d", &lim, &off); err == nil {
				if strings.Contains(c.order, "ORDER BY") {
					want = want[min(off, len(want)):min(off+lim, len(want))]
				} else if len(got.Rows) == min(lim, len(want)) {
					// LIMIT without ORDER BY: any rows of the answer.
					for _, r := range got.Rows {
						if !seen[fmt.Sprint(r)] {
							t.Errorf("limit %d, %s: %v is not a row of the answer", m.Limit, q, r)
						}
					}
					continue
				}
			}
			if d := diffRows(want, got.Rows, strings.Contains(c.order, "ORDER BY")); d != "" {
				t.Errorf("limit %d, %s: %s", m.Limit, q, d)
			}
		}
	}
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	res := profiled(t, exec.WithMemory(context.Background(), s.Memory), s, "SELECT DISTINCT g, COUNT(*) FROM t GROUP BY g")
	if d := opStats[*plan.Distinct](res); d.SpilledGroups == 0 || int(d.Rows) != len(res.Rows) {
		t.Errorf("DISTINCT of %d rows under the smallest limit: stats %+v; want spilled, its rows", len(res.Rows), d)
	}
}

// TestWindowQuantilesSpill: MEDIAN, QUANTILE_DISC and MODE over a window
// of the whole partition (and MEDIAN over a growing frame), whose values
// go to runs under the smallest limit, answer as in memory, and as the
// same aggregates of GROUP BY (MODE aside: of a small group's values held
// as often, the first to come is the scan's).
func TestWindowQuantilesSpill(t *testing.T) {
	s := spillLake(t, 6000, 33)
	win := "SELECT s, MEDIAN(x) OVER (PARTITION BY s) AS m, QUANTILE_DISC(t, 0.3) OVER (PARTITION BY s) AS q, MODE(g) OVER (PARTITION BY s) AS mg, " +
		"MEDIAN(f) OVER (PARTITION BY s ORDER BY day) AS run FROM t"
	grouped := "SELECT s, MEDIAN(x), QUANTILE_DISC(t, 0.3) FROM t GROUP BY s"
	s.Memory = Memory{}
	want := query(t, s, win)
	wantGroups := query(t, s, grouped)
	tmp := t.TempDir()
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
	got := query(t, s, win)
	if d := diffRows(want.Rows, got.Rows, false); d != "" {
		t.Errorf("spilling: %s", d)
	}
	groups := query(t, s, "SELECT DISTINCT s, m, q FROM ("+win+")")
	if d := diffRows(wantGroups.Rows, groups.Rows, false); d != "" {
		t.Errorf("the windows' values against GROUP BY's: %s", d)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("left %v in the temporary folder", ents)
	}
}

// TestOrderedAndFilteredFirst: FIRST, LAST, ARBITRARY and ANY_VALUE with
// an ORDER BY of their own take the row first (last) in its order, rows of
// equal keys in the order they came; with FILTER, only the rows it keeps
// (a NULL x of a row left out is no candidate). In memory and spilling,
// with GROUP BY of many groups (FIRST without ORDER BY takes the first row
// to come, which the workers decide).
func TestOrderedAndFilteredFirst(t *testing.T) {
	s := spillLake(t, 6000, 34)
	rows := rowsText(query(t, s, "SELECT FIRST(x ORDER BY k DESC), LAST(x ORDER BY k), ANY_VALUE(x ORDER BY k), ARBITRARY(x ORDER BY k NULLS FIRST), "+
		"FIRST(x ORDER BY k DESC NULLS FIRST), SUM(x ORDER BY k), FIRST(x) FILTER (WHERE k > 1), LAST(x ORDER BY k DESC) FILTER (WHERE x < 5), "+
		"ARG_MAX(x, k) FILTER (WHERE x IS NULL OR x < 5), COUNT(*) FILTER (WHERE k > 1) "+
		"FROM (VALUES (7, 1), (1, 3), (NULL, 5), (3, NULL), (4, 1), (5, 5)) AS v(x, k)"))
	if want := "NULL|3|7|3|3|20|1|3|1|3"; len(rows) != 1 || rows[0] != want {
		t.Errorf("ordered and filtered: %v, want %s", rows, want)
	}
	for _, q := range []string{
		"SELECT g, FIRST(x ORDER BY f DESC), LAST(t ORDER BY x, f), ANY_VALUE(s ORDER BY f), FIRST(s ORDER BY x NULLS FIRST, f) FROM t GROUP BY g",
		"SELECT g, FIRST(x ORDER BY f) FILTER (WHERE f > 0), LAST(f ORDER BY x, f) FILTER (WHERE s IS NOT NULL), ARG_MIN(t, f) FILTER (WHERE x % 2 = 0) FROM t GROUP BY g",
	} {
		spillsAsInMemory(t, s, q, false)
	}
}

// skipUnderRace skips a long check of answers, which plain go test runs,
// under the race detector, which is there for the concurrent parts
// (.ci/run runs both).
func skipUnderRace(t interface{ Skip(...any) }) {
	if raceDetector {
		t.Skip("a long check of answers: run without -race")
	}
}
