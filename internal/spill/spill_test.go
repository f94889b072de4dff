package spill

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

func TestRecordsRoundTrip(t *testing.T) {
	parent := t.TempDir()
	d := New(nil, parent)
	if d.Path() != "" {
		t.Fatal("a folder before the first file")
	}
	w, err := d.Create()
	if err != nil {
		t.Fatal(err)
	}
	var want [][]byte
	for i := range 3000 {
		rec := []byte(strings.Repeat(strconv.Itoa(i), i%97))
		want = append(want, rec)
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.HasPrefix(d.Path(), filepath.Join(parent, prefix+strconv.Itoa(os.Getpid())+"-")) {
		t.Fatalf("folder %q", d.Path())
	}
	r, err := w.Open()
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range want {
		got, err := r.Next()
		if err != nil || string(got) != string(rec) {
			t.Fatalf("record %d: %q, %v; want %q", i, got, err, rec)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last record: %v, want EOF", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if b, files := d.Written(); files != 1 || b < 3000 {
		t.Errorf("Written() = %d, %d", b, files)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(parent); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}

func TestCutFileIsCorrupt(t *testing.T) {
	d := New(nil, t.TempDir())
	defer d.Close()
	w, _ := d.Create()
	w.Write([]byte("hello world"))
	w.Finish()
	if err := os.Truncate(w.name, 5); err != nil {
		t.Fatal(err)
	}
	r, err := w.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Next(); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), w.name) {
		t.Fatalf("a cut record: %v, want ErrCorrupt naming the file", err)
	}
}

// TestFullDisk: a write that fails (ENOSPC from the fault-injecting file
// system) is an error naming the spill folder, and Close leaves nothing.
func TestFullDisk(t *testing.T) {
	for at := 1; at <= 6; at++ {
		t.Run(fmt.Sprint(at), func(t *testing.T) {
			parent := t.TempDir()
			fs := storagetest.NewFaultFS(storage.OS, at)
			d := New(fs, parent)
			var err error
			for i := 0; i < 3 && err == nil; i++ {
				var w *Writer
				if w, err = d.Create(); err != nil {
					break
				}
				for j := 0; j < 5000 && err == nil; j++ {
					err = w.Write(make([]byte, 100))
				}
				if err == nil {
					err = w.Finish()
				}
			}
			if fs.Count() >= at && err == nil {
				t.Fatalf("no error with operation %d failing (%v)", at, fs.Ops())
			}
			if err != nil && (!errors.Is(err, storagetest.ErrInjected) || !strings.Contains(err.Error(), "spilling to "+parent)) {
				t.Fatalf("error %v: want the injected one, naming the folder", err)
			}
			d.Close()
			if ents, _ := os.ReadDir(parent); len(ents) != 0 {
				t.Errorf("left %v", ents)
			}
		})
	}
}

func TestSweepRemovesTheDeadsFolders(t *testing.T) {
	parent := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true:", err)
	}
	dead := filepath.Join(parent, prefix+strconv.Itoa(cmd.Process.Pid)+"-abcdef")
	mine := filepath.Join(parent, prefix+strconv.Itoa(os.Getpid())+"-abcdef")
	other := filepath.Join(parent, "lakesql-spill-notapid")
	for _, p := range []string{dead, mine, other} {
		if err := os.MkdirAll(filepath.Join(p, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	Sweep(parent)
	for p, keep := range map[string]bool{dead: false, mine: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != keep {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, keep)
		}
	}
}
