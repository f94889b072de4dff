package function

import (
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// More of DuckDB's string functions: sizes in bytes for people, numbers
// in other bases, digests and encodings, Jaccard's similarity and bars.
// Each follows DuckDB's code (extension/core_functions/scalar/string).

func init() {
	register(
		&Scalar{Name: "FORMAT_BYTES", Aliases: []string{"FORMATREADABLESIZE", "PG_SIZE_PRETTY"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: formatBytesFn(1024, "KiB", "MiB", "GiB", "TiB", "PiB"),
			Signature: "FORMAT_BYTES(n)", Summary: "n bytes for people in powers of 1024, one decimal cut (not rounded) as DuckDB's: 1.4 MiB, 1023 bytes."},
		&Scalar{Name: "FORMATREADABLEDECIMALSIZE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: formatBytesFn(1000, "kB", "MB", "GB", "TB", "PB"),
			Signature: "FORMATREADABLEDECIMALSIZE(n)", Summary: "n bytes for people in powers of 1000: 1.5 MB, 999 bytes."},
		&Scalar{Name: "TO_BASE", MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: toBaseFn,
			Signature: "TO_BASE(n, radix[, min_length])", Summary: "The integer n >= 0 in base radix (2 to 36, upper-case letters), left-padded with zeros to min_length (0 to 64)."},
		&Scalar{Name: "SHA1", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: sha1Fn,
			Signature: "SHA1(s)", Summary: "The SHA-1 digest of s's bytes as 40 lower-case hex digits."},
		&Scalar{Name: "TO_BASE64", Aliases: []string{"BASE64"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: toBase64Fn,
			Signature: "TO_BASE64(s)", Summary: "s's bytes in base64, padded with =."},
		&Scalar{Name: "URL_ENCODE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: urlEncodeFn,
			Signature: "URL_ENCODE(s)", Summary: "s with every byte but letters, digits and -_.~ written %XX (upper-case hex), / too."},
		&Scalar{Name: "URL_DECODE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: urlDecodeFn,
			Signature: "URL_DECODE(s)", Summary: "s with each %XX the byte it names (+ stays +); an error when the bytes are not UTF-8."},
		&Scalar{Name: "JACCARD", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jaccardFn,
			Signature: "JACCARD(s, t)", Summary: "The Jaccard similarity of the sets of bytes of s and t, 0 to 1; an error for an empty one."},
		&Scalar{Name: "BAR", MinArgs: 3, MaxArgs: 4, NullIn: true, Fn: barFn,
			Signature: "BAR(x, min, max[, width])", Summary: "A bar of block characters (eighths at its end) as long as x is between min and max, of width 80 (1 to 1000) when full, padded with spaces."},
	)
}

// formatBytesFn is FORMAT_BYTES (unit 1024) or FORMATREADABLEDECIMALSIZE
// (1000): DuckDB's BytesToHumanReadableString of |n|, a - before; names
// are the units' past bytes.
func formatBytesFn(unit uint64, names ...string) Eval {
	names = append([]string{"bytes"}, names...)
	return func(a []types.Value) (types.Value, error) {
		n, err := wholeArg(a[0])
		if err != nil {
			return types.Value{}, err
		}
		sign, b := "", uint64(n)
		if n < 0 {
			sign, b = "-", uint64(-(n+1))+1
		}
		var parts [6]uint64
		parts[0] = b
		for i := 1; i < 6; i++ {
			parts[i] = parts[i-1] / unit
			parts[i-1] %= unit
		}
		for i := 5; i >= 1; i-- {
			if parts[i] != 0 {
				return s2v(fmt.Sprintf("%s%d.%d %s", sign, parts[i], parts[i-1]*10/unit, names[i])), nil
			}
		}
		if b == 1 {
			return s2v(sign + "1 byte"), nil
		}
		return s2v(fmt.Sprintf("%s%d bytes", sign, b)), nil
	}
}

func toBaseFn(a []types.Value) (types.Value, error) {
	n, radix, err := wholeArgs(a)
	if err != nil {
		return types.Value{}, err
	}
	var width int64
	if len(a) > 2 {
		if width, err = wholeArg(a[2]); err != nil {
			return types.Value{}, err
		}
	}
	switch {
	case n < 0:
		return types.Value{}, fmt.Errorf("%w: 'to_base' number must be greater than or equal to 0", ErrArgs)
	case radix < 2 || radix > 36:
		return types.Value{}, fmt.Errorf("%w: 'to_base' radix must be between 2 and 36", ErrArgs)
	case width < 0 || width > 64:
		return types.Value{}, fmt.Errorf("%w: 'to_base' min_length must be between 0 and 64", ErrArgs)
	}
	s := strings.ToUpper(strconv.FormatInt(n, int(radix)))
	if pad := int(width) - len(s); pad > 0 {
		s = strings.Repeat("0", pad) + s
	}
	return s2v(s), nil
}

func sha1Fn(a []types.Value) (types.Value, error) {
	sum := sha1.Sum([]byte(text(a[0])))
	return s2v(hex.EncodeToString(sum[:])), nil
}

func toBase64Fn(a []types.Value) (types.Value, error) {
	return s2v(base64.StdEncoding.EncodeToString([]byte(text(a[0])))), nil
}

// urlEncodeFn is DuckDB's URL_ENCODE (its URLEncode with the slash
// encoded).
func urlEncodeFn(a []types.Value) (types.Value, error) {
	const digits = "0123456789ABCDEF"
	s := text(a[0])
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '~' || c == '.' {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
		}
	}
	return s2v(b.String()), nil
}

// urlDecodeFn is DuckDB's URL_DECODE: %XX of two hex digits is a byte,
// anything else (+ too) itself.
func urlDecodeFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	out := b.String()
	if !utf8.ValidString(out) {
		return types.Value{}, fmt.Errorf("%w: failed to decode string %s using URL decoding - decoded value is invalid UTF8", types.ErrConvert, quote(a[0]))
	}
	return s2v(out), nil
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// jaccardFn is DuckDB's JACCARD: of the sets of bytes of s and t, the
// size of their intersection over that of their union.
func jaccardFn(a []types.Value) (types.Value, error) {
	s, t := text(a[0]), text(a[1])
	if s == "" || t == "" {
		return types.Value{}, fmt.Errorf("%w: Jaccard Function: An argument too short!", ErrArgs)
	}
	var in [2][4]uint64
	for k, str := range [2]string{s, t} {
		for i := 0; i < len(str); i++ {
			in[k][str[i]>>6] |= 1 << (str[i] & 63)
		}
	}
	both, either := 0, 0
	for w := range 4 {
		both += bits.OnesCount64(in[0][w] & in[1][w])
		either += bits.OnesCount64(in[0][w] | in[1][w])
	}
	return f2v(float64(both) / float64(either)), nil
}

// barBlocks are DuckDB's UnicodeBar: a full block, and the eighths of one
// (the first a space).
var barBlocks = [8]string{" ", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589"}

// barFn is DuckDB's BAR.
func barFn(a []types.Value) (types.Value, error) {
	var v [4]float64
	v[3] = 80
	for i := range a {
		f, err := floatArg(a[i])
		if err != nil {
			return types.Value{}, err
		}
		v[i] = f
	}
	x, lo, hi, maxWidth := v[0], v[1], v[2], v[3]
	switch {
	case math.IsNaN(maxWidth) || math.IsInf(maxWidth, 0):
		return types.Value{}, fmt.Errorf("%w: Max bar width must not be NaN or infinity", types.ErrOverflow)
	case maxWidth < 1:
		return types.Value{}, fmt.Errorf("%w: Max bar width must be >= 1", types.ErrOverflow)
	case maxWidth > 1000:
		return types.Value{}, fmt.Errorf("%w: Max bar width must be <= 1000", types.ErrOverflow)
	}
	var width float64
	switch {
	case math.IsNaN(x) || math.IsNaN(lo) || math.IsNaN(hi) || x <= lo:
	case x >= hi:
		width = maxWidth
	default:
		width = maxWidth * (x - lo) / (hi - lo)
	}
	if math.IsNaN(width) || math.IsInf(width, 0) {
		return types.Value{}, fmt.Errorf("%w: Bar width must not be NaN or infinity", types.ErrOverflow)
	}
	eighths := uint32(width * 8)
	used := int(eighths / 8)
	var b strings.Builder
	b.WriteString(strings.Repeat("\u2588", used))
	if rest := eighths % 8; rest != 0 {
		b.WriteString(barBlocks[rest])
		used++
	}
	if pad := int(maxWidth) - used; pad > 0 {
		b.WriteString(strings.Repeat(" ", pad))
	}
	return s2v(b.String()), nil
}

func init() {
	register(
		&Scalar{Name: "JARO_SIMILARITY", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jaroFn(false),
			Signature: "JARO_SIMILARITY(s, t)", Summary: "The Jaro similarity of the bytes of s and t, 0 to 1 (0 when either is empty, as DuckDB)."},
		&Scalar{Name: "JARO_WINKLER_SIMILARITY", Double: true, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jaroFn(true),
			Signature: "JARO_WINKLER_SIMILARITY(s, t)", Summary: "The Jaro similarity raised for a common prefix of up to 4 bytes (by 0.1 of what is left a byte) when it is above 0.7."},
		&Scalar{Name: "DAMERAU_LEVENSHTEIN", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: damerauFn,
			Signature: "DAMERAU_LEVENSHTEIN(s, t)", Summary: "The least insertions, deletions, substitutions and swaps of adjacent bytes that make s t (Lowrance and Wagner's, as DuckDB); an error past 100 million byte pairs."},
	)
}

// jaro is the Jaro similarity of the bytes of s and t: of the bytes that
// match within half the longer length less one, their share of each
// string and the share not out of order, averaged.
func jaro(s, t string) float64 {
	if s == "" || t == "" {
		return 0
	}
	window := max(max(len(s), len(t))/2-1, 0)
	sm, tm := make([]bool, len(s)), make([]bool, len(t))
	m := 0
	for i := 0; i < len(s); i++ {
		for j := max(0, i-window); j <= min(len(t)-1, i+window); j++ {
			if !tm[j] && s[i] == t[j] {
				sm[i], tm[j] = true, true
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0
	}
	half, k := 0, 0
	for i := 0; i < len(s); i++ {
		if !sm[i] {
			continue
		}
		for !tm[k] {
			k++
		}
		if s[i] != t[k] {
			half++
		}
		k++
	}
	mf := float64(m)
	return (mf/float64(len(s)) + mf/float64(len(t)) + (mf-float64(half/2))/mf) / 3
}

func jaroFn(winkler bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		s, t := text(a[0]), text(a[1])
		sim := jaro(s, t)
		if winkler && sim > 0.7 {
			prefix := 0
			for prefix < 4 && prefix < len(s) && prefix < len(t) && s[prefix] == t[prefix] {
				prefix++
			}
			sim += float64(prefix) * 0.1 * (1 - sim)
		}
		return f2v(sim), nil
	}
}

// damerauFn is DuckDB's DAMERAU_LEVENSHTEIN, Lowrance and Wagner's
// algorithm over bytes: a table of the two lengths (refused past 1e8
// cells, where DuckDB would hold gigabytes).
func damerauFn(a []types.Value) (types.Value, error) {
	s, t := text(a[0]), text(a[1])
	if s == "" || t == "" {
		return i2v(int64(len(s) + len(t))), nil
	}
	if (len(s)+2)*(len(t)+2) > 100_000_000 {
		return types.Value{}, fmt.Errorf("%w: DAMERAU_LEVENSHTEIN of texts of %d and %d bytes: past 100 million byte pairs", ErrArgs, len(s), len(t))
	}
	inf := len(s) + len(t) + 1
	w := len(t) + 2
	d := make([]int, (len(s)+2)*w)
	for i := range d {
		d[i] = inf
	}
	for i := 0; i <= len(s); i++ {
		d[(i+1)*w+1] = i
	}
	for j := 1; j <= len(t); j++ {
		d[w+j+1] = j
	}
	var lastRow [256]int // the last row of s that held each byte, 1-based
	for i := 0; i < len(s); i++ {
		lastCol := 0
		for j := 0; j < len(t); j++ {
			i1, j1 := lastRow[t[j]], lastCol
			cost := 1
			if s[i] == t[j] {
				cost, lastCol = 0, j+1
			}
			d[(i+2)*w+j+2] = min(d[(i+1)*w+j+1]+cost, d[(i+2)*w+j+1]+1, d[(i+1)*w+j+2]+1,
				d[i1*w+j1]+(i-i1)+1+(j-j1))
		}
		lastRow[s[i]] = i + 1
	}
	return i2v(int64(d[(len(s)+1)*w+len(t)+1])), nil
}
