//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestNoHistoryInScripts: -c, -f and a pipe on stdin never write
// ~/.lakesql_history, nor does -c with a terminal on stdin; only the
// interactive shell keeps history (TestREPL).
func TestNoHistoryInScripts(t *testing.T) {
	bin := binary(t)
	work := template(t)
	file := filepath.Join(t.TempDir(), "f.sql")
	if err := os.WriteFile(file, []byte("SELECT COUNT(*) FROM misc;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		args  []string
		stdin string
	}{
		"-c":    {[]string{"-c", "SELECT COUNT(*) FROM misc"}, ""},
		"-f":    {[]string{"-f", file}, ""},
		"stdin": {nil, "SELECT COUNT(*) FROM misc;\n.mode csv\n"},
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			cmd := exec.Command(bin, append([]string{"-d", work}, c.args...)...)
			cmd.Env = append(os.Environ(), "HOME="+home)
			cmd.Stdin = strings.NewReader(c.stdin)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if _, err := os.Stat(filepath.Join(home, ".lakesql_history")); !os.IsNotExist(err) {
				t.Errorf("a script wrote ~/.lakesql_history (stat: %v)", err)
			}
		})
	}

	t.Run("-c on a terminal", func(t *testing.T) {
		home := t.TempDir()
		cmd := exec.Command(bin, "-d", work, "-c", "SELECT COUNT(*) AS n FROM misc")
		cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
		f, err := pty.Start(cmd)
		if err != nil {
			t.Skipf("no pseudo-terminal here: %v", err)
		}
		defer f.Close()
		tm := newTerm(t, f)
		tm.expect(`│ n │`)
		waitExit(t, cmd)
		if _, err := os.Stat(filepath.Join(home, ".lakesql_history")); !os.IsNotExist(err) {
			t.Errorf("-c on a terminal wrote ~/.lakesql_history (stat: %v)", err)
		}
		if out := tm.text(); strings.Contains(out, "lakesql> ") {
			t.Errorf("-c on a terminal started the shell:\n%s", out)
		}
	})
}

// waitExit waits for a command started on a pty to exit with status 0.
func waitExit(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("lakesql exited with %v, want status 0", err)
		}
	case <-time.After(deadline):
		cmd.Process.Kill()
		t.Fatalf("lakesql did not exit within %s", deadline)
	}
}

// TestREPLRunsRC: the interactive shell runs ~/.lakesqlrc before its
// first prompt (a failing line is reported with the file and line, and the
// rest runs), and not with --no-init; the rc file's lines are not history.
func TestREPLRunsRC(t *testing.T) {
	bin := binary(t)
	work := template(t)
	home := t.TempDir()
	rc := filepath.Join(home, ".lakesqlrc")
	if err := os.WriteFile(rc, []byte(".mode csv\n.nope\n.timer on\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	start := func(args ...string) (*term, *exec.Cmd) {
		cmd := exec.Command(bin, append([]string{"-d", work}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
		f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 200})
		if err != nil {
			t.Skipf("no pseudo-terminal here: %v", err)
		}
		t.Cleanup(func() {
			f.Close()
			if cmd.ProcessState == nil {
				cmd.Process.Kill()
			}
		})
		return newTerm(t, f), cmd
	}

	tm, cmd := start()
	tm.expect(`lakesql: ` + regexp.QuoteMeta(rc) + `: line 2: unknown dot command \.nope`)
	tm.expect(`Type \.help for help`)
	tm.expect(`lakesql> `)
	tm.send("SELECT COUNT(*) AS n FROM misc;\r")
	tm.expect(`n\r?\n6\r?\n`)
	tm.expect(`Time: \d+\.\d{3} ms`)
	tm.expect(`lakesql> `)
	tm.send(".quit\r")
	waitExit(t, cmd)

	data, err := os.ReadFile(filepath.Join(home, ".lakesql_history"))
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	if got, want := strings.TrimSpace(string(data)), "SELECT COUNT(*) AS n FROM misc;\n.quit"; got != want {
		t.Errorf("history %q, want %q (the rc file's lines are not typed)", got, want)
	}

	tm, cmd = start("--no-init")
	tm.expect(`lakesql> `)
	tm.send("SELECT COUNT(*) AS n FROM misc;\r")
	tm.expect(`│ n │`)
	tm.expect(`lakesql> `)
	tm.send("\x04")
	waitExit(t, cmd)
	if out := tm.text(); strings.Contains(out, ".nope") {
		t.Errorf("--no-init ran the rc file:\n%s", out)
	}
}

// text returns all the terminal has shown.
func (tm *term) text() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}
