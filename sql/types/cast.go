package types

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ErrConvert reports a value that cannot take the type asked for (a CAST,
// or an operand of an arithmetic or date function).
var ErrConvert = errors.New("conversion error")

// ErrOverflow reports integer arithmetic beyond 64 bits.
var ErrOverflow = errors.New("out of range")

func convertError(v Value, to Kind) error {
	return fmt.Errorf("%w: cannot convert %s %s to %s", ErrConvert, v.K, quoteText(v), to)
}

func quoteText(v Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	if v.K == String || v.K == JSON {
		return "'" + s + "'"
	}
	return s
}

// ParseNumber reads text as a number, as CAST(text AS DOUBLE) does:
// surrounding spaces allowed; an Int when it is a whole number that fits.
func ParseNumber(s string) (Value, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Value{}, false
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return IntValue(i), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && strings.EqualFold(s, "-nan") {
		// NaN with its sign, as Value.String spells 0/0 (and DuckDB).
		f, err = math.Copysign(math.NaN(), -1), nil
	}
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return Value{}, false
	}
	if strings.ContainsAny(s, "xXpP_") { // Go reads hex floats and 1_000; SQL does not
		return Value{}, false
	}
	return FloatValue(f), true
}

// ParseBool reads text as CAST(text AS BOOLEAN) does in DuckDB: true, t,
// yes, y, 1 and false, f, no, n, 0, in any case, without spaces.
func ParseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "t", "yes", "y", "1":
		return true, true
	case "false", "f", "no", "n", "0":
		return false, true
	}
	return false, false
}

// Cast converts v to kind to, as CAST does; NULL stays NULL.
func Cast(v Value, to Kind) (Value, error) {
	if v.K == Null || v.K == to && to != Float {
		return v, nil
	}
	switch to {
	case String:
		return StringValue(v.String()), nil
	case JSON:
		if v.K == String {
			// Text stays text here: CAST(s AS JSON) reads it as JSON in
			// plan.CastExpr, with the JSON reader of package function.
			return StringValue(v.S), nil
		}
		return JSONValue(string(AppendJSON(nil, v))), nil
	case Bool:
		switch v.K {
		case Int:
			return BoolValue(v.I != 0), nil
		case Float:
			return BoolValue(v.F() != 0), nil
		case String:
			if b, ok := ParseBool(v.S); ok {
				return BoolValue(b), nil
			}
		}
	case Int:
		return castInt(v)
	case Huge:
		// Only the engine casts to HUGEINT (SQL has no such type name
		// here), to read back a derived table's column of HUGEINTs,
		// which it holds as their digits' text, among other numbers
		// (the groups of a SUM), which stay as they are.
		switch v.K {
		case Int, Float:
			return v, nil
		case String:
			if b, ok := new(big.Int).SetString(v.S, 10); ok {
				return BigValue(b), nil
			}
		}
	case Float:
		switch v.K {
		case Float:
			return v, nil
		case Int, Huge, Bool:
			if v.K == Bool {
				return FloatValue(float64(v.I)), nil
			}
			f, _ := v.Float()
			return FloatValue(f), nil
		case String:
			if n, ok := ParseNumber(withoutUnderscores(v.S)); ok {
				f, _ := n.Float()
				return FloatValue(f), nil
			}
		}
	case Date:
		switch v.K {
		case Timestamp:
			return DateValue(floorDiv(v.I, microsPerDay)), nil
		case String:
			if d, ok := ParseDate(v.S); ok {
				return DateValue(d), nil
			}
		}
	case Timestamp:
		switch v.K {
		case Date:
			return TimestampValue(v.I * microsPerDay), nil
		case String:
			if us, ok := ParseTimestamp(v.S); ok {
				return TimestampValue(us), nil
			}
		}
	case Interval:
		// Only text reads as an interval; a number does not, as in
		// DuckDB.
		if v.K == String {
			return ParseInterval(v.S)
		}
	}
	return Value{}, convertError(v, to)
}

func castInt(v Value) (Value, error) {
	switch v.K {
	case Bool:
		return IntValue(v.I), nil
	case Huge:
		return Value{}, fmt.Errorf("%w: %s does not fit in BIGINT", ErrOverflow, v.S)
	case Float:
		// A DOUBLE rounds half to even, as DuckDB's cast does.
		return floatToInt(math.RoundToEven(v.F()), v)
	case String:
		if n, ok := radixInt(v.S); ok {
			return IntValue(n), nil
		}
		n, ok := ParseNumber(withoutUnderscores(v.S))
		if !ok {
			break
		}
		if n.K == Int {
			return n, nil
		}
		// Text reads as a decimal, which rounds half away from zero.
		return floatToInt(math.Round(n.F()), v)
	}
	return Value{}, convertError(v, Int)
}

// floatToInt converts a whole float r, failing beyond int64.
func floatToInt(r float64, v Value) (Value, error) {
	if math.IsNaN(r) || r < -9223372036854775808.0 || r >= 9223372036854775808.0 {
		return Value{}, fmt.Errorf("%w: %s does not fit in BIGINT", ErrOverflow, quoteText(v))
	}
	return IntValue(int64(r)), nil
}

// KindByName maps a type name of CAST/CONVERT to a kind, MySQL's names and
// DuckDB's alike; false for a name it does not know.
func KindByName(name string) (Kind, bool) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "CHAR", "VARCHAR", "TEXT", "STRING", "NCHAR", "NVARCHAR":
		return String, true
	case "SIGNED", "SIGNED INTEGER", "UNSIGNED", "UNSIGNED INTEGER", "INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "INT8", "INT4", "LONG", "UBIGINT", "UINTEGER":
		return Int, true
	case "DOUBLE", "FLOAT", "REAL", "DECIMAL", "NUMERIC", "FLOAT8", "FLOAT4", "DOUBLE PRECISION":
		return Float, true
	case "BOOL", "BOOLEAN":
		return Bool, true
	case "DATE":
		return Date, true
	case "DATETIME", "TIMESTAMP":
		return Timestamp, true
	case "JSON":
		return JSON, true
	case "INTERVAL":
		return Interval, true
	}
	return 0, false
}

// radixInt reads DuckDB's hexadecimal and binary integer text, 0x1F and
// 0b101 (x and b in either case, no sign or space around, a single _
// between digits), up to the largest BIGINT; false for any other text.
func radixInt(s string) (int64, bool) {
	if len(s) < 3 || s[0] != '0' {
		return 0, false
	}
	base := uint64(0)
	switch s[1] {
	case 'x', 'X':
		base = 16
	case 'b', 'B':
		base = 2
	default:
		return 0, false
	}
	var n uint64
	digits := s[2:]
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c == '_' && i > 0 && i+1 < len(digits) && digits[i-1] != '_' {
			continue
		}
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base || n > (math.MaxInt64-d)/base {
			return 0, false
		}
		n = n*base + d
	}
	return int64(n), true
}

// withoutUnderscores is number text with DuckDB's digit separators taken
// out (1_000.5 is 1000.5): each _ must stand between two digits; s as it
// is otherwise, which then reads as no number.
func withoutUnderscores(s string) string {
	if !strings.Contains(s, "_") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '_' {
			if i == 0 || i+1 == len(s) || !isDigit(s[i-1]) || !isDigit(s[i+1]) {
				return s
			}
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
