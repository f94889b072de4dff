package storage

import (
	"strings"
	"testing"
)

func TestPartName(t *testing.T) {
	for name, tc := range map[string]struct {
		got, want string
	}{
		"first":          {PartName(0), "part-0000.jsonl"},
		"second":         {PartName(1), "part-0001.jsonl"},
		"wide":           {PartName(12345), "part-12345.jsonl"},
		"rewrite":        {RewriteName(3, "7f3a9c01", 0), "part-g0003-7f3a9c01-0000.jsonl"},
		"rewrite wide":   {RewriteName(12345, "ab", 10001), "part-g12345-ab-10001.jsonl"},
		"rewrite prefix": {RewritePrefix(3, "7f3a9c01"), "part-g0003-7f3a9c01-"},
	} {
		t.Run(name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
	if n := RewriteName(3, "7f3a9c01", 5); !strings.HasPrefix(n, RewritePrefix(3, "7f3a9c01")) || !IsPartFile(n) {
		t.Errorf("RewriteName %q: got no prefix %q or not a part file", n, RewritePrefix(3, "7f3a9c01"))
	}
}

func TestIsPartFile(t *testing.T) {
	for name, tc := range map[string]struct {
		name string
		want bool
	}{
		"write name":    {"part-0000.jsonl", true},
		"rewrite name":  {"part-g0001-7f3a-0000.jsonl", true},
		"shortest":      {"part-.jsonl", true},
		"manifest":      {ManifestName, false},
		"no prefix":     {"data.jsonl", false},
		"wrong suffix":  {"part-0000.json", false},
		"temp suffix":   {"part-0000.jsonl.tmp", false},
		"hidden temp":   {".part-0000.jsonl.tmp123", false},
		"upper case":    {"PART-0000.JSONL", false},
		"overlap":       {"part-jsonl", false},
		"overlap dot":   {"part.jsonl", false},
		"prefix only":   {"part-", false},
		"empty":         {"", false},
		"history":       {"_history.jsonl", false},
		"nested prefix": {"x/part-0.jsonl", false},
	} {
		t.Run(name, func(t *testing.T) {
			if got := IsPartFile(tc.name); got != tc.want {
				t.Errorf("IsPartFile(%q): got %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestNewRunID(t *testing.T) {
	seen := make(map[string]bool)
	for range 1000 {
		id := NewRunID()
		if len(id) != 8 || strings.Trim(id, "0123456789abcdef") != "" {
			t.Fatalf("NewRunID: got %q, want 8 lower-case hex digits", id)
		}
		if seen[id] {
			t.Fatalf("NewRunID: got %q twice in 1000 draws, want distinct ids", id)
		}
		seen[id] = true
	}
}
