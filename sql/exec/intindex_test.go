package exec

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestIntIndex: get and put agree with a map over keys that collide in
// their first slots, across growth and clear.
func TestIntIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var x intIndex
	for round := range 3 {
		want := map[int64]int{}
		for i := range 5000 {
			var k int64
			switch rng.IntN(4) {
			case 0:
				k = int64(rng.IntN(3000)) // consecutive ids
			case 1:
				k = -int64(rng.IntN(50))
			case 2:
				k = int64(rng.IntN(100)) << 40 // equal low bits
			default:
				k = []int64{math.MinInt64, math.MaxInt64, 0}[rng.IntN(3)]
			}
			if g, ok := want[k]; ok {
				if got := x.get(k); got != g {
					t.Fatalf("round %d: get(%d) = %d, want %d", round, k, got, g)
				}
				continue
			}
			if got := x.get(k); got != -1 {
				t.Fatalf("round %d: get(%d) = %d before its put", round, k, got)
			}
			want[k] = i
			x.put(k, i)
		}
		for k, g := range want {
			if got := x.get(k); got != g {
				t.Fatalf("round %d, at the end: get(%d) = %d, want %d", round, k, got, g)
			}
		}
		x.clear()
		for k := range want {
			if got := x.get(k); got != -1 {
				t.Fatalf("round %d: get(%d) = %d after clear", round, k, got)
			}
		}
	}
}

// TestIntIndexDense: keys of a small span (ids in any order) go to the
// dense array, which widens down and up as keys fall outside it and goes
// back to slots when a key lands far away; get agrees with a map
// throughout, across clear.
func TestIntIndexDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var x intIndex
	for round := range 3 {
		want := map[int64]int{}
		check := func(when string) {
			t.Helper()
			for k, g := range want {
				if got := x.get(k); got != g {
					t.Fatalf("round %d, %s: get(%d) = %d, want %d", round, when, k, got, g)
				}
			}
			for _, k := range []int64{-1 << 62, 999, 1 << 62, math.MinInt64, math.MaxInt64} {
				if _, ok := want[k]; !ok && x.get(k) != -1 {
					t.Fatalf("round %d, %s: get(%d) = %d for a key never put", round, when, k, x.get(k))
				}
			}
		}
		put := func(k int64) {
			if _, ok := want[k]; ok {
				return
			}
			want[k] = len(want)
			x.put(k, want[k])
		}
		for _, k := range rng.Perm(20000) {
			put(1000 + int64(k)*int64(1+round)) // round 2: every third key
		}
		if x.dense == nil {
			t.Fatalf("round %d: 20,000 ids, no dense array", round)
		}
		check("ids")
		for i := range 3000 {
			put(1000 - 1 - int64(i)*3) // down
			put(50000 + int64(i)*5)    // up
		}
		if x.dense == nil {
			t.Fatalf("round %d: widened ids, no dense array", round)
		}
		check("widened")
		put(math.MaxInt64)
		put(math.MinInt64)
		if x.dense != nil {
			t.Fatalf("round %d: a span of 2^64, still dense", round)
		}
		check("sparse")
		x.clear()
		for k := range want {
			if got := x.get(k); got != -1 {
				t.Fatalf("round %d: get(%d) = %d after clear", round, k, got)
			}
		}
	}
}

// TestIntGroupsAgree: a GROUP BY of one field, whose integers find their
// groups through the index of integers, groups as the same GROUP BY with
// a constant second field (whose keys take the general path), group for
// group (named by their keys, see groupsText): integers
// with whole DOUBLEs (1 and 1.0, 0 and -0 and 0.0), apart from a text
// "1", NULL, fractions and numbers past int64; over a lake (raw rows) and
// a producer (values), with the memory to hold them and with the least
// (the table spills, and its index is emptied with it).
func TestIntGroupsAgree(t *testing.T) {
	spell := []string{"1", "1.0", "-0", "0", "0.0", "2.5", `"1"`, "null", "1e2", "100",
		"99999999999999999999", "-7", "9007199254740993", "9007199254740992.0"}
	var rows [][]types.Value
	var lines []string
	for i := range 6000 {
		k := spell[i%len(spell)]
		if i%3 == 0 {
			k = fmt.Sprint(i % 1700) // many groups: the index grows
		}
		line := fmt.Sprintf(`{"k":%s,"i":%d,"c":"x"}`, k, i)
		lines = append(lines, line)
		kv := types.FromJSON([]byte(k), true, new([]byte))
		rows = append(rows, []types.Value{kv.Unspelled(), types.IntValue(int64(i)), types.StringValue("x")})
	}
	snap := chunkLake(t, []string{"c"}, 700, lines)
	one := "SELECT k, COUNT(*), SUM(i), MIN(i) FROM l GROUP BY k"
	two := "SELECT k, COUNT(*), SUM(i), MIN(i) FROM l GROUP BY k, c"
	for _, limit := range []int64{0, MinMemoryLimit} {
		ctx := context.Background()
		if limit > 0 {
			ctx = WithMemory(ctx, Memory{Limit: limit, TempDir: t.TempDir()})
		}
		for _, workers := range []int{1, 3} {
			pr := &rowsProducer{cols: []string{"k", "i", "c"}, rows: rows, workers: workers}
			want, err := Run(ctx, prepareIn(t, two, snap))
			if err != nil {
				t.Fatal(err)
			}
			w := groupsText(want)
			if len(w) < 1700 {
				t.Fatalf("%d groups, want more than 1700", len(w))
			}
			for _, src := range []string{"lake", "producer"} {
				p := prepareIn(t, one, snap)
				if src == "producer" {
					p = prepareIn(t, one, pr)
				}
				got, err := Run(ctx, p)
				if err != nil {
					t.Fatalf("%s over the %s: %v", one, src, err)
				}
				if g := groupsText(got); !slices.Equal(g, w) {
					t.Errorf("limit %d, %d workers, over the %s: %d groups, want %d; first differences:\n%s",
						limit, workers, src, len(g), len(w), firstDiff(g, w))
				}
			}
		}
	}
}

// groupsText is a result's rows as text, sorted, each group named by its
// key: the value that shows a group is any of its members (1 or 1.0),
// whichever a worker saw first.
func groupsText(res *Result) []string {
	var out []string
	for _, r := range res.Rows {
		out = append(out, fmt.Sprintf("%x %v", types.AppendKey(nil, r[0]), r[1:]))
	}
	slices.Sort(out)
	return out
}

// firstDiff shows where two sorted lists of rows part.
func firstDiff(got, want []string) string {
	var b strings.Builder
	for i := 0; i < max(len(got), len(want)) && b.Len() < 400; i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			fmt.Fprintf(&b, "got %q, want %q\n", g, w)
		}
	}
	return b.String()
}

// TestUnorderedGroups: a plan marked Unordered gives the groups of its
// ordered twin, through Run (which keeps the rows) and Stream, in memory
// and spilled; one with ORDER BY or LIMIT keeps its order.
func TestUnorderedGroups(t *testing.T) {
	_, lines := produceRows(5000)
	snap := chunkLake(t, []string{"k"}, 300, lines)
	for _, limit := range []int64{0, MinMemoryLimit} {
		ctx := context.Background()
		if limit > 0 {
			ctx = WithMemory(ctx, Memory{Limit: limit, TempDir: t.TempDir()})
		}
		for _, q := range []string{
			"SELECT i % 700 AS g, k, COUNT(*), SUM(f), MIN(s) FROM l GROUP BY g, k",
			"SELECT s, COUNT(*) FROM l GROUP BY s HAVING COUNT(*) > 1",
			"SELECT DISTINCT s, i % 9 FROM l",
			"SELECT i % 300 AS g, COUNT(*) FROM l GROUP BY g ORDER BY g DESC",
			"SELECT i % 300 AS g, COUNT(*) FROM l GROUP BY g LIMIT 7",
		} {
			want, err := Run(ctx, prepareIn(t, q, snap))
			if err != nil {
				t.Fatal(err)
			}
			keeps := strings.Contains(q, "ORDER BY") || strings.Contains(q, "LIMIT")
			p := prepareIn(t, q, snap)
			p.Unordered = true
			got, err := Run(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := resultText(got, keeps), resultText(want, keeps); !slices.Equal(g, w) {
				t.Errorf("limit %d: %s unordered: %d rows, want %d", limit, q, len(g), len(w))
			}
			c := &collect{}
			p = prepareIn(t, q, snap)
			p.Unordered = true
			if _, err := Stream(ctx, p, c); err != nil {
				t.Fatal(err)
			}
			if !keeps {
				slices.Sort(c.rows)
			}
			if w := resultText(want, keeps); !slices.Equal(c.rows, w) {
				t.Errorf("limit %d: %s unordered, streamed: %d rows, want %d", limit, q, len(c.rows), len(w))
			}
		}
	}
}

// TestBatchedIntGroups: a GROUP BY of one integer field whose aggregates
// take integers (COUNT, SUM, AVG), which a lake's raw rows add in batches
// (aggSink.batchRaw), gives the groups that the same query gives over a
// producer, which pushes values a row at a time. The keys come in random
// order over many groups, with texts and NULL among them; the arguments
// are integers with NULLs, fractions, texts and sums past int64 among
// them, so that batches are cut short at every kind of row. Chunks are
// small (a batch ends with each), and the limit of memory the least, so
// the table spills and a GROUP BY of keys that never repeat turns direct
// mode on.
func TestBatchedIntGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	others := []string{"null", "2.5", `"7"`, "9223372036854775807", "-9223372036854775807", "4611686018427387904"}
	var rows [][]types.Value
	var lines []string
	for i := range 9000 {
		k := fmt.Sprint(rng.IntN(2500))
		if rng.IntN(50) == 0 {
			k = []string{"null", `"k"`, "3.0"}[rng.IntN(3)]
		}
		a := fmt.Sprint(rng.IntN(1000) - 300)
		if rng.IntN(40) == 0 {
			a = others[rng.IntN(len(others))]
			if len(a) > 10 {
				// Sums past int64 in groups of their own: mixed with
				// fractions, float sums would depend on the order of
				// the rows, which the workers set.
				k = fmt.Sprint(5000 + rng.IntN(5))
			}
		}
		// s: integers spread far apart (the index keeps slots, not an
		// array), negative ones among them.
		sp := (rng.Int64N(3000) - 1500) << 40
		lines = append(lines, fmt.Sprintf(`{"k":%s,"a":%s,"i":%d,"s":%d,"p":"x"}`, k, a, i, sp))
		v := func(s string) types.Value { return types.FromJSON([]byte(s), true, new([]byte)).Unspelled() }
		rows = append(rows, []types.Value{v(k), v(a), types.IntValue(int64(i)), types.IntValue(sp), types.StringValue("x")})
	}
	snap := chunkLake(t, []string{"p"}, 1000, lines)
	queries := []string{
		"SELECT k, COUNT(*), SUM(i), COUNT(a), SUM(a), AVG(a) FROM l GROUP BY k",
		"SELECT k, SUM(a), COUNT(*) FROM l WHERE a > 0 GROUP BY k",
		"SELECT i, COUNT(a), SUM(a) FROM l GROUP BY i", // keys that never repeat
		"SELECT s, COUNT(*), SUM(a), AVG(i) FROM l GROUP BY s",
	}
	for _, limit := range []int64{0, MinMemoryLimit} {
		ctx := context.Background()
		if limit > 0 {
			ctx = WithMemory(ctx, Memory{Limit: limit, TempDir: t.TempDir()})
		}
		for _, workers := range []int{1, 2} {
			manyChunks(t, workers, 4<<10)
			for _, q := range queries {
				pr := &rowsProducer{cols: []string{"k", "a", "i", "s", "p"}, rows: rows, workers: workers}
				want, err := Run(ctx, prepareIn(t, q, pr))
				if err != nil {
					t.Fatalf("%s over the producer: %v", q, err)
				}
				got, err := Run(ctx, prepareIn(t, q, snap))
				if err != nil {
					t.Fatalf("%s over the lake: %v", q, err)
				}
				g, w := groupsText(got), groupsText(want)
				if len(w) < 1000 {
					t.Fatalf("%s: %d groups, want more than 1000", q, len(w))
				}
				if !slices.Equal(g, w) {
					t.Errorf("%s, limit %d, %d workers: %d groups, want %d; first differences:\n%s",
						q, limit, workers, len(g), len(w), firstDiff(g, w))
				}
			}
		}
	}
}
