package function

import (
	"math"
	"math/big"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The expectations are DuckDB 1.5.6's answers to the same calls.
func TestMoreMath(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	negZero := math.Copysign(0, -1)
	check(t, []vector{
		{fn: "ASIN", args: A(F(0.5)), want: F(0.5235987755982989)},
		{fn: "ASIN", args: A(I(1)), want: F(1.5707963267948966)},
		{fn: "ASIN", args: A(I(-1)), want: F(-1.5707963267948966)},
		{fn: "ASIN", args: A(S("0.5")), want: F(0.5235987755982989)}, // DuckDB: binder error
		{fn: "ASIN", args: A(F(nan)), want: F(nan)},
		{fn: "ASIN", args: A(I(2)), err: ErrArgs},
		{fn: "ASIN", args: A(F(1.0000001)), err: ErrArgs},
		{fn: "ASIN", args: A(F(-inf)), err: types.ErrOverflow},
		{fn: "ASIN", args: A(N), want: N},
		{fn: "ACOS", args: A(I(-1)), want: F(math.Pi)},
		{fn: "ACOS", args: A(F(-1.5)), err: ErrArgs},
		{fn: "ACOS", args: A(F(nan)), want: F(nan)},
		{fn: "ACOS", args: A(N), want: N},

		{fn: "COT", args: A(F(nan)), want: F(nan)},
		{fn: "COT", args: A(I(0)), err: types.ErrOverflow},
		{fn: "COT", args: A(F(negZero)), err: types.ErrOverflow},
		{fn: "COT", args: A(F(inf)), err: types.ErrOverflow},
		{fn: "COT", args: A(N), want: N},

		{fn: "GAMMA", args: A(I(5)), want: F(24)},
		{fn: "GAMMA", args: A(F(0.5)), want: F(math.Sqrt(math.Pi))},
		{fn: "GAMMA", args: A(I(172)), want: F(inf)},
		{fn: "GAMMA", args: A(I(-1)), want: F(nan)},
		{fn: "GAMMA", args: A(F(-inf)), want: F(nan)},
		{fn: "GAMMA", args: A(F(inf)), want: F(inf)},
		{fn: "GAMMA", args: A(I(0)), err: types.ErrOverflow},
		{fn: "GAMMA", args: A(F(negZero)), err: types.ErrOverflow},
		{fn: "GAMMA", args: A(N), want: N},
		{fn: "LGAMMA", args: A(I(1)), want: F(0)},
		{fn: "LGAMMA", args: A(I(2)), want: F(0)},
		{fn: "LGAMMA", args: A(I(-1)), want: F(inf)},
		{fn: "LGAMMA", args: A(F(-inf)), want: F(inf)}, // C's lgamma; Go's math.Lgamma says -Inf
		{fn: "LGAMMA", args: A(F(inf)), want: F(inf)},
		{fn: "LGAMMA", args: A(F(nan)), want: F(nan)},
		{fn: "LGAMMA", args: A(I(0)), err: types.ErrOverflow},
		{fn: "LGAMMA", args: A(N), want: N},

		{fn: "EVEN", args: A(F(2.5)), want: F(4)},
		{fn: "EVEN", args: A(F(-2.5)), want: F(-4)},
		{fn: "EVEN", args: A(I(1)), want: F(2)},
		{fn: "EVEN", args: A(I(2)), want: F(2)},
		{fn: "EVEN", args: A(I(3)), want: F(4)},
		{fn: "EVEN", args: A(I(0)), want: F(0)},
		{fn: "EVEN", args: A(I(-1)), want: F(-2)},
		{fn: "EVEN", args: A(F(-0.5)), want: F(-2)},
		{fn: "EVEN", args: A(F(2.0000001)), want: F(4)},
		{fn: "EVEN", args: A(I(5)), want: F(6)},
		{fn: "EVEN", args: A(F(1e308)), want: F(1e308)},
		{fn: "EVEN", args: A(F(inf)), want: F(inf)},
		{fn: "EVEN", args: A(I(9007199254740993)), want: F(9007199254740992)},
		{fn: "EVEN", args: A(N), want: N},

		{fn: "SIGNBIT", args: A(I(-1)), want: B(true)},
		{fn: "SIGNBIT", args: A(I(0)), want: B(false)},
		{fn: "SIGNBIT", args: A(F(negZero)), want: B(true)},
		{fn: "SIGNBIT", args: A(F(1.5)), want: B(false)},
		{fn: "SIGNBIT", args: A(F(nan)), want: B(false)},
		{fn: "SIGNBIT", args: A(F(math.Copysign(nan, -1))), want: B(true)},
		{fn: "SIGNBIT", args: A(N), want: N},

		{fn: "GCD", args: A(I(12), I(18)), want: I(6)},
		{fn: "GCD", args: A(I(-12), I(18)), want: I(6)},
		{fn: "GCD", args: A(I(-12), I(-18)), want: I(6)},
		{fn: "GCD", args: A(I(0), I(0)), want: I(0)},
		{fn: "GCD", args: A(I(0), I(-5)), want: I(5)},
		{fn: "GCD", args: A(I(math.MinInt64), I(2)), want: I(2)},
		{fn: "GCD", args: A(I(math.MinInt64), I(-1)), want: I(1)},
		{fn: "GCD", args: A(I(math.MaxInt64), I(0)), want: I(math.MaxInt64)},
		{fn: "GCD", args: A(I(math.MinInt64), I(0)), err: types.ErrOverflow},
		{fn: "GCD", args: A(I(math.MinInt64), I(math.MinInt64)), err: types.ErrOverflow},
		{fn: "GCD", args: A(S("12"), I(8)), want: I(4)},
		{fn: "GCD", args: A(F(12), I(8)), err: ErrArgs}, // DuckDB: binder error
		{fn: "GCD", args: A(B(true), I(8)), err: ErrArgs},
		{fn: "GCD", args: A(S("1.5"), I(8)), err: types.ErrConvert},
		{fn: "GCD", args: A(N, I(1)), want: N},
		{fn: "GREATEST_COMMON_DIVISOR", args: A(I(12), I(8)), want: I(4)},

		{fn: "LCM", args: A(I(4), I(6)), want: I(12)},
		{fn: "LCM", args: A(I(-4), I(6)), want: I(12)},
		{fn: "LCM", args: A(I(-4), I(-6)), want: I(12)},
		{fn: "LCM", args: A(I(3), I(-5)), want: I(15)},
		{fn: "LCM", args: A(I(0), I(5)), want: I(0)},
		{fn: "LCM", args: A(I(0), I(0)), want: I(0)},
		{fn: "LCM", args: A(I(4611686018427387904), I(2)), want: I(4611686018427387904)},
		{fn: "LCM", args: A(I(math.MaxInt64), I(2)), err: types.ErrOverflow},
		{fn: "LCM", args: A(I(3037000499), I(3037000501)), err: types.ErrOverflow},
		{fn: "LCM", args: A(I(math.MinInt64), I(1)), err: types.ErrOverflow},
		{fn: "LCM", args: A(I(math.MinInt64), I(-1)), err: types.ErrOverflow},
		{fn: "LCM", args: A(I(1), N), want: N},
		{fn: "LEAST_COMMON_MULTIPLE", args: A(I(3), I(5)), want: I(15)},

		{fn: "XOR", args: A(I(5), I(3)), want: I(6)},
		{fn: "XOR", args: A(I(-1), I(5)), want: I(-6)},
		{fn: "XOR", args: A(I(math.MinInt64), I(1)), want: I(-9223372036854775807)},
		{fn: "XOR", args: A(S("12"), I(8)), want: I(4)},
		{fn: "XOR", args: A(F(5.5), I(3)), err: ErrArgs},

		// The bitwise operators on BIGINTs ((x)::BIGINT in DuckDB).
		{fn: "&", args: A(I(5), I(3)), want: I(1)},
		{fn: "&", args: A(I(-1), I(math.MinInt64)), want: I(math.MinInt64)},
		{fn: "&", args: A(N, I(1)), want: N},
		{fn: "&", args: A(F(1.5), I(1)), err: ErrArgs},
		{fn: "~", args: A(I(5)), want: I(-6)},
		{fn: "~", args: A(I(0)), want: I(-1)},
		{fn: "<<", args: A(I(1), I(3)), want: I(8)},
		{fn: "<<", args: A(I(1), I(62)), want: I(1 << 62)},
		{fn: "<<", args: A(I(0), I(63)), want: I(0)},
		{fn: "<<", args: A(I(1), I(63)), err: types.ErrOverflow},
		{fn: "<<", args: A(I(3), I(62)), err: types.ErrOverflow},
		{fn: "<<", args: A(I(1), I(64)), err: types.ErrOverflow},
		{fn: "<<", args: A(I(-1), I(1)), err: types.ErrOverflow},
		{fn: "<<", args: A(I(2), I(-1)), err: types.ErrOverflow},
		{fn: ">>", args: A(I(16), I(2)), want: I(4)},
		{fn: ">>", args: A(I(-16), I(2)), want: I(-4)},
		{fn: ">>", args: A(I(-8), I(1)), want: I(-4)},
		{fn: ">>", args: A(I(1), I(64)), want: I(0)},
		{fn: ">>", args: A(I(8), I(-1)), want: I(0)},
		{fn: "BIT_COUNT", args: A(I(7)), want: I(3)},
		{fn: "BIT_COUNT", args: A(I(-1)), want: I(64)},
		{fn: "BIT_COUNT", args: A(I(0)), want: I(0)},
		{fn: "BIT_COUNT", args: A(N), want: N},
		{fn: "XOR", args: A(N, I(1)), want: N},

		{fn: "FACTORIAL", args: A(I(0)), want: I(1)},
		{fn: "FACTORIAL", args: A(I(5)), want: I(120)},
		{fn: "FACTORIAL", args: A(I(20)), want: I(2432902008176640000)},
		{fn: "FACTORIAL", args: A(I(21)), want: huge("51090942171709440000")},
		{fn: "FACTORIAL", args: A(I(33)), want: huge("8683317618811886495518194401280000000")},
		{fn: "FACTORIAL", args: A(S("5")), want: I(120)},
		{fn: "FACTORIAL", args: A(I(34)), err: types.ErrOverflow},
		{fn: "FACTORIAL", args: A(I(-1)), err: types.ErrOverflow},
		{fn: "FACTORIAL", args: A(F(5)), err: ErrArgs},
		{fn: "FACTORIAL", args: A(N), want: N},
	})
}

// TestMoreMathClose holds the answers where Go's math and DuckDB's C
// library may part in the last bit (Go's Acos and Tan are not always
// correctly rounded): within a relative 1e-15.
func TestMoreMathClose(t *testing.T) {
	for _, c := range []struct {
		fn   string
		x    types.Value
		want float64
	}{
		{"ACOS", F(0.5), 1.0471975511965979},
		{"ACOS", F(-0.25), 1.8234765819369754},
		{"COT", I(1), 0.6420926159343306},
		{"COT", I(-2), 0.45765755436028577},
		{"COT", F(1e-300), 9.999999999999999e+299},
		{"GAMMA", F(-1.5), 2.363271801207355},
		{"LGAMMA", F(0.5), 0.5723649429247001},
		{"LGAMMA", F(-2.5), -0.05624371649767407},
		{"LGAMMA", I(200), 857.9336698258574},
	} {
		got, err := call(c.fn, A(c.x), false)
		if err != nil || got.K != types.Float || math.Abs(got.F()-c.want) > 1e-15*math.Abs(c.want) {
			t.Errorf("%s(%s) = %s, %v; want %v", c.fn, show(c.x), show(got), err, c.want)
		}
	}
}

func huge(s string) types.Value {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad integer " + s)
	}
	return types.BigValue(b)
}
