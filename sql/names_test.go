package sql

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// flipCase writes each letter of q outside its string literals in a
// random case: to DuckDB the same query, as its names ignore case.
func flipCase(q string, r *rand.Rand) string {
	b := []byte(q)
	quoted := false
	for i, c := range b {
		switch {
		case c == '\'':
			quoted = !quoted
		case quoted:
		case 'a' <= c && c <= 'z' && r.IntN(2) == 0:
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z' && r.IntN(2) == 0:
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

// Every name of a query (a lake, a table's alias, a derived table's or a
// CTE's column, an alias of the select list, a lake's field) ignores
// case, as in DuckDB: the queries below, with their letters in random
// cases, answer what they answer as written.
func TestNamesIgnoreCase(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, `{"userId":%d,"Amount":%d.5,"Region":"r%d","day":"2026-01-0%d"}`+"\n", i%7, i, i%3, 1+i%2)
	}
	raw := filepath.Join(t.TempDir(), "m.jsonl")
	if err := os.WriteFile(raw, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Catalog.Create("mixed", []string{"day"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	queries := []string{
		"SELECT g, COUNT(*) AS n FROM t GROUP BY g ORDER BY g NULLS FIRST",
		"SELECT a.g, b.kind FROM t AS a JOIN u AS b ON a.g = b.id ORDER BY a.g, b.kind",
		"SELECT k, n FROM (SELECT kind AS k, COUNT(*) AS n FROM u GROUP BY kind) AS d ORDER BY d.k",
		"WITH c AS (SELECT g, SUM(x) AS sx FROM t GROUP BY g) SELECT c.g, c.sx FROM c WHERE c.sx > 100 ORDER BY c.g NULLS FIRST",
		"SELECT id FROM u WHERE id IN (SELECT g FROM t WHERE x > 50) ORDER BY id",
		"SELECT id FROM u AS o WHERE EXISTS (SELECT 1 FROM t AS i WHERE i.g = o.id AND i.x > 90) ORDER BY id",
		"SELECT id, (SELECT MAX(x) FROM t WHERE t.g = u.id) AS mx FROM u ORDER BY id NULLS FIRST",
		"SELECT userId, SUM(Amount) AS total FROM mixed GROUP BY userId ORDER BY userId",
		"SELECT mixed.Region, COUNT(*) AS n FROM mixed WHERE mixed.Amount > 10 GROUP BY mixed.Region ORDER BY 1",
		"SELECT m.userId, u.kind FROM mixed AS m LEFT JOIN u ON m.userId = u.id ORDER BY m.userId, m.Amount",
		"SELECT g AS grp, COUNT(*) AS n FROM t GROUP BY grp HAVING COUNT(*) > 12 ORDER BY n DESC, grp",
		"SELECT kind FROM u UNION SELECT day FROM t ORDER BY kind",
		"SELECT d.k FROM (SELECT kind AS k FROM u UNION ALL SELECT day FROM t) AS d ORDER BY d.k LIMIT 5",
		"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT r.n FROM r ORDER BY n",
		"SELECT day, files FROM t$partitions ORDER BY day",
		"SELECT range FROM range(4) ORDER BY range",
		"SELECT x AS v FROM (SELECT x FROM t WHERE x > 90) AS q ORDER BY v",
		"SELECT Amount * 2 AS dbl, dbl + 1 AS nxt FROM mixed WHERE dbl > 60 ORDER BY nxt",
	}
	r := rand.New(rand.NewPCG(7, 14))
	for _, q := range queries {
		want, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if len(want.Rows) == 0 {
			t.Fatalf("%s: no row, which tests nothing", q)
		}
		for range 6 {
			fq := flipCase(q, r)
			got, err := s.Exec(context.Background(), fq)
			if err != nil {
				t.Errorf("%s: %v", fq, err)
				continue
			}
			if g, w := fmt.Sprint(got.Rows), fmt.Sprint(want.Rows); g != w {
				t.Errorf("%s = %.300s, want %.300s", fq, g, w)
			}
		}
	}
}

// An alias where the binder would read a field stands for its item's
// expression, as in DuckDB: in WHERE, in a later item, inside an ORDER BY
// expression; a column of that name comes first, except for an ORDER BY
// term that is the name alone.
func TestAliasesInExpressions(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	var x2 []int
	for _, r := range rows {
		if !r.xNull && r.x*2 > 150 {
			x2 = append(x2, r.x*2)
		}
	}
	if len(x2) == 0 {
		t.Fatal("no row passes: the test tests nothing")
	}
	res, err := s.Exec(context.Background(), "SELECT x * 2 AS x2 FROM t WHERE x2 > 150")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != len(x2) {
		t.Errorf("WHERE x2 > 150: %d rows, want %d", len(res.Rows), len(x2))
	}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT x * 2 AS x2, x2 + 1 AS x3 FROM t WHERE x2 > 150 ORDER BY x3", "SELECT x * 2, x * 2 + 1 FROM t WHERE x * 2 > 150 ORDER BY 2"},
		{"SELECT g, COUNT(*) AS c FROM t GROUP BY g ORDER BY c * -1, g NULLS FIRST", "SELECT g, COUNT(*) FROM t GROUP BY g ORDER BY COUNT(*) DESC, g NULLS FIRST"},
		{"SELECT -x AS X FROM t ORDER BY x NULLS FIRST", "SELECT -x FROM t ORDER BY 1 NULLS FIRST"},
		{"SELECT -x AS X FROM t ORDER BY x + 0 NULLS FIRST", "SELECT -x FROM t ORDER BY x NULLS FIRST"},
		{"SELECT -x AS X FROM t WHERE X > 50 ORDER BY 1", "SELECT -x FROM t WHERE x > 50 ORDER BY 1"},
		{"SELECT COUNT(*) AS c, c + 1 AS d FROM t", "SELECT COUNT(*), COUNT(*) + 1 FROM t"},
	})
}

// An alias whose item reads a column of its name is that column where a
// column comes first, even for a field the lake's first rows lack.
func TestAliasShadowingSparseField(t *testing.T) {
	rows := []string{`{"g":"a","id":1}`, `{"g":"a","id":2}`}
	for i := 3; i < 150; i++ {
		rows = append(rows, fmt.Sprintf(`{"g":"a","id":%d}`, i))
	}
	rows = append(rows, `{"g":"a","id":150,"note":"x"}`)
	s := fixedLake(t, []string{"g"}, rows...)
	s.Memory = Memory{TempDir: t.TempDir()}
	sameAnswers(t, s, []struct{ q, same string }{
		{"SELECT id, COALESCE(note, '') AS note FROM t WHERE note IS NOT NULL", "SELECT id, note FROM t WHERE note IS NOT NULL"},
		{"SELECT id * 2 AS id FROM (SELECT * FROM t) WHERE id > 148 ORDER BY 1", "SELECT id * 2 FROM t WHERE id > 148 ORDER BY 1"},
	})
}

// A column spelled as a derived table's takes its header as the table
// spells it, as DuckDB's does; two names that one name matches ignoring
// case leave it for the binder's error.
func TestNamesIgnoreCaseHeaders(t *testing.T) {
	s, _ := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	for q, want := range map[string]string{
		"SELECT K, D.N FROM (SELECT kind AS k, COUNT(*) AS n FROM u GROUP BY kind) AS d ORDER BY 1": "k|n",
		"SELECT KIND AS Kind FROM u LIMIT 1": "Kind",
		"SELECT G FROM T LIMIT 1":            "g",
	} {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		var names []string
		for _, c := range res.Columns {
			names = append(names, c.Name)
		}
		if got := strings.Join(names, "|"); got != want {
			t.Errorf("%s: columns %s, want %s", q, got, want)
		}
	}
	wantErrors(t, s, map[string]string{
		"SELECT A FROM (SELECT 1 AS a, 2 AS A2) d WHERE a2 = 2 AND z = 1": "z is no column of d",
		"SELECT k FROM (SELECT 1 AS k, 2 AS K) d":                         "two columns",
	})
	if _, err := s.Exec(context.Background(), "SELECT COUNT(*) FROM Nope"); err == nil || !strings.Contains(err.Error(), `unknown lake "Nope"`) {
		t.Errorf("SELECT COUNT(*) FROM Nope: %v", err)
	}
	_ = catalog.ErrLakeNotFound
}

// COUNT(DISTINCT a, b) counts the rows whose arguments are none NULL,
// each pair once (MySQL's); DuckDB's COUNT(DISTINCT (a, b)) counts rows
// as values, NULLs in them too. Both against a count in Go, in memory and
// spilling.
func TestCountDistinctRows(t *testing.T) {
	var rows []string
	pairs, tuples := map[[2]string]bool{}, map[[2]string]bool{}
	for i := range 600 {
		a, b := fmt.Sprint(i%7), fmt.Sprint(i%11)
		if i%5 == 0 {
			a = "null"
		}
		if i%13 == 0 {
			b = "null"
		}
		rows = append(rows, fmt.Sprintf(`{"g":"x","a":%s,"b":%s}`, a, b))
		tuples[[2]string{a, b}] = true
		if a != "null" && b != "null" {
			pairs[[2]string{a, b}] = true
		}
	}
	s := fixedLake(t, []string{"g"}, rows...)
	for _, mem := range []Memory{{TempDir: t.TempDir()}, {TempDir: t.TempDir(), Limit: 1 << 10}} {
		s.Memory = mem
		res, err := s.Exec(context.Background(), "SELECT COUNT(DISTINCT a, b), COUNT(DISTINCT (a, b)) FROM t")
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d|%d", len(pairs), len(tuples))
		if got := fmt.Sprintf("%v|%v", res.Rows[0][0], res.Rows[0][1]); got != want {
			t.Errorf("limit %d: %s, want %s", mem.Limit, got, want)
		}
	}
	wantErrors(t, s, map[string]string{"SELECT SUM(DISTINCT (a, b)) FROM t": "a tuple not supported"})
}
