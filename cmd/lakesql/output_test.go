package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/types"
)

// sample holds every kind of value, wide and accented letters among them.
var sample = &sql.Result{
	Columns: []sql.Column{{Name: "z_text"}, {Name: "a_int", Numeric: true}, {Name: "float", Numeric: true}, {Name: "null"}, {Name: "raw"}},
	Rows: [][]sql.Value{
		{sql.StrValue(`<a&b>, "q"|`), sql.IntValue(-7), types.FloatValue(2.5), {}, sql.RawValue(`{"k":[1,true]}`)},
		{sql.StrValue("ü漢字"), sql.IntValue(12345), types.FloatValue(0.1), {}, sql.RawValue("false")},
	},
	Note: "a note",
}

func TestWriteResult(t *testing.T) {
	tests := map[string]struct {
		out, note string
	}{
		modeBox: {`┌─────────────┬───────┬───────┬──────┬────────────────┐
│ z_text      │ a_int │ float │ null │ raw            │
├─────────────┼───────┼───────┼──────┼────────────────┤
│ <a&b>, "q"| │    -7 │   2.5 │ NULL │ {"k":[1,true]} │
│ ü漢字       │ 12345 │   0.1 │ NULL │ false          │
└─────────────┴───────┴───────┴──────┴────────────────┘
2 rows
a note

`, ""},
		modeTable: {`+-------------+-------+-------+------+----------------+
| z_text      | a_int | float | null | raw            |
+-------------+-------+-------+------+----------------+
| <a&b>, "q"| |    -7 |   2.5 | NULL | {"k":[1,true]} |
| ü漢字       | 12345 |   0.1 | NULL | false          |
+-------------+-------+-------+------+----------------+
2 rows
a note

`, ""},
		modeMarkdown: {`| z_text | a_int | float | null | raw |
| --- | --- | --- | --- | --- |
| <a&b>, "q"\| | -7 | 2.5 | NULL | {"k":[1,true]} |
| ü漢字 | 12345 | 0.1 | NULL | false |
`, "a note\n"},
		modeLine: {`z_text = <a&b>, "q"|
 a_int = -7
 float = 2.5
  null = NULL
   raw = {"k":[1,true]}

z_text = ü漢字
 a_int = 12345
 float = 0.1
  null = NULL
   raw = false
`, "a note\n"},
		modeList: {`z_text|a_int|float|null|raw
<a&b>, "q"||-7|2.5||{"k":[1,true]}
ü漢字|12345|0.1||false
`, "a note\n"},
		modeCSV: {`z_text,a_int,float,null,raw
"<a&b>, ""q""|",-7,2.5,,"{""k"":[1,true]}"
ü漢字,12345,0.1,,false
`, "a note\n"},
		// Keys in column order, not sorted; numbers as numbers; no HTML escaping.
		modeJSON: {`{"z_text":"<a&b>, \"q\"|","a_int":-7,"float":2.5,"null":null,"raw":{"k":[1,true]}}
{"z_text":"ü漢字","a_int":12345,"float":0.1,"null":null,"raw":false}
`, "a note\n"},
		modeJSONLines: {`{"z_text":"<a&b>, \"q\"|","a_int":-7,"float":2.5,"null":null,"raw":{"k":[1,true]}}
{"z_text":"ü漢字","a_int":12345,"float":0.1,"null":null,"raw":false}
`, "a note\n"},
		modeJSONArray: {`[{"z_text":"<a&b>, \"q\"|","a_int":-7,"float":2.5,"null":null,"raw":{"k":[1,true]}},
{"z_text":"ü漢字","a_int":12345,"float":0.1,"null":null,"raw":false}]
`, "a note\n"},
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			tc, ok := tests[mode]
			if !ok {
				t.Fatalf("no test of mode %s", mode)
			}
			var out, note bytes.Buffer
			if err := writeResult(&out, &note, defaultFormat(mode), sample); err != nil {
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

// TestWriteNoRows: a result with columns and no rows prints its header
// where a mode has one (and an empty JSON array), and "0 rows" in a table.
func TestWriteNoRows(t *testing.T) {
	want := map[string]string{
		modeBox:       "┌───┬───┐\n│ a │ b │\n└───┴───┘\n0 rows\n\n",
		modeTable:     "+---+---+\n| a | b |\n+---+---+\n0 rows\n\n",
		modeMarkdown:  "| a | b |\n| --- | --- |\n",
		modeLine:      "",
		modeList:      "a|b\n",
		modeCSV:       "a,b\n",
		modeJSON:      "",
		modeJSONLines: "",
		modeJSONArray: "[]\n",
	}
	res := &sql.Result{Columns: []sql.Column{{Name: "a"}, {Name: "b"}}}
	for _, mode := range modes {
		var out, note bytes.Buffer
		if err := writeResult(&out, &note, defaultFormat(mode), res); err != nil {
			t.Fatal(err)
		}
		if out.String() != want[mode] || note.Len() > 0 {
			t.Errorf("%s: out %q, note %q; want %q and no note", mode, out.String(), note.String(), want[mode])
		}
	}
	// With headers off a box or table of no rows has nothing to draw:
	// tablewriter draws no table, and the count is left.
	for _, mode := range []string{modeBox, modeTable} {
		f := defaultFormat(mode)
		f.headers = false
		var out bytes.Buffer
		if err := writeResult(&out, &out, f, res); err != nil {
			t.Fatal(err)
		}
		if out.String() != "0 rows\n\n" {
			t.Errorf("%s, headers off: out %q, want %q", mode, out.String(), "0 rows\n\n")
		}
	}
}

// TestWriteNoColumns: a result of no columns prints its note alone (on
// out in a table, with its blank line, else on notes), or nothing at all.
func TestWriteNoColumns(t *testing.T) {
	for _, mode := range modes {
		f := defaultFormat(mode)
		var out, note bytes.Buffer
		if err := writeResult(&out, &note, f, &sql.Result{Note: "only this"}); err != nil {
			t.Fatal(err)
		}
		wantOut, wantNote := "", "only this\n"
		if f.tabular() {
			wantOut, wantNote = "only this\n\n", ""
		}
		if out.String() != wantOut || note.String() != wantNote {
			t.Errorf("%s, a note only: out %q, note %q; want %q and %q", mode, out.String(), note.String(), wantOut, wantNote)
		}
		out.Reset()
		note.Reset()
		if err := writeResult(&out, &note, f, &sql.Result{}); err != nil {
			t.Fatal(err)
		}
		if out.Len()+note.Len() > 0 {
			t.Errorf("%s, nothing: out %q, note %q; want nothing", mode, out.String(), note.String())
		}
	}
}

// TestHeadersOff: with .headers off no mode prints the column names.
func TestHeadersOff(t *testing.T) {
	for _, mode := range modes {
		f := defaultFormat(mode)
		f.headers = false
		var out bytes.Buffer
		if err := writeResult(&out, &out, f, sample); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		if mode == modeLine || mode == modeJSON || mode == modeJSONLines || mode == modeJSONArray {
			// Names are part of each row: headers do not apply.
			if !strings.Contains(text, "z_text") {
				t.Errorf("%s with headers off: %q lost the names", mode, text)
			}
			continue
		}
		if strings.Contains(text, "z_text") || !strings.Contains(text, "12345") {
			t.Errorf("%s with headers off: %q, want the rows without the names", mode, text)
		}
	}
}

// TestNullValue: .nullvalue is what NULL prints as in every mode but
// JSON; unset, it is NULL, and nothing in csv and list.
func TestNullValue(t *testing.T) {
	res := &sql.Result{Columns: []sql.Column{{Name: "n"}, {Name: "s"}}, Rows: [][]sql.Value{{{}, sql.StrValue("x")}}}
	print := func(f format) string {
		var out bytes.Buffer
		if err := writeResult(&out, &out, f, res); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	for _, mode := range modes {
		f := defaultFormat(mode)
		unset := print(f)
		f.null, f.nullSet = "(nil)", true
		set := print(f)
		switch mode {
		case modeJSON, modeJSONLines, modeJSONArray:
			if !strings.Contains(unset, `"n":null`) || !strings.Contains(set, `"n":null`) {
				t.Errorf("%s: %q and %q, want null either way", mode, unset, set)
			}
		case modeCSV, modeList:
			if strings.Contains(unset, "NULL") || !strings.Contains(set, "(nil)") {
				t.Errorf("%s: %q unset, %q set; want nothing, then (nil)", mode, unset, set)
			}
		default:
			if !strings.Contains(unset, "NULL") || !strings.Contains(set, "(nil)") || strings.Contains(set, "NULL") {
				t.Errorf("%s: %q unset, %q set; want NULL, then (nil)", mode, unset, set)
			}
		}
	}
}

// TestJSONModesAgree: json prints what jsonlines prints, and the
// jsonarray holds the same objects.
func TestJSONModesAgree(t *testing.T) {
	var array, lines, plain bytes.Buffer
	if err := writeResult(&plain, &plain, defaultFormat(modeJSON), sample); err != nil {
		t.Fatal(err)
	}
	if err := writeResult(&array, &array, defaultFormat(modeJSONArray), sample); err != nil {
		t.Fatal(err)
	}
	if err := writeResult(&lines, &lines, defaultFormat(modeJSONLines), sample); err != nil {
		t.Fatal(err)
	}
	if plain.String() != lines.String() {
		t.Errorf("json:\n%s\njsonlines:\n%s", plain.String(), lines.String())
	}
	var fromArray []json.RawMessage
	if err := json.Unmarshal(bytes.TrimSuffix(array.Bytes(), []byte("a note\n")), &fromArray); err != nil {
		t.Fatalf("jsonarray: %v in %q", err, array.String())
	}
	fromLines := strings.Split(strings.TrimSuffix(lines.String(), "\na note\n"), "\n")
	if len(fromArray) != len(fromLines) {
		t.Fatalf("jsonarray has %d objects, jsonlines %d", len(fromArray), len(fromLines))
	}
	for i := range fromLines {
		if string(fromArray[i]) != fromLines[i] {
			t.Errorf("object %d: jsonarray %s, jsonlines %s", i, fromArray[i], fromLines[i])
		}
	}
}

// TestEmitterLive: a live emitter has written each row by the time Row
// returns: rows show before the result ends.
func TestEmitterLive(t *testing.T) {
	for _, mode := range []string{modeJSON, modeJSONLines, modeJSONArray, modeCSV, modeList, modeLine, modeMarkdown} {
		var out bytes.Buffer
		b := newBuffer(&out)
		e := emitter{newWriter(b, defaultFormat(mode)), b, true, new(int)}
		if err := e.Columns([]string{"a"}); err != nil {
			t.Fatal(err)
		}
		if err := e.Row([]sql.Value{sql.StrValue("first")}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "first") {
			t.Errorf("%s: after the first row, out holds %q", mode, out.String())
		}
	}
}
