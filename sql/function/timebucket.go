package function

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/types"
)

// TIME_BUCKET(width, t [, offset | origin]), as DuckDB's: t truncated to
// the start of its bucket of the given width, the buckets counted from an
// origin. A width of months (and years) counts whole months from
// 2000-01-01 (or from the origin's month: its day and time do not
// count), one of days, hours, … counts microseconds from 2000-01-03
// 00:00:00, a Monday (or from the origin). An offset moves the buckets:
// t - offset is bucketed, and the offset added back. A width of both
// months and days or time, or not above zero, is an error. The bucket of
// a DATE is a DATE, of a TIMESTAMP (or a text that is one) a TIMESTAMP.

func init() {
	register(&Scalar{Name: "TIME_BUCKET", MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: timeBucketFn,
		Signature: "TIME_BUCKET(width, t[, offset | origin])",
		Summary:   "The start of t's bucket of the INTERVAL width, buckets counted from 2000-01-03 (widths of days and time: a Monday) or 2000-01-01 (of months), or from origin, or moved by the INTERVAL offset; a DATE's is a DATE."})
}

// bucketOrigins are DuckDB's default origins, in microseconds from
// 1970-01-01: 2000-01-03 (widths of time) and 2000-01-01 (of months).
const (
	bucketOriginMicros = 10959 * microsPerDay
	bucketOriginMonths = 2000 * 12
)

func timeBucketFn(a []types.Value) (types.Value, error) {
	w := a[0]
	if w.K != types.Interval {
		return types.Value{}, fmt.Errorf("%w: TIME_BUCKET's width is an INTERVAL, not %s", ErrArgs, w.K)
	}
	months, us := w.Months(), w.Days()*microsPerDay+w.Micros()
	switch {
	case months != 0 && us != 0:
		return types.Value{}, fmt.Errorf("%w: TIME_BUCKET: a width of months cannot have days or time (Month intervals cannot have day or time component)", ErrArgs)
	case months < 0 || us < 0 || months == 0 && us == 0:
		return types.Value{}, fmt.Errorf("%w: TIME_BUCKET: the width must be greater than 0", ErrArgs)
	}
	t, err := timeArg(a[1])
	if err != nil {
		return types.Value{}, err
	}
	isDate := t.K == types.Date
	ts := types.TimestampValue(micros(t))
	var offset *types.Value
	originUs, originMonths := int64(bucketOriginMicros), int64(bucketOriginMonths)
	if len(a) == 3 {
		switch o := a[2]; o.K {
		case types.Interval:
			offset = &o
			ts = types.AddInterval(ts, o, true)
		default:
			origin, err := timeArg(o)
			if err != nil {
				return types.Value{}, fmt.Errorf("%w: TIME_BUCKET's third argument is an INTERVAL (an offset) or a date or timestamp (an origin)", ErrArgs)
			}
			originUs = micros(origin)
			originMonths = monthsOf(originUs)
		}
	}
	var b int64 // the bucket's start, in microseconds
	if months > 0 {
		m := originMonths + floorDiv(monthsOf(ts.I)-originMonths, months)*months
		y, mo := floorDiv(m, 12), m-floorDiv(m, 12)*12+1
		b = types.ISOYmdDay(y*10000+mo*100+1) * microsPerDay
	} else {
		b = originUs + floorDiv(ts.I-originUs, us)*us
	}
	out := types.TimestampValue(b)
	if offset != nil {
		out = types.AddInterval(out, *offset, false)
	}
	if isDate {
		return types.DateValue(floorDiv(out.I, microsPerDay)), nil
	}
	return out, nil
}

// monthsOf is the month of the time us (microseconds from 1970-01-01),
// as year·12 + month - 1.
func monthsOf(us int64) int64 {
	ymd := types.YmdOf(floorDiv(us, microsPerDay))
	return ymd/10000*12 + ymd/100%100 - 1
}
