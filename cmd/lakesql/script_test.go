package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage/storagetest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.out from the current output")

// fixtureRows is how many sample orders the test lakes hold; appendRows
// how many more each of more1.jsonl and more2.jsonl holds, for COPY.
const (
	fixtureRows = 5000
	appendRows  = 300
)

// The statements that make the test lakes, run through run() itself.
var fixtureLakes = []string{
	"CREATE LAKE orders FROM 'raw.jsonl' PARTITION BY (day);",
	"CREATE LAKE orders_fine FROM 'raw.jsonl' PARTITION BY (region, channel) MAX ROWS 100;",
	"CREATE LAKE misc FROM 'misc.jsonl' PARTITION BY (kind);",
}

var (
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

// template returns a work folder, built once, holding raw.jsonl (sample
// orders), more1.jsonl and more2.jsonl (the orders that follow them),
// bad.jsonl (a malformed second line), misc.jsonl (rows with NULLs, floats
// and JSON values) and the lakes of fixtureLakes. Tests copy it; they
// never change it.
func template(t *testing.T) string {
	t.Helper()
	templateOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lakesql-test-")
		if err != nil {
			templateErr = err
			return
		}
		templateDir = filepath.Join(dir, "work")
		templateErr = buildFixture(templateDir)
	})
	if templateErr != nil {
		t.Fatalf("build the test work folder: %v", templateErr)
	}
	return templateDir
}

func buildFixture(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// One run of the generator, cut in three: raw.jsonl is the same as
	// WriteOrders(fixtureRows) alone, and the appends carry new order ids.
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, fixtureRows+2*appendRows, catalog.DefaultOrderSeed); err != nil {
		return err
	}
	lines := bytes.SplitAfter(raw.Bytes(), []byte("\n"))
	for name, part := range map[string][][]byte{
		"raw.jsonl":   lines[:fixtureRows],
		"more1.jsonl": lines[fixtureRows : fixtureRows+appendRows],
		"more2.jsonl": lines[fixtureRows+appendRows : fixtureRows+2*appendRows],
		"bad.jsonl":   {[]byte(badJSONL)},
	} {
		if err := os.WriteFile(filepath.Join(dir, name), bytes.Join(part, nil), 0o644); err != nil {
			return err
		}
	}
	misc, err := os.ReadFile("testdata/misc.jsonl")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "misc.jsonl"), misc, 0o644); err != nil {
		return err
	}
	args := []string{"-d", dir}
	for _, s := range fixtureLakes {
		args = append(args, "-c", s)
	}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		return fmt.Errorf("lakesql %q: exit %d\n%s", args, code, stderr.String())
	}
	return nil
}

// badJSONL is bad.jsonl: its second line is cut short.
const badJSONL = "{\"day\":\"2026-01-01\",\"amount\":1}\n{\"day\":\"2026-01-02\",\"amount\":\n{\"day\":\"2026-01-03\",\"amount\":3}\n"

func TestMain(m *testing.M) {
	code := m.Run()
	if templateDir != "" {
		os.RemoveAll(filepath.Dir(templateDir))
	}
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	if docBinDir != "" {
		os.RemoveAll(docBinDir)
	}
	os.Exit(code)
}

// copyDir copies the tree at src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fakeClock makes now advance by a fixed step at each call, so that .timer
// and EXPLAIN ANALYZE print the same times on every run.
func fakeClock(t *testing.T) {
	var ticks atomic.Int64
	base := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	old := now
	now = func() time.Time { return base.Add(time.Duration(ticks.Add(1)) * 1500 * time.Microsecond) }
	t.Cleanup(func() { now = old })
}

// scriptEnv is the folder a golden script runs in (its current folder):
//
//	work/   a copy of the test work folder (lakes orders, orders_fine, misc)
//	other/  another work folder, with the lake tiny, for .open
//	inc/    the scripts of testdata/inc, for .read
//	damaged/  testdata/damaged: lakes as crashed writers and damage leave them
func scriptEnv(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	copyDir(t, template(t), filepath.Join(root, "work"))
	copyDir(t, "testdata/inc", filepath.Join(root, "inc"))
	copyDir(t, "testdata/damaged", filepath.Join(root, "damaged"))
	other := filepath.Join(root, "other")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, 10, 7); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "tiny.jsonl"), raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-d", other, "-c", "CREATE LAKE tiny FROM 'tiny.jsonl' PARTITION BY (channel)"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("create lake tiny: exit %d: %s", code, errb.String())
	}
	return root
}

// TestScripts runs each testdata/*.sql through run() and compares what it
// printed and its exit status with testdata/*.out. Directives in the
// script's first lines:
//
//	-- args: ARGS   more command-line arguments (split at spaces)
//	-- stdin        feed the script on stdin instead of with -f
//
// The script runs in the folder of scriptEnv with -d work. With -update the
// .out files are rewritten; check each change by hand.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".sql")
		t.Run(name, func(t *testing.T) {
			script, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			abs, _ := filepath.Abs(file)
			golden := strings.TrimSuffix(abs, ".sql") + ".out"
			root := scriptEnv(t)
			t.Chdir(root)
			fakeClock(t)

			args := []string{"-d", "work"}
			var stdin io.Reader = strings.NewReader("")
			useStdin := false
			for _, line := range strings.Split(string(script), "\n") {
				if a, ok := strings.CutPrefix(line, "-- args:"); ok {
					args = append(args, strings.Fields(a)...)
				} else if line == "-- stdin" {
					useStdin = true
				} else {
					break
				}
			}
			if useStdin {
				stdin = bytes.NewReader(script)
			} else {
				args = append(args, "-f", abs)
			}
			var stdout, stderr bytes.Buffer
			code := run(args, stdin, &stdout, &stderr)
			got := transcript(stdout.String(), stderr.String(), code)

			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("lakesql %s: output differs from %s (run with -update, then check the diff by hand)\n%s",
					strings.Join(args, " "), filepath.Base(golden), lineDiff(string(want), got))
			}
		})
	}
}

// runID matches the random run id in the names of files a compaction
// writes (part-g0001-3dd51a22-0000.jsonl).
var runID = regexp.MustCompile(`(part-g[0-9]+)-[0-9a-f]{8}-`)

// transcript is the golden form of a run: stdout, stderr and exit status,
// with run ids masked (the same width, so tables stay aligned).
func transcript(stdout, stderr string, code int) string {
	s := fmt.Sprintf("%s-- stderr --\n%s-- exit %d --\n", stdout, stderr, code)
	return runID.ReplaceAllString(s, "$1-RUNID___-")
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			fmt.Fprintf(&b, "line %d:\n  want: %q\n   got: %q\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

// TestFailingStatementsChangeNothing runs statements that must fail and
// checks that each exits 1 with a message naming the problem and leaves
// every byte of the work folder as it was.
func TestFailingStatementsChangeNothing(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	copyDir(t, template(t), work)
	tests := map[string]struct {
		stmt string
		want string // in the message
	}{
		"create from a missing file":     {"CREATE LAKE x FROM 'missing.jsonl' PARTITION BY (day)", "missing.jsonl"},
		"copy a malformed line":          {"COPY orders FROM 'bad.jsonl'", "bad.jsonl line 2"},
		"copy from a missing file":       {"COPY orders FROM 'missing.jsonl'", "missing.jsonl"},
		"copy into a missing lake":       {"COPY nope FROM 'more1.jsonl'", `unknown lake "nope"`},
		"compact with a ratio over 1":    {"ALTER LAKE orders COMPACT SMALL RATIO 1.5", "SMALL RATIO must be more than 0 and at most 1, found '1.5'"},
		"compact with both rules":        {"ALTER LAKE orders COMPACT SMALL RATIO 0.5 REWRITE ALL", "REWRITE ALL cannot go with SMALL RATIO"},
		"create with an unknown key":     {"CREATE LAKE x FROM 'raw.jsonl' PARTITION BY (dya)", "dya"},
		"replace a lake from a bad file": {"CREATE LAKE orders FROM 'bad.jsonl' PARTITION BY (day)", "bad.jsonl"},
		"create with a bad name":         {"CREATE LAKE `a/b` FROM 'raw.jsonl' PARTITION BY (day)", "a/b"},
		"compact a missing lake":         {"ALTER LAKE nope COMPACT", `unknown lake "nope"`},
		"compact to zero bytes":          {"ALTER LAKE orders COMPACT TARGET 0", "TARGET"},
		"repartition by an unknown key":  {"ALTER LAKE orders PARTITION BY (nosuch) INTO o2", "nosuch"},
		"repartition a missing lake":     {"ALTER LAKE nope PARTITION BY (day) INTO o2", `unknown lake "nope"`},
		"drop a missing lake":            {"DROP LAKE nope", `unknown lake "nope" (lakes: misc, orders, orders_fine)`},
		"query a missing lake":           {"SELECT COUNT(*) FROM nope", `unknown lake "nope" (lakes: misc, orders, orders_fine)`},
		"malformed statement":            {"CREATE LAKE x FROM raw.jsonl PARTITION BY (day)", "line 1, column 20: syntax error"},
		"unknown statement":              {"UPDATE orders SET amount = 1", "line 1, column 1: syntax error"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			before := storagetest.Tree(t, work)
			var stdout, stderr bytes.Buffer
			code := run([]string{"-d", work, "-c", tc.stmt}, strings.NewReader(""), &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit %d, want 1 (stderr %q)", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) || !strings.HasPrefix(stderr.String(), "lakesql: line 1") {
				t.Errorf("stderr %q, want lakesql: line 1… containing %q", stderr.String(), tc.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, work), before); diff != "" {
				t.Errorf("the work folder changed:\n%s", diff)
			}
		})
	}
}

// keys returns the sorted keys of a map, for stable loops.
func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestStmtBuffer(t *testing.T) {
	type stmt struct {
		text      string
		line, col int
	}
	tests := map[string]struct {
		lines   []string
		want    [][]stmt // statements completed by each line
		pending []bool   // after each line
		rest    stmt     // what flush returns at the end; "" none
	}{
		"one per line": {
			lines:   []string{"SELECT 1;", "SELECT 2;"},
			want:    [][]stmt{{{"SELECT 1", 1, 1}}, {{"SELECT 2", 2, 1}}},
			pending: []bool{false, false},
		},
		"over lines": {
			lines:   []string{"SELECT a", "", "  FROM b;"},
			want:    [][]stmt{nil, nil, {{"SELECT a\n\n  FROM b", 1, 1}}},
			pending: []bool{true, true, false},
		},
		"two on a line, the second over two": {
			lines:   []string{"SELECT 1;  SELECT", "2;"},
			want:    [][]stmt{{{"SELECT 1", 1, 1}}, {{"SELECT\n2", 1, 12}}},
			pending: []bool{true, false},
		},
		"comments are not statements": {
			lines:   []string{"-- x;", "/* a;", "b; */", "SELECT 1; -- y;"},
			want:    [][]stmt{nil, nil, nil, {{"SELECT 1", 4, 1}}},
			pending: []bool{false, true, false, false},
		},
		"a ; in a string": {
			lines:   []string{"SELECT 'a;", "b';"},
			want:    [][]stmt{nil, {{"SELECT 'a;\nb'", 1, 1}}},
			pending: []bool{true, false},
		},
		"last without ;": {
			lines:   []string{"SELECT 1;", "", "SELECT", " 2"},
			want:    [][]stmt{{{"SELECT 1", 1, 1}}, nil, nil, nil},
			pending: []bool{false, false, true, true},
			rest:    stmt{"SELECT\n 2", 3, 1},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var b stmtBuffer
			for i, line := range tc.lines {
				var got []stmt
				for _, p := range b.feed(line) {
					got = append(got, stmt{p.Text, p.Line, p.Col})
				}
				if !slices.Equal(got, tc.want[i]) {
					t.Errorf("line %d %q: got %+v, want %+v", i+1, line, got, tc.want[i])
				}
				if b.pending() != tc.pending[i] {
					t.Errorf("line %d %q: pending %v, want %v", i+1, line, b.pending(), tc.pending[i])
				}
			}
			p, ok := b.flush()
			if got := (stmt{p.Text, p.Line, p.Col}); ok != (tc.rest.text != "") || got != tc.rest {
				t.Errorf("flush: %+v, %v; want %+v", got, ok, tc.rest)
			}
		})
	}
}
