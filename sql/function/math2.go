package function

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/lakesql/lakesql/sql/types"
)

// More numeric functions: inverse trigonometry, COT, GAMMA and LGAMMA,
// EVEN and SIGNBIT on doubles; GCD, LCM, XOR and FACTORIAL on integers.
// Where DuckDB refuses a value (ASIN(2), COT(0), GAMMA(0), FACTORIAL(-1),
// an LCM past BIGINT) we refuse it too; where it gives NaN or an infinity
// (GAMMA(-1), LGAMMA(-1)) so do we. The integer functions refuse a DOUBLE,
// as DuckDB's binder does, and read numeric text as its number.

func init() {
	register(
		&Scalar{Name: "ASIN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: arcFn("ASIN", math.Asin),
			Signature: "ASIN(x)", Summary: "The arc sine of x, in radians; an error outside [-1, 1] (as DuckDB)."},
		&Scalar{Name: "ACOS", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: arcFn("ACOS", math.Acos),
			Signature: "ACOS(x)", Summary: "The arc cosine of x, in radians; an error outside [-1, 1] (as DuckDB)."},
		&Scalar{Name: "COT", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: cotFn,
			Signature: "COT(x)", Summary: "The cotangent of x radians, 1/TAN(x); an error for 0 and the infinities (as DuckDB)."},
		&Scalar{Name: "GAMMA", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: gammaFn,
			Signature: "GAMMA(x)", Summary: "The gamma function of x, (x-1)! for a whole x > 0; NaN at negative whole numbers, an error at 0 (as DuckDB)."},
		&Scalar{Name: "LGAMMA", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: lgammaFn,
			Signature: "LGAMMA(x)", Summary: "The natural logarithm of the absolute value of GAMMA(x); infinity at negative whole numbers, an error at 0 (as DuckDB)."},
		&Scalar{Name: "EVEN", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(even),
			Signature: "EVEN(x)", Summary: "x rounded away from zero to the next even whole number, a DOUBLE: EVEN(2.5) is 4, EVEN(-1) is -2."},
		&Scalar{Name: "SIGNBIT", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatTest(math.Signbit),
			Signature: "SIGNBIT(x)", Summary: "Whether x's sign bit is set: true for negatives, -0.0 and -NaN."},
		&Scalar{Name: "GCD", Aliases: []string{"GREATEST_COMMON_DIVISOR"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: gcdFn,
			Signature: "GCD(a, b)", Summary: "The greatest common divisor of the integers a and b, never negative (GCD(0, 0) is 0)."},
		&Scalar{Name: "LCM", Aliases: []string{"LEAST_COMMON_MULTIPLE"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: lcmFn,
			Signature: "LCM(a, b)", Summary: "The least common multiple of the integers a and b, never negative (0 when either is 0); an error past BIGINT."},
		&Scalar{Name: "XOR", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: xorFn,
			Signature: "XOR(a, b)", Summary: "The bitwise exclusive or of the integers a and b."},
		&Scalar{Name: "BIT_COUNT", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: bitCountFn,
			Signature: "BIT_COUNT(x)", Summary: "The bits set in the integer x, as a BIGINT in two's complement (BIT_COUNT(-1) is 64)."},
		&Scalar{Name: "&", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: bitAndFn, Signature: "a & b", Summary: "The bitwise and of the integers a and b."},
		&Scalar{Name: "<<", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: shiftLeftFn, Signature: "a << b", Summary: "a shifted left by b bits."},
		&Scalar{Name: ">>", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: shiftRightFn, Signature: "a >> b", Summary: "a shifted right by b bits."},
		&Scalar{Name: "~", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: bitNotFn, Signature: "~a", Summary: "The bitwise complement of the integer a."},
		&Scalar{Name: "FACTORIAL", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: factorialFn,
			Signature: "FACTORIAL(n)", Summary: "n! for an integer n from 0 to 33 (DuckDB's HUGEINT holds no more); an error for a negative n or past 33."},
	)
}

// finite refuses the infinities, as DuckDB's trigonometric functions do.
func finite(name string, x float64) error {
	if math.IsInf(x, 0) {
		return fmt.Errorf("%w: input value %v is out of range for %s", types.ErrOverflow, x, name)
	}
	return nil
}

// arcFn is ASIN or ACOS: NaN stays NaN, |x| > 1 is an error.
func arcFn(name string, f func(float64) float64) Eval {
	return checkedFloatFn(func(x float64) error {
		if err := finite(name, x); err != nil {
			return err
		}
		if x < -1 || x > 1 {
			return fmt.Errorf("%w: %s is undefined outside [-1,1]", ErrArgs, name)
		}
		return nil
	}, f)
}

var cotFn = checkedFloatFn(func(x float64) error {
	if err := finite("COT", x); err != nil {
		return err
	}
	if x == 0 {
		return fmt.Errorf("%w: input value %v is out of range for the cotangent", types.ErrOverflow, x)
	}
	return nil
}, func(x float64) float64 { return 1 / math.Tan(x) })

// nonZero refuses 0, as DuckDB's GAMMA and LGAMMA do.
func nonZero(what string) func(float64) error {
	return func(x float64) error {
		if x == 0 {
			return fmt.Errorf("%w: cannot take %s of zero", types.ErrOverflow, what)
		}
		return nil
	}
}

var (
	gammaFn  = checkedFloatFn(nonZero("gamma"), math.Gamma)
	lgammaFn = checkedFloatFn(nonZero("log gamma"), func(x float64) float64 {
		if math.IsInf(x, -1) {
			return math.Inf(1) // C's lgamma; Go's says -Inf
		}
		r, _ := math.Lgamma(x)
		return r
	})
)

// even is DuckDB's EVEN: x rounded away from zero to a whole number, and
// one further away when that is odd (-0 stays -0, as in DuckDB).
func even(x float64) float64 {
	v := -math.Ceil(-x)
	if x >= 0 {
		v = math.Ceil(x)
	}
	if math.Floor(v/2)*2 != v {
		if x >= 0 {
			return v + 1
		}
		return v - 1
	}
	return v
}

// wholeArg reads an argument of a function DuckDB defines on integers
// only: an Int, or text spelling one. A DOUBLE or a BOOLEAN is refused,
// as DuckDB's binder refuses them; a HUGEINT beyond BIGINT too.
func wholeArg(v types.Value) (int64, error) {
	switch v.K {
	case types.Int:
		return v.I, nil
	case types.String:
		if n, ok := types.ParseNumber(v.S); ok && n.K == types.Int {
			return n.I, nil
		}
		return 0, fmt.Errorf("%w: %s is not an integer", types.ErrConvert, quote(v))
	case types.Huge:
		return 0, fmt.Errorf("%w: %s is beyond BIGINT", types.ErrOverflow, quote(v))
	}
	return 0, fmt.Errorf("%w: %s %s is not an integer", ErrArgs, v.K, quote(v))
}

func wholeArgs(a []types.Value) (int64, int64, error) {
	x, err := wholeArg(a[0])
	if err != nil {
		return 0, 0, err
	}
	y, err := wholeArg(a[1])
	return x, y, err
}

// absInt is DuckDB's checked ABS of a BIGINT.
func absInt(x int64) (int64, error) {
	if x == math.MinInt64 {
		return 0, fmt.Errorf("%w: overflow on abs(%d)", types.ErrOverflow, x)
	}
	if x < 0 {
		return -x, nil
	}
	return x, nil
}

// gcd is DuckDB's: Euclid's algorithm with truncating remainders, the
// last divisor made positive, an error when that is -2^63 (GCD(-2^63, 0));
// -2^63 and -1 give 1 without dividing.
func gcd(a, b int64) (int64, error) {
	if a == math.MinInt64 && b == -1 || a == -1 && b == math.MinInt64 {
		return 1, nil
	}
	for {
		if b == 0 {
			return absInt(a)
		}
		a %= b
		if a == 0 {
			return absInt(b)
		}
		b %= a
	}
}

func gcdFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	g, err := gcd(x, y)
	if err != nil {
		return types.Value{}, err
	}
	return i2v(g), nil
}

// lcmFn is DuckDB's LCM: 0 when either is 0, else |a * (b / GCD(a, b))|,
// an error when the product or its absolute value leaves BIGINT.
func lcmFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	if x == 0 || y == 0 {
		return i2v(0), nil
	}
	g, err := gcd(x, y)
	if err != nil {
		return types.Value{}, err
	}
	q := y / g
	p := x * q
	if q != 0 && (p/q != x || x == -1 && q == math.MinInt64 || q == -1 && x == math.MinInt64) {
		return types.Value{}, fmt.Errorf("%w: lcm value is out of range", types.ErrOverflow)
	}
	p, err = absInt(p)
	if err != nil {
		return types.Value{}, err
	}
	return i2v(p), nil
}

func xorFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	return i2v(x ^ y), nil
}

// The bitwise operators, as DuckDB computes them on BIGINTs: & | ~ and
// XOR bit by bit; a << b an error for a negative a or b, for b past 63
// and when bits of a would pass the sign's; a >> b arithmetic, 0 for b
// negative or past 63.

func bitCountFn(a []types.Value) (types.Value, error) {
	x, err := wholeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	return i2v(int64(bits.OnesCount64(uint64(x)))), nil
}

func bitAndFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	return i2v(x & y), nil
}

func bitNotFn(a []types.Value) (types.Value, error) {
	x, err := wholeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	return i2v(^x), nil
}

func shiftLeftFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	switch {
	case x < 0:
		return types.Value{}, fmt.Errorf("%w: cannot left-shift negative number %d", types.ErrOverflow, x)
	case y < 0:
		return types.Value{}, fmt.Errorf("%w: cannot left-shift by negative number %d", types.ErrOverflow, y)
	case y > 63:
		return types.Value{}, fmt.Errorf("%w: left-shift value %d is out of range", types.ErrOverflow, y)
	case x>>(63-y) > 0:
		return types.Value{}, fmt.Errorf("%w: overflow in left shift (%d << %d)", types.ErrOverflow, x, y)
	}
	return i2v(x << y), nil
}

func shiftRightFn(a []types.Value) (types.Value, error) {
	x, y, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	if y < 0 || y > 63 {
		return i2v(0), nil
	}
	return i2v(x >> y), nil
}

// maxFactorial is the largest n whose n! fits DuckDB's HUGEINT.
const maxFactorial = 33

func factorialFn(a []types.Value) (types.Value, error) {
	n, err := wholeArg(a[0])
	if err != nil {
		return types.Value{}, err
	}
	switch {
	case n < 0:
		return types.Value{}, fmt.Errorf("%w: factorial of a negative number is undefined", types.ErrOverflow)
	case n > maxFactorial:
		return types.Value{}, fmt.Errorf("%w: %d! is beyond HUGEINT", types.ErrOverflow, n)
	}
	return types.BigValue(new(big.Int).MulRange(1, n)), nil
}
