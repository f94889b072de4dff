package types

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseInterval reads text as DuckDB's CAST(text AS INTERVAL) does:
//
//   - an optional '@', then parts, each a number and its unit: '2 years 3
//     months', '1day2hours', with blanks (space, tab, newline) around;
//   - a number is digits, '-' before them for a negative one, and
//     optionally '.' and a fraction, of which the first six digits
//     count; no '+', no exponent;
//   - a unit is a word, in any case: year (y, yr, yrs, years), month
//     (mon, mons, months), day (d, days, dayofmonth), week (w, weeks,
//     weekofyear), quarter, decade (dec), century (c, cent), millennium
//     (mil), hour (h, hr, hrs), minute (m, min, mins), second (s, sec,
//     secs), millisecond (ms, msec) and microsecond (us, usec);
//   - a fraction carries down a unit as DuckDB carries it: '1.5 months' is
//     1 month 15 days, '1.5 days' 1 day 12:00:00, '1.5 years' 18 months
//     (a year's fraction stays in months, a month's in days); a fraction
//     of microseconds rounds;
//   - a lone number with no unit is seconds: '90', '1.5';
//   - a time, HH:MM[:SS[.ffffff]] with '-' before it for a negative one,
//     ends the text (what follows it is dropped); the hour has up to nine
//     digits, the minute and second one or two, each below 60; a '-'
//     before it negates the time parts read so far;
//   - a trailing 'ago' negates the whole.
//
// Months and days hold 32 bits, as DuckDB's, the microseconds 64. The
// ISO 8601 form ('P1D') is refused, as DuckDB refuses it. Errors wrap
// ErrConvert.
func ParseInterval(s string) (Value, error) {
	r := intervalReader{text: s}
	if err := r.read(); err != nil {
		return Value{}, err
	}
	return IntervalValue(r.months, r.days, r.micros), nil
}

// intervalReader holds the parts of an interval read so far.
type intervalReader struct {
	text                 string
	months, days, micros int64
	found                bool // a part was read
}

// The microseconds of a millisecond, second, minute, hour and day.
const (
	microsPerMilli  = 1000
	microsPerSecond = 1000000
	microsPerMinute = 60 * microsPerSecond
	microsPerHour   = 60 * microsPerMinute
)

// isBlank reports a byte DuckDB skips between an interval's parts.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// isLetter reports an ASCII letter, of which a unit is made.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// bad is the error of text that does not read as an interval; why, when
// not empty, says more.
func (r *intervalReader) bad(why string) error {
	text := r.text
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	if why != "" {
		why = ": " + why
	}
	return fmt.Errorf("%w: cannot read '%s' as an INTERVAL%s", ErrConvert, text, why)
}

// read reads the whole text into r's parts.
func (r *intervalReader) read() error {
	s := r.text
	if s == "" {
		return r.bad("")
	}
	i := 0
	switch s[0] {
	case '@':
		i++
	case 'P', 'p':
		// ISO 8601's P1D: DuckDB has the branch but reads nothing.
		return r.bad("")
	}
	for {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		if i == len(s) {
			break
		}
		neg := false
		switch c := s[i]; {
		case c == '-':
			neg = true
			i++
		case c == 'a' || c == 'A':
			return r.ago(i)
		case !isDigit(c):
			return r.bad("")
		}
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i < len(s) && s[i] == ':' {
			return r.clock(start, neg)
		}
		if i == start {
			return r.bad("")
		}
		n, err := strconv.ParseInt(s[start:i], 10, 64)
		if err != nil {
			return r.bad(s[start:i] + " does not fit in BIGINT")
		}
		var frac int64 // millionths
		if i < len(s) && s[i] == '.' {
			mult := int64(100000)
			for i++; i < len(s) && isDigit(s[i]); i++ {
				frac += int64(s[i]-'0') * mult
				mult /= 10
			}
		}
		if neg {
			n, frac = -n, -frac
		}
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		ustart := i
		for i < len(s) && isLetter(s[i]) {
			i++
		}
		unit := s[ustart:i]
		if unit == "" && !r.found {
			// A lone number: seconds, and nothing but blanks after it.
			if err := r.add(&r.micros, n, microsPerSecond, false, 0); err != nil {
				return err
			}
			if err := r.add(&r.micros, frac, 1, false, 0); err != nil {
				return err
			}
			if strings.Trim(s[i:], " \t\n") != "" {
				return r.bad("")
			}
			return nil
		}
		if err := r.part(unit, n, frac); err != nil {
			return err
		}
		r.found = true
	}
	if !r.found {
		return r.bad("")
	}
	return nil
}

// part adds n and its fraction frac (in millionths) of unit.
func (r *intervalReader) part(unit string, n, frac int64) error {
	switch strings.ToLower(unit) {
	case "millennium", "mil", "millenniums", "millennia", "mils", "millenium":
		return r.add(&r.months, n, 12000, true, frac)
	case "century", "cent", "centuries", "c":
		return r.add(&r.months, n, 1200, true, frac)
	case "decade", "dec", "decades", "decs":
		return r.add(&r.months, n, 120, true, frac)
	case "year", "yr", "y", "years", "yrs":
		return r.add(&r.months, n, 12, true, frac)
	case "quarter", "quarters":
		if err := r.add(&r.months, n, 3, true, frac); err != nil {
			return err
		}
		// What is left of a month goes to days.
		return r.add(&r.days, 0, 30, true, frac*3%microsPerSecond)
	case "month", "mon", "months", "mons":
		if err := r.add(&r.months, n, 1, true, 0); err != nil {
			return err
		}
		return r.add(&r.days, 0, 30, true, frac)
	case "week", "weeks", "w", "weekofyear":
		if err := r.add(&r.days, n, 7, true, frac); err != nil {
			return err
		}
		// What is left of a day goes to microseconds.
		return r.add(&r.micros, 0, microsPerDay, false, frac*7%microsPerSecond)
	case "day", "days", "d", "dayofmonth":
		if err := r.add(&r.days, n, 1, true, 0); err != nil {
			return err
		}
		return r.add(&r.micros, 0, microsPerDay, false, frac)
	case "hour", "hr", "hours", "hrs", "h":
		return r.add(&r.micros, n, microsPerHour, false, frac)
	case "minute", "min", "minutes", "mins", "m":
		return r.add(&r.micros, n, microsPerMinute, false, frac)
	case "second", "sec", "seconds", "secs", "s":
		return r.add(&r.micros, n, microsPerSecond, false, frac)
	case "milliseconds", "millisecond", "ms", "msec", "msecs", "msecond", "mseconds":
		return r.add(&r.micros, n, microsPerMilli, false, frac)
	case "microseconds", "microsecond", "us", "usec", "usecs", "usecond", "useconds":
		// Half a microsecond or more rounds away from zero.
		return r.add(&r.micros, n+frac*2/microsPerSecond, 1, false, 0)
	case "epoch", "dow", "dayofweek", "weekday", "isodow", "doy", "dayofyear", "yearweek", "isoyear", "era",
		"timezone", "timezone_hour", "timezone_minute", "julian", "jd":
		return r.bad(fmt.Sprintf("%q is not a unit of an interval", unit))
	}
	return r.bad(fmt.Sprintf("unknown unit %q", unit))
}

// add adds n times mult to *to, then frac millionths of mult (truncated),
// failing past 64 bits, or past 32 when narrow (months and days).
func (r *intervalReader) add(to *int64, n, mult int64, narrow bool, frac int64) error {
	fits := func(x int64) bool { return !narrow || math.MinInt32 <= x && x <= math.MaxInt32 }
	step := func(x int64) error {
		if !fits(x) {
			return r.bad(fmt.Sprintf("%d is out of range", x))
		}
		sum, err := intArith(Add, *to, x)
		if err != nil || !fits(sum.I) {
			return r.bad("out of range")
		}
		*to = sum.I
		return nil
	}
	x, err := intArith(Mul, n, mult)
	if err != nil {
		return r.bad("out of range")
	}
	if err := step(x.I); err != nil {
		return err
	}
	if frac == 0 {
		return nil
	}
	return step(frac * mult / microsPerSecond)
}

// clock reads the time HH:MM[:SS[.ffffff]] at start, the interval's last
// part: the text after it is dropped, as DuckDB drops it. A '-' before it
// (neg) negates the microseconds read so far.
func (r *intervalReader) clock(start int, neg bool) error {
	s := r.text
	i := start
	var hour int64
	for ; i < len(s) && isDigit(s[i]); i++ {
		if i-start == 9 {
			return r.bad("")
		}
		hour = hour*10 + int64(s[i]-'0')
	}
	if i == start || i == len(s) || s[i] != ':' {
		return r.bad("")
	}
	i++
	var min, sec int
	if i < len(s) {
		var ok bool
		if min, i, ok = twoDigits(s, i); !ok || min >= 60 {
			return r.bad("")
		}
		if i < len(s) {
			if s[i] != ':' {
				return r.bad("")
			}
			i++
			if i < len(s) {
				if sec, i, ok = twoDigits(s, i); !ok || sec >= 60 {
					return r.bad("")
				}
			}
		}
	}
	var frac int64
	if i < len(s) && s[i] == '.' {
		mult := int64(100000)
		for i++; i < len(s) && isDigit(s[i]); i++ {
			frac += int64(s[i]-'0') * mult
			mult /= 10
		}
	}
	r.micros += ((hour*60+int64(min))*60+int64(sec))*microsPerSecond + frac
	if neg {
		r.micros = -r.micros
	}
	return nil
}

// ago reads the 'ago' at i, which must end the text but for blanks, and
// negates the interval.
func (r *intervalReader) ago(i int) error {
	s := r.text
	if len(s)-i < 3 || !strings.EqualFold(s[i:i+3], "ago") || strings.Trim(s[i+3:], " \t\n") != "" || !r.found {
		return r.bad("")
	}
	if r.months == math.MinInt32 || r.days == math.MinInt32 {
		// DuckDB throws this one, TRY_CAST or not.
		return fmt.Errorf("%w: %w: cannot read '%s' as an INTERVAL: out of range once negated", ErrConvert, ErrOverflow, s)
	}
	r.months, r.days, r.micros = -r.months, -r.days, -r.micros
	return nil
}
