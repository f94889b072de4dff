package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// A JSON array as DuckDB answers for the list read_json makes of it
// (DuckDB 1.5.6, over ['new', 'vip'] and the like).
func TestJSONArrayAsList(t *testing.T) {
	tags := J(`["new", "vip", 3, 2.5, null, {"a":1}, [1]]`)
	check(t, []vector{
		{fn: "LENGTH", args: A(tags), want: I(7)},
		{fn: "LEN", args: A(J(`[]`)), want: I(0)},
		{fn: "LENGTH", args: A(J(`{"a":[1,2]}`)), want: I(11)}, // an object stays its text
		{fn: "LENGTH", args: A(S(`["a"]`)), want: I(5)},        // a string stays a string
		{fn: "ARRAY_LENGTH", args: A(tags), want: I(7)},
		{fn: "ARRAY_LENGTH", args: A(N), want: N},
		{fn: "ARRAY_LENGTH", args: A(S("abc")), err: ErrArgs},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`[1,[2,3]]`)), want: I(2)},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`{"a":1}`)), want: I(0)},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`{"a":[1,2]}`), S("$.a")), want: I(2)},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`{"a":[1,2]}`), S("$.b")), want: N},

		{fn: "ARRAY_EXTRACT", args: A(tags, I(1)), want: S("new")},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(3)), want: I(3)},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(4)), want: F(2.5)},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(5)), want: N},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(6)), want: J(`{"a":1}`)},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(-1)), want: J(`[1]`)},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(-7)), want: S("new")},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(0)), want: N},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(8)), want: N},
		{fn: "ARRAY_EXTRACT", args: A(tags, I(-8)), want: N},
		{fn: "ARRAY_EXTRACT", args: A(S("abc"), I(2)), want: S("b")}, // a text's character, as before
		{fn: "ARRAY_EXTRACT", args: A(J(`["a\u0042"]`), I(1)), want: S("aB")},

		{fn: "LIST_CONTAINS", args: A(tags, S("vip")), want: B(true)},
		{fn: "LIST_CONTAINS", args: A(tags, S("VIP")), want: B(false)},
		{fn: "LIST_CONTAINS", args: A(tags, I(3)), want: B(true)},
		{fn: "LIST_CONTAINS", args: A(tags, F(3.0)), want: B(true)},
		{fn: "LIST_CONTAINS", args: A(tags, N), want: N},
		{fn: "LIST_CONTAINS", args: A(N, S("a")), want: N},
		{fn: "ARRAY_HAS", args: A(J(`[1,2]`), I(5)), want: B(false)},
		{fn: "LIST_CONTAINS", args: A(S("abc"), S("a")), err: ErrArgs},

		{fn: "JSON_EXTRACT_STRING", args: A(tags, I(0)), want: S("new")},
		{fn: "JSON_EXTRACT_STRING", args: A(tags, I(-1)), want: S("[1]")},
		{fn: "JSON_EXTRACT_STRING", args: A(tags, I(9)), want: N},
		{fn: "JSON_EXTRACT", args: A(tags, I(1)), want: J(`"vip"`)},
		{fn: "JSON_EXTRACT", args: A(J(`{"0":1}`), I(0)), want: N},
	})
}

// JSON_TYPE and JSON_VALID, DuckDB 1.5.6's answers.
func TestJSONTypeValid(t *testing.T) {
	check(t, []vector{
		{fn: "JSON_TYPE", args: A(S(`{"a":1}`)), want: S("OBJECT")},
		{fn: "JSON_TYPE", args: A(J(`[1]`)), want: S("ARRAY")},
		{fn: "JSON_TYPE", args: A(S(`1`)), want: S("UBIGINT")},
		{fn: "JSON_TYPE", args: A(S(`-1`)), want: S("BIGINT")},
		{fn: "JSON_TYPE", args: A(S(`1.5`)), want: S("DOUBLE")},
		{fn: "JSON_TYPE", args: A(S(`"x"`)), want: S("VARCHAR")},
		{fn: "JSON_TYPE", args: A(S(`true`)), want: S("BOOLEAN")},
		{fn: "JSON_TYPE", args: A(S(`null`)), want: S("NULL")},
		{fn: "JSON_TYPE", args: A(S(`  {"a":1} `)), want: S("OBJECT")},
		{fn: "JSON_TYPE", args: A(S(`{"a":[1]}`), S("$.a")), want: S("ARRAY")},
		{fn: "JSON_TYPE", args: A(S(`{"a":1}`), S("$.b")), want: N},
		{fn: "JSON_TYPE", args: A(J(`["x", 2]`), I(1)), want: S("UBIGINT")},
		{fn: "JSON_TYPE", args: A(N), want: N},
		{fn: "JSON_TYPE", args: A(S(`{`)), err: types.ErrConvert},
		{fn: "JSON_VALID", args: A(S(`{`)), want: B(false)},
		{fn: "JSON_VALID", args: A(S(`{"a":1}`)), want: B(true)},
		{fn: "JSON_VALID", args: A(S(``)), want: B(false)},
		{fn: "JSON_VALID", args: A(S(`1 2`)), want: B(false)},
		{fn: "JSON_VALID", args: A(N), want: N},
	})
}
