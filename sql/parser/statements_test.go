package parser

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/ast"
)

// The statement tests of the parser: the round trip of
// testdata/statements.txt, error positions, Split and Relocate, the
// keyword hints, and the fuzz targets FuzzParse and FuzzLakeCommand (their
// corpora under testdata/fuzz). Package sql reads testdata/statements.txt
// too, as seeds of FuzzPlan.

type stmtCase struct {
	in, out string
	bad     bool
}

func loadStatements(t testing.TB) []stmtCase {
	f, err := os.Open("testdata/statements.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []stmtCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if bad, ok := strings.CutPrefix(line, "!"); ok {
			cases = append(cases, stmtCase{in: bad, bad: true})
			continue
		}
		in, out, ok := strings.Cut(line, " => ")
		if !ok {
			out = in
		}
		cases = append(cases, stmtCase{in: in, out: out})
	}
	return cases
}

// scriptStatements returns the statements of cmd/lakesql/testdata/*.sql,
// cut with Split after dropping the shell's dot commands.
func scriptStatements(tb testing.TB) []string {
	files, err := filepath.Glob("../../cmd/lakesql/testdata/*.sql")
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatal("no scripts in ../../cmd/lakesql/testdata")
	}
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		var kept []string
		for _, line := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), ".") {
				kept = append(kept, line)
			}
		}
		for _, p := range Split(strings.Join(kept, "\n")) {
			out = append(out, p.Text)
		}
	}
	return out
}

// allStatements is every statement text of the testdata, good and bad.
func allStatements(tb testing.TB) []string {
	var out []string
	for _, c := range loadStatements(tb) {
		out = append(out, c.in)
	}
	return append(out, scriptStatements(tb)...)
}

// TestParseRoundTrip parses each statement, prints it, and parses the
// printed form again: it must print the same.
func TestParseRoundTrip(t *testing.T) {
	for _, c := range loadStatements(t) {
		t.Run(c.in, func(t *testing.T) {
			st, err := Parse(c.in)
			if c.bad {
				var se *SyntaxError
				if err == nil {
					t.Fatalf("parsed as %s, want a syntax error", st)
				}
				if !errors.As(err, &se) {
					t.Fatalf("got %v (%T), want a *SyntaxError", err, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if got := st.String(); got != c.out {
				t.Fatalf("got %s, want %s", got, c.out)
			}
			again, err := Parse(st.String())
			if err != nil {
				t.Fatalf("reparse %s: %v", st, err)
			}
			if again.String() != st.String() {
				t.Fatalf("reparse: got %s, want %s", again, st)
			}
		})
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	for name, c := range map[string]struct {
		text      string
		line, col int
		msg       string
	}{
		"lake command keyword":  {"ALTER LAKE orders COMPAKT", 1, 19, "expected COMPACT or PARTITION BY"},
		"second line":           {"CREATE LAKE x\n  FROM raw.jsonl PARTITION BY (a)", 2, 8, "expected a quoted file name"},
		"select second line":    {"SELECT COUNT(*)\nFROM orders WHERE", 2, 18, "unexpected end of statement"},
		"select bad token":      {"SELECT a FROM t WHERE a = = 1", 1, 27, "unexpected '='"},
		"unknown statement":     {"UPSERT x", 1, 1, "unknown statement 'UPSERT'"},
		"explain needs select":  {"EXPLAIN SHOW LAKES", 1, 9, "expected SELECT or ALTER LAKE … COMPACT after EXPLAIN"},
		"unterminated string":   {"CREATE LAKE x FROM 'raw", 1, 20, "unterminated"},
		"ratio over 1":          {"ALTER LAKE x COMPACT SMALL RATIO 1.5", 1, 34, "SMALL RATIO must be more than 0 and at most 1, found '1.5'"},
		"ratio zero":            {"ALTER LAKE x COMPACT TARGET 1MB SMALL RATIO 0", 1, 45, "SMALL RATIO must be more than 0 and at most 1, found '0'"},
		"ratio not a number":    {"ALTER LAKE x COMPACT SMALL RATIO most", 1, 34, "expected a ratio such as 0.7 after SMALL RATIO, found 'most'"},
		"ratio and rewrite":     {"ALTER LAKE x COMPACT SMALL RATIO 0.5 REWRITE ALL", 1, 38, "REWRITE ALL cannot go with SMALL RATIO"},
		"rewrite and ratio":     {"ALTER LAKE x COMPACT REWRITE ALL SMALL RATIO 0.5", 1, 34, "SMALL RATIO cannot go with REWRITE ALL"},
		"compact option":        {"ALTER LAKE x COMPACT RATIO 0.5", 1, 22, "expected TARGET, SMALL RATIO, REWRITE ALL or the end of the statement, found 'RATIO'"},
		"explain analyze alter": {"EXPLAIN ANALYZE ALTER LAKE x COMPACT", 1, 17, "EXPLAIN ANALYZE takes a SELECT"},
		"explain repartition":   {"EXPLAIN ALTER LAKE x PARTITION BY (a)", 1, 22, "expected COMPACT"},
		"copy needs a file":     {"COPY x FROM more.jsonl", 1, 13, "expected a quoted file name after FROM"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(c.text)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyntaxError", err)
			}
			if se.Line != c.line || se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Fatalf("got line %d col %d %q, want line %d col %d containing %q", se.Line, se.Col, se.Msg, c.line, c.col, c.msg)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	script := "SELECT 1 FROM a;\n-- a comment; with a semicolon\nSELECT ';' FROM b\n  WHERE x = 'a;b';  /* c; */ \n\nSHOW LAKES"
	got := Split(script)
	want := []Piece{
		{Text: "SELECT 1 FROM a", Line: 1, Col: 1, Complete: true},
		{Text: "SELECT ';' FROM b\n  WHERE x = 'a;b'", Line: 3, Col: 1, Complete: true},
		{Text: "SHOW LAKES", Line: 6, Col: 1, Complete: false},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d pieces %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestSplitBackslash: a backslash ends no quote, as in DuckDB, so a
// string that ends with one ends there.
func TestSplitBackslash(t *testing.T) {
	got := Split(`SELECT 'C:\' AS a; SELECT 'b\'';' AS c`)
	if len(got) != 2 || got[0].Text != `SELECT 'C:\' AS a` || got[1].Text != `SELECT 'b\'';' AS c` {
		t.Fatalf("got %+v, want two statements", got)
	}
}

func TestRelocate(t *testing.T) {
	_, err := Parse("SHOW LAYOUT x SMALL lots")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a syntax error", err)
	}
	se.Relocate(3, 5)
	if se.Line != 3 || se.Col != 5+21-1 {
		t.Fatalf("got line %d col %d, want line 3 col 25", se.Line, se.Col)
	}
}

// TestSuggestKeyword: suggestKeyword (which Parse applies to its errors)
// adds the keyword a misspelt word meant, and nothing when no keyword is
// near or the word is not what went wrong. It is called here on the error
// of parse, before Parse adds the hint.
func TestSuggestKeyword(t *testing.T) {
	for name, c := range map[string]struct {
		text string
		want string // the end of the message; "" for no suggestion
	}{
		"statement":               {"SELCT COUNT(*) FROM orders", "; did you mean SELECT?"},
		"statement, lower case":   {"shwo lakes", "; did you mean SHOW?"},
		"after SHOW":              {"SHOW PARTITONS orders", "; did you mean PARTITIONS?"},
		"after ALTER LAKE":        {"ALTER LAKE orders COMPCT", "; did you mean COMPACT?"},
		"the keyword before":      {"CREATE LAKES x FROM 'a' PARTITION BY (a)", "; did you mean LAKE?"},
		"a word the grammar hit":  {"SELECT COUNT(*) FROM orders WHERE day = '1' GRUOP BY region", "; did you mean GROUP?"},
		"taken for an alias":      {"SELECT region FROM orders ODER BY region", "; did you mean ORDER instead of ODER?"},
		"before a lake name":      {"SELECT COUNT(*) FORM orders", "; did you mean FROM instead of FORM?"},
		"too far":                 {"FROBNICATE orders", ""},
		"a keyword, misplaced":    {"ALTER LAKE x COMPACT RATIO 0.5", ""},
		"context is not expected": {"ALTER LAKE orders ALTR", ""},
		"a short word":            {"SELECT a b c FROM orders", ""},
		"not a word":              {"SELECT a FROM t WHERE a = = 1", ""},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parse(c.text)
			if err == nil {
				t.Fatalf("parse(%q): no error", c.text)
			}
			before := err.Error()
			err = suggestKeyword(err)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyntaxError still", err)
			}
			switch {
			case c.want == "" && strings.Contains(se.Msg, "did you mean"):
				t.Errorf("got %q, want no suggestion", se.Msg)
			case c.want != "" && !strings.HasSuffix(se.Msg, c.want):
				t.Errorf("got %q, want it to end with %q (before: %q)", se.Msg, c.want, before)
			}
			// Parse gives the same message.
			if _, perr := Parse(c.text); perr == nil || perr.Error() != err.Error() {
				t.Errorf("Parse(%q): %v, want %v", c.text, perr, err)
			}
		})
	}
}

// FuzzParse: for any text, Parse does not panic; when it parses, printing
// and parsing again gives the same text (the printed form is stable).
func FuzzParse(f *testing.F) {
	for _, c := range loadStatements(f) {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, text string) {
		st, err := Parse(text)
		if err != nil {
			return
		}
		printed := st.String()
		again, err := Parse(printed)
		if err != nil {
			t.Fatalf("%q parsed, printed as %q, which fails: %v", text, printed, err)
		}
		if again.String() != printed {
			t.Fatalf("%q: printed %q, reprinted %q", text, printed, again.String())
		}
	})
}

// FuzzLakeCommand: the lake-command parser (SHOW, DESCRIBE, CREATE LAKE,
// ALTER LAKE … COMPACT / PARTITION BY, DROP LAKE, and EXPLAIN's prefix)
// never panics; a failure is a *SyntaxError whose line and column agree
// with its offset in the text; a parsed lake command names only lakes the
// catalog accepts (no path can escape the work folder), keeps its numbers
// in range, and prints as text that parses back to the same command.
func FuzzLakeCommand(f *testing.F) {
	for _, s := range allStatements(f) {
		f.Add(s)
	}
	for _, s := range []string{
		"SHOW LAYOUT `orders` SMALL 1 TiB", "ALTER LAKE x COMPACT TARGET 9223372036854775807",
		"CREATE LAKE `a-b` FROM 'it''s.jsonl' PARTITION BY (`x``y`, z) MAX ROWS 0",
		"ALTER LAKE x PARTITION BY (a) INTO `..`", "DROP LAKE `a/b`", "describe /* c */ x -- d",
		"SHOW PARTITIONS x;", "EXPLAIN ANALYZE SHOW LAKES", "CREATE LAKE x FROM 'a\\b' PARTITION BY (a)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		st, err := Parse(text)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: got %v (%T), want a *SyntaxError", text, err, err)
			}
			if se.Pos < 0 || se.Pos > len(text) {
				t.Fatalf("%q: error offset %d outside the text", text, se.Pos)
			}
			line := 1 + strings.Count(text[:se.Pos], "\n")
			col := se.Pos - strings.LastIndexByte(text[:se.Pos], '\n')
			if se.Line != line || se.Col != col {
				t.Fatalf("%q: error at line %d col %d, but offset %d is line %d col %d", text, se.Line, se.Col, se.Pos, line, col)
			}
			return
		}
		switch st := st.(type) {
		case *ast.Select, *ast.Explain:
			return // SELECT text is FuzzParse's and FuzzPlan's
		case ast.CopyTo:
			if st.Query != nil {
				return // its query is FuzzParse's; the round trip covers the rest
			}
		case ast.ShowLayout:
			if st.Small < -1 {
				t.Fatalf("%q: SMALL %d", text, st.Small)
			}
		case ast.CreateLake:
			if st.MaxRows < 0 || len(st.Key) == 0 || slices.Contains(st.Key, "") {
				t.Fatalf("%q: parsed as %#v", text, st)
			}
		case ast.CompactLake:
			if st.Target == 0 || st.Target < -1 {
				t.Fatalf("%q: TARGET %d", text, st.Target)
			}
		case ast.RepartitionLake:
			if len(st.Key) == 0 || slices.Contains(st.Key, "") {
				t.Fatalf("%q: parsed as %#v", text, st)
			}
		}
		// Every lake a command names (its Lake and Into fields, in commands
		// old and new) must be a name the catalog accepts.
		var lakes []string
		if v := reflect.ValueOf(st); v.Kind() == reflect.Struct {
			for _, name := range []string{"Lake", "Into"} {
				if f := v.FieldByName(name); f.IsValid() && f.Kind() == reflect.String && (name == "Lake" || f.String() != "") {
					lakes = append(lakes, f.String())
				}
			}
		}
		for _, l := range lakes {
			if err := catalog.CheckName(l); err != nil {
				t.Fatalf("%q: lake name %q: %v", text, l, err)
			}
		}
		printed := st.String()
		again, err := Parse(printed)
		if err != nil {
			t.Fatalf("%q parsed as %#v, printed as %q, which fails: %v", text, st, printed, err)
		}
		if !reflect.DeepEqual(again, st) {
			t.Fatalf("%q parsed as %#v, printed as %q, which parses as %#v", text, st, printed, again)
		}
	})
}

// TestEStrings: DuckDB's escape strings, E'…', spell the bytes of their
// escapes (as DuckDB 1.5 answers SELECT E'…'); other quotes, comments and
// names ending in E are left as they are; a script's splitter skips a
// ';' inside one.
func TestEStrings(t *testing.T) {
	for in, want := range map[string]string{
		`SELECT E'a\nb', e'x\'y'`:           "SELECT 'a\nb', 'x''y'",
		`SELECT E'\t\r\b\f\\'`:              "SELECT '\t\r\b\f\\'",
		`SELECT E'\x41\x4a\101\7', E'\q'`:   "SELECT 'AJA\a', 'q'",
		`SELECT E'it''s', E''`:              "SELECT 'it''s', ''",
		`SELECT 'E\n', "E'x", LE'y' -- E'z`: `SELECT 'E\n', "E'x", LE'y' -- E'z`,
		`SELECT /* E'a\' */ 1`:              `SELECT /* E'a\' */ 1`,
		`SELECT E'\xzz'`:                    "SELECT 'xzz'",
	} {
		got, err := EStrings(in)
		if err != nil || got != want {
			t.Errorf("EStrings(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := EStrings(`SELECT E'\xff'`); err == nil || !strings.Contains(err.Error(), "not UTF-8") {
		t.Errorf(`E'\xff': %v`, err)
	}
	pieces := Split("SELECT E'a\\';b'; SELECT 2")
	if len(pieces) != 2 || pieces[0].Text != "SELECT E'a\\';b'" {
		t.Errorf("Split: %+v", pieces)
	}
	st, err := Parse(`SELECT E'x\'y' AS a`)
	if err != nil {
		t.Fatal(err)
	}
	if sel, ok := st.(*ast.Select); !ok || sel.Items[0].Expr.String() != "'x''y'" {
		t.Errorf("parsed %v", st)
	}
}
