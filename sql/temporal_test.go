package sql

import (
	"context"
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

// DuckDB's interval text, read by CAST, TRY_CAST, :: and INTERVAL '…'
// (DuckDB v1.5's answers); a number does not cast to an INTERVAL, and a
// string literal compared with one is read as one.
func TestIntervalText(t *testing.T) {
	s, _ := subLakes(t)
	wantAnswers(t, s, map[string]string{
		"SELECT CAST(CAST('1.5 days' AS INTERVAL) AS VARCHAR), '1.5 months'::INTERVAL::VARCHAR, TRY_CAST('abc' AS INTERVAL) IS NULL, INTERVAL '1 day 04:05:06.5 ago'::VARCHAR":  "1 day 12:00:00|1 month 15 days|true|1 day 04:05:06.5",
		"SELECT TRY_CAST(1 AS INTERVAL) IS NULL, CAST(INTERVAL 36 HOUR AS INTERVAL)::VARCHAR, INTERVAL '-04:05'::VARCHAR, (DATE '2024-01-31' + INTERVAL '1.5 months')::VARCHAR": "true|36:00:00|-04:05:00|2024-03-15 00:00:00",
		"SELECT INTERVAL 1 DAY = '24 hours', '25 hours' > INTERVAL '1 day', INTERVAL '@ 2 hours ago'::VARCHAR":                                                                  "true|true|-02:00:00",
	})
	wantErrors(t, s, map[string]string{
		"SELECT CAST('abc' AS INTERVAL)":                      "cannot read 'abc' as an INTERVAL",
		"SELECT INTERVAL '1 foo'":                             `unknown unit "foo"`,
		"SELECT CAST(1 AS INTERVAL)":                          "cannot convert BIGINT 1 to INTERVAL",
		"SELECT TRY_CAST('-2147483648 days ago' AS INTERVAL)": "out of range",
	})
	res, err := s.Exec(context.Background(), "SELECT INTERVAL '1.5 days', '1 day'::INTERVAL")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Columns) != 2 || res.Columns[0].Name != "CAST('1.5 days' AS INTERVAL)" || res.Columns[1].Name != "CAST('1 day' AS INTERVAL)" {
		t.Errorf("the columns of INTERVAL '…' and '…'::INTERVAL: %v, DuckDB's are CAST('1.5 days' AS INTERVAL), CAST('1 day' AS INTERVAL)", res.Columns)
	}
}
