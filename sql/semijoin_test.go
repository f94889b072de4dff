package sql

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// SEMI JOIN keeps the left rows that some right row matches, ANTI JOIN
// those that none does (a NULL key matches nothing, so ANTI keeps it),
// each row once however many match, and only the left's columns.
func TestSemiAntiJoins(t *testing.T) {
	s, rows := subLakes(t)
	s.Memory = Memory{TempDir: t.TempDir()}
	// u's ids are 0, 2, … 22 and a NULL.
	inU := func(r subRow) bool { return !r.gNull && r.g%2 == 0 && r.g <= 22 }
	semi := count(rows, inU)
	anti := count(rows, func(r subRow) bool { return !inU(r) })
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM t SEMI JOIN u ON t.g = u.id":                                                  semi,
		"SELECT COUNT(*) FROM t ANTI JOIN u ON g = id":                                                      anti,
		"SELECT COUNT(*) FROM t SEMI JOIN (SELECT id AS g FROM u) v USING (g)":                              semi,
		"SELECT COUNT(*) FROM t a ANTI JOIN (SELECT id AS g FROM u UNION ALL SELECT id FROM u) v USING (g)": anti,
		"SELECT COUNT(*) FROM u ANTI JOIN t ON u.id = t.g":                                                  "1",
		"SELECT * FROM u SEMI JOIN t ON u.id = t.g + 21 ORDER BY id":                                        "22|k1",
		"SELECT COUNT(*), COUNT(DISTINCT kind) FROM t SEMI JOIN u ON t.g = u.id JOIN u w ON t.g = w.id":     semi + "|2",
		"SELECT COUNT(*) FROM t SEMI JOIN u ON t.g = u.id AND u.kind = 'k1'":                                count(rows, func(r subRow) bool { return inU(r) && r.g%4 == 2 }),
	})
	for q, want := range map[string]string{
		"SELECT COUNT(*) FROM t SEMI JOIN (SELECT 1 AS g) v ON g = 1":                              "g in the ON of SEMI JOIN is a column of both tables",
		"SELECT COUNT(*) FROM t SEMI JOIN u":                                                       "without ON or USING",
		"SELECT COUNT(*) FROM t ASOF JOIN u ON t.g >= u.id":                                        "ASOF JOIN not supported",
		"SELECT COUNT(*) FROM t JOIN u ON t.g = u.id ANTI JOIN u w ON t.g = w.id JOIN u z ON true": "ANTI JOIN after a join of several tables",
	} {
		_, err := s.Exec(context.Background(), q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
		if err != nil && !errors.Is(err, ErrUnsupported) && !strings.Contains(err.Error(), "syntax") {
			t.Errorf("%s: %v is no refusal", q, fmt.Sprint(err))
		}
	}
}
