package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// lakesql runs the command line in process and returns what it printed.
func lakesql(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "--help", "-help"} {
		t.Run(arg, func(t *testing.T) {
			stdout, stderr, code := lakesql(t, "", arg)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage:\n  lakesql [-d WORKDIR] [-c SQL]...") {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0 and the usage on stdout", code, stdout, stderr)
			}
		})
	}
}

func TestBadCommandLine(t *testing.T) {
	tests := map[string]struct {
		args []string
		want string
	}{
		"unknown flag":       {[]string{"-x"}, "lakesql: flag provided but not defined: -x\n"},
		"argument":           {[]string{"-d", ".", "work"}, `lakesql: unexpected argument "work"` + "\n"},
		"unknown format":     {[]string{"--format", "xml"}, `lakesql: --format "xml": use box, table, markdown, line, list, csv, json, jsonlines, jsonarray` + "\n"},
		"-c without its SQL": {[]string{"-c"}, "lakesql: flag needs an argument: -c\n"},
		"bail not a boolean": {[]string{"--bail=sometimes"}, "lakesql: invalid boolean value"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			stdout, stderr, code := lakesql(t, "", tc.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.HasPrefix(stderr, tc.want) || !strings.HasSuffix(stderr, "run 'lakesql --help' for usage\n") {
				t.Errorf("stderr %q, want it to start with %q and point at --help", stderr, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}

func TestMissingWorkFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nope")
	stdout, stderr, code := lakesql(t, "", "-d", dir, "-c", "SHOW LAKES")
	want := "lakesql: work folder " + dir + " does not exist (create it, or run lakesql --demo -d " + dir + " to fill it with sample lakes)\n"
	if code != 1 || stderr != want || stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, stdout, stderr, want)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the missing work folder was created (stat: %v)", err)
	}
}

// TestSourcesRunInOrder: every -c in order, then -f; stdin is not read
// when there is -c or -f; each -c counts its own lines.
func TestSourcesRunInOrder(t *testing.T) {
	work := template(t)
	file := filepath.Join(t.TempDir(), "f.sql")
	if err := os.WriteFile(file, []byte("SELECT COUNT(*) AS from_f FROM misc;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := lakesql(t, "SELECT COUNT(*) AS from_stdin FROM misc;",
		"-d", work, "--format", "csv", "-c", "SELECT COUNT(*) AS c1 FROM misc", "-c", ".mode jsonlines\nSELECT COUNT(*) AS c2 FROM misc;", "-f", file)
	want := "c1\n6\n{\"c2\":6}\n{\"from_f\":6}\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
	}

	_, stderr, code = lakesql(t, "", "-d", work, "-c", "SELECT COUNT(*) FROM misc;", "-c", "SELECT COUNT(*) FROM misc;\n\n  SELECT * FROM nope;")
	if want := "lakesql: line 3: unknown lake \"nope\" (lakes: misc, orders, orders_fine)\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}

	_, stderr, code = lakesql(t, "", "-d", work, "-f", filepath.Join(t.TempDir(), "none.sql"))
	if code != 1 || !strings.Contains(stderr, "none.sql: no such file") {
		t.Errorf("a missing -f file: exit %d, stderr %q; want 1 naming it", code, stderr)
	}
}

// TestBail: the first failure stops the run, across -c sources too;
// --bail=false runs everything and still exits 1.
func TestBail(t *testing.T) {
	work := template(t)
	args := []string{"-d", work, "--format", "csv", "-c", "SELECT * FROM nope", "-c", "SELECT COUNT(*) AS after FROM misc"}
	stdout, stderr, code := lakesql(t, "", args...)
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "lakesql: line 1: unknown lake") {
		t.Errorf("bail: exit %d, stdout %q, stderr %q; want 1, nothing run after the failure", code, stdout, stderr)
	}
	stdout, stderr, code = lakesql(t, "", append(args, "--bail=false")...)
	if code != 1 || stdout != "after\n6\n" || !strings.HasSuffix(stderr, "lakesql: 1 of 2 statements failed\n") {
		t.Errorf("--bail=false: exit %d, stdout %q, stderr %q; want 1, the second statement run", code, stdout, stderr)
	}
	stdout, _, code = lakesql(t, "", "-d", work, "--bail=false", "--format", "csv", "-c", "SELECT COUNT(*) AS n FROM misc")
	if code != 0 || stdout != "n\n6\n" {
		t.Errorf("--bail=false without failures: exit %d, stdout %q; want 0", code, stdout)
	}
}

var demoLine = regexp.MustCompile(`^demo: in (.+) wrote raw\.jsonl \((\d+) sample orders\) and made the lakes orders \(by day, (\d+) files\) and orders_fine \(by day, region, channel, at most 5 rows a file: (\d+) files\)\n$`)

func TestDemo(t *testing.T) {
	old := demoRows
	demoRows = 300
	t.Cleanup(func() { demoRows = old })

	dir := filepath.Join(t.TempDir(), "new", "demo")
	stdout, stderr, code := lakesql(t, "", "--demo", "-d", dir, "--format", "jsonlines", "-c", "SHOW LAKES", "-c", "SHOW FILES orders_fine")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := demoLine.FindStringSubmatch(stderr)
	if m == nil || m[1] != dir || m[2] != "300" {
		t.Fatalf("stderr %q, want one line saying what the demo made in %s", stderr, dir)
	}
	var lakes []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var row map[string]any
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		switch {
		case row["lake"] != nil:
			lakes = append(lakes, row["lake"].(string)+" by "+row["key"].(string))
			if row["rows"].(float64) != 300 {
				t.Errorf("lake %v holds %v rows, want 300", row["lake"], row["rows"])
			}
		case row["rows"].(float64) > 5:
			t.Errorf("orders_fine file %v holds %v rows, want at most 5", row["path"], row["rows"])
		}
	}
	if got, want := strings.Join(lakes, "; "), "orders by day; orders_fine by day, region, channel"; got != want {
		t.Errorf("lakes %q, want %q", got, want)
	}

	// Again on the same folder: it is used as it is.
	_, stderr, code = lakesql(t, "", "--demo", "-d", dir, "-c", "SELECT COUNT(*) FROM orders")
	if want := "demo: " + dir + " already holds the lakes orders and orders_fine\n"; code != 0 || stderr != want {
		t.Errorf("demo again: exit %d, stderr %q; want 0 and %q", code, stderr, want)
	}

	// A folder with something else in it is left alone.
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "raw.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = lakesql(t, "", "--demo", "-d", other, "-c", "SHOW LAKES")
	if code != 1 || !strings.Contains(stderr, "is not empty") {
		t.Errorf("demo in a used folder: exit %d, stderr %q; want 1 and a refusal", code, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(other, "raw.jsonl")); string(data) != "{}\n" {
		t.Errorf("demo overwrote raw.jsonl in a used folder")
	}

	// Without -d: a new temporary folder, named in the message.
	_, stderr, code = lakesql(t, "", "--demo", "-c", "SELECT COUNT(*) FROM orders_fine")
	m = demoLine.FindStringSubmatch(stderr)
	if code != 0 || m == nil {
		t.Fatalf("demo in a temporary folder: exit %d, stderr %q", code, stderr)
	}
	defer os.RemoveAll(m[1])
	if _, err := os.Stat(filepath.Join(m[1], "orders_fine", "_manifest.json")); err != nil {
		t.Errorf("the temporary demo folder has no lake orders_fine: %v", err)
	}
}

// TestUnclosedComment: a script, -c or stdin that ends inside a /*
// comment fails (exit 1, naming the comment's line), after running the
// statements before it; a closed comment is nothing.
func TestUnclosedComment(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.sql")
	if err := os.WriteFile(script, []byte("SELECT 1 AS a;\n/* oops\nSELECT 2 AS b;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"-f":       {"-d", dir, "--no-init", "--format", "csv", "-f", script},
		"-c":       {"-d", dir, "--no-init", "--format", "csv", "-c", "SELECT 1 AS a; /* oops SELECT 2 AS b;"},
		"-c alone": {"-d", dir, "--no-init", "--format", "csv", "-c", "SELECT 1 AS a;", "-c", "/* never closed SELECT 2 AS b"},
	} {
		stdout, stderr, code := lakesql(t, "", args...)
		if code != 1 || stdout != "a\n1\n" || !strings.Contains(stderr, "a /* comment is never closed") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1, a's row and the unclosed comment", name, code, stdout, stderr)
		}
	}
	stdout, stderr, code := lakesql(t, "SELECT 1 AS a; /* oops\n", "-d", dir, "--no-init", "--format", "csv")
	if code != 1 || stdout != "a\n1\n" || !strings.Contains(stderr, "line 1: a /* comment is never closed") {
		t.Errorf("stdin: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if stdout, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--format", "csv", "-c", "SELECT 1 /* x */ AS a; /* fine */"); code != 0 || stdout != "a\n1\n" {
		t.Errorf("closed comments: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestErrorBeforeFirstRow: a SELECT that fails before its first row
// prints only its error, as DuckDB does, in every mode (a streamed
// header or a table's top is held until a row comes); one that fails
// later keeps the rows that went out. Exit 1 either way.
func TestErrorBeforeFirstRow(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []string{"csv", "list", "markdown", "table", "box", "line", "json", "jsonlines", "jsonarray"} {
		stdout, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--format", mode,
			"-c", "SELECT CAST(x AS INTEGER) AS n FROM (VALUES ('1'), ('oops')) t(x) WHERE x <> '1'")
		if code != 1 || stdout != "" || !strings.Contains(stderr, "oops") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1, nothing out and the error", mode, code, stdout, stderr)
		}
	}
	stdout, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--format", "csv",
		"-c", "SELECT 1 AS a", "-c", "SELECT CAST('oops' AS INTEGER) AS b")
	if code != 1 || stdout != "a\n1\n" || !strings.Contains(stderr, "oops") {
		t.Errorf("two statements: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
