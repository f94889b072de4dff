package sql

import (
	"testing"

	"github.com/lakesql/lakesql/internal/suggest"
)

// TestDistance and TestClosest test internal/suggest, which the engine in
// stages moved the edit distance to, through the uses package sql makes
// of it (unknown lakes, fields and keywords).
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
		if got := suggest.Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q): got %d, want %d", c.a, c.b, got, c.want)
		}
		if got := suggest.Distance(c.b, c.a); got != c.want {
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
			got, ok := suggest.Closest(c.name, c.candidates)
			if !ok {
				got = ""
			}
			if got != c.want {
				t.Errorf("Closest(%q): got %q (%v), want %q", c.name, got, ok, c.want)
			}
		})
	}
}

// TestSuggestKeyword moved to sql/parser, with suggestKeyword.

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
