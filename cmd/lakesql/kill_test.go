package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestKilledWhileSpilling: lakesql killed with SIGKILL in the middle of a
// query that has spilled (its scan blocked on a named pipe) leaves every
// lake as it was, and its spill folder is removed by the next lakesql
// that starts.
func TestKilledWhileSpilling(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lakesql as a process")
	}
	bin := binary(t)
	work, fifo := slowWork(t)
	before := regularFiles(t, work)
	tmp := t.TempDir()
	cmd := exec.Command(bin, "-d", work, "--no-init", "--memory-limit", "64KiB", "--temp-dir", tmp,
		"-c", "SELECT order_id, COUNT(*) AS n FROM slow GROUP BY order_id ORDER BY n DESC LIMIT 3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := openWriter(t, fifo)
	select {
	case <-w.opened:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("lakesql did not open the pipe")
	}
	// The files before the pipe were read: their groups went to disk.
	var spilled []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		spilled, _ = filepath.Glob(filepath.Join(tmp, "lakesql-spill-*", "*"))
		if len(spilled) > 0 {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if w.f != nil {
		w.f.Close()
	}
	<-w.done
	if len(spilled) == 0 {
		t.Fatal("no spill file while the query waited on the pipe")
	}
	after := regularFiles(t, work)
	for p, content := range before {
		if after[p] != content {
			t.Errorf("%s changed", p)
		}
	}
	if len(after) != len(before) {
		t.Errorf("the work folder had %d entries, now %d", len(before), len(after))
	}
	if dirs, _ := filepath.Glob(filepath.Join(tmp, "lakesql-spill-*")); len(dirs) != 1 {
		t.Fatalf("after the kill: spill folders %v, want the one left", dirs)
	}
	out, err := exec.Command(bin, "-d", work, "--no-init", "--temp-dir", tmp, "-c", "SHOW LAKES").CombinedOutput()
	if err != nil {
		t.Fatalf("the next lakesql: %v: %s", err, out)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("the next lakesql left %v in the temporary folder", ents)
	}
}

// regularFiles maps every regular file under dir (not the named pipe) to
// its content, and every folder to "<dir>".
func regularFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		switch {
		case d.IsDir():
			out[p] = "<dir>"
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = string(b)
		default:
			out[p] = "<other>"
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHugePageAdviceComesFirst: the heap's advice (package early) is
// given before the dependencies that allocate at their start, so that
// their memory is in the advised range: an import added to package
// hugepage that the runtime must initialize first (os, fmt,
// runtime/debug) would hold it back behind them, and this fails.
func TestHugePageAdviceComesFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lakesql as a process")
	}
	cmd := exec.Command(binary(t), "--help")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, _ := cmd.CombinedOutput()
	at := func(pkg string) int {
		for i, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "init "+pkg+" ") {
				return i
			}
		}
		t.Fatalf("no init of %s in:\n%s", pkg, out)
		return -1
	}
	early := at("github.com/lakesql/lakesql/internal/hugepage/early")
	for _, pkg := range []string{"github.com/olekukonko/tablewriter/pkg/twwidth", "github.com/olekukonko/errors", "github.com/xwb1989/sqlparser", "os"} {
		if at(pkg) < early {
			t.Errorf("%s is initialized before the advice", pkg)
		}
	}
}
