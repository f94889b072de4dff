package exec

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Sort keys that compare as bytes (DuckDB's normalized keys): an item of
// the external sort carries its ORDER BY values encoded so that
// bytes.Compare orders two items as compareRows does, wherever the bytes
// differ. The encoding of a value never decreases as the value grows in
// types.Compare's order, so bytes that differ decide; where a value's
// bytes do not say all of it (an integer past 2^53 is its nearest DOUBLE
// first; a text is cut after sortKeyText bytes), the key ends there, and
// two keys equal as far as the shorter goes are compared by compareRows,
// on the values themselves. The bytes only make most comparisons cheap;
// the order is always compareRows's.
//
// A value is: a byte for NULL (first or last, whatever the direction),
// then, inverted for DESC, its family (types.Compare orders families
// first) and within it:
//   - BOOLEAN: 0 or 1;
//   - numbers: the nearest DOUBLE (-0 as 0, NaN above +inf) as 8 bytes
//     whose unsigned order is the DOUBLEs' order; exact for a DOUBLE and an
//     integer the DOUBLE holds, else the key ends;
//   - DATE, TIMESTAMP: the microseconds as a DOUBLE (types.Compare's
//     common measure of the two), the same way;
//   - INTERVAL: the DOUBLE types.Compare compares;
//   - VARCHAR, JSON: the bytes, each 0 as 0 0xFF, ended by 0 0: a shorter
//     text before its longer, as strings.Compare has it; past sortKeyText
//     bytes the key ends.

// sortKeyText is the most bytes of a text a key holds.
const sortKeyText = 64

// sortKeyMax is the most bytes one value's key takes: a NULL byte, the
// family, and a text of sortKeyText zero bytes, each escaped, ended.
const sortKeyMax = 1 + 1 + 2*sortKeyText + 2

// appendSortKey appends the key of row under keys, and reports whether
// its bytes say all of it (whole).
func appendSortKey(dst []byte, row []types.Value, keys []plan.SortKey) ([]byte, bool) {
	for _, k := range keys {
		v := row[k.Col]
		if v.K == types.Null {
			if k.NullsFirst {
				dst = append(dst, 0)
			} else {
				dst = append(dst, 2)
			}
			continue
		}
		dst = append(dst, 1)
		start := len(dst)
		var whole bool
		dst, whole = appendValueKey(dst, v)
		if k.Desc {
			for i := start; i < len(dst); i++ {
				dst[i] = ^dst[i]
			}
		}
		if !whole {
			return dst, false
		}
	}
	return dst, true
}

// appendValueKey appends the ascending key of a value that is not NULL,
// and reports whether the bytes say all of it.
func appendValueKey(dst []byte, v types.Value) ([]byte, bool) {
	switch v.K {
	case types.Bool:
		return append(dst, 1, byte(v.I)), true
	case types.Int:
		f := float64(v.I)
		return appendFloatKey(append(dst, 2), f), f >= -9223372036854775808.0 && f < 9223372036854775808.0 && int64(f) == v.I
	case types.Huge:
		f, _ := v.Float()
		return appendFloatKey(append(dst, 2), f), false
	case types.Float:
		return appendFloatKey(append(dst, 2), v.F()), true
	case types.Date:
		return appendFloatKey(append(dst, 3), float64(v.I)*86400e6), true
	case types.Timestamp:
		f := float64(v.I)
		return appendFloatKey(append(dst, 3), f), f >= -9223372036854775808.0 && f < 9223372036854775808.0 && int64(f) == v.I
	case types.Interval:
		dst = append(dst, 4)
		months, days, micros := v.NormalInterval()
		for _, p := range [3]int64{months, days, micros} {
			dst = binary.BigEndian.AppendUint64(dst, uint64(p)^1<<63)
		}
		return dst, true
	case types.String, types.JSON:
		fam := byte(5)
		if v.K == types.JSON {
			fam = 6
		}
		dst = append(dst, fam)
		s := v.S
		whole := len(s) <= sortKeyText
		if !whole {
			s = s[:sortKeyText]
		}
		for i := 0; i < len(s); i++ {
			if s[i] == 0 {
				dst = append(dst, 0, 0xFF)
			} else {
				dst = append(dst, s[i])
			}
		}
		if !whole {
			return dst, false
		}
		return append(dst, 0, 0), true
	}
	return append(dst, 7), false
}

// appendFloatKey appends 8 bytes whose unsigned order is the order of
// the DOUBLEs: -0 is 0, NaN above +inf.
func appendFloatKey(dst []byte, f float64) []byte {
	var u uint64
	switch {
	case math.IsNaN(f):
		u = math.MaxUint64
	case f == 0:
		u = 1 << 63
	default:
		u = math.Float64bits(f)
		if u>>63 == 1 {
			u = ^u
		} else {
			u |= 1 << 63
		}
	}
	return binary.BigEndian.AppendUint64(dst, u)
}

// cmpKeys compares two items by their keys where the keys decide (they
// differ within the shorter's length), else 0: compareRows decides.
func cmpKeys(a, b []byte) int {
	n := min(len(a), len(b))
	return bytes.Compare(a[:n], b[:n])
}
