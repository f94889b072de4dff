package types

import (
	"cmp"
	"encoding/binary"
	"math"
	"strings"
)

// family places kinds in the total order of values of different kinds.
func family(k Kind) int {
	switch k {
	case Bool:
		return 1
	case Int, Huge, Float:
		return 2
	case Date, Timestamp:
		return 3
	case Interval:
		return 4
	case String:
		return 5
	case JSON:
		return 6
	}
	return 7 // NULL, which callers handle first
}

// Comparable reports whether a and b are of one family, so that a
// comparison between them means something beyond the order of families.
func Comparable(a, b Kind) bool { return family(a) == family(b) }

// Compare orders two non-NULL values: -1, 0 or 1. It is a total order:
// within a family by value, across families by family (see the package
// comment). NaN is equal to itself and above every other number, as in
// DuckDB.
func Compare(a, b Value) int {
	if a.K == b.K {
		switch a.K {
		case Bool, Int, Date, Timestamp:
			return cmp.Compare(a.I, b.I)
		case Float:
			return compareFloat(a.F(), b.F())
		case String, JSON:
			return strings.Compare(a.S, b.S)
		}
	}
	fa, fb := family(a.K), family(b.K)
	if fa != fb {
		return cmp.Compare(fa, fb)
	}
	switch fa {
	case 2:
		return compareNumbers(a, b)
	case 3:
		return cmp.Compare(micros(a), micros(b))
	case 4:
		return CompareIntervals(a, b)
	}
	return 0
}

// CompareIntervals orders two intervals as DuckDB does: by their
// normalized months, then days, then microseconds.
func CompareIntervals(a, b Value) int {
	am, ad, au := a.NormalInterval()
	bm, bd, bu := b.NormalInterval()
	if c := cmp.Compare(am, bm); c != 0 {
		return c
	}
	if c := cmp.Compare(ad, bd); c != 0 {
		return c
	}
	return cmp.Compare(au, bu)
}

func micros(v Value) float64 {
	if v.K == Date {
		return float64(v.I) * 86400e6
	}
	return float64(v.I)
}

func compareFloat(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	return cmp.Compare(a, b)
}

// compareNumbers compares numbers of different kinds exactly.
func compareNumbers(a, b Value) int {
	if a.K == Huge || b.K == Huge {
		if a.K == Float || b.K == Float {
			x, _ := a.Float()
			y, _ := b.Float()
			return compareFloat(x, y)
		}
		return a.Big().Cmp(b.Big())
	}
	if a.K == Int { // b is a Float
		return -compareFloatInt(b.F(), a.I)
	}
	return compareFloatInt(a.F(), b.I)
}

// compareFloatInt compares a float with an integer without rounding the
// integer to a float.
func compareFloatInt(f float64, i int64) int {
	switch {
	case math.IsNaN(f):
		return 1
	case f >= 9223372036854775808.0:
		return 1
	case f < -9223372036854775808.0:
		return -1
	}
	t := math.Trunc(f)
	if c := cmp.Compare(int64(t), i); c != 0 {
		return c
	}
	return cmp.Compare(f-t, 0)
}

// Equal reports whether two values are the same for GROUP BY and DISTINCT:
// both NULL, or Compare gives 0.
func Equal(a, b Value) bool {
	if a.K == Null || b.K == Null {
		return a.K == b.K
	}
	return Compare(a, b) == 0
}

// KeyInt is the integer that key, the key of one value, encodes
// (AppendKey: an integer, or a whole number, which groups with it); ok
// false for any other key.
func KeyInt(key []byte) (n int64, ok bool) {
	if len(key) != 9 || key[0] != 2 {
		return 0, false
	}
	return int64(binary.LittleEndian.Uint64(key[1:])), true
}

// AppendKey appends an encoding of v under which two values are equal
// exactly when [Equal] says so: for hashing groups and distinct values.
func AppendKey(dst []byte, v Value) []byte {
	switch v.K {
	case Null:
		return append(dst, 0)
	case Bool:
		return append(dst, 1, byte(v.I))
	case Int:
		dst = append(dst, 2)
		return binary.LittleEndian.AppendUint64(dst, uint64(v.I))
	case Float:
		f := v.F()
		if t := math.Trunc(f); t == f && f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
			dst = append(dst, 2) // a whole float groups with the integer
			return binary.LittleEndian.AppendUint64(dst, uint64(int64(t)))
		}
		if math.IsNaN(f) {
			f = math.NaN()
		}
		dst = append(dst, 3)
		return binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
	case Date:
		dst = append(dst, 4)
		return binary.LittleEndian.AppendUint64(dst, uint64(v.I*86400e6))
	case Timestamp:
		dst = append(dst, 4)
		return binary.LittleEndian.AppendUint64(dst, uint64(v.I))
	case Interval:
		dst = append(dst, 5)
		months, days, micros := v.NormalInterval()
		dst = binary.LittleEndian.AppendUint64(dst, uint64(months))
		dst = binary.LittleEndian.AppendUint64(dst, uint64(days))
		return binary.LittleEndian.AppendUint64(dst, uint64(micros))
	}
	dst = append(dst, 6+byte(v.K))
	dst = binary.AppendUvarint(dst, uint64(len(v.S)))
	return append(dst, v.S...)
}

// AppendJoinKey is AppendKey for a join's keys, where text that spells a
// date or a timestamp in ISO form ('2026-01-03', '2026-01-03 10:00:00')
// keys as that instant: it matches a DATE or TIMESTAMP, as = reads text
// compared with one, and the same instant spelled as the other. A key of
// a lake's JSON text meets one that a query computes (ON o.day =
// CAST(e.ts AS DATE)); DuckDB, which reads such JSON text as DATE or
// TIMESTAMP, matches them so.
func AppendJoinKey(dst []byte, v Value) []byte {
	if v.K == String && len(v.S) >= 10 && v.S[4] == '-' && v.S[7] == '-' && v.S[0] >= '0' && v.S[0] <= '9' {
		if t, ok := ParseTime(v.S); ok {
			us := t.I
			if t.K == Date {
				us *= microsPerDay
			}
			dst = append(dst, 4)
			return binary.LittleEndian.AppendUint64(dst, uint64(us))
		}
	}
	return AppendKey(dst, v)
}

// KeyExact reports whether ReadKey gives v back from AppendKey(v):
// NULL, booleans, integers and texts; not a whole DOUBLE (it groups with
// its integer), nor a date or a time (they share an encoding).
func KeyExact(v Value) bool {
	switch v.K {
	case Null:
		return v.I == 0 && v.S == ""
	case Bool, Int:
		return v.S == ""
	case Huge, String, JSON:
		return v.I == 0
	}
	return false
}

// ReadKey decodes a value, one that KeyExact accepts, that AppendKey
// wrote at the start of key, and returns the rest of key. Its text is a
// copy.
func ReadKey(key []byte) (Value, []byte, error) { return readKey(key, true) }

// ReadKeyInPlace is ReadKey whose text shares key's bytes, with no copy:
// valid while key is (a group's values, sent on as a row that is valid
// only during the call).
func ReadKeyInPlace(key []byte) (Value, []byte, error) { return readKey(key, false) }

func readKey(key []byte, copyText bool) (Value, []byte, error) {
	if len(key) == 0 {
		return Value{}, nil, ErrCorrupt
	}
	switch tag := key[0]; tag {
	case 0:
		return Value{}, key[1:], nil
	case 1:
		if len(key) < 2 {
			return Value{}, nil, ErrCorrupt
		}
		return Value{K: Bool, I: int64(key[1])}, key[2:], nil
	case 2:
		if len(key) < 9 {
			return Value{}, nil, ErrCorrupt
		}
		return Value{K: Int, I: int64(binary.LittleEndian.Uint64(key[1:]))}, key[9:], nil
	case 6 + byte(Huge), 6 + byte(String), 6 + byte(JSON):
		n, k := binary.Uvarint(key[1:])
		if k <= 0 || n > uint64(len(key)-1-k) {
			return Value{}, nil, ErrCorrupt
		}
		end := 1 + k + int(n)
		return Value{K: Kind(tag - 6), S: textOf(key[1+k:end], copyText)}, key[end:], nil
	}
	return Value{}, nil, ErrCorrupt
}
