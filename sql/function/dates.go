package function

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/lakesql/lakesql/sql/types"
)

// Date and time functions. An argument may be a DATE, a TIMESTAMP or text
// holding ISO 'YYYY-MM-DD[ HH:MM:SS[.ffffff]]' (DuckDB refuses plain text
// where it wants a date; we read it, since JSON has no dates). Times are
// UTC.

// partFn is the function of one date part: of a date or timestamp, or
// of an interval, where DuckDB has that part of one.
func partFn(name, summary string, u dateUnit, aliases ...string) *Scalar {
	return &Scalar{Name: name, Aliases: aliases, MinArgs: 1, MaxArgs: 1, NullIn: true,
		Fn: func(a []types.Value) (types.Value, error) {
			if a[0].K == types.Interval {
				return intervalPart(u, a[0])
			}
			t, err := timeArg(a[0])
			if err != nil {
				return types.Value{}, err
			}
			return datePart(u, t)
		},
		Signature: name + "(t)", Summary: summary}
}

func init() {
	register(
		&Scalar{Name: "DATE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: dateFn,
			Signature: "DATE(t)", Summary: "t as a DATE (the day of a timestamp)."},
		partFn("YEAR", "The year of t.", unitYear),
		partFn("MONTH", "The month of t, 1 to 12.", unitMonth),
		partFn("DAY", "The day of the month of t, 1 to 31.", unitDay, "DAYOFMONTH"),
		partFn("HOUR", "The hour of t, 0 to 23.", unitHour),
		partFn("MINUTE", "The minute of t, 0 to 59.", unitMinute),
		partFn("SECOND", "The second of t, 0 to 59 (whole seconds).", unitSecond),
		partFn("DAYOFWEEK", "The day of the week of t, Sunday 0 to Saturday 6 (DuckDB's numbering; MySQL's is Sunday 1 to Saturday 7).", unitDOW, "WEEKDAY"),
		partFn("ISODOW", "The ISO day of the week of t, Monday 1 to Sunday 7.", unitISODOW),
		partFn("DAYOFYEAR", "The day of the year of t, 1 to 366.", unitDOY),
		partFn("WEEK", "The ISO week of t, 1 to 53 (DuckDB's; MySQL's WEEK counts from Sundays).", unitWeek, "WEEKOFYEAR"),
		partFn("QUARTER", "The quarter of t, 1 to 4.", unitQuarter),
		partFn("ISOYEAR", "The ISO year of t (of its ISO week).", unitISOYear),
		partFn("YEARWEEK", "The ISO year and week of t as YYYYWW.", unitYearWeek),
		partFn("EPOCH", "t as seconds since 1970-01-01 00:00:00 UTC, a DOUBLE.", unitEpoch),
		&Scalar{Name: "DATE_PART", Aliases: []string{"DATEPART"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindDatePart,
			Signature: "DATE_PART(unit, t)",
			Summary:   "The unit ('year', 'month', 'dow', 'epoch', ...) of t, a date, timestamp or interval; EXTRACT(unit FROM t)."},
		&Scalar{Name: "DATE_TRUNC", Aliases: []string{"DATETRUNC"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindDateTrunc,
			Signature: "DATE_TRUNC(unit, t)",
			Summary:   "t truncated to the start of its unit (year, quarter, month, week from Monday, day, hour, ...), a TIMESTAMP as DuckDB's."},
		&Scalar{Name: "STRFTIME", MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindStrftime(false),
			Signature: "STRFTIME(t, format)",
			Summary:   "t spelled by a strftime format (%Y %m %d %H %M %S %f %j %a %b ...), as DuckDB; STRFTIME(format, t) also works."},
		&Scalar{Name: "DATE_FORMAT", MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindStrftime(true),
			Signature: "DATE_FORMAT(t, format)",
			Summary:   "t spelled by a MySQL format (%Y %m %d %H %i %s %f %j %W %M %a %b %e %c %T %r ...)."},
		&Scalar{Name: "DATE_ADD", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: dateAddFn(false),
			Signature: "DATE_ADD(t, interval)", Summary: "t plus the interval, a TIMESTAMP (as DuckDB)."},
		&Scalar{Name: "DATE_SUB", MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: dateSubFn,
			Signature: "DATE_SUB(t, interval) | DATE_SUB(unit, start, end)",
			Summary:   "t minus the interval (MySQL); with three arguments DuckDB's count of whole units from start to end."},
		&Scalar{Name: "DATEDIFF", Aliases: []string{"DATE_DIFF"}, MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: dateDiffFn,
			Signature: "DATEDIFF(a, b) | DATEDIFF(unit, start, end)",
			Summary:   "MySQL's days from b to a (a - b) with two arguments; DuckDB's count of unit boundaries from start to end with three."},
		&Scalar{Name: "MAKE_DATE", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: makeDateFn,
			Signature: "MAKE_DATE(year, month, day)", Summary: "The DATE of year, month and day."},
		&Scalar{Name: "LAST_DAY", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: lastDayFn,
			Signature: "LAST_DAY(t)", Summary: "The DATE of the last day of t's month."},
		&Scalar{Name: "DAYS_IN_MONTH", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: daysInMonthFn,
			Signature: "DAYS_IN_MONTH(t)", Summary: "The number of days of t's month (DuckDB's DAY(LAST_DAY(t)))."},
		&Scalar{Name: "STRPTIME", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: strptimeFn(false),
			Signature: "STRPTIME(s, format)",
			Summary:   "The TIMESTAMP that s spells by a strptime format (%Y %m %d %H %M %S %f %y %b %B %p %I %j %%), as DuckDB; an error when it does not."},
		&Scalar{Name: "TRY_STRPTIME", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: strptimeFn(true),
			Signature: "TRY_STRPTIME(s, format)", Summary: "STRPTIME, but NULL where s does not fit the format."},
		&Scalar{Name: "DAYNAME", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: nameFn("DAYNAME", func(t time.Time) string { return weekdays[t.Weekday()] }),
			Signature: "DAYNAME(t)", Summary: "The English name of t's weekday: Monday, …"},
		&Scalar{Name: "MONTHNAME", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: nameFn("MONTHNAME", func(t time.Time) string { return months[t.Month()-1] }),
			Signature: "MONTHNAME(t)", Summary: "The English name of t's month: January, …"},
	)
}

// timeArg reads a date or timestamp argument; ISO text becomes a DATE when
// it has no time, a TIMESTAMP otherwise.
func timeArg(v types.Value) (types.Value, error) {
	switch v.K {
	case types.Date, types.Timestamp:
		return v, nil
	case types.String:
		t, ok := types.ParseTime(v.S)
		if !ok {
			return types.Value{}, fmt.Errorf("%w: %s is not a date or timestamp (YYYY-MM-DD[ HH:MM:SS])", types.ErrConvert, quote(v))
		}
		return t, nil
	}
	return types.Value{}, fmt.Errorf("%w: %s %s is not a date or timestamp", ErrArgs, v.K, quote(v))
}

const microsPerDay = 86400 * 1000000

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// micros returns a date or timestamp as microseconds since the epoch.
func micros(t types.Value) int64 {
	if t.K == types.Date {
		return t.I * microsPerDay
	}
	return t.I
}

func dateFn(a []types.Value) (types.Value, error) {
	t, err := timeArg(a[0])
	if err != nil {
		return t, err
	}
	return types.Cast(t, types.Date)
}

// dateUnit is a unit of DATE_PART, DATE_TRUNC and DATE_DIFF.
type dateUnit uint8

const (
	unitNone dateUnit = iota
	unitMillennium
	unitCentury
	unitDecade
	unitYear
	unitQuarter
	unitMonth
	unitWeek
	unitDay
	unitHour
	unitMinute
	unitSecond
	unitMillisecond
	unitMicrosecond
	unitDOW
	unitISODOW
	unitDOY
	unitISOYear
	unitYearWeek
	unitEpoch
	unitEra
	unitJulian
)

// dateUnits are DuckDB's unit names and abbreviations.
var dateUnits = map[string]dateUnit{
	"millennium": unitMillennium, "millennia": unitMillennium, "millenniums": unitMillennium, "mil": unitMillennium, "mils": unitMillennium, "millenium": unitMillennium,
	"century": unitCentury, "centuries": unitCentury, "cent": unitCentury, "c": unitCentury,
	"decade": unitDecade, "decades": unitDecade, "dec": unitDecade, "decs": unitDecade,
	"year": unitYear, "years": unitYear, "y": unitYear, "yr": unitYear, "yrs": unitYear,
	"quarter": unitQuarter, "quarters": unitQuarter,
	"month": unitMonth, "months": unitMonth, "mon": unitMonth, "mons": unitMonth,
	"week": unitWeek, "weeks": unitWeek, "w": unitWeek, "weekofyear": unitWeek,
	"day": unitDay, "days": unitDay, "d": unitDay, "dayofmonth": unitDay,
	"hour": unitHour, "hours": unitHour, "h": unitHour, "hr": unitHour, "hrs": unitHour,
	"minute": unitMinute, "minutes": unitMinute, "m": unitMinute, "min": unitMinute, "mins": unitMinute,
	"second": unitSecond, "seconds": unitSecond, "s": unitSecond, "sec": unitSecond, "secs": unitSecond,
	"millisecond": unitMillisecond, "milliseconds": unitMillisecond, "ms": unitMillisecond, "msec": unitMillisecond, "msecs": unitMillisecond, "msecond": unitMillisecond, "mseconds": unitMillisecond,
	"microsecond": unitMicrosecond, "microseconds": unitMicrosecond, "us": unitMicrosecond, "usec": unitMicrosecond, "usecs": unitMicrosecond, "usecond": unitMicrosecond, "useconds": unitMicrosecond,
	"dow": unitDOW, "dayofweek": unitDOW, "weekday": unitDOW,
	"isodow": unitISODOW,
	"doy":    unitDOY, "dayofyear": unitDOY,
	"isoyear":  unitISOYear,
	"yearweek": unitYearWeek,
	"epoch":    unitEpoch,
	"era":      unitEra,
	"julian":   unitJulian, "jd": unitJulian,
}

func parseUnit(s string) (dateUnit, error) {
	if u, ok := dateUnits[strings.ToLower(strings.TrimSpace(s))]; ok {
		return u, nil
	}
	return unitNone, fmt.Errorf("%w: unknown date part %q", ErrArgs, s)
}

// bindUnit reads a unit argument once when constant, else per row.
func bindUnit(consts []*types.Value, i int) (func(types.Value) (dateUnit, error), error) {
	if s, ok := constString(consts, i); ok {
		u, err := parseUnit(s)
		if err != nil {
			return nil, err
		}
		return func(types.Value) (dateUnit, error) { return u, nil }, nil
	}
	return func(v types.Value) (dateUnit, error) { return parseUnit(text(v)) }, nil
}

// datePart is DATE_PART(u, t) of a date or timestamp: BIGINT but for
// epoch and julian, DOUBLE.
func datePart(u dateUnit, t types.Value) (types.Value, error) {
	us := micros(t)
	tm := time.UnixMicro(us).UTC()
	y := int64(tm.Year())
	switch u {
	case unitMillennium:
		if y > 0 {
			return i2v((y-1)/1000 + 1), nil
		}
		return i2v(y/1000 - 1), nil
	case unitCentury:
		if y > 0 {
			return i2v((y-1)/100 + 1), nil
		}
		return i2v(y/100 - 1), nil
	case unitDecade:
		return i2v(y / 10), nil // toward zero, as DuckDB: -24 for 246 BC (year -245)
	case unitYear:
		return i2v(y), nil
	case unitQuarter:
		return i2v((int64(tm.Month())-1)/3 + 1), nil
	case unitMonth:
		return i2v(int64(tm.Month())), nil
	case unitWeek:
		_, w := tm.ISOWeek()
		return i2v(int64(w)), nil
	case unitDay:
		return i2v(int64(tm.Day())), nil
	case unitHour:
		return i2v(int64(tm.Hour())), nil
	case unitMinute:
		return i2v(int64(tm.Minute())), nil
	case unitSecond:
		return i2v(int64(tm.Second())), nil
	case unitMillisecond:
		return i2v(int64(tm.Second())*1000 + int64(tm.Nanosecond())/1e6), nil
	case unitMicrosecond:
		return i2v(int64(tm.Second())*1e6 + int64(tm.Nanosecond())/1e3), nil
	case unitDOW:
		return i2v(int64(tm.Weekday())), nil
	case unitISODOW:
		d := int64(tm.Weekday())
		if d == 0 {
			d = 7
		}
		return i2v(d), nil
	case unitDOY:
		return i2v(int64(tm.YearDay())), nil
	case unitISOYear:
		iy, _ := tm.ISOWeek()
		return i2v(int64(iy)), nil
	case unitYearWeek:
		iy, w := tm.ISOWeek()
		return i2v(int64(iy)*100 + int64(w)), nil
	case unitEpoch:
		return f2v(float64(us) / 1e6), nil
	case unitEra:
		if y > 0 {
			return i2v(1), nil
		}
		return i2v(0), nil
	case unitJulian:
		return f2v(float64(us)/float64(microsPerDay) + 2440588), nil
	}
	return types.Value{}, fmt.Errorf("%w: no such date part", ErrArgs)
}

// intervalPart is DATE_PART of an interval, as DuckDB takes each part
// from the one it is kept in: 36 hours has day 0 and hour 36, and 1 day
// 12 hours has day 1 and hour 12.
func intervalPart(u dateUnit, iv types.Value) (types.Value, error) {
	months, days, us := iv.Months(), iv.Days(), iv.Micros()
	switch u {
	case unitMillennium:
		return i2v(months / 12000), nil
	case unitCentury:
		return i2v(months / 1200), nil
	case unitDecade:
		return i2v(months / 120), nil
	case unitYear:
		return i2v(months / 12), nil
	case unitQuarter:
		return i2v(months%12/3 + 1), nil
	case unitMonth:
		return i2v(months % 12), nil
	case unitDay:
		return i2v(days), nil
	case unitHour:
		return i2v(us / 3600e6), nil
	case unitMinute:
		return i2v(us % 3600e6 / 60e6), nil
	case unitSecond:
		return i2v(us % 60e6 / 1e6), nil
	case unitMillisecond:
		return i2v(us % 60e6 / 1e3), nil
	case unitMicrosecond:
		return i2v(us % 60e6), nil
	case unitEpoch:
		// A year is 365.25 days, a month 30.
		years := months / 12
		secs := ((years*365+months%12*30+days)*86400 + years*86400/4)
		return f2v(float64(secs) + float64(us)/1e6), nil
	}
	return types.Value{}, fmt.Errorf("%w: an interval has no such part", ErrArgs)
}

func bindDatePart(consts []*types.Value) (Eval, error) {
	unit, err := bindUnit(consts, 0)
	if err != nil {
		return nil, err
	}
	return func(a []types.Value) (types.Value, error) {
		u, err := unit(a[0])
		if err != nil {
			return types.Value{}, err
		}
		if a[1].K == types.Interval {
			return intervalPart(u, a[1])
		}
		if a[1].K == types.String {
			// The fields of a text in the plain spelling, read as they
			// are (ClickBench's EXTRACT(minute FROM EventTime)).
			if k, ok := plainField[u]; ok {
				if f, ok := types.PlainTimestamp(a[1].S); ok {
					return i2v(int64(f[k])), nil
				}
			}
		}
		t, err := timeArg(a[1])
		if err != nil {
			return types.Value{}, err
		}
		return datePart(u, t)
	}, nil
}

// plainField is the field of types.PlainTimestamp that each of these
// units is.
var plainField = map[dateUnit]int{unitYear: 0, unitMonth: 1, unitDay: 2, unitHour: 3, unitMinute: 4, unitSecond: 5}

// truncate is DATE_TRUNC(u, t) as microseconds.
func truncate(u dateUnit, t types.Value) (int64, error) {
	us := micros(t)
	day := floorDiv(us, microsPerDay)
	tm := time.UnixMicro(us).UTC()
	ymd := func(y, m, d int) int64 {
		return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).UnixMicro()
	}
	y := tm.Year()
	switch u {
	case unitMillennium:
		return ymd(int(floorDiv(int64(y), 1000)*1000), 1, 1), nil
	case unitCentury:
		return ymd(int(floorDiv(int64(y), 100)*100), 1, 1), nil
	case unitDecade:
		return ymd(int(floorDiv(int64(y), 10)*10), 1, 1), nil
	case unitYear:
		return ymd(y, 1, 1), nil
	case unitQuarter:
		return ymd(y, (int(tm.Month())-1)/3*3+1, 1), nil
	case unitMonth:
		return ymd(y, int(tm.Month()), 1), nil
	case unitWeek, unitYearWeek:
		wd := (int64(tm.Weekday()) + 6) % 7 // Monday 0
		return (day - wd) * microsPerDay, nil
	case unitISOYear:
		iy, _ := tm.ISOWeek()
		jan4 := time.Date(iy, 1, 4, 0, 0, 0, 0, time.UTC)
		wd := (int64(jan4.Weekday()) + 6) % 7
		return jan4.UnixMicro() - wd*microsPerDay, nil
	case unitDay, unitDOW, unitISODOW, unitDOY:
		return day * microsPerDay, nil
	case unitHour:
		return floorDiv(us, 3600e6) * 3600e6, nil
	case unitMinute:
		return floorDiv(us, 60e6) * 60e6, nil
	case unitSecond:
		return floorDiv(us, 1e6) * 1e6, nil
	case unitMillisecond:
		return floorDiv(us, 1e3) * 1e3, nil
	case unitMicrosecond, unitEpoch:
		return us, nil
	}
	return 0, fmt.Errorf("%w: cannot truncate to that unit", ErrArgs)
}

func bindDateTrunc(consts []*types.Value) (Eval, error) {
	unit, err := bindUnit(consts, 0)
	if err != nil {
		return nil, err
	}
	return func(a []types.Value) (types.Value, error) {
		u, err := unit(a[0])
		if err != nil {
			return types.Value{}, err
		}
		t, err := timeArg(a[1])
		if err != nil {
			return types.Value{}, err
		}
		us, err := truncate(u, t)
		if err != nil {
			return types.Value{}, err
		}
		return types.TimestampValue(us), nil
	}, nil
}

func intervalArg(v types.Value) (types.Value, error) {
	if v.K == types.Interval {
		return v, nil
	}
	return types.Value{}, fmt.Errorf("%w: %s %s is not an interval", ErrArgs, v.K, quote(v))
}

// dateAddFn is DATE_ADD(t, interval) (and with neg DATE_SUB): a
// TIMESTAMP, as DuckDB's date_add.
func dateAddFn(neg bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		t, err := timeArg(a[0])
		if err != nil {
			return t, err
		}
		iv, err := intervalArg(a[1])
		if err != nil {
			return iv, err
		}
		return types.AddInterval(t, iv, neg), nil
	}
}

// dateSubFn is MySQL's DATE_SUB(t, interval) with two arguments, DuckDB's
// date_sub(unit, start, end) with three: the whole units from start to end.
func dateSubFn(a []types.Value) (types.Value, error) {
	if len(a) == 2 {
		return dateAddFn(true)(a)
	}
	u, su, eu, err := unitSpan(a)
	if err != nil {
		return types.Value{}, err
	}
	switch u {
	case unitYear, unitQuarter, unitMonth, unitDecade, unitCentury, unitMillennium:
		// The whole months from the earlier end to the later, negative
		// when start is the later, as DuckDB counts them: from 2021-02-28
		// back to 2020-12-31 is -2, as forward it is 2.
		sign := int64(1)
		if su > eu {
			su, eu, sign = eu, su, -1
		}
		ts, te := time.UnixMicro(su).UTC(), time.UnixMicro(eu).UTC()
		m := int64(te.Year()-ts.Year())*12 + int64(te.Month()-ts.Month())
		if at := types.AddInterval(types.TimestampValue(su), types.IntervalValue(m, 0, 0), false).I; m > 0 && at > eu {
			m--
		}
		div := map[dateUnit]int64{unitYear: 12, unitQuarter: 3, unitMonth: 1, unitDecade: 120, unitCentury: 1200, unitMillennium: 12000}[u]
		return i2v(sign * (m / div)), nil
	}
	d, ok := unitMicros(u)
	if !ok {
		return types.Value{}, fmt.Errorf("%w: DATE_SUB has no unit %q", ErrArgs, text(a[0]))
	}
	return i2v((eu - su) / d), nil
}

// unitSpan reads the (unit, start, end) arguments of DuckDB's three-argument
// DATE_SUB and DATEDIFF: the unit and both ends in microseconds.
func unitSpan(a []types.Value) (u dateUnit, start, end int64, err error) {
	if u, err = parseUnit(text(a[0])); err != nil {
		return u, 0, 0, err
	}
	s, err := timeArg(a[1])
	if err != nil {
		return u, 0, 0, err
	}
	e, err := timeArg(a[2])
	if err != nil {
		return u, 0, 0, err
	}
	return u, micros(s), micros(e), nil
}

// unitMicros is the length of a fixed unit in microseconds.
func unitMicros(u dateUnit) (int64, bool) {
	switch u {
	case unitWeek:
		return 7 * microsPerDay, true
	case unitDay, unitDOW, unitISODOW, unitDOY:
		return microsPerDay, true
	case unitHour:
		return 3600e6, true
	case unitMinute:
		return 60e6, true
	case unitSecond:
		return 1e6, true
	case unitMillisecond:
		return 1e3, true
	case unitMicrosecond:
		return 1, true
	}
	return 0, false
}

// dateDiffFn: DATEDIFF(a, b) is MySQL's a - b in days (dates only);
// DATEDIFF(unit, start, end) is DuckDB's count of unit boundaries crossed
// from start to end (weeks: whole 7-day spans of the day count).
func dateDiffFn(a []types.Value) (types.Value, error) {
	if len(a) == 2 {
		x, err := timeArg(a[0])
		if err != nil {
			return x, err
		}
		y, err := timeArg(a[1])
		if err != nil {
			return y, err
		}
		return i2v(floorDiv(micros(x), microsPerDay) - floorDiv(micros(y), microsPerDay)), nil
	}
	u, su, eu, err := unitSpan(a)
	if err != nil {
		return types.Value{}, err
	}
	ts, te := time.UnixMicro(su).UTC(), time.UnixMicro(eu).UTC()
	years := int64(te.Year() - ts.Year())
	switch u {
	case unitYear:
		return i2v(years), nil
	case unitISOYear:
		iy1, _ := ts.ISOWeek()
		iy2, _ := te.ISOWeek()
		return i2v(int64(iy2 - iy1)), nil
	case unitDecade:
		return i2v(floorDiv(int64(te.Year()), 10) - floorDiv(int64(ts.Year()), 10)), nil
	case unitCentury:
		return i2v(floorDiv(int64(te.Year()), 100) - floorDiv(int64(ts.Year()), 100)), nil
	case unitMillennium:
		return i2v(floorDiv(int64(te.Year()), 1000) - floorDiv(int64(ts.Year()), 1000)), nil
	case unitQuarter:
		return i2v(years*4 + int64((te.Month()-1)/3) - int64((ts.Month()-1)/3)), nil
	case unitMonth:
		return i2v(years*12 + int64(te.Month()) - int64(ts.Month())), nil
	case unitWeek:
		return i2v((floorDiv(eu, microsPerDay) - floorDiv(su, microsPerDay)) / 7), nil
	}
	d, ok := unitMicros(u)
	if !ok {
		return types.Value{}, fmt.Errorf("%w: DATEDIFF has no unit %q", ErrArgs, text(a[0]))
	}
	return i2v(floorDiv(eu, d) - floorDiv(su, d)), nil
}

// strptimeFn parses s by a strptime format, as DuckDB's strptime (try:
// NULL instead of the error when s does not fit).
func strptimeFn(try bool) func(a []types.Value) (types.Value, error) {
	return func(a []types.Value) (types.Value, error) {
		t, err := strptime(text(a[0]), text(a[1]))
		if err != nil {
			if try {
				return types.Value{}, nil
			}
			return types.Value{}, fmt.Errorf("%w: STRPTIME: cannot read %q by the format %q: %v", types.ErrConvert, text(a[0]), text(a[1]), err)
		}
		return types.TimestampValue(t.UnixMicro()), nil
	}
}

// strptime reads s by format: %Y %m %d %H %M %S %f (a fraction of up to 6
// digits) %y (2000s below 69) %b %B (month names) %p and %I (12-hour) %j
// (day of the year) and %%; a space matches any run of spaces, and any
// other byte itself. The whole of s must be read (but trailing spaces),
// and the date must exist.
func strptime(s, format string) (time.Time, error) {
	year, month, day, hour, minute, sec, micro, yday := 1900, 1, 1, 0, 0, 0, 0, 0
	pm, twelve := -1, false
	num := func(min, max int) (int, error) {
		s = strings.TrimLeft(s, " \t\n\r") // as DuckDB, before a number
		n, i := 0, 0
		for i < max && i < len(s) && '0' <= s[i] && s[i] <= '9' {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i < min {
			return 0, fmt.Errorf("a number expected at %q", s)
		}
		s = s[i:]
		return n, nil
	}
	name := func(names []string) (int, error) {
		for i, n := range names {
			for _, cand := range []string{n, n[:min(3, len(n))]} {
				if len(s) >= len(cand) && strings.EqualFold(s[:len(cand)], cand) {
					s = s[len(cand):]
					return i, nil
				}
			}
		}
		return 0, fmt.Errorf("a name expected at %q", s)
	}
	var err error
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == ' ' { // a space matches any run of spaces, as in DuckDB
			s = strings.TrimLeft(s, " \t\n\r")
			continue
		}
		if c != '%' || i+1 == len(format) {
			if len(s) == 0 || s[0] != c {
				return time.Time{}, fmt.Errorf("%q expected at %q", string(c), s)
			}
			s = s[1:]
			continue
		}
		i++
		switch format[i] {
		case 'Y':
			year, err = num(1, 4)
		case 'y':
			if year, err = num(2, 2); year < 69 {
				year += 2000
			} else {
				year += 1900
			}
		case 'm':
			month, err = num(1, 2)
		case 'd', 'e':
			day, err = num(1, 2)
		case 'H':
			hour, err = num(1, 2)
		case 'I':
			hour, err = num(1, 2)
			twelve = true
		case 'M':
			minute, err = num(1, 2)
		case 'S':
			sec, err = num(1, 2)
		case 'f':
			n := len(strings.TrimLeft(s, " \t\n\r"))
			if micro, err = num(1, 6); err == nil {
				for d := n - len(s); d < 6; d++ {
					micro *= 10
				}
			}
		case 'j':
			yday, err = num(1, 3)
		case 'b', 'B', 'h':
			var m int
			m, err = name(months)
			month = m + 1
		case 'a', 'A':
			_, err = name(weekdays)
		case 'p':
			var p int
			p, err = name([]string{"AM", "PM"})
			pm = p
		case '%':
			if len(s) == 0 || s[0] != '%' {
				err = fmt.Errorf("%% expected at %q", s)
			} else {
				s = s[1:]
			}
		default:
			return time.Time{}, fmt.Errorf("%w: the format specifier %%%c is not supported", ErrArgs, format[i])
		}
		if err != nil {
			return time.Time{}, err
		}
	}
	if strings.TrimRight(s, " \t\n\r") != "" { // trailing spaces are ignored, as in DuckDB
		return time.Time{}, fmt.Errorf("%q left over", s)
	}
	if twelve || pm >= 0 {
		if hour < 1 || hour > 12 {
			return time.Time{}, fmt.Errorf("no hour %d on a 12-hour clock", hour)
		}
		hour %= 12
		if pm == 1 {
			hour += 12
		}
	}
	if yday > 0 {
		month, day = 1, yday
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, micro*1000, time.UTC)
	if t.Year() != year || (yday == 0 && (int(t.Month()) != month || t.Day() != day)) || yday > 0 && t.YearDay() != yday ||
		t.Hour() != hour || t.Minute() != minute || t.Second() != sec {
		return time.Time{}, fmt.Errorf("no such date or time")
	}
	return t, nil
}

// nameFn is a function of a date or timestamp that names a part of it.
func nameFn(name string, of func(time.Time) string) func(a []types.Value) (types.Value, error) {
	return func(a []types.Value) (types.Value, error) {
		v, err := timeArg(a[0])
		if err != nil {
			return types.Value{}, fmt.Errorf("%s: %w", name, err)
		}
		return s2v(of(v.Time())), nil
	}
}

func lastDayFn(a []types.Value) (types.Value, error) {
	v, err := timeArg(a[0])
	if err != nil {
		return types.Value{}, fmt.Errorf("LAST_DAY: %w", err)
	}
	return types.DateValue(floorDiv(lastDayOf(v).UnixMicro(), microsPerDay)), nil
}

// lastDayOf is the last day of the month of the date or timestamp v.
func lastDayOf(v types.Value) time.Time {
	y, m, _ := v.Time().Date()
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC) // day 0 of the next month
}

func daysInMonthFn(a []types.Value) (types.Value, error) {
	v, err := timeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	return i2v(int64(lastDayOf(v).Day())), nil
}

func makeDateFn(a []types.Value) (types.Value, error) {
	var n [3]int64
	for i := range n {
		var err error
		if n[i], err = intArg(a[i], "date part"); err != nil {
			return types.Value{}, err
		}
	}
	if n[1] < 1 || n[1] > 12 || n[2] < 1 || n[2] > 31 || n[0] < -290000 || n[0] > 290000 {
		return types.Value{}, fmt.Errorf("%w: no date %d-%d-%d", types.ErrConvert, n[0], n[1], n[2])
	}
	t := time.Date(int(n[0]), time.Month(n[1]), int(n[2]), 0, 0, 0, 0, time.UTC)
	if t.Day() != int(n[2]) {
		return types.Value{}, fmt.Errorf("%w: no date %d-%d-%d", types.ErrConvert, n[0], n[1], n[2])
	}
	return types.DateValue(floorDiv(t.UnixMicro(), microsPerDay)), nil
}

// MakeInterval builds the interval of INTERVAL n unit. As DuckDB, n is
// truncated to a whole number of the unit (INTERVAL '1.5' DAY is one day)
// except for seconds and milliseconds, which keep their fraction; n may be
// an integer, a double or numeric text. Units: MICROSECOND, MILLISECOND,
// SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR, DECADE, CENTURY,
// MILLENNIUM, in the singular or plural, in any case.
func MakeInterval(n types.Value, unit string) (types.Value, error) {
	if n.K == types.Null {
		return n, nil
	}
	f, err := floatArg(n)
	if err != nil {
		return types.Value{}, fmt.Errorf("INTERVAL: %w", err)
	}
	u, err := parseUnit(unit)
	if err != nil {
		return types.Value{}, fmt.Errorf("INTERVAL: %w", err)
	}
	exact := n.K == types.Int
	whole := func() int64 {
		if exact {
			return n.I
		}
		return int64(math.Trunc(f))
	}
	var months, days, us int64
	switch u {
	case unitMillennium:
		months = whole() * 12000
	case unitCentury:
		months = whole() * 1200
	case unitDecade:
		months = whole() * 120
	case unitYear:
		months = whole() * 12
	case unitQuarter:
		months = whole() * 3
	case unitMonth:
		months = whole()
	case unitWeek:
		days = whole() * 7
	case unitDay:
		days = whole()
	case unitHour:
		us = whole() * 3600e6
	case unitMinute:
		us = whole() * 60e6
	case unitSecond:
		if exact {
			us = n.I * 1e6
		} else {
			us = int64(math.Round(f * 1e6))
		}
	case unitMillisecond:
		if exact {
			us = n.I * 1e3
		} else {
			us = int64(math.Round(f * 1e3))
		}
	case unitMicrosecond:
		us = whole()
	default:
		return types.Value{}, fmt.Errorf("INTERVAL: %w: %q is not an interval unit", ErrArgs, unit)
	}
	return types.IntervalValue(months, days, us), nil
}

// A format is a compiled strftime or DATE_FORMAT format: literal text and
// fields.
type format []fmtItem

type fmtItem struct {
	lit  string
	code byte // 0 for a literal
	pad  bool // zero padded (strftime's %-x turns it off)
}

var (
	weekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	months   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// parseStrftime compiles a DuckDB strftime format.
func parseStrftime(f string) (format, error) {
	var out format
	var lit strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		if i+1 >= len(f) {
			return nil, fmt.Errorf("%w: format %q ends with %%", ErrArgs, f)
		}
		i++
		pad := true
		if f[i] == '-' && i+1 < len(f) {
			pad = false
			i++
		}
		c = f[i]
		switch c {
		case '%':
			lit.WriteByte('%')
			continue
		case 'c':
			if lit.Len() > 0 {
				out = append(out, fmtItem{lit: lit.String()})
				lit.Reset()
			}
			sub, _ := parseStrftime("%Y-%m-%d %H:%M:%S")
			out = append(out, sub...)
			continue
		case 'x':
			if lit.Len() > 0 {
				out = append(out, fmtItem{lit: lit.String()})
				lit.Reset()
			}
			sub, _ := parseStrftime("%Y-%m-%d")
			out = append(out, sub...)
			continue
		case 'X', 'T':
			if lit.Len() > 0 {
				out = append(out, fmtItem{lit: lit.String()})
				lit.Reset()
			}
			sub, _ := parseStrftime("%H:%M:%S")
			out = append(out, sub...)
			continue
		case 'a', 'A', 'b', 'B', 'h', 'd', 'f', 'g', 'G', 'H', 'I', 'j', 'm', 'M', 'n', 'p', 'S', 'u', 'U', 'V', 'w', 'W', 'y', 'Y', 'z', 'Z':
		default:
			return nil, fmt.Errorf("%w: unrecognized format for strftime: %%%c", ErrArgs, c)
		}
		if lit.Len() > 0 {
			out = append(out, fmtItem{lit: lit.String()})
			lit.Reset()
		}
		if c == 'h' {
			c = 'b'
		}
		out = append(out, fmtItem{code: c, pad: pad})
	}
	if lit.Len() > 0 {
		out = append(out, fmtItem{lit: lit.String()})
	}
	return out, nil
}

// mysqlCodes maps DATE_FORMAT's codes to strftime's (with padding), where
// they mean the same.
var mysqlCodes = map[byte]fmtItem{
	'a': {code: 'a'}, 'b': {code: 'b'}, 'c': {code: 'm'}, 'd': {code: 'd', pad: true}, 'e': {code: 'd'},
	'f': {code: 'f', pad: true}, 'H': {code: 'H', pad: true}, 'h': {code: 'I', pad: true}, 'I': {code: 'I', pad: true},
	'i': {code: 'M', pad: true}, 'j': {code: 'j', pad: true}, 'k': {code: 'H'}, 'l': {code: 'I'}, 'M': {code: 'B'},
	'm': {code: 'm', pad: true}, 'p': {code: 'p'}, 'S': {code: 'S', pad: true}, 's': {code: 'S', pad: true},
	'U': {code: 'U', pad: true}, 'u': {code: 'u', pad: true}, 'V': {code: 'V', pad: true}, 'v': {code: 'V', pad: true},
	'W': {code: 'A'}, 'w': {code: 'w'}, 'X': {code: 'G', pad: true}, 'x': {code: 'G', pad: true},
	'Y': {code: 'Y', pad: true}, 'y': {code: 'y', pad: true}, 'D': {code: 'D'},
}

// parseMySQLFormat compiles a MySQL DATE_FORMAT format; an unknown code
// stands for its letter, as in MySQL.
func parseMySQLFormat(f string) format {
	var out format
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, fmtItem{lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 >= len(f) {
			lit.WriteByte(c)
			continue
		}
		i++
		c = f[i]
		switch c {
		case 'T':
			flush()
			out = append(out, parseMySQLFormat("%H:%i:%s")...)
			continue
		case 'r':
			flush()
			out = append(out, parseMySQLFormat("%h:%i:%s %p")...)
			continue
		}
		it, ok := mysqlCodes[c]
		if !ok {
			lit.WriteByte(c)
			continue
		}
		if c == 'u' {
			it.code = 'u' | 0x80 // MySQL's week, Monday first
		}
		flush()
		out = append(out, it)
	}
	flush()
	return out
}

func appendNum(b []byte, n int64, width int, pad bool) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	if pad {
		for i := len(s); i < width; i++ {
			b = append(b, '0')
		}
	}
	return append(b, s...)
}

// appendFormat spells microseconds us by f.
func (f format) appendFormat(b []byte, us int64) []byte {
	tm := time.UnixMicro(us).UTC()
	for _, it := range f {
		if it.code == 0 {
			b = append(b, it.lit...)
			continue
		}
		switch it.code {
		case 'a':
			b = append(b, weekdays[tm.Weekday()][:3]...)
		case 'A':
			b = append(b, weekdays[tm.Weekday()]...)
		case 'b':
			b = append(b, months[tm.Month()-1][:3]...)
		case 'B':
			b = append(b, months[tm.Month()-1]...)
		case 'd':
			b = appendNum(b, int64(tm.Day()), 2, it.pad)
		case 'D':
			d := tm.Day()
			b = appendNum(b, int64(d), 0, false)
			switch {
			case d/10 == 1:
				b = append(b, "th"...)
			case d%10 == 1:
				b = append(b, "st"...)
			case d%10 == 2:
				b = append(b, "nd"...)
			case d%10 == 3:
				b = append(b, "rd"...)
			default:
				b = append(b, "th"...)
			}
		case 'f':
			b = appendNum(b, int64(tm.Nanosecond()/1000), 6, true)
		case 'g':
			b = appendNum(b, int64(tm.Nanosecond()/1e6), 3, true)
		case 'n':
			b = appendNum(b, int64(tm.Nanosecond()), 9, true)
		case 'G':
			iy, _ := tm.ISOWeek()
			b = appendNum(b, int64(iy), 4, it.pad)
		case 'H':
			b = appendNum(b, int64(tm.Hour()), 2, it.pad)
		case 'I':
			h := tm.Hour() % 12
			if h == 0 {
				h = 12
			}
			b = appendNum(b, int64(h), 2, it.pad)
		case 'j':
			b = appendNum(b, int64(tm.YearDay()), 3, it.pad)
		case 'm':
			b = appendNum(b, int64(tm.Month()), 2, it.pad)
		case 'M':
			b = appendNum(b, int64(tm.Minute()), 2, it.pad)
		case 'p':
			if tm.Hour() < 12 {
				b = append(b, "AM"...)
			} else {
				b = append(b, "PM"...)
			}
		case 'S':
			b = appendNum(b, int64(tm.Second()), 2, it.pad)
		case 'u':
			d := int64(tm.Weekday())
			if d == 0 {
				d = 7
			}
			b = appendNum(b, d, 1, false)
		case 'u' | 0x80:
			// MySQL's %u: the week, Monday first, week 1 the first with
			// four or more days of the year.
			iy, w := tm.ISOWeek()
			switch {
			case iy < tm.Year():
				w = 0
			case iy > tm.Year():
				_, w = time.Date(tm.Year(), 12, 24, 0, 0, 0, 0, time.UTC).ISOWeek()
				w++
			}
			b = appendNum(b, int64(w), 2, true)
		case 'U':
			b = appendNum(b, int64((tm.YearDay()-1+7-int(tm.Weekday()))/7), 2, it.pad)
		case 'W':
			b = appendNum(b, int64((tm.YearDay()-1+7-(int(tm.Weekday())+6)%7)/7), 2, it.pad)
		case 'V':
			_, w := tm.ISOWeek()
			b = appendNum(b, int64(w), 2, it.pad)
		case 'w':
			b = appendNum(b, int64(tm.Weekday()), 1, false)
		case 'y':
			b = appendNum(b, int64(tm.Year()%100), 2, it.pad)
		case 'Y':
			b = appendNum(b, int64(tm.Year()), 4, it.pad)
		case 'z':
			b = append(b, "+00"...)
		case 'Z':
		}
	}
	return b
}

// bindStrftime binds STRFTIME (DuckDB's codes; either argument order, as
// DuckDB accepts both) or, with mysql, DATE_FORMAT (MySQL's codes).
func bindStrftime(mysql bool) func([]*types.Value) (Eval, error) {
	compile := func(f string) (format, error) {
		if mysql {
			return parseMySQLFormat(f), nil
		}
		return parseStrftime(f)
	}
	return func(consts []*types.Value) (Eval, error) {
		// Which argument is the format: the second, unless the first is a
		// constant with a % and the second is not.
		fi := 1
		if !mysql {
			s0, ok0 := constString(consts, 0)
			s1, ok1 := constString(consts, 1)
			if ok0 && consts[0].K == types.String && strings.Contains(s0, "%") && !(ok1 && consts[1].K == types.String && strings.Contains(s1, "%")) {
				fi = 0
			}
		}
		var fixed format
		if s, ok := constString(consts, fi); ok {
			f, err := compile(s)
			if err != nil {
				return nil, err
			}
			fixed = f
		}
		return func(a []types.Value) (types.Value, error) {
			fi := fi
			if !mysql && fixed == nil && (a[0].K == types.String && a[1].K != types.String || a[0].K == types.String && strings.Contains(a[0].S, "%") && !strings.Contains(a[1].S, "%")) {
				fi = 0
			}
			f := fixed
			if f == nil {
				var err error
				if f, err = compile(text(a[fi])); err != nil {
					return types.Value{}, err
				}
			}
			t, err := timeArg(a[1-fi])
			if err != nil {
				return t, err
			}
			return s2v(string(f.appendFormat(nil, micros(t)))), nil
		}, nil
	}
}
