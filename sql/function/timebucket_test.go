package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestTimeBucket: DuckDB 1.5.6's answers (widths of days and time from
// Monday 2000-01-03, of months from 2000-01-01; an origin's month alone
// counts for months; an offset moves the buckets; a DATE's bucket is a
// DATE), NULLs and the widths it refuses.
func TestTimeBucket(t *testing.T) {
	day, hour, minute := int64(86400_000_000), int64(3600_000_000), int64(60_000_000)
	iv := types.IntervalValue
	check(t, []vector{
		{fn: "TIME_BUCKET", args: A(iv(0, 1, 0), TS("2024-03-05 13:45:00")), want: TS("2024-03-05 00:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 7, 0), D("2024-03-05")), want: D("2024-03-04")},
		{fn: "TIME_BUCKET", args: A(iv(1, 0, 0), D("2024-03-05")), want: D("2024-03-01")},
		{fn: "TIME_BUCKET", args: A(iv(3, 0, 0), TS("2024-05-17 10:00:00")), want: TS("2024-04-01 00:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, 15*minute), TS("2024-03-05 13:47:12")), want: TS("2024-03-05 13:45:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, hour), TS("2024-03-05 13:47:12"), iv(0, 0, 30*minute)), want: TS("2024-03-05 13:30:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 1, 0), TS("2024-03-05 13:47:12"), TS("2024-01-01 06:00:00")), want: TS("2024-03-05 06:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(24, 0, 0), D("1999-06-01")), want: D("1998-01-01")},
		{fn: "TIME_BUCKET", args: A(iv(0, 7, 0), D("1990-01-01")), want: D("1990-01-01")},
		{fn: "TIME_BUCKET", args: A(iv(1, 0, 0), D("2024-03-05"), iv(0, 5, 0)), want: D("2024-02-06")},
		{fn: "TIME_BUCKET", args: A(iv(1, 0, 0), D("2024-03-20"), D("2024-01-15")), want: D("2024-03-01")},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, 12*hour), D("2024-03-05")), want: D("2024-03-05")},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, 36*hour), TS("2024-03-05 10:00:00")), want: TS("2024-03-04 12:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(1, 0, 0), TS("2024-03-05 10:00:00"), iv(0, 0, 2*hour)), want: TS("2024-03-01 02:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 1, 0), S("2024-03-05 13:45:00")), want: TS("2024-03-05 00:00:00")},
		{fn: "TIME_BUCKET", args: A(iv(0, 1, 0), N), want: N},
		{fn: "TIME_BUCKET", args: A(N, D("2024-03-05")), want: N},
		{fn: "TIME_BUCKET", args: A(iv(1, 1, 0), D("2024-03-05")), err: ErrArgs},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, 0), D("2024-03-05")), err: ErrArgs},
		{fn: "TIME_BUCKET", args: A(iv(0, 0, -day), D("2024-03-05")), err: ErrArgs},
		{fn: "TIME_BUCKET", args: A(I(7), D("2024-03-05")), err: ErrArgs},
	})
}
