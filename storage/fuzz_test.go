package storage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdataLines returns the JSON lines of the repo's testdata: lakesql's
// *.jsonl and the *.jsonl files inside pq's test scripts, good and bad.
func testdataLines(tb testing.TB) []string {
	var lines []string
	files, _ := filepath.Glob("../cmd/lakesql/testdata/*.jsonl")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	scripts, _ := filepath.Glob("../cmd/pq/testdata/script/*.txtar")
	for _, name := range scripts {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		inJSONL := false
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") {
				inJSONL = strings.HasSuffix(strings.TrimSuffix(l, " --"), ".jsonl")
				continue
			}
			if inJSONL {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// FuzzExtractKeys complements FuzzExtract, whose two fuzzed names seldom
// meet the line's own keys: here the names are every key encoding/json
// sees in a valid object line, plus one fuzzed name. Extract must give,
// for each, the raw text encoding/json gives (the last member of that
// name), both with one extractor of all the names (walked when one is not
// plain) and with one extractor per name (each on the fast path when it
// can be), and none for the fuzzed name when no member has it.
func FuzzExtractKeys(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "a")
	}
	for _, s := range []string{
		`{"order_id":"o-0000001","day":"2026-01-03","region":"seoul","channel":"app","amount":412,"qty":2}`,
		`{"day":1,"x":"day","day":3}`, `{"day":1,"day" :2}`, `{"a":":","b":1}`, `{"a":" ","b":1}`,
		`{"k\"ey":"v","key":"w"}`, `{"day":"\u0041","d\u0061y":2}`, "{\"\xff\":1,\"\ufffd\":2}",
		`{"x":{"day":1},"day":2}`, `{"":1,"":2}`, `{"}":1,"]":2,",":3}`, " {\"a\"\t:\r\n1 } ",
	} {
		f.Add(s, "day")
	}
	for _, s := range testdataLines(f) {
		f.Add(s, "amount")
	}
	f.Fuzz(func(t *testing.T, line, extra string) {
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(line), &m) != nil || m == nil {
			e := NewExtractor([]string{extra})
			e.Extract([]byte(line), make([][]byte, 1)) // no panic
			return
		}
		names := []string{extra}
		for k := range m {
			if k != extra {
				names = append(names, k)
			}
		}
		check := func(e *Extractor, names []string) {
			vals := make([][]byte, len(names))
			if err := e.Extract([]byte(line), vals); err != nil {
				t.Fatalf("%q: %v on a valid object", line, err)
			}
			// And as a scan reads it, in a block through masks.
			rowVals := make([][]byte, len(names))
			inBlock := !strings.Contains(line, "\n")
			if inBlock {
				if _, err := rowsExtract(e, line, len(names), rowVals); err != nil {
					t.Fatalf("%q: %v on a valid object, read by a RowReader", line, err)
				}
			}
			for i, n := range names {
				want, ok := m[n]
				switch {
				case !ok && (vals[i] != nil || rowVals[i] != nil):
					t.Fatalf("%q: name %q: got %q (RowReader: %q), want none", line, n, vals[i], rowVals[i])
				case ok && string(vals[i]) != string(want):
					t.Fatalf("%q: name %q: got %q, want %q", line, n, vals[i], want)
				case ok && inBlock && string(rowVals[i]) != string(want):
					t.Fatalf("%q: name %q: RowReader got %q, want %q", line, n, rowVals[i], want)
				}
			}
		}
		check(NewExtractor(names), names)
		for _, n := range names {
			check(NewExtractor([]string{n}), []string{n})
		}
	})
}
