package types

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unsafe"
)

// Kind is the type of a value.
type Kind uint8

const (
	Null      Kind = iota
	Bool           // I: 0 or 1
	Int            // I
	Huge           // S: the decimal text of an integer beyond int64
	Float          // I: the float64's bits (see Value.F)
	Date           // I: days since 1970-01-01
	Timestamp      // I: microseconds since 1970-01-01 00:00:00 UTC
	Interval       // I: microseconds; S: months and days, when either is not 0 (see Value.Months, Value.Days)
	String         // S
	JSON           // S: the JSON text of an object or array
)

var kindNames = [...]string{Null: "NULL", Bool: "BOOLEAN", Int: "BIGINT", Huge: "HUGEINT", Float: "DOUBLE",
	Date: "DATE", Timestamp: "TIMESTAMP", Interval: "INTERVAL", String: "VARCHAR", JSON: "JSON"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Numeric reports whether the kind is a number.
func (k Kind) Numeric() bool { return k == Int || k == Huge || k == Float }

// Value is one SQL value. A String's text may point into a scan buffer
// that is reused for the next row: an operator that keeps a value beyond
// the row it came with keeps [Value.Clone].
//
// S is a number's JSON spelling when it was read from a row (see Text);
// arithmetic and comparison ignore it.
//
// A Value is 32 bytes, three fields, so that the compiler keeps one in
// registers: a fourth word (a float64 of its own) made every Value a
// memory copy, and each one returned by Eval stalled on store forwarding.
type Value struct {
	K Kind
	I int64
	S string
}

// Constructors.
func BoolValue(b bool) Value {
	if b {
		return Value{K: Bool, I: 1}
	}
	return Value{K: Bool}
}
func IntValue(i int64) Value      { return Value{K: Int, I: i} }
func FloatValue(f float64) Value  { return Value{K: Float, I: int64(math.Float64bits(f))} }
func StringValue(s string) Value  { return Value{K: String, S: s} }
func JSONValue(text string) Value { return Value{K: JSON, S: text} }
func DateValue(days int64) Value  { return Value{K: Date, I: days} }
func TimestampValue(us int64) Value {
	return Value{K: Timestamp, I: us}
}

// IntervalValue is an interval of months, days and microseconds, kept
// apart as DuckDB keeps them: 36 hours is not 1 day 12 hours, though the
// two compare equal (see Value.NormalInterval).
func IntervalValue(months, days, micros int64) Value {
	v := Value{K: Interval, I: micros}
	if months != 0 || days != 0 {
		b := binary.LittleEndian.AppendUint64(make([]byte, 0, 16), uint64(months))
		v.S = string(binary.LittleEndian.AppendUint64(b, uint64(days)))
	}
	return v
}

// IntervalMicros is the interval between two times that are us
// microseconds apart: whole days and the rest, as DuckDB's difference of
// two timestamps.
func IntervalMicros(us int64) Value {
	return IntervalValue(0, us/microsPerDay, us%microsPerDay)
}

// F returns a DOUBLE's value.
func (v Value) F() float64 { return math.Float64frombits(uint64(v.I)) }

// Months returns an interval's months.
func (v Value) Months() int64 {
	if len(v.S) != 16 {
		return 0
	}
	return int64(binary.LittleEndian.Uint64([]byte(v.S[:8])))
}

// Days returns an interval's days.
func (v Value) Days() int64 {
	if len(v.S) != 16 {
		return 0
	}
	return int64(binary.LittleEndian.Uint64([]byte(v.S[8:])))
}

// Micros returns an interval's microseconds beyond its months and days.
func (v Value) Micros() int64 { return v.I }

// NormalInterval is an interval with its microseconds carried into days
// and its days into months of 30, each part keeping its sign, as DuckDB
// normalizes one to compare, group and hash it: intervals are equal when
// these are, and ordered by them in turn.
func (v Value) NormalInterval() (months, days, micros int64) {
	micros = v.Micros()
	carry := micros / microsPerDay
	micros -= carry * microsPerDay
	days = v.Days() + carry
	carry = days / 30
	return v.Months() + carry, days - carry*30, micros
}

// BigValue returns an integer: an Int when it fits, a Huge otherwise.
func BigValue(b *big.Int) Value {
	if b.IsInt64() {
		return IntValue(b.Int64())
	}
	return Value{K: Huge, S: b.String()}
}

// IsNull reports whether v is NULL.
func (v Value) IsNull() bool { return v.K == Null }

// Bool returns a boolean's value.
func (v Value) Bool() bool { return v.I != 0 }

// Big returns an integer value (Int or Huge) as a big.Int.
func (v Value) Big() *big.Int {
	if v.K == Huge {
		b, _ := new(big.Int).SetString(v.S, 10)
		return b
	}
	return big.NewInt(v.I)
}

// Float returns a number as a float64 (false when v is not a number).
func (v Value) Float() (float64, bool) {
	switch v.K {
	case Int:
		return float64(v.I), true
	case Float:
		return v.F(), true
	case Huge:
		f, _ := new(big.Float).SetInt(v.Big()).Float64()
		return f, true
	}
	return 0, false
}

// Clone returns v with its text copied out of any shared buffer. A
// number's spelling (see Text) is the row's: a clone, which outlives the
// row (a group's value, an aggregate's state, a row kept for ORDER BY),
// keeps the number alone, and costs no allocation.
func (v Value) Clone() Value {
	if v.K == Int || v.K == Float {
		return v.Unspelled()
	}
	if v.S != "" {
		v.S = strings.Clone(v.S)
	}
	return v
}

// Unspelled is v without the spelling a number keeps from its row (a
// group's value is the number, as Clone keeps it); other values are as
// they are.
func (v Value) Unspelled() Value {
	if v.K == Int || v.K == Float {
		v.S = ""
	}
	return v
}

// String returns the value's text as CAST(v AS VARCHAR) gives it (NULL for
// NULL): DuckDB's spelling of each kind.
func (v Value) String() string {
	switch v.K {
	case Null:
		return "NULL"
	case Bool:
		if v.I != 0 {
			return "true"
		}
		return "false"
	case Int:
		return strconv.FormatInt(v.I, 10)
	case Float:
		return FormatFloat(v.F())
	case Date:
		return FormatDate(v.I)
	case Timestamp:
		return FormatTimestamp(v.I)
	case Interval:
		return FormatInterval(v.Months(), v.Days(), v.Micros())
	}
	return v.S
}

// FormatFloat spells a double as DuckDB does: the shortest text that reads
// back the same, with a ".0" on whole numbers, and an exponent below 1e-4
// or from 1e16 on (1e-05, 1e+16, 1.2345678901234568e+17), inf, -inf, nan
// and -nan.
func FormatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan" // 0/0 on this hardware, spelled as DuckDB spells it
		}
		return "nan"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	abs := math.Abs(f)
	if abs < 1e-4 || abs >= 1e16 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Go writes e+16 and e-05 as DuckDB does; only the mantissa's
		// trailing ".0" differs, which neither writes.
		return s
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsRune(s, '.') {
		s += ".0"
	}
	return s
}

// JSON returns the value for a JSON encoder: numbers as numbers (a Huge as
// its digits), NULL as nil, JSON as json.RawMessage, the rest as text.
func (v Value) JSON() any {
	switch v.K {
	case Null:
		return nil
	case Bool:
		return v.I != 0
	case Int:
		return v.I
	case Huge:
		return json.Number(v.S)
	case Float:
		if math.IsInf(v.F(), 0) || math.IsNaN(v.F()) {
			return FormatFloat(v.F())
		}
		return v.F()
	case JSON:
		return json.RawMessage(v.S)
	}
	return v.String()
}

// unsafeString views b as a string without copying; the caller keeps b
// unchanged while the string is in use (see Value).
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
