package spill

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// records writes n records to w and returns them.
func records(t *testing.T, w *Writer, n int, tag string) [][]byte {
	t.Helper()
	var recs [][]byte
	for i := range n {
		rec := []byte(fmt.Sprintf("%s-%d-%s", tag, i, strings.Repeat("x", i%37)))
		recs = append(recs, rec)
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	return recs
}

func readAll(t *testing.T, r *Reader, want [][]byte) {
	t.Helper()
	for i, rec := range want {
		got, err := r.Next()
		if err != nil || !bytes.Equal(got, rec) {
			t.Fatalf("record %d: %q, %v; want %q", i, got, err, rec)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last record: %v, want EOF", err)
	}
}

// TestFilesInMemory: files that fit the folder's room stay in memory (no
// folder is made), read back as written, again for Reread; one that
// passes the room goes to disk with every record it held, and the room
// taken is given back as files are read, discarded or moved to disk.
func TestFilesInMemory(t *testing.T) {
	parent := t.TempDir()
	d := New(nil, parent)
	d.SetMemory(64 << 10)
	a, _ := d.Create()
	ra := records(t, a, 500, "a") // about 12 KB
	b, _ := d.Create()
	rb := records(t, b, 300, "b")
	if d.Path() != "" || d.held.Load() == 0 {
		t.Fatalf("folder %q, held %d: want none made, room taken", d.Path(), d.held.Load())
	}
	r, err := b.Reread()
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, r, rb)
	r.Close()
	r, _ = b.Open() // read again, then gone
	readAll(t, r, rb)
	r.Close()
	// c passes the room: to disk, with what it held first.
	c, _ := d.Create()
	rc := records(t, c, 5000, "c")
	if d.Path() == "" || c.mem.on {
		t.Fatal("a file past the room is still in memory")
	}
	r, err = c.Open()
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, r, rc)
	r.Close()
	r, _ = a.Open()
	readAll(t, r, ra)
	r.Close()
	if h := d.held.Load(); h != 0 {
		t.Fatalf("held %d after every file was read: want 0", h)
	}
	e, _ := d.Create()
	records(t, e, 10, "e")
	e.Discard()
	if h := d.held.Load(); h != 0 {
		t.Fatalf("held %d after a discard: want 0", h)
	}
	if _, files := d.Written(); files != 1 {
		t.Fatalf("%d files on disk, want 1", files)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(parent); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}

// TestTextInMemory: a text file in memory reads back whole, from any
// offset, as often as asked; past the room it is a file on disk with the
// same text.
func TestTextInMemory(t *testing.T) {
	for _, room := range []int64{1 << 20, 20 << 10, 0} {
		d := New(nil, t.TempDir())
		d.SetMemory(room)
		f, err := d.CreateText()
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		for i := range 2000 {
			line := fmt.Sprintf(`{"n":%d}`+"\n", i)
			want.WriteString(line)
			if _, err := f.Write([]byte(line)); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if onDisk := f.Path() != ""; onDisk != (room < int64(want.Len())) {
			t.Fatalf("room %d: on disk %v for %d bytes", room, onDisk, want.Len())
		}
		for range 2 {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(r)
			if !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("room %d: the text read back differs", room)
			}
			if _, err := r.(io.Seeker).Seek(100, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			rest, _ := io.ReadAll(r)
			if !bytes.Equal(rest, want.Bytes()[100:]) {
				t.Fatalf("room %d: the text from 100 differs", room)
			}
			r.Close()
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
