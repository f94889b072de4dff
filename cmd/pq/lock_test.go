package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
)

// TestWriterWaitsThenFails: while another writer holds a lake's lock, a
// pq writer waits --wait and then fails cleanly: exit 1, an error saying
// the lake is locked, nothing changed on disk. Once the lock is free, the
// same command succeeds.
func TestWriterWaitsThenFails(t *testing.T) {
	w := t.TempDir()
	stressOrders(t, w, 500)
	if _, err := runPQ("write", w, "--lake=o", "--key=day", "--rows=10"); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(w)
	lock, err := c.Lock("o")
	if err != nil {
		t.Fatal(err)
	}
	before := dirState(t, w)
	for _, args := range [][]string{
		{"compact", w, "--lake=o", "--target=100000", "--wait=200ms"},
		{"write", w, "--lake=o", "--key=region", "--wait=0s"},
		{"repartition", w, "--from=o", "--to=o", "--key=region", "--wait=50ms"},
		{"vacuum", w, "--lake=o", "--wait=50ms"},
	} {
		var stdout, stderr bytes.Buffer
		cmd := pqProcess(t.Context(), args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("pq %s with the lake locked: exit %d (%v), want 1", args[0], code, err)
		}
		var out map[string]string
		if json.Unmarshal(stdout.Bytes(), &out) != nil || !strings.Contains(out["error"], "locked") {
			t.Errorf("pq %s: stdout %q, want {\"error\": …locked…}", args[0], stdout.Bytes())
		}
		if !strings.Contains(stderr.String(), "locked") {
			t.Errorf("pq %s: stderr %q does not say the lake is locked", args[0], stderr.Bytes())
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("pq %s took %v: it did not give up after --wait", args[0], d)
		}
		if after := dirState(t, w); after != before {
			t.Errorf("pq %s changed the work folder while failing", args[0])
		}
	}
	lock.Unlock()
	if _, err := runPQ("compact", w, "--lake=o", "--target=100000", "--wait=200ms"); err != nil {
		t.Fatalf("after the lock was released: %v", err)
	}
}

// dirState spells every path under dir with its mode and content.
func dirState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel + " " + fi.Mode().String() + " " + func() string {
			if fi.IsDir() {
				return ""
			}
			data, _ := os.ReadFile(p)
			return string(data)
		}() + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
