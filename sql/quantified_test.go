package sql

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// x op ALL (S) and x op ANY (S) answer by SQL's three-valued rules: ALL
// of no rows is true and ANY false; a NULL, of x or in S, makes NULL what
// no value decides. Counted here over the rows of t, against S's values.
func TestQuantified(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	var ids []*int // u's ids: 0, 2, … 22 and a NULL
	for i := range 12 {
		ids = append(ids, new(int))
		*ids[i] = i * 2
	}
	ids = append(ids, nil)
	less := func(a, b int) bool { return a < b }
	greater := func(a, b int) bool { return a > b }
	// truth is x op v in three values: 1 true, 0 false, -1 NULL.
	truth := func(x *int, v *int, op func(a, b int) bool) int {
		if x == nil || v == nil {
			return -1
		}
		if op(*x, *v) {
			return 1
		}
		return 0
	}
	quant := func(x *int, vs []*int, op func(a, b int) bool, all bool) int {
		out := 1
		if !all {
			out = 0
		}
		for _, v := range vs {
			switch tv := truth(x, v, op); {
			case all && tv == 0, !all && tv == 1:
				return tv
			case tv == -1:
				out = -1
			}
		}
		return out
	}
	countWhere := func(vs []*int, op func(a, b int) bool, all bool) string {
		n := 0
		for _, r := range rows {
			var x *int
			if !r.xNull {
				x = new(int)
				*x = r.x
			}
			if quant(x, vs, op, all) == 1 {
				n++
			}
		}
		return fmt.Sprint(n)
	}
	nonNull := ids[:12]
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM t WHERE x > ALL (SELECT id FROM u)":                                    countWhere(ids, greater, true),
		"SELECT COUNT(*) FROM t WHERE x > ALL (SELECT id FROM u WHERE id IS NOT NULL)":               countWhere(nonNull, greater, true),
		"SELECT COUNT(*) FROM t WHERE x < ANY (SELECT id FROM u)":                                    countWhere(ids, less, false),
		"SELECT COUNT(*) FROM t WHERE NOT (x < ANY (SELECT id FROM u))":                              countWhere(ids, func(a, b int) bool { return a >= b }, true),
		"SELECT COUNT(*) FROM t WHERE x < SOME (SELECT DISTINCT id FROM u ORDER BY id)":              countWhere(ids, less, false),
		"SELECT COUNT(*) FROM t WHERE x > ALL (SELECT id FROM u WHERE id > 100)":                     fmt.Sprint(len(rows)),
		"SELECT COUNT(*) FROM t WHERE x > ANY (SELECT id FROM u WHERE id > 100)":                     "0",
		"SELECT COUNT(*) FROM t WHERE x >= ALL (SELECT MAX(id) FROM u GROUP BY kind)":                countWhere([]*int{ids[10], ids[11], nil}, func(a, b int) bool { return a >= b }, true), // kind k9: MAX of its NULL,
		"SELECT (SELECT 22) = ALL (SELECT MAX(id) FROM u), 3 <> ANY (SELECT 3), 3 != ANY (SELECT 4)": "true|false|true",
	})
	// Correlated: the maxima of x within each g (a NULL x in the group
	// leaves its rows undecided but for the false ones); a NULL g finds
	// no row, and ALL of none is true.
	perG := map[int][]*int{}
	for _, r := range rows {
		if r.gNull {
			continue
		}
		var x *int
		if !r.xNull {
			x = new(int)
			*x = r.x
		}
		perG[r.g] = append(perG[r.g], x)
	}
	n := 0
	for _, r := range rows {
		if r.gNull {
			n++
			continue
		}
		if r.xNull {
			continue
		}
		x := r.x
		if quant(&x, perG[r.g], func(a, b int) bool { return a >= b }, true) == 1 {
			n++
		}
	}
	q := "SELECT COUNT(*) FROM t WHERE x >= ALL (SELECT x FROM t AS t2 WHERE t2.g = t.g)"
	if res, err := s.Exec(context.Background(), q); err != nil {
		t.Errorf("%s: %v", q, err)
	} else if got := strings.Join(rowsText(res), "\n"); got != fmt.Sprint(n) {
		t.Errorf("%s: %s, want %d", q, got, n)
	}
}
