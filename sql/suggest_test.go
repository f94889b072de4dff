package sql

import (
	"errors"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"write", "write", 0},
		{"wrtie", "write", 1}, // a swap is one edit
		{"targt", "target", 1},
		{"regoin", "region", 1},
		{"Region", "region", 0}, // case is ignored
		{"SELCT", "select", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a swapped pair
		{"서울", "서을", 1},  // runes, not bytes
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q): got %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q): got %d, want %d (symmetry)", c.b, c.a, got, c.want)
		}
	}
}

func TestClosest(t *testing.T) {
	commands := []string{"write", "append", "layout", "query", "compact", "repartition", "vacuum", "check", "gen", "report"}
	for name, c := range map[string]struct {
		name       string
		candidates []string
		want       string // "" for no suggestion
	}{
		"swap":                    {"wrtie", commands, "write"},
		"missing letter":          {"compat", commands, "compact"},
		"upper case":              {"WRITE", commands, "write"},
		"two edits in eleven":     {"reparttion", commands, "repartition"},
		"too far":                 {"frobnicate", commands, ""},
		"two edits in five":       {"wxyte", commands, ""}, // max(1, 5/3) = 1
		"one letter, one edit":    {"x", []string{"y"}, "y"},
		"one letter, two edits":   {"x", []string{"yz"}, ""},
		"nearest wins":            {"orders2", []string{"orders_fine", "orders"}, "orders"},
		"tie: first wins":         {"ab", []string{"ax", "xb"}, "ax"},
		"no candidates":           {"orders", nil, ""},
		"empty candidate ignored": {"a", []string{""}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			got, ok := Closest(c.name, c.candidates)
			if !ok {
				got = ""
			}
			if got != c.want {
				t.Errorf("Closest(%q): got %q (%v), want %q", c.name, got, ok, c.want)
			}
		})
	}
}

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
			_, err := Parse(c.text)
			if err == nil {
				t.Fatalf("Parse(%q): no error", c.text)
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
		})
	}
}

func TestLakeErrorSuggests(t *testing.T) {
	for _, c := range []struct {
		err  LakeError
		want string
	}{
		{LakeError{Lake: "ordres", Lakes: []string{"misc", "orders"}}, `unknown lake "ordres"; did you mean orders? (lakes: misc, orders)`},
		{LakeError{Lake: "nope", Lakes: []string{"misc", "orders"}}, `unknown lake "nope" (lakes: misc, orders)`},
		{LakeError{Lake: "orders"}, `unknown lake "orders" (there are no lakes here yet)`},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
