package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestBytesBasesAndBars: the expectations are DuckDB 1.5.6's answers to the
// same calls.
func TestBytesBasesAndBars(t *testing.T) {
	check(t, []vector{
		{fn: "FORMAT_BYTES", args: A(I(1024)), want: S("1.0 KiB")},
		{fn: "FORMAT_BYTES", args: A(I(1500000)), want: S("1.4 MiB")},
		{fn: "FORMAT_BYTES", args: A(I(0)), want: S("0 bytes")},
		{fn: "FORMAT_BYTES", args: A(I(1)), want: S("1 byte")},
		{fn: "FORMAT_BYTES", args: A(I(-2048)), want: S("-2.0 KiB")},
		{fn: "FORMAT_BYTES", args: A(I(-9223372036854775808)), want: S("-8192.0 PiB")},
		{fn: "PG_SIZE_PRETTY", args: A(I(1023)), want: S("1023 bytes")},
		{fn: "FORMATREADABLEDECIMALSIZE", args: A(I(1500000)), want: S("1.5 MB")},
		{fn: "FORMAT_BYTES", args: A(F(1.5)), err: ErrArgs},
		{fn: "TO_BASE", args: A(I(42), I(16)), want: S("2A")},
		{fn: "TO_BASE", args: A(I(42), I(2), I(10)), want: S("0000101010")},
		{fn: "TO_BASE", args: A(I(255), I(36)), want: S("73")},
		{fn: "TO_BASE", args: A(I(0), I(10)), want: S("0")},
		{fn: "TO_BASE", args: A(I(-1), I(10)), err: ErrArgs},
		{fn: "TO_BASE", args: A(I(5), I(37)), err: ErrArgs},
		{fn: "TO_BASE", args: A(I(5), I(2), I(65)), err: ErrArgs},
		{fn: "SHA1", args: A(S("abc")), want: S("a9993e364706816aba3e25717850c26c9cd0d89d")},
		{fn: "TO_BASE64", args: A(S("abc")), want: S("YWJj")},
		{fn: "BASE64", args: A(S("hello")), want: S("aGVsbG8=")},
		{fn: "URL_ENCODE", args: A(S("a b&c/é~_.-")), want: S("a%20b%26c%2F%C3%A9~_.-")},
		{fn: "URL_DECODE", args: A(S("a%20b%26+%2f%zz%4")), want: S("a b&+/%zz%4")},
		{fn: "URL_DECODE", args: A(S("%ff")), err: types.ErrConvert},
		{fn: "JACCARD", args: A(S("duck"), S("luck")), want: F(0.6)},
		{fn: "JACCARD", args: A(S("aab"), S("ab")), want: F(1)},
		{fn: "JACCARD", args: A(S(""), S("ab")), err: ErrArgs},
		{fn: "BAR", args: A(I(5), I(0), I(10), I(10)), want: S("█████     ")},
		{fn: "BAR", args: A(F(2.3), I(0), I(10), I(5)), want: S("█▏   ")},
		{fn: "BAR", args: A(I(11), I(0), I(10), I(3)), want: S("███")},
		{fn: "BAR", args: A(I(-1), I(0), I(10), I(2)), want: S("  ")},
		{fn: "BAR", args: A(I(1), I(0), I(10), I(1001)), err: types.ErrOverflow},
		{fn: "JARO_SIMILARITY", args: A(S(""), S("")), want: F(0)},
		{fn: "JARO_SIMILARITY", args: A(S("martha"), S("marhta")), want: F(0.9444444444444445)},
		{fn: "JARO_SIMILARITY", args: A(S("ab"), S("ba")), want: F(0)},
		{fn: "JARO_SIMILARITY", args: A(S("duck"), S("duckdb")), want: F(0.8888888888888888)},
		{fn: "JARO_SIMILARITY", args: A(S("é"), S("e")), want: F(0)},
		{fn: "JARO_WINKLER_SIMILARITY", args: A(S("martha"), S("marhta")), want: F(0.9611111111111111)},
		{fn: "JARO_WINKLER_SIMILARITY", args: A(S("dixon"), S("dicksonx")), want: F(0.8133333333333332)},
		{fn: "JARO_WINKLER_SIMILARITY", args: A(S("prefixab"), S("prefixba")), want: F(0.975)},
		{fn: "DAMERAU_LEVENSHTEIN", args: A(S("ca"), S("abc")), want: I(2)},
		{fn: "DAMERAU_LEVENSHTEIN", args: A(S(""), S("abc")), want: I(3)},
		{fn: "DAMERAU_LEVENSHTEIN", args: A(S("hello"), S("ehlo")), want: I(2)},
		{fn: "DAMERAU_LEVENSHTEIN", args: A(S("abcdef"), S("badcfe")), want: I(3)},
	})
}
