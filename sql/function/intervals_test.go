package function

import (
	"math"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TO_YEARS … TO_MICROSECONDS, the epochs and the parts of an interval,
// DuckDB 1.5.6's answers (duckq): each part kept where DuckDB keeps it.
func TestIntervalFunctions(t *testing.T) {
	check(t, []vector{
		{fn: "TO_HOURS", args: A(I(36)), want: IV(0, 0, 36*3600e6)},
		{fn: "TO_HOURS", args: A(N), want: N},
		{fn: "TO_HOURS", args: A(F(1.5)), err: ErrArgs},
		{fn: "TO_HOURS", args: A(I(math.MaxInt64 / 1000)), err: types.ErrOverflow},
		{fn: "TO_MINUTES", args: A(I(90)), want: IV(0, 0, 5400e6)},
		{fn: "TO_SECONDS", args: A(S("1.5")), want: IV(0, 0, 1500000)},
		{fn: "TO_SECONDS", args: A(F(-1.0000005)), want: IV(0, 0, -1000001)},
		{fn: "TO_SECONDS", args: A(F(1e300)), err: types.ErrOverflow},
		{fn: "TO_MILLISECONDS", args: A(F(2.5)), want: IV(0, 0, 2500)},
		{fn: "TO_MILLISECONDS", args: A(F(0.0005)), want: IV(0, 0, 0)},
		{fn: "TO_MICROSECONDS", args: A(I(7)), want: IV(0, 0, 7)},
		{fn: "TO_DAYS", args: A(I(2)), want: IV(0, 2, 0)},
		{fn: "TO_DAYS", args: A(I(3000000000)), err: types.ErrOverflow},
		{fn: "TO_DAYS", args: A(S("4")), err: ErrArgs},
		{fn: "TO_WEEKS", args: A(I(3)), want: IV(0, 21, 0)},
		{fn: "TO_MONTHS", args: A(I(14)), want: IV(14, 0, 0)},
		{fn: "TO_QUARTERS", args: A(I(3)), want: IV(9, 0, 0)},
		{fn: "TO_YEARS", args: A(I(2)), want: IV(24, 0, 0)},
		{fn: "TO_DECADES", args: A(I(1)), want: IV(120, 0, 0)},
		{fn: "TO_CENTURIES", args: A(I(1)), want: IV(1200, 0, 0)},
		{fn: "TO_MILLENNIA", args: A(I(-1)), want: IV(-12000, 0, 0)},
		{fn: "EPOCH_MS", args: A(IV(0, 1, -1)), want: I(86400000)},
		{fn: "EPOCH_US", args: A(IV(1, 1, 3600e6)), want: I(2682000000000)},
		{fn: "EPOCH_US", args: A(IV(math.MaxInt32, 0, math.MaxInt64)), err: types.ErrOverflow},
		{fn: "EPOCH_NS", args: A(IV(0, 0, 1e6)), want: I(1000000000)},
		{fn: "EPOCH", args: A(IV(12, 0, 0)), want: F(31557600)},
		{fn: "MICROSECOND", args: A(IV(0, 0, -90500000)), want: I(-30500000)},
		{fn: "MILLISECOND", args: A(IV(0, 0, 36*3600e6)), want: I(0)},
		{fn: "NANOSECOND", args: A(IV(0, 0, 1000002)), want: I(1000002000)},
		{fn: "YEAR", args: A(IV(30, 0, 0)), want: I(2)},
		{fn: "HOUR", args: A(IV(0, 0, 36*3600e6)), want: I(36)},
		{fn: "DAY", args: A(IV(0, 0, 36*3600e6)), want: I(0)},
		{fn: "DAYOFWEEK", args: A(IV(0, 3, 0)), err: ErrArgs},
	})
}
