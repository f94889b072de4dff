package function

import (
	"fmt"
	"math"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's TO_YEARS … TO_MICROSECONDS: a number of one unit as an
// interval, each kept in the part DuckDB keeps it in (months, days or
// microseconds).

func init() {
	// toMonths and toDays take an integer of 32 bits, as DuckDB's do,
	// and make that many months (or days) times per.
	to32 := func(name string, per int64, unit string, days bool) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				n, err := int32Arg(a[0], name)
				if err != nil {
					return types.Value{}, err
				}
				if days {
					return types.IntervalValue(0, n*per, 0), nil
				}
				return types.IntervalValue(n*per, 0, 0), nil
			},
			Signature: name + "(n)", Summary: "The interval of n " + unit + "."}
	}
	toMonths := func(name string, per int64, unit string) *Scalar { return to32(name, per, unit, false) }
	toDays := func(name string, per int64, unit string) *Scalar { return to32(name, per, unit, true) }
	// toMicros takes a BIGINT, or with frac a DOUBLE rounded to the
	// microsecond.
	toMicros := func(name string, per int64, unit string, frac bool) *Scalar {
		return &Scalar{Name: name, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				var us float64
				if frac {
					f, err := floatArg(a[0])
					if err != nil {
						return types.Value{}, fmt.Errorf("%s: %w", name, err)
					}
					us = math.RoundToEven(f * float64(per))
				} else {
					n, err := strictIntArg(a[0], name)
					if err != nil {
						return types.Value{}, err
					}
					if n > math.MaxInt64/per || n < math.MinInt64/per {
						return types.Value{}, fmt.Errorf("%w: %s(%d) is beyond an interval", types.ErrOverflow, name, n)
					}
					return types.IntervalValue(0, 0, n*per), nil
				}
				if math.IsNaN(us) || us < -9223372036854775808.0 || us >= 9223372036854775808.0 {
					return types.Value{}, fmt.Errorf("%w: %s(%s) is beyond an interval", types.ErrOverflow, name, quote(a[0]))
				}
				return types.IntervalValue(0, 0, int64(us)), nil
			},
			Signature: name + "(n)", Summary: "The interval of n " + unit + "."}
	}
	register(
		toMonths("TO_MILLENNIA", 12000, "millennia (12000 months each)"),
		toMonths("TO_CENTURIES", 1200, "centuries (1200 months each)"),
		toMonths("TO_DECADES", 120, "decades (120 months each)"),
		toMonths("TO_YEARS", 12, "years (12 months each)"),
		toMonths("TO_QUARTERS", 3, "quarters (3 months each)"),
		toMonths("TO_MONTHS", 1, "months"),
		toDays("TO_WEEKS", 7, "weeks (7 days each)"),
		toDays("TO_DAYS", 1, "days"),
		toMicros("TO_HOURS", 3600e6, "hours (kept as time: 36 hours is not 1 day 12 hours)", false),
		toMicros("TO_MINUTES", 60e6, "minutes", false),
		toMicros("TO_SECONDS", 1e6, "seconds, a DOUBLE rounded to the microsecond", true),
		toMicros("TO_MILLISECONDS", 1e3, "milliseconds, a DOUBLE rounded to the microsecond", true),
		toMicros("TO_MICROSECONDS", 1, "microseconds", false),
	)
}

// strictIntArg reads an integer argument where DuckDB takes only an
// integer: a DOUBLE or text is refused, not rounded.
func strictIntArg(v types.Value, name string) (int64, error) {
	if v.K != types.Int {
		return 0, fmt.Errorf("%w: %s takes an integer, not %s %s", ErrArgs, name, v.K, quote(v))
	}
	return v.I, nil
}

// int32Arg is strictIntArg within 32 bits, where DuckDB keeps the months
// and the days of an interval.
func int32Arg(v types.Value, name string) (int64, error) {
	n, err := strictIntArg(v, name)
	if err == nil && (n > math.MaxInt32 || n < math.MinInt32) {
		return 0, fmt.Errorf("%w: %s(%d) is beyond an interval's 32-bit months and days", types.ErrOverflow, name, n)
	}
	return n, err
}

// intervalMicros is an interval's length in microseconds, a month as 30
// days and a day as 24 hours (DuckDB's Interval::GetMicro), or an error
// when that is beyond a BIGINT.
func intervalMicros(iv types.Value) (int64, error) {
	total := types.IntValue(iv.Micros())
	for _, p := range [][2]int64{{iv.Months(), 30 * microsPerDay}, {iv.Days(), microsPerDay}} {
		part, err := types.Arith(types.Mul, types.IntValue(p[0]), types.IntValue(p[1]))
		if err == nil {
			total, err = types.Arith(types.Add, total, part)
		}
		if err != nil || total.K != types.Int {
			return 0, fmt.Errorf("%w: the interval %s in microseconds is beyond a BIGINT", types.ErrOverflow, quote(iv))
		}
	}
	return total.I, nil
}
