package storage

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestRawReader: a regular file read through RawReader gives its bytes,
// whatever the buffer, from the file's offset (a Seek before), then
// io.EOF; a read after Close fails; and a Close while reads go on in
// another goroutine never lets them read another file opened after it
// (which may take the same descriptor).
func TestRawReader(t *testing.T) {
	dir := t.TempDir()
	want := bytes.Repeat([]byte("0123456789abcdef\n"), 50000)
	pa := filepath.Join(dir, "a")
	if err := os.WriteFile(pa, want, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{1, 7, 4096, 256 << 10, 2 << 20} {
		f, err := openRead(pa)
		if err != nil {
			t.Fatal(err)
		}
		r := RawReader(f)
		var got []byte
		buf := make([]byte, size)
		for {
			n, err := r.Read(buf)
			got = append(got, buf[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("buffer %d: %v", size, err)
			}
			if size > 4096 && n == 0 {
				t.Fatalf("buffer %d: no progress", size)
			}
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("buffer %d: %d bytes read, want the file's %d", size, len(got), len(want))
		}
		if _, err := f.Seek(170, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if n, err := r.Read(buf[:min(size, 17)]); err != nil || !bytes.Equal(buf[:n], want[170:170+n]) {
			t.Fatalf("buffer %d, after a Seek: %q, %v", size, buf[:n], err)
		}
		f.Close()
		if n, err := r.Read(buf); err == nil || n != 0 {
			t.Fatalf("buffer %d: a read after Close gave %d bytes, %v", size, n, err)
		}
	}
	pb := filepath.Join(dir, "b")
	if err := os.WriteFile(pb, bytes.Repeat([]byte("X"), len(want)), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 200 {
		f, err := openRead(pa)
		if err != nil {
			t.Fatal(err)
		}
		r := RawReader(f)
		var wg sync.WaitGroup
		var bad error
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 64)
			for {
				n, err := r.Read(buf)
				if bytes.IndexByte(buf[:n], 'X') >= 0 {
					bad = errors.New("read the other file's bytes")
					return
				}
				if err != nil {
					return
				}
			}
		}()
		f.Close()
		other, err := openRead(pb)
		if err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		other.Close()
		if bad != nil {
			t.Fatal(bad)
		}
	}
}
