package function

import (
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The expectations are DuckDB 1.5.6's answers to the same calls, but for
// the arguments DuckDB's binder refuses (a number where text is wanted),
// which we read as their text, as the comments say.
func TestMoreStrings(t *testing.T) {
	check(t, []vector{
		{fn: "LEVENSHTEIN", args: A(S("kitten"), S("sitting")), want: I(3)},
		{fn: "LEVENSHTEIN", args: A(S("sitting"), S("kitten")), want: I(3)},
		{fn: "LEVENSHTEIN", args: A(S(""), S("")), want: I(0)},
		{fn: "LEVENSHTEIN", args: A(S("abc"), S("")), want: I(3)},
		{fn: "LEVENSHTEIN", args: A(S(""), S("abc")), want: I(3)},
		{fn: "LEVENSHTEIN", args: A(S("서울"), S("서울시")), want: I(3)}, // bytes: 시 is 3
		{fn: "LEVENSHTEIN", args: A(S("é"), S("e")), want: I(2)},
		{fn: "LEVENSHTEIN", args: A(S("👍🏽"), S("👍")), want: I(4)},
		{fn: "EDITDIST3", args: A(S("flaw"), S("lawn")), want: I(2)},
		{fn: "LEVENSHTEIN", args: A(I(1234), I(1334)), want: I(1)}, // DuckDB: binder error
		{fn: "LEVENSHTEIN", args: A(N, S("a")), want: N},

		{fn: "HAMMING", args: A(S("karolin"), S("kathrin")), want: I(3)},
		{fn: "MISMATCHES", args: A(S("abc"), S("abd")), want: I(1)},
		{fn: "HAMMING", args: A(S("서울"), S("서올")), want: I(2)},
		{fn: "HAMMING", args: A(S("éa"), S("abc")), want: I(3)},
		{fn: "HAMMING", args: A(S("é"), S("ab")), want: I(2)},
		{fn: "HAMMING", args: A(S(""), S("")), err: ErrArgs},
		{fn: "HAMMING", args: A(S("a"), S("")), err: ErrArgs},
		{fn: "HAMMING", args: A(S("abc"), S("ab")), err: ErrArgs},
		{fn: "HAMMING", args: A(S("é"), S("e")), err: ErrArgs},
		{fn: "HAMMING", args: A(S("a"), N), want: N},

		{fn: "UNICODE", args: A(S("A")), want: I(65)},
		{fn: "UNICODE", args: A(S("서울")), want: I(49436)},
		{fn: "UNICODE", args: A(S("é")), want: I(233)},
		{fn: "UNICODE", args: A(S("👍🏽x")), want: I(128077)},
		{fn: "UNICODE", args: A(S("\x00")), want: I(0)},
		{fn: "UNICODE", args: A(S("")), want: I(-1)},
		{fn: "ORD", args: A(S("a")), want: I(97)},
		{fn: "UNICODE", args: A(N), want: N},

		{fn: "BIT_LENGTH", args: A(S("abc")), want: I(24)},
		{fn: "BIT_LENGTH", args: A(S("")), want: I(0)},
		{fn: "BIT_LENGTH", args: A(S("서")), want: I(24)},
		{fn: "BIT_LENGTH", args: A(N), want: N},

		{fn: "SHA256", args: A(S("abc")), want: S("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")},
		{fn: "SHA256", args: A(S("")), want: S("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")},
		{fn: "SHA256", args: A(N), want: N},

		{fn: "HEX", args: A(S("abc")), want: S("616263")},
		{fn: "HEX", args: A(S("")), want: S("")},
		{fn: "HEX", args: A(S("서")), want: S("EC849C")},
		{fn: "HEX", args: A(S("12")), want: S("3132")},
		{fn: "TO_HEX", args: A(S("AB")), want: S("4142")},
		{fn: "HEX", args: A(I(255)), want: S("FF")},
		{fn: "HEX", args: A(I(0)), want: S("0")},
		{fn: "HEX", args: A(I(-1)), want: S("FFFFFFFFFFFFFFFF")},
		{fn: "HEX", args: A(I(-255)), want: S("FFFFFFFFFFFFFF01")},
		{fn: "HEX", args: A(I(-9223372036854775808)), want: S("8000000000000000")},
		{fn: "HEX", args: A(I(9223372036854775807)), want: S("7FFFFFFFFFFFFFFF")},
		{fn: "HEX", args: A(huge("12345678901234567890123")), want: S("29D42B64E76714244CB")},
		{fn: "HEX", args: A(huge("-12345678901234567890123")), want: S("FFFFFFFFFFFFFD62BD49B1898EBDBB35")},
		{fn: "HEX", args: A(huge("170141183460469231731687303715884105727")), want: S("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")},
		{fn: "HEX", args: A(huge("-170141183460469231731687303715884105728")), want: S("80000000000000000000000000000000")},
		{fn: "HEX", args: A(huge("170141183460469231731687303715884105728")), err: types.ErrOverflow},
		{fn: "HEX", args: A(F(1.5)), err: ErrArgs},
		{fn: "HEX", args: A(B(true)), err: ErrArgs},
		{fn: "HEX", args: A(D("2024-01-01")), err: ErrArgs},
		{fn: "HEX", args: A(N), want: N},

		{fn: "BIN", args: A(S("abc")), want: S("011000010110001001100011")},
		{fn: "BIN", args: A(S("")), want: S("")},
		{fn: "TO_BINARY", args: A(S("A")), want: S("01000001")},
		{fn: "BIN", args: A(I(5)), want: S("101")},
		{fn: "BIN", args: A(I(0)), want: S("0")},
		{fn: "BIN", args: A(I(-1)), want: S(strings.Repeat("1", 64))},
		{fn: "BIN", args: A(I(-5)), want: S(strings.Repeat("1", 61) + "011")},
		{fn: "BIN", args: A(huge("-12345678901234567890123")), want: S("11111111111111111111111111111111111111111111111111111101011000101011110101001001101100011000100110001110101111011011101100110101")},
		{fn: "BIN", args: A(F(2)), err: ErrArgs},
		{fn: "BIN", args: A(N), want: N},
	})
}
