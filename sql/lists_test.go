package sql

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A lake's JSON arrays answer as DuckDB's lists of them do, against a Go
// oracle over random rows: an element by place, the number of elements,
// whether one is 'vip', an element by ->> and a count grouped by the
// number of elements; rows without the array, or with an empty one,
// among them.
func TestLakeArraysAsLists(t *testing.T) {
	c, write := rowLakes(t)
	rng := rand.New(rand.NewPCG(5, 6))
	words := []string{"new", "vip", "old", "서울"}
	rows := make([][]string, 300) // nil: no tags member
	for i := range rows {
		if i%7 == 0 {
			continue
		}
		rows[i] = []string{}
		for range rng.IntN(5) {
			rows[i] = append(rows[i], words[rng.IntN(len(words))])
		}
	}
	write("o", len(rows), func(i int) string {
		if rows[i] == nil {
			return fmt.Sprintf(`{"id":%d,"part":%d}`, i, i%4)
		}
		tags, _ := json.Marshal(rows[i])
		return fmt.Sprintf(`{"id":%d,"tags":%s,"part":%d}`, i, tags, i%4)
	})
	s := NewSession(c)
	s.Memory = Memory{TempDir: t.TempDir()}
	null := func(ok bool, v string) string {
		if !ok {
			return "NULL"
		}
		return v
	}
	var perRow []string
	byLength := map[int]int{}
	for i, tags := range rows {
		n := len(tags)
		first := null(n > 0, func() string {
			if n > 0 {
				return tags[0]
			}
			return ""
		}())
		last := null(n > 0, func() string {
			if n > 0 {
				return tags[n-1]
			}
			return ""
		}())
		perRow = append(perRow, fmt.Sprintf("%d|%s|%s|%s|%s|%s", i, first, last, null(tags != nil, fmt.Sprint(n)),
			null(tags != nil, fmt.Sprint(slices.Contains(tags, "vip"))), null(n > 1, func() string {
				if n > 1 {
					return tags[1]
				}
				return ""
			}())))
		if tags != nil {
			byLength[n]++
		}
	}
	var grouped []string
	for n := range 5 {
		if byLength[n] > 0 {
			grouped = append(grouped, fmt.Sprintf("%d|%d", n, byLength[n]))
		}
	}
	// UNNEST: a row for each element, none for a missing, NULL or empty
	// array; its elements counted by a query over it.
	var pairs []string
	counts := map[string]int{}
	for i, tags := range rows {
		for _, w := range tags {
			pairs = append(pairs, fmt.Sprintf("%d|%s", i, w))
			counts[w]++
		}
	}
	slices.Sort(pairs)
	var tagCounts []string
	for _, w := range slices.Sorted(maps.Keys(counts)) {
		tagCounts = append(tagCounts, fmt.Sprintf("%s|%d", w, counts[w]))
	}
	res, err := s.Exec(context.Background(), `SELECT id, UNNEST(tags) FROM o`)
	if err != nil {
		t.Fatal(err)
	}
	got := rowsText(res)
	slices.Sort(got)
	if strings.Join(got, "\n") != strings.Join(pairs, "\n") || len(pairs) < 100 {
		t.Errorf("SELECT id, UNNEST(tags) FROM o: %d rows, want the %d of the Go oracle", len(got), len(pairs))
	}
	if res.Columns[1].Name != "unnest(tags)" {
		t.Errorf("UNNEST(tags) is called %q, want DuckDB's unnest(tags)", res.Columns[1].Name)
	}
	// Two UNNESTs go side by side (DuckDB's): of one list, each row twice
	// the same element.
	res, err = s.Exec(context.Background(), `SELECT UNNEST(tags) AS a, UNNEST(tags) AS b FROM o`)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		if r[0] != r[1] {
			t.Errorf("UNNEST(tags), UNNEST(tags): a row %v", r)
		}
	}
	if len(res.Rows) != len(pairs) {
		t.Errorf("UNNEST(tags), UNNEST(tags): %d rows, want %d", len(res.Rows), len(pairs))
	}
	wantErrors(t, s, map[string]string{
		`SELECT UPPER(UNNEST(tags)) FROM o`:               "UNNEST inside an expression",
		`SELECT UNNEST(tags), COUNT(*) FROM o GROUP BY 1`: "UNNEST in a query that groups",
		`SELECT UNNEST(tags) FROM (SELECT tags FROM o) d`: "UNNEST over a join, a derived table or a CTE",
		`SELECT id FROM o WHERE UNNEST(tags) = 'vip'`:     "select item only",
	})
	wantAnswers(t, s, map[string]string{
		`SELECT tag, COUNT(*) FROM (SELECT UNNEST(tags) AS tag FROM o) d GROUP BY tag ORDER BY tag`:           strings.Join(tagCounts, "\n"),
		`SELECT id, tags[1], tags[-1], LENGTH(tags), LIST_CONTAINS(tags, 'vip'), tags->>1 FROM o ORDER BY id`: strings.Join(perRow, "\n"),
		`SELECT ARRAY_LENGTH(tags) AS n, COUNT(*) FROM o WHERE tags IS NOT NULL GROUP BY n ORDER BY n`:        strings.Join(grouped, "\n"),
	})
}

// UNNEST of the rows a WHERE keeps answers though other rows hold no
// array; a kept row whose value is no array is an error, as DuckDB's
// UNNEST of no list is.
func TestUnnestSkipsRowsLeftOut(t *testing.T) {
	s := fixedLake(t, []string{"p"}, `{"id":1,"tags":["a","b"],"p":0}`, `{"id":2,"tags":"oops","p":0}`, `{"id":3,"tags":{"x":1},"p":1}`, `{"id":4,"p":1}`)
	s.Memory = Memory{TempDir: t.TempDir()}
	wantAnswers(t, s, map[string]string{
		`SELECT id, UNNEST(tags) AS tag FROM t WHERE id = 1 OR id = 4 ORDER BY tag`: "1|a\n1|b",
	})
	wantErrors(t, s, map[string]string{
		`SELECT id, UNNEST(tags) FROM t`: "takes a list",
	})
}

// TestLambdas: LIST_TRANSFORM and LIST_FILTER of a lake's arrays, the
// body reading the row's other fields, against a Go oracle; a lambda
// elsewhere, or of two names, is refused.
func TestLambdas(t *testing.T) {
	c, write := rowLakes(t)
	words := []string{"new", "vip", "old", "서울"}
	write("o", 200, func(i int) string {
		if i%9 == 0 {
			return fmt.Sprintf(`{"id":%d,"part":%d}`, i, i%4)
		}
		var tags []string
		for k := range i % 5 {
			tags = append(tags, words[(i+k)%len(words)])
		}
		b, _ := json.Marshal(append([]string{}, tags...))
		return fmt.Sprintf(`{"id":%d,"tags":%s,"part":%d}`, i, b, i%4)
	})
	s := NewSession(c)
	res, err := s.Exec(context.Background(), `SELECT id, tags, LIST_TRANSFORM(tags, x -> x || '-' || CAST(id AS VARCHAR)) AS a, LIST_FILTER(tags, x -> x <> 'vip') AS b FROM o WHERE tags IS NOT NULL ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) == 0 {
		t.Fatal("no rows")
	}
	for _, r := range res.Rows {
		var tags []string
		if err := json.Unmarshal([]byte(r[1].S), &tags); err != nil {
			t.Fatalf("tags %v: %v", r[1], err)
		}
		var wantA, wantB []string
		for _, tg := range tags {
			wantA = append(wantA, tg+"-"+r[0].String())
			if tg != "vip" {
				wantB = append(wantB, tg)
			}
		}
		a, _ := json.Marshal(append([]string{}, wantA...))
		b, _ := json.Marshal(append([]string{}, wantB...))
		if r[2].S != string(a) || r[3].S != string(b) {
			t.Errorf("id %v, tags %v: %v and %v, want %s and %s", r[0], r[1], r[2], r[3], a, b)
		}
	}
	wantErrors(t, s, map[string]string{
		`SELECT UPPER(x -> x) FROM o`:                        "lambda",
		`SELECT LIST_TRANSFORM(tags, 1) FROM o`:              "takes a list and a lambda",
		`SELECT LIST_TRANSFORM(tags, (x, i, j) -> x) FROM o`: "takes the element and its place",
		`SELECT LIST_REDUCE(tags, x -> x) FROM o`:            "takes the value so far",
		`SELECT LIST_REDUCE([], (a, x) -> a + x) FROM o`:     "empty list",
	})

	// A lambda's place parameter, LIST_REDUCE with and without an
	// initial value, and parameters that shadow the select list's
	// aliases (x, tags), against the same lists joined in Go.
	res, err = s.Exec(context.Background(), `SELECT id, tags, 5 AS x, LIST_TRANSFORM(tags, (x, i) -> x || i) AS a, LIST_FILTER(tags, (x, i) -> i % 2 = 1) AS b,
		LIST_REDUCE(tags, (acc, x, i) -> acc || '/' || x || i, '') AS c, CASE WHEN len(tags) > 0 THEN LIST_REDUCE(tags, (acc, tags) -> acc || ',' || tags) END AS d
		FROM o WHERE tags IS NOT NULL ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		var tags []string
		if err := json.Unmarshal([]byte(r[1].S), &tags); err != nil {
			t.Fatalf("tags %v: %v", r[1], err)
		}
		wantA, wantB, wantC := []string{}, []string{}, ""
		for i, tg := range tags {
			wantA = append(wantA, fmt.Sprint(tg, i+1))
			if i%2 == 0 {
				wantB = append(wantB, tg)
			}
			wantC += fmt.Sprint("/", tg, i+1)
		}
		a, _ := json.Marshal(wantA)
		b, _ := json.Marshal(wantB)
		wantD := "NULL"
		if len(tags) > 0 {
			wantD = strings.Join(tags, ",")
		}
		if got := fmt.Sprint(r[3].S, " ", r[4].S, " ", r[5], " ", r[6]); got != fmt.Sprint(string(a), " ", string(b), " ", wantC, " ", wantD) || r[2].I != 5 {
			t.Errorf("id %v, tags %v: %s, want %s %s %s %s", r[0], r[1], got, a, b, wantC, wantD)
		}
	}
}
