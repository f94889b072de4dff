package function

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/types"
)

// Conditional functions: they see NULL arguments (NullIn false).

func init() {
	register(
		&Scalar{Name: "ERROR", MinArgs: 1, MaxArgs: 1, Volatile: true, Fn: errorFn,
			Signature: "ERROR(message)",
			Summary:   "Fails the statement with the text message, where a row reaches it (CASE WHEN bad THEN ERROR('…') ELSE x END)."},
		&Scalar{Name: "COALESCE", MinArgs: 1, MaxArgs: -1, Fn: coalesceFn,
			Signature: "COALESCE(x, ...)", Summary: "The first argument that is not NULL (NULL when all are)."},
		&Scalar{Name: "IFNULL", Aliases: []string{"NVL"}, MinArgs: 2, MaxArgs: 2, Fn: coalesceFn,
			Signature: "IFNULL(x, y)", Summary: "x, or y when x is NULL."},
		&Scalar{Name: "NULLIF", MinArgs: 2, MaxArgs: 2, Fn: nullifFn,
			Signature: "NULLIF(x, y)", Summary: "NULL when x equals y, else x."},
		&Scalar{Name: "IF", MinArgs: 3, MaxArgs: 3, Fn: ifFn,
			Signature: "IF(cond, then, else)", Summary: "then when cond is true, else otherwise (a NULL cond takes else)."},
		&Scalar{Name: "TYPEOF", MinArgs: 1, MaxArgs: 1,
			Fn:        func(a []types.Value) (types.Value, error) { return s2v(a[0].K.String()), nil },
			Signature: "TYPEOF(x)", Summary: "The name of x's type: BIGINT, DOUBLE, VARCHAR, DATE, JSON, ... ('NULL' for NULL)."},
	)
}

func coalesceFn(a []types.Value) (types.Value, error) {
	for _, v := range a {
		if v.K != types.Null {
			return v, nil
		}
	}
	return types.Value{}, nil
}

// equalCoerced compares x and y as DuckDB compares a value with a value
// of another type: text beside a number or a date reads as one.
func equalCoerced(x, y types.Value) bool {
	if !types.Comparable(x.K, y.K) {
		switch {
		case x.K == types.String && y.K != types.JSON:
			c, err := types.Cast(x, coerceKind(y.K))
			if err != nil {
				return false
			}
			x = c
		case y.K == types.String && x.K != types.JSON:
			c, err := types.Cast(y, coerceKind(x.K))
			if err != nil {
				return false
			}
			y = c
		}
	}
	return types.Equal(x, y)
}

func coerceKind(k types.Kind) types.Kind {
	if k == types.Int || k == types.Huge {
		return types.Float
	}
	return k
}

// nullifFn is NULLIF; 1 and '1' are equal, as DuckDB casts '1' to 1.
func nullifFn(a []types.Value) (types.Value, error) {
	if a[0].K == types.Null {
		return a[0], nil
	}
	if a[1].K != types.Null && equalCoerced(a[0], a[1]) {
		return types.Value{}, nil
	}
	return a[0], nil
}

// truthy reads a condition as DuckDB casts it to BOOLEAN: a number is true
// when not zero, text must spell a boolean ('true', 'f', '1', ...).
func truthy(v types.Value) (bool, error) {
	switch v.K {
	case types.Null:
		return false, nil
	case types.Bool, types.Int:
		return v.I != 0, nil
	case types.Float:
		return v.F() != 0, nil
	case types.Huge:
		return true, nil
	case types.String:
		if b, ok := types.ParseBool(v.S); ok {
			return b, nil
		}
		return false, fmt.Errorf("%w: cannot read %s as a BOOLEAN", types.ErrConvert, quote(v))
	}
	return false, fmt.Errorf("%w: cannot read %s %s as a BOOLEAN", ErrArgs, v.K, quote(v))
}

func ifFn(a []types.Value) (types.Value, error) {
	ok, err := truthy(a[0])
	if err != nil {
		return types.Value{}, err
	}
	if ok {
		return a[1], nil
	}
	return a[2], nil
}

// errorFn is DuckDB's ERROR(message): the statement fails with message.
func errorFn(a []types.Value) (types.Value, error) {
	return types.Value{}, Raised{Message: a[0].String()}
}

// Raised is the error of ERROR(message): the message as written.
type Raised struct{ Message string }

func (e Raised) Error() string { return e.Message }
