package function

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The expectations are DuckDB 1.5.6's answers (duckq), with DuckDB's
// DOUBLE as Float and its integer types as Int. Where DuckDB refuses an
// argument's type (numeric text) we read the number, as the comments say.
func TestMath(t *testing.T) {
	inf := math.Inf(1)
	check(t, []vector{
		{fn: "ABS", args: A(I(-3)), want: I(3)},
		{fn: "ABS", args: A(F(-3.5)), want: F(3.5)},
		{fn: "ABS", args: A(I(-9223372036854775807)), want: I(9223372036854775807)},
		{fn: "ABS", args: A(I(math.MinInt64)), err: types.ErrOverflow},
		{fn: "ABS", args: A(F(math.Copysign(0, -1))), want: F(0)},
		{fn: "ABS", args: A(S("-3")), want: I(3)}, // DuckDB: binder error
		{fn: "ABS", args: A(S("x")), err: types.ErrConvert},
		{fn: "ABS", args: A(B(true)), err: ErrArgs},
		{fn: "ABS", args: A(N), want: N},

		{fn: "ROUND", args: A(F(2.5)), want: F(3)},
		{fn: "ROUND", args: A(F(-2.5)), want: F(-3)},
		{fn: "ROUND", args: A(F(0.5)), want: F(1)},
		{fn: "ROUND", args: A(F(-0.5)), want: F(-1)},
		{fn: "ROUND", args: A(F(-0.4)), want: F(math.Copysign(0, -1))},
		{fn: "ROUND", args: A(F(2.345), I(2)), want: F(2.35)},
		{fn: "ROUND", args: A(F(1.005), I(2)), want: F(1)},
		{fn: "ROUND", args: A(F(0.285), I(2)), want: F(0.28)},
		{fn: "ROUND", args: A(F(1.2345), I(2)), want: F(1.23)},
		{fn: "ROUND", args: A(F(2.5), I(0)), want: F(3)},
		{fn: "ROUND", args: A(F(3.7), I(0)), want: F(4)},
		{fn: "ROUND", args: A(F(15), I(-1)), want: F(20)},
		{fn: "ROUND", args: A(F(123.456), I(-1)), want: F(120)},
		{fn: "ROUND", args: A(F(1e300), I(-2)), want: F(1e300)},
		{fn: "ROUND", args: A(F(1e300), I(2)), want: F(1e300)},
		{fn: "ROUND", args: A(F(1.5), I(400)), want: F(1.5)},
		{fn: "ROUND", args: A(F(-1.5), I(400)), want: F(-1.5)},
		{fn: "ROUND", args: A(F(1.5), I(-400)), want: F(0)},
		{fn: "ROUND", args: A(F(-0.0001), I(2)), want: F(math.Copysign(0, -1))},
		{fn: "ROUND", args: A(I(7)), want: I(7)},
		{fn: "ROUND", args: A(I(7), I(1)), want: I(7)},
		{fn: "ROUND", args: A(I(1234), I(-2)), want: I(1200)},
		{fn: "ROUND", args: A(I(1250), I(-2)), want: I(1300)},
		{fn: "ROUND", args: A(I(-1250), I(-2)), want: I(-1300)},
		{fn: "ROUND", args: A(I(5), I(-1)), want: I(10)},
		{fn: "ROUND", args: A(I(-5), I(-1)), want: I(-10)},
		{fn: "ROUND", args: A(I(1234567), I(-10)), want: I(0)},
		{fn: "ROUND", args: A(I(9223372036854775807), I(-1)), want: I(-9223372036854775800)}, // DuckDB wraps around
		{fn: "ROUND", args: A(S("2.5")), want: F(3)},                                         // DuckDB: binder error
		{fn: "ROUND", args: A(F(2.5), N), want: N},
		{fn: "ROUND", args: A(N), want: N},
		{fn: "ROUND", args: A(F(1), I(2), I(3)), err: ErrArgs},

		// FLOOR and CEIL are DOUBLE in DuckDB, even of a BIGINT.
		{fn: "FLOOR", args: A(F(2.5)), want: F(2)},
		{fn: "FLOOR", args: A(F(-2.5)), want: F(-3)},
		{fn: "FLOOR", args: A(I(7)), want: F(7)},
		{fn: "CEIL", args: A(F(2.1)), want: F(3)},
		{fn: "CEILING", args: A(I(7)), want: F(7)},
		{fn: "CEIL", args: A(F(-0.5)), want: F(math.Copysign(0, -1))},
		{fn: "CEIL", args: A(F(1e300)), want: F(1e300)},
		{fn: "FLOOR", args: A(N), want: N},
		{fn: "TRUNC", args: A(F(2.7)), want: F(2)},
		{fn: "TRUNC", args: A(F(-2.7)), want: F(-2)},
		{fn: "TRUNC", args: A(F(-0.5)), want: F(math.Copysign(0, -1))},
		{fn: "TRUNC", args: A(I(7)), want: I(7)},
		{fn: "TRUNC", args: A(F(2.789), I(2)), want: F(2.78)},
		{fn: "TRUNC", args: A(F(-2.789), I(2)), want: F(-2.78)},
		{fn: "TRUNC", args: A(F(2.5), I(-1)), want: F(0)},
		{fn: "TRUNC", args: A(I(15), I(-1)), want: I(10)},
		{fn: "TRUNC", args: A(I(-15), I(-1)), want: I(-10)},

		{fn: "POW", args: A(I(2), I(10)), want: F(1024)},
		{fn: "POWER", args: A(F(2), F(0.5)), want: F(1.4142135623730951)},
		{fn: "POW", args: A(I(2), I(-1)), want: F(0.5)},
		{fn: "POW", args: A(I(0), I(-1)), want: F(inf)},
		{fn: "POW", args: A(F(-8), F(1.0/3)), want: F(math.NaN())},
		{fn: "POW", args: A(F(2), I(1024)), want: F(inf)},
		{fn: "POW", args: A(F(-2), I(3)), want: F(-8)},
		{fn: "POW", args: A(F(0), I(0)), want: F(1)},
		{fn: "POW", args: A(N, I(0)), want: N},
		{fn: "SQRT", args: A(I(4)), want: F(2)},
		{fn: "SQRT", args: A(I(2)), want: F(1.4142135623730951)},
		{fn: "SQRT", args: A(F(1e308)), want: F(1e154)},
		{fn: "SQRT", args: A(F(math.Copysign(0, -1))), want: F(math.Copysign(0, -1))},
		{fn: "SQRT", args: A(F(math.NaN())), want: F(math.NaN())},
		{fn: "SQRT", args: A(I(-1)), err: ErrArgs},
		{fn: "CBRT", args: A(I(27)), want: F(3.0000000000000004)},
		{fn: "CBRT", args: A(I(-27)), want: F(-3.0000000000000004)},
		{fn: "CBRT", args: A(I(8)), want: F(2)},
		{fn: "CBRT", args: A(I(0)), want: F(0)},
		{fn: "CBRT", args: A(I(2)), want: F(1.2599210498948734)},
		{fn: "EXP", args: A(I(1)), want: F(2.718281828459045)},
		{fn: "EXP", args: A(I(0)), want: F(1)},
		{fn: "EXP", args: A(I(710)), want: F(inf)},
		{fn: "EXP", args: A(I(709)), want: F(8.218407461554972e+307)},
		{fn: "EXP", args: A(I(-1000)), want: F(0)},
		{fn: "LN", args: A(I(1)), want: F(0)},
		{fn: "LN", args: A(F(2.718281828459045)), want: F(1)},
		{fn: "LN", args: A(I(81)), want: F(4.394449154672439)},
		{fn: "LN", args: A(I(3)), want: F(1.0986122886681098)},
		{fn: "LN", args: A(I(0)), err: ErrArgs},
		{fn: "LN", args: A(I(-1)), err: ErrArgs},
		{fn: "LOG", args: A(I(100)), want: F(2)},
		{fn: "LOG", args: A(F(1000)), want: F(3)},
		{fn: "LOG", args: A(I(0)), err: ErrArgs},
		{fn: "LOG", args: A(I(2), I(8)), want: F(3)},
		{fn: "LOG", args: A(I(10), I(1000)), want: F(3)},
		{fn: "LOG", args: A(I(10), F(0.001)), want: F(-3)},
		{fn: "LOG", args: A(I(3), I(81)), want: F(4)},
		{fn: "LOG", args: A(I(7), I(343)), want: F(3)},
		{fn: "LOG", args: A(F(2.5), I(100)), want: F(5.02588318946412)},
		{fn: "LOG", args: A(I(8), I(2)), want: F(0.33333333333333337)},
		{fn: "LOG", args: A(I(2), I(1024)), want: F(10)},
		{fn: "LOG", args: A(I(1), I(8)), err: ErrArgs},
		{fn: "LOG", args: A(I(-2), I(8)), err: ErrArgs},
		{fn: "LOG", args: A(I(2), I(-8)), err: ErrArgs},
		{fn: "LOG", args: A(I(2), I(0)), err: ErrArgs},
		{fn: "LOG", args: A(N, I(8)), want: N},
		{fn: "LOG10", args: A(I(1000)), want: F(3)},
		{fn: "LOG10", args: A(I(81)), want: F(1.9084850188786497)},
		{fn: "LOG10", args: A(I(3)), want: F(0.47712125471966244)},
		{fn: "LOG10", args: A(I(343)), want: F(2.5352941200427703)},
		{fn: "LOG10", args: A(I(7)), want: F(0.8450980400142568)},
		{fn: "LOG10", args: A(I(-1)), err: ErrArgs},
		{fn: "LOG2", args: A(I(8)), want: F(3)},
		{fn: "LOG2", args: A(I(81)), want: F(6.339850002884624)},
		{fn: "LOG2", args: A(I(3)), want: F(1.584962500721156)},
		{fn: "LOG2", args: A(I(343)), want: F(8.422064766172813)},
		{fn: "LOG2", args: A(I(7)), want: F(2.807354922057604)},
		{fn: "LOG2", args: A(I(0)), err: ErrArgs},

		{fn: "SIGN", args: A(I(-3)), want: I(-1)},
		{fn: "SIGN", args: A(I(0)), want: I(0)},
		{fn: "SIGN", args: A(I(7)), want: I(1)},
		{fn: "SIGN", args: A(F(2.5)), want: I(1)},
		{fn: "SIGN", args: A(F(-1)), want: I(-1)},
		{fn: "SIGN", args: A(F(math.Copysign(0, -1))), want: I(0)},
		{fn: "SIGN", args: A(F(math.NaN())), want: I(0)},
		{fn: "SIGN", args: A(N), want: N},

		{fn: "MOD", args: A(I(7), I(3)), want: I(1)},
		{fn: "MOD", args: A(I(-7), I(3)), want: I(-1)},
		{fn: "MOD", args: A(I(-7), I(-3)), want: I(-1)},
		{fn: "MOD", args: A(I(7), I(-3)), want: I(1)},
		{fn: "MOD", args: A(F(7.5), I(2)), want: F(1.5)},
		{fn: "MOD", args: A(F(-7.5), I(2)), want: F(-1.5)},
		{fn: "MOD", args: A(I(7), F(2.5)), want: F(2)},
		{fn: "MOD", args: A(I(7), I(0)), want: N},
		{fn: "MOD", args: A(F(7.5), F(0)), want: F(math.NaN())}, // DuckDB: NaN for a DOUBLE zero divisor (NULL for an integer or a DECIMAL one)
		{fn: "MOD", args: A(F(7.5), F(math.NaN())), want: F(math.NaN())},
		{fn: "MOD", args: A(F(inf), I(2)), want: F(math.NaN())},
		{fn: "MOD", args: A(I(math.MinInt64), I(-1)), err: types.ErrOverflow},
		{fn: "MOD", args: A(I(7), N), want: N},

		{fn: "PI", args: A(), want: F(3.141592653589793)},
		{fn: "PI", args: A(I(1)), err: ErrArgs},

		{fn: "GREATEST", args: A(I(1), N, I(3)), want: I(3)},
		{fn: "LEAST", args: A(I(1), N, I(3)), want: I(1)},
		{fn: "GREATEST", args: A(N, N), want: N},
		{fn: "GREATEST", args: A(I(1), F(2.5)), want: F(2.5)},
		{fn: "GREATEST", args: A(I(3), F(2.5)), want: F(3)},
		{fn: "LEAST", args: A(I(2), F(2)), want: F(2)},
		{fn: "GREATEST", args: A(S("a"), S("b")), want: S("b")},
		{fn: "GREATEST", args: A(S("a"), S("B")), want: S("a")},
		{fn: "LEAST", args: A(S("서울"), S("부산")), want: S("부산")},
		{fn: "GREATEST", args: A(F(math.NaN()), I(1)), want: F(math.NaN())},
		{fn: "LEAST", args: A(D("2020-01-01"), TS("2019-01-01 10:00:00")), want: TS("2019-01-01 10:00:00")},
		{fn: "GREATEST", args: A(D("2020-01-01"), TS("2019-01-01 10:00:00")), want: TS("2020-01-01 00:00:00")},

		{fn: "SIN", args: A(I(0)), want: F(0)},
		{fn: "SIN", args: A(F(math.Inf(1))), err: types.ErrOverflow},
		{fn: "COS", args: A(F(math.Inf(-1))), err: types.ErrOverflow},
		{fn: "TAN", args: A(F(math.Inf(1))), err: types.ErrOverflow},
		{fn: "COS", args: A(F(math.NaN())), want: F(math.NaN())},
		{fn: "ATAN2", args: A(I(1), I(1)), want: F(0.7853981633974483)},
		{fn: "DEGREES", args: A(F(math.Pi)), want: F(180)},
		{fn: "RADIANS", args: A(I(180)), want: F(math.Pi)},
		{fn: "ISNAN", args: A(F(math.NaN())), want: B(true)},
		{fn: "ISINF", args: A(F(math.Inf(-1))), want: B(true)},
		{fn: "ISFINITE", args: A(I(1)), want: B(true)},
	})
}

// TestRoundHugeints: ROUND and TRUNC of a HUGEINT with negative digits
// give the multiple of 10^-d that rational arithmetic gives (half away
// from zero; toward zero), as DuckDB's do; 0 or more digits keep it.
func TestRoundHugeints(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 3000 {
		x := new(big.Int).Lsh(big.NewInt(rng.Int64()), uint(1+rng.IntN(60)))
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		if x.IsInt64() {
			continue
		}
		v := types.BigValue(x)
		d := -1 - rng.Int64N(40)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(-d), nil)
		q := new(big.Rat).SetFrac(new(big.Int).Abs(x), p)
		trunc := new(big.Int).Quo(q.Num(), q.Denom())
		round := new(big.Int).Quo(new(big.Rat).Add(q, big.NewRat(1, 2)).Num(), new(big.Rat).Add(q, big.NewRat(1, 2)).Denom())
		for _, c := range []struct {
			fn   string
			want *big.Int
		}{{"ROUND", round}, {"TRUNC", trunc}} {
			w := new(big.Int).Mul(c.want, p)
			if x.Sign() < 0 {
				w.Neg(w)
			}
			got, err := call(c.fn, []types.Value{v, types.IntValue(d)}, false)
			if err != nil || got.Big().Cmp(w) != 0 {
				t.Fatalf("%s(%s, %d) = %v, %v; want %s", c.fn, x, d, got, err, w)
			}
		}
		if got, _ := call("ROUND", []types.Value{v, types.IntValue(rng.Int64N(5))}, false); got.Big().Cmp(x) != 0 {
			t.Fatalf("ROUND(%s, d >= 0) = %v", x, got)
		}
	}
}
