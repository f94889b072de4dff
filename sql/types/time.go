package types

import (
	"fmt"
	"strings"
	"time"
)

const microsPerDay = 86400 * 1000000

// ParseDate reads an ISO date, YYYY-MM-DD (a time after it is allowed and
// dropped, as CAST(timestamp text AS DATE) does).
func ParseDate(s string) (int64, bool) {
	if d, ok := ISODay(s); ok {
		return d, true
	}
	s = strings.TrimSpace(s)
	if us, ok := ParseTimestamp(s); ok {
		return floorDiv(us, microsPerDay), true
	}
	return 0, false
}

// ParseTimestamp reads ISO text: YYYY-MM-DD, optionally followed by 'T' or
// a space and HH:MM[:SS[.fraction]], optionally with Z or an offset.
func ParseTimestamp(s string) (int64, bool) {
	if d, ok := ISODay(s); ok {
		return d * microsPerDay, true
	}
	s = strings.TrimSpace(s)
	if len(s) < 10 {
		return 0, false
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || s[4] != '-' || s[7] != '-' || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	rest := s[10:]
	if rest == "" {
		return t.UnixMicro(), true
	}
	if rest[0] != 'T' && rest[0] != ' ' {
		return 0, false
	}
	rest = strings.TrimLeft(rest[1:], " ")
	if len(rest) < 5 || rest[2] != ':' {
		return 0, false
	}
	hh, ok1 := digits(rest[0:2])
	mm, ok2 := digits(rest[3:5])
	if !ok1 || !ok2 || hh > 24 || mm > 59 {
		return 0, false
	}
	rest = rest[5:]
	var ss, frac int
	if len(rest) >= 3 && rest[0] == ':' {
		var ok bool
		if ss, ok = digits(rest[1:3]); !ok || ss > 60 {
			return 0, false
		}
		rest = rest[3:]
		if len(rest) > 1 && rest[0] == '.' {
			i := 1
			for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
				i++
			}
			f := rest[1:i] + "000000"
			frac, _ = digits(f[:6])
			rest = rest[i:]
		}
	}
	us := t.UnixMicro() + int64(hh)*3600e6 + int64(mm)*60e6 + int64(ss)*1e6 + int64(frac)
	rest = strings.TrimSpace(rest)
	switch {
	case rest == "" || rest == "Z" || rest == "z":
	case (rest[0] == '+' || rest[0] == '-') && (len(rest) == 3 || len(rest) == 5 || len(rest) == 6):
		oh, ok1 := digits(rest[1:3])
		om := 0
		ok2 := true
		if len(rest) == 5 {
			om, ok2 = digits(rest[3:5])
		} else if len(rest) == 6 {
			om, ok2 = digits(rest[4:6])
		}
		if !ok1 || !ok2 {
			return 0, false
		}
		off := int64(oh)*3600e6 + int64(om)*60e6
		if rest[0] == '+' {
			us -= off
		} else {
			us += off
		}
	default:
		return 0, false
	}
	return us, true
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
	us, ok := ParseTimestamp(s)
	if !ok {
		return Value{}, false
	}
	if len(strings.TrimSpace(s)) == 10 {
		return DateValue(floorDiv(us, microsPerDay)), true
	}
	return TimestampValue(us), true
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
// days 04:05:06".
func FormatInterval(months, micros int64) string {
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
	days := micros / microsPerDay
	micros -= days * microsPerDay
	unit(days, "day")
	if micros != 0 || len(parts) == 0 {
		sign := ""
		if micros < 0 {
			sign, micros = "-", -micros
		}
		s := fmt.Sprintf("%s%02d:%02d:%02d", sign, micros/3600e6, micros/60e6%60, micros/1e6%60)
		if f := micros % 1e6; f != 0 {
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
