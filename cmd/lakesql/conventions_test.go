package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"
)

// In process, tests see no ~/.lakesqlrc unless they make one (withRC):
// the home folder of whoever runs them must not change their output.
func init() {
	userHome = func() (string, error) { return "", nil }
}

// withRC makes a home folder holding .lakesqlrc with text, for this test;
// it returns the rc file's path.
func withRC(t *testing.T, text string) string {
	t.Helper()
	home := t.TempDir()
	path := filepath.Join(home, rcName)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	old := userHome
	userHome = func() (string, error) { return home, nil }
	t.Cleanup(func() { userHome = old })
	return path
}

// helpExample matches an example statement of the help: an indented line
// starting with the keyword of a statement, up to its ';'.
var helpExample = regexp.MustCompile(`(?m)^  ((?:SELECT|EXPLAIN|SHOW|DESCRIBE|CREATE|COPY|ALTER|DROP|CHECK|VACUUM|PIVOT|UNPIVOT) [^;\n]*);`)

// TestHelpListsEveryStatement: lakesql --help and .help show every kind
// of statement with an example that parses, and every dot command with
// an example.
func TestHelpListsEveryStatement(t *testing.T) {
	usage, _, code := lakesql(t, "", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	work := template(t)
	dotHelpText, stderr, code := lakesql(t, "", "-d", work, "-c", ".help")
	if code != 0 {
		t.Fatalf(".help: exit %d: %s", code, stderr)
	}
	for name, text := range map[string]string{"--help": usage, ".help": dotHelpText} {
		t.Run(name, func(t *testing.T) {
			var examples []string
			for _, m := range helpExample.FindAllStringSubmatch(text, -1) {
				examples = append(examples, m[1])
				if _, err := parser.Parse(m[1]); err != nil {
					t.Errorf("example %q: %v", m[1], err)
				}
			}
			// Every kind of statement sql.Parse knows, by its first words.
			for _, kind := range []string{
				"SELECT COUNT(*)", "SELECT *", "EXPLAIN SELECT", "EXPLAIN ANALYZE SELECT", "SHOW LAKES", "SHOW PARTITIONS",
				"SHOW FILES", "SHOW LAYOUT", "SHOW CREATE LAKE", "DESCRIBE", "CREATE LAKE", "COPY",
				"ALTER LAKE orders COMPACT", "ALTER LAKE orders PARTITION BY", "EXPLAIN ALTER LAKE", "DROP LAKE",
				"CHECK LAKE", "VACUUM LAKE", "PIVOT", "UNPIVOT",
			} {
				if !slices.ContainsFunc(examples, func(e string) bool { return strings.HasPrefix(e, kind) }) {
					t.Errorf("no example of %s… among %q", kind, examples)
				}
			}
			for _, c := range dotCommands {
				if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(c.name) + `\b.*e\.g\. ` + regexp.QuoteMeta(c.example) + `$`).MatchString(text) {
					t.Errorf("no line for %s with its example %q", c.name, c.example)
				}
			}
		})
	}
	for _, flag := range []string{"-d WORKDIR", "-c SQL", "-f FILE", "--format MODE", "--bail", "--no-init", "--demo", "-h, --help", "~/.lakesqlrc", "~/.lakesql_history"} {
		if !strings.Contains(usage, "\n  "+flag) && !strings.Contains(usage, flag) {
			t.Errorf("--help does not mention %s", flag)
		}
	}
}

// TestFlagSuggestion: a misspelt long flag is a usage error that names the
// flag meant.
func TestFlagSuggestion(t *testing.T) {
	for arg, want := range map[string]string{
		"--formt":   "lakesql: flag provided but not defined: -formt; did you mean --format?\n",
		"--no-inti": "lakesql: flag provided but not defined: -no-inti; did you mean --no-init?\n",
		"-bial":     "lakesql: flag provided but not defined: -bial; did you mean --bail?\n",
		"--zzz":     "lakesql: flag provided but not defined: -zzz\n",
	} {
		_, stderr, code := lakesql(t, "", arg)
		if code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", arg, code, stderr, want)
		}
	}
}

// TestTimer: .timer on prints the wall time after each statement, on
// stdout in a table and on stderr in JSON and CSV (stdout stays data);
// .timer off stops it; .timer alone shows the setting.
func TestTimer(t *testing.T) {
	work := template(t)
	fakeClock(t)
	timeLine := regexp.MustCompile(`(?m)^Time: \d+\.\d{3} ms$`)

	stdout, stderr, code := lakesql(t, "", "-d", work, "-c", ".timer\n.timer on\n.timer\nSELECT COUNT(*) AS n FROM misc;\n.timer off\nSELECT COUNT(*) AS m FROM misc;")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "off\non\n") {
		t.Errorf("stdout %q: want .timer to show off, then on", stdout)
	}
	if got := len(timeLine.FindAllString(stdout, -1)); got != 1 {
		t.Errorf("stdout %q: %d time lines, want 1 (after the first SELECT only)", stdout, got)
	}
	if i, j := strings.Index(stdout, "│ n │"), timeLine.FindStringIndex(stdout); i < 0 || j == nil || j[0] < i || strings.Index(stdout, "│ m │") < j[0] {
		t.Errorf("stdout %q: want the time right after the first result", stdout)
	}

	for _, format := range []string{"csv", "json", "jsonlines", "jsonarray"} {
		stdout, stderr, code := lakesql(t, "", "-d", work, "--format", format, "-c", ".timer on", "-c", "SELECT COUNT(*) AS n FROM misc")
		want := map[string]string{"csv": "n\n6\n", "json": "{\"n\":6}\n", "jsonlines": "{\"n\":6}\n", "jsonarray": "[{\"n\":6}]\n"}[format]
		if code != 0 || stdout != want || !timeLine.MatchString(stderr) {
			t.Errorf("--format %s: exit %d, stdout %q, stderr %q; want %q and the time on stderr", format, code, stdout, stderr, want)
		}
	}
}

// TestMode: .mode switches the format of what follows, in the same -c
// and the next; .mode alone shows it, starting from --format.
func TestMode(t *testing.T) {
	work := template(t)
	q := "SELECT COUNT(*) AS n FROM misc;"
	stdout, stderr, code := lakesql(t, "", "-d", work, "--format", "json",
		"-c", ".mode\n"+q, "-c", ".mode csv\n.mode\n"+q, "-c", q, "-c", ".mode box\n"+q, "-c", ".mode table\n"+q)
	want := "json\n{\"n\":6}\ncsv\nn\n6\nn\n6\n┌───┐\n│ n │\n├───┤\n│ 6 │\n└───┘\n1 row\n\n+---+\n| n |\n+---+\n| 6 |\n+---+\n1 row\n\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
	}
	_, stderr, code = lakesql(t, "", "-d", work, "-c", ".mode xml")
	if code != 1 || stderr != "lakesql: line 1: usage: .mode box|table|markdown|line|list|csv|json|jsonlines|jsonarray\n" {
		t.Errorf(".mode xml: exit %d, stderr %q", code, stderr)
	}
}

// TestRead: .read runs a file's statements and dot commands in order,
// leaves its settings in force, names the file and line of a failure, and
// stops the script that read it (with --bail).
func TestRead(t *testing.T) {
	work := template(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inner := write("inner.sql", "SELECT COUNT(*) AS inner_n FROM misc;\n")
	outer := write("outer.sql", ".mode csv\nSELECT COUNT(*) AS outer_n FROM misc;\n.read "+inner+"\n")
	bad := write("bad.sql", "SELECT COUNT(*) AS first FROM misc;\n\nSELECT * FROM nope;\nSELECT COUNT(*) AS never FROM misc;\n")

	stdout, stderr, code := lakesql(t, "", "-d", work, "-c", ".read "+outer, "-c", "SELECT COUNT(*) AS after FROM misc")
	if want := "outer_n\n6\ninner_n\n6\nafter\n6\n"; code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
	}

	stdout, stderr, code = lakesql(t, "", "-d", work, "--format", "csv", "-c", ".read "+bad, "-c", "SELECT 1 AS not_run FROM misc")
	if want := "lakesql: " + bad + ": line 3: unknown lake \"nope\" (lakes: misc, orders, orders_fine)\n"; code != 1 || stdout != "first\n6\n" || stderr != want {
		t.Errorf("a failing .read: exit %d, stdout %q, stderr %q; want 1, the first result and %q", code, stdout, stderr, want)
	}

	_, stderr, code = lakesql(t, "", "-d", work, "-c", ".read "+filepath.Join(dir, "none.sql"))
	if code != 1 || !strings.Contains(stderr, "none.sql: no such file") {
		t.Errorf("a missing file: exit %d, stderr %q", code, stderr)
	}
}

// TestCommandsInOrder: every -c runs in order, each result in the format
// of --format; -f runs after them.
func TestCommandsInOrder(t *testing.T) {
	work := template(t)
	file := filepath.Join(t.TempDir(), "f.sql")
	if err := os.WriteFile(file, []byte("SELECT COUNT(*) AS c4 FROM misc;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-d", work, "-c", "SELECT COUNT(*) AS c1 FROM misc", "-c", "SELECT COUNT(*) AS c2 FROM misc; SELECT COUNT(*) AS c3 FROM misc", "-f", file}
	for format, want := range map[string]string{
		"jsonlines": "{\"c1\":6}\n{\"c2\":6}\n{\"c3\":6}\n{\"c4\":6}\n",
		"csv":       "c1\n6\nc2\n6\nc3\n6\nc4\n6\n",
	} {
		stdout, stderr, code := lakesql(t, "", append(args, "--format", format)...)
		if code != 0 || stdout != want || stderr != "" {
			t.Errorf("--format %s: exit %d, stdout %q, stderr %q; want 0 and %q", format, code, stdout, stderr, want)
		}
	}
	stdout, _, _ := lakesql(t, "", args...)
	if i := []int{strings.Index(stdout, "c1"), strings.Index(stdout, "c2"), strings.Index(stdout, "c3"), strings.Index(stdout, "c4")}; !slices.IsSorted(i) || i[0] < 0 {
		t.Errorf("--format box: results out of order:\n%s", stdout)
	}
}

// TestRC: ~/.lakesqlrc runs first, for -c, -f and stdin alike; --no-init
// skips it; --format and -d on the command line win over its .mode and
// .open; a failing line is reported with the file and line and the rest
// of the rc file and the run go on, with exit status 0.
func TestRC(t *testing.T) {
	work := template(t)
	q := "SELECT COUNT(*) AS n FROM misc"

	withRC(t, "-- my settings\n.mode csv\n")
	file := filepath.Join(t.TempDir(), "f.sql")
	if err := os.WriteFile(file, []byte(q+";\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		stdin string
		args  []string
		want  string
	}{
		"-c":               {"", []string{"-c", q}, "n\n6\n"},
		"-f":               {"", []string{"-f", file}, "n\n6\n"},
		"stdin":            {q + ";\n", nil, "n\n6\n"},
		"--no-init":        {"", []string{"--no-init", "-c", q}, "┌───┐\n│ n │\n├───┤\n│ 6 │\n└───┘\n1 row\n\n"},
		"--format wins":    {"", []string{"--format", "jsonlines", "-c", q}, "{\"n\":6}\n"},
		"--format box too": {"", []string{"--format", "box", "-c", ".mode"}, "box\n"},
	} {
		t.Run(name, func(t *testing.T) {
			stdout, stderr, code := lakesql(t, c.stdin, append([]string{"-d", work}, c.args...)...)
			if code != 0 || stdout != c.want || stderr != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, c.want)
			}
		})
	}

	t.Run("statements and failures", func(t *testing.T) {
		rc := withRC(t, ".mode csv\n.moed json\nSELECT COUNT(*) AS from_rc FROM misc;\nSELECT * FROM nope;\n.timer on\n")
		stdout, stderr, code := lakesql(t, "", "-d", work, "-c", q)
		wantErr := "lakesql: " + rc + ": line 2: unknown dot command .moed; did you mean .mode? (see .help)\n" +
			"lakesql: " + rc + ": line 4: unknown lake \"nope\" (lakes: misc, orders, orders_fine)\n"
		if code != 0 || stdout != "from_rc\n6\nn\n6\n" || !strings.HasPrefix(stderr, wantErr) || !strings.Contains(stderr, "Time: ") {
			t.Errorf("exit %d, stdout %q, stderr %q; want 0, both results, then %q and the timer on", code, stdout, stderr, wantErr)
		}
		// The rc file's failures do not count as the script's.
		stdout, stderr, code = lakesql(t, "", "-d", work, "--bail=false", "-c", "SELECT * FROM nope", "-c", q)
		if code != 1 || !strings.HasSuffix(stderr, "lakesql: 1 of 2 statements failed\n") {
			t.Errorf("--bail=false: exit %d, stdout %q, stderr %q; want 1 of 2 failed", code, stdout, stderr)
		}
	})

	t.Run(".open", func(t *testing.T) {
		other := filepath.Join(t.TempDir(), "other")
		copyDir(t, work, other)
		if _, stderr, code := lakesql(t, "", "-d", other, "--no-init", "-c", "DROP LAKE misc"); code != 0 {
			t.Fatal(stderr)
		}
		withRC(t, ".open "+other+"\n")
		stdout, stderr, code := lakesql(t, "", "--format", "csv", "-c", "SHOW LAKES")
		if code != 0 || strings.Contains(stdout, "misc") || !strings.Contains(stdout, "orders") {
			t.Errorf("without -d: exit %d, stdout %q, stderr %q; want the lakes of the rc's .open", code, stdout, stderr)
		}
		stdout, stderr, code = lakesql(t, "", "-d", work, "--format", "csv", "-c", "SHOW LAKES")
		if code != 0 || !strings.Contains(stdout, "misc") {
			t.Errorf("with -d: exit %d, stdout %q, stderr %q; want the lakes of -d", code, stdout, stderr)
		}
	})

	t.Run(".quit", func(t *testing.T) {
		withRC(t, ".quit\n")
		stdout, stderr, code := lakesql(t, "", "-d", work, "-c", q)
		if code != 0 || stdout != "" || stderr != "" {
			t.Errorf("exit %d, stdout %q, stderr %q; want 0 and nothing run, as sqlite3 does", code, stdout, stderr)
		}
	})

	t.Run("unreadable", func(t *testing.T) {
		home := t.TempDir()
		if err := os.Mkdir(filepath.Join(home, rcName), 0o755); err != nil {
			t.Fatal(err)
		}
		old := userHome
		userHome = func() (string, error) { return home, nil }
		defer func() { userHome = old }()
		stdout, stderr, code := lakesql(t, "", "-d", work, "--format", "csv", "-c", q)
		if code != 0 || stdout != "n\n6\n" || !strings.Contains(stderr, rcName) {
			t.Errorf("exit %d, stdout %q, stderr %q; want 0, the result and a word about the rc file", code, stdout, stderr)
		}
	})
}
