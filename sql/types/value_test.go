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
	for _, c := range [][2]int64{{0, 0}, {0, -1}, {1, 0}, {-3, 86400e6}, {math.MaxInt32, math.MinInt64}, {math.MinInt64, math.MaxInt64}} {
		v := IntervalValue(c[0], c[1])
		if v.Months() != c[0] || v.Micros() != c[1] {
			t.Errorf("IntervalValue(%d, %d) read back as %d, %d", c[0], c[1], v.Months(), v.Micros())
		}
		w, _, err := ReadValue(AppendValue(nil, v))
		if err != nil || w.Months() != c[0] || w.Micros() != c[1] {
			t.Errorf("IntervalValue(%d, %d) decoded as %d, %d (%v)", c[0], c[1], w.Months(), w.Micros(), err)
		}
	}
	// A month is 30 days to Compare, as in DuckDB; a day is 24 hours.
	if c := Compare(IntervalValue(1, 0), IntervalValue(0, 30*86400e6)); c != 0 {
		t.Errorf("1 month against 30 days: %d", c)
	}
	if c := Compare(IntervalValue(1, -1), IntervalValue(0, 30*86400e6)); c != -1 {
		t.Errorf("1 month less 1µs against 30 days: %d", c)
	}
}
