package sql

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// A recursive CTE's rows against a Go oracle: reachability in a graph of
// random edges (cycles, duplicate edges and NULL ends among them), with
// UNION, and the walks of each length from a node, with UNION ALL, whose
// counts grow round by round; in memory and spilling alike.
func TestRecursiveGraph(t *testing.T) {
	c, write := rowLakes(t)
	rng := rand.New(rand.NewPCG(3, 4))
	const nodes = 60
	type edge struct{ a, b int }
	var edges []edge
	for range 150 {
		edges = append(edges, edge{rng.IntN(nodes), rng.IntN(nodes)})
	}
	write("edges", len(edges)+2, func(i int) string {
		if i >= len(edges) { // an edge with no end, and one with no start
			return [...]string{`{"a":1,"b":null,"part":0}`, `{"a":null,"b":2,"part":1}`}[i-len(edges)]
		}
		return fmt.Sprintf(`{"a":%d,"b":%d,"part":%d}`, edges[i].a, edges[i].b, i%3)
	})
	s := NewSession(c)

	// Reachable from node 0 (0 itself included), sorted.
	seen := map[int]bool{0: true}
	for frontier := []int{0}; len(frontier) > 0; {
		var next []int
		for _, n := range frontier {
			for _, e := range edges {
				if e.a == n && !seen[e.b] {
					seen[e.b] = true
					next = append(next, e.b)
				}
			}
		}
		frontier = next
	}
	var reach []string
	for n := range nodes {
		if seen[n] {
			reach = append(reach, fmt.Sprint(n))
		}
	}
	// Walks from node 0 of each length up to 6: by length, how many there
	// are, and the sum of their ends. A walk may end on the edge from 1
	// to NULL, an end that counts but adds nothing, and goes no further.
	walks := map[int]int64{0: 1}
	var toNull int64
	var byLength []string
	for depth := 0; depth <= 6; depth++ {
		count, ends := toNull, int64(0)
		for n, k := range walks {
			count += k
			ends += k * int64(n)
		}
		byLength = append(byLength, fmt.Sprintf("%d|%d|%d", depth, count, ends))
		next := map[int]int64{}
		for n, k := range walks {
			for _, e := range edges {
				if e.a == n {
					next[e.b] += k
				}
			}
		}
		walks, toNull = next, walks[1]
	}
	if len(reach) < 5 || len(byLength) < 7 {
		t.Fatalf("the graph tests little: %v", reach)
	}
	reachQ := `WITH RECURSIVE r(node) AS (SELECT 0 UNION SELECT e.b FROM r JOIN edges e ON e.a = r.node WHERE e.b IS NOT NULL) SELECT node FROM r ORDER BY node`
	walksQ := `WITH RECURSIVE w(node, depth) AS (SELECT 0, 0 UNION ALL SELECT e.b, depth + 1 FROM w JOIN edges e ON e.a = w.node WHERE depth < 6)
		SELECT depth, COUNT(*), SUM(node) FROM w GROUP BY depth ORDER BY depth`
	for _, q := range []struct{ q, want string }{
		{reachQ, strings.Join(reach, "\n")},
		{walksQ, strings.Join(byLength, "\n")},
	} {
		res := spillsAsInMemory(t, s, q.q, true)
		if got := strings.Join(rowsText(res), "\n"); got != q.want {
			t.Errorf("%s:\n%s\nwant\n%s", q.q, got, q.want)
		}
	}
}

// A recursive CTE asks what a query without recursion asks otherwise:
// counting (one row a round, 500 rounds), with its columns read as a
// join, a subquery and a window do; a round made of an aggregate;
// several anchors; a step that reads the CTE twice.
func TestRecursiveCTE(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","n":1}`, `{"g":"a","n":2}`, `{"g":"b","n":3}`, `{"g":"b","n":null}`)
	s.Memory = Memory{TempDir: t.TempDir()}
	count := `WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r WHERE k < 500) `
	sameAnswers(t, s, []struct{ q, same string }{
		{count + `SELECT COUNT(*), SUM(k), MIN(k), MAX(k) FROM r`, `SELECT COUNT(*), SUM(range), MIN(range), MAX(range) FROM range(1, 501)`},
		{count + `SELECT k, SUM(k) OVER (ORDER BY k) FROM r WHERE k % 50 = 0 ORDER BY k`,
			`SELECT x, SUM(x) OVER (ORDER BY x) FROM (SELECT range AS x FROM range(50, 501, 50)) ORDER BY x`},
		{count + `SELECT t.g, COUNT(*) FROM t JOIN r ON t.n = r.k GROUP BY t.g ORDER BY t.g`,
			`SELECT g, COUNT(*) FROM t WHERE n BETWEEN 1 AND 500 GROUP BY g ORDER BY g`},
		{count + `SELECT g, n FROM t WHERE n IN (SELECT k * 2 FROM r) ORDER BY n`, `SELECT g, n FROM t WHERE n % 2 = 0 ORDER BY n`},
		{`WITH RECURSIVE r(k) AS (SELECT n FROM t WHERE g = 'a' UNION ALL SELECT k + 10 FROM r WHERE k < 30) SELECT k FROM r ORDER BY k`,
			`SELECT range FROM range(1, 41, 10) UNION ALL SELECT range FROM range(2, 42, 10) ORDER BY 1`},
		{`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT k + 2 FROM r WHERE k < 9) SELECT k FROM r ORDER BY k`,
			`SELECT range FROM range(1, 11) ORDER BY range`},
		{`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT SUM(k) + 1 FROM r HAVING SUM(k) < 10) SELECT k FROM r ORDER BY k`,
			`SELECT range FROM range(1, 11) ORDER BY range`},
		{`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT a.k + b.k FROM r a, r b WHERE a.k < 100) SELECT k FROM r ORDER BY k`,
			`SELECT CAST(POWER(2, range) AS BIGINT) FROM range(8) ORDER BY 1`},
		// A derived table of the step, made anew each round.
		{`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM (SELECT k FROM r ORDER BY k LIMIT 1) s WHERE k < 5) SELECT k FROM r ORDER BY k`,
			`SELECT range FROM range(1, 6) ORDER BY range`},
		{`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT m + 1 FROM (SELECT MAX(k) AS m, COUNT(*) AS c FROM r) s WHERE m < 5) SELECT k FROM r ORDER BY k`,
			`SELECT range FROM range(1, 6) ORDER BY range`},
		// The CTE before it reads the lake whose name it takes.
		{`WITH RECURSIVE first AS (SELECT MIN(n) AS lo FROM t), t(k) AS (SELECT lo FROM first UNION ALL SELECT k + 1 FROM t WHERE k < 4) SELECT k FROM t ORDER BY k`,
			`SELECT range FROM range(1, 5) ORDER BY range`},
		{`WITH RECURSIVE r(k, s) AS (SELECT 1, 'x' UNION ALL SELECT k + 1, s || 'x' FROM r WHERE k < 5), q AS (SELECT LENGTH(s) AS l FROM r) SELECT SUM(l) FROM q`,
			`SELECT SUM(range) FROM range(1, 6)`},
	})
}

// The CTE's columns take the types of its anchor's, as DuckDB's do: an
// INTEGER column rounds the step's DOUBLEs; UNION keeps one row of
// each, a NULL equal to a NULL; dates and texts go round by round.
func TestRecursiveTypes(t *testing.T) {
	s := NewSession(fixedLake(t, []string{"g"}, `{"g":"a"}`).Catalog)
	s.Memory = Memory{TempDir: t.TempDir()}
	var rounded []string
	for x := 1.0; ; {
		rounded = append(rounded, fmt.Sprint(x))
		if x >= 6 {
			break
		}
		x = math.Round(x + 0.6)
	}
	var days []string
	for d := 1; d <= 31; d += 5 {
		days = append(days, fmt.Sprintf("2026-01-%02d", d))
	}
	var xs []int // the orbit of x -> x * 7 mod 23 from 1
	for x, seen := 1, map[int]bool{}; !seen[x]; x = x * 7 % 23 {
		seen[x] = true
		xs = append(xs, x)
	}
	slices.Sort(xs)
	var orbit []string
	for _, x := range xs {
		orbit = append(orbit, fmt.Sprint(x))
	}
	wantAnswers(t, s, map[string]string{
		`WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 0.6 FROM r WHERE x < 6) SELECT x FROM r`:                                                                                   strings.Join(rounded, "\n"),
		`WITH RECURSIVE r(d) AS (SELECT DATE '2026-01-01' UNION ALL SELECT d + INTERVAL 5 DAY FROM r WHERE d < DATE '2026-01-27') SELECT CAST(d AS VARCHAR), TYPEOF(d) FROM r ORDER BY d`: strings.Join(days, "|DATE\n") + "|DATE",
		`WITH RECURSIVE m(x) AS (SELECT 1 UNION SELECT x * 7 % 23 FROM m) SELECT x FROM m ORDER BY x`:                                                                                     strings.Join(orbit, "\n"),
		`WITH RECURSIVE r(k, v) AS (SELECT 1, NULL UNION SELECT k % 3 + 1, NULL FROM r) SELECT COUNT(*), COUNT(v) FROM r`:                                                                 "3|0",
		`WITH RECURSIVE r(s) AS (SELECT 'a' UNION ALL SELECT s || 'b' FROM r WHERE LENGTH(s) < 3) SELECT STRING_AGG(s, ',' ORDER BY s) FROM r`:                                            "a,ab,abb",
		`WITH RECURSIVE r(k) AS (SELECT 1 WHERE FALSE UNION ALL SELECT k + 1 FROM r) SELECT COUNT(*) FROM r`:                                                                              "0",
	})
}

// What a recursive CTE refuses, each with what is wrong.
func TestRecursiveErrors(t *testing.T) {
	s := NewSession(fixedLake(t, []string{"g"}, `{"g":"a"}`).Catalog)
	s.Memory = Memory{TempDir: t.TempDir()}
	wantErrors(t, s, map[string]string{
		`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r WHERE k < 3 LIMIT 2) SELECT k FROM r`: "LIMIT",
		`WITH RECURSIVE r(a, b) AS (SELECT 1 UNION ALL SELECT 2 FROM r) SELECT a FROM r`:                      "2 columns named for a query of 1",
		`WITH RECURSIVE r(k) AS (SELECT k FROM r UNION ALL SELECT 1) SELECT k FROM r`:                         "its anchor",
		`WITH RECURSIVE r AS (SELECT 1 FROM r) SELECT 1 FROM r`:                                               "anchor query UNION [ALL]",
		`WITH RECURSIVE r(k) AS (SELECT 1 UNION SELECT 2 UNION ALL SELECT k FROM r) SELECT k FROM r`:          "mixed",
		`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT * FROM r) SELECT k FROM r`:                         "name its columns",
		`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT nope + 1 FROM r WHERE k < 3) SELECT k FROM r`:      "nope is no column of r",
		`WITH RECURSIVE r(k, K) AS (SELECT 1, 2 UNION ALL SELECT k, k FROM r) SELECT 1 FROM r`:                "two columns named",
		`WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 'x' FROM r WHERE k < 3) SELECT k FROM r`:       "cannot compute",
	})
	// A recursion without end stops when its statement is canceled.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := s.Exec(ctx, `WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r) SELECT COUNT(*) FROM r`); err == nil {
		t.Error("a recursion without end ended, past its statement's deadline, without an error")
	}
}
