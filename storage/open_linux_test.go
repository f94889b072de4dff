package storage

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// OS.Open reads files and folders as os.Open does, and fails alike.
func TestOpenReadsAsOsOpen(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "part-0000.jsonl")
	want := []byte("{\"a\":1}\n{\"a\":2}\n")
	if err := os.WriteFile(p, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OS.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != string(want) || f.Name() != p {
		t.Errorf("read %q, %v from %s; want %q from %s", got, err, f.Name(), want, p)
	}
	if st, err := f.Stat(); err != nil || st.Size() != int64(len(want)) {
		t.Errorf("Stat: %v, %v", st, err)
	}
	if err := f.Close(); err != nil {
		t.Error(err)
	}
	// A folder opens too, and lists its entries.
	d, err := OS.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	names, err := d.(*os.File).Readdirnames(-1)
	d.Close()
	if err != nil || !slices.Equal(names, []string{"part-0000.jsonl"}) {
		t.Errorf("the folder's names: %q, %v", names, err)
	}
	// Errors are os.Open's: a *PathError of op "open", matching fs.ErrNotExist.
	_, err = OS.Open(filepath.Join(dir, "missing"))
	_, osErr := os.Open(filepath.Join(dir, "missing"))
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Op != "open" || err.Error() != osErr.Error() {
		t.Errorf("a missing file: %v, want %v", err, osErr)
	}
	if f, err := OS.Open(filepath.Join(dir, "missing")); f != nil || err == nil {
		t.Errorf("a missing file gave a File %v, %v", f, err)
	}
}

func BenchmarkOpenRead(b *testing.B) {
	p := filepath.Join(b.TempDir(), "part-0000.jsonl")
	if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, o := range []struct {
		name string
		open func(string) (io.Closer, error)
	}{
		{"os.Open", func(p string) (io.Closer, error) { return os.Open(p) }},
		{"OS.Open", func(p string) (io.Closer, error) { return OS.Open(p) }},
	} {
		b.Run(o.name, func(b *testing.B) {
			for range b.N {
				f, err := o.open(p)
				if err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}

// A named pipe opens as os.Open opens it: closing it ends a read that
// waits on it, which is how a canceled query stops a scan that waits for
// data.
func TestOpenPipeCloseEndsRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "part-0000.jsonl")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	opened := make(chan File, 1)
	go func() {
		f, err := OS.Open(p) // waits for the writer
		if err != nil {
			t.Error(err)
		}
		opened <- f
	}()
	w, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	f := <-opened
	if f == nil {
		return
	}
	read := make(chan error, 1)
	go func() {
		_, err := f.Read(make([]byte, 16))
		read <- err
	}()
	time.Sleep(50 * time.Millisecond) // the read waits on the pipe
	f.Close()
	select {
	case err := <-read:
		if err == nil {
			t.Error("a read of a closed pipe returned no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("closing the pipe did not end the read that waited on it")
	}
}
