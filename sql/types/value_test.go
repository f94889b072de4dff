package types

import (
	"math"
	"testing"
	"unsafe"
)

// A Value stays within what the compiler keeps in registers (four words,
// at most four fields): past that, every Value returned by an expression
// is copied through memory (see Value).
func TestValueFitsInRegisters(t *testing.T) {
	if n := unsafe.Sizeof(Value{}); n > 4*unsafe.Sizeof(uintptr(0)) {
		t.Fatalf("a Value is %d bytes, more than four words", n)
	}
}

func TestFloatAndIntervalFields(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1.5, -2e300, math.Inf(1), math.SmallestNonzeroFloat64} {
		v := FloatValue(f)
		if v.K != Float || math.Float64bits(v.F()) != math.Float64bits(f) {
			t.Errorf("FloatValue(%v).F() = %v", f, v.F())
		}
		if got, ok := v.Float(); !ok || math.Float64bits(got) != math.Float64bits(f) {
			t.Errorf("FloatValue(%v).Float() = %v, %v", f, got, ok)
		}
	}
	if v := FloatValue(math.NaN()); !math.IsNaN(v.F()) {
		t.Errorf("NaN read back as %v", v.F())
	}
	for _, c := range [][3]int64{{0, 0, 0}, {0, 0, -1}, {1, 0, 0}, {0, 1, 0}, {-3, 2, 86400e6}, {math.MaxInt32, math.MinInt32, math.MinInt64}, {math.MinInt64, math.MaxInt64, math.MaxInt64}} {
		v := IntervalValue(c[0], c[1], c[2])
		if got := [3]int64{v.Months(), v.Days(), v.Micros()}; got != c {
			t.Errorf("IntervalValue%v read back as %v", c, got)
		}
		w, _, err := ReadValue(AppendValue(nil, v))
		if got := [3]int64{w.Months(), w.Days(), w.Micros()}; err != nil || got != c {
			t.Errorf("IntervalValue%v decoded as %v (%v)", c, got, err)
		}
	}
	// A month is 30 days to Compare, as in DuckDB, and a day 24 hours;
	// each part counts in its place after the carries.
	for _, c := range []struct {
		a, b Value
		want int
	}{
		{IntervalValue(1, 0, 0), IntervalValue(0, 30, 0), 0},
		{IntervalValue(0, 1, 0), IntervalValue(0, 0, 86400e6), 0},
		{IntervalValue(1, 0, 0), IntervalValue(0, 0, 30*86400e6), 0},
		{IntervalValue(1, 0, -1), IntervalValue(0, 30, 0), -1},
		{IntervalValue(0, 1, -3600e6), IntervalValue(0, 0, 23*3600e6), 1}, // DuckDB: the microseconds carry only whole days
		{IntervalValue(0, 0, -1), IntervalValue(0, 0, 0), -1},
		{IntervalValue(0, 31, 0), IntervalValue(1, 0, 86400e6-1), 1},
	} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
		if eq := string(AppendKey(nil, c.a)) == string(AppendKey(nil, c.b)); eq != (c.want == 0) {
			t.Errorf("keys of %v and %v equal: %v, want %v", c.a, c.b, eq, c.want == 0)
		}
	}
}
