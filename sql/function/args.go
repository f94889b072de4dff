package function

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// Argument conversions shared by the functions. Our rows come from JSON,
// where one field may hold numbers on some rows and text on others, so a
// string function reads a number as its text (DuckDB's CAST to VARCHAR)
// where DuckDB's binder would refuse the call, and a numeric argument reads
// numeric text.

// text returns the value as a string function reads it: a String's or a
// JSON's text as is, any other kind as CAST(v AS VARCHAR) spells it.
func text(v types.Value) string {
	if v.K == types.String || v.K == types.JSON {
		return v.S
	}
	return v.String()
}

// quote spells a value for an error message, cut to a readable length.
func quote(v types.Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	if v.K == types.String || v.K == types.JSON {
		return "'" + s + "'"
	}
	return s
}

// intArg reads an integer argument (a position, a length, a count): an Int
// as is, a Float rounded half away from zero, numeric text as a number.
func intArg(v types.Value, what string) (int64, error) {
	if v.K == types.Int {
		return v.I, nil
	}
	switch v.K {
	case types.Float, types.String, types.Bool, types.Huge:
		n, err := types.Cast(v, types.Int)
		if err == nil {
			return n.I, nil
		}
		return 0, fmt.Errorf("%w: %s %s is not an integer", types.ErrConvert, what, quote(v))
	}
	return 0, fmt.Errorf("%w: %s %s is not an integer", ErrArgs, what, quote(v))
}

// floatArg reads a numeric argument as a double.
func floatArg(v types.Value) (float64, error) {
	switch v.K {
	case types.Float:
		return v.F(), nil
	case types.Int:
		return float64(v.I), nil
	case types.Huge:
		f, _ := v.Float()
		return f, nil
	case types.String:
		if n, ok := types.ParseNumber(v.S); ok {
			f, _ := n.Float()
			return f, nil
		}
		return 0, fmt.Errorf("%w: %s is not a number", types.ErrConvert, quote(v))
	}
	return 0, fmt.Errorf("%w: %s %s is not a number", ErrArgs, v.K, quote(v))
}

// floatArgs reads the two numeric arguments of a function of two doubles.
func floatArgs(a []types.Value) (x, y float64, err error) {
	if x, err = floatArg(a[0]); err == nil {
		y, err = floatArg(a[1])
	}
	return x, y, err
}

// numArgs reads the two numeric arguments of an arithmetic function, each
// keeping its kind (numArg).
func numArgs(a []types.Value) (x, y types.Value, err error) {
	if x, err = numArg(a[0]); err == nil {
		y, err = numArg(a[1])
	}
	return x, y, err
}

// numArg reads a numeric argument keeping its kind: Int, Huge or Float;
// numeric text becomes the number it spells.
func numArg(v types.Value) (types.Value, error) {
	switch v.K {
	case types.Int, types.Float, types.Huge:
		return v, nil
	case types.String:
		if n, ok := types.ParseNumber(v.S); ok {
			return n, nil
		}
		return types.Value{}, fmt.Errorf("%w: %s is not a number", types.ErrConvert, quote(v))
	}
	return types.Value{}, fmt.Errorf("%w: %s %s is not a number", ErrArgs, v.K, quote(v))
}

// constString returns argument i's text when it is a non-NULL constant.
func constString(consts []*types.Value, i int) (string, bool) {
	if i >= len(consts) || consts[i] == nil || consts[i].K == types.Null {
		return "", false
	}
	return text(*consts[i]), true
}

// constNull reports whether argument i is the constant NULL.
func constNull(consts []*types.Value, i int) bool {
	return i < len(consts) && consts[i] != nil && consts[i].K == types.Null
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// runeCount counts the code points of s, fast on ASCII.
func runeCount(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// runeOffset returns the byte offset of code point i (0-based) in s,
// len(s) when s has fewer.
func runeOffset(s string, i int64) int {
	if i <= 0 {
		return 0
	}
	n := int64(0)
	for off := range s {
		if n == i {
			return off
		}
		n++
	}
	return len(s)
}

// maxResult bounds the bytes a function may build (REPEAT, LPAD, ...): a
// query asking for more is an error rather than a process past its
// memory (a value is held, copied and printed several times over; a
// line of input may hold 64 MiB).
const maxResult = 16 << 20

// tooLong is the error of a result of n bytes, or of count times size
// (which may not fit an int64).
func tooLong(count, size int64) error {
	if size != 0 && count > math.MaxInt64/size {
		return fmt.Errorf("%w: the result would be %d times %d bytes, more than the %d allowed", ErrArgs, count, size, maxResult)
	}
	return fmt.Errorf("%w: the result would be %d bytes, more than the %d allowed", ErrArgs, count*size, maxResult)
}

// b2v and friends build results.
func b2v(b bool) types.Value     { return types.BoolValue(b) }
func i2v(i int64) types.Value    { return types.IntValue(i) }
func f2v(f float64) types.Value  { return types.FloatValue(f) }
func s2v(s string) types.Value   { return types.StringValue(s) }
func isInt(f float64) bool       { return f == math.Trunc(f) && !math.IsInf(f, 0) }
func lowerASCII(s string) string { return strings.ToLower(s) }
