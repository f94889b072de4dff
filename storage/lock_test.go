package storage

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

func TestLockExcludes(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".lock~x")
	a, err := LockFile(p, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockFile(p, 20*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("second lock while the first is held: %v, want ErrLocked", err)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("lock file left after Unlock: %v", err)
	}
	b, err := LockFile(p, 20*time.Millisecond)
	if err != nil {
		t.Fatalf("lock after Unlock: %v", err)
	}
	b.Unlock()
}

// TestLockCounter has goroutines increment a number in a file under the
// lock; a lost update shows a lock that let two holders in at once, for
// example a waiter that locked a file its holder had just removed.
func TestLockCounter(t *testing.T) {
	dir := t.TempDir()
	p, counter := filepath.Join(dir, ".lock~x"), filepath.Join(dir, "n")
	if err := os.WriteFile(counter, []byte("0"), 0o644); err != nil {
		t.Fatal(err)
	}
	const workers, rounds = 8, 40
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range rounds {
				l, err := LockFile(p, 10*time.Second)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := os.ReadFile(counter)
				n, _ := strconv.Atoi(string(b))
				os.WriteFile(counter, []byte(strconv.Itoa(n+1)), 0o644)
				if err := l.Unlock(); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	b, _ := os.ReadFile(counter)
	if string(b) != strconv.Itoa(workers*rounds) {
		t.Fatalf("counter %s, want %d: two holders at once", b, workers*rounds)
	}
}

// TestLockDiesWithProcess locks in a child process, kills it with SIGKILL
// and takes the lock at once.
func TestLockDiesWithProcess(t *testing.T) {
	if p := os.Getenv("LAKESQL_LOCK_CHILD"); p != "" {
		if _, err := LockFile(p, time.Second); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("locked\n")
		time.Sleep(time.Minute)
		return
	}
	p := filepath.Join(t.TempDir(), ".lock~x")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockDiesWithProcess$")
	cmd.Env = append(os.Environ(), "LAKESQL_LOCK_CHILD="+p)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 7)
	if _, err := out.Read(buf); err != nil || string(buf) != "locked\n" {
		t.Fatalf("child: %q, %v", buf, err)
	}
	if _, err := LockFile(p, 20*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("lock held by a live child: %v, want ErrLocked", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := LockFile(p, time.Second)
	if err != nil {
		t.Fatalf("lock after the holder was killed: %v", err)
	}
	l.Unlock()
}
