package sql

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
)

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

func TestParseWhere(t *testing.T) {
	for name, c := range map[string]struct {
		in   string
		want string
		err  bool
	}{
		"one":          {in: "day=2026-01-03", want: "day = '2026-01-03'"},
		"two":          {in: "day=a,region=b", want: "day = 'a' AND region = 'b'"},
		"empty value":  {in: "region=", want: "region = ''"},
		"value with =": {in: "a=b=c", want: "a = 'b=c'"},
		"no equals":    {in: "day", err: true},
		"no field":     {in: "=x", err: true},
		"empty":        {in: "", err: true},
		"empty part":   {in: "a=1,,b=2", err: true},
	} {
		t.Run(name, func(t *testing.T) {
			e, err := ParseWhere(c.in)
			if c.err {
				if err == nil {
					t.Fatalf("got %s, want an error", e)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.String() != c.want {
				t.Fatalf("got %s, want %s", e, c.want)
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

// FuzzParseWhere: ParseWhere never panics, and what it accepts prints as
// one equality per condition.
func FuzzParseWhere(f *testing.F) {
	for _, s := range []string{"day=2026-01-03", "a=1,b=2", "a=", "=x", "a", "a=b=c,d=e", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseWhere(s)
		if err != nil {
			return
		}
		if got, want := strings.Count(e.String(), " = "), strings.Count(s, ",")+1; got < want {
			t.Fatalf("%q: %d conditions printed, want %d", s, got, want)
		}
	})
}
