package types

import (
	"fmt"
	"math"
	"math/bits"
	"time"
)

// Op is an arithmetic operator.
type Op uint8

const (
	Add Op = iota
	Sub
	Mul
	Div    // /: always a DOUBLE, as in DuckDB (1/0 is inf, 0/0 nan)
	IntDiv // DIV and DuckDB's //: of integers the quotient truncated toward zero, of a DOUBLE the quotient (7.5 // 2 is 3.75); NULL for a zero divisor
	Mod    // % and MOD: the remainder with the dividend's sign; a zero divisor gives NULL (NaN for a DOUBLE)
)

var opNames = [...]string{Add: "+", Sub: "-", Mul: "*", Div: "/", IntDiv: "DIV", Mod: "%"}

func (o Op) String() string { return opNames[o] }

// Arith applies op to two values. NULL in, NULL out; integers stay exact
// and overflow is an error (as in DuckDB); a date plus or minus a number
// of days is a date, plus an interval a timestamp; a date minus a date is
// their distance in days.
func Arith(op Op, a, b Value) (Value, error) {
	if a.K == Null || b.K == Null {
		return Value{}, nil
	}
	if a.K == Int && b.K == Int {
		return intArith(op, a.I, b.I)
	}
	if a.K.Numeric() && b.K.Numeric() {
		if (a.K == Huge || b.K == Huge) && a.K != Float && b.K != Float && op != Div {
			return hugeArith(op, a, b), nil
		}
		x, _ := a.Float()
		y, _ := b.Float()
		return floatArith(op, x, y), nil
	}
	if v, ok, err := timeArith(op, a, b); ok {
		return v, err
	}
	return Value{}, fmt.Errorf("%w: cannot compute %s %s %s", ErrConvert, quoteText(a), op, quoteText(b))
}

func intArith(op Op, x, y int64) (Value, error) {
	switch op {
	case Add:
		s := x + y
		if (s > x) != (y > 0) {
			return Value{}, overflow(op, x, y)
		}
		return IntValue(s), nil
	case Sub:
		s := x - y
		if (s < x) != (y > 0) {
			return Value{}, overflow(op, x, y)
		}
		return IntValue(s), nil
	case Mul:
		hi, lo := bits.Mul64(uint64(abs64(x)), uint64(abs64(y)))
		neg := (x < 0) != (y < 0)
		if hi != 0 || lo > 1<<63 || lo == 1<<63 && !neg || x == math.MinInt64 && y != 1 && y != 0 || y == math.MinInt64 && x != 1 && x != 0 {
			return Value{}, overflow(op, x, y)
		}
		return IntValue(x * y), nil
	case Div:
		return FloatValue(float64(x) / float64(y)), nil
	case IntDiv:
		if y == 0 {
			return Value{}, nil
		}
		if x == math.MinInt64 && y == -1 {
			return Value{}, overflow(op, x, y)
		}
		return IntValue(x / y), nil
	case Mod:
		if y == 0 {
			return Value{}, nil
		}
		if y == -1 {
			if x == math.MinInt64 { // DuckDB: "Overflow in division"
				return Value{}, overflow(op, x, y)
			}
			return IntValue(0), nil
		}
		return IntValue(x % y), nil
	}
	panic("types: unknown operator")
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func overflow(op Op, x, y int64) error {
	return fmt.Errorf("%w: overflow in %d %s %d", ErrOverflow, x, op, y)
}

// hugeArith is exact arithmetic with a HUGEINT on a side: DIV and % as
// on integers (truncated toward zero, the remainder taking the
// dividend's sign; NULL for a zero divisor), as DuckDB's HUGEINT gives
// them.
func hugeArith(op Op, a, b Value) Value {
	x, y := a.Big(), b.Big()
	switch op {
	case Add:
		x.Add(x, y)
	case Sub:
		x.Sub(x, y)
	case Mul:
		x.Mul(x, y)
	case IntDiv, Mod:
		if y.Sign() == 0 {
			return Value{}
		}
		if op == IntDiv {
			x.Quo(x, y)
		} else {
			x.Rem(x, y)
		}
	}
	return BigValue(x)
}

func floatArith(op Op, x, y float64) Value {
	switch op {
	case Add:
		return FloatValue(x + y)
	case Sub:
		return FloatValue(x - y)
	case Mul:
		return FloatValue(x * y)
	case Div:
		return FloatValue(x / y)
	case IntDiv:
		// DuckDB's // of a DOUBLE divides (7.5 // 2 is 3.75, 7 // 2.0 is
		// 3.5), but gives NULL for a zero divisor where / gives inf.
		if y == 0 {
			return Value{}
		}
		return FloatValue(x / y)
	case Mod:
		if y == 0 {
			// NaN, with the sign C's fmod gives it on this hardware, as
			// DuckDB prints it: -nan.
			return FloatValue(math.Copysign(math.NaN(), -1))
		}
		return FloatValue(math.Mod(x, y))
	}
	panic("types: unknown operator")
}

// timeArith handles dates, timestamps and intervals; ok is false when the
// operands are not such a pair.
func timeArith(op Op, a, b Value) (Value, bool, error) {
	switch {
	case a.K == Date && b.K == Int && (op == Add || op == Sub):
		if op == Sub {
			return DateValue(a.I - b.I), true, nil
		}
		return DateValue(a.I + b.I), true, nil
	case a.K == Int && b.K == Date && op == Add:
		return DateValue(a.I + b.I), true, nil
	case a.K == Date && b.K == Date && op == Sub:
		return IntValue(a.I - b.I), true, nil
	case a.K == Timestamp && b.K == Timestamp && op == Sub:
		return IntervalMicros(a.I - b.I), true, nil
	case (a.K == Date || a.K == Timestamp) && b.K == Interval && (op == Add || op == Sub):
		return AddInterval(a, b, op == Sub), true, nil
	case a.K == Interval && (b.K == Date || b.K == Timestamp) && op == Add:
		return AddInterval(b, a, false), true, nil
	case a.K == Timestamp && b.K == Date && op == Sub:
		return IntervalMicros(a.I - b.I*microsPerDay), true, nil
	case a.K == Date && b.K == Timestamp && op == Sub:
		return IntervalMicros(a.I*microsPerDay - b.I), true, nil
	case op == Mul && (a.K == Interval && b.K == Int || a.K == Int && b.K == Interval):
		iv, n := a, b.I
		if a.K == Int {
			iv, n = b, a.I
		}
		var parts [3]int64
		for i, p := range [3]int64{iv.Months(), iv.Days(), iv.Micros()} {
			m, err := intArith(Mul, p, n)
			if err != nil {
				return Value{}, true, err
			}
			parts[i] = m.I
		}
		return IntervalValue(parts[0], parts[1], parts[2]), true, nil
	case op == Mul && (a.K == Interval && b.K == Float || a.K == Float && b.K == Interval):
		iv, f := a, b.F()
		if a.K == Float {
			iv, f = b, a.F()
		}
		v, err := scaleInterval(iv, f)
		return v, true, err
	case op == Div && a.K == Interval && (b.K == Int || b.K == Float):
		// As DuckDB: times the inverse, NULL for 0.
		f, _ := b.Float()
		if f == 0 {
			return Value{}, true, nil
		}
		v, err := scaleInterval(a, 1/f)
		return v, true, err
	case a.K == Interval && b.K == Interval && (op == Add || op == Sub):
		if op == Sub {
			b = negateInterval(b)
		}
		return IntervalValue(a.Months()+b.Months(), a.Days()+b.Days(), a.Micros()+b.Micros()), true, nil
	}
	return Value{}, false, nil
}

// AddInterval adds (or with neg subtracts) an interval to a date or a
// timestamp; the result is a timestamp, as in DuckDB. Months are added
// calendar-wise, clamping the day to the month's end (Jan 31 + 1 month is
// Feb 28).
func AddInterval(t, iv Value, neg bool) Value {
	if neg {
		iv = negateInterval(iv)
	}
	months := iv.Months()
	tm := t.Time()
	if months != 0 {
		y, m, d := tm.Date()
		total := int64(y)*12 + int64(m-1) + months
		ny, nm := int(floorDiv(total, 12)), int(total-floorDiv(total, 12)*12)+1
		d = min(d, daysIn(ny, nm))
		tm = time.Date(ny, time.Month(nm), d, tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), time.UTC)
	}
	return TimestampValue(tm.UnixMicro() + iv.Days()*microsPerDay + iv.Micros())
}

func negateInterval(v Value) Value {
	return IntervalValue(-v.Months(), -v.Days(), -v.Micros())
}

// scaleInterval is iv times f as DuckDB computes it, after PostgreSQL's
// interval_mul: the months and the days truncated, their fractions
// carried down (a month as 30 days, a day as 24 hours) to the
// microsecond, rounded to even.
func scaleInterval(iv Value, f float64) (Value, error) {
	overflow := fmt.Errorf("%w: overflow in %s times %s", ErrOverflow, quoteText(iv), FormatFloat(f))
	fits := func(d float64) bool { return !math.IsNaN(d) && d >= math.MinInt32 && d <= math.MaxInt32 }
	round := func(x float64) float64 { return math.RoundToEven(x*1e6) / 1e6 }
	m, d := float64(iv.Months())*f, float64(iv.Days())*f
	if !fits(m) || !fits(d) {
		return Value{}, overflow
	}
	months, days := int64(m), int64(d)
	monthRest := round((m - float64(months)) * 30)
	dayRest := int64(monthRest)
	secs := round((d - float64(days) + monthRest - float64(dayRest)) * 86400)
	if math.Abs(secs) >= 86400 {
		whole := int64(secs / 86400)
		days += whole
		secs -= float64(whole * 86400)
	}
	days += dayRest
	us := math.RoundToEven(float64(iv.Micros())*f + secs*1e6)
	if math.IsNaN(us) || us < -9223372036854775808.0 || us >= 9223372036854775808.0 {
		return Value{}, overflow
	}
	return IntervalValue(months, days, int64(us)), nil
}

// Negate returns -v.
func Negate(v Value) (Value, error) {
	switch v.K {
	case Null:
		return v, nil
	case Int:
		if v.I == math.MinInt64 {
			return Value{}, fmt.Errorf("%w: overflow in -(%d)", ErrOverflow, v.I)
		}
		return IntValue(-v.I), nil
	case Float:
		return FloatValue(-v.F()), nil
	case Huge:
		b := v.Big()
		return BigValue(b.Neg(b)), nil
	case Interval:
		return negateInterval(v), nil
	}
	return Value{}, fmt.Errorf("%w: cannot negate %s", ErrConvert, quoteText(v))
}
