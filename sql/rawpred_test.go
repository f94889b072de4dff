package sql

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRawFilterAnswersAsDecoded: a filter of field = 'text',
// field != 'text' and field [NOT] LIKE 'pattern', which the scan decides
// on raw JSON, keeps the rows that the same filter written with IN or IS
// TRUE (decoded, compared as values) keeps, on
// rows whose fields are strings with escapes and non-ASCII text, numbers,
// booleans, null, objects, or missing.
func TestRawFilterAnswersAsDecoded(t *testing.T) {
	vals := []string{`"x"`, `"y"`, `"x\"y"`, `"\u0078"`, `"서울"`, `"1"`, `1`, `1.0`, `-0`, `0`, `10`, `-7`, `1e0`,
		`99999999999999999999`, `true`, `null`, `{"x":1}`, `""`, ``, `"a special x requests"`, `"xx_y"`, `"x\\y"`,
		`"caf\u00e9 x"`, `"café x"`, `"\"x\""`}
	pats := []string{"%x%", "x%", "%y", "x_y", "%서%", "_", "%", "1%", "tr%", `%"%`, "", "%special%requests%", "%é%", "%_y", "x\\\\y", "xx\\_y"}
	lits := []string{"'x'", "'y'", `'x"y'`, "'서울'", "'1'", "'true'", "''", "1", "0", "-7", "10"}
	rng := rand.New(rand.NewPCG(3, 4))
	var rows []string
	for i := range 4000 {
		var m []string
		for _, f := range []string{"a", "b"} {
			if v := vals[rng.IntN(len(vals))]; v != "" {
				m = append(m, fmt.Sprintf("%q:%s", f, v))
			}
		}
		m = append(m, fmt.Sprintf(`"n":%d`, i), fmt.Sprintf(`"p":"%d"`, i%4))
		rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		rows = append(rows, "{"+strings.Join(m, ",")+"}")
	}
	s := fixedLake(t, []string{"p"}, rows...)
	for range 200 {
		var fast, slow []string
		for range 1 + rng.IntN(3) {
			f := []string{"a", "b"}[rng.IntN(2)]
			lit := lits[rng.IntN(len(lits))]
			switch pat := "'" + pats[rng.IntN(len(pats))] + "'"; rng.IntN(4) {
			case 0:
				fast, slow = append(fast, f+" LIKE "+pat), append(slow, "("+f+" LIKE "+pat+") IS TRUE")
			case 1:
				fast, slow = append(fast, f+" NOT LIKE "+pat), append(slow, "("+f+" NOT LIKE "+pat+") IS TRUE")
			case 2:
				fast, slow = append(fast, f+" = "+lit), append(slow, f+" IN ("+lit+")")
			default:
				fast, slow = append(fast, f+" != "+lit), append(slow, "NOT ("+f+" IN ("+lit+"))")
			}
		}
		if rng.IntN(3) == 0 {
			fast, slow = append(fast, "n % 3 <> 1"), append(slow, "n % 3 <> 1") // a term decided on values
		}
		q := "SELECT COUNT(*), SUM(n), COUNT(a), COUNT(b), SUM(n * n) FROM t WHERE "
		want, err := s.Exec(context.Background(), q+strings.Join(slow, " AND "))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Exec(context.Background(), q+strings.Join(fast, " AND "))
		if err != nil {
			t.Fatal(err)
		}
		if d := diffRows(want.Rows, got.Rows, true); d != "" {
			t.Fatalf("WHERE %s: %s", strings.Join(fast, " AND "), d)
		}
	}
}
