package function

import (
	"fmt"
	"math"

	"github.com/lakesql/lakesql/sql/types"
)

// More date functions: EPOCH_MS both ways, MAKE_TIMESTAMP, and the
// MILLENNIUM, CENTURY and DECADE parts of DATE_PART as functions of their
// own (of a date, a timestamp or an interval, as in DuckDB).

func init() {
	register(
		partFn("MILLENNIUM", "The millennium of t: 3 for 2001 to 3000 (DATE_PART('millennium', t)); of an interval, its whole thousands of years.", unitMillennium),
		partFn("CENTURY", "The century of t: 21 for 2001 to 2100 (DATE_PART('century', t)); of an interval, its whole hundreds of years.", unitCentury),
		partFn("DECADE", "The decade of t, its year divided by 10: 202 for 2020 to 2029 (DATE_PART('decade', t)); of an interval, its whole tens of years.", unitDecade),
		&Scalar{Name: "EPOCH_MS", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: epochMsFn,
			Signature: "EPOCH_MS(x)",
			Summary:   "Of an integer, the TIMESTAMP x milliseconds after 1970-01-01 00:00:00; of a date or timestamp, its milliseconds since then (BIGINT, truncated toward zero); of an interval, its length in milliseconds, a month as 30 days."},
		&Scalar{Name: "MAKE_TIMESTAMP", MinArgs: 1, MaxArgs: 6, NullIn: true, Bind: bindMakeTimestamp,
			Signature: "MAKE_TIMESTAMP(year, month, day, hour, minute, second) | MAKE_TIMESTAMP(micros)",
			Summary:   "The TIMESTAMP of those parts (second a DOUBLE, rounded to the microsecond; 24:00:00 and a 60th second roll over, as in DuckDB), or micros microseconds after 1970-01-01 00:00:00."},
	)
}

func epochMsFn(a []types.Value) (types.Value, error) {
	v := a[0]
	if v.K == types.String {
		if t, ok := types.ParseTime(v.S); ok {
			v = t
		} else if n, ok := types.ParseNumber(v.S); ok && n.K == types.Int {
			v = n
		}
	}
	switch v.K {
	case types.Date, types.Timestamp:
		return i2v(micros(v) / 1000), nil // toward zero, as DuckDB
	case types.Interval:
		// DuckDB's Interval::GetMilli: the microseconds truncated alone.
		whole, err := intervalMicros(types.IntervalValue(v.Months(), v.Days(), 0))
		if err != nil {
			return types.Value{}, err
		}
		return i2v(whole/1000 + v.Micros()/1000), nil
	case types.Int:
		if v.I > math.MaxInt64/1000 || v.I < math.MinInt64/1000 {
			return types.Value{}, fmt.Errorf("%w: %d milliseconds are beyond the timestamps", types.ErrConvert, v.I)
		}
		return types.TimestampValue(v.I * 1000), nil
	case types.Huge:
		return types.Value{}, fmt.Errorf("%w: %s milliseconds are beyond the timestamps", types.ErrConvert, quote(v))
	}
	return types.Value{}, fmt.Errorf("%w: %s %s is neither an integer nor a date or timestamp", ErrArgs, v.K, quote(v))
}

// bindMakeTimestamp takes the two forms: 6 parts, or microseconds.
func bindMakeTimestamp(consts []*types.Value) (Eval, error) {
	switch len(consts) {
	case 1:
		return microsTimestampFn, nil
	case 6:
		return makeTimestampFn, nil
	}
	return nil, fmt.Errorf("%w: MAKE_TIMESTAMP takes 1 or 6 arguments, not %d", ErrArgs, len(consts))
}

func microsTimestampFn(a []types.Value) (types.Value, error) {
	us, err := wholeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	if us >= math.MaxInt64 || us <= -math.MaxInt64 {
		return types.Value{}, fmt.Errorf("%w: timestamp microseconds out of range: %d", types.ErrConvert, us)
	}
	return types.TimestampValue(us), nil
}

// makeTimestampFn is DuckDB's MAKE_TIMESTAMP. Its time part follows
// DuckDB's MakeTime: the whole seconds are the second truncated (rounded
// when it is outside [0, 60]), the microseconds the rest rounded half away
// from zero; the time is valid with an hour of 0 to 23, minutes 0 to 59,
// seconds 0 to 60 and microseconds 0 to 1,000,000 (so 60.4 seconds is a
// minute and 0.4 seconds), or exactly 24:00:00.
func makeTimestampFn(a []types.Value) (types.Value, error) {
	d, err := makeDateFn(a[:3])
	if err != nil {
		return types.Value{}, err
	}
	h, err := intArg(a[3], "hour")
	if err != nil {
		return types.Value{}, err
	}
	m, err := intArg(a[4], "minute")
	if err != nil {
		return types.Value{}, err
	}
	ss, err := floatArg(a[5])
	if err != nil {
		return types.Value{}, err
	}
	bad := fmt.Errorf("%w: time out of range: %d:%d:%v", types.ErrConvert, h, m, ss)
	if math.IsNaN(ss) || math.Abs(ss) > math.MaxInt32 {
		return types.Value{}, bad
	}
	s := math.Trunc(ss)
	if ss < 0 || ss > 60 {
		s = math.RoundToEven(ss)
	}
	us := int64(math.Round((ss - s) * 1e6))
	sec := int64(s)
	switch {
	case h == 24:
		if m != 0 || sec != 0 || us != 0 {
			return types.Value{}, bad
		}
	case h < 0 || h > 24 || m < 0 || m >= 60 || sec < 0 || sec > 60 || us < 0 || us > 1e6:
		return types.Value{}, bad
	}
	return types.TimestampValue(d.I*microsPerDay + ((h*60+m)*60+sec)*1e6 + us), nil
}
