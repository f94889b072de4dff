package function

import (
	"fmt"
	"math"
	"math/big"

	"github.com/lakesql/lakesql/sql/types"
)

// Numeric functions. Kinds follow DuckDB's result types: a function DuckDB
// types BIGINT on a BIGINT argument keeps an Int (ABS, ROUND, TRUNC, SIGN,
// MOD), one it types DOUBLE gives a Float (FLOOR and CEIL, even of an
// integer, as in DuckDB; SQRT, POW, EXP, LN, LOG). Numeric text is read as
// the number it spells, where DuckDB's binder would refuse it.

func init() {
	register(
		&Scalar{Name: "ABS", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: absFn,
			Signature: "ABS(x)", Summary: "The absolute value of x (an integer stays an integer)."},
		&Scalar{Name: "ROUND", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: roundFn,
			Signature: "ROUND(x[, digits])",
			Summary:   "x rounded half away from zero to digits decimal places (negative: to tens, hundreds...); an integer stays an integer."},
		&Scalar{Name: "FLOOR", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Floor),
			Signature: "FLOOR(x)", Summary: "The largest whole number not above x, as a DOUBLE (as DuckDB, even for an integer)."},
		&Scalar{Name: "CEIL", Double: true, Aliases: []string{"CEILING"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Ceil),
			Signature: "CEIL(x)", Summary: "The smallest whole number not below x, as a DOUBLE (as DuckDB, even for an integer)."},
		&Scalar{Name: "TRUNC", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: truncFn,
			Signature: "TRUNC(x[, digits])", Summary: "x truncated toward zero to digits decimal places; an integer stays an integer."},
		&Scalar{Name: "POW", Double: true, Aliases: []string{"POWER"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: powFn,
			Signature: "POW(x, y)", Summary: "x to the power y, a DOUBLE."},
		&Scalar{Name: "SQRT", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: sqrtFn,
			Signature: "SQRT(x)", Summary: "The square root of x; an error for a negative x (as DuckDB)."},
		&Scalar{Name: "CBRT", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(cbrt),
			Signature: "CBRT(x)", Summary: "The cube root of x."},
		&Scalar{Name: "EXP", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(exp),
			Signature: "EXP(x)", Summary: "e to the power x."},
		&Scalar{Name: "LN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: logFn(ln),
			Signature: "LN(x)", Summary: "The natural logarithm of x; an error for x <= 0 (as DuckDB)."},
		&Scalar{Name: "LOG", Double: true, MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: logBaseFn,
			Signature: "LOG([base, ]x)",
			Summary:   "The base-10 logarithm of x (DuckDB's LOG(x), where MySQL's is natural), or LOG(base, x); an error for x <= 0."},
		&Scalar{Name: "LOG10", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: logFn(log10),
			Signature: "LOG10(x)", Summary: "The base-10 logarithm of x; an error for x <= 0."},
		&Scalar{Name: "LOG2", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: logFn(log2),
			Signature: "LOG2(x)", Summary: "The base-2 logarithm of x; an error for x <= 0."},
		&Scalar{Name: "SIGN", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: signFn,
			Signature: "SIGN(x)", Summary: "-1, 0 or 1 as x is negative, zero (or NaN) or positive."},
		&Scalar{Name: "MOD", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: modFn,
			Signature: "MOD(x, y)", Summary: "The remainder of x / y with x's sign (x % y); NULL when y is 0, as DuckDB."},
		&Scalar{Name: "FDIV", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: floorDivFn(false),
			Signature: "FDIV(x, y)", Summary: "floor(x / y), a DOUBLE (DuckDB's macro): ±inf when y is 0 (NaN when x is 0 too)."},
		&Scalar{Name: "FMOD", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: floorDivFn(true),
			Signature: "FMOD(x, y)", Summary: "x - y * floor(x / y), a DOUBLE with y's sign (DuckDB's macro): NaN when y is 0."},
		&Scalar{Name: "PI", Double: true, MinArgs: 0, MaxArgs: 0,
			Fn:        func([]types.Value) (types.Value, error) { return f2v(math.Pi), nil },
			Signature: "PI()", Summary: "π."},
		&Scalar{Name: "GREATEST", MinArgs: 1, MaxArgs: -1, Fn: extremeFn(1),
			Signature: "GREATEST(x, ...)", Summary: "The largest argument, NULLs ignored (NULL when all are)."},
		&Scalar{Name: "LEAST", MinArgs: 1, MaxArgs: -1, Fn: extremeFn(-1),
			Signature: "LEAST(x, ...)", Summary: "The smallest argument, NULLs ignored (NULL when all are)."},
		&Scalar{Name: "SIN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: finiteFn("SIN", math.Sin),
			Signature: "SIN(x)", Summary: "The sine of x radians; an error for an infinite x (as DuckDB)."},
		&Scalar{Name: "COS", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: finiteFn("COS", math.Cos),
			Signature: "COS(x)", Summary: "The cosine of x radians; an error for an infinite x (as DuckDB)."},
		&Scalar{Name: "TAN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: finiteFn("TAN", math.Tan),
			Signature: "TAN(x)", Summary: "The tangent of x radians; an error for an infinite x (as DuckDB)."},
		&Scalar{Name: "ATAN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Atan),
			Signature: "ATAN(x)", Summary: "The arc tangent of x, in radians."},
		&Scalar{Name: "ATAN2", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: atan2Fn,
			Signature: "ATAN2(y, x)", Summary: "The angle of the point (x, y), in radians."},
		&Scalar{Name: "DEGREES", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(func(x float64) float64 { return x * (180 / math.Pi) }),
			Signature: "DEGREES(x)", Summary: "x radians in degrees."},
		&Scalar{Name: "RADIANS", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(func(x float64) float64 { return x * (math.Pi / 180) }),
			Signature: "RADIANS(x)", Summary: "x degrees in radians."},
		&Scalar{Name: "ISNAN", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatTest(math.IsNaN),
			Signature: "ISNAN(x)", Summary: "Whether x is NaN."},
		&Scalar{Name: "ISINF", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatTest(func(x float64) bool { return math.IsInf(x, 0) }),
			Signature: "ISINF(x)", Summary: "Whether x is infinite."},
		&Scalar{Name: "ISFINITE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatTest(func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }),
			Signature: "ISFINITE(x)", Summary: "Whether x is neither infinite nor NaN."},
	)
}

// floatFn applies a function of a double.
func floatFn(f func(float64) float64) Eval { return checkedFloatFn(nil, f) }

// checkedFloatFn applies a function of a double to the doubles that
// check (when not nil) takes; its error refuses the others.
func checkedFloatFn(check func(float64) error, f func(float64) float64) Eval {
	return func(a []types.Value) (types.Value, error) {
		x, err := floatArg(a[0])
		if err != nil {
			return types.Value{}, err
		}
		if check != nil {
			if err := check(x); err != nil {
				return types.Value{}, err
			}
		}
		return f2v(f(x)), nil
	}
}

// finiteFn applies a function of a double that refuses the infinities
// (SIN, COS, TAN: DuckDB's "input value inf is out of range").
func finiteFn(name string, f func(float64) float64) Eval {
	return checkedFloatFn(func(x float64) error { return finite(name, x) }, f)
}

func floatTest(f func(float64) bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		x, err := floatArg(a[0])
		if err != nil {
			return types.Value{}, err
		}
		return b2v(f(x)), nil
	}
}

func absFn(a []types.Value) (types.Value, error) {
	v, err := numArg(a[0])
	if err != nil {
		return v, err
	}
	switch v.K {
	case types.Int:
		if v.I == math.MinInt64 {
			return types.Value{}, fmt.Errorf("%w: overflow on ABS(%d)", types.ErrOverflow, v.I)
		}
		if v.I < 0 {
			return i2v(-v.I), nil
		}
		return v, nil
	case types.Huge:
		b := v.Big()
		return types.BigValue(b.Abs(b)), nil
	}
	return f2v(math.Abs(v.F())), nil
}

// pow10 holds the powers of ten that fit in an int64.
var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// digitsArg reads ROUND's and TRUNC's second argument.
func digitsArg(a []types.Value) (int64, error) {
	if len(a) < 2 {
		return 0, nil
	}
	return intArg(a[1], "precision")
}

// roundFn is DuckDB's ROUND: half away from zero. On a double with
// digits d it is round(x * 10^d) / 10^d, x itself when that overflows;
// on an integer with d < 0 it rounds to a multiple of 10^-d with DuckDB's
// 64-bit arithmetic, wrapping around as DuckDB does near the limits.
func roundFn(a []types.Value) (types.Value, error) {
	v, err := numArg(a[0])
	if err != nil {
		return v, err
	}
	d, err := digitsArg(a)
	if err != nil {
		return types.Value{}, err
	}
	switch v.K {
	case types.Int:
		if d >= 0 {
			return v, nil
		}
		if -d >= int64(len(pow10)) {
			return i2v(0), nil
		}
		p := pow10[-d]
		add := p / 2
		if v.I < 0 {
			add = -add
		}
		return i2v((v.I + add) / p * p), nil
	case types.Huge:
		if d >= 0 {
			return v, nil
		}
		return hugeAtTens(v, -d, true), nil
	}
	return f2v(atDigits(v.F(), d, len(a) < 2, math.Round)), nil
}

// truncFn is DuckDB's TRUNC: toward zero; an integer stays an integer.
func truncFn(a []types.Value) (types.Value, error) {
	v, err := numArg(a[0])
	if err != nil {
		return v, err
	}
	d, err := digitsArg(a)
	if err != nil {
		return types.Value{}, err
	}
	switch v.K {
	case types.Int:
		if d >= 0 {
			return v, nil
		}
		if -d >= int64(len(pow10)) {
			return i2v(0), nil
		}
		p := pow10[-d]
		return i2v(v.I / p * p), nil
	case types.Huge:
		if d >= 0 {
			return v, nil
		}
		return hugeAtTens(v, -d, false), nil
	}
	return f2v(atDigits(v.F(), d, len(a) < 2, math.Trunc)), nil
}

// hugeAtTens is a HUGEINT rounded half away from zero (round) or
// truncated toward zero to a multiple of 10^n, n > 0, as DuckDB's ROUND
// and TRUNC with negative digits: 0 once 10^n passes its 39 digits.
func hugeAtTens(v types.Value, n int64, round bool) types.Value {
	if n > 39 {
		return i2v(0)
	}
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil)
	x := v.Big()
	if round {
		h := new(big.Int).Quo(p, big.NewInt(2))
		if x.Sign() < 0 {
			h.Neg(h)
		}
		x.Add(x, h)
	}
	x.Quo(x, p)
	return types.BigValue(x.Mul(x, p))
}

// atDigits rounds or truncates x (as to does) at d decimal digits, or x
// itself when whole; d < 0 counts tens. A result that overflows leaves x
// (d >= 0) or is 0 (d < 0), as DuckDB answers.
func atDigits(x float64, d int64, whole bool, to func(float64) float64) float64 {
	if whole {
		return to(x)
	}
	if d >= 0 {
		m := math.Pow(10, float64(d))
		if r := to(x*m) / m; !math.IsInf(r, 0) && !math.IsNaN(r) {
			return r
		}
		return x
	}
	m := math.Pow(10, float64(-d))
	if r := to(x/m) * m; !math.IsInf(r, 0) && !math.IsNaN(r) {
		return r
	}
	return 0
}

func powFn(a []types.Value) (types.Value, error) {
	x, y, err := floatArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	return f2v(pow(x, y)), nil
}

func sqrtFn(a []types.Value) (types.Value, error) {
	x, err := floatArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	if x < 0 {
		return types.Value{}, fmt.Errorf("%w: cannot take the square root of a negative number (%s)", ErrArgs, quote(a[0]))
	}
	return f2v(math.Sqrt(x)), nil
}

// checkLog refuses what DuckDB's logarithms refuse: zero and negatives.
func checkLog(x float64, v types.Value) error {
	switch {
	case x == 0:
		return fmt.Errorf("%w: cannot take the logarithm of zero", ErrArgs)
	case x < 0:
		return fmt.Errorf("%w: cannot take the logarithm of a negative number (%s)", ErrArgs, quote(v))
	}
	return nil
}

func logFn(f func(float64) float64) Eval {
	return func(a []types.Value) (types.Value, error) {
		x, err := floatArg(a[0])
		if err != nil {
			return types.Value{}, err
		}
		if err := checkLog(x, a[0]); err != nil {
			return types.Value{}, err
		}
		return f2v(f(x)), nil
	}
}

// logBaseFn is DuckDB's LOG: LOG(x) is base 10 (MySQL's LOG(x) is the
// natural logarithm; we follow DuckDB), LOG(b, x) is log10(x)/log10(b).
func logBaseFn(a []types.Value) (types.Value, error) {
	if len(a) == 1 {
		return logFn(log10)(a)
	}
	b, err := floatArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	x, err := floatArg(a[1])
	if err != nil {
		return types.Value{}, err
	}
	if err := checkLog(b, a[0]); err != nil {
		return types.Value{}, err
	}
	if err := checkLog(x, a[1]); err != nil {
		return types.Value{}, err
	}
	if b == 1 {
		return types.Value{}, fmt.Errorf("%w: division by zero in a logarithm of base 1", ErrArgs)
	}
	return f2v(log10(x) / log10(b)), nil
}

func signFn(a []types.Value) (types.Value, error) {
	v, err := numArg(a[0])
	if err != nil {
		return v, err
	}
	switch v.K {
	case types.Int:
		switch {
		case v.I > 0:
			return i2v(1), nil
		case v.I < 0:
			return i2v(-1), nil
		}
		return i2v(0), nil
	case types.Huge:
		return i2v(int64(v.Big().Sign())), nil
	}
	switch {
	case v.F() > 0:
		return i2v(1), nil
	case v.F() < 0:
		return i2v(-1), nil
	}
	return i2v(0), nil
}

var modFn = opFn(types.Mod)

// floorDivFn is FDIV (floor(x / y)) or, with mod, FMOD (x - y * floor(x
// / y)), in DOUBLEs as DuckDB's macros compute them.
func floorDivFn(mod bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		x, y, err := floatArgs(a)
		if err != nil {
			return types.Value{}, err
		}
		q := math.Floor(x / y)
		if mod {
			return f2v(x - y*q), nil
		}
		return f2v(q), nil
	}
}

func atan2Fn(a []types.Value) (types.Value, error) {
	y, x, err := floatArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	return f2v(math.Atan2(y, x)), nil
}

// extremeFn is GREATEST (dir 1) and LEAST (dir -1): NULLs are ignored, as
// in DuckDB (MySQL answers NULL). Arguments compare by types.Compare; as
// DuckDB casts its arguments to one type, an integer that wins among
// doubles comes back a double, and a date among timestamps a timestamp.
func extremeFn(dir int) Eval {
	return func(a []types.Value) (types.Value, error) {
		var best types.Value
		anyFloat, anyTS := false, false
		for _, v := range a {
			switch v.K {
			case types.Null:
				continue
			case types.Float:
				anyFloat = true
			case types.Timestamp:
				anyTS = true
			}
			if best.K == types.Null || types.Compare(v, best)*dir > 0 {
				best = v
			}
		}
		switch {
		case anyFloat && (best.K == types.Int || best.K == types.Huge):
			f, _ := best.Float()
			return f2v(f), nil
		case anyTS && best.K == types.Date:
			return types.Cast(best, types.Timestamp)
		}
		return best, nil
	}
}
