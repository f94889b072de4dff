package function

import "testing"

// TestPaths: DuckDB's answers (1.5.6) to PARSE_FILENAME, PARSE_DIRNAME,
// PARSE_DIRPATH and PARSE_PATH.
func TestPaths(t *testing.T) {
	check(t, []vector{
		{fn: "PARSE_FILENAME", args: A(S("/a/b/c.txt")), want: S("c.txt")},
		{fn: "PARSE_FILENAME", args: A(S("/a/b/c.txt"), B(true)), want: S("c")},
		{fn: "PARSE_FILENAME", args: A(S(`c:\x\y.csv`), B(true), S("backslash")), want: S("y")},
		{fn: "PARSE_FILENAME", args: A(S(`a/b\c.d`), B(false), S("both_slash")), want: S("c.d")},
		{fn: "PARSE_FILENAME", args: A(S(`a\b/c`), B(false), S("system")), want: S("c")},
		{fn: "PARSE_FILENAME", args: A(S("x/y.z"), N), want: S("y.z")},
		{fn: "PARSE_FILENAME", args: A(S("")), want: S("")},
		{fn: "PARSE_FILENAME", args: A(S("dir/")), want: S("")},
		{fn: "PARSE_FILENAME", args: A(S(".bashrc"), B(true)), want: S("")},
		{fn: "PARSE_FILENAME", args: A(S("a.b/c"), B(true)), want: S("c")},
		{fn: "PARSE_FILENAME", args: A(S("a.tar.gz"), B(true)), want: S("a.tar")},
		{fn: "PARSE_FILENAME", args: A(N), want: N},
		{fn: "PARSE_FILENAME", args: A(S("a"), I(1)), err: ErrArgs},
		{fn: "PARSE_DIRNAME", args: A(S("/a/b/c.txt")), want: S("/")},
		{fn: "PARSE_DIRNAME", args: A(S("a/b/c.txt")), want: S("a")},
		{fn: "PARSE_DIRNAME", args: A(S(`\a\b`)), want: S(`\`)},
		{fn: "PARSE_DIRNAME", args: A(S("a/b"), S("backslash")), want: S("")},
		{fn: "PARSE_DIRPATH", args: A(S("/a/b/c.txt")), want: S("/a/b")},
		{fn: "PARSE_DIRPATH", args: A(S("c.txt")), want: S("")},
		{fn: "PARSE_DIRPATH", args: A(S("/c.txt")), want: S("")},
		{fn: "PARSE_DIRPATH", args: A(S("/")), want: S("/")},
		{fn: "PARSE_DIRPATH", args: A(S("a/b/"), S("system")), want: S("a/b")},
		{fn: "PARSE_PATH", args: A(S("/a/b/c.txt")), want: J(`["/","a","b","c.txt"]`)},
		{fn: "PARSE_PATH", args: A(S("a//b/")), want: J(`["a","b"]`)},
		{fn: "PARSE_PATH", args: A(S("/")), want: J(`["/"]`)},
		{fn: "PARSE_PATH", args: A(S("//")), want: J(`["/"]`)},
		{fn: "PARSE_PATH", args: A(S(`\a\b`)), want: J(`["\\","a","b"]`)},
		{fn: "PARSE_PATH", args: A(S(`a\b/c`), S("forward_slash")), want: J(`["a\\b","c"]`)},
	})
}
