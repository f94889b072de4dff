package storage

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzExtract: on every line that is a valid JSON object, Extract agrees
// with encoding/json on every name (last member wins, raw bytes equal);
// on any other line it does not panic.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		`{"day":"2026-01-03","amount":412}`,
		`{"a":1,"a":2}`,
		`{"k\"ey":"v","key":"w"}`,
		`{"n":{"day":"x"},"day":"y"}`,
		`{"day":["a","b",{"c":"}"}],"x":"\\"}`,
		`{"d\u0061y":"escaped key"}`,
		"  {\t\"day\" : \"ws\" ,\r\n\"amount\":-1.5e3 }  ",
		`{"":"empty name","day":null}`,
		`{"day":"\u00e9t\u00e9","amount":true}`,
		"{\"\xff\":1,\"\ufffd\":2}",
		`{"day":"unterminated`,
		`[1,2]`,
		`{"a":}`,
		// Shapes the flat fast path must get right or leave to the walk.
		`{"myday":1,"day":2}`,
		`{"day_x":1,"xday":2}`,
		`{"a":"day","day":5}`,
		`{"day":1,"x":2,"day":3}`,
		`{"day" :1,"amount" : 2}`,
		`{"day":"a","amount":1`,
		`{"day":"a","amount":1}   `,
		`{"day":"gday","amount":"mountain"}`,
		`{"o":{"day":1},"day":2,"amount":[{"amount":3}]}`,
	} {
		f.Add(s, "day", "amount")
	}
	for _, s := range fuzzSeeds {
		f.Add(s, "a", "b")
	}
	f.Fuzz(func(t *testing.T, line, n1, n2 string) {
		names := []string{n1, n2}
		e := NewExtractor(names)
		vals := make([][]byte, 2)
		err := e.Extract([]byte(line), vals)
		// The same line as a scan reads it: in a block, through masks.
		rowVals := make([][]byte, 2)
		inBlock := !strings.Contains(line, "\n")
		var rowErr error
		if inBlock {
			_, rowErr = rowsExtract(e, line, len(line)%7, rowVals)
		}
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(line), &m) != nil || m == nil {
			return // not an object: no promise but no panic
		}
		if err != nil {
			t.Fatalf("%q: %v on a valid object", line, err)
		}
		if rowErr != nil {
			t.Fatalf("%q: %v on a valid object, read by a RowReader", line, rowErr)
		}
		for i, n := range names {
			want, ok := m[n]
			if !ok {
				if vals[i] != nil || rowVals[i] != nil {
					t.Fatalf("%q: name %q: got %q (RowReader: %q), want none", line, n, vals[i], rowVals[i])
				}
				continue
			}
			if string(vals[i]) != string(want) {
				t.Fatalf("%q: name %q: got %q, want %q", line, n, vals[i], want)
			}
			if inBlock && string(rowVals[i]) != string(want) {
				t.Fatalf("%q: name %q: RowReader got %q, want %q", line, n, rowVals[i], want)
			}
		}
	})
}

func TestExtractAgreesWithFields(t *testing.T) {
	names := []string{"day", "amount", "a", "k\"ey", "", "\ufffd"}
	for _, line := range fuzzSeeds {
		want := make([][]byte, len(names))
		if Fields([]byte(line), names, want) != nil {
			continue
		}
		got := make([][]byte, len(names))
		if err := NewExtractor(names).Extract([]byte(line), got); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for i := range names {
			if string(got[i]) != string(want[i]) {
				t.Errorf("%q: %q: got %q, want %q", line, names[i], got[i], want[i])
			}
		}
	}
}

func TestFieldsNamesTheBOM(t *testing.T) {
	err := Fields([]byte("\xef\xbb\xbf{\"a\":1}"), []string{"a"}, make([][]byte, 1))
	if err == nil || !strings.Contains(err.Error(), "byte-order mark") {
		t.Fatalf("got %v, want an error naming the byte-order mark", err)
	}
}

func TestNeedle(t *testing.T) {
	for _, c := range []struct {
		text, line string
		want       bool
	}{
		{"app", `{"channel":"app"}`, true},
		{"app", `{"channel":"apple"}`, true},
		{"app", `{"channel":"ap","x":"pp"}`, false},
		{"seoul", `{"region":"seoul"}`, true},
		{"seoul", `{"region":"seou"}`, false},
		{"x", `{}`, false},
		{"", `{}`, true},
		{"pp", `pp`, true},
	} {
		if got := NewNeedle(c.text).In([]byte(c.line)); got != c.want {
			t.Errorf("%q in %q: got %v, want %v", c.text, c.line, got, c.want)
		}
	}
}

// FuzzNeedle: Needle.In agrees with bytes.Contains.
func FuzzNeedle(f *testing.F) {
	f.Add("app", `{"channel":"app","amount":3}`)
	f.Fuzz(func(t *testing.T, text, line string) {
		if got, want := NewNeedle(text).In([]byte(line)), strings.Contains(line, text); got != want {
			t.Fatalf("%q in %q: got %v, want %v", text, line, got, want)
		}
	})
}
