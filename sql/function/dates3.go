package function

import (
	"fmt"
	"math"
	"time"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's parts of a second and epochs in other units, and TO_TIMESTAMP.

func init() {
	// subMinute is t's time within its minute, in microseconds / per *
	// times.
	subMinute := func(name, summary string, per, times int64) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				const minute = 60_000_000
				if a[0].K == types.Interval {
					return i2v(a[0].Micros() % minute / per * times), nil
				}
				t, err := timeArg(a[0])
				if err != nil {
					return types.Value{}, err
				}
				return i2v((micros(t)%minute + minute) % minute / per * times), nil
			},
			Signature: name + "(t)", Summary: summary}
	}
	epoch := func(name, summary string, times int64) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				t := a[0]
				var us int64
				var err error
				if t.K == types.Interval {
					us, err = intervalMicros(t)
				} else if t, err = timeArg(t); err == nil {
					us = micros(t)
				}
				if err != nil {
					return types.Value{}, err
				}
				if us > math.MaxInt64/times || us < math.MinInt64/times {
					return types.Value{}, fmt.Errorf("%w: %s of %s is beyond a BIGINT", types.ErrConvert, name, quote(t))
				}
				return i2v(us * times), nil
			},
			Signature: name + "(t)", Summary: summary}
	}
	register(
		subMinute("MILLISECOND", "The milliseconds of t within its minute, 0 to 59999 (its seconds included, as DuckDB's).", 1000, 1),
		subMinute("MICROSECOND", "The microseconds of t within its minute, 0 to 59999999 (its seconds included, as DuckDB's).", 1, 1),
		subMinute("NANOSECOND", "The nanoseconds of t within its minute, 0 to 59999999000 (its seconds included, as DuckDB's; a TIMESTAMP holds microseconds).", 1, 1000),
		&Scalar{Name: "JULIAN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: julianFn,
			Signature: "JULIAN(t)", Summary: "The Julian day of t, a DOUBLE: 2440588 at 1970-01-01, with the fraction of a day that a timestamp's time is."},
		epoch("EPOCH_US", "t as microseconds since 1970-01-01 00:00:00 UTC (BIGINT); an interval's length in microseconds, a month as 30 days.", 1),
		epoch("EPOCH_NS", "t as nanoseconds since 1970-01-01 00:00:00 UTC (BIGINT); an interval's length in nanoseconds, a month as 30 days.", 1000),
		&Scalar{Name: "AGE", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: ageFn,
			Signature: "AGE(t1, t2)",
			Summary:   "The interval from t2 to t1 in years, months, days and time, each part borrowed from the next as DuckDB's (a day borrows the days of t2's month; t1's when t1 is earlier)."},
		&Scalar{Name: "TO_TIMESTAMP", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: toTimestampFn,
			Signature: "TO_TIMESTAMP(seconds)",
			Summary:   "The TIMESTAMP (UTC) seconds after 1970-01-01 00:00:00, to the microsecond (DuckDB's is WITH TIME ZONE, shown in its zone)."},
	)
}

// julianEpoch is the Julian day of 1970-01-01.
const julianEpoch = 2440588

// julianFn is DuckDB's JULIAN: the Julian day of t's day (Date's
// ExtractJulianDay) plus its time as a fraction of a day.
func julianFn(a []types.Value) (types.Value, error) {
	t, err := timeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	us := micros(t)
	day := floorDiv(us, microsPerDay)
	return f2v(float64(us-day*microsPerDay)/microsPerDay + float64(day+julianEpoch)), nil
}

func toTimestampFn(a []types.Value) (types.Value, error) {
	v := a[0]
	if v.K == types.String {
		n, ok := types.ParseNumber(v.S)
		if !ok {
			return types.Value{}, fmt.Errorf("%w: TO_TIMESTAMP of %s, which is no number", types.ErrConvert, quote(v))
		}
		v = n
	}
	var s float64
	switch v.K {
	case types.Int:
		s = float64(v.I)
	case types.Float:
		s = v.F()
	default:
		return types.Value{}, fmt.Errorf("%w: TO_TIMESTAMP takes seconds, not %s %s", ErrArgs, v.K, quote(v))
	}
	us := math.Round(s * 1e6)
	if math.IsNaN(us) || us >= math.MaxInt64 || us <= -math.MaxInt64 {
		return types.Value{}, fmt.Errorf("%w: TO_TIMESTAMP(%s) is beyond the timestamps", types.ErrConvert, quote(a[0]))
	}
	return types.TimestampValue(int64(us)), nil
}

// ageFn is AGE(t1, t2): t1 - t2 part by part (years, months, days, hours,
// minutes, seconds, microseconds), a negative part borrowed from the one
// above it, as DuckDB (and PostgreSQL) count it; when t1 is the earlier,
// the parts are counted the other way round and the result negated.
func ageFn(a []types.Value) (types.Value, error) {
	t1, err := timeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	t2, err := timeArg(a[1])
	if err != nil {
		return types.Value{}, err
	}
	u1, u2 := micros(t1), micros(t2)
	a1, a2 := time.UnixMicro(u1).UTC(), time.UnixMicro(u2).UTC()
	neg := u1 < u2
	sign := int64(1)
	if neg {
		sign = -1
	}
	part := func(x, y int) int64 { return sign * int64(x-y) }
	years, months, days := part(a1.Year(), a2.Year()), part(int(a1.Month()), int(a2.Month())), part(a1.Day(), a2.Day())
	hours, mins, secs := part(a1.Hour(), a2.Hour()), part(a1.Minute(), a2.Minute()), part(a1.Second(), a2.Second())
	us := part(a1.Nanosecond()/1000, a2.Nanosecond()/1000)
	// The month whose days a day borrows: the earlier one's.
	from := a2
	if neg {
		from = a1
	}
	monthDays := int64(time.Date(from.Year(), from.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day())
	for ; us < 0; us += 1_000_000 {
		secs--
	}
	for ; secs < 0; secs += 60 {
		mins--
	}
	for ; mins < 0; mins += 60 {
		hours--
	}
	for ; hours < 0; hours += 24 {
		days--
	}
	for ; days < 0; days += monthDays {
		months--
	}
	for ; months < 0; months += 12 {
		years--
	}
	clock := ((hours*60+mins)*60+secs)*1_000_000 + us
	return types.IntervalValue(sign*(years*12+months), sign*days, sign*clock), nil
}
