package types

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/lakesql/lakesql/storage"
)

// FromJSON converts a raw JSON value (nil for a missing member) to a value.
// A string's text points into raw when it needs no decoding (plain: the
// line is known to hold no backslash and no byte past ASCII, so its strings
// are valid UTF-8 as they are; else each is looked at), else into
// *scratch, which is reused: the value lives as long as raw and *scratch
// are left alone.
func FromJSON(raw []byte, plain bool, scratch *[]byte) Value {
	if len(raw) == 0 {
		return Value{}
	}
	switch raw[0] {
	case 'n':
		return Value{}
	case 't':
		return Value{K: Bool, I: 1}
	case 'f':
		return Value{K: Bool}
	case '"':
		body := raw[1 : len(raw)-1]
		if plain || bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
			return Value{K: String, S: unsafeString(body)}
		}
		// As encoding/json decodes it: escapes resolved, invalid UTF-8 as
		// U+FFFD, like partition values.
		*scratch = storage.AppendText((*scratch)[:0], raw)
		return Value{K: String, S: unsafeString(*scratch)}
	case '{', '[':
		return Value{K: JSON, S: unsafeString(raw)}
	}
	v := ParseJSONNumber(raw)
	v.S = unsafeString(raw) // the spelling, for text comparisons (see Text)
	return v
}

// Text returns the text form of a value as partitions spell it: a
// string's content, a number's JSON spelling when it came from a row
// (1.50 stays 1.50), else String.
func (v Value) Text() string {
	if (v.K == Int || v.K == Float) && v.S != "" {
		return v.S
	}
	return v.String()
}

// ParseJSONNumber converts the text of a JSON number: an Int when it is an
// integer that fits in 64 bits, a Float otherwise.
func ParseJSONNumber(raw []byte) Value {
	if i, ok := parseInt(raw); ok {
		return Value{K: Int, I: i}
	}
	if f, ok := parseDecimal(raw); ok {
		return FloatValue(f)
	}
	f, err := strconv.ParseFloat(unsafeString(raw), 64)
	if err != nil && f == 0 {
		return Value{} // not a number: lake rows are checked, so never here
	}
	return FloatValue(f)
}

// ParseJSONInt parses the raw text of a JSON integer that fits in an
// int64; false for anything else (a fraction, an exponent, a string).
func ParseJSONInt(raw []byte) (int64, bool) {
	if len(raw) == 0 || raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return 0, false
	}
	return parseInt(raw)
}

// exactPow10 are the powers of ten that a float64 holds exactly.
var exactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// parseDecimal parses a JSON number of the form -?digits.digits with at
// most 15 digits in all, as money and ratios are spelled (172799.49,
// 0.06), in one pass and without strconv's general machinery: its digits
// make an integer m < 10^15 < 2^53 and its fraction k ≤ 15 digits, both
// exact in a float64, so m / 10^k, one correctly rounded division, is the
// correctly rounded value of the text, strconv.ParseFloat's answer bit
// for bit (Clinger's fast path). False for any other spelling.
func parseDecimal(b []byte) (float64, bool) {
	i := 0
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		i = 1
	}
	var m uint64
	digits, point := 0, -1
	for ; i < len(b); i++ {
		c := b[i]
		if c >= '0' && c <= '9' {
			m = m*10 + uint64(c-'0')
			digits++
			continue
		}
		if c != '.' || point >= 0 {
			return 0, false
		}
		point = digits
	}
	if point <= 0 || point == digits || digits > 15 {
		return 0, false
	}
	f := float64(m) / exactPow10[digits-point]
	if neg {
		f = -f
	}
	return f, true
}

// parseInt parses a JSON integer without allocating; false when it has a
// fraction or exponent or does not fit in an int64.
func parseInt(b []byte) (int64, bool) {
	neg := len(b) > 0 && b[0] == '-'
	d := b
	if neg {
		d = b[1:]
	}
	if len(d) == 0 || len(d) > 19 {
		return 0, false
	}
	if len(d) <= 18 { // no 18-digit number overflows: no check per digit
		var n int64
		for _, c := range d {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int64(c-'0')
		}
		if neg {
			n = -n
		}
		return n, true
	}
	var n uint64
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0') // 19 digits fit in a uint64
	}
	if neg {
		if n > 1<<63 {
			return 0, false
		}
		return -int64(n), true
	}
	if n > 1<<63-1 {
		return 0, false
	}
	return int64(n), true
}

// ListValue is the JSON array of els, which stands for DuckDB's list of
// them: beside a DOUBLE, integers become DOUBLEs, as the list's one
// element type would make them (DuckDB's [1, 2.5] is [1.0, 2.5]).
func ListValue(els []Value) Value {
	float := false
	for _, v := range els {
		float = float || v.K == Float
	}
	b := []byte{'['}
	for i, v := range els {
		if i > 0 {
			b = append(b, ',')
		}
		if f, ok := v.Float(); float && ok && v.K != Float {
			v = FloatValue(f)
		}
		b = AppendJSON(b, v)
	}
	return JSONValue(string(append(b, ']')))
}

// AppendJSON appends v as JSON text (NULL as null; a Huge as its digits;
// inf and nan, which JSON lacks, as strings).
func AppendJSON(dst []byte, v Value) []byte {
	switch v.K {
	case Null:
		return append(dst, "null"...)
	case Bool, Int, Huge:
		return append(dst, v.String()...)
	case Float:
		s := FormatFloat(v.F())
		if s == "inf" || s == "-inf" || s == "nan" || s == "-nan" {
			return strconv.AppendQuote(dst, s)
		}
		return append(dst, s...)
	case JSON:
		return append(dst, v.S...)
	}
	return appendJSONString(dst, v.String())
}

func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		// A run of bytes that stand for themselves, appended at once.
		j := i
		for j < len(s) && plainJSON[s[j]] {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < 0x80 {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, `\u00`...)
				dst = append(dst, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

// plainJSON marks the bytes a JSON string holds as they are: ASCII past
// the control characters, but for '"' and '\\'.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
