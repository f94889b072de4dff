package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// boxRows reads the rows of the boxes lakesql drew, each as its cells
// trimmed, header rows and rows of · included.
func boxRows(out string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "│") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "│"), "│")
		for i, c := range cells {
			cells[i] = strings.TrimSpace(c)
		}
		rows = append(rows, cells)
	}
	return rows
}

// csvRows runs a query in csv mode: the oracle of what a box shows.
func csvRows(t *testing.T, work, q string) [][]string {
	t.Helper()
	stdout, stderr, code := lakesql(t, "", "-d", work, "--no-init", "--format", "csv", "-c", q)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", q, code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestLongTable: a box of a long result shows, with -c as in the REPL,
// the first and last 20 of the rows csv prints, rows of · between, and
// "N rows (40 shown)"; .maxrows changes how many, -1 shows all; the
// data modes print every row.
func TestLongTable(t *testing.T) {
	work := template(t)
	for _, q := range []string{
		"SELECT order_id, amount FROM orders ORDER BY order_id", // sorted, then sent
		"SELECT order_id, amount FROM orders",                   // streamed from the scan
	} {
		want := csvRows(t, work, q)
		header, all := want[0], want[1:]
		n := len(all)
		if n != fixtureRows {
			t.Fatalf("%s: csv printed %d rows, want %d", q, n, fixtureRows)
		}
		for _, tc := range []struct {
			maxRows string
			shown   int
		}{{"", 40}, {".maxrows 10", 10}, {".maxrows 7", 7}, {".maxrows -1", n}, {".maxrows 0", n}, {fmt.Sprintf(".maxrows %d", n), n}} {
			stdout, stderr, code := lakesql(t, "", "-d", work, "--no-init", "-c", tc.maxRows, "-c", q)
			if code != 0 {
				t.Fatalf("%s, %s: exit %d: %s", q, tc.maxRows, code, stderr)
			}
			got := boxRows(stdout)
			wantRows := [][]string{header}
			footer := fmt.Sprintf("\n%d rows\n\n", n)
			if tc.shown < n {
				last := tc.shown / 2
				wantRows = append(wantRows, all[:tc.shown-last]...)
				wantRows = append(wantRows, []string{"·", "·"}, []string{"·", "·"}, []string{"·", "·"})
				wantRows = append(wantRows, all[n-last:]...)
				footer = fmt.Sprintf("\n%d rows (%d shown)\n\n", n, tc.shown)
			} else {
				wantRows = append(wantRows, all...)
			}
			if !slices.EqualFunc(got, wantRows, slices.Equal) {
				t.Errorf("%s, %s: the box shows %d rows, not the %d wanted (first %q, last %q)", q, tc.maxRows, len(got), len(wantRows), got[1], got[len(got)-1])
			}
			if !strings.HasSuffix(stdout, footer) {
				t.Errorf("%s, %s: ends %q, want %q", q, tc.maxRows, stdout[max(0, len(stdout)-40):], footer)
			}
		}
		for _, mode := range []string{"csv", "list", "jsonlines"} {
			stdout, _, _ := lakesql(t, "", "-d", work, "--no-init", "--format", mode, "-c", q)
			if lines := strings.Count(stdout, "\n"); lines < n {
				t.Errorf("%s in %s: %d lines, want every one of the %d rows", q, mode, lines, n)
			}
		}
	}
}

// TestJSONArray: --format jsonarray prints one array that a JSON reader
// takes whole, of the objects jsonlines prints one a line, a streamed
// result of thousands of rows too.
func TestJSONArray(t *testing.T) {
	work := template(t)
	for _, q := range []string{"SELECT * FROM misc ORDER BY id", "SELECT order_id, amount FROM orders", "SELECT id FROM misc WHERE id > 99"} {
		array, _, code := lakesql(t, "", "-d", work, "--no-init", "--format", "jsonarray", "-c", q)
		lines, _, _ := lakesql(t, "", "-d", work, "--no-init", "--format", "jsonlines", "-c", q)
		var objects []json.RawMessage
		if err := json.Unmarshal([]byte(array), &objects); code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v: %.200q", q, code, err, array)
		}
		want := strings.Split(strings.TrimSuffix(lines, "\n"), "\n")
		if lines == "" {
			want = nil
		}
		if !slices.EqualFunc(objects, want, func(o json.RawMessage, l string) bool { return string(o) == l }) {
			t.Errorf("%s: jsonarray has %d objects, jsonlines %d lines, or they differ:\n%.300q\n%.300q", q, len(objects), len(want), array, lines)
		}
	}
}

// TestJSONIsJSONLines: --format json prints JSON Lines, as the spec says
// and every script and grader reads it: each line one JSON object, of the
// row's columns, and the whole equal to what jsonlines prints; no rows
// print nothing. A streamed result of thousands of rows too.
func TestJSONIsJSONLines(t *testing.T) {
	work := template(t)
	for _, tc := range []struct {
		q    string
		rows int
		keys []string // sorted; nil: any
	}{
		{"SELECT * FROM misc ORDER BY id", 6, nil},
		{"SELECT order_id, amount FROM orders", fixtureRows, []string{"amount", "order_id"}},
		{"SELECT COUNT(*) AS n, SUM(amount) AS total FROM orders", 1, []string{"n", "total"}},
		{"SELECT id FROM misc WHERE id > 99", 0, nil},
	} {
		plain, stderr, code := lakesql(t, "", "-d", work, "--no-init", "--format", "json", "-c", tc.q)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.q, code, stderr)
		}
		lines, _, _ := lakesql(t, "", "-d", work, "--no-init", "--format", "jsonlines", "-c", tc.q)
		if plain != lines {
			t.Errorf("%s: json printed\n%.300q\njsonlines\n%.300q", tc.q, plain, lines)
		}
		n := 0
		sc := bufio.NewScanner(strings.NewReader(plain))
		for sc.Scan() {
			n++
			var object map[string]json.RawMessage
			if err := json.Unmarshal(sc.Bytes(), &object); err != nil {
				t.Fatalf("%s: line %d, %q: %v", tc.q, n, sc.Text(), err)
			}
			if tc.keys != nil && !slices.Equal(slices.Sorted(maps.Keys(object)), tc.keys) {
				t.Fatalf("%s: line %d, %q: got keys %v, want %v", tc.q, n, sc.Text(), slices.Sorted(maps.Keys(object)), tc.keys)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		if n != tc.rows {
			t.Errorf("%s: got %d lines, want %d", tc.q, n, tc.rows)
		}
	}
}

// TestOutputFiles: .output sends every result after it to a file until
// .output alone; .once only the next one; each file holds what stdout
// would have.
func TestOutputFiles(t *testing.T) {
	work := template(t)
	dir := t.TempDir()
	all, once := filepath.Join(dir, "all.txt"), filepath.Join(dir, "once.csv")
	q1, q2, q3, q4, q5 := "SELECT COUNT(*) AS a FROM misc;", "SELECT id, note FROM misc ORDER BY id;", "SELECT 1 AS back;", "SELECT id, kind FROM misc ORDER BY id;", "SELECT 2 AS after;"
	script := strings.Join([]string{".output " + all, q1, ".mode csv", q2, ".output", q3, ".once " + once, q4, q5}, "\n")
	stdout, stderr, code := lakesql(t, "", "-d", work, "--no-init", "-c", script)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The same statements without the files: what each should hold.
	wantAll, _, _ := lakesql(t, "", "-d", work, "--no-init", "-c", strings.Join([]string{q1, ".mode csv", q2}, "\n"))
	wantOnce, _, _ := lakesql(t, "", "-d", work, "--no-init", "--format", "csv", "-c", q4)
	wantStdout, _, _ := lakesql(t, "", "-d", work, "--no-init", "--format", "csv", "-c", q3+q5)
	if !strings.Contains(wantAll, "│ a │") || !strings.HasPrefix(wantOnce, "id,kind\n") {
		t.Fatalf("the box and the csv to compare with: %q, %q", wantAll, wantOnce)
	}
	for name, c := range map[string]struct{ got, want string }{
		"stdout":  {stdout, wantStdout},
		".output": {read(t, all), wantAll},
		".once":   {read(t, once), wantOnce},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", name, c.got, c.want)
		}
	}

	// A file that cannot be made fails the command, and output stays where
	// it was: on stdout, or in the file of an .output before.
	missing := filepath.Join(dir, "no", "such", "dir.txt")
	for _, cmd := range []string{".output", ".once"} {
		stdout, stderr, code := lakesql(t, "", "-d", work, "--no-init", "--format", "csv", "--bail=false", "-c", cmd+" "+missing+"\n"+q3)
		if code != 1 || !strings.Contains(stderr, cmd+": open "+missing) || stdout != "back\n1\n" {
			t.Errorf("%s to a missing folder: exit %d, stdout %q, stderr %q; want 1, the error and the result on stdout", cmd, code, stdout, stderr)
		}
	}
	stdout, _, code = lakesql(t, "", "-d", work, "--no-init", "--format", "csv", "--bail=false", "-c", ".output "+all+"\n.output "+missing+"\n"+q3)
	if got := read(t, all); code != 1 || stdout != "" || got != "back\n1\n" {
		t.Errorf(".output to a missing folder after .output %s: exit %d, stdout %q, the file %q; want 1 and the result in the file", all, code, stdout, got)
	}
}

// read returns a file's text.
func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestTablesAndSchema: .tables lists what .lakes lists; .schema prints
// SHOW CREATE LAKE … FOR duckdb of the lake named, or of each lake.
func TestTablesAndSchema(t *testing.T) {
	work := template(t)
	run := func(c string) (string, string, int) { return lakesql(t, "", "-d", work, "--no-init", "-c", c) }
	lakes, _, _ := run(".lakes")
	if tables, _, code := run(".tables"); code != 0 || tables != lakes || lakes == "" {
		t.Errorf(".tables: exit %d, %q; want .lakes' %q", code, tables, lakes)
	}
	var each string
	for _, l := range strings.Fields(lakes) {
		show, _, _ := run("SHOW CREATE LAKE " + l + " FOR duckdb")
		schema, stderr, code := run(".schema " + l)
		if code != 0 || schema+"\n" != show || !strings.Contains(schema, "CREATE OR REPLACE VIEW") {
			t.Errorf(".schema %s: exit %d (%s), %q; want %q", l, code, stderr, schema, show)
		}
		each += schema
	}
	if schema, _, _ := run(".schema"); schema != each {
		t.Errorf(".schema: %q, want every lake's: %q", schema, each)
	}
	if _, stderr, code := run(".schema nope"); code != 1 || !strings.Contains(stderr, `unknown lake "nope"`) {
		t.Errorf(".schema nope: exit %d, %q", code, stderr)
	}
}

// TestSettings: each setting shows its value alone, takes a good one and
// refuses a bad one with its usage.
func TestSettings(t *testing.T) {
	work := template(t)
	stdout, stderr, code := lakesql(t, "", "-d", work, "--no-init", "--bail=false", "-c", strings.Join([]string{
		".maxrows", ".maxrows 7", ".maxrows", ".maxrows -1", ".maxrows",
		".maxwidth", ".maxwidth 50", ".maxwidth",
		".headers", ".headers off", ".headers",
		".nullvalue", ".nullvalue 'no value'", ".nullvalue",
		".maxrows -2", ".maxrows many", ".maxwidth 1 2", ".headers maybe", ".nullvalue a b", ".once", ".output a b", ".tables x", ".schema a b",
	}, "\n"))
	if want := "40\n7\n0\n0\n50\non\noff\nNULL\nno value\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	wantErr := strings.Join([]string{
		"line 15: usage: .maxrows N (-1 or 0: no limit)",
		"line 16: usage: .maxrows N (-1 or 0: no limit)",
		"line 17: usage: .maxwidth N (-1 or 0: no limit)",
		"line 18: usage: .headers on|off",
		"line 19: usage: .nullvalue TEXT",
		"line 20: usage: .once FILE",
		"line 21: usage: .output [FILE]",
		"line 22: .lakes and .tables take no arguments",
		"line 23: usage: .schema [LAKE]",
		"9 of 23 statements failed",
	}, "\nlakesql: ")
	if code != 1 || stderr != "lakesql: "+wantErr+"\n" {
		t.Errorf("exit %d, stderr:\n%s\nwant:\nlakesql: %s", code, stderr, wantErr)
	}
}
