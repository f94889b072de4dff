package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/types"
)

// sample holds every kind of value.
var sample = &sql.Result{
	Columns: []sql.Column{{Name: "z_text"}, {Name: "a_int", Numeric: true}, {Name: "float", Numeric: true}, {Name: "null"}, {Name: "raw"}},
	Rows: [][]sql.Value{
		{sql.StrValue(`<a&b>, "q"`), sql.IntValue(-7), types.FloatValue(2.5), {}, sql.RawValue(`{"k":[1,true]}`)},
		{sql.StrValue("ü"), sql.IntValue(12345), types.FloatValue(0.1), {}, sql.RawValue("false")},
	},
	Note: "a note",
}

func TestWriteResult(t *testing.T) {
	tests := map[string]struct {
		mode      string
		out, note string
	}{
		"box": {modeBox, `┌────────────┬───────┬───────┬──────┬────────────────┐
│ z_text     │ a_int │ float │ null │ raw            │
├────────────┼───────┼───────┼──────┼────────────────┤
│ <a&b>, "q" │    -7 │   2.5 │ NULL │ {"k":[1,true]} │
│ ü          │ 12345 │   0.1 │ NULL │ false          │
└────────────┴───────┴───────┴──────┴────────────────┘
2 rows
a note

`, ""},
		// Keys in column order, not sorted; numbers as numbers; no HTML escaping.
		"jsonlines": {modeJSONLines, `{"z_text":"<a&b>, \"q\"","a_int":-7,"float":2.5,"null":null,"raw":{"k":[1,true]}}
{"z_text":"ü","a_int":12345,"float":0.1,"null":null,"raw":false}
`, "a note\n"},
		"csv": {modeCSV, `z_text,a_int,float,null,raw
"<a&b>, ""q""",-7,2.5,,"{""k"":[1,true]}"
ü,12345,0.1,,false
`, "a note\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var out, note bytes.Buffer
			if err := writeResult(&out, &note, defaultFormat(tc.mode), sample); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.out {
				t.Errorf("out:\n%s\nwant:\n%s", out.String(), tc.out)
			}
			if note.String() != tc.note {
				t.Errorf("note %q, want %q", note.String(), tc.note)
			}
		})
	}
}

func TestWriteTableRowCount(t *testing.T) {
	tests := map[string]struct {
		res  *sql.Result
		want string
	}{
		"no rows":     {&sql.Result{Columns: []sql.Column{{Name: "a"}}}, "0 rows\n\n"},
		"one row":     {&sql.Result{Columns: []sql.Column{{Name: "a"}}, Rows: [][]sql.Value{{sql.IntValue(1)}}}, "1 row\n\n"},
		"a note only": {&sql.Result{Note: "only this"}, "only this\n\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := writeResult(&out, io.Discard, defaultFormat(modeBox), tc.res); err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(out.String(), tc.want) {
				t.Errorf("got %q, want it to end in %q", out.String(), tc.want)
			}
		})
	}
}
