package function

import (
	"math"
	"testing"
)

// TestSlices: ARRAY_SLICE and ARRAY_EXTRACT of texts (s[a:b], s[i]):
// DuckDB 1.5.6's answers: 'hello'[2:3] el, [2] e, [-3:] llo, [:2] and
// [0:2] he, [4:2] empty, [-1] o, [0] and [10] empty, 'héllo'[2:3] él (by
// characters), [2:-2] ell, [2.7:3] l (the DOUBLE rounded); NULL of NULL.
func TestSlices(t *testing.T) {
	check(t, []vector{
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(2), I(3)), want: S("el")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(-3), I(math.MaxInt64)), want: S("llo")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(0), I(2)), want: S("he")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(4), I(2)), want: S("")},
		{fn: "ARRAY_SLICE", args: A(S("héllo"), I(2), I(3)), want: S("él")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(2), I(-2)), want: S("ell")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), F(2.7), I(3)), want: S("l")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), I(-10), I(10)), want: S("hello")},
		{fn: "ARRAY_SLICE", args: A(S(""), I(1), I(2)), want: S("")},
		{fn: "ARRAY_SLICE", args: A(S("hello"), N, I(2)), want: N},
		{fn: "LIST_SLICE", args: A(N, I(1), I(2)), want: N},
		{fn: "ARRAY_SLICE", args: A(I(12345), I(2), I(3)), err: ErrArgs},
		{fn: "ARRAY_EXTRACT", args: A(S("hello"), I(2)), want: S("e")},
		{fn: "ARRAY_EXTRACT", args: A(S("hello"), I(-1)), want: S("o")},
		{fn: "ARRAY_EXTRACT", args: A(S("hello"), I(0)), want: S("")},
		{fn: "ARRAY_EXTRACT", args: A(S("hello"), I(10)), want: S("")},
		{fn: "ARRAY_EXTRACT", args: A(S("서울"), I(2)), want: S("울")},
		{fn: "LIST_EXTRACT", args: A(S("hello"), N), want: N},
	})
}
