// Package spill holds the temporary files of the operators whose state
// outgrows the query's memory budget: a folder per query under the
// temporary folder ($TMPDIR or --temp-dir), never inside a lake, removed
// when the query ends (success, error or Ctrl-C), and the folders of a
// killed process removed by the next one that starts (Sweep).
//
// A spill file is a sequence of records, each a uvarint length and its
// bytes, written through a buffer and read back once, in order.
package spill

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/storage"
)

// prefix starts the name of every spill folder: prefix + pid + "-" + n.
const prefix = "lakesql-spill-"

// folders numbers the spill folders this process makes.
var folders atomic.Int64

// ErrCorrupt reports a spill file that does not read back as it was
// written (cut short, or changed underneath).
var ErrCorrupt = errors.New("spill file damaged")

// Dir is one query's spill folder, made at its first file.
type Dir struct {
	fs     storage.FS
	parent string

	mu      sync.Mutex
	path    string // "" until the first file
	n       int
	written int64
	files   int
}

// New returns the spill folder of a query under parent ("" is
// os.TempDir()); nothing is made on disk until a file is.
func New(fsys storage.FS, parent string) *Dir {
	if fsys == nil {
		fsys = storage.OS
	}
	if parent == "" {
		parent = os.TempDir()
	}
	return &Dir{fs: fsys, parent: parent}
}

// Path is the folder, "" when no file was made.
func (d *Dir) Path() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.path
}

// Written is the number of bytes written to the folder's files so far, and
// Files the number of files made.
func (d *Dir) Written() (bytes int64, files int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.written, d.files
}

func (d *Dir) wrap(err error) error {
	where := d.path
	if where == "" {
		where = d.parent
	}
	return fmt.Errorf("spilling to %s: %w", where, err)
}

// Create makes a new spill file.
func (d *Dir) Create() (*Writer, error) {
	f, name, err := d.CreateFile()
	if err != nil {
		return nil, err
	}
	return &Writer{d: d, f: f, name: name, w: bufio.NewWriterSize(f, 32<<10)}, nil
}

// CreateFile makes a new file in the folder, for text of the caller's own
// (not records), and returns it with its path; Close removes it with the
// folder.
func (d *Dir) CreateFile() (storage.File, string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.path == "" {
		// The pid lets Sweep tell a live process's folder from a dead
		// one's; the number, two queries of one process apart.
		// Whatever is there is stale: a dead process's that had this pid.
		p := filepath.Join(d.parent, fmt.Sprintf("%s%d-%d", prefix, os.Getpid(), folders.Add(1)))
		if err := d.fs.RemoveAll(p); err != nil {
			return nil, "", d.wrap(err)
		}
		if err := d.fs.MkdirAll(p); err != nil {
			return nil, "", d.wrap(err)
		}
		d.path = p
	}
	d.n++
	name := filepath.Join(d.path, fmt.Sprintf("%06d", d.n))
	f, err := d.fs.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL)
	if err != nil {
		return nil, "", d.wrap(err)
	}
	d.files++
	return f, name, nil
}

// Close removes the folder and everything in it.
func (d *Dir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.path == "" {
		return nil
	}
	err := d.fs.RemoveAll(d.path)
	d.path = ""
	if err != nil {
		return d.wrap(err)
	}
	return nil
}

// Writer appends records to a spill file.
type Writer struct {
	d    *Dir
	f    storage.File
	name string
	w    *bufio.Writer
	n    int64
	recs int64
	err  error
	hdr  [binary.MaxVarintLen64]byte
}

// Write appends one record.
func (w *Writer) Write(rec []byte) error {
	if w.err != nil {
		return w.err
	}
	k := binary.PutUvarint(w.hdr[:], uint64(len(rec)))
	if _, err := w.w.Write(w.hdr[:k]); err != nil {
		w.err = w.d.wrap(err)
		return w.err
	}
	if _, err := w.w.Write(rec); err != nil {
		w.err = w.d.wrap(err)
		return w.err
	}
	w.n += int64(k + len(rec))
	w.recs++
	return nil
}

// Size is the number of bytes written so far.
func (w *Writer) Size() int64 { return w.n }

// Records is the number of records written so far.
func (w *Writer) Records() int64 { return w.recs }

// Finish flushes and closes the file; it is read back with Open.
func (w *Writer) Finish() error {
	if w.f == nil {
		return w.err
	}
	err := w.err
	if err == nil {
		if ferr := w.w.Flush(); ferr != nil {
			err = w.d.wrap(ferr)
		}
	}
	if cerr := w.f.Close(); err == nil && cerr != nil {
		err = w.d.wrap(cerr)
	}
	w.f, w.w = nil, nil
	w.d.mu.Lock()
	w.d.written += w.n
	w.d.mu.Unlock()
	w.err = err
	return err
}

// Open reads the finished file's records back; the file is removed when
// the reader is closed.
func (w *Writer) Open() (*Reader, error) {
	if err := w.Finish(); err != nil {
		return nil, err
	}
	f, err := w.d.fs.Open(w.name)
	if err != nil {
		return nil, w.d.wrap(err)
	}
	return &Reader{d: w.d, f: f, name: w.name, r: bufio.NewReaderSize(f, 32<<10)}, nil
}

// Reread is Open for a file read more than once: closing the reader
// leaves the file, which Discard (or a last Open's reader) removes.
func (w *Writer) Reread() (*Reader, error) {
	r, err := w.Open()
	if r != nil {
		r.keep = true
	}
	return r, err
}

// Discard closes and removes the file unread.
func (w *Writer) Discard() {
	if w.f != nil {
		w.f.Close()
		w.f, w.w = nil, nil
	}
	w.d.fs.Remove(w.name)
}

// Reader reads a spill file's records in order.
type Reader struct {
	d    *Dir
	f    storage.File
	name string
	r    *bufio.Reader
	buf  []byte
	keep bool // Close leaves the file (Reread)
}

// Next returns the next record (valid until the next call), or io.EOF
// after the last.
func (r *Reader) Next() ([]byte, error) {
	n, err := binary.ReadUvarint(r.r)
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil || n > 1<<31 {
		return nil, r.corrupt(err)
	}
	if uint64(cap(r.buf)) < n {
		r.buf = make([]byte, n)
	}
	r.buf = r.buf[:n]
	if _, err := io.ReadFull(r.r, r.buf); err != nil {
		return nil, r.corrupt(err)
	}
	return r.buf, nil
}

func (r *Reader) corrupt(err error) error {
	if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
		err = ErrCorrupt
	} else {
		err = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return fmt.Errorf("reading %s: %w", r.name, err)
}

// Close closes and removes the file (closes only, for Reread).
func (r *Reader) Close() error {
	err := r.f.Close()
	if r.keep {
		if err != nil {
			return r.d.wrap(err)
		}
		return nil
	}
	if rerr := r.d.fs.Remove(r.name); err == nil {
		err = rerr
	}
	if err != nil {
		return r.d.wrap(err)
	}
	return nil
}

// Sweep removes from parent ("" is os.TempDir()) the spill folders of
// processes that are no longer running: what a killed lakesql or pq left.
// It is quiet: a folder it cannot remove stays for the next one.
func Sweep(parent string) {
	if parent == "" {
		parent = os.TempDir()
	}
	ents, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || alive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(parent, e.Name()))
	}
}
