package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLabShims runs lab/pq.py and lab/gen_orders.py, the drop-ins for the
// lab's /root/parts layout, with python3 (skipped without it): the
// generator writes work/raw.jsonl beside itself, and pq.py passes the
// arguments, the JSON and every exit code of pq through unchanged.
func TestLabShims(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	parts := t.TempDir()
	for _, name := range []string{"pq.py", "gen_orders.py"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "lab", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(parts, name), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PQ_BIN="+os.Args[0], asPQ+"=1")
	shim := func(args ...string) (int, string) {
		cmd := exec.Command(python, args...)
		cmd.Dir, cmd.Env = parts, env
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), out.String()
	}
	if code, out := shim("gen_orders.py", "--rows=300"); code != 0 {
		t.Fatalf("gen_orders.py: exit %d: %s", code, out)
	}
	raw, err := os.ReadFile(filepath.Join(parts, "work", "raw.jsonl"))
	if err != nil || bytes.Count(raw, []byte("\n")) != 300 {
		t.Fatalf("work/raw.jsonl: %d lines, %v; want 300", bytes.Count(raw, []byte("\n")), err)
	}
	work := filepath.Join(parts, "work")
	code, out := shim("pq.py", "write", work, "--lake=o", "--key=day")
	var res map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res["rows"] != float64(300) {
		t.Fatalf("pq.py write: exit %d, %q", code, out)
	}
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"query", work, "--lake=o", "--where=day=2026-01-03"}, 0},
		{[]string{"write", filepath.Join(parts, "nope"), "--lake=o", "--key=day"}, 3},
		{[]string{"layout", work, "--lake=missing", "--small=10"}, 3},
		{[]string{"bogus", work}, 2},
		{[]string{"compact", work, "--lake=o", "--target=0"}, 2},
		{[]string{"compact", work, "--lake=o", "--target=100000", "--crash=before-swap"}, 9},
	} {
		code, out := shim(append([]string{"pq.py"}, tc.args...)...)
		if code != tc.code {
			t.Errorf("pq.py %s: exit %d, want %d (%s)", strings.Join(tc.args, " "), code, tc.code, out)
		}
		if json.Unmarshal([]byte(out), &res) != nil {
			t.Errorf("pq.py %s: stdout %q is not one JSON object", strings.Join(tc.args, " "), out)
		}
	}
}
