package sql

import (
	"context"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// TestColumnsExpr: DuckDB's COLUMNS('regex') and COLUMNS(*) stand for the
// columns whose names the regex matches (anywhere in the name, case and
// all), each item once per column named as the column (or its alias),
// in aggregates and expressions and over joins; what DuckDB refuses,
// and COLUMNS outside the select list, are errors that say so.
func TestColumnsExpr(t *testing.T) {
	s := NewSession(catalog.New(t.TempDir()))
	const v = "WITH v AS (SELECT * FROM (VALUES (1, 20, 'a'), (3, 40, 'b')) t(x, xy, z)), w AS (SELECT * FROM (VALUES (1, 7)) u(x, q)) "
	for q, want := range map[string]string{
		"SELECT COLUMNS('x') FROM v ORDER BY 1":                       "x|xy; 1|20; 3|40",
		"SELECT COLUMNS('^x$') + 1, COLUMNS('z') FROM v ORDER BY 1":   "x|z; 2|a; 4|b",
		"SELECT max(COLUMNS(*)), count(COLUMNS('y')) FROM v":          "x|xy|z|xy; 3|40|b|2",
		"SELECT COLUMNS('x') AS c FROM v ORDER BY 1":                  "c|c; 1|20; 3|40",
		"SELECT sum(COLUMNS('x')) FILTER (WHERE z = 'b') FROM v":      "x|xy; 3|40",
		"SELECT COLUMNS('q'), v.z FROM v JOIN w USING (x)":            "q|z; 7|a",
		"SELECT DISTINCT COLUMNS('^z') FROM v ORDER BY 1 DESC":        "z; b; a",
		"SELECT z, COLUMNS('xy') FROM v WHERE x > 1":                  "z|xy; b|40",
		"SELECT max(COLUMNS(* EXCLUDE (z))) FROM v":                   "x|xy; 3|40",
		"SELECT COLUMNS(* EXCLUDE (x, Z)) FROM v ORDER BY 1":          "xy; 20; 40",
		"SELECT min(COLUMNS(*)) FROM (SELECT 1 AS a, 2 AS b) d":       "a|b; 1|2",
		"SELECT min(COLUMNS('b')) + 1 FROM (SELECT 1 AS a, 2 AS b) d": "b; 3",
	} {
		res, err := s.Exec(context.Background(), v+q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		var names, rows []string
		for _, c := range res.Columns {
			names = append(names, c.Name)
		}
		for _, r := range res.Rows {
			var cells []string
			for _, x := range r {
				cells = append(cells, x.String())
			}
			rows = append(rows, strings.Join(cells, "|"))
		}
		if got := strings.Join(append([]string{strings.Join(names, "|")}, rows...), "; "); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"SELECT COLUMNS('nomatch') FROM v":                  "matches no column",
		"SELECT COLUMNS(* EXCLUDE (nosuch)) FROM v":         "nosuch is no column",
		"SELECT COLUMNS('X') FROM v":                        "matches no column",
		"SELECT COLUMNS('(') FROM v":                        "regular expression",
		"SELECT COLUMNS('x') + COLUMNS('z') FROM v":         "several different COLUMNS",
		"SELECT x FROM v WHERE COLUMNS('x') > 0":            "outside the select list",
		"SELECT COLUMNS(x) FROM v":                          "regular expression ('…') or *",
		"SELECT COLUMNS('x'), count(*) FROM v GROUP BY ALL": "GROUP BY ALL with COLUMNS",
		"SELECT COLUMNS('x') FROM v ORDER BY ALL":           "ORDER BY ALL with SELECT * or COLUMNS",
	} {
		if _, err := s.Exec(context.Background(), v+q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want one saying %q", q, err, want)
		}
	}
}
