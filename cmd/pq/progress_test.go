package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestProgressBar runs pq with its standard error on a terminal (a pty):
// write, append, compact, repartition and query draw a bar there, and
// stdout still holds exactly the one JSON object. With standard error on a
// pipe, nothing but errors ever reaches it.
func TestProgressBar(t *testing.T) {
	w := t.TempDir()
	stressOrders(t, w, 60_000) // ≈ 6 MB: several reports of 1 MB
	steps := [][]string{
		{"write", w, "--lake=o", "--key=day", "--rows=500"},
		{"append", w, "--lake=o"},
		{"compact", w, "--lake=o", "--target=3000000"},
		{"repartition", w, "--from=o", "--to=r", "--key=region"},
		{"query", w, "--lake=r", "--where=channel=app"},
	}
	for _, args := range steps {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Skipf("no pty: %v", err)
		}
		var stdout bytes.Buffer
		cmd := pqProcess(t.Context(), args...)
		cmd.Env = append(cmd.Env, "LAKESQL_PROGRESS_AFTER=0s")
		cmd.Stdout, cmd.Stderr = &stdout, tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close()
		var term bytes.Buffer
		done := make(chan struct{})
		go func() { io.Copy(&term, ptmx); close(done) }()
		err = cmd.Wait()
		<-done
		ptmx.Close()
		if err != nil {
			t.Fatalf("pq %s: %v: %s", args[0], err, term.Bytes())
		}
		if !strings.Contains(term.String(), args[0]) || !strings.Contains(term.String(), "%") {
			t.Errorf("pq %s: no bar on the terminal: %q", args[0], term.String())
		}
		var out map[string]any
		if bytes.Count(stdout.Bytes(), []byte("\n")) != 1 || json.Unmarshal(stdout.Bytes(), &out) != nil {
			t.Errorf("pq %s: stdout %q is not exactly one JSON line", args[0], stdout.Bytes())
		}
		// The same with standard error on a pipe: no bar.
		var stderr bytes.Buffer
		cmd = pqProcess(t.Context(), args...)
		cmd.Env = append(cmd.Env, "LAKESQL_PROGRESS_AFTER=0s")
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("pq %s: %v", args[0], err)
		}
		if stderr.Len() != 0 {
			t.Errorf("pq %s wrote to a pipe's stderr: %q", args[0], stderr.Bytes())
		}
	}
}
