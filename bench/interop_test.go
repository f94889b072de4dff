package main

import (
	"slices"
	"testing"
)

func TestCanonRows(t *testing.T) {
	ours, err := parseCSVAnswer([]byte("region,COUNT(*),SUM(amount)\nseoul,2,10\n,1,7\n"))
	if err != nil {
		t.Fatal(err)
	}
	// DuckDB's answer in another order, a HUGEINT sum, a float count.
	theirs := canonRows([][]string{{"", "1", "7"}, {"seoul", "2.0", "10"}})
	if !slices.EqualFunc(ours, theirs, slices.Equal[[]string]) {
		t.Errorf("got %q and %q, want them equal", ours, theirs)
	}
	for in, want := range map[string]string{
		"2026-01-03 00:00:00 +0000 UTC": "2026-01-03",
		"50.5":                          "50.5",
		"1e3":                           "1000",
		"o-0000002":                     "o-0000002",
		"":                              "",
	} {
		if got := canonCell(in); got != want {
			t.Errorf("canonCell(%q) = %q, want %q", in, got, want)
		}
	}
	if got := showAnswer([][]string{{"a", ""}}, nil); got != "a, NULL" {
		t.Errorf("showAnswer = %q", got)
	}
	if _, err := parseCSVAnswer([]byte("")); err == nil {
		t.Error("no header: got no error")
	}
}
