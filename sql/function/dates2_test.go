package function

import (
	"math"
	"testing"
	"time"

	"github.com/lakesql/lakesql/sql/types"
)

// ymd is a DATE of any year (astronomical: year 0 is 1 BC), for the
// years ParseDate does not read.
func ymd(y, m, d int) types.Value {
	return types.DateValue(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// The expectations are DuckDB 1.5.6's answers to the same calls.
func TestMoreDates(t *testing.T) {
	check(t, []vector{
		{fn: "EPOCH_MS", args: A(I(0)), want: TS("1970-01-01 00:00:00")},
		{fn: "EPOCH_MS", args: A(I(1700000000123)), want: TS("2023-11-14 22:13:20.123")},
		{fn: "EPOCH_MS", args: A(I(-1)), want: TS("1969-12-31 23:59:59.999")},
		{fn: "EPOCH_MS", args: A(I(-62135596800000)), want: TS("0001-01-01 00:00:00")},
		{fn: "EPOCH_MS", args: A(I(9223372036854775)), want: types.TimestampValue(9223372036854775000)},
		{fn: "EPOCH_MS", args: A(I(9223372036854776)), err: types.ErrConvert},
		{fn: "EPOCH_MS", args: A(I(math.MaxInt64)), err: types.ErrConvert},
		{fn: "EPOCH_MS", args: A(I(-math.MaxInt64)), err: types.ErrConvert},
		{fn: "EPOCH_MS", args: A(TS("2024-01-01 00:00:01.5")), want: I(1704067201500)},
		{fn: "EPOCH_MS", args: A(TS("1969-12-31 23:59:59.9995")), want: I(0)}, // toward zero
		{fn: "EPOCH_MS", args: A(D("1969-12-31")), want: I(-86400000)},
		{fn: "EPOCH_MS", args: A(D("2024-01-01")), want: I(1704067200000)},
		{fn: "EPOCH_MS", args: A(S("2024-01-01")), want: I(1704067200000)},    // DuckDB: binder error
		{fn: "EPOCH_MS", args: A(S("1000")), want: TS("1970-01-01 00:00:01")}, // DuckDB: binder error
		{fn: "EPOCH_MS", args: A(F(1.5)), err: ErrArgs},
		{fn: "EPOCH_MS", args: A(N), want: N},

		{fn: "CENTURY", args: A(D("2024-05-01")), want: I(21)},
		{fn: "CENTURY", args: A(D("2000-12-31")), want: I(20)},
		{fn: "CENTURY", args: A(D("2001-01-01")), want: I(21)},
		{fn: "CENTURY", args: A(D("0001-01-01")), want: I(1)},
		{fn: "CENTURY", args: A(ymd(0, 12, 31)), want: I(-1)},  // 1 BC
		{fn: "CENTURY", args: A(ymd(-100, 6, 1)), want: I(-2)}, // 101 BC
		{fn: "CENTURY", args: A(ymd(-99, 6, 1)), want: I(-1)},  // 100 BC
		{fn: "CENTURY", args: A(TS("2024-05-01 10:00:00")), want: I(21)},
		{fn: "CENTURY", args: A(IV(300*12, 0, 0)), want: I(3)},
		{fn: "CENTURY", args: A(N), want: N},
		{fn: "MILLENNIUM", args: A(D("2024-05-01")), want: I(3)},
		{fn: "MILLENNIUM", args: A(D("2000-12-31")), want: I(2)},
		{fn: "MILLENNIUM", args: A(D("2001-01-01")), want: I(3)},
		{fn: "MILLENNIUM", args: A(ymd(-1245, 6, 1)), want: I(-2)}, // 1246 BC
		{fn: "MILLENNIUM", args: A(ymd(-1000, 6, 1)), want: I(-2)}, // 1001 BC
		{fn: "MILLENNIUM", args: A(ymd(-999, 6, 1)), want: I(-1)},  // 1000 BC
		{fn: "MILLENNIUM", args: A(IV(3000*12, 0, 0)), want: I(3)},
		{fn: "DECADE", args: A(D("2024-05-01")), want: I(202)},
		{fn: "DECADE", args: A(D("1999-12-31")), want: I(199)},
		{fn: "DECADE", args: A(TS("2024-05-01 10:00:00")), want: I(202)},
		{fn: "DECADE", args: A(ymd(0, 12, 31)), want: I(0)},
		{fn: "DECADE", args: A(ymd(-5, 6, 1)), want: I(0)},     // 6 BC
		{fn: "DECADE", args: A(ymd(-245, 6, 1)), want: I(-24)}, // 246 BC: toward zero
		{fn: "DATE_PART", args: A(S("decade"), ymd(-245, 6, 1)), want: I(-24)},
		{fn: "DECADE", args: A(IV(35*12, 0, 0)), want: I(3)},
		{fn: "DECADE", args: A(IV(119, 0, 0)), want: I(0)},
		{fn: "DECADE", args: A(S("2024-05-01")), want: I(202)}, // DuckDB: binder error
		{fn: "DECADE", args: A(I(5)), err: ErrArgs},

		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(5.5)), want: TS("2024-01-02 03:04:05.5")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), I(5)), want: TS("2024-01-02 03:04:05")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), I(60)), want: TS("2024-01-02 03:05:00")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(23), I(59), I(60)), want: TS("2024-01-03 00:00:00")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(12), I(31), I(24), I(0), I(0)), want: TS("2025-01-01 00:00:00")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(24), I(0), F(0.0000001)), want: TS("2024-01-03 00:00:00")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(60.4)), want: TS("2024-01-02 03:05:00.4")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(60.5)), want: TS("2024-01-02 03:05:00.5")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(59.9999999)), want: TS("2024-01-02 03:05:00")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(5.1234567)), want: TS("2024-01-02 03:04:05.123457")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(5.0000015)), want: TS("2024-01-02 03:04:05.000001")},
		{fn: "MAKE_TIMESTAMP", args: A(S("2024"), I(1), I(2), I(3), I(4), I(5)), want: TS("2024-01-02 03:04:05")},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(2), I(30), I(3), I(4), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(13), I(2), I(3), I(4), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(25), I(4), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(-1), I(4), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(60), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(-4), I(5)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), I(-1)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(-0.4)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(60.6)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(24), I(0), I(1)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), F(math.NaN())), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(1970), I(1), I(1), I(0), I(0), F(1e10)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2), I(3), I(4), N), want: N},
		{fn: "MAKE_TIMESTAMP", args: A(I(1700000000123456)), want: TS("2023-11-14 22:13:20.123456")},
		{fn: "MAKE_TIMESTAMP", args: A(I(math.MaxInt64 - 1)), want: types.TimestampValue(math.MaxInt64 - 1)},
		{fn: "MAKE_TIMESTAMP", args: A(I(math.MaxInt64)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(-math.MaxInt64)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(I(math.MinInt64)), err: types.ErrConvert},
		{fn: "MAKE_TIMESTAMP", args: A(N), want: N},
		{fn: "MAKE_TIMESTAMP", args: A(I(2024), I(1), I(2)), err: ErrArgs},
	})
}

// The parts of a second and the epochs in other units, and TO_TIMESTAMP:
// DuckDB 1.5.6's answers.
func TestSubMinuteAndEpochs(t *testing.T) {
	check(t, []vector{
		{fn: "MILLISECOND", args: A(TS("2026-01-01 00:00:01.5")), want: I(1500)},
		{fn: "MICROSECOND", args: A(TS("2026-01-01 00:00:01.5")), want: I(1500000)},
		{fn: "MILLISECOND", args: A(D("2026-01-01")), want: I(0)},
		{fn: "MILLISECOND", args: A(TS("1969-12-31 23:59:59.25")), want: I(59250)},
		{fn: "MILLISECOND", args: A(N), want: N},
		{fn: "EPOCH_US", args: A(TS("2026-01-01 00:00:01.5")), want: I(1767225601500000)},
		{fn: "EPOCH_NS", args: A(TS("2026-01-01")), want: I(1767225600000000000)},
		{fn: "EPOCH_NS", args: A(TS("9999-01-01")), err: types.ErrConvert},
		{fn: "TO_TIMESTAMP", args: A(I(1767225600)), want: TS("2026-01-01 00:00:00")},
		{fn: "TO_TIMESTAMP", args: A(F(1.5)), want: TS("1970-01-01 00:00:01.5")},
		{fn: "TO_TIMESTAMP", args: A(F(-0.5)), want: TS("1969-12-31 23:59:59.5")},
		{fn: "TO_TIMESTAMP", args: A(N), want: N},
		{fn: "TO_TIMESTAMP", args: A(S("x")), err: types.ErrConvert},
	})
}

// AGE, DuckDB 1.5.6's answers (duckq): parts borrowed from the next,
// a day from the days of the earlier one's month.
func TestAge(t *testing.T) {
	iv := types.IntervalValue
	check(t, []vector{
		{fn: "AGE", args: A(TS("2001-04-10"), TS("1992-09-20")), want: iv(102, 20, 0)},
		{fn: "AGE", args: A(TS("2026-03-15 10:00:00"), TS("2026-01-20 12:30:00")), want: iv(1, 25, 77_400_000_000)},
		{fn: "AGE", args: A(TS("2026-01-20"), TS("2026-03-15")), want: iv(-1, -26, 0)},
		{fn: "AGE", args: A(D("2026-03-31"), D("2026-02-28")), want: iv(1, 3, 0)},
		{fn: "AGE", args: A(TS("2026-03-01"), TS("2026-01-31")), want: iv(1, 1, 0)},
		{fn: "AGE", args: A(TS("2024-03-01"), TS("2024-01-31")), want: iv(1, 1, 0)},
		{fn: "AGE", args: A(TS("2026-01-01"), TS("2026-01-01")), want: iv(0, 0, 0)},
		{fn: "AGE", args: A(N, TS("2026-01-01")), want: N},
		{fn: "AGE", args: A(S("x"), TS("2026-01-01")), err: types.ErrConvert},
	})
}
