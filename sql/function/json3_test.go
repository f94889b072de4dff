package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestJSONPrettyMergeContains: DuckDB's answers (1.5.6) to JSON_PRETTY,
// JSON_MERGE_PATCH and JSON_CONTAINS.
func TestJSONPrettyMergeContains(t *testing.T) {
	check(t, []vector{
		{fn: "JSON_PRETTY", args: A(S(`{"a":[1,2],"b":{"c":"x","d":{}},"e":[],"f":1.50}`)),
			want: S("{\n    \"a\": [\n        1,\n        2\n    ],\n    \"b\": {\n        \"c\": \"x\",\n        \"d\": {}\n    },\n    \"e\": [],\n    \"f\": 1.5\n}")},
		{fn: "JSON_PRETTY", args: A(S(`[]`)), want: S("[]")},
		{fn: "JSON_PRETTY", args: A(S(`5`)), want: S("5")},
		{fn: "JSON_PRETTY", args: A(S(`{`)), err: types.ErrConvert},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"a":1,"b":{"x":1,"y":2}}`), S(`{"b":{"y":null,"z":3},"c":[1]}`)), want: J(`{"a":1,"b":{"x":1,"z":3},"c":[1]}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`[1]`), S(`{"a":1}`)), want: J(`{"a":1}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"a":1}`), S(`[2]`)), want: J(`[2]`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"a":1}`), S(`{"b":2}`), S(`{"c":3}`)), want: J(`{"a":1,"b":2,"c":3}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"a":1}`), S(`null`)), want: J(`null`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"a":{"b":1}}`), S(`{"a":{"c":{"d":null,"e":1}}}`)), want: J(`{"a":{"b":1,"c":{"e":1}}}`)},
		{fn: "JSON_MERGE_PATCH", args: A(N, S(`{"a":null,"b":1}`)), want: J(`{"a":null,"b":1}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`null`), S(`{"a":null,"b":1}`)), want: J(`{"a":null,"b":1}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"c":1}`), N), want: N},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"c":1}`), N, S(`{"d":2}`)), want: J(`{"d":2}`)},
		{fn: "JSON_MERGE_PATCH", args: A(S(`{"c":1}`), S(`{"a":{"x":null}}`)), want: J(`{"c":1,"a":{}}`)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":[1,2]}`), S(`[1]`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":[1,2]}`), S(`1`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":{"b":1,"c":2}}`), S(`{"b":1}`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`[1,[2,3]]`), S(`[2]`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":1}`), S(`{"a":2}`)), want: B(false)},
		{fn: "JSON_CONTAINS", args: A(S(`[1,2,3]`), S(`[3,1]`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`"abc"`), S(`"b"`)), want: B(false)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":{"b":1}}`), S(`{"b":1}`)), want: B(true)},
		{fn: "JSON_CONTAINS", args: A(S(`[1.0]`), S(`1`)), want: B(false)},
		{fn: "JSON_CONTAINS", args: A(S(`{"a":1,"b":2}`), S(`{"b":2,"a":1}`)), want: B(true)},
	})
}
