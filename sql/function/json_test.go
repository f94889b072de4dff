package function

import (
	"math"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The expectations are DuckDB 1.5.6's answers (duckq, the JSON cast to
// VARCHAR to see its text).
func TestJSON(t *testing.T) {
	doc := J(`{"a":[5,{"b":7}],"a.b":9, "a b":3}`)
	check(t, []vector{
		{fn: "JSON_EXTRACT", args: A(S(`{"a":{"b":[1,"x",null,{"c":2.50}]}}`), S("$.a.b")), want: J(`[1,"x",null,{"c":2.5}]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":{"b":[1,"x"]}}`), S("$.a.b[1]")), want: J(`"x"`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":{"b":[1,"x"]}}`), S("a")), want: J(`{"b":[1,"x"]}`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":1}`), S("$.z")), want: N},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":null}`), S("$.a")), want: J(`null`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":{"b" : [1, "x"]}}`), S("$.a")), want: J(`{"b":[1,"x"]}`)},
		{fn: "JSON_EXTRACT", args: A(S(`[1,2,3]`), S("$[-1]")), want: J(`3`)},
		{fn: "JSON_EXTRACT", args: A(S(`[1,2,3]`), S("$[#-1]")), want: J(`3`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a b":1}`), S(`$."a b"`)), want: J(`1`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":1.50}`), S("$.a")), want: J(`1.5`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":"x\u0041"}`), S("$.a")), want: J(`"xA"`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":"서울"}`), S("$.a")), want: J(`"서울"`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":"a\"b"}`), S("$.a")), want: J(`"a\"b"`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":1}`), S("$")), want: J(`{"a":1}`)},
		{fn: "JSON_EXTRACT", args: A(S(`  {"a" : 1 }  `), S("$")), want: J(`{"a":1}`)},
		{fn: "JSON_EXTRACT", args: A(S(`"str"`), S("$")), want: J(`"str"`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":1,"a":2}`), S("$.a")), want: J(`1`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"A":1}`), S("$.a")), want: N},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":true}`), S("a")), want: J(`true`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("a.b")), want: J(`9`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("/a/b")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("/a/1/b")), want: J(`7`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[1]")), want: J(`{"b":7}`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[2]")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[-3]")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[-1]")), want: J(`{"b":7}`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a.b")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("$[1][0]")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a ")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("")), want: J(`{"a":[5,{"b":7}],"a.b":9,"a b":3}`)},
		{fn: "JSON_EXTRACT", args: A(doc, S(`$."a b"`)), want: J(`3`)},
		{fn: "JSON_EXTRACT", args: A(doc, S(`$."a"`)), want: J(`[5,{"b":7}]`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("$[0]")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[1].b")), want: J(`7`)},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a.")), err: ErrArgs},
		{fn: "JSON_EXTRACT", args: A(doc, S("$a")), err: ErrArgs},
		{fn: "JSON_EXTRACT", args: A(doc, S("$.a[0")), err: ErrArgs},
		{fn: "JSON_EXTRACT", args: A(doc, S("$[ 1 ]")), err: ErrArgs},
		// Wildcards: a list of what the path finds, in the document's order.
		{fn: "JSON_EXTRACT", args: A(doc, S("$.*")), want: J(`[[5,{"b":7}],9,3]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":["x",2,null]}`), S("$.a[*]")), want: J(`["x",2,null]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":5}`), S("$.a[*]")), want: J(`[]`)},
		{fn: "JSON_EXTRACT", args: A(S(`[1,2]`), S("$.*")), want: J(`[]`)},
		{fn: "JSON_EXTRACT", args: A(S(`[{"a":1},{"b":2},{"a":3}]`), S("$[*].a")), want: J(`[1,3]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":{"x":[1,2]},"b":{"x":[3]}}`), S("$.*.x[*]")), want: J(`[1,2,3]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":[1,[2,3]]}`), S("$.a[*][*]")), want: J(`[2,3]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":1.50}`), S("$.*")), want: J(`[1.5]`)},
		{fn: "JSON_EXTRACT", args: A(S(`{"a":[1,`), S("$.*")), err: types.ErrConvert},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":["x",2,null,{"b":1},[1]]}`), S("$.a[*]")), want: J(`["x","2",null,"{\"b\":1}","[1]"]`)},
		{fn: "JSON_TYPE", args: A(S(`[1,"x",-2,2.5,true,null,{},[]]`), S("$[*]")), want: J(`["UBIGINT","VARCHAR","BIGINT","DOUBLE","BOOLEAN","NULL","OBJECT","ARRAY"]`)},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`[1,[2,3]]`), S("$[*]")), want: J(`[0,2]`)},
		{fn: "JSON_ARRAY_LENGTH", args: A(S(`{"a":[1,2]}`), S("$.*")), want: J(`[2]`)},
		{fn: "JSON_EXTRACT", args: A(S("[00]"), S("$")), err: types.ErrConvert},
		{fn: "JSON_EXTRACT", args: A(S("{"), S("$")), err: types.ErrConvert},
		{fn: "JSON_EXTRACT", args: A(N, S("$")), want: N},
		{fn: "JSON_EXTRACT", args: A(doc, N), want: N},

		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":{"b":[1,"x"]}}`), S("$.a.b[1]")), want: S("x")},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":{"b" : [1, "x"]}}`), S("$.a")), want: S(`{"b":[1,"x"]}`)},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":null}`), S("$.a")), want: N},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":"x\u0041"}`), S("$.a")), want: S("xA")},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":1.50}`), S("$.a")), want: S("1.5")},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`{"a":true}`), S("$.a")), want: S("true")},
		{fn: "JSON_EXTRACT_STRING", args: A(S(`[1,2]`), S("$")), want: S("[1,2]")},
		{fn: "JSON_EXTRACT_STRING", args: A(J(`{"k":"서울"}`), S("$.k")), want: S("서울")},
	})
}

// TestToJSON: DuckDB 1.5.6's to_json(x)::VARCHAR.
func TestToJSON(t *testing.T) {
	check(t, []vector{
		{fn: "TO_JSON", args: A(S(`a"b`)), want: J(`"a\"b"`)},
		{fn: "TO_JSON", args: A(S(`tab\there`)), want: J(`"tab\\there"`)},
		{fn: "TO_JSON", args: A(I(1)), want: J(`1`)},
		{fn: "TO_JSON", args: A(F(1.5)), want: J(`1.5`)},
		{fn: "TO_JSON", args: A(F(0)), want: J(`0.0`)},
		{fn: "TO_JSON", args: A(F(1e20)), want: J(`100000000000000000000.0`)},
		{fn: "TO_JSON", args: A(F(1e-7)), want: J(`1e-7`)},
		{fn: "TO_JSON", args: A(F(math.NaN())), want: J(`NaN`)},
		{fn: "TO_JSON", args: A(F(math.Inf(-1))), want: J(`-Infinity`)},
		{fn: "TO_JSON", args: A(B(true)), want: J(`true`)},
		{fn: "TO_JSON", args: A(J(`[1.50, null]`)), want: J(`[1.5,null]`)},
		{fn: "TO_JSON", args: A(N), want: N},
		{fn: "JSON_QUOTE", args: A(S("서울")), want: J(`"서울"`)},
	})
}

// DuckDB 1.5.6 (yyjson) re-spells numbers: json_extract('[n]', '$').
func TestJSONNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"1e300": "1e300", "1.23e-7": "1.23e-7", "123456789012345678901": "123456789012345678901",
		"-0.0": "-0.0", "0.1": "0.1", "1E+2": "100.0", "12345678901234567": "12345678901234567",
		"18446744073709551615": "18446744073709551615", "-9223372036854775809": "-9223372036854775809",
		"1.0": "1.0", "100": "100", "3.14159265358979323846": "3.141592653589793",
		"1e16": "10000000000000000.0", "123456.789e3": "123456789.0", "1e20": "100000000000000000000.0",
		"1e21": "1e21", "1.5e22": "1.5e22", "1e-5": "0.00001", "1e-6": "0.000001", "1e-7": "1e-7",
		"1.5e-6": "0.0000015", "1.5e-7": "1.5e-7", "-1.5e25": "-1.5e25", "5e-324": "5e-324",
		"1.7976931348623157e308": "1.7976931348623157e308", "1.5E3": "1500.0",
	} {
		got, err := call("JSON_EXTRACT", A(S("["+in+"]"), S("$")), false)
		if err != nil || got.S != "["+want+"]" {
			t.Errorf("json_extract('[%s]', '$') = %q, %v; want [%s]", in, got.S, err, want)
		}
	}
}
