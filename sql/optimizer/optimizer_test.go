package optimizer

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// fakeLake is a lake keyed by k with one file per partition value.
type fakeLake struct {
	key   []string
	files []storage.FileEntry
}

func (l *fakeLake) Name() string                       { return "l" }
func (l *fakeLake) Generation() int64                  { return 0 }
func (l *fakeLake) Key() []string                      { return l.key }
func (l *fakeLake) Files() []storage.FileEntry         { return l.files }
func (l *fakeLake) Open(string) (io.ReadCloser, error) { return nil, errors.New("no files") }
func (l *fakeLake) Path(rel string) string             { return rel }

const nullPart = "<null>"

// lakeOf makes a lake keyed by k with one file per partition text
// (nullPart: the null partition), and an unpartitioned file when flat.
func lakeOf(parts ...string) *fakeLake {
	l := &fakeLake{key: []string{"k"}}
	for _, p := range parts {
		v := storage.PartValue{Str: p}
		dir := "k=" + p
		if p == nullPart {
			v = storage.PartValue{Null: true}
			dir = "k=" + storage.DefaultPartition
		}
		l.files = append(l.files, storage.FileEntry{Path: dir + "/part-0000.jsonl", Partition: []storage.PartValue{v}, Rows: 1, Bytes: 10})
	}
	return l
}

var parts = []string{"42", "042", "abc", "true", "1.5", "-7", "", nullPart}

func optimize(t *testing.T, q string, src plan.Source) *plan.Plan {
	t.Helper()
	sel, err := parser.ParseSelect(q, 0)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	p, err := plan.Bind(sel, src)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	Optimize(p)
	return p
}

// kept lists the partition texts of the files the scan keeps.
func kept(p *plan.Plan) []string {
	var out []string
	for _, f := range p.Scan.Files {
		v := f.Partition[0]
		if v.Null {
			out = append(out, nullPart)
		} else {
			out = append(out, v.Str)
		}
	}
	return out
}

func TestPrune(t *testing.T) {
	all := strings.Join(parts, " ")
	for name, c := range map[string]struct {
		where string
		want  string // the partitions kept, space-separated, in file order
	}{
		// "42" may have been the string or the number: both are tried.
		"number literal":            {"k = 42", "42"},
		"string literal":            {"k = '42'", "42"},
		"float literal":             {"k = 42.0", "42"},
		"a string literal converts": {"k = '042'", "42 042"}, // the number 42 = '042' (the literal read as 42)
		"negative":                  {"k = -7", "-7"},
		"float partition":           {"k = 1.5", "1.5"},
		"text":                      {"k = 'abc'", "abc"},
		"empty string":              {"k = ''", ""},
		"boolean partition":         {"k = TRUE", "true"},
		"boolean as text":           {"k = 'true'", "true"},
		"in list":                   {"k IN (42, 'abc')", "42 abc"},
		"in list with null":         {"k IN ('abc', NULL)", "abc"},
		"not in":                    {"k NOT IN ('abc', 'zzz')", "42 042 true 1.5 -7 "},
		"is null":                   {"k IS NULL", nullPart},
		"is not null":               {"k IS NOT NULL", "42 042 abc true 1.5 -7 "},
		"null-safe equality":        {"k <=> NULL", nullPart},
		// Family order: a string is above every number, a boolean below.
		"greater than a number": {"k > 40", "42 042 abc true 1.5 -7 "}, // each text may be a string
		"less than a number":    {"k < 0", "true -7"},
		// Each side of AND is evaluated over all candidates apart, so "true"
		// and "-7" are kept though no single candidate is between 1 and 50:
		// sound, not tight.
		"between": {"k BETWEEN 1 AND 50", "42 true 1.5 -7"},
		// Three-valued logic: the string "42" makes k = 42 false, the
		// number true; NOT keeps the partition; NULL is never true.
		"not equal":    {"NOT (k = 42)", "42 042 abc true 1.5 -7 "},
		"not equal op": {"k != 'abc'", "42 042 true 1.5 -7 "},
		// A string that does not spell a boolean fails the row: kept.
		"is true":                 {"k IS TRUE", "42 042 abc true 1.5 -7 "},
		"is true of a comparison": {"(k = 'abc') IS TRUE", "abc"},
		"is not true":             {"(k = 'abc') IS NOT TRUE", "42 042 true 1.5 -7  " + nullPart},
		"or on the key":           {"k = 'abc' OR k = -7", "abc -7"},
		"or with a non-key":       {"k = 'abc' OR amount > 1", all},
		"and with a non-key":      {"k = 'abc' AND amount > 1", "abc"},
		"non-key only":            {"amount > 1", all},
		"not of a non-key":        {"NOT (amount > 1) AND k = 'abc'", "abc"},
		"function of the key":     {"LENGTH(k) = 3", "042 abc 1.5"},
		"like":                    {"k LIKE '4%'", "42"},
		"case":                    {"CASE WHEN k = 'abc' THEN TRUE ELSE FALSE END", "abc"},
		"an error keeps the file": {"k + 1 > 100", "42 042 abc true 1.5 -7 "}, // the string + 1 fails
		"constant false":          {"1 = 0", ""},
		"null condition":          {"k = NULL", ""},
	} {
		t.Run(name, func(t *testing.T) {
			p := optimize(t, "SELECT id FROM l WHERE "+c.where, lakeOf(parts...))
			got := strings.Join(kept(p), " ")
			if got != c.want {
				t.Errorf("WHERE %s: kept %q, want %q", c.where, got, c.want)
			}
			if p.Scan.FilesTotal != len(parts) || p.Scan.PartsTotal != len(parts) {
				t.Errorf("totals %d files, %d parts", p.Scan.FilesTotal, p.Scan.PartsTotal)
			}
			if len(p.Scan.PartsKept) != len(p.Scan.Files) {
				t.Errorf("PartsKept %v for %d files", p.Scan.PartsKept, len(p.Scan.Files))
			}
		})
	}
}

// TestEval calls Eval on partitions built by hand: candidates of a
// partition text, the null partition, and a non-key slot (nil).
func TestEval(t *testing.T) {
	p := optimize(t, "SELECT id FROM l WHERE k = 42 AND other = 1 AND k IS NULL", lakeOf())
	conj := p.Scan.Conjuncts
	if len(conj) != 3 {
		t.Fatalf("%d conjuncts", len(conj))
	}
	kSlot := slices.Index(p.Scan.Fields, "k")
	part := func(v storage.PartValue) partition {
		pt := make(partition, len(p.Scan.Fields))
		pt[kSlot] = candidates(v)
		return pt
	}
	p42 := part(storage.PartValue{Str: "42"})
	pAbc := part(storage.PartValue{Str: "abc"})
	pNull := part(storage.PartValue{Null: true})
	for _, c := range []struct {
		e    plan.Expr
		p    partition
		want types.Truth
	}{
		{conj[0], p42, types.True | types.False}, // the string "42" or the number 42
		{conj[0], pAbc, types.False},
		{conj[0], pNull, types.Unknown},
		{conj[1], p42, types.Any}, // other is not a key field
		{conj[2], pNull, types.True},
		{conj[2], p42, types.False},
		{p.Scan.Filter, p42, types.False}, // k = 42 AND k IS NULL
		{p.Scan.Filter, pNull, types.Unknown | types.False},
		{nil, p42, types.True},
	} {
		var text string
		if c.e != nil {
			text = c.e.String()
		}
		if got := Eval(c.e, c.p); got != c.want {
			t.Errorf("Eval(%s) = %v, want %v", text, got, c.want)
		}
	}
	if got := candidates(storage.PartValue{Str: "42"}); len(got) != 2 || got[0].K != types.String || got[1].K != types.Int || got[1].I != 42 {
		t.Errorf("candidates(42) = %v", got)
	}
	if got := candidates(storage.PartValue{Str: "false"}); len(got) != 2 || got[1].K != types.Bool || got[1].I != 0 {
		t.Errorf("candidates(false) = %v", got)
	}
	for _, s := range []string{"042", "abc", "", "1.", ".5", "+1", "1e", "NaN", "True"} {
		if got := candidates(storage.PartValue{Str: s}); len(got) != 1 || got[0].K != types.String {
			t.Errorf("candidates(%q) = %v, want only the string", s, got)
		}
	}
	if got := candidates(storage.PartValue{Str: "1e2"}); len(got) != 2 || got[1].K != types.Float || got[1].F() != 100 || got[1].S != "1e2" {
		t.Errorf("candidates(1e2) = %#v", got)
	}
	if got := candidates(storage.PartValue{Null: true}); len(got) != 1 || got[0].K != types.Null {
		t.Errorf("candidates(null) = %v", got)
	}
}

// TestSkip: the conjuncts a partition makes certainly true are skipped in
// that file's residual, and their needles with them.
func TestSkip(t *testing.T) {
	p := optimize(t, "SELECT id FROM l WHERE k IN ('abc', 42) AND note = 'hello' AND k IS NOT NULL", lakeOf(parts...))
	if got := strings.Join(kept(p), " "); got != "42 abc" {
		t.Fatalf("kept %q", got)
	}
	for _, f := range p.Scan.Files {
		var skip []bool
		if f.Skip != nil {
			skip = f.Skip
		}
		var pred string
		if f.Pred != nil {
			pred = f.Pred.String()
		}
		switch f.Partition[0].Str {
		case "abc":
			// Both key conjuncts are certainly true: only note remains.
			if !slices.Equal(skip, []bool{true, false, true}) || pred != "note = 'hello'" {
				t.Errorf("abc: skip %v, pred %q", skip, pred)
			}
		case "42":
			// k IN ('abc', 42) is false for the string "42": not decided.
			if !slices.Equal(skip, []bool{false, false, true}) || pred != "k IN ('abc', 42) AND note = 'hello'" {
				t.Errorf("42: skip %v, pred %q", skip, pred)
			}
		}
		if len(f.NeedleSet) != 1 || !f.NeedleSet[0].In([]byte(`{"note":"hello"}`)) || f.NeedleSet[0].In([]byte(`{"note":"help"}`)) {
			t.Errorf("%s: needles %v", f.Path, f.NeedleSet)
		}
	}
	res := Residual(p.Scan)
	var texts []string
	for _, e := range res {
		texts = append(texts, e.String())
	}
	if got := strings.Join(texts, " AND "); got != "k IN ('abc', 42) AND note = 'hello'" {
		t.Errorf("Residual %q", got)
	}

	// Every conjunct decided: no predicate at all for the file.
	p = optimize(t, "SELECT id FROM l WHERE k = 'abc'", lakeOf(parts...))
	if len(p.Scan.Files) != 1 || p.Scan.Files[0].Pred != nil || len(Residual(p.Scan)) != 0 {
		t.Errorf("k = 'abc': files %+v", p.Scan.Files)
	}
	// A needle of a skipped conjunct is not searched for.
	p = optimize(t, "SELECT id FROM l WHERE k = 'abc' AND x LIKE '%zz%'", lakeOf("abc", "abd"))
	if len(p.Scan.Files) != 1 || len(p.Scan.Needles) != 2 || len(p.Scan.Files[0].NeedleSet) != 1 || !p.Scan.Files[0].NeedleSet[0].In([]byte("zz")) {
		t.Errorf("needles %v, file needles %v", p.Scan.Needles, p.Scan.Files)
	}
	// An unpartitioned lake: every file, nothing skipped.
	flat := &fakeLake{files: []storage.FileEntry{{Path: "part-0000.jsonl"}, {Path: "part-0001.jsonl"}}}
	p = optimize(t, "SELECT id FROM l WHERE k = 'abc' AND amount > 1", flat)
	if len(p.Scan.Files) != 2 || p.Scan.Files[0].Skip != nil || p.Scan.Files[0].Pred == nil {
		t.Errorf("flat lake: %+v", p.Scan.Files)
	}
	if p.Scan.Pruning != "none (every file may hold matching rows)" {
		t.Errorf("flat lake: pruning %q", p.Scan.Pruning)
	}
}

// A lake of a partition per file holds one residual per pattern of
// conjuncts decided, not one per file, and no slack in its files.
func TestResidualsShared(t *testing.T) {
	var vals []string
	for i := range 20_000 {
		vals = append(vals, fmt.Sprint(i))
	}
	p := optimize(t, "SELECT id FROM l WHERE (k < '2' OR k >= '5') AND (k < '1' OR note = 'x') AND amount > 1", lakeOf(vals...))
	res, patterns := map[*plan.Residual]bool{}, map[string]bool{}
	for _, f := range p.Scan.Files {
		res[f.Residual] = true
		patterns[fmt.Sprint(f.Skip)] = true
	}
	if len(p.Scan.Files) < 10_000 || len(p.Scan.Files) == 20_000 || len(patterns) < 2 || len(res) != len(patterns) || cap(p.Scan.Files) != len(p.Scan.Files) {
		t.Errorf("%d files kept, %d residuals for %d patterns, capacity %d", len(p.Scan.Files), len(res), len(patterns), cap(p.Scan.Files))
	}
	if p.Scan.PartsTotal != 20_000 || len(p.Scan.PartsKept) != len(p.Scan.Files) {
		t.Errorf("partitions %d, kept %d", p.Scan.PartsTotal, len(p.Scan.PartsKept))
	}
}

// TestPruningText checks which conditions the pruning predicate keeps;
// parentheses are ignored (how the predicate is parenthesized is a
// printing choice).
func TestPruningText(t *testing.T) {
	bare := func(s string) string { return strings.NewReplacer("(", "", ")", "").Replace(s) }
	for where, want := range map[string]string{
		"k = 'abc' AND amount > 1 AND k != 'x'": "k = 'abc' AND k != 'x'",
		"(k = 'a' OR k = 'b') AND NOT k = 'c'":  "k = 'a' OR k = 'b' AND NOT k = 'c'",
		"k = 'abc' AND amount > 1":              "k = 'abc'",
		"k = 'abc' OR amount > 1":               "none (every file may hold matching rows)",
		"NOT (k = 'abc' AND amount > 1)":        "none (every file may hold matching rows)",
		"NOT (k = 'abc' OR amount > 1)":         "NOT (k = 'abc')",
		"(k = 'a' OR k = 'b') AND note = 'x'":   "k = 'a' OR k = 'b'",
		"amount > 1":                            "none (every file may hold matching rows)",
	} {
		p := optimize(t, "SELECT id FROM l WHERE "+where, lakeOf(parts...))
		if bare(p.Scan.Pruning) != bare(want) {
			t.Errorf("WHERE %s: pruning %q, want %q", where, p.Scan.Pruning, want)
		}
	}
}

func TestNeedles(t *testing.T) {
	for where, want := range map[string]string{
		"region = 'seoul'":                     "seoul",
		"'seoul' = region":                     "seoul",
		"region = 'seoul' AND channel = 'app'": "seoul|app",
		"region LIKE '%seoul%'":                "seoul",
		"region LIKE 'seoul%'":                 "seoul",
		"region LIKE '%seoul'":                 "seoul",
		"region LIKE 'se_oul%'":                "oul",
		"region = 'seoul' AND amount > 5":      "seoul",
		"amount > 5 AND region LIKE '%busan%'": "busan",
		// A text a number or a boolean could spell differently in JSON.
		"region = '500'":                     "",
		"region = '5e2'":                     "",
		"region = ' 7'":                      "",
		"region = '-1.5'":                    "",
		"region = 'inf'":                     "",
		"region = 'true'":                    "",
		"region = 'no'":                      "",
		"region LIKE '%2026%'":               "",
		"region LIKE '%1e5%'":                "",
		"region LIKE '%-3_'":                 "",
		"region LIKE '2026-01-0_'":           "",
		"region NOT LIKE '%seoul%'":          "",
		"region LIKE '%se!%oul%' ESCAPE '!'": "",
		"region REGEXP 'seoul'":              "",
		"region LIKE '%'":                    "",
		"region LIKE '__'":                   "",
		// Only plain ASCII JSON spells verbatim.
		"region = '서울'":         "",
		"region = 'say \"hi\"'": "",
		"region = 'a\\\\b'":     "",
		"region = ''":           "",
		// Only a field compared for equality, and only a top-level AND term.
		"region != 'seoul'":                    "",
		"region > 'seoul'":                     "",
		"UPPER(region) = 'SEOUL'":              "",
		"user.tier = 'gold'":                   "",
		"region = 'seoul' OR region = 'busan'": "",
		"NOT region = 'seoul'":                 "",
		"region IN ('seoul')":                  "",
		"region = channel":                     "",
		"region = NULL":                        "",
	} {
		p := optimize(t, "SELECT id FROM l WHERE "+where, lakeOf())
		var got []string
		for _, n := range p.Scan.Needles {
			got = append(got, n.Text)
			if n.Conj < 0 || n.Conj >= len(p.Scan.Conjuncts) {
				t.Errorf("WHERE %s: needle %q of conjunct %d", where, n.Text, n.Conj)
			}
		}
		if strings.Join(got, "|") != want {
			t.Errorf("WHERE %s: needles %q, want %q", where, got, want)
		}
	}
}

// aggOf finds the Aggregate node of a plan.
func aggOf(t *testing.T, p *plan.Plan) *plan.Aggregate {
	t.Helper()
	for n := p.Root; n != nil; {
		if a, ok := n.(*plan.Aggregate); ok {
			return a
		}
		in := n.Inputs()
		if len(in) == 0 {
			break
		}
		n = in[0]
	}
	t.Fatal("no Aggregate")
	return nil
}

func TestRewriteSums(t *testing.T) {
	q := "SELECT region, SUM(x + 3), SUM(3 + x), SUM(DISTINCT x + 3), SUM(x + 1.5), SUM(x - 3), SUM(x + y), AVG(x + 3), SUM(x), SUM(x + 3) + 1 " +
		"FROM l GROUP BY region HAVING SUM(x + 7) > 0 ORDER BY SUM(x + 9) DESC LIMIT 3"
	p := optimize(t, q, lakeOf())
	a := aggOf(t, p)
	want := map[string]bool{ // rewritten?
		"SUM(x + 3)":          true,
		"SUM(3 + x)":          true,
		"SUM(DISTINCT x + 3)": false,
		"SUM(x + 1.5)":        false,
		"SUM(x - 3)":          false,
		"SUM(x + y)":          false,
		"AVG(x + 3)":          false,
		"SUM(x)":              false,
		"SUM(x + 7)":          true,
		"SUM(x + 9)":          true,
	}
	seen := map[string]bool{}
	for _, c := range a.Aggs {
		w, ok := want[c.Text]
		if !ok {
			t.Errorf("unexpected call %s", c.Text)
			continue
		}
		seen[c.Text] = true
		_, arith := c.Args[0].(*plan.ArithExpr)
		if rewritten := !arith && c.Text != "SUM(x)"; rewritten != w {
			t.Errorf("%s: rewritten %v, want %v (arg %s)", c.Text, rewritten, w, c.Args[0])
		}
		if w {
			if s, ok := c.Args[0].(*plan.Slot); !ok || s.Name != "x" || c.Func.Name != "SUM" || c.Func.Distinct {
				t.Errorf("%s: rewritten to %s(%s)", c.Text, c.Func.Name, c.Args[0])
			}
		}
	}
	for text := range want {
		if !seen[text] {
			t.Errorf("no call %s", text)
		}
	}
	// The rewritten state computes SUM(x + c); the one left alone SUM(DISTINCT …).
	for _, c := range a.Aggs {
		var rows [][]types.Value
		for _, x := range []int64{1, 1, 2} {
			r := make(plan.Row, len(p.Scan.Fields))
			r[slices.Index(p.Scan.Fields, "x")] = types.IntValue(x)
			if yi := slices.Index(p.Scan.Fields, "y"); yi >= 0 {
				r[yi] = types.IntValue(10)
			}
			var args []types.Value
			for _, e := range c.Args {
				v, err := e.Eval(r)
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, v)
			}
			rows = append(rows, args)
		}
		st := c.Func.New()
		for _, r := range rows {
			if err := st.Add(r); err != nil {
				t.Fatalf("%s: %v", c.Text, err)
			}
		}
		wantSum := map[string]string{"SUM(x + 3)": "13", "SUM(3 + x)": "13", "SUM(DISTINCT x + 3)": "9", "SUM(x + 1.5)": "8.5",
			"SUM(x - 3)": "-5", "SUM(x + y)": "34", "AVG(x + 3)": "4.333333333333333", "SUM(x)": "4", "SUM(x + 7)": "25", "SUM(x + 9)": "31"}[c.Text]
		if got := st.Result().String(); got != wantSum {
			t.Errorf("%s over x = 1, 1, 2: %s, want %s", c.Text, got, wantSum)
		}
	}
	// Without an aggregate nothing changes, and nothing panics.
	optimize(t, "SELECT x + 3 FROM l ORDER BY x LIMIT 1", lakeOf())
}
