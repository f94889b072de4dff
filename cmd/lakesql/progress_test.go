package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/lakesql/lakesql/catalog"
)

// progressWork is a work folder with a lake of 60,000 orders (≈ 6 MB).
func progressWork(t *testing.T) string {
	t.Helper()
	work := t.TempDir()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, 60_000, 3); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(work, "raw.jsonl")
	if err := os.WriteFile(src, raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := catalog.New(work).Create("big", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	return work
}

// TestProgressInREPL: in the interactive shell a long statement draws a
// bar on the terminal (here after 0 s instead of 1 s), and the result
// follows it as usual.
func TestProgressInREPL(t *testing.T) {
	bin := binary(t)
	work := progressWork(t)
	cmd := exec.Command(bin, "-d", work)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "TERM=xterm", "LAKESQL_PROGRESS_AFTER=0s")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 200})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer f.Close()
	defer cmd.Process.Kill()
	tm := newTerm(t, f)
	tm.expect(`lakesql> `)
	tm.send("SELECT region, COUNT(*) FROM big GROUP BY region;\r")
	tm.expect(`SELECT REGION,.*%`)
	tm.expect(`6 rows`)
	tm.send("ALTER LAKE big PARTITION BY (channel) INTO bych;\r")
	tm.expect(`ALTER LAKE.*%`)
	tm.expect(`lakesql> `)
	tm.send(".quit\r")
}

// TestNoProgressInScripts: -c and -f never draw a bar, even with standard
// error on a terminal.
func TestNoProgressInScripts(t *testing.T) {
	bin := binary(t)
	work := progressWork(t)
	script := filepath.Join(t.TempDir(), "q.sql")
	os.WriteFile(script, []byte("SELECT region, COUNT(*) FROM big GROUP BY region;\n"), 0o644)
	for _, args := range [][]string{
		{"-d", work, "-c", "SELECT region, COUNT(*) FROM big GROUP BY region"},
		{"-d", work, "-f", script},
	} {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Skipf("no pty: %v", err)
		}
		var stdout bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "LAKESQL_PROGRESS_AFTER=0s")
		cmd.Stdout, cmd.Stderr = &stdout, tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close()
		var term bytes.Buffer
		done := make(chan struct{})
		go func() { term.ReadFrom(ptmx); close(done) }()
		err = cmd.Wait()
		<-done
		ptmx.Close()
		if err != nil {
			t.Fatalf("lakesql %v: %v", args, err)
		}
		if strings.Contains(term.String(), "%") {
			t.Errorf("lakesql %v drew on the terminal: %q", args, term.String())
		}
		if !strings.Contains(stdout.String(), "6 rows") {
			t.Errorf("lakesql %v: stdout %q", args, stdout.String())
		}
	}
}
