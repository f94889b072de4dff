package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckExitStatus: CHECK LAKE fails a script (exit 1) on a damaged
// lake, after printing what it found, and not on a lake with orphans only;
// VACUUM then leaves nothing for CHECK to list.
func TestCheckExitStatus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "damaged")
	copyDir(t, "testdata/damaged", dir)
	tests := []struct {
		stmt      string
		code      int
		out, errs string // in stdout, in stderr
		notOut    string
	}{
		{"CHECK LAKE crashed", 0, "4 orphan(s)", "", "problem"},
		{"CHECK LAKE broken", 1, "p=b/part-0000.jsonl", "5 problem(s) in lake broken", ""},
		{"CHECK LAKE garbled", 1, "line 2: invalid JSON", "1 problem(s) in lake garbled: p=a/part-0000.jsonl: line 2", ""},
		{"CHECK LAKE torn", 1, "_manifest.json", "1 problem(s) in lake torn", ""},
		{"VACUUM LAKE crashed DRY RUN", 0, "would remove 4 files", "", ""},
		{"VACUUM LAKE crashed", 0, "removed 4 files, 144 bytes", "", ""},
		{"CHECK LAKE crashed", 0, "sound; generation 1, 2 files, 3 rows, 63 bytes checked; 0 orphan(s)", "", "orphan  "},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-d", dir, "-c", tc.stmt}, strings.NewReader(""), &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.stmt, code, tc.code, stderr.String())
		}
		if !strings.Contains(stdout.String(), tc.out) || tc.notOut != "" && strings.Contains(stdout.String(), tc.notOut) {
			t.Errorf("%s: stdout %q, want %q in it and not %q", tc.stmt, stdout.String(), tc.out, tc.notOut)
		}
		if !strings.Contains(stderr.String(), tc.errs) {
			t.Errorf("%s: stderr %q, want %q in it", tc.stmt, stderr.String(), tc.errs)
		}
	}
}
