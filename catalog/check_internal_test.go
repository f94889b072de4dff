package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scanLines checks lines that span many reads as a whole: a long row is
// sound, a long line that is not an object is named by its number, and a
// last line cut short is counted but left to the newline problem.
func TestScanLinesAcrossReads(t *testing.T) {
	long := `{"s":"` + strings.Repeat("x", 200<<10) + `"}`
	cases := []struct {
		name, data string
		lines      int64
		ended      bool
		bad        string
	}{
		{"rows", "{}\n" + long + "\n{\"a\":1}\n", 3, true, ""},
		{"a long line broken", "{}\n" + long[:len(long)-1] + "\n{}\n", 3, true, "line 2: invalid JSON"},
		{"two bad", "1\n{}\n" + long + "x\n", 3, true, "line 1: invalid JSON: a row must be a JSON object at column 1 (and 1 more line that is not a JSON object)"},
		{"cut short", "{}\n" + long[:1000], 2, false, ""},
		{"empty", "", 0, true, ""},
		{"blank line", "{}\n\n", 2, true, "line 2: invalid JSON: a blank line"},
	}
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, c := range cases {
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		lines, ended, bad, err := scanLines(root, "f")
		if err != nil {
			t.Fatal(err)
		}
		if lines != c.lines || ended != c.ended || !strings.HasPrefix(bad, c.bad) || (c.bad == "") != (bad == "") {
			t.Errorf("%s: got %d lines, ended %v, bad %q; want %d, %v, %q…", c.name, lines, ended, bad, c.lines, c.ended, c.bad)
		}
	}
}
