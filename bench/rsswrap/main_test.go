package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestRsswrap runs the built wrapper as the benchmark does: the command's
// exit status comes back as its own, and fd 3 gets its wall time and peak
// RSS.
func TestRsswrap(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "rsswrap")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, c := range []struct {
		script  string
		exit    int
		atLeast time.Duration
	}{
		{"exit 0", 0, 0},
		{"exit 3", 3, 0},
		{"sleep 0.2", 0, 200 * time.Millisecond},
		{"kill -9 $$", 128 + 9, 0},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, sh, "-c", c.script)
		cmd.ExtraFiles = []*os.File{w}
		err = cmd.Run()
		w.Close()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", c.script, err)
		}
		if code != c.exit {
			t.Errorf("%s: exit %d, want %d", c.script, code, c.exit)
		}
		var ns, rss int64
		if _, err := fmt.Fscan(r, &ns, &rss); err != nil {
			t.Errorf("%s: report: %v", c.script, err)
		}
		r.Close()
		if d := time.Duration(ns); d < c.atLeast || d > c.atLeast+5*time.Second {
			t.Errorf("%s: reported %v, want at least %v", c.script, d, c.atLeast)
		}
		if rss <= 0 {
			t.Errorf("%s: reported peak RSS %d KiB", c.script, rss)
		}
	}
	// A command not found is the wrapper's error, 127.
	cmd := exec.Command(bin, filepath.Join(t.TempDir(), "none"))
	if err := cmd.Run(); err == nil || cmd.ProcessState.ExitCode() != 127 {
		t.Errorf("a missing command: %v (exit %d), want exit 127", err, cmd.ProcessState.ExitCode())
	}
}
