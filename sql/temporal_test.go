package sql

import (
	"strings"
	"testing"
)

// Text compared with a DATE or TIMESTAMP is read as one, as DuckDB casts
// a VARCHAR to the DATE it meets (the days of t are ISO text): in WHERE,
// where it also prunes, in the select list, IN and BETWEEN; text that is
// no date is an error.
func TestTextComparedWithDates(t *testing.T) {
	s, rows := subLakes(t)
	after := count(rows, func(r subRow) bool { return r.day >= "2026-01-03" })
	wantAnswers(t, s, map[string]string{
		"SELECT COUNT(*) FROM t WHERE day >= DATE '2026-01-03'":                                      after,
		"SELECT COUNT(*) FROM t WHERE DATE '2026-01-03' <= day":                                      after,
		"SELECT COUNT(*) FROM t WHERE day < DATE '2026-01-01' + INTERVAL 2 DAY":                      count(rows, func(r subRow) bool { return r.day < "2026-01-03" }),
		"SELECT COUNT(*) FROM t WHERE day BETWEEN DATE '2026-01-02' AND DATE '2026-01-03'":           count(rows, func(r subRow) bool { return r.day == "2026-01-02" || r.day == "2026-01-03" }),
		"SELECT COUNT(*) FROM t WHERE day IN (DATE '2026-01-04', DATE '2027-01-01')":                 count(rows, func(r subRow) bool { return r.day == "2026-01-04" }),
		"SELECT COUNT(*) FROM t WHERE day = TIMESTAMP '2026-01-02 00:00:00'":                         count(rows, func(r subRow) bool { return r.day == "2026-01-02" }),
		"SELECT COUNT(*) FROM t WHERE CONCAT(day, ' 12:00:00') > TIMESTAMP '2026-01-02 06:00:00'":    count(rows, func(r subRow) bool { return r.day >= "2026-01-02" }),
		"SELECT MIN(day >= DATE '2026-01-02'), MAX(day >= DATE '2026-01-02') FROM t WHERE x IS NULL": "false|true",
		// A string literal that meets a DATE is cast to one, as DuckDB
		// casts it: a timestamp's text to its day, on either side.
		"SELECT DATE '2024-01-05' = '2024-01-05 10:00:00', '2024-01-05 10:00:00' = DATE '2024-01-05', DATE '2024-01-05' < '2024-01-05 00:00:01'":                                               "true|true|false",
		"SELECT '2024-01-05 23:59:59' BETWEEN DATE '2024-01-05' AND DATE '2024-01-05', DATE '2024-01-05' IN ('2024-01-05 10:00:00'), '10' < 9, TIMESTAMP '2024-01-05 10:00:00' = '2024-01-05'": "true|true|false|false",
	})
	text := table(query(t, s, "EXPLAIN SELECT COUNT(*) FROM t WHERE day >= DATE '2026-01-03'"))
	if !strings.Contains(text, "Partitions kept: 2/4") {
		t.Errorf("a DATE condition of the text key does not prune its days:\n%s", text)
	}
	wantErrors(t, s, map[string]string{
		"SELECT COUNT(*) FROM u WHERE kind > DATE '2026-01-01'": "is not a date or timestamp (YYYY-MM-DD",
	})
}
