package main

import "testing"

func TestDropLineComment(t *testing.T) {
	tests := map[string]struct{ line, want string }{
		"none":              {"SELECT a", "SELECT a"},
		"comment":           {"SELECT a -- the a", "SELECT a "},
		"whole line":        {"-- all", ""},
		"in a string":       {"WHERE s = 'a--b' -- c", "WHERE s = 'a--b' "},
		"escaped quote":     {`WHERE s = 'it\'s--' -- c`, `WHERE s = 'it\'s--' `},
		"in a quoted name":  {"SELECT `a--b`", "SELECT `a--b`"},
		"a minus, not a --": {"WHERE a > -1", "WHERE a > -1"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := dropLineComment(tc.line); got != tc.want {
				t.Errorf("dropLineComment(%q) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
}
