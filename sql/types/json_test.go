package types

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// checkDecimal fails when ParseJSONNumber's answer for s is not
// strconv.ParseFloat's, bit for bit, or not an Int for an integer.
func checkDecimal(t *testing.T, s string) {
	t.Helper()
	v := ParseJSONNumber([]byte(s))
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		if v.K != Int || v.I != i {
			t.Fatalf("%q: got %v, want the integer %d", s, v, i)
		}
		return
	}
	want, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	if v.K != Float || math.Float64bits(v.F()) != math.Float64bits(want) {
		t.Fatalf("%q: got %v (bits %x), want %v (bits %x)", s, v, math.Float64bits(v.F()), want, math.Float64bits(want))
	}
}

// TestParseDecimal: the one-pass parse of numbers such as 172799.49 gives
// strconv's double bit for bit, on random spellings of up to 15 digits
// and beyond (where it leaves them to strconv), and on the edges: -0.0,
// leading zeros in the fraction, 15 and 16 digits, exponents.
func TestParseDecimal(t *testing.T) {
	for _, s := range []string{"0.0", "-0.0", "0.06", "-0.06", "172799.49", "0.1", "0.3", "1.5", "999999999999999.9",
		"99999999999999.9", "0.000000000000001", "0.0000000000000001", "123456789012345.6", "12345678901234.5",
		"9007199254740993.0", "1.000000000000001", "1e5", "1.5e-3", "-1.5E+3", "0", "-0", "42",
		"9223372036854775808", "4.35", "2.675", "1.005", "0.1234567890123"} {
		checkDecimal(t, s)
	}
	if v := ParseJSONNumber([]byte("-0.0")); !math.Signbit(v.F()) {
		t.Fatalf("-0.0 lost its sign: %v", v)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		whole, frac := rng.IntN(17), 1+rng.IntN(17)
		s := ""
		if rng.IntN(3) == 0 {
			s = "-"
		}
		if whole == 0 {
			s += "0"
		} else {
			s += fmt.Sprint(1 + rng.IntN(9))
			for range whole - 1 {
				s += fmt.Sprint(rng.IntN(10))
			}
		}
		s += "."
		for range frac {
			s += fmt.Sprint(rng.IntN(10))
		}
		checkDecimal(t, s)
	}
}
