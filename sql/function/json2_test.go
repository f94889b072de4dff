package function

import (
	"errors"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestJSONMakeAndLook: DuckDB's answers (1.5.6) to JSON_OBJECT,
// JSON_ARRAY, JSON_EXISTS, JSON_VALUE and JSON_KEYS.
func TestJSONMakeAndLook(t *testing.T) {
	check(t, []vector{
		{fn: "JSON_OBJECT", args: A(S("a"), F(1.5), S("b"), B(true), S("c"), N, S("e"), J("[1,2]"), S("f"), S(`x"y`), S("g"), D("2024-01-02"), S("h"), F(1e20), S("i"), I(7)),
			want: J(`{"a":1.5,"b":true,"c":null,"e":[1,2],"f":"x\"y","g":"2024-01-02","h":100000000000000000000.0,"i":7}`)},
		{fn: "JSON_OBJECT", args: A(S("a"), I(1), S("a"), I(2)), want: J(`{"a":1,"a":2}`)},
		{fn: "JSON_OBJECT", args: A(), want: J(`{}`)},
		{fn: "JSON_OBJECT", args: A(S("a")), err: ErrArgs},
		{fn: "JSON_OBJECT", args: A(I(1), I(2)), err: ErrArgs},
		{fn: "JSON_OBJECT", args: A(N, I(2)), err: ErrArgs},
		{fn: "JSON_ARRAY", args: A(F(1.5), S("a"), N, J("[1]"), J(`{"q":1}`)), want: J(`[1.5,"a",null,[1],{"q":1}]`)},
		{fn: "JSON_ARRAY", args: A(), want: J(`[]`)},
		{fn: "JSON_EXISTS", args: A(S(`{"a":null}`), S("$.a")), want: B(true)},
		{fn: "JSON_EXISTS", args: A(S(`{"a":1}`), S("$.b")), want: B(false)},
		{fn: "JSON_EXISTS", args: A(S(`[1]`), S("$[0]")), want: B(true)},
		{fn: "JSON_EXISTS", args: A(S(`xx`), S("$.a")), err: types.ErrConvert},
		{fn: "JSON_VALUE", args: A(S(`{"a":1.50}`), S("$.a")), want: S("1.5")},
		{fn: "JSON_VALUE", args: A(S(`{"a":"x"}`), S("$.a")), want: S(`"x"`)},
		{fn: "JSON_VALUE", args: A(S(`{"a":1e2}`), S("$.a")), want: S("100.0")},
		{fn: "JSON_VALUE", args: A(S(`{"a":true}`), S("$.a")), want: S("true")},
		{fn: "JSON_VALUE", args: A(S(`{"a":[1]}`), S("$.a")), want: N},
		{fn: "JSON_VALUE", args: A(S(`{"a":null}`), S("$.a")), want: N},
		{fn: "JSON_VALUE", args: A(S(`{"a":1}`), S("$.zz")), want: N},
		{fn: "JSON_VALUE", args: A(S(`[1,2]`), I(1)), want: S("2")},
		{fn: "JSON_VALUE", args: A(S(`[1,2]`), S("$[*]")), err: ErrArgs},
		{fn: "JSON_KEYS", args: A(S(`{"a":1,"b":{"c":2}}`)), want: J(`["a","b"]`)},
		{fn: "JSON_KEYS", args: A(S(`{"a":1,"b":{"c":2}}`), S("$.b")), want: J(`["c"]`)},
		{fn: "JSON_KEYS", args: A(S(`{"a":1,"a":2}`)), want: J(`["a","a"]`)},
		{fn: "JSON_KEYS", args: A(S(`[1,2]`)), want: J(`[]`)},
		{fn: "JSON_KEYS", args: A(S(`5`)), want: J(`[]`)},
		{fn: "JSON_KEYS", args: A(S(`{"a":1}`), S("$.zz")), want: N},
		{fn: "REGEXP_ESCAPE", args: A(S(`a.b*c?[x]{1}(y)|^$ \\ -_é`)), want: S(`a\.b\*c\?\[x\]\{1\}\(y\)\|\^\$\ \\\\\ \-_é`)},
		{fn: "ARRAY_POP_BACK", args: A(J("[1,2,3]")), want: J("[1,2]")},
		{fn: "ARRAY_POP_BACK", args: A(J("[]")), want: J("[]")},
		{fn: "ARRAY_POP_BACK", args: A(N), want: N},
		{fn: "ARRAY_POP_FRONT", args: A(J("[1]")), want: J("[]")},
		{fn: "ARRAY_POP_FRONT", args: A(J(`[[1],"a"]`)), want: J(`["a"]`)},
	})
}

// TestParseJSON: CAST(text AS JSON) as DuckDB's: the JSON respelled, an
// error for text that holds none.
func TestParseJSON(t *testing.T) {
	for in, want := range map[string]string{" [1, 2] ": "[1,2]", `{"a": 1e2}`: `{"a":100.0}`, "5": "5", `"x"`: `"x"`, "null": "null"} {
		got, err := ParseJSON(in)
		if err != nil || got.K != types.JSON || got.S != want {
			t.Errorf("ParseJSON(%q) = %v %q, %v; want JSON %q", in, got.K, got.S, err, want)
		}
	}
	for _, in := range []string{"", "abc", "[1,", "1 2"} {
		if got, err := ParseJSON(in); !errors.Is(err, types.ErrConvert) {
			t.Errorf("ParseJSON(%q) = %v, %v; want a conversion error", in, got, err)
		}
	}
}

// TestError: ERROR(message) fails with the message as written.
func TestError(t *testing.T) {
	_, err := call("ERROR", A(S("boom")), false)
	var r Raised
	if !errors.As(err, &r) || r.Message != "boom" {
		t.Errorf("ERROR('boom'): %v, want Raised boom", err)
	}
}
