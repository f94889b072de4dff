package function

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// More string functions: edit distances, code points, digests and the hex
// and binary spellings. As in DuckDB, LEVENSHTEIN, HAMMING and BIT_LENGTH
// count bytes, not characters (LEVENSHTEIN('é', 'e') is 2).

func init() {
	register(
		&Scalar{Name: "LEVENSHTEIN", Aliases: []string{"EDITDIST3"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: levenshteinFn,
			Signature: "LEVENSHTEIN(a, b)",
			Summary:   "The least number of single-byte insertions, deletions and substitutions that make a into b (bytes of UTF-8, as DuckDB counts)."},
		&Scalar{Name: "HAMMING", Aliases: []string{"MISMATCHES"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: hammingFn,
			Signature: "HAMMING(a, b)",
			Summary:   "The number of byte positions where a and b differ; an error unless they have the same number of bytes, at least one (as DuckDB)."},
		&Scalar{Name: "UNICODE", Aliases: []string{"ORD"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: unicodeFn,
			Signature: "UNICODE(s)", Summary: "The code point of the first character of s; -1 for '' (as DuckDB; ASCII('') is 0)."},
		&Scalar{Name: "BIT_LENGTH", MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn:        func(a []types.Value) (types.Value, error) { return i2v(8 * int64(len(text(a[0])))), nil },
			Signature: "BIT_LENGTH(s)", Summary: "The number of bits in s: 8 times its bytes (UTF-8)."},
		&Scalar{Name: "SHA256", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: sha256Fn,
			Signature: "SHA256(s)", Summary: "The SHA-256 digest of s's bytes as 64 lower-case hex digits."},
		&Scalar{Name: "HEX", Aliases: []string{"TO_HEX"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: radixFn(16),
			Signature: "HEX(x)",
			Summary:   "Text: its bytes in upper-case hex; an integer: its two's complement in hex without leading zeros (HEX(-1) is 16 Fs: 64 bits; DuckDB's 128 for a negative HUGEINT, as a SUM is, we give past BIGINT only)."},
		&Scalar{Name: "BIN", Aliases: []string{"TO_BINARY"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: radixFn(2),
			Signature: "BIN(x)",
			Summary:   "Text: its bytes in binary, 8 digits each; an integer: its two's complement (64 bits, 128 for a HUGEINT) in binary without leading zeros."},
	)
}

// levenshtein is the edit distance of two byte strings, in one row of
// the table.
func levenshtein(a, b string) int64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	row := make([]int64, len(b)+1)
	for j := range row {
		row[j] = int64(j)
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0] // the cell above-left
		row[0] = int64(i)
		for j := 1; j <= len(b); j++ {
			best := diag
			if a[i-1] != b[j-1] {
				best = 1 + min(diag, row[j], row[j-1])
			}
			diag, row[j] = row[j], best
		}
	}
	return row[len(b)]
}

// maxEditCells bounds LEVENSHTEIN's table (the product of the lengths):
// a query asking for more is an error rather than minutes of work.
const maxEditCells = 1 << 32

func levenshteinFn(a []types.Value) (types.Value, error) {
	x, y := text(a[0]), text(a[1])
	if n := int64(len(x)) * int64(len(y)); n > maxEditCells {
		return types.Value{}, fmt.Errorf("%w: strings of %d and %d bytes are too long to compare", ErrArgs, len(x), len(y))
	}
	return i2v(levenshtein(x, y)), nil
}

func hammingFn(a []types.Value) (types.Value, error) {
	x, y := text(a[0]), text(a[1])
	switch {
	case len(x) != len(y):
		return types.Value{}, fmt.Errorf("%w: strings must be of equal length (%d and %d bytes)", ErrArgs, len(x), len(y))
	case len(x) == 0:
		return types.Value{}, fmt.Errorf("%w: strings must be of length > 0", ErrArgs)
	}
	n := int64(0)
	for i := 0; i < len(x); i++ {
		if x[i] != y[i] {
			n++
		}
	}
	return i2v(n), nil
}

func unicodeFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	if s == "" {
		return i2v(-1), nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return i2v(int64(r)), nil
}

func sha256Fn(a []types.Value) (types.Value, error) {
	sum := sha256.Sum256([]byte(text(a[0])))
	return s2v(hex.EncodeToString(sum[:])), nil
}

// hugeBits is 2^128, for a negative HUGEINT's two's complement.
var hugeBits = new(big.Int).Lsh(big.NewInt(1), 128)

// radixFn is HEX (base 16) or BIN (base 2). Text gives its bytes (hex in
// upper case, binary in 8 digits a byte); an integer its two's complement
// without leading zeros, in 64 bits, or 128 for a HUGEINT. DuckDB's binder
// takes no DOUBLE, BOOLEAN or date: neither do we. A value knows no type
// beyond its kind, so a negative HUGEINT that fits in 64 bits (DuckDB's
// SUM of BIGINTs is a HUGEINT) is spelled in 64 bits, where DuckDB uses
// 128: HEX(SUM(x)) differs there.
func radixFn(base int) Eval {
	return func(a []types.Value) (types.Value, error) {
		v := a[0]
		switch v.K {
		case types.String, types.JSON:
			if base == 16 {
				return s2v(strings.ToUpper(hex.EncodeToString([]byte(v.S)))), nil
			}
			var b strings.Builder
			b.Grow(8 * len(v.S))
			for i := 0; i < len(v.S); i++ {
				fmt.Fprintf(&b, "%08b", v.S[i])
			}
			return s2v(b.String()), nil
		case types.Int:
			return s2v(strings.ToUpper(strconv.FormatUint(uint64(v.I), base))), nil
		case types.Huge:
			x := v.Big()
			if x.BitLen() > 127 && !(x.Sign() < 0 && x.BitLen() == 128 && x.TrailingZeroBits() == 127) {
				return types.Value{}, fmt.Errorf("%w: %s is beyond HUGEINT", types.ErrOverflow, quote(v))
			}
			if x.Sign() < 0 {
				x.Add(x, hugeBits)
			}
			return s2v(strings.ToUpper(x.Text(base))), nil
		}
		return types.Value{}, fmt.Errorf("%w: %s %s is neither text nor an integer", ErrArgs, v.K, quote(v))
	}
}
