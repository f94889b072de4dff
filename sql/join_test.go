package sql

import (
	"bytes"
	"context"
	"fmt"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

func TestJoins(t *testing.T) {
	s, rows := subLakes(t)
	tmp := t.TempDir()
	s.Memory = Memory{TempDir: tmp}
	ids := map[int]string{} // u: id -> kind (0, 2, …, 22; and a NULL id)
	for i := range 12 {
		ids[i*2] = fmt.Sprintf("k%d", i%2)
	}
	perG := map[int]int{}
	for _, r := range rows {
		if !r.gNull {
			perG[r.g]++
		}
	}
	match := func(keep func(r subRow, kind string) bool) (n, sum int) {
		for _, r := range rows {
			if kind, ok := ids[r.g]; ok && !r.gNull && keep(r, kind) {
				n++
				if !r.xNull {
					sum += r.x
				}
			}
		}
		return n, sum
	}
	n, sum := match(func(subRow, string) bool { return true })
	n50, _ := match(func(r subRow, _ string) bool { return !r.xNull && r.x > 50 })
	nk0, _ := match(func(_ subRow, k string) bool { return k == "k0" })
	nk1, _ := match(func(_ subRow, k string) bool { return k == "k1" })
	squares, unmatched := 0, 0
	for _, c := range perG {
		squares += c * c
	}
	evenSquares := 0 // rows of t whose g is an id of u, times the rows of that g
	for id := range ids {
		if perG[id] == 0 {
			unmatched++
		}
		evenSquares += perG[id] * perG[id]
	}
	shifted := 0 // rows of t whose g + 2 is an id of u
	for _, r := range rows {
		if _, ok := ids[r.g+2]; ok && !r.gNull {
			shifted++
		}
	}
	// A full join: every pair that matches, and each row of either table
	// that matches none (a NULL key matches none; u has a NULL id).
	gs, matchedIDs := 0, 0
	for _, r := range rows {
		if !r.gNull {
			gs++
		}
	}
	for id := range ids {
		if perG[id] > 0 {
			matchedIDs++
		}
	}
	full := fmt.Sprintf("%d|%d|%d", n+(300-n)+(len(ids)-matchedIDs)+1, gs, n+len(ids)-matchedIDs)
	// Of a left join, a term of its left table decides whether a row may
	// match: the others join NULLs.
	nx1, _ := match(func(r subRow, _ string) bool { return !r.xNull && r.x > 1 })
	// Joins without an equality, and ON terms of both tables that decide
	// an outer join's matches.
	less, leftLess, leftLessMatches, near, fullX, fullXt, fullXu := 0, 0, 0, 0, 0, 0, 0
	uMatched := map[int]bool{}
	for _, r := range rows {
		k0 := 0
		xMatch := false
		for id, kind := range ids {
			if r.gNull {
				continue
			}
			if r.g < id {
				less++
				if kind == "k0" {
					k0++
				}
			}
			if r.g >= id-1 && r.g <= id+1 {
				near++
			}
			if r.g == id && !r.xNull && r.x > id {
				fullX++
				xMatch = true
				uMatched[id] = true
			}
		}
		leftLess += max(1, k0)
		leftLessMatches += k0
		if !xMatch {
			fullX++ // t's row joined to NULLs
		}
		if !r.gNull {
			fullXt++
		}
	}
	fullXu = len(uMatched)
	for id := range ids {
		if !uMatched[id] {
			fullX++
		}
	}
	fullX++ // u's NULL id
	fullXuCount := 0
	for _, r := range rows {
		if !r.gNull && !r.xNull && r.x > r.g {
			if _, ok := ids[r.g]; ok {
				fullXuCount++
			}
		}
	}
	above0 := 0 // rows of t whose g is an id of u above u's least (0)
	for _, r := range rows {
		if _, ok := ids[r.g]; ok && !r.gNull && r.g > 0 {
			above0++
		}
	}
	wantAnswers(t, s, map[string]string{
		// An uncorrelated subquery in ON, answered first.
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id AND u.id > (SELECT MIN(id) FROM u)":                            fmt.Sprint(above0),
		"SELECT COUNT(*), COUNT(u.id) FROM t LEFT JOIN u ON t.g = u.id AND u.id IN (SELECT id FROM u WHERE id > 0)": fmt.Sprintf("300|%d", above0),
		"SELECT COUNT(*) FROM t JOIN u ON t.g < u.id":                                                               fmt.Sprint(less),
		"SELECT COUNT(*), COUNT(u.id) FROM t LEFT JOIN u ON t.g < u.id AND u.kind = 'k0'":                           fmt.Sprintf("%d|%d", leftLess, leftLessMatches),
		"SELECT COUNT(*) FROM t, u WHERE t.g BETWEEN u.id - 1 AND u.id + 1":                                         fmt.Sprint(near),
		"SELECT COUNT(*), COUNT(t.g), COUNT(u.id) FROM t FULL JOIN u ON t.g = u.id AND t.x > u.id":                  fmt.Sprintf("%d|%d|%d", fullX, fullXt, fullXuCount+len(ids)-fullXu),
		"SELECT COUNT(*), COUNT(t.g), COUNT(u.id) FROM t FULL JOIN u ON t.g = u.id":                                 full,
		"SELECT COUNT(*), COUNT(t.g), COUNT(u.id) FROM u FULL OUTER JOIN t ON u.id = t.g":                           full,
		"SELECT COUNT(*), COUNT(g), COUNT(v.g) FROM t FULL JOIN (SELECT id AS g, kind FROM u) v USING (g)":          fmt.Sprintf("%d|%d|%d", n+(300-n)+(len(ids)-matchedIDs)+1, gs+len(ids)-matchedIDs, n+len(ids)-matchedIDs),
		"SELECT COUNT(*), COUNT(u.id) FROM t LEFT JOIN u ON t.g = u.id AND t.x > 1":                                 fmt.Sprintf("300|%d", nx1),
		"SELECT COUNT(*), COUNT(t.g) FROM u RIGHT JOIN t ON t.g = u.id AND t.x > 1 WHERE u.id IS NOT NULL":          fmt.Sprintf("%d|%d", nx1, nx1),
		// Keys that are expressions of a table each.
		"SELECT COUNT(*) FROM t JOIN u ON t.g + 2 = u.id":                    fmt.Sprint(shifted),
		"SELECT COUNT(*) FROM t JOIN u ON u.id - 2 = t.g":                    fmt.Sprint(shifted),
		"SELECT COUNT(*), COUNT(u.id) FROM t LEFT JOIN u ON t.g = u.id - 2":  fmt.Sprintf("300|%d", shifted),
		"SELECT COUNT(*), SUM(t.x) FROM t JOIN u ON t.g * 1 = u.id + 0":      fmt.Sprintf("%d|%d", n, sum),
		"SELECT COUNT(*) FROM t, u WHERE t.g + 2 = u.id AND u.kind = u.kind": fmt.Sprint(shifted),
		// Text that spells a date matches the DATE or TIMESTAMP of a key
		// computed (as = reads it), and the same instant spelled so.
		"SELECT COUNT(*) FROM t JOIN (SELECT DISTINCT CAST(day AS DATE) AS d FROM t) v ON t.day = v.d":                           count(rows, func(r subRow) bool { return r.day != "" }),
		"SELECT COUNT(*) FROM (SELECT DISTINCT CAST(day AS TIMESTAMP) AS d FROM t) v JOIN t ON v.d = t.day":                      count(rows, func(r subRow) bool { return r.day != "" }),
		"SELECT COUNT(*) FROM t JOIN (SELECT DISTINCT day || ' 00:00:00' AS d FROM t WHERE day = '2026-01-01') v ON t.day = v.d": count(rows, func(r subRow) bool { return r.day == "2026-01-01" }),
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id AND t.g + 2 = u.id":                                                         "0",
		"SELECT COUNT(*), SUM(t.x) FROM t JOIN u ON t.g = u.id":                                                                  fmt.Sprintf("%d|%d", n, sum),
		"SELECT COUNT(*), SUM(x) FROM t INNER JOIN u ON u.id = t.g":                                                              fmt.Sprintf("%d|%d", n, sum),
		"SELECT COUNT(*), COUNT(u.id), COUNT(kind) FROM t LEFT JOIN u ON t.g = u.id":                                             fmt.Sprintf("300|%d|%d", n, n),
		"SELECT COUNT(*), COUNT(t.g) FROM t RIGHT JOIN u ON t.g = u.id":                                                          fmt.Sprintf("%d|%d", n+unmatched+1, n),
		"SELECT COUNT(*) FROM t JOIN (SELECT id AS g, kind FROM u) v USING (g)":                                                  fmt.Sprint(n),
		"SELECT COUNT(*) FROM t, u WHERE t.g = u.id AND u.kind = 'k0'":                                                           fmt.Sprint(nk0),
		"SELECT COUNT(*) FROM t CROSS JOIN u":                                                                                    "3900",
		"SELECT COUNT(*) FROM t AS a JOIN t AS b ON a.g = b.g":                                                                   fmt.Sprint(squares),
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id AND t.x > 50":                                                               fmt.Sprint(n50),
		"SELECT COUNT(*), COUNT(u.id) FROM t LEFT JOIN u ON t.g = u.id AND u.kind = 'k1'":                                        fmt.Sprintf("300|%d", nk1),
		"SELECT kind, COUNT(*) FROM t JOIN u ON g = id WHERE day = '2026-01-01' GROUP BY kind ORDER BY kind": func() string {
			var out []string
			for _, k := range []string{"k0", "k1"} {
				c := 0
				for _, r := range rows {
					if kind, ok := ids[r.g]; ok && !r.gNull && kind == k && r.day == "2026-01-01" {
						c++
					}
				}
				out = append(out, fmt.Sprintf("%s|%d", k, c))
			}
			return strings.Join(out, "\n")
		}(),
		// Chains, from the left: each join's rows are the left side of
		// the next.
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id JOIN t AS w ON w.g = u.id":                        fmt.Sprint(evenSquares),
		"SELECT COUNT(*) FROM t a, u, t b WHERE a.g = u.id AND b.g = u.id":                             fmt.Sprint(evenSquares),
		"SELECT COUNT(*), COUNT(w.id) FROM u LEFT JOIN t ON t.g = u.id LEFT JOIN u AS w ON w.id = t.g": fmt.Sprintf("%d|%d", n+unmatched+1, n),
		// A metadata table joins too.
		"SELECT COUNT(*) FROM t.partitions p JOIN (SELECT day, COUNT(*) AS n FROM t GROUP BY day) d ON p.day = d.day WHERE p.rows = d.n": "4",
	})
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("left %v in the temporary folder", ents)
	}
	wantErrors(t, s, map[string]string{
		"SELECT day FROM t a JOIN t b ON a.g = b.g": "day is a column of a and b: qualify it",
		"SELECT nope FROM t JOIN u ON t.g = u.id":   "nope is a column of none of t, u",
		"SELECT COUNT(*) FROM t LEFT JOIN u ON t.g = u.id AND t.x > (SELECT MIN(w.id) FROM u w WHERE w.kind = u.kind)": "correlated subquery",
		"SELECT COUNT(*) FROM t NATURAL JOIN (SELECT 1 AS zz) v":                                                       "no column in common",
		"SELECT COUNT(*) FROM t JOIN t ON t.g = t.g":                                                                   "two tables of the join are called t",
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id JOIN t AS w USING (g)":                                            "USING after a join of several tables",
	})
}

// TestJoinSpills: a join whose right table outgrows the smallest limit is
// partitioned by its keys' hash and answers as in memory, and as the
// counts per key say it must.
func TestJoinSpills(t *testing.T) {
	s := spillLake(t, 6000, 67)
	for _, q := range []string{
		"SELECT COUNT(*), SUM(a.x), MIN(b.t) FROM t a JOIN t b ON a.s = b.s",
		"SELECT COUNT(*), COUNT(b.n), SUM(b.n) FROM t a LEFT JOIN (SELECT s, COUNT(*) AS n FROM t WHERE x > 0 GROUP BY s) b ON a.s = b.s",
		"SELECT a.s, COUNT(*) FROM t a JOIN t b ON a.s = b.s AND a.day = b.day GROUP BY a.s ORDER BY 2 DESC, 1 LIMIT 5",
		"SELECT COUNT(*), SUM(b.n), MAX(c.m) FROM t a JOIN (SELECT s, COUNT(*) AS n FROM t GROUP BY s) b ON a.s = b.s LEFT JOIN (SELECT g, MAX(x) AS m FROM t GROUP BY g) c ON c.g = a.g",
		// The skewed key's right rows alone outgrow the limit: built in
		// blocks, each probed with all the left rows.
		"SELECT COUNT(*), COUNT(b.x), SUM(b.x) FROM (SELECT g FROM t WHERE x < -250) a LEFT JOIN (SELECT g, x FROM t WHERE x > 0) b ON a.g = b.g",
		"SELECT COUNT(*), SUM(b.x) FROM (SELECT g FROM t WHERE x < -250) a JOIN (SELECT g, x FROM t WHERE x > 0) b ON a.g = b.g",
		"SELECT COUNT(*), SUM(a.x), COUNT(b.s) FROM (SELECT x FROM t WHERE x < -280) a CROSS JOIN (SELECT s FROM t WHERE x > 400) b",
		// A right join, a comma join, and a correlated subquery's join.
		"SELECT COUNT(*), COUNT(a.x), SUM(b.n) FROM (SELECT s, x FROM t WHERE x > 500) a RIGHT JOIN (SELECT s, COUNT(*) AS n FROM t GROUP BY s) b ON a.s = b.s",
		"SELECT COUNT(*), SUM(a.x) FROM t a, (SELECT s, MAX(x) AS m FROM t GROUP BY s) b WHERE a.s = b.s AND a.x = b.m",
		"SELECT COUNT(*) FROM t a WHERE a.x > (SELECT AVG(b.x) FROM t b WHERE b.s = a.s)",
		// Keys that are expressions.
		"SELECT COUNT(*), SUM(a.x), MIN(b.t) FROM t a JOIN t b ON LOWER(a.s) = LOWER(b.s)",
		"SELECT COUNT(*), COUNT(b.x) FROM t a LEFT JOIN t b ON a.g + 1 = b.g AND b.x > 200",
		"SELECT COUNT(*), SUM(a.x) FROM t a JOIN (SELECT DISTINCT CAST(day AS DATE) AS d, s FROM t) b ON a.day = b.d AND a.s = b.s",
		// Full joins: through partitions (NULL keys on both sides), in
		// blocks (one key's rows), with a term of each side.
		"SELECT COUNT(*), COUNT(a.x), COUNT(b.x), SUM(b.x) FROM (SELECT s, x FROM t WHERE x > 100) a FULL JOIN (SELECT s, x FROM t WHERE x < 300) b ON a.s = b.s",
		"SELECT COUNT(*), COUNT(a.g), COUNT(b.x), SUM(b.x) FROM (SELECT g FROM t WHERE x < -250) a FULL JOIN (SELECT g, x FROM t WHERE x > 0) b ON a.g = b.g",
		"SELECT COUNT(*), COUNT(a.x), COUNT(b.x) FROM t a FULL JOIN t b ON a.s = b.s AND a.x > 0 AND b.x < 0",
		"SELECT COUNT(*), COUNT(a.x), COUNT(b.x) FROM t a LEFT JOIN t b ON a.s = b.s AND a.x > 200",
		// Without an equality: every pair tried, in blocks.
		"SELECT COUNT(*), SUM(b.x) FROM (SELECT x FROM t WHERE x < -280) a JOIN (SELECT x FROM t WHERE x > 300) b ON a.x + b.x > 150",
		"SELECT COUNT(*), COUNT(b.x), SUM(b.x) FROM (SELECT x FROM t WHERE x < -280) a LEFT JOIN (SELECT x FROM t WHERE x > 300) b ON a.x + b.x > 200",
		"SELECT COUNT(*), COUNT(a.x), COUNT(b.x) FROM (SELECT x FROM t WHERE x < -250) a FULL JOIN (SELECT x FROM t WHERE x > 250) b ON a.x + b.x BETWEEN -10 AND 10",
	} {
		spillsAsInMemory(t, s, q, true)
	}
	s.Memory = Memory{}
	squares := query(t, s, "SELECT SUM(n * n) FROM (SELECT s, COUNT(*) AS n FROM t WHERE s IS NOT NULL GROUP BY s) c").Rows[0][0]
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	if got := query(t, s, "SELECT COUNT(*) FROM t a JOIN t b ON a.s = b.s").Rows[0][0]; got.String() != squares.String() {
		t.Errorf("self join on s: %v rows, want %v (the sum of each key's rows squared)", got, squares)
	}
	// The left join in blocks: a row per match, or one for a left row
	// without any.
	s.Memory = Memory{}
	want := query(t, s, "SELECT SUM(COALESCE(c, 1)) FROM (SELECT g FROM t WHERE x < -250) a LEFT JOIN (SELECT g, COUNT(*) AS c FROM t WHERE x > 0 GROUP BY g) b ON a.g = b.g").Rows[0][0]
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	if got := query(t, s, "SELECT COUNT(*) FROM (SELECT g FROM t WHERE x < -250) a LEFT JOIN (SELECT g, x FROM t WHERE x > 0) b ON a.g = b.g").Rows[0][0]; got.String() != want.String() {
		t.Errorf("left join in blocks: %v rows, want %v", got, want)
	}
}

// A chain of comma joins whose first two tables share no equality runs in
// an order that joins each table to one before it.
func TestJoinOrder(t *testing.T) {
	s, rows := subLakes(t)
	perG := map[int]int{}
	for _, r := range rows {
		if !r.gNull {
			perG[r.g]++
		}
	}
	evenSquares, evenX := 0, 0 // pairs of rows of t of one g that is an id of u
	for i := range 12 {
		evenSquares += perG[i*2] * perG[i*2]
	}
	for _, r := range rows {
		if !r.gNull && r.g%2 == 0 && r.g <= 22 && !r.xNull && r.x > 90 {
			evenX += perG[r.g]
		}
	}
	q := "SELECT COUNT(*) FROM t a, t b, u WHERE a.g = u.id AND b.g = u.id"
	wantAnswers(t, s, map[string]string{
		q: fmt.Sprint(evenSquares),
		"SELECT COUNT(*) FROM t a JOIN t b ON a.x > 90 JOIN u ON b.g = u.id WHERE a.g = u.id": fmt.Sprint(evenX),
	})
	text := table(query(t, s, "EXPLAIN "+q))
	if !strings.Contains(text, "t AS a CROSS JOIN u CROSS JOIN t AS b") {
		t.Errorf("the chain is not joined in a connected order:\n%s", text)
	}
}

// SELECT * over a join is every column of its tables, in their order and
// each table's rows' order; t.* one table's; USING's column once.
func TestJoinStar(t *testing.T) {
	s, _ := subLakes(t)
	for q, want := range map[string]struct{ cols, as string }{
		// A * beside other items, or with EXCLUDE, is the table's columns
		// (of a lake, a derived table, a join).
		"SELECT *, x + 1 AS y FROM t WHERE x > 50":                                   {"g|x|day|y", "SELECT g, x, day, x + 1 FROM t WHERE x > 50"},
		"SELECT * EXCLUDE (x) FROM t":                                                {"g|day", "SELECT g, day FROM t"},
		"SELECT * EXCLUDE (d) FROM (SELECT CAST(day AS DATE) AS d, x FROM t) v":      {"x", "SELECT x FROM t"},
		"SELECT *, 1 AS one FROM (SELECT CAST(day AS DATE) AS d FROM t) v":           {"d|one", "SELECT CAST(day AS DATE), 1 FROM t"},
		"SELECT DISTINCT * FROM (SELECT day, g FROM t) v":                            {"day|g", "SELECT DISTINCT day, g FROM t"},
		"SELECT t.* EXCLUDE (g, day), 2 AS two FROM t":                               {"x|two", "SELECT x, 2 FROM t"},
		"SELECT * EXCLUDE (kind) FROM (SELECT kind, id, id * 2 AS d FROM u) v":       {"id|d", "SELECT id, id * 2 FROM u"},
		"SELECT u.* EXCLUDE (kind), t.x FROM t JOIN u ON t.g = u.id":                 {"id|x", "SELECT u.id, t.x FROM t JOIN u ON t.g = u.id"},
		"SELECT * EXCLUDE (day, id) FROM t JOIN u ON t.g = u.id WHERE u.kind = 'k0'": {"g|x|kind", "SELECT t.g, t.x, u.kind FROM t JOIN u ON t.g = u.id WHERE u.kind = 'k0'"},
		"SELECT * FROM t JOIN u ON t.g = u.id":                                       {"g|x|day|id|kind", "SELECT t.g, t.x, t.day, u.id, u.kind FROM t JOIN u ON t.g = u.id"},
		"SELECT u.*, t.x FROM t JOIN u ON t.g = u.id":                                {"id|kind|x", "SELECT u.id, u.kind, t.x FROM t JOIN u ON t.g = u.id"},
		"SELECT * FROM t JOIN (SELECT id AS g, kind FROM u) v USING (g)":             {"g|x|day|kind", "SELECT t.g, t.x, t.day, v.kind FROM t JOIN (SELECT id AS g, kind FROM u) v ON t.g = v.g"},
		"SELECT *, 1 AS one FROM t a LEFT JOIN u ON a.g = u.id WHERE a.x > 90":       {"g|x|day|id|kind|one", "SELECT a.g, a.x, a.day, u.id, u.kind, 1 FROM t a LEFT JOIN u ON a.g = u.id WHERE a.x > 90"},
		// The tables as written, whatever side the join reads first; a
		// USING column where the first table has it, the join's value.
		"SELECT * FROM u RIGHT JOIN t ON t.g = u.id":                           {"id|kind|g|x|day", "SELECT u.id, u.kind, t.g, t.x, t.day FROM u RIGHT JOIN t ON t.g = u.id"},
		"SELECT * FROM (SELECT id AS g, kind FROM u) v RIGHT JOIN t USING (g)": {"g|kind|x|day", "SELECT t.g, v.kind, t.x, t.day FROM (SELECT id AS g, kind FROM u) v RIGHT JOIN t ON v.g = t.g"},
		"SELECT * FROM t FULL JOIN (SELECT id AS g, kind FROM u) v USING (g)":  {"g|x|day|kind", "SELECT COALESCE(t.g, v.g), t.x, t.day, v.kind FROM t FULL JOIN (SELECT id AS g, kind FROM u) v ON t.g = v.g"},
		"SELECT * FROM t NATURAL JOIN (SELECT id AS g, kind FROM u) v":         {"g|x|day|kind", "SELECT t.g, t.x, t.day, v.kind FROM t JOIN (SELECT id AS g, kind FROM u) v ON t.g = v.g"},
		"SELECT * FROM t NATURAL LEFT JOIN (SELECT id AS g, day FROM u) v":     {"g|x|day", "SELECT t.g, t.x, t.day FROM t LEFT JOIN (SELECT id AS g, day FROM u) v ON t.g = v.g AND t.day = v.day"},
	} {
		res := query(t, s, q)
		var cols []string
		for _, c := range res.Columns {
			cols = append(cols, c.Name)
		}
		if got := strings.Join(cols, "|"); got != want.cols {
			t.Errorf("%s: columns %s, want %s", q, got, want.cols)
		}
		got, exp := rowsText(res), rowsText(query(t, s, want.as))
		slices.Sort(got)
		slices.Sort(exp)
		if len(exp) == 0 || !slices.Equal(got, exp) {
			t.Errorf("%s: %d rows, not those of %s (%d rows)", q, len(got), want.as, len(exp))
		}
	}
}

// Terms every branch of an OR holds are taken out of it, so that a join
// finds its keys there; an OR implies, for a table with terms in each
// branch, the OR of those, which narrows that table before the join.
func TestJoinOrs(t *testing.T) {
	s, rows := subLakes(t)
	kind := map[int]string{} // u: id -> kind
	for i := range 12 {
		kind[i*2] = fmt.Sprintf("k%d", i%2)
	}
	n := func(keep func(r subRow, k string) bool) string {
		c := 0
		for _, r := range rows {
			if k, ok := kind[r.g]; ok && !r.gNull && keep(r, k) {
				c++
			}
		}
		return fmt.Sprint(c)
	}
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM t a, u WHERE (a.g = u.id AND a.x > 50) OR (u.id = a.g AND u.kind = 'k0') OR (a.g = u.id AND a.x < 3 AND a.day = '2026-01-02')": n(func(r subRow, k string) bool {
			return !r.xNull && r.x > 50 || k == "k0" || !r.xNull && r.x < 3 && r.day == "2026-01-02"
		}),
		"SELECT COUNT(*) FROM t a JOIN u ON a.g = u.id WHERE (a.x > 90 AND u.kind = 'k1') OR (a.x < 5 AND u.kind = 'k0')": n(func(r subRow, k string) bool {
			return !r.xNull && (r.x > 90 && k == "k1" || r.x < 5 && k == "k0")
		}),
		"SELECT COUNT(*) FROM t a, u WHERE (a.g = u.id) OR (a.g = u.id AND a.x > 50)": n(func(subRow, string) bool { return true }),
	})
	text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a JOIN u ON a.g = u.id WHERE (a.x > 90 AND u.kind = 'k1') OR (a.x < 5 AND u.kind = 'k0')"))
	all := n(func(subRow, string) bool { return true })
	if text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a, u WHERE (a.g = u.id AND a.x > 50) OR (u.id = a.g AND u.kind = 'k0')")); !strings.Contains(text, "the "+all+" rows of") {
		t.Errorf("the OR's equality is not the join's key (%s rows):\n%s", all, text)
	}
	narrowed := n(func(r subRow, k string) bool { return !r.xNull && (r.x > 90 || r.x < 5) && (k == "k1" || k == "k0") })
	if !strings.Contains(text, "the "+narrowed+" rows of") {
		t.Errorf("the OR does not narrow a (%s rows):\n%s", narrowed, text)
	}
}

// A condition of a key column and constants narrows the other side of the
// join too (its partitions pruned), and EXPLAIN shows each table's own
// plan; never from the right side of a LEFT JOIN to its left.
func TestJoinKeyConditionsCross(t *testing.T) {
	s, rows := subLakes(t)
	g02 := 0
	for _, r := range rows {
		if !r.gNull && (r.g == 0 || r.g == 2) {
			g02++
		}
	}
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM t a JOIN t b ON a.day = b.day WHERE a.day = '2026-01-02'":                     "5625",
		"SELECT COUNT(*), COUNT(b.day) FROM t a LEFT JOIN t b ON a.day = b.day AND b.day = '2026-01-03'":    "5850|5625",
		"SELECT COUNT(*), COUNT(b.day) FROM t a LEFT JOIN t b ON a.day = b.day WHERE a.day >= '2026-01-04'": "5625|5625",
		"SELECT COUNT(*) FROM t a JOIN u ON a.g = u.id WHERE u.id IN (0, 2)":                                fmt.Sprint(g02),
	})
	text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a JOIN t b ON a.day = b.day WHERE a.day = '2026-01-02'"))
	if strings.Count(text, "Join input, ") != 2 || strings.Count(text, "  Scanning 1/4 files") != 2 {
		t.Errorf("each table of the join is not pruned to its day:\n%s", text)
	}
	text = table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a JOIN u ON a.g = u.id WHERE u.id IN (0, 2)"))
	if !strings.Contains(text, "FROM t AS a WHERE a.g IN (0, 2)") {
		t.Errorf("u's key condition does not narrow t:\n%s", text)
	}
}

// rowLakes returns a catalog in a new folder and a function that makes
// a lake of it, partitioned by the rows' field "part", of n rows made by
// row.
func rowLakes(t *testing.T) (*catalog.Catalog, func(name string, n int, row func(i int) string)) {
	dir := t.TempDir()
	c := catalog.New(dir)
	return c, func(name string, n int, row func(i int) string) {
		var b strings.Builder
		for i := range n {
			b.WriteString(row(i) + "\n")
		}
		raw := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(raw, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(name, []string{"part"}, raw, 0); err != nil {
			t.Fatal(err)
		}
	}
}

// An equality of columns with few values (their lake's first rows tell)
// pairs many rows with many: the order joins through the keys first.
func TestJoinOrderFewValues(t *testing.T) {
	c, write := rowLakes(t)
	write("da", 200, func(i int) string { return fmt.Sprintf(`{"id":%d,"c":%d,"part":0}`, i, i%5) })
	write("db", 200, func(i int) string { return fmt.Sprintf(`{"id":%d,"c":%d,"part":0}`, i, i%5) })
	write("f", 2000, func(i int) string { return fmt.Sprintf(`{"aid":%d,"bid":%d,"part":%d}`, i%200, (i*7)%200, i%3) })
	s := NewSession(c)
	want := 0 // rows of f whose two dimensions share c
	for i := range 2000 {
		if (i%200)%5 == ((i*7)%200)%5 {
			want++
		}
	}
	q := "SELECT COUNT(*) FROM da a, db b, f WHERE a.c = b.c AND f.aid = a.id AND f.bid = b.id"
	wantAnswers(t, s, map[string]string{q: fmt.Sprint(want)})
	text := table(query(t, s, "EXPLAIN "+q))
	if !strings.Contains(text, "da AS a CROSS JOIN f CROSS JOIN db AS b") {
		t.Errorf("the chain joins the dimensions on their few values first:\n%s", text)
	}
}

// TestJoinStreams: a join whose built side fits in memory streams the
// other side through its table, an inner join's scan reading only the
// rows whose key the table may hold (EXPLAIN's "Join filter"); a left
// join builds its table of its left side when that is the smaller lake
// (its unmatched rows joined to NULLs after), and the right one's rows
// are filtered so too; else its left side streams, read whole. Under the
// smallest limit both sides go to files, and the answers are the same
// either way.
func TestJoinStreams(t *testing.T) {
	s := spillLake(t, 6000, 67)
	inner := "SELECT COUNT(*), SUM(a.x), MIN(b.x) FROM t a JOIN (SELECT s, x FROM t WHERE x > 450) b ON a.s = b.s"
	leftBuilt := "SELECT COUNT(*), COUNT(b.x), SUM(b.x), COUNT(a.s) FROM t a LEFT JOIN (SELECT s, x FROM t WHERE x > 450) b ON a.s = b.s"
	leftStreamed := "SELECT COUNT(*), COUNT(b.x), SUM(b.x), COUNT(a.s) FROM (SELECT s FROM t WHERE x > 450) a LEFT JOIN t b ON a.s = b.s"
	explain := func(q string) string { s.Memory = Memory{}; return table(query(t, s, "EXPLAIN "+q)) }
	if text := explain(inner); !strings.Contains(text, "Join input, streamed through the table of the other") ||
		!regexp.MustCompile(`Join filter: \([ab]\.s\) among the \d+ keys`).MatchString(text) {
		t.Errorf("inner join: no join filter on the streamed side:\n%s", text)
	}
	if text := explain(leftBuilt); !strings.Contains(text, "Join input, read first: SELECT a.s") ||
		!strings.Contains(text, "Join filter: (b.s) among the") {
		t.Errorf("left join of the smaller left lake: not built of it:\n%s", text)
	}
	if text := explain(leftStreamed); strings.Contains(text, "Join filter") ||
		!strings.Contains(text, "Join input, streamed through the table of the other: SELECT a.s") {
		t.Errorf("left join: its left rows filtered, or not streamed:\n%s", text)
	}
	for _, q := range []string{inner, leftBuilt, leftStreamed} {
		spillsAsInMemory(t, s, q, true)
	}
	if text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t a JOIN t b ON a.s = b.s")); strings.Contains(text, "Join filter") {
		t.Errorf("a join past the limit streamed:\n%s", text)
	}
}

// TestJoinFeedsQuery: a statement over a join that streams takes the
// joined rows as the probes make them (the join's source is a
// joinStream: no file holds them), with the answers of the same
// statements spilled, whose joins go through files: aggregates, a filter
// of both sides' columns, a chain of three tables (a stream inside a
// stream), a left join built of its left side (its unmatched rows), DATE
// values, LIMIT without ORDER BY (the streams stop), and rows streamed in
// order by Session.Stream.
func TestJoinFeedsQuery(t *testing.T) {
	s := spillLake(t, 6000, 67)
	b := "(SELECT s, x FROM t WHERE x > 450)"
	queries := []string{
		"SELECT a.g, COUNT(*), SUM(b.x), MAX(a.s) FROM t a JOIN " + b + " b ON a.s = b.s GROUP BY a.g ORDER BY 2 DESC, 1 LIMIT 20",
		"SELECT a.x, b.x, a.g FROM t a JOIN (SELECT s, x FROM t WHERE x > 640) b ON a.s = b.s WHERE a.x + b.x > 900 OR a.g IS NULL",
		"SELECT COUNT(*), SUM(c.x), COUNT(DISTINCT a.g) FROM t a JOIN (SELECT s, x FROM t WHERE x > 600) b ON a.s = b.s JOIN (SELECT s, x FROM t WHERE x > 650) c ON b.s = c.s",
		"SELECT COUNT(*), COUNT(b.x), SUM(b.x), COUNT(DISTINCT a.s), SUM(a.x) FROM t a LEFT JOIN " + b + " b ON a.s = b.s",
		"SELECT a.g, COUNT(b.x), MIN(b.s) FROM t a LEFT JOIN " + b + " b ON a.s = b.s GROUP BY a.g",
		"SELECT b.s, COUNT(*), COUNT(b.x), SUM(a.x) FROM (SELECT s, x FROM t WHERE x > 450) a LEFT JOIN t b ON a.s = b.s GROUP BY b.s ORDER BY 2 DESC, 1 LIMIT 10",
		"SELECT COUNT(*), MIN(b.d), MAX(b.d), COUNT(DISTINCT b.d) FROM t a JOIN (SELECT s, DATE '2026-01-01' + CAST(x % 30 AS INTEGER) AS d FROM t WHERE x > 600) b ON a.s = b.s WHERE b.d > DATE '2026-01-10'",
	}
	for _, q := range queries {
		s.Memory = Memory{}
		sel, err := parser.ParseSelect(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, src, done, err := s.resolve(exec.WithMemory(context.Background(), s.Memory), sel, nil)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if _, ok := src.(*joinStream); !ok {
			t.Errorf("%s: the join's rows are in a %T, not streamed into the statement", q, src)
		}
		done()
		spillsAsInMemory(t, s, q, strings.Contains(q, "ORDER BY"))
	}
	s.Memory = Memory{}
	chain := "SELECT a.x, c.s FROM t a JOIN (SELECT s, x FROM t WHERE x > 600) b ON a.s = b.s JOIN (SELECT s, x FROM t WHERE x > 650) c ON b.s = c.s"
	all := query(t, s, chain)
	if res := query(t, s, chain+" LIMIT 7"); len(res.Rows) != 7 || len(all.Rows) <= 7 {
		t.Errorf("LIMIT 7 of a chain of streamed joins: %d rows (of %d)", len(res.Rows), len(all.Rows))
	}
	var streamed [][]Value
	ok, _, err := s.Stream(context.Background(), chain, emitRows(func(r []Value) { streamed = append(streamed, slices.Clone(r)) }))
	if !ok || err != nil {
		t.Fatalf("Stream of a chain of joins: %v, %v", ok, err)
	}
	if d := diffRows(all.Rows, streamed, false); d != "" {
		t.Errorf("Stream of a chain of joins: %s", d)
	}
}

// TestJoinBuildsSmallerChain: of a join of two small lakes and a large
// one, the table is built of the two small ones' join (estimated at its
// larger lake's bytes), and the large lake streams through it, where
// before the large lake was built because the join's size was unknown.
func TestJoinBuildsSmallerChain(t *testing.T) {
	dir := t.TempDir()
	var big, small strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&big, `{"g":%d,"x":%d,"pad":"%s"}`+"\n", i%23, (i*37)%101, strings.Repeat("p", 40))
	}
	for i := range 12 {
		fmt.Fprintf(&small, `{"id":%d,"kind":"k%d"}`+"\n", i*2, i%2)
	}
	c := catalog.New(dir)
	for name, text := range map[string]string{"t": big.String(), "u": small.String()} {
		raw := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(raw, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(name, []string{map[string]string{"t": "g", "u": "kind"}[name]}, raw, 0); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSession(c)
	q := "SELECT COUNT(*), SUM(t.x), MIN(a.kind) FROM u a, u b, t WHERE a.id = b.id AND b.id = t.g"
	text := table(query(t, s, "EXPLAIN "+q))
	if !regexp.MustCompile("Join input, read first: SELECT [^\n]* FROM u AS a CROSS JOIN u AS b").MatchString(text) ||
		!strings.Contains(text, "Join input, streamed through the table of the other: SELECT t.g AS `t.g`") {
		t.Errorf("the join of the small lakes is not the one built:\n%s", text)
	}
	if res := spillsAsInMemory(t, s, q, false); res.Rows[0][0].I == 0 {
		t.Errorf("%s: no rows joined", q)
	}
}

// emitRows is an Emitter that gives each row to a function.
type emitRows func([]Value)

func (emitRows) Columns([]string) error { return nil }
func (f emitRows) Row(r []Value) error  { f(r); return nil }

// TestBuildTable: the table's chains hold exactly the rows of each hash,
// in the order added, last first, when hashes share slots and repeat, and
// after the slots grow.
func TestBuildTable(t *testing.T) {
	tb := newBuildTable(2, 0)
	want := map[uint64][]int32{}
	for i := range 5000 {
		h := uint64(i%37) << 40 // many hashes per slot: their low bits are 0
		if i%5 == 0 {
			h = uint64(i%11) | 1<<63
		}
		if i%7 == 3 {
			tb.addLone([]byte{byte(i), byte(i >> 8)}) // in no chain
			continue
		}
		tb.add(h, []byte{byte(i), byte(i >> 8)})
		want[h] = append([]int32{int32(i)}, want[h]...)
	}
	tb.finish()
	tb.index(nil, 0, 0)
	if tb.rows() != 5000 {
		t.Fatalf("%d rows, want 5000", tb.rows())
	}
	for h, rows := range want {
		var got []int32
		for i := tb.head(h); i >= 0; i = tb.next(i) {
			if r := tb.row(i); int(r[0])|int(r[1])<<8 != int(i) {
				t.Fatalf("row %d holds %v", i, r)
			}
			got = append(got, i)
		}
		if !slices.Equal(got, rows) {
			t.Fatalf("hash %x: rows %v, want %v", h, got, rows)
		}
	}
	if tb.head(12345) != -1 {
		t.Errorf("a hash never added has rows")
	}
}

// TestJoinNarrows: the table a correlated subquery becomes, grouped by its
// correlation key, is made of only the rows whose keys the outer query's
// side holds (EXPLAIN: its scan's join filter, and fewer rows than keys),
// for an inner join (scalar subquery, EXISTS) and a left one (NOT
// EXISTS); the answers are those of the same queries spilled, which read
// every row.
func TestJoinNarrows(t *testing.T) {
	s := spillLake(t, 6000, 67)
	all := query(t, s, "SELECT COUNT(DISTINCT s) FROM t").Rows[0][0].I
	for _, q := range []string{
		"SELECT COUNT(*), SUM(a.x) FROM (SELECT s, x FROM t WHERE x > 690) a WHERE a.x > (SELECT AVG(b.x) + 300 FROM t b WHERE b.s = a.s)",
		"SELECT COUNT(*), SUM(a.x) FROM t a WHERE a.x > 690 AND a.x > (SELECT AVG(b.x) + 300 FROM t b WHERE b.s = a.s)",
		"SELECT COUNT(*), SUM(a.x) FROM (SELECT s, x FROM t WHERE x > 690) a WHERE EXISTS (SELECT 1 FROM t b WHERE b.s = a.s AND b.x > a.x)",
		"SELECT COUNT(*), SUM(a.x) FROM (SELECT s, x FROM t WHERE x > 690) a WHERE NOT EXISTS (SELECT 1 FROM t b WHERE b.s = a.s AND b.x > a.x)",
	} {
		s.Memory = Memory{}
		text := table(query(t, s, "EXPLAIN "+q))
		m := regexp.MustCompile(`Derived table __sq1: the (\d+) rows`).FindStringSubmatch(text)
		if !strings.Contains(text, "keys of the join's other side") || m == nil {
			t.Errorf("%s: the subquery's table is not narrowed:\n%s", q, text)
		} else if n, _ := strconv.ParseInt(m[1], 10, 64); n*2 > all {
			t.Errorf("%s: the subquery's table has %d rows of %d keys", q, n, all)
		}
		spillsAsInMemory(t, s, q, true)
	}
}

// TestJoinNarrowsThroughJoins: a subquery's table narrowed to the outer
// query's keys, whose rows come from a join (TPC-H Q2's), takes the
// filter down to the scan of the join's streamed side when the key is a
// column of it (of an inner join, of a left join's left side, down a
// chain of joins) and keeps it on the joined rows otherwise; the answers
// are those of the same queries spilled, which read every row, and of
// the subquery made once for the statement (a CTE's table, which no
// join narrows).
func TestJoinNarrowsThroughJoins(t *testing.T) {
	s := spillLake(t, 6000, 71)
	for _, c := range []struct {
		agg, key, from string // the subquery: SELECT agg FROM from AND key = a.s
		pushed         bool
	}{
		{"MIN(b.f)", "b.s", "t b, t c WHERE b.x = c.x AND c.f > 0", true},
		{"MAX(c.f) - 250", "b.s", "t b JOIN t c ON b.x = c.x WHERE c.f > 0", true},
		// The key is the built side's: the joined rows are filtered.
		{"MIN(b.f)", "c.s", "t b, t c WHERE b.x = c.x AND c.f > 0", false},
		{"MIN(c.f)", "b.s", "t b LEFT JOIN t c ON b.x = c.x AND c.f > 0 WHERE b.x < 600", true},
		{"MIN(b.f)", "b.s", "t b JOIN t c ON b.x = c.x JOIN t d ON c.x = d.x WHERE d.f > 150 AND c.f > 0", true},
		{"AVG(d.f) - 100", "c.s", "t b JOIN t c ON b.x = c.x JOIN t d ON c.x = d.x WHERE d.f > 150 AND b.f > 0", false},
	} {
		q := fmt.Sprintf("SELECT COUNT(*), SUM(a.x), MIN(a.s) FROM t a WHERE a.x > 650 AND a.f > (SELECT %s FROM %s AND %s = a.s)", c.agg, c.from, c.key)
		s.Memory = Memory{}
		before := keysPushed.Load()
		got := query(t, s, q)
		if pushed := keysPushed.Load() != before; pushed != c.pushed {
			t.Errorf("%s: pushed to the join's side %v, want %v", q, pushed, c.pushed)
		}
		if text := table(query(t, s, "EXPLAIN "+q)); !strings.Contains(text, "keys of the join's other side") {
			t.Errorf("%s: the subquery's table is not narrowed:\n%s", q, text)
		}
		if got.Rows[0][0].I == 0 {
			t.Errorf("%s: no rows", q)
		}
		spillsAsInMemory(t, s, q, true)
		// The subquery as a CTE's table of every key's value, made once
		// for the statement: no join narrows it.
		cte := fmt.Sprintf("WITH w AS (SELECT %s AS k, %s AS v FROM %s GROUP BY %s) "+
			"SELECT COUNT(*), SUM(a.x), MIN(a.s) FROM t a, w WHERE w.k = a.s AND a.x > 650 AND a.f > w.v", c.key, c.agg, c.from, c.key)
		if d := diffRows(query(t, s, cte).Rows, got.Rows, true); d != "" {
			t.Errorf("%s: not the answer of %s: %s", q, cte, d)
		}
	}
}

// TestFilteredScanDecodesLate: a scan whose filter reads some of its four
// or fewer fields decodes the others once a row passes, each row's own:
// the sums over the filtered rows are those a scan without a filter
// computes with CASE.
func TestFilteredScanDecodesLate(t *testing.T) {
	s := spillLake(t, 6000, 67)
	for _, c := range [][2]string{
		{"SELECT SUM(x * 2), MAX(f + 1), COUNT(*) FROM t WHERE g > 3000",
			"SELECT SUM(CASE WHEN g > 3000 THEN x * 2 END), MAX(CASE WHEN g > 3000 THEN f + 1 END), COUNT(CASE WHEN g > 3000 THEN 1 END) FROM t"},
		{"SELECT SUM(LENGTH(s)), MIN(x - 1) FROM t WHERE day = '2026-01-02'",
			"SELECT SUM(CASE WHEN day = '2026-01-02' THEN LENGTH(s) END), MIN(CASE WHEN day = '2026-01-02' THEN x - 1 END) FROM t"},
	} {
		got, want := rowsText(query(t, s, c[0])), rowsText(query(t, s, c[1]))
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", c[0], got, want)
		}
	}
}

// denseJoiner builds a joiner's table of right rows of one key column k
// (and a second column, j, the row's number) from keys, under limit.
func denseJoiner(t *testing.T, keys []Value, limit int64) (*joiner, *buildTable) {
	t.Helper()
	return keysJoiner(t, keys, 2, limit)
}

// keysJoiner builds a joiner's table of right rows of the key column k
// alone (cols 1) or with a second column j, the row's number (cols 2).
func keysJoiner(t *testing.T, keys []Value, cols int, limit int64) (*joiner, *buildTable) {
	t.Helper()
	d := spill.New(storage.OS, t.TempDir())
	t.Cleanup(func() { d.Close() })
	w, err := d.Create()
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		rec := types.AppendValue(nil, k)
		if cols == 2 {
			rec = types.AppendValue(rec, types.IntValue(int64(i)))
		}
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	j := &joiner{seed: maphash.MakeSeed(), keepBuild: true, sides: [2]*joinSide{
		{need: []colRef{{"a", "k"}}, keys: []int{0}},
		{need: []colRef{{"b", "k"}, {"b", "j"}}[:cols], keys: []int{0}, file: w}}}
	r, err := w.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tb, eof, err := j.build(r, w.Records(), w.Size(), limit)
	if err != nil || !eof {
		t.Fatalf("build: eof %v, %v", eof, err)
	}
	return j, tb
}

// TestBuildTableDense: a table of one integer key column whose keys span
// little (ids, or any span of at most denseSmall) gets its dense array in
// place of its slots, and finds every row of each key as the hashed table
// does, whole DOUBLEs with their integers; NULL keys are lone rows; keys
// of other kinds, a span past int64, sparse keys and a limit the array
// would pass keep the slots.
func TestBuildTableDense(t *testing.T) {
	ints := func(ns ...int64) []Value {
		var out []Value
		for _, n := range ns {
			out = append(out, types.IntValue(n))
		}
		return out
	}
	var ids []int64
	for i := range 300 {
		ids = append(ids, int64(i%140)-3) // duplicates, negatives
	}
	withFloat := append(ints(ids...), types.FloatValue(7), Value{}, types.FloatValue(-0.0))
	probes := append(ints(-5, -3, 0, 1, 7, 136, 137, 9000, math.MaxInt64, math.MinInt64),
		types.FloatValue(7), types.FloatValue(2.5), types.StringValue("7"), types.DateValue(7))
	cases := []struct {
		name  string
		keys  []Value
		limit int64
		dense bool
	}{
		{"ids", withFloat, math.MaxInt64, true},
		{"sparse but small", ints(0, 1000, 2000, 250000, 1000), math.MaxInt64, true},
		{"sparse", ints(0, 1<<40, 7, 7), math.MaxInt64, false},
		{"past int64", ints(math.MinInt64, math.MaxInt64, 0), math.MaxInt64, false},
		{"a text among them", append(ints(1, 2, 3), types.StringValue("7")), math.MaxInt64, false},
		{"a fraction among them", append(ints(1, 2, 3), types.FloatValue(2.5)), math.MaxInt64, false},
		{"past the limit", ints(0, 200000, 7), 4096, false},
	}
	for _, c := range cases {
		j, tb := denseJoiner(t, c.keys, c.limit)
		if got := tb.dense != nil; got != c.dense {
			t.Errorf("%s: dense %v, want %v", c.name, got, c.dense)
		}
		if c.dense && tb.slots != nil {
			t.Errorf("%s: the slots stay beside the dense array", c.name)
		}
		ks := keysOf(tb, j.seed)
		for _, p := range append(probes, c.keys...) {
			var want []int64
			pk, ok := appendKey(nil, []int{0}, []Value{p})
			for i, k := range c.keys {
				if kk, kok := appendKey(nil, []int{0}, []Value{k}); ok && kok && bytes.Equal(kk, pk) {
					want = append(want, int64(i))
				}
			}
			var got []int64
			var right []Value
			if ok {
				if err := j.matches(tb, pk, &right, new([]byte), func(int32) error {
					got = append(got, right[1].I)
					return nil
				}); err != nil {
					t.Fatal(err)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %v matches rows %v, want %v", c.name, p, got, want)
			}
			// The join filter's set: never no for a key the table has;
			// over a dense table (its bits) exactly the keys it has.
			if has := ok && ks.has(pk); len(want) > 0 && !has || c.dense && has != (len(want) > 0) {
				t.Errorf("%s: the join filter says %v of %v, which matches rows %v", c.name, has, p, want)
			}
		}
		if tb.rows() != len(c.keys) {
			t.Errorf("%s: %d rows, want %d (NULL keys are kept as lone rows)", c.name, tb.rows(), len(c.keys))
		}
	}
}

// TestJoinDenseKeys: joins on one integer column, whose tables are dense,
// answer as the same joins on that column and a second one that is the
// same in every row (two keys: hashed tables), for each join type, over
// right sides of dense, sparse and mixed keys, in memory and spilled.
func TestJoinDenseKeys(t *testing.T) {
	dir := t.TempDir()
	c := catalog.New(dir)
	lake := func(name string, keys []string) {
		var b strings.Builder
		for i, k := range keys {
			fmt.Fprintf(&b, `{"k":%s,"j":%d,"c":"x","d":"2026-01-0%d"}`+"\n", k, i, 1+i%3)
		}
		raw := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(raw, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(name, []string{"d"}, raw, 0); err != nil {
			t.Fatal(err)
		}
	}
	var a, dense, sparse, mixed []string
	for i := range 3000 {
		k := fmt.Sprint(i%400 - 5)
		switch i % 53 {
		case 0:
			k = "null"
		case 1:
			k = `"7"`
		case 2:
			k = "7.0"
		case 3:
			k = "2.5"
		case 4:
			k = fmt.Sprint(int64(i) * 1000)
		case 5:
			k = "9223372036854775807"
		}
		a = append(a, k)
	}
	for i := range 260 {
		dense = append(dense, fmt.Sprint(i%130-2))
		sparse = append(sparse, fmt.Sprint(int64(i%50)*1<<33))
		mixed = append(mixed, fmt.Sprint(i%90))
	}
	var unique []string // of keyInts (TestBuildTableKeyInts)
	for i := range 300 {
		unique = append(unique, fmt.Sprint(i-5))
	}
	unique = append(unique, "null")
	dense = append(dense, "null", "7.0", "-0")
	mixed = append(mixed, `"7"`, "2.5", "-9223372036854775808", "9223372036854775807")
	lake("a", a)
	lake("bd", dense)
	lake("bs", sparse)
	lake("bm", mixed)
	lake("bu", unique)
	for _, limit := range []int64{0, MinMemoryLimit} {
		s := NewSession(c)
		s.Memory = Memory{TempDir: t.TempDir(), Limit: limit}
		for _, b := range []string{"bd", "bs", "bm", "bu"} {
			for _, form := range []string{
				"SELECT a.j, b.j FROM a JOIN %s b ON a.k = b.k%s",
				"SELECT a.j, b.j FROM a LEFT JOIN %s b ON a.k = b.k%s",
				"SELECT a.j, b.j FROM %s b LEFT JOIN a ON a.k = b.k%s",
				"SELECT a.j, b.j FROM a RIGHT JOIN %s b ON a.k = b.k%s",
				"SELECT b.j, COUNT(*) FROM %s b JOIN a ON b.k = a.k%s GROUP BY b.j",
				"SELECT COUNT(*) FROM %s b WHERE EXISTS (SELECT 1 FROM a WHERE a.k = b.k%s)",
				// Only the right table's key: its rows may be their keys.
				"SELECT a.j, b.k FROM a JOIN %s b ON a.k = b.k%s",
				"SELECT a.j, b.k FROM a LEFT JOIN %s b ON a.k = b.k%s",
				"SELECT b.k, COUNT(a.j) FROM %s b LEFT JOIN a ON a.k = b.k%s GROUP BY b.k",
			} {
				one := fmt.Sprintf(form, b, "")
				two := fmt.Sprintf(form, b, " AND a.c = b.c")
				got, want := rowsText(query(t, s, one)), rowsText(query(t, s, two))
				slices.Sort(got)
				slices.Sort(want)
				if len(want) == 0 {
					t.Fatalf("%s: no rows", two)
				}
				if !slices.Equal(got, want) {
					t.Errorf("limit %d: %s: %d rows, want %d as with a second key", limit, one, len(got), len(want))
				}
			}
		}
	}
}

// TestJoinBigLakeStreams: a lake whose table could not fit in memory is
// not built first against a join of lakes (which may fit: here a fact
// table narrowed by its dimension's filter): it streams through that
// join's table, its scan filtered by the table's keys, and the answers
// are those of the plan that builds the lake (under the default limit),
// of the smallest limit (both sides in files), and of the rows counted
// here.
func TestJoinBigLakeStreams(t *testing.T) {
	c, write := rowLakes(t)
	color := func(i int) string { return []string{"green", "red", "blue", "grey"}[i%4] }
	write("dim", 400, func(i int) string { return fmt.Sprintf(`{"id":%d,"color":%q,"part":%d}`, i, color(i), i%2) })
	// fact has more bytes than big (its comments), so that by bytes alone
	// big, the smaller lake, would be built.
	pad := strings.Repeat("x", 200)
	write("fact", 4000, func(i int) string {
		return fmt.Sprintf(`{"did":%d,"oid":%d,"comment":%q,"part":%d}`, (i*7)%400, i*3, pad, i%3)
	})
	write("big", 20000, func(i int) string { return fmt.Sprintf(`{"oid":%d,"v":%d,"part":%d}`, i, i%100, i%4) })
	count, sum := 0, 0
	for i := range 4000 {
		if oid := i * 3; color((i*7)%400) == "green" && oid < 20000 {
			count++
			sum += oid % 100
		}
	}
	s := NewSession(c)
	q := "SELECT COUNT(*), SUM(b.v) FROM dim d, fact f, big b WHERE d.id = f.did AND d.color = 'green' AND f.oid = b.oid"
	want := fmt.Sprintf("%d|%d", count, sum)
	wantAnswers(t, s, map[string]string{q: want})
	s.Memory = Memory{Limit: 1 << 20, TempDir: t.TempDir()}
	wantAnswers(t, s, map[string]string{q: want})
	if text := table(query(t, s, "EXPLAIN "+q)); !strings.Contains(text, "Join input, streamed through the table of the other: SELECT b.") ||
		!strings.Contains(text, "Join filter: (b.oid) among the") {
		t.Errorf("the lake too big for memory is not streamed through the join's table:\n%s", text)
	}
	spillsAsInMemory(t, s, q, false)
}

// TestJoinFilterOfHashes: the join filter of a table of hashed slots (its
// keys' hashes' top bits) says yes for every key the table has, whatever
// its kind, and no for most keys it lacks (at most a fifth of them: 8 to
// 16 bits a row), so that a scan's rows of other keys seldom reach the
// table.
func TestJoinFilterOfHashes(t *testing.T) {
	var keys []Value
	for i := range 5000 {
		switch i % 4 {
		case 0:
			keys = append(keys, types.StringValue(fmt.Sprintf("k%d", i)))
		case 1:
			keys = append(keys, types.FloatValue(float64(i)+0.5))
		default:
			keys = append(keys, types.IntValue(int64(i)<<40)) // sparse: no dense array
		}
	}
	j, tb := denseJoiner(t, keys, math.MaxInt64)
	if tb.dense != nil {
		t.Fatal("the table went dense")
	}
	ks := keysOf(tb, j.seed)
	key := func(v Value) []byte {
		k, ok := appendKey(nil, []int{0}, []Value{v})
		if !ok {
			t.Fatalf("no key for %v", v)
		}
		return k
	}
	for _, k := range keys {
		if !ks.has(key(k)) {
			t.Fatalf("the filter says no for %v, a key of the table", k)
		}
	}
	yes := 0
	for i := range 20000 {
		if ks.has(key(types.StringValue(fmt.Sprintf("absent%d", i)))) {
			yes++
		}
	}
	if yes > 20000/5 {
		t.Errorf("the filter says yes for %d of 20000 absent keys", yes)
	}
}

// countEmitter sums the records' numbers it takes into shared totals, and
// fails at record failAt (-1: never).
type countEmitter struct {
	mu         *sync.Mutex
	n, sum     *int64
	failAt     int64
	sawStrings *bool
}

func (e countEmitter) Columns([]string) error { return nil }

func (e countEmitter) Row(r []types.Value) error {
	if r[0].I == e.failAt {
		return fmt.Errorf("record %d", e.failAt)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	*e.n++
	*e.sum += r[0].I
	if r[1].S != fmt.Sprintf("row %d", r[0].I) {
		*e.sawStrings = false
	}
	return nil
}

// TestStreamFileParallel: a file of records larger than a batch, or of
// more records than a batch holds, goes to an emitter per core, each
// record to exactly one, its values intact; an emitter's error is the
// answer, and a small file goes to one emitter.
func TestStreamFileParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	d := spill.New(storage.OS, t.TempDir())
	defer d.Close()
	file := func(n int) *spill.Writer {
		w, err := d.Create()
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := w.Write(types.AppendValue(types.AppendValue(nil, types.IntValue(int64(i))), types.StringValue(fmt.Sprintf("row %d", i)))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Finish(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	run := func(w *spill.Writer, failAt int64) (n, sum int64, emitters int, intact bool, err error) {
		var mu sync.Mutex
		intact = true
		err = streamFile(w, 2, func() exec.Emitter {
			mu.Lock()
			emitters++
			mu.Unlock()
			return countEmitter{mu: &mu, n: &n, sum: &sum, failAt: failAt, sawStrings: &intact}
		})
		return
	}
	const big = 60_000
	if w := file(big); w.Size() < 4*recordBatch {
		t.Fatalf("the file is %d bytes, not past a few batches", w.Size())
	}
	for range 5 {
		n, sum, emitters, intact, err := run(file(big), -1) // a reader removes its file
		if err != nil || n != big || sum != big*(big-1)/2 || !intact || emitters != 4 {
			t.Fatalf("%d records, sum %d, intact %v, %d emitters, %v; want %d, %d, true, 4", n, sum, intact, emitters, err, big, big*(big-1)/2)
		}
	}
	if _, _, _, _, err := run(file(big), 31_337); err == nil || !strings.Contains(err.Error(), "record 31337") {
		t.Fatalf("an emitter's error: got %v", err)
	}
	if n, _, emitters, _, err := run(file(100), -1); err != nil || n != 100 || emitters != 1 {
		t.Fatalf("small file: %d records to %d emitters, %v", n, emitters, err)
	}
	// Many small records, fewer bytes than two batches: every core too.
	const many = 3 * batchRecords
	w := file(many)
	if w.Size() >= 2*recordBatch {
		t.Fatalf("the file of %d records is %d bytes, not under two batches", many, w.Size())
	}
	if n, sum, emitters, intact, err := run(w, -1); err != nil || n != many || sum != many*(many-1)/2 || !intact || emitters != 4 {
		t.Fatalf("small records: %d records, sum %d, intact %v, %d emitters, %v; want %d, %d, true, 4", n, sum, intact, emitters, err, many, many*(many-1)/2)
	}
}

// TestSideKeys: the set of a side's keys holds every key of its file:
// dense integers as a bit each (exact: no other key), sparse integers,
// texts, integers then a text, and whole DOUBLEs by their integer; NULL
// keys are none.
func TestSideKeys(t *testing.T) {
	d := spill.New(storage.OS, t.TempDir())
	defer d.Close()
	side := func(keys []types.Value) *joinSide {
		w, err := d.Create()
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if err := w.Write(types.AppendValue(nil, k)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Finish(); err != nil {
			t.Fatal(err)
		}
		return &joinSide{need: []colRef{{"a", "k"}}, keys: []int{0}, file: w}
	}
	ints := func(ns ...int64) []types.Value {
		var out []types.Value
		for _, n := range ns {
			out = append(out, types.IntValue(n))
		}
		return out
	}
	var dense, sparse []int64
	for i := range int64(5000) {
		dense = append(dense, 1000+2*i)
		sparse = append(sparse, i*1_000_003)
	}
	key := func(v types.Value) []byte { return types.AppendKey(nil, v) }
	for _, c := range []struct {
		name   string
		keys   []types.Value
		absent []types.Value // keys the set must not hold (exact sets only)
	}{
		{"dense", ints(dense...), ints(999, 1001, 11000, -5)},
		{"sparse", ints(sparse...), nil},
		{"texts", []types.Value{types.StringValue("a"), types.StringValue("bb"), {}}, nil},
		{"ints then a text", append(ints(dense[:100]...), types.StringValue("x"), types.IntValue(7)), nil},
		{"whole doubles", []types.Value{types.FloatValue(3), types.IntValue(4), {}}, []types.Value{types.IntValue(5), types.StringValue("3")}},
		{"NULLs", []types.Value{{}, {}}, ints(0, 1)},
	} {
		ks, err := sideKeys(side(c.keys))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, k := range c.keys {
			if k.K == types.Null {
				continue
			}
			n++
			if !ks.has(key(k)) {
				t.Errorf("%s: %v missing", c.name, k)
			}
		}
		if ks.n != n {
			t.Errorf("%s: %d keys, want %d", c.name, ks.n, n)
		}
		for _, k := range c.absent {
			if ks.has(key(k)) {
				t.Errorf("%s: holds %v", c.name, k)
			}
		}
	}
}

// TestLeftJoinNarrowsWhenItPays: a left join's right table made for it
// (an eager aggregate, as of TPC-H Q13) is made of only the rows of the
// left side's keys when the left side may hold few: a lake of few rows
// against the right table's input, or one with terms of its own; not
// for a whole lake of many rows, a dimension. The answers are those of
// the same queries spilled, which never narrow. It fails with every
// such table narrowed.
func TestLeftJoinNarrowsWhenItPays(t *testing.T) {
	dir := t.TempDir()
	c := catalog.New(dir)
	rng := rand.New(rand.NewPCG(13, 14))
	lake := func(name string, n int, line func(i int) string) {
		var lines []string
		for i := range n {
			lines = append(lines, line(i))
		}
		raw := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(raw, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(name, []string{"p"}, raw, 0); err != nil {
			t.Fatal(err)
		}
	}
	lake("dim", 500, func(i int) string { return fmt.Sprintf(`{"k":%d,"name":"d%d","p":%d}`, i, i, i%3) })
	lake("tiny", 20, func(i int) string { return fmt.Sprintf(`{"k":%d,"name":"t%d","p":0}`, i%17, i) })
	lake("big", 8000, func(i int) string {
		k := fmt.Sprint(rng.IntN(600))
		if rng.IntN(40) == 0 {
			k = "null"
		}
		return fmt.Sprintf(`{"k":%s,"v":%d,"note":"n%d","p":%d}`, k, rng.IntN(50), rng.IntN(9), i%4)
	})
	s := NewSession(c)
	for _, q := range []struct {
		text   string
		narrow bool
	}{
		{"SELECT cnt, COUNT(*) AS n FROM (SELECT d.k, COUNT(b.v) AS cnt FROM dim d LEFT JOIN big b ON d.k = b.k AND b.note <> 'n3' GROUP BY d.k) x GROUP BY cnt ORDER BY n DESC, cnt", false},
		{"SELECT cnt, COUNT(*) AS n FROM (SELECT d.k, COUNT(b.v) AS cnt FROM tiny d LEFT JOIN big b ON d.k = b.k AND b.note <> 'n3' GROUP BY d.k) x GROUP BY cnt ORDER BY n DESC, cnt", true},
		{"SELECT cnt, COUNT(*) AS n FROM (SELECT d.k, COUNT(b.v) AS cnt FROM dim d LEFT JOIN big b ON d.k = b.k AND b.note <> 'n3' WHERE d.name <> 'd7' GROUP BY d.k) x GROUP BY cnt ORDER BY n DESC, cnt", true},
		{"SELECT d.k, SUM(b.v) AS total, COUNT(b.v) AS n FROM dim d LEFT JOIN big b ON d.k = b.k GROUP BY d.k ORDER BY d.k", false},
		{"SELECT d.k, SUM(b.v) AS total, COUNT(b.v) AS n FROM tiny d LEFT JOIN big b ON d.k = b.k GROUP BY d.k ORDER BY d.k", true},
	} {
		s.Memory = Memory{}
		plan := table(query(t, s, "EXPLAIN "+q.text))
		if narrowed := strings.Contains(plan, "keys of the join's other side"); narrowed != q.narrow {
			t.Errorf("%s: narrowed %v, want %v:\n%s", q.text, narrowed, q.narrow, plan)
		}
		if got := spillsAsInMemory(t, s, q.text, true); len(got.Rows) == 0 {
			t.Errorf("%s: no rows", q.text)
		}
	}
}

// Over a join, an aggregate's ORDER BY reads the tables' columns as its
// arguments do (it was left unqualified, and ordered by something else),
// and ORDER BY a select item's alias orders by the item even where both
// tables have a column of that name (it was refused as ambiguous): each
// query against one that asks the same otherwise.
func TestJoinOrderNames(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT STRING_AGG(CAST(t.x AS VARCHAR), ',' ORDER BY t.x DESC, t.day) FROM t JOIN u ON t.g = u.id WHERE t.x IS NOT NULL",
			"SELECT STRING_AGG(CAST(x AS VARCHAR), ',' ORDER BY x DESC, day) FROM t WHERE g IN (SELECT id FROM u) AND x IS NOT NULL"},
		{"SELECT u.kind, STRING_AGG(t.day, ';' ORDER BY t.x, t.day) FROM t JOIN u ON t.g = u.id GROUP BY u.kind ORDER BY u.kind",
			"SELECT kind, STRING_AGG(day, ';' ORDER BY x, day) FROM (SELECT u.kind, t.day, t.x FROM t JOIN u ON t.g = u.id) d GROUP BY kind ORDER BY kind"},
		{"SELECT a.g, a.x - b.x AS x FROM t a JOIN t b ON a.g = b.g AND a.day = b.day WHERE a.x IS NOT NULL AND b.x IS NOT NULL ORDER BY x DESC, a.g LIMIT 7",
			"SELECT g, x FROM (SELECT a.g, a.x - b.x AS x FROM t a JOIN t b ON a.g = b.g AND a.day = b.day WHERE a.x IS NOT NULL AND b.x IS NOT NULL) d ORDER BY x DESC, g LIMIT 7"},
	})
}
