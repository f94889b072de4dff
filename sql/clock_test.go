package sql

import (
	"context"
	"strings"
	"testing"
	"time"
)

// The clock functions are one value for the whole statement: the clock
// is read once, whatever the number of calls, subqueries or rows.
func TestClockOnePerStatement(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"x","a":1}`, `{"g":"y","a":2}`, `{"g":"z","a":3}`)
	reads := 0
	base := time.Date(2024, 2, 29, 23, 59, 58, 123456789, time.UTC)
	s.Now = func() time.Time { reads++; return base.Add(time.Duration(reads) * time.Second) }
	for _, c := range []struct{ q, want string }{
		{"SELECT current_date, now(), current_timestamp, today(), get_current_timestamp(), localtimestamp FROM t WHERE a = 1",
			"current_date|now()|current_timestamp|today()|get_current_timestamp()|localtimestamp\n" +
				"2024-02-29|2024-02-29 23:59:59.123456|2024-02-29 23:59:59.123456|2024-02-29|2024-02-29 23:59:59.123456|2024-02-29 23:59:59.123456"},
		{"SELECT COUNT(DISTINCT now()) AS d, MIN(now()) = (SELECT MAX(now()) FROM t) AS same FROM t", "d|same\n1|true"},
		{"SELECT now() = x AS same FROM (SELECT now() AS x FROM t WHERE a = 2) AS d", "same\ntrue"},
		{"SELECT now() AS x FROM t WHERE a = 1 UNION ALL SELECT now() FROM t WHERE a = 2", "x\n2024-02-29 23:59:59.123456\n2024-02-29 23:59:59.123456"},
		{"SELECT a FROM t WHERE current_date = DATE '2024-02-29' AND now() < TIMESTAMP '2024-03-01' ORDER BY a", "a\n1\n2\n3"},
	} {
		reads = 0
		res, err := s.Exec(context.Background(), c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if got := table(res); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.q, got, c.want)
		}
		if reads != 1 {
			t.Errorf("%s: the clock was read %d times, want once", c.q, reads)
		}
	}
	// A statement without them does not read the clock.
	reads = 0
	if _, err := s.Exec(context.Background(), "SELECT a FROM t"); err != nil || reads != 0 {
		t.Errorf("SELECT a: %v, %d reads of the clock, want none", err, reads)
	}
}

// With the real clock, NOW() is between two readings around the
// statement and CURRENT_DATE is today's UTC date; streaming too.
func TestClockReal(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"x","a":1}`)
	before := time.Now().UTC().Truncate(time.Microsecond)
	res, err := s.Exec(context.Background(), "SELECT now() AS n, CAST(current_date AS VARCHAR) AS d FROM t")
	after := time.Now().UTC()
	if err != nil {
		t.Fatal(err)
	}
	got := table(res)
	line := strings.Split(got, "\n")[1]
	n, d, _ := strings.Cut(line, "|")
	at, err := time.Parse("2006-01-02 15:04:05.999999", n)
	if err != nil {
		t.Fatalf("NOW() = %q: %v", n, err)
	}
	if at.Before(before) || at.After(after) {
		t.Errorf("NOW() = %s, not between %s and %s", at, before, after)
	}
	if want := before.Format("2006-01-02"); d != want && d != after.Format("2006-01-02") {
		t.Errorf("CURRENT_DATE = %s, want %s", d, want)
	}
}
