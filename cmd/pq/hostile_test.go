package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/lakesql/lakesql/storage"
)

// runPQPeak runs pq (this test binary, which TestMain turns into pq when it is
// called by that name) and returns its output, exit status and peak
// resident memory in bytes.
func runPQPeak(t *testing.T, args ...string) (stdout, stderr string, code int, peak int64) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	cmd := &exec.Cmd{Path: exe, Args: append([]string{"pq"}, args...), Stdout: &out, Stderr: &errb}
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = int64(ru.Maxrss) << 10 // kilobytes on Linux
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode(), peak
}

// hostileDirHash lists every entry under root with the hash of each file, but
// for the names skipped.
func hostileDirHash(t *testing.T, root string, skip ...string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, s := range skip {
			if rel == s {
				return nil
			}
		}
		if d.IsDir() {
			fmt.Fprintf(&b, "%s/\n", rel)
			return nil
		}
		data, err := os.ReadFile(p)
		fmt.Fprintf(&b, "%s %x\n", rel, sha256.Sum256(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hostileLongRaw writes raw.jsonl: a short row, a row of n bytes, a short
// row, without holding the long row in memory.
func hostileLongRaw(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	head, tail := `{"p":"a","s":"`, `"}`
	fmt.Fprintf(w, "%s\n%s", `{"p":"a","amount":1}`, head)
	chunk := bytes.Repeat([]byte("x"), 1<<20)
	for left := n - len(head) - len(tail); left > 0; left -= len(chunk) {
		w.Write(chunk[:min(left, len(chunk))])
	}
	fmt.Fprintf(w, "%s\n%s\n", tail, `{"p":"b","amount":3}`)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != int64(n+len(`{"p":"a","amount":1}`)+len(`{"p":"b","amount":3}`)+3) {
		t.Fatalf("raw.jsonl: %v, %v", st.Size(), err)
	}
}

// TestHostileLongLine: a raw line one byte over storage.MaxLineBytes (64
// MiB), and one of 100 MB, each fail pq write with exit 1 and a message
// naming raw.jsonl and line 2, leave the existing lake and the work folder
// as they were, and peak at well under four times the limit in memory: the
// line is never held past the limit.
func TestHostileLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100 MB")
	}
	work := t.TempDir()
	raw := filepath.Join(work, "raw.jsonl")
	if err := os.WriteFile(raw, []byte(`{"p":"a","amount":1}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code, _ := runPQPeak(t, "write", work, "--lake=l", "--key=p"); code != 0 {
		t.Fatalf("write: exit %d, %s", code, stderr)
	}
	before := hostileDirHash(t, work, "raw.jsonl")
	for _, n := range []int{storage.MaxLineBytes + 1, 100 << 20} {
		hostileLongRaw(t, raw, n)
		stdout, stderr, code, peak := runPQPeak(t, "write", work, "--lake=l", "--key=p")
		msg := raw + " line 2: line too long: over 67108864 bytes (64 MiB), the most one row may have"
		if code != 1 || stdout != `{"error":"`+msg+`"}`+"\n" || stderr != "pq: "+msg+"\n" {
			t.Errorf("line of %d bytes: exit %d, stdout %q, stderr %q; want 1 and %q", n, code, stdout, stderr, msg)
		}
		t.Logf("line of %d bytes: peak resident memory %d MiB", n, peak>>20)
		if runtime.GOOS == "linux" && peak > 4*storage.MaxLineBytes {
			t.Errorf("line of %d bytes: peak resident memory %d MiB, want under %d MiB", n, peak>>20, 4*storage.MaxLineBytes>>20)
		}
		if after := hostileDirHash(t, work, "raw.jsonl"); after != before {
			t.Errorf("line of %d bytes: the work folder changed:\n%s\nwas\n%s", n, after, before)
		}
	}
	stdout, _, _, _ := runPQPeak(t, "query", work, "--lake=l", "--where=p=a")
	if want := `{"lake":"l","via":"manifest","files_total":1,"files_scanned":1,"rows":1,"amount":1}` + "\n"; stdout != want {
		t.Errorf("query: got %q, want %q", stdout, want)
	}
}
