package sql

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// The statements of parser/testdata/statements.txt (the parser's round
// trip, which moved to sql/parser with TestParseRoundTrip, FuzzParse,
// TestSyntaxErrorPosition, TestSplit and TestRelocate) seed the fuzz
// targets of this package.

type stmtCase struct {
	in, out string
	bad     bool
}

func loadStatements(t testing.TB) []stmtCase {
	f, err := os.Open("parser/testdata/statements.txt")
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
