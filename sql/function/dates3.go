package function

import (
	"fmt"
	"math"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's parts of a second and epochs in other units, and TO_TIMESTAMP.

func init() {
	subMinute := func(name, summary string, per int64) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				t, err := timeArg(a[0])
				if err != nil {
					return types.Value{}, err
				}
				const minute = 60_000_000
				return i2v((micros(t)%minute + minute) % minute / per), nil
			},
			Signature: name + "(t)", Summary: summary}
	}
	epoch := func(name, summary string, times int64) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				t, err := timeArg(a[0])
				if err != nil {
					return types.Value{}, err
				}
				us := micros(t)
				if us > math.MaxInt64/times || us < math.MinInt64/times {
					return types.Value{}, fmt.Errorf("%w: %s of %s is beyond a BIGINT", types.ErrConvert, name, quote(t))
				}
				return i2v(us * times), nil
			},
			Signature: name + "(t)", Summary: summary}
	}
	register(
		subMinute("MILLISECOND", "The milliseconds of t within its minute, 0 to 59999 (its seconds included, as DuckDB's).", 1000),
		subMinute("MICROSECOND", "The microseconds of t within its minute, 0 to 59999999 (its seconds included, as DuckDB's).", 1),
		epoch("EPOCH_US", "t as microseconds since 1970-01-01 00:00:00 UTC (BIGINT).", 1),
		epoch("EPOCH_NS", "t as nanoseconds since 1970-01-01 00:00:00 UTC (BIGINT).", 1000),
		&Scalar{Name: "TO_TIMESTAMP", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: toTimestampFn,
			Signature: "TO_TIMESTAMP(seconds)",
			Summary:   "The TIMESTAMP (UTC) seconds after 1970-01-01 00:00:00, to the microsecond (DuckDB's is WITH TIME ZONE, shown in its zone)."},
	)
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
