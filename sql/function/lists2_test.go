package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The list functions, DuckDB 1.5's answers (duckq, its lists spelt here
// as the JSON arrays that stand for them); x['key'] of an object reads
// its member, as DuckDB's of a STRUCT (NULL where a row has none).
func TestListFunctions(t *testing.T) {
	check(t, []vector{
		{fn: "STRING_SPLIT", args: A(S("a,b,,c"), S(",")), want: J(`["a","b","","c"]`)},
		{fn: "STRING_SPLIT", args: A(S(""), S(",")), want: J(`[""]`)},
		{fn: "STRING_SPLIT", args: A(S("héllo"), S("")), want: J(`["h","é","l","l","o"]`)},
		{fn: "STRING_SPLIT", args: A(S("a--b"), S("--")), want: J(`["a","b"]`)},
		{fn: "STRING_SPLIT", args: A(S("a,b"), N), want: J(`["a,b"]`)},
		{fn: "STRING_SPLIT", args: A(N, S(",")), want: N},
		{fn: "STRING_SPLIT", args: A(I(123), S("2")), err: ErrArgs},
		{fn: "STR_SPLIT", args: A(S("x y"), S(" ")), want: J(`["x","y"]`)},
		{fn: "STRING_SPLIT_REGEX", args: A(S("a1b22c"), S("[0-9]+")), want: J(`["a","b","c"]`)},
		{fn: "STRING_SPLIT_REGEX", args: A(S("abc"), S("")), want: J(`["a","b","c"]`)},
		{fn: "STRING_SPLIT_REGEX", args: A(S("1a2"), S("[0-9]")), want: J(`["","a",""]`)},
		{fn: "STRING_SPLIT_REGEX", args: A(S(""), S("x")), want: J(`[""]`)},
		{fn: "STRING_SPLIT_REGEX", args: A(S("a"), S("(")), err: ErrArgs},
		{fn: "LIST_VALUE", args: A(I(1), N, I(3)), want: J(`[1,null,3]`)},
		{fn: "LIST_VALUE", args: A(), want: J(`[]`)},
		{fn: "LIST_VALUE", args: A(F(1.5), I(2)), want: J(`[1.5,2.0]`)},
		{fn: "LIST_VALUE", args: A(I(1), S("a")), err: ErrArgs},
		{fn: "LIST_VALUE", args: A(J(`[1]`), J(`[2,3]`)), want: J(`[[1],[2,3]]`)},
		{fn: "ARRAY_TO_STRING", args: A(J(`["a",null,"b"]`), S(",")), want: S("a,b")},
		{fn: "ARRAY_TO_STRING", args: A(J(`[1,2]`), S("")), want: S("12")},
		{fn: "ARRAY_TO_STRING", args: A(J(`[1.5,2.0]`), S("|")), want: S("1.5|2.0")},
		{fn: "ARRAY_TO_STRING", args: A(J(`[]`), S(",")), want: S("")},
		{fn: "ARRAY_TO_STRING", args: A(J(`[null,null]`), S(",")), want: N},
		{fn: "ARRAY_TO_STRING", args: A(N, S(",")), want: N},
		{fn: "ARRAY_TO_STRING", args: A(S("ab"), S(",")), err: ErrArgs},
		{fn: "LIST_SORT", args: A(J(`[3,null,1]`)), want: J(`[1,3,null]`)},
		{fn: "LIST_SORT", args: A(J(`["b","a","B"]`)), want: J(`["B","a","b"]`)},
		{fn: "LIST_SORT", args: A(J(`[3,1]`), S("DESC")), want: J(`[3,1]`)},
		{fn: "LIST_SORT", args: A(J(`[3,null,1]`), S("ASC"), S("NULLS FIRST")), want: J(`[null,1,3]`)},
		{fn: "LIST_SORT", args: A(J(`[3,1]`), S("UP")), err: ErrArgs},
		{fn: "LIST_REVERSE_SORT", args: A(J(`[3,null,1]`)), want: J(`[3,1,null]`)},
		{fn: "LIST_REVERSE", args: A(J(`[1,null,3]`)), want: J(`[3,null,1]`)},
		{fn: "LIST_REVERSE", args: A(J(`[]`)), want: J(`[]`)},
		{fn: "LIST_CONCAT", args: A(J(`[1]`), J(`[2]`), J(`[3]`)), want: J(`[1,2,3]`)},
		{fn: "LIST_CONCAT", args: A(J(`[1]`), N), want: J(`[1]`)},
		{fn: "LIST_CONCAT", args: A(N, N), want: N},
		{fn: "LIST_APPEND", args: A(J(`[1]`), I(2)), want: J(`[1,2]`)},
		{fn: "LIST_PREPEND", args: A(I(0), J(`[1]`)), want: J(`[0,1]`)},
		// DuckDB's answers: a NULL list is empty, a NULL element kept.
		{fn: "LIST_APPEND", args: A(N, N), want: J(`[null]`)},
		{fn: "LIST_APPEND", args: A(J(`[1]`), N), want: J(`[1,null]`)},
		{fn: "LIST_PREPEND", args: A(I(1), N), want: J(`[1]`)},
		{fn: "ARRAY_PUSH_FRONT", args: A(J(`[1,2]`), I(0)), want: J(`[0,1,2]`)},
		{fn: "ARRAY_PUSH_FRONT", args: A(N, S("x")), want: J(`["x"]`)},
		{fn: "ARRAY_PUSH_BACK", args: A(J(`[1,2]`), I(3)), want: J(`[1,2,3]`)},
		{fn: "ARRAY_PUSH_FRONT", args: A(I(0), J(`[1]`)), err: ErrArgs},
		{fn: "LIST_POSITION", args: A(J(`[1,2,null]`), I(2)), want: I(2)},
		{fn: "LIST_POSITION", args: A(J(`[1]`), I(5)), want: N},
		{fn: "LIST_POSITION", args: A(J(`[1,null]`), N), want: I(2)},
		{fn: "LIST_FIRST", args: A(J(`[null,2]`)), want: N},
		{fn: "LIST_LAST", args: A(J(`[1,"x"]`)), want: S("x")},
		{fn: "LIST_LAST", args: A(J(`[]`)), want: N},
		{fn: "LIST_UNIQUE", args: A(J(`[1,1,null,2]`)), want: I(2)},
		{fn: "LIST_DISTINCT", args: A(J(`[3,1,3,null,2,1]`)), want: J(`[3,1,2]`)},
		{fn: "LIST_DISTINCT", args: A(J(`[2.5,1,2.5]`)), want: J(`[2.5,1.0]`)},
		{fn: "LIST_DISTINCT", args: A(J(`[[1],[1],[2]]`)), want: J(`[[1],[2]]`)},
		{fn: "LIST_DISTINCT", args: A(J(`[]`)), want: J(`[]`)},
		{fn: "ARRAY_DISTINCT", args: A(J(`["b","a","b"]`)), want: J(`["b","a"]`)},
		{fn: "LIST_DISTINCT", args: A(N), want: N},
		{fn: "LIST_COUNT", args: A(J(`[1,null]`)), want: I(1)},
		{fn: "LIST_COUNT", args: A(J(`[]`)), want: I(0)},
		{fn: "LIST_SUM", args: A(J(`[]`)), want: N},
		{fn: "LIST_SUM", args: A(J(`[null]`)), want: N},
		{fn: "LIST_SUM", args: A(J(`[1.5,2.0]`)), want: F(3.5)},
		{fn: "LIST_SUM", args: A(J(`[9223372036854775807,1]`)), want: types.Value{K: types.Huge, S: "9223372036854775808"}},
		{fn: "LIST_SUM", args: A(J(`["a"]`)), err: ErrArgs},
		{fn: "LIST_AVG", args: A(J(`[1,2,4]`)), want: F(2.3333333333333335)},
		{fn: "LIST_MIN", args: A(J(`["b","a"]`)), want: S("a")},
		{fn: "LIST_MIN", args: A(J(`[]`)), want: N},
		{fn: "LIST_MAX", args: A(J(`[1,5,null,2]`)), want: I(5)},
		{fn: "RANGE", args: A(I(3)), want: J(`[0,1,2]`)},
		{fn: "RANGE", args: A(I(1), I(10), I(3)), want: J(`[1,4,7]`)},
		{fn: "RANGE", args: A(I(5), I(1), I(-2)), want: J(`[5,3]`)},
		{fn: "RANGE", args: A(I(3), I(1)), want: J(`[]`)},
		{fn: "RANGE", args: A(I(1), I(3), I(0)), want: J(`[]`)},
		{fn: "RANGE", args: A(I(-2)), want: J(`[]`)},
		{fn: "RANGE", args: A(N), want: N},
		{fn: "RANGE", args: A(F(1.5)), err: ErrArgs},
		{fn: "RANGE", args: A(I(1 << 40)), err: ErrArgs},
		{fn: "GENERATE_SERIES", args: A(I(1), I(10), I(3)), want: J(`[1,4,7,10]`)},
		{fn: "GENERATE_SERIES", args: A(I(5), I(1), I(-2)), want: J(`[5,3,1]`)},
		{fn: "GENERATE_SERIES", args: A(I(9223372036854775806), I(9223372036854775807)), want: J(`[9223372036854775806,9223372036854775807]`)},
		{fn: "FLATTEN", args: A(J(`[[1],[2,3]]`)), want: J(`[1,2,3]`)},
		{fn: "FLATTEN", args: A(J(`[[1],null]`)), want: J(`[1]`)},
		{fn: "FLATTEN", args: A(J(`[[null],[]]`)), want: J(`[null]`)},
		{fn: "FLATTEN", args: A(J(`[1]`)), err: ErrArgs},
		{fn: "LIST_HAS_ANY", args: A(J(`[1,2]`), J(`[2,3]`)), want: B(true)},
		{fn: "LIST_HAS_ANY", args: A(J(`[1,null]`), J(`[null]`)), want: B(false)},
		{fn: "LIST_HAS_ANY", args: A(J(`[]`), J(`[1]`)), want: B(false)},
		{fn: "LIST_HAS_ALL", args: A(J(`[1,2]`), J(`[1,null]`)), want: B(true)},
		{fn: "LIST_HAS_ALL", args: A(J(`[1]`), J(`[]`)), want: B(true)},
		{fn: "LIST_HAS_ALL", args: A(J(`[1]`), J(`[1,2]`)), want: B(false)},
		{fn: "LIST_ELEMENT", args: A(J(`[1,2]`), I(2)), want: I(2)},
		{fn: "ARRAY_EXTRACT", args: A(J(`{"a":1,"b":{"c":"x"}}`), S("a")), want: I(1)},
		{fn: "ARRAY_EXTRACT", args: A(J(` {"a":1,"b":{"c":"x"}}`), S("b")), want: J(`{"c":"x"}`)},
		{fn: "ARRAY_EXTRACT", args: A(J(`{"a":1,"$.a":"y"}`), S("$.a")), want: S("y")},
		{fn: "ARRAY_EXTRACT", args: A(J(`{"a":1}`), S("zz")), want: N},
		{fn: "ARRAY_SLICE", args: A(J(`[1,2,3,4]`), I(2), I(3)), want: J(`[2,3]`)},
		{fn: "ARRAY_SLICE", args: A(J(`[1,2,3]`), I(-2), I(9223372036854775807)), want: J(`[2,3]`)},
		{fn: "ARRAY_SLICE", args: A(J(`[1,2,3]`), I(0), I(1)), want: J(`[1]`)},
		{fn: "ARRAY_SLICE", args: A(J(`[1,2,3]`), I(3), I(2)), want: J(`[]`)},
		{fn: "ARRAY_SLICE", args: A(J(`[1,2,3]`), I(0), I(-1)), want: J(`[1,2,3]`)},
	})
}

// TestListText: DuckDB 1.5.6's CAST(list AS VARCHAR).
func TestListText(t *testing.T) {
	for raw, want := range map[string]string{
		`[1,2]`:                     `[1, 2]`,
		`["a","b c","d,e",null,""]`: `[a, b c, 'd,e', NULL, '']`,
		`[1.5,2]`:                   `[1.5, 2.0]`,
		`[[1],[2,3]]`:               `[[1], [2, 3]]`,
		`["it's","[x]","null"," x","y ","a\\b","x y","a:b","a=b","(p)","{q}","é"]`: `['it\'s', '[x]', 'null', ' x', 'y ', a\b, x y, 'a:b', 'a=b', '(p)', '{q}', é]`,
		`[true,null]`:                    `[true, NULL]`,
		`[]`:                             `[]`,
		`[{"a":1,"b":"x y"},{"a":null}]`: `[{'a': 1, 'b': x y}, {'a': NULL}]`,
	} {
		got, err := ListText(raw)
		if err != nil || got != want {
			t.Errorf("ListText(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	if _, err := ListText(`[1,`); err == nil {
		t.Error("ListText([1,): no error")
	}
}
