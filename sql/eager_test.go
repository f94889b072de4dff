package sql

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// eagerLakes makes a small lake c (keys with repeats, NULL, whole
// DOUBLEs and a text) and a lake o of many times its bytes (keys c has,
// keys it lacks, NULLs; numbers with NULLs and huge ones, texts, dates).
func eagerLakes(t *testing.T) *Session {
	t.Helper()
	dir := t.TempDir()
	c := catalog.New(dir)
	make := func(name string, lines []string) {
		raw := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(raw, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(name, []string{"p"}, raw, 0); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var cs, os_ []string
	for i := range 120 {
		k := fmt.Sprint(i % 100) // keys 0..19 twice
		switch i % 37 {
		case 5:
			k = "null"
		case 6:
			k = "7.0"
		case 7:
			k = `"8"`
		}
		cs = append(cs, fmt.Sprintf(`{"k":%s,"v":%d,"name":"c%d","p":"a"}`, k, i%7, i))
	}
	for range 4000 {
		k := fmt.Sprint(rng.IntN(130) - 10)
		switch rng.IntN(30) {
		case 0:
			k = "null"
		case 1:
			k = "8"
		case 2:
			k = "3.0"
		}
		x := fmt.Sprint(rng.IntN(100))
		switch rng.IntN(20) {
		case 0:
			x = "null"
		case 1:
			x = fmt.Sprint(int64(1)<<62 + rng.Int64N(1000)) // sums past int64
		case 2:
			x = fmt.Sprintf("%g", rng.Float64()*10)
		}
		os_ = append(os_, fmt.Sprintf(`{"k":%s,"x":%s,"s":"s%d","d":"2026-0%d-1%d","pad":"%s","p":"b"}`,
			k, x, rng.IntN(50), 1+rng.IntN(9), rng.IntN(10), strings.Repeat("z", 20)))
	}
	make("c", cs)
	make("o", os_)
	return NewSession(c)
}

// TestEagerAggregate: a GROUP BY of a small lake's columns over its join
// with a large one, aggregating the large one's columns, is answered by
// aggregating the large lake first (EXPLAIN shows its derived table), and
// its answers are those of the same query kept from it (an aggregate of
// the small lake's column in HAVING, always true); queries that must not
// be rewritten are not.
func TestEagerAggregate(t *testing.T) {
	s := eagerLakes(t)
	eager := []string{
		"SELECT c.k, COUNT(o.x), SUM(o.x), MIN(o.s), MAX(o.d) FROM c LEFT JOIN o ON c.k = o.k GROUP BY c.k",
		"SELECT c.k, COUNT(*), COUNT(x), SUM(x), MIN(d) FROM c JOIN o ON c.k = o.k GROUP BY c.k",
		"SELECT c.k, COUNT(x) AS n FROM c LEFT JOIN o ON c.k = o.k AND o.x > 50 AND o.s <> 's3' GROUP BY c.k",
		"SELECT c.v, COUNT(o.x), MAX(o.x) FROM c LEFT JOIN o ON c.k = o.k WHERE c.v > 2 GROUP BY c.v",
		"SELECT c.v, c.name, SUM(o.x) FROM c JOIN o ON o.k = c.k WHERE o.x < 60 AND c.v <> 3 GROUP BY c.v, c.name",
		"SELECT c.k, COUNT(o.x) + 1 AS n1, SUM(o.x) / 2 FROM c LEFT JOIN o ON c.k = o.k GROUP BY c.k HAVING COUNT(o.x) > 30 ORDER BY n1 DESC, c.k LIMIT 5",
		"SELECT n, COUNT(*) FROM (SELECT c.k, COUNT(o.x) AS n FROM c LEFT JOIN o ON c.k = o.k AND o.s NOT LIKE 's1%' GROUP BY c.k) AS d GROUP BY n ORDER BY 2 DESC, 1",
		"SELECT c.k, MIN(o.s), MAX(o.s), COUNT(o.s) FROM c AS c LEFT JOIN o AS o ON c.k = o.k GROUP BY c.k ORDER BY MIN(o.s), c.k",
		// An uncorrelated subquery is answered first: a list of values.
		"SELECT c.k, COUNT(o.x) FROM c JOIN o ON c.k = o.k WHERE o.x IN (SELECT v FROM c) GROUP BY c.k",
	}
	for _, q := range eager {
		plan := table(query(t, s, "EXPLAIN "+q))
		if !strings.Contains(plan, "Derived table "+eagerAlias) {
			t.Errorf("%s: not aggregated first:\n%s", q, plan)
		}
		kept := keptFromEager(q)
		if plan := table(query(t, s, "EXPLAIN "+kept)); strings.Contains(plan, eagerAlias) {
			t.Fatalf("%s: aggregated first", kept)
		}
		got, want := rowsText(query(t, s, q)), rowsText(query(t, s, kept))
		if !strings.Contains(q, "ORDER BY") {
			slices.Sort(got)
			slices.Sort(want)
		}
		if len(want) == 0 {
			t.Fatalf("%s: no rows", kept)
		}
		if !slices.EqualFunc(got, want, sameRow) {
			t.Errorf("%s:\n%q\nwant\n%q", q, got, want)
		}
	}
	for _, q := range []string{
		"SELECT c.k, COUNT(*) FROM c LEFT JOIN o ON c.k = o.k GROUP BY c.k",                 // COUNT(*) counts unmatched rows
		"SELECT c.k, COUNT(DISTINCT o.s) FROM c LEFT JOIN o ON c.k = o.k GROUP BY c.k",      // DISTINCT
		"SELECT c.k, AVG(o.x) FROM c LEFT JOIN o ON c.k = o.k GROUP BY c.k",                 // AVG
		"SELECT o.s, COUNT(o.x) FROM c JOIN o ON c.k = o.k GROUP BY o.s",                    // groups of o
		"SELECT c.k, SUM(o.x + c.v) FROM c JOIN o ON c.k = o.k GROUP BY c.k",                // both in one aggregate
		"SELECT c.k, COUNT(o.x) FROM c LEFT JOIN o ON c.k = o.k WHERE o.x > 3 GROUP BY c.k", // o's WHERE after a left join
		"SELECT c.k, COUNT(o.x) FROM c JOIN o ON c.k = o.k WHERE c.k < 50 GROUP BY c.k",     // prunes through the key
		"SELECT o.k, COUNT(c.v) FROM o JOIN c ON c.k = o.k GROUP BY o.k",                    // the large lake on the left
		"SELECT c.*, COUNT(o.x) FROM c JOIN o ON c.k = o.k GROUP BY c.k, c.v, c.name, c.p",  // a star
	} {
		if plan := table(query(t, s, "EXPLAIN "+q)); strings.Contains(plan, eagerAlias) {
			t.Errorf("%s: aggregated first:\n%s", q, plan)
		}
	}
}

// sameRow compares rows as text, cell by cell, DOUBLEs within 1e-9 of
// each other (a sum of partial sums rounds otherwise than one sum).
func sameRow(a, b string) bool {
	as, bs := strings.Split(a, "|"), strings.Split(b, "|")
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if as[i] == bs[i] {
			continue
		}
		x, xerr := strconv.ParseFloat(as[i], 64)
		y, yerr := strconv.ParseFloat(bs[i], 64)
		if xerr != nil || yerr != nil || !strings.ContainsAny(as[i]+bs[i], ".e") || math.Abs(x-y) > 1e-9*math.Max(math.Abs(x), math.Abs(y)) {
			return false
		}
	}
	return true
}

// keptFromEager is q with an aggregate of the small lake's column in its
// HAVING, true in every group, which keeps it from eager aggregation.
func keptFromEager(q string) string {
	const always = "COUNT(c.name) >= 0"
	if i := strings.Index(q, " HAVING "); i >= 0 {
		return q[:i] + " HAVING " + always + " AND " + q[i+len(" HAVING "):]
	}
	if i := strings.Index(q, " ORDER BY "); i >= 0 && !strings.Contains(q[:i], ") AS d") {
		return q[:i] + " HAVING " + always + q[i:]
	}
	if i := strings.Index(q, ") AS d"); i >= 0 {
		return q[:i] + " HAVING " + always + q[i:]
	}
	return q + " HAVING " + always
}
