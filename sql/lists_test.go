package sql

import (
	"encoding/json"
	"fmt"
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
	wantAnswers(t, s, map[string]string{
		`SELECT id, tags[1], tags[-1], LENGTH(tags), LIST_CONTAINS(tags, 'vip'), tags->>1 FROM o ORDER BY id`: strings.Join(perRow, "\n"),
		`SELECT ARRAY_LENGTH(tags) AS n, COUNT(*) FROM o WHERE tags IS NOT NULL GROUP BY n ORDER BY n`:        strings.Join(grouped, "\n"),
	})
}
