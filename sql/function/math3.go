package function

import (
	"fmt"
	"math"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's hyperbolic functions, NEXTAFTER, and its function forms of the
// arithmetic operators.

func init() {
	register(
		&Scalar{Name: "SINH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Sinh),
			Signature: "SINH(x)", Summary: "The hyperbolic sine of x."},
		&Scalar{Name: "COSH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Cosh),
			Signature: "COSH(x)", Summary: "The hyperbolic cosine of x."},
		&Scalar{Name: "TANH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Tanh),
			Signature: "TANH(x)", Summary: "The hyperbolic tangent of x."},
		&Scalar{Name: "ASINH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(math.Asinh),
			Signature: "ASINH(x)", Summary: "The inverse hyperbolic sine of x."},
		&Scalar{Name: "ACOSH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: floatFn(acosh),
			Signature: "ACOSH(x)", Summary: "The inverse hyperbolic cosine of x; NaN (-nan) below 1, as DuckDB."},
		&Scalar{Name: "ATANH", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: atanhFn,
			Signature: "ATANH(x)", Summary: "The inverse hyperbolic tangent of x; inf at -1 and 1, an error outside [-1, 1] (as DuckDB)."},
		&Scalar{Name: "NEXTAFTER", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: nextafterFn,
			Signature: "NEXTAFTER(x, y)", Summary: "The next DOUBLE after x toward y."},
		&Scalar{Name: "MULTIPLY", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: opFn(types.Mul),
			Signature: "MULTIPLY(a, b)", Summary: "a * b."},
		&Scalar{Name: "SUBTRACT", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: opFn(types.Sub),
			Signature: "SUBTRACT(a, b)", Summary: "a - b."},
		&Scalar{Name: "DIVIDE", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: divideFn,
			Signature: "DIVIDE(a, b)", Summary: "a // b of two integers (NULL when b is 0), else a / b: DuckDB's division of a's and b's type."},
	)
}

// acosh is C's acosh, whose NaN below 1 has its sign bit set (DuckDB
// shows -nan).
func acosh(x float64) float64 {
	if x < 1 {
		return math.Copysign(math.NaN(), -1)
	}
	return math.Acosh(x)
}

// atanhFn is DuckDB's ATANH: an error outside [-1, 1], inf at either end
// (its AtanhOperator gives +inf at -1 too).
var atanhFn = checkedFloatFn(func(x float64) error {
	if x < -1 || x > 1 {
		return fmt.Errorf("%w: ATANH is undefined outside [-1,1]", ErrArgs)
	}
	return nil
}, func(x float64) float64 {
	if x == -1 || x == 1 {
		return math.Inf(1)
	}
	return math.Atanh(x)
})

func nextafterFn(a []types.Value) (types.Value, error) {
	x, y, err := floatArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	return f2v(math.Nextafter(x, y)), nil
}

// opFn is an arithmetic operator as a function of two numbers.
func opFn(op types.Op) Eval {
	return func(a []types.Value) (types.Value, error) {
		x, y, err := numArgs(a)
		if err != nil {
			return types.Value{}, err
		}
		return types.Arith(op, x, y)
	}
}

// divideFn is DuckDB's DIVIDE, which divides in its arguments' type: of
// two integers the integer quotient (//), else the DOUBLE one (/).
func divideFn(a []types.Value) (types.Value, error) {
	x, y, err := numArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	if x.K == types.Int && y.K == types.Int {
		return types.Arith(types.IntDiv, x, y)
	}
	return types.Arith(types.Div, x, y)
}
