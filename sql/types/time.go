package types

import (
	"fmt"
	"strings"
	"time"
)

const microsPerDay = 86400 * 1000000

// ParseDate reads a date as DuckDB's CAST(text AS DATE) does: see
// [ParseTimestamp] for the date's forms. Text after the day is allowed
// and dropped, unless it starts with a digit; but a timestamp with an
// offset gives the day of its instant, the offset applied, as read_json
// reads it.
func ParseDate(s string) (int64, bool) {
	if d, ok := ISODay(s); ok {
		return d, true
	}
	return parseDay(s, false)
}

// parseDay is ParseDate after its fast path; wide takes the years it
// refuses as well (see [DuckDBOnlyTime]), for a day of no meaning.
func parseDay(s string, wide bool) (int64, bool) {
	if us, _, shifted, ok := parseStamp(s, wide); ok && shifted {
		return floorDiv(us, microsPerDay), true
	}
	days, _, ok := dateOf(s, wide)
	return days, ok
}

// DuckDBOnlyTime reports whether DuckDB reads s as a DATE (to is Date)
// or a TIMESTAMP where ParseDate or ParseTimestamp refuse it: a year
// before 1 (negative, 0, or marked (BC)), past 294,000, or infinity.
// TRY_CAST fails on such text rather than give NULL for a value DuckDB
// has.
func DuckDBOnlyTime(s string, to Kind) bool {
	switch strings.ToLower(strings.Trim(s, spaces)) {
	case "infinity", "-infinity":
		return true
	}
	if to == Date {
		_, ok := parseDay(s, true)
		return ok
	}
	_, _, _, ok := parseStamp(s, true)
	return ok
}

// ParseTimestamp reads a timestamp as DuckDB's CAST(text AS TIMESTAMP)
// does, in microseconds since 1970-01-01 00:00:00:
//
//   - white space, a year of one or more digits, a month and a day of one
//     or two digits each, after the same separator ('-', '/', '\' or a
//     space): 2024-01-05, 2024/1/5; or the word epoch;
//   - then, optionally, 'T' or a space and a time: white space, the hour,
//     ':', the minute, optionally ':' and the second, each of one or two
//     digits (the hour of up to nine), optionally '.' and a fraction of
//     which the first six digits count; a minute or second left empty
//     after its ':' is zero; at most 24:00:00;
//   - then 'Z', an offset (+HH, +HHMM, +HH:MM, +HH:MM:SS, or with '-'),
//     or a space and the zone UTC, and white space.
//
// An offset is applied, as DuckDB's read_json applies it to the JSON text
// it takes for a TIMESTAMP (its CAST of a literal drops it): the lake's
// text and DuckDB's reading of it name the same instant. Years before 1
// (DuckDB's BC) and past 294,000 are refused.
func ParseTimestamp(s string) (int64, bool) {
	if d, ok := ISODay(s); ok {
		return d * microsPerDay, true
	}
	us, _, _, ok := parseStamp(s, false)
	return us, ok
}

// parseStamp is ParseTimestamp, and reports whether the text had a time,
// and an offset other than zero; wide is as for parseDay.
func parseStamp(s string, wide bool) (us int64, hasTime, shifted, ok bool) {
	days, rest, ok := dateOf(s, wide)
	if !ok {
		return 0, false, false, false
	}
	us = days * microsPerDay
	if rest == "" {
		return us, false, false, true
	}
	if rest[0] == ' ' || rest[0] == 'T' {
		rest = rest[1:]
	}
	t, rest, ok := timeOf(rest)
	if !ok {
		return 0, false, false, false
	}
	us += t
	if rest == "" {
		return us, true, shifted, true
	}
	if rest[0] == 'Z' {
		rest = rest[1:]
	} else if off, r, ok := offsetOf(rest); ok {
		us -= off
		rest, shifted = r, off != 0
	} else {
		// A space and a zone name: UTC alone, or none.
		if rest[0] != ' ' {
			return 0, false, false, false
		}
		rest = rest[1:]
		n := 0
		for n < len(rest) && isZoneByte(rest[n]) {
			n++
		}
		if n > 0 && !strings.EqualFold(rest[:n], "UTC") {
			return 0, false, false, false
		}
		rest = rest[n:]
	}
	if strings.TrimLeft(rest, spaces) != "" {
		return 0, false, false, false
	}
	return us, true, shifted, true
}

// spaces are the bytes DuckDB's casts take for white space.
const spaces = " \t\n\v\f\r"

func isZoneByte(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("_/+-:", c) >= 0
}

// dateOf reads the date at the start of s (after white space), or the
// word epoch, and returns its days since 1970-01-01 and the text after it.
// wide takes years before 1 and past 294,000 too, for a day of no
// meaning: whether DuckDB reads the text.
func dateOf(s string, wide bool) (days int64, rest string, ok bool) {
	s = strings.TrimLeft(s, spaces)
	if wide && strings.HasPrefix(s, "-") {
		s = s[1:]
	}
	if s == "" || !isDigit(s[0]) {
		if w := strings.TrimRight(s, spaces); strings.EqualFold(w, "epoch") {
			return 0, "", true
		}
		return 0, "", false
	}
	i, y := 0, 0
	for i < len(s) && isDigit(s[i]) {
		if y > 294000 && !wide || y >= 1e8 {
			return 0, "", false
		}
		y = y*10 + int(s[i]-'0')
		i++
	}
	if i == len(s) || (y < 1 || y > 294000) && !wide {
		return 0, "", false
	}
	sep := s[i]
	if sep != '-' && sep != '/' && sep != '\\' && sep != ' ' {
		return 0, "", false
	}
	m, i, ok := twoDigits(s, i+1)
	if !ok || i == len(s) || s[i] != sep {
		return 0, "", false
	}
	d, i, ok := twoDigits(s, i+1)
	if !ok || m < 1 || m > 12 || d < 1 || d > daysIn(y%400, m) {
		return 0, "", false
	}
	rest = s[i:]
	if rest != "" && isDigit(rest[0]) {
		return 0, "", false // a third digit of the day
	}
	if len(rest) >= 5 && strings.IndexByte(spaces, rest[0]) >= 0 && strings.EqualFold(rest[1:5], "(bc)") {
		if !wide {
			return 0, "", false // a year before 1: not ours to print
		}
		rest = rest[5:]
	}
	return daysFromCivil(int64(y), int64(m), int64(d)), rest, true
}

// offsetOf reads an offset from UTC at the start of s: a sign, two digits
// of hours, then optionally two of minutes (after ':' or not) and, after
// ':' when the minutes had one, two of seconds. It returns the offset in
// microseconds and the text after it (a ':' that no digits follow
// included).
func offsetOf(s string) (us int64, rest string, ok bool) {
	if len(s) < 3 || s[0] != '+' && s[0] != '-' || !isDigit(s[1]) || !isDigit(s[2]) {
		return 0, "", false
	}
	two := func(i int) (int64, bool) {
		if i+2 > len(s) || !isDigit(s[i]) || !isDigit(s[i+1]) {
			return 0, false
		}
		return int64(s[i]-'0')*10 + int64(s[i+1]-'0'), true
	}
	h, _ := two(1)
	us, i := h*3600e6, 3
	colons := i < len(s) && s[i] == ':'
	if colons {
		i++
	}
	if m, ok := two(i); ok {
		us, i = us+m*60e6, i+2
		if colons && i < len(s) && s[i] == ':' {
			i++
			if sec, ok := two(i); ok {
				us, i = us+sec*1e6, i+2
			}
		}
	}
	if s[0] == '-' {
		us = -us
	}
	return us, s[i:], true
}

// twoDigits reads one or two digits at s[i:].
func twoDigits(s string, i int) (n, next int, ok bool) {
	if i >= len(s) || !isDigit(s[i]) {
		return 0, i, false
	}
	n, i = int(s[i]-'0'), i+1
	if i < len(s) && isDigit(s[i]) {
		n, i = n*10+int(s[i]-'0'), i+1
	}
	return n, i, true
}

// timeOf reads the time at the start of s, in microseconds, and returns
// the text after it.
func timeOf(s string) (us int64, rest string, ok bool) {
	s = strings.TrimLeft(s, spaces)
	i, h := 0, 0
	for i < len(s) && isDigit(s[i]) {
		if i == 9 {
			return 0, "", false
		}
		h = h*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || i == len(s) || s[i] != ':' {
		return 0, "", false
	}
	i++
	var mi, sec, frac int
	if i < len(s) {
		if mi, i, ok = twoDigits(s, i); !ok || mi > 59 {
			return 0, "", false
		}
		if i < len(s) {
			if s[i] != ':' {
				return 0, "", false
			}
			i++
			if i < len(s) {
				if sec, i, ok = twoDigits(s, i); !ok || sec > 59 {
					return 0, "", false
				}
			}
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		n := 0 // the digits that count
		for ; i < len(s) && isDigit(s[i]); i++ {
			if n < 6 {
				frac, n = frac*10+int(s[i]-'0'), n+1
			}
		}
		for ; n < 6; n++ {
			frac *= 10
		}
	}
	us = int64(h)*3600e6 + int64(mi)*60e6 + int64(sec)*1e6 + int64(frac)
	if us > microsPerDay {
		return 0, "", false
	}
	return us, s[i:], true
}
func digits(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// daysIn is the number of days of month m of year y (Gregorian, as
// time.Date counts them).
// ParseTime reads ISO text as a DATE when it has no time (YYYY-MM-DD), a
// TIMESTAMP otherwise: how text meets a date or timestamp.
func ParseTime(s string) (Value, bool) {
	if d, ok := ISODay(s); ok {
		return DateValue(d), true
	}
	us, hasTime, _, ok := parseStamp(s, false)
	switch {
	case !ok:
		// A date and white space, which DuckDB's TIMESTAMP refuses and
		// its DATE takes ('2024-01-05 ').
		if days, rest, ok := dateOf(s, false); ok && strings.Trim(rest, spaces) == "" {
			return DateValue(days), true
		}
		return Value{}, false
	case hasTime:
		return TimestampValue(us), true
	}
	return DateValue(floorDiv(us, microsPerDay)), true
}

// ISODay reads exactly YYYY-MM-DD (the common case, without time.Date):
// its days since 1970-01-01.
func ISODay(s string) (int64, bool) {
	y, m, d, ok := isoDate(s)
	if !ok {
		return 0, false
	}
	return daysFromCivil(y, m, d), true
}

// ISOYmd reads exactly a valid YYYY-MM-DD as y*10000 + m*100 + d, which
// orders days as their count does, without the count's arithmetic (a
// filter on a date field: YmdOf gives the constant's).
func ISOYmd(s string) (int64, bool) {
	y, m, d, ok := isoDate(s)
	return y*10000 + m*100 + d, ok
}

// isoDate reads exactly a valid YYYY-MM-DD.
func isoDate(s string) (y, m, d int64, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	yy, ok1 := digits(s[0:4])
	mm, ok2 := digits(s[5:7])
	dd, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || mm < 1 || mm > 12 || dd < 1 || dd > daysIn(yy, mm) {
		return 0, 0, 0, false
	}
	return int64(yy), int64(mm), int64(dd), true
}

// ISOYmdDay is the days since 1970-01-01 of ISOYmd's number.
func ISOYmdDay(ymd int64) int64 { return daysFromCivil(ymd/10000, ymd/100%100, ymd%100) }

// YmdOf is ISOYmd's number of the day days since 1970-01-01, any year.
func YmdOf(days int64) int64 {
	y, m, d := time.Unix(days*86400, 0).UTC().Date()
	return int64(y)*10000 + int64(m)*100 + int64(d)
}

// daysFromCivil is the days from 1970-01-01 to y-m-d of the proleptic
// Gregorian calendar (Howard Hinnant's algorithm).
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// DayOf is the day (days since 1970-01-01) of a timestamp's microseconds.
func DayOf(us int64) int64 { return floorDiv(us, microsPerDay) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Time returns a date or timestamp as a time in UTC.
func (v Value) Time() time.Time {
	if v.K == Date {
		return time.Unix(v.I*86400, 0).UTC()
	}
	return time.UnixMicro(v.I).UTC()
}

// FormatDate spells days since the epoch as YYYY-MM-DD.
func FormatDate(days int64) string {
	return time.Unix(days*86400, 0).UTC().Format("2006-01-02")
}

// FormatTimestamp spells a timestamp as DuckDB does: YYYY-MM-DD HH:MM:SS,
// with the fraction of a second when there is one.
func FormatTimestamp(us int64) string {
	t := time.UnixMicro(us).UTC()
	s := t.Format("2006-01-02 15:04:05")
	if f := us % 1e6; f != 0 {
		if f < 0 {
			f += 1e6
		}
		s += strings.TrimRight(fmt.Sprintf(".%06d", f), "0")
	}
	return s
}

// FormatInterval spells an interval as DuckDB does: "1 year 2 months 3
// days 04:05:06", each part as it is kept ("36:00:00" for 36 hours).
func FormatInterval(months, days, micros int64) string {
	var parts []string
	unit := func(n int64, name string) {
		if n == 0 {
			return
		}
		s := fmt.Sprintf("%d %s", n, name)
		if n != 1 && n != -1 {
			s += "s"
		}
		parts = append(parts, s)
	}
	unit(months/12, "year")
	unit(months%12, "month")
	unit(days, "day")
	if micros != 0 || len(parts) == 0 {
		sign := ""
		u := uint64(micros)
		if micros < 0 {
			sign, u = "-", -u
		}
		s := fmt.Sprintf("%s%02d:%02d:%02d", sign, u/3600e6, u/60e6%60, u/1e6%60)
		if f := u % 1e6; f != 0 {
			s += strings.TrimRight(fmt.Sprintf(".%06d", f), "0")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// PlainTimestamp reads a timestamp in its one plain spelling,
// YYYY-MM-DD HH:MM:SS (19 bytes: a valid date and a time before 24:00:00),
// into year, month, day, hour, minute and second, without the clock
// arithmetic of ParseTimestamp, which gives that same time for such a text;
// ok is false for any other text.
func PlainTimestamp(s string) (f [6]int, ok bool) {
	if len(s) != 19 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' {
		return f, false
	}
	for k, at := range [6]int{0, 5, 8, 11, 14, 17} {
		end := at + 2
		if k == 0 {
			end = at + 4
		}
		v, ok := digits(s[at:end])
		if !ok {
			return f, false
		}
		f[k] = v
	}
	if f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > daysIn(f[0], f[1]) || f[3] > 23 || f[4] > 59 || f[5] > 59 {
		return f, false
	}
	return f, true
}
