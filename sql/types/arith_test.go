package types

import (
	"errors"
	"math"
	"testing"
)

// DuckDB 1.5.6: SELECT (-9223372036854775807::BIGINT - 1) % -1 is
// "Out of Range Error: Overflow in division of -9223372036854775808 / -1";
// any other value % -1 is 0.
func TestModMinusOne(t *testing.T) {
	if _, err := Arith(Mod, IntValue(math.MinInt64), IntValue(-1)); !errors.Is(err, ErrOverflow) {
		t.Errorf("MinInt64 %% -1: err %v, want ErrOverflow", err)
	}
	if v, err := Arith(Mod, IntValue(7), IntValue(-1)); err != nil || v != IntValue(0) {
		t.Errorf("7 %% -1 = %v, %v; want 0", v, err)
	}
}

// A HUGEINT stays exact under DIV and %, as DuckDB's does: the quotient
// truncated toward zero, the remainder with the dividend's sign, NULL for
// a zero divisor. (Values checked with Python's integers.)
func TestHugeDivMod(t *testing.T) {
	huge := func(s string) Value { return Value{K: Huge, S: s} }
	for _, c := range []struct {
		op   Op
		a, b Value
		want string // the result's text; "NULL" for NULL
	}{
		{Mod, huge("17999999999999999992"), IntValue(2999), "2954"},
		{Mod, huge("-17999999999999999992"), IntValue(2999), "-2954"},
		{Mod, huge("17999999999999999992"), IntValue(-2999), "2954"},
		{IntDiv, huge("17999999999999999992"), IntValue(2999), "6002000666888962"},
		{IntDiv, huge("-17999999999999999992"), IntValue(2999), "-6002000666888962"},
		{IntDiv, huge("100000000000000000000"), IntValue(3), "33333333333333333333"},
		{Mod, IntValue(7), huge("100000000000000000000"), "7"},
		{IntDiv, IntValue(7), huge("100000000000000000000"), "0"},
		{Mod, huge("100000000000000000000"), IntValue(0), "NULL"},
		{IntDiv, huge("100000000000000000000"), IntValue(0), "NULL"},
		{Div, huge("100000000000000000000"), IntValue(4), "2.5e+19"},
	} {
		got, err := Arith(c.op, c.a, c.b)
		if err != nil || got.String() != c.want {
			t.Errorf("%v %s %v = %v (%v), want %s", c.a, c.op, c.b, got, err, c.want)
		}
	}
}

// DIV is DuckDB's //: DuckDB 1.5 answers SELECT 7 // 2, -7 // 2, 7.5 // 2,
// -7.5 // 2, 7 // 0, 7.0 // 0, 7 // 2.0, 0.0 // 0 with 3, -3, 3.75, -3.75,
// NULL, NULL, 3.5, NULL: integers truncate toward zero, a DOUBLE divides,
// and a zero divisor is NULL either way.
func TestIntDivAsDuckDB(t *testing.T) {
	for _, c := range []struct {
		a, b Value
		want string
	}{
		{IntValue(7), IntValue(2), "3"},
		{IntValue(-7), IntValue(2), "-3"},
		{FloatValue(7.5), IntValue(2), "3.75"},
		{FloatValue(-7.5), IntValue(2), "-3.75"},
		{IntValue(7), IntValue(0), "NULL"},
		{FloatValue(7), IntValue(0), "NULL"},
		{IntValue(7), FloatValue(2), "3.5"},
		{FloatValue(0), FloatValue(0), "NULL"},
	} {
		got, err := Arith(IntDiv, c.a, c.b)
		if err != nil || got.String() != c.want {
			t.Errorf("%v // %v = %v (%v), want %s", c.a, c.b, got, err, c.want)
		}
	}
}

// An interval times or divided by a number, and a timestamp less a
// date, as DuckDB 1.5.6 answers them (CAST(… AS VARCHAR)): each part is
// kept apart (36 hours times 2 is 72 hours, not 3 days); a fraction of a
// month goes down as 30 days, of a day as 24 hours, rounded to the
// microsecond; a zero divisor is NULL.
func TestIntervalArith(t *testing.T) {
	day := int64(microsPerDay)
	for _, c := range []struct {
		op   Op
		a, b Value
		want string
	}{
		{Mul, IntervalValue(0, 1, 0), IntValue(3), "3 days"},
		{Mul, IntValue(3), IntervalValue(0, 0, 2*3600e6), "06:00:00"},
		{Mul, IntervalValue(1, 3, 0), IntValue(2), "2 months 6 days"},
		{Mul, IntervalValue(0, 5, 0), IntValue(-2), "-10 days"},
		{Mul, IntervalValue(0, 0, 36*3600e6), IntValue(2), "72:00:00"},
		{Mul, IntervalValue(0, 0, 36*3600e6), FloatValue(1.5), "54:00:00"},
		{Mul, FloatValue(0.3), IntervalValue(0, 1, 0), "07:12:00"},
		{Div, IntervalValue(0, 0, 90*60e6), IntValue(2), "00:45:00"},
		{Div, IntervalValue(1, 0, 0), IntValue(2), "15 days"},
		{Div, IntervalValue(3, 0, 0), IntValue(2), "1 month 15 days"},
		{Div, IntervalValue(0, 3, 0), IntValue(2), "1 day 12:00:00"},
		{Div, IntervalValue(0, 7, 0), IntValue(3), "2 days 08:00:00"},
		{Div, IntervalValue(1, 0, 0), IntValue(7), "4 days 06:51:25.6896"},
		{Div, IntervalValue(0, 0, 1e6), IntValue(7), "00:00:00.142857"},
		{Div, IntervalValue(0, 1, 0), IntValue(0), "NULL"},
		{Div, IntervalValue(0, 1, 0), FloatValue(0), "NULL"},
		{Add, IntervalValue(0, 1, 0), IntervalValue(0, 0, -3600e6), "1 day -01:00:00"},
		{Sub, IntervalValue(1, 2, 3), IntervalValue(1, 2, 3), "00:00:00"},
		{Sub, TimestampValue(19727*day + 10*3600e6), DateValue(19723), "4 days 10:00:00"},
		{Sub, DateValue(19727), TimestampValue(19723*day + 6*3600e6), "3 days 18:00:00"},
		{Sub, TimestampValue(0), TimestampValue(36 * 3600e6), "-1 day -12:00:00"},
	} {
		got, err := Arith(c.op, c.a, c.b)
		if err != nil || got.String() != c.want {
			t.Errorf("%v %s %v = %v (%v), want %s", c.a, c.op, c.b, got, err, c.want)
		}
	}
	if _, err := Arith(Mul, IntervalValue(0, 0, math.MaxInt64/2), IntValue(3)); !errors.Is(err, ErrOverflow) {
		t.Errorf("a huge interval times 3: err %v, want ErrOverflow", err)
	}
}
