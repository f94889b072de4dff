//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// deadline bounds every wait for expected output; nothing here waits a
// fixed time.
const deadline = 10 * time.Second

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds lakesql once for the tests that run it as a process.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			binErr = err
			return
		}
		dir, err := os.MkdirTemp("", "lakesql-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "lakesql")
		out, err := exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("build lakesql: %v", binErr)
	}
	return binPath
}

// slowWork returns a copy of the test work folder with one more lake,
// slow, whose last data file is a named pipe: a scan of slow blocks on it
// until the writer returned by openWriter closes it.
func slowWork(t *testing.T) (work, fifo string) {
	t.Helper()
	work = filepath.Join(t.TempDir(), "work")
	copyDir(t, template(t), work)
	if _, stderr, code := lakesql(t, "", "-d", work, "-c", "CREATE LAKE slow FROM 'raw.jsonl' PARTITION BY (day)"); code != 0 {
		t.Fatalf("create lake slow: %s", stderr)
	}
	var m struct {
		Files []struct{ Path string } `json:"files"`
	}
	data, err := os.ReadFile(filepath.Join(work, "slow", "_manifest.json"))
	if err == nil {
		err = json.Unmarshal(data, &m)
	}
	if err != nil || len(m.Files) < 2 {
		t.Fatalf("read the manifest of slow: %v (%d files)", err, len(m.Files))
	}
	// The last file, so that completion, which samples the first, never
	// opens the pipe.
	fifo = filepath.Join(work, "slow", filepath.FromSlash(m.Files[len(m.Files)-1].Path))
	if err := os.Remove(fifo); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	return work, fifo
}

// pipeWriter opens a named pipe for writing in the background; opened is
// closed once lakesql has opened the pipe for reading: proof that the scan
// is under way.
type pipeWriter struct {
	opened chan struct{}
	done   chan struct{}
	f      *os.File
	err    error // why the open failed
}

func openWriter(t *testing.T, fifo string) *pipeWriter {
	t.Helper()
	w := &pipeWriter{opened: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			w.err = err
			return
		}
		w.f = f
		// Some rows, and a line left unfinished: the reader waits for more.
		f.WriteString(`{"order_id":"o-9","day":"2026-01-30","amount":1}` + "\n" + `{"order_id":"o-10",`)
		close(w.opened)
	}()
	t.Cleanup(func() {
		// Unblock the open if lakesql never came; then close the writer.
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			defer r.Close()
		}
		<-w.done
		if w.f != nil {
			w.f.Close()
		}
	})
	return w
}

// wait waits until lakesql has opened the pipe.
func (w *pipeWriter) wait(t *testing.T, what string) {
	t.Helper()
	select {
	case <-w.opened:
	case <-w.done:
		// The writer ends after it opened and wrote: select may see both.
		select {
		case <-w.opened:
			return
		default:
		}
		t.Fatalf("%s: opening the pipe failed: %v", what, w.err)
	case <-time.After(deadline):
		t.Fatalf("%s: lakesql did not open the pipe within %s", what, deadline)
	}
}

// term is the lakesql end of a pseudo-terminal, as a user sees it.
type term struct {
	t    *testing.T
	pty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	seen int // output before this offset has been matched
	more chan struct{}
}

func newTerm(t *testing.T, f *os.File) *term {
	tm := &term{t: t, pty: f, more: make(chan struct{}, 1)}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			select {
			case tm.more <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return tm
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := tm.pty.WriteString(s); err != nil {
		tm.t.Fatalf("type %q: %v", s, err)
	}
}

// expect waits until the output after the last match matches re, and
// returns the match.
func (tm *term) expect(re string) string {
	tm.t.Helper()
	rx := regexp.MustCompile(re)
	timeout := time.After(deadline)
	for {
		tm.mu.Lock()
		rest := tm.out.Bytes()[tm.seen:]
		if loc := rx.FindIndex(rest); loc != nil {
			tm.seen += loc[1]
			tm.mu.Unlock()
			return string(rest[loc[0]:loc[1]])
		}
		tail := string(rest)
		tm.mu.Unlock()
		select {
		case <-tm.more:
		case <-timeout:
			tm.t.Fatalf("no %q within %s; the terminal shows since the last match:\n%q", re, deadline, tail)
		}
	}
}

// TestREPL drives lakesql in a terminal the way a person does: a query
// over two lines, Tab completion, Ctrl-C while typing and while a query
// runs, history, Ctrl-D.
func TestREPL(t *testing.T) {
	bin := binary(t)
	work, fifo := slowWork(t)
	home := t.TempDir()
	cmd := exec.Command(bin, "-d", work)
	cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
	tm, exited := startPTY(t, cmd, 200)
	tm.expect(`Type \.help for help`)
	tm.expect(`lakesql> `)

	// A statement over two lines runs when the second completes it.
	tm.send("SELECT COUNT(*)\r")
	tm.expect(`   \.\.\.> `)
	tm.send(" FROM orders;\r")
	tm.expect(`│ count_star\(\) │`)
	tm.expect(`│\s+5000 │`)
	tm.expect(`1 row`)
	tm.expect(`lakesql> `)

	// Tab completes a keyword in the case typed, a lake after FROM and a
	// field of the lake named; the statement runs only if all three did.
	tm.send("sel\tCOUNT(*) AS nulls fr\tmi\tWHERE am\tIS NULL;\r")
	tm.expect(`select COUNT\(\*\) AS nulls from misc WHERE amount IS NULL;`)
	tm.expect(`│ nulls │`)
	tm.expect(`│\s+2 │`)
	tm.expect(`lakesql> `)

	// Ctrl-C while typing drops the pending statement.
	tm.send("SELECT\r")
	tm.expect(`   \.\.\.> `)
	tm.send("\x03")
	tm.expect(`lakesql> `)
	tm.send("SELECT COUNT(*) AS fresh FROM misc;\r")
	tm.expect(`│ fresh │`)
	tm.expect(`│\s+6 │`)
	tm.expect(`lakesql> `)

	// Ctrl-C while a query runs cancels it. The scan of slow blocks on the
	// pipe; once lakesql has opened it, the query is surely running.
	writer := openWriter(t, fifo)
	tm.send("SELECT COUNT(amount) FROM slow;\r")
	writer.wait(t, "SELECT COUNT(amount) FROM slow")
	tm.send("\x03")
	tm.expect(`canceled`)
	tm.expect(`lakesql> `)

	// The shell goes on after an error.
	tm.send("SELECT * FROM nope;\r")
	tm.expect(`error: unknown lake "nope" \(lakes: misc, orders, orders_fine, slow\)`)
	tm.expect(`lakesql> `)
	tm.send(".mode csv\r")
	tm.expect(`lakesql> `)
	tm.send("SELECT COUNT(*) AS after FROM misc;\r")
	tm.expect(`after\r?\n6\r?\n`)
	tm.expect(`lakesql> `)

	// Ctrl-D on an empty line leaves, with status 0.
	tm.send("\x04")
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("lakesql exited with %v, want status 0", err)
		}
	case <-time.After(deadline):
		t.Fatalf("lakesql did not leave on Ctrl-D within %s", deadline)
	}

	if os.Getenv("LAKESQL_SHOW_PTY") != "" {
		t.Logf("terminal:\n%s", tm.out.String())
	}
	// Each statement is in the history once, whole, on one line; the
	// statement dropped with Ctrl-C is not.
	data, err := os.ReadFile(filepath.Join(home, ".lakesql_history"))
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	want := []string{
		"SELECT COUNT(*) FROM orders;",
		"select COUNT(*) AS nulls from misc WHERE amount IS NULL;",
		"SELECT COUNT(*) AS fresh FROM misc;",
		"SELECT COUNT(amount) FROM slow;",
		"SELECT * FROM nope;",
		".mode csv",
		"SELECT COUNT(*) AS after FROM misc;",
	}
	if got := strings.Split(strings.TrimSpace(string(data)), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("history:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestScriptCancel: Ctrl-C (SIGINT) while a script's query runs stops the
// query and the script, with status 130 and the statement's line.
func TestScriptCancel(t *testing.T) {
	bin := binary(t)
	work, fifo := slowWork(t)
	writer := openWriter(t, fifo)
	cmd := exec.Command(bin, "-d", work)
	cmd.Stdin = strings.NewReader("SELECT COUNT(*) AS n FROM misc;\nSELECT COUNT(amount) FROM slow;\nSELECT COUNT(*) AS never FROM misc;\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	writer.wait(t, "the script")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			t.Errorf("exit %v, want status 130", err)
		}
	case <-time.After(deadline):
		cmd.Process.Kill()
		t.Fatalf("lakesql did not stop within %s of SIGINT", deadline)
	}
	if want := "lakesql: line 2: canceled\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if !strings.Contains(stdout.String(), "│ n │") || strings.Contains(stdout.String(), "never") {
		t.Errorf("stdout %q, want the first result and not the third", stdout.String())
	}
}

// startPTY starts cmd in a pseudo-terminal of 50 rows and cols columns
// (the test is skipped where there is none) and returns its terminal and
// where cmd's exit arrives; at the test's end the terminal is closed and
// cmd killed if it still runs.
func startPTY(t *testing.T, cmd *exec.Cmd, cols uint16) (*term, <-chan error) {
	t.Helper()
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: cols})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
		f.Close()
	})
	return newTerm(t, f), exited
}
