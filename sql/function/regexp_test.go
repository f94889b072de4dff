package function

import (
	"testing"
)

// The expectations are DuckDB 1.5.6's answers (duckq). REGEXP_LIKE, which
// DuckDB lacks, answers as REGEXP_MATCHES.
func TestRegexp(t *testing.T) {
	check(t, []vector{
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("b")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("^b")), want: B(false)},
		{fn: "REGEXP_MATCHES", args: A(S("ABC"), S("b"), S("i")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("aBc"), S("b"), S("ic")), want: B(false)},
		{fn: "REGEXP_MATCHES", args: A(S("aBc"), S("b"), S("ci")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("a\nb"), S("a.b")), want: B(false)},
		{fn: "REGEXP_MATCHES", args: A(S("a\nb"), S("a.b"), S("s")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("a\nb"), S("^b"), S("m")), want: B(false)},
		{fn: "REGEXP_MATCHES", args: A(S("a.c"), S("."), S("l")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("."), S("l")), want: B(false)},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S(""), S("")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("(?i)B")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("a1"), S(`\d`)), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("a1"), S(`\pL`)), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("a1"), S(`[[:digit:]]`)), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("서울"), S("^서.$")), want: B(true)},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("b"), S("g")), err: ErrArgs},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("b"), S("z")), err: ErrArgs},
		{fn: "REGEXP_MATCHES", args: A(S("abc"), S("(")), err: ErrArgs},
		{fn: "REGEXP_MATCHES", args: A(N, S("a")), want: N},
		{fn: "REGEXP_MATCHES", args: A(S("a"), N), want: N},
		{fn: "REGEXP_LIKE", args: A(S("abc"), S("c$")), want: B(true)},
		{fn: "REGEXP_FULL_MATCH", args: A(S("abc"), S("b")), want: B(false)},
		{fn: "REGEXP_FULL_MATCH", args: A(S("abc"), S("a.c")), want: B(true)},
		{fn: "REGEXP_FULL_MATCH", args: A(S("abc"), S("a|abc")), want: B(true)},

		{fn: "REGEXP_REPLACE", args: A(S("aaa"), S("a"), S("b")), want: S("baa")},
		{fn: "REGEXP_REPLACE", args: A(S("aaa"), S("a"), S("b"), S("g")), want: S("bbb")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("(b)"), S(`[\1]`)), want: S("a[b]c")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("B"), S("x"), S("i")), want: S("axc")},
		{fn: "REGEXP_REPLACE", args: A(S("abcabc"), S("B"), S("x"), S("gi")), want: S("axcaxc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("(b)"), S(`\0\0`)), want: S("abbc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`\`)), want: S("abc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`\\`)), want: S(`a\c`)},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`\2`)), want: S("abc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`\x`)), want: S("abc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`$`)), want: S("a$c")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S(`$1`)), want: S("a$1c")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S(""), S("-"), S("g")), want: S("-a-b-c-")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b*"), S("-"), S("g")), want: S("-a-c-")},
		{fn: "REGEXP_REPLACE", args: A(S("aaa"), S("a*?"), S("x"), S("g")), want: S("xaxaxax")},
		{fn: "REGEXP_REPLACE", args: A(S("서울"), S("."), S("x"), S("g")), want: S("xx")},
		{fn: "REGEXP_REPLACE", args: A(S("서울"), S(""), S("-"), S("g")), want: S("-서-울-")},
		{fn: "REGEXP_REPLACE", args: A(S("a.b"), S("."), S("x"), S("gs")), want: S("xxx")},
		{fn: "REGEXP_REPLACE", args: A(S("a+b"), S("+"), S("x"), S("l")), want: S("axb")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S("x"), S("c")), want: S("axc")},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S("x"), S("z")), err: ErrArgs},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("("), S("x")), err: ErrArgs},
		{fn: "REGEXP_REPLACE", args: A(N, S("b"), S("x")), want: N},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), N, S("x")), want: N},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), N), want: N},
		{fn: "REGEXP_REPLACE", args: A(S("abc"), S("b"), S("x"), N), want: N},

		{fn: "REGEXP_EXTRACT", args: A(S("abc123"), S("[0-9]+")), want: S("123")},
		// REGEXP_EXTRACT_ALL: DuckDB 1.5.6's answers.
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("a1b22c333"), S(`\d+`)), want: J(`["1","22","333"]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("a1b22"), S(`([a-z])(\d+)`), I(2)), want: J(`["1","22"]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("abc"), S("x*")), want: J(`["","","",""]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("aAa"), S("a"), I(0), S("i")), want: J(`["a","A","a"]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("ab"), S("(x)?b"), I(1)), want: J(`[null]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("한국어"), S(".")), want: J(`["한","국","어"]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("abc"), S("z")), want: J(`[]`)},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("ab"), S("b"), I(1)), err: ErrArgs},
		{fn: "REGEXP_EXTRACT_ALL", args: A(S("aaa"), S("a"), I(0), S("g")), err: ErrArgs},
		{fn: "REGEXP_EXTRACT_ALL", args: A(N, S("a")), want: N},
		{fn: "REGEXP_EXTRACT", args: A(S("abc"), S("[0-9]+")), want: S("")},
		{fn: "REGEXP_EXTRACT", args: A(S("a1b2"), S("([a-z])([0-9])"), I(2)), want: S("1")},
		{fn: "REGEXP_EXTRACT", args: A(S("a1"), S("(x)?a"), I(1)), want: S("")},
		{fn: "REGEXP_EXTRACT", args: A(S("a1"), S("a"), I(3)), want: S("")},
	})
}

func TestRegexpMatcher(t *testing.T) {
	m, err := Regexp("goo+gle")
	if err != nil {
		t.Fatal(err)
	}
	if !m("www.gooogle.com") || m("www.gogle.com") {
		t.Error("Regexp is not a partial match")
	}
	if _, err := Regexp("("); err == nil {
		t.Error("Regexp(\"(\") compiled")
	}
}
