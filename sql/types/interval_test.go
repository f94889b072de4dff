package types

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// DuckDB's interval text, each as DuckDB v1.5 answered CAST(s AS
// INTERVAL): months, days and microseconds.
func TestParseInterval(t *testing.T) {
	cases := []struct {
		s                    string
		months, days, micros int64
	}{
		{"1.5 days", 0, 1, 43200000000},
		{"1.5 months", 1, 15, 0},
		{"1.5 hours", 0, 0, 5400000000},
		{"1 day 04:05:06.5", 0, 1, 14706500000},
		{"-04:05", 0, 0, -14700000000},
		{"90", 0, 0, 90000000},
		{"90.5", 0, 0, 90500000},
		{"1.5", 0, 0, 1500000},
		{"1.", 0, 0, 1000000},
		{"1. days", 0, 1, 0},
		{"1 day ago", 0, -1, 0},
		{"1 DaYs AgO", 0, -1, 0},
		{"1 days ago ", 0, -1, 0},
		{"@ 1 day", 0, 1, 0},
		{"@1 day 2 hours ago", 0, -1, -7200000000},
		{"2 years 3 mons", 27, 0, 0},
		{"1 y", 12, 0, 0},
		{"1 yr", 12, 0, 0},
		{"3 yrs", 36, 0, 0},
		{"1 mon", 1, 0, 0},
		{"1 d", 0, 1, 0},
		{"1 h", 0, 0, 3600000000},
		{"1 hr", 0, 0, 3600000000},
		{"1 m", 0, 0, 60000000},
		{"1 min", 0, 0, 60000000},
		{"1 s", 0, 0, 1000000},
		{"1 sec", 0, 0, 1000000},
		{"1 ms", 0, 0, 1000},
		{"1 us", 0, 0, 1},
		{"1.5 us", 0, 0, 2},
		{"1.4 us", 0, 0, 1},
		{"-1.5 us", 0, 0, -2},
		{"1.5 ms", 0, 0, 1500},
		{"1.5 years", 18, 0, 0},
		{"1.1 years", 13, 0, 0},
		{"1.5 quarters", 4, 15, 0},
		{"1.3 quarters", 3, 27, 0},
		{"1 quarter", 3, 0, 0},
		{"1.5 weeks", 0, 10, 43200000000},
		{"-1.3 weeks", 0, -9, -8640000000},
		{"1.5 decades", 180, 0, 0},
		{"1.5 centuries", 1800, 0, 0},
		{"1.5 millennium", 18000, 0, 0},
		{"1 dayofmonth", 0, 1, 0},
		{"1 weekofyear", 0, 7, 0},
		{"1 w", 0, 7, 0},
		{"1 c", 1200, 0, 0},
		{"1 mil", 12000, 0, 0},
		{"1 dec", 120, 0, 0},
		{" 1 day ", 0, 1, 0},
		{"1day2hours", 0, 1, 7200000000},
		{"1 day\t2 hours", 0, 1, 7200000000},
		{"04:", 0, 0, 14400000000},
		{"04", 0, 0, 4000000},
		{"-1 day -2 hours", 0, -1, -7200000000},
		{"1 hour -04:05", 0, 0, -18300000000},
		{"-1 day 04:05", 0, -1, 14700000000},
		{"1 day -04:05:06", 0, 1, -14706000000},
		{"1.234567891 seconds", 0, 0, 1234567},
		{"-1.5 days", 0, -1, -43200000000},
		{"-1.5 months", -1, -15, 0},
		{"1.55 months", 1, 16, 0},
		{"12:34:56.789", 0, 0, 45296789000},
		{"04:05:06.1234567", 0, 0, 14706123456},
		{"100:00:00", 0, 0, 360000000000},
		{"999999999:00", 0, 0, 3599999996400000000},
		{"4:5:6", 0, 0, 14706000000},
		{"04:05:06:07", 0, 0, 14706000000},
		{"04:05:06 ago", 0, 0, 14706000000},
		{"04:05:06 foo", 0, 0, 14706000000},
		{"1 day 04:05:06 2 days", 0, 1, 14706000000},
		{"2147483647 months", 2147483647, 0, 0},
		{"-2147483648 days", 0, -2147483648, 0},
		{"9223372036854775807 us", 0, 0, 9223372036854775807},
	}
	for _, c := range cases {
		v, err := ParseInterval(c.s)
		if err != nil {
			t.Errorf("ParseInterval(%q): %v", c.s, err)
			continue
		}
		if v.K != Interval || v.Months() != c.months || v.Days() != c.days || v.Micros() != c.micros {
			t.Errorf("ParseInterval(%q) = %d months %d days %d µs, DuckDB has %d %d %d",
				c.s, v.Months(), v.Days(), v.Micros(), c.months, c.days, c.micros)
		}
	}
}

// Text DuckDB refuses as an INTERVAL: each error wraps ErrConvert and
// names the text.
func TestParseIntervalRefused(t *testing.T) {
	bad := []string{
		"P1D",
		"04:05 ago",
		"1 day 04:05 foo",
		"04:05 ",
		"04:60",
		"04:05.5",
		"1000000000:00",
		"-.5 days",
		".5 days",
		"1 ago",
		"ago",
		" ",
		"1 day,2 hours",
		"1e3 days",
		"+1 day",
		"1 day 1",
		"2 1 day",
		"1-2",
		"1 epoch",
		"1 foo",
		"-",
		"1 day agoo",
		"1 day ago 2",
		"1 day -",
		"2147483648 months",
		"178956971 years",
		"9223372036854775807 seconds",
		"99999999999999999999 days",
		"2147483647 days 1 day",
		"2147483648 days ago",
		"-2147483648 days ago",
		"", "@", "a", "1 day a", "1 day @",
	}
	for _, s := range bad {
		v, err := ParseInterval(s)
		if err == nil {
			t.Errorf("ParseInterval(%q) = %s, DuckDB refuses it", s, v)
			continue
		}
		if !errors.Is(err, ErrConvert) || !strings.Contains(err.Error(), "'"+s+"'") {
			t.Errorf("ParseInterval(%q): %v, want a conversion error naming the text", s, err)
		}
	}
	// DuckDB throws this one even in TRY_CAST: an overflow as well.
	if _, err := ParseInterval("-2147483648 days ago"); !errors.Is(err, ErrOverflow) {
		t.Errorf("ParseInterval of -2147483648 days ago: %v, want an overflow", err)
	}
	if _, err := ParseInterval("2147483648 days ago"); errors.Is(err, ErrOverflow) {
		t.Errorf("ParseInterval of 2147483648 days ago: %v, want no overflow (TRY_CAST gives NULL)", err)
	}
}

// TestIntervalTextRoundTrip: an interval's text (FormatInterval, as CAST
// to VARCHAR spells it) reads back as the same months, days and
// microseconds, whatever their signs: a derived table holds intervals
// so.
func TestIntervalTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	pick := func(limit int64) int64 {
		switch rng.IntN(4) {
		case 0:
			return 0
		case 1:
			return rng.Int64N(3) - 1
		}
		return rng.Int64N(2*limit) - limit
	}
	for range 20000 {
		months, days, micros := pick(1<<31-1), pick(1<<31-1), pick(1<<61)
		v := IntervalValue(months, days, micros)
		w, err := ParseInterval(v.String())
		if err != nil || w.Months() != months || w.Days() != days || w.Micros() != micros {
			t.Fatalf("%d months %d days %d µs: %q read back as %d, %d, %d (%v)", months, days, micros, v.String(), w.Months(), w.Days(), w.Micros(), err)
		}
	}
}
