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
	"bytes"
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

	// room is what its files may hold in memory together (SetMemory),
	// held what they hold: see memory.
	room int64
	held atomic.Int64
}

// SetMemory lets the folder's files hold up to n bytes in memory,
// together, before any is made on disk (0, the default: none).
//
// A join's sides and a derived table go to files so that they need not
// fit in memory; most are small, and making, writing, reading and
// removing a file (and its folder) cost about 2 ms a query on ext4 here
// (TPC-H Q13 at SF 0.1: its temporary folder on tmpfs took 52.9 ms
// against 55.9, medians of 25). A file that would pass the room goes to
// disk, with what it held, and gives the room back.
func (d *Dir) SetMemory(n int64) { d.room = n }

// holdStep is how much room a file in memory takes at a time.
const holdStep = 16 << 10

// hold takes n more bytes of the folder's room, if they fit.
func (d *Dir) hold(n int64) bool {
	for {
		h := d.held.Load()
		if h+n > d.room {
			return false
		}
		if d.held.CompareAndSwap(h, h+n) {
			return true
		}
	}
}

func (d *Dir) release(n int64) { d.held.Add(-n) }

// memory is a file's bytes while they are held in memory: its room taken
// (reserved) and its text, the records or a derived table's lines.
type memory struct {
	d        *Dir
	buf      []byte
	reserved int64
	on       bool // the file is in memory (not made on disk)
}

// file is a spill file's bytes: in memory (mem.on) while the folder's
// room holds them (SetMemory), else in the file f on disk, named name.
type file struct {
	d    *Dir
	f    storage.File
	name string
	mem  memory
}

// newFile is a new file, in memory when the folder has room for files
// there, else not yet made (toDisk).
func (d *Dir) newFile() file {
	return file{d: d, name: "a temporary file in memory", mem: memory{d: d, on: d.room > 0}}
}

// toDisk makes the file on disk, with what it held in memory.
func (x *file) toDisk() error {
	f, name, err := x.d.CreateFile()
	if err != nil {
		return err
	}
	x.f, x.name = f, name
	return x.mem.moveTo(f)
}

// add appends p when the room allows; false, having appended nothing,
// when the file must go to disk.
func (m *memory) add(p ...[]byte) bool {
	n := 0
	for _, b := range p {
		n += len(b)
	}
	if need := int64(len(m.buf)+n) - m.reserved; need > 0 {
		step := max(need, holdStep)
		if !m.d.hold(step) {
			return false
		}
		m.reserved += step
	}
	for _, b := range p {
		m.buf = append(m.buf, b...)
	}
	return true
}

// moveTo writes what the file held in memory, if it was there, to w (its
// file on disk from now on) and gives the room back.
func (m *memory) moveTo(w io.Writer) error {
	if !m.on {
		return nil
	}
	_, err := w.Write(m.buf)
	m.drop()
	if err != nil {
		return m.d.wrap(err)
	}
	return nil
}

// drop gives the room back and the bytes up.
func (m *memory) drop() {
	m.d.release(m.reserved)
	m.buf, m.reserved, m.on = nil, 0, false
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

// Create makes a new spill file: in memory while the folder's room
// holds it (SetMemory), else on disk.
func (d *Dir) Create() (*Writer, error) {
	w := &Writer{file: d.newFile()}
	if w.mem.on {
		return w, nil
	}
	return w, w.toDisk()
}

// toDisk makes the writer's file on disk, with what it held in memory,
// and writes to it from then on.
func (w *Writer) toDisk() error {
	if err := w.file.toDisk(); err != nil {
		return err
	}
	w.w = bufio.NewWriterSize(w.f, 32<<10)
	return nil
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
	file
	w    *bufio.Writer // on disk
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
	if w.mem.on {
		if w.mem.add(w.hdr[:k], rec) {
			w.n += int64(k + len(rec))
			w.recs++
			return nil
		}
		if err := w.toDisk(); err != nil {
			w.err = err
			return err
		}
	}
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
	if w.mem.on {
		return &Reader{d: w.d, name: w.name, mem: &w.mem}, nil
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
	if w.mem.on {
		w.mem.drop()
		return
	}
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
	mem  *memory // the file, when it is in memory; read from off
	off  int
	buf  []byte
	keep bool // Close leaves the file (Reread)
}

// Next returns the next record (valid until the next call), or io.EOF
// after the last.
func (r *Reader) Next() ([]byte, error) {
	if r.mem != nil {
		return r.nextInMemory()
	}
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

// nextInMemory is Next of a file in memory. The record is a copy, as
// from a file: the file's bytes stay as they were for a reader after
// this one (Reread).
func (r *Reader) nextInMemory() ([]byte, error) {
	b := r.mem.buf[r.off:]
	if len(b) == 0 {
		return nil, io.EOF
	}
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, r.corrupt(nil)
	}
	r.buf = append(r.buf[:0], b[k:k+int(n)]...)
	r.off += k + int(n)
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
	if r.mem != nil {
		if !r.keep {
			r.mem.drop()
		}
		return nil
	}
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

// Text is a file of the caller's own text, not records (a derived
// table's lines): in memory while the folder's room holds it
// (SetMemory), else on disk, where Close of the folder removes it.
type Text struct{ file }

// CreateText makes a new text file.
func (d *Dir) CreateText() (*Text, error) {
	t := &Text{d.newFile()}
	if t.mem.on {
		return t, nil
	}
	return t, t.toDisk()
}

// Write appends p.
func (t *Text) Write(p []byte) (int, error) {
	if t.mem.on {
		if t.mem.add(p) {
			return len(p), nil
		}
		if err := t.toDisk(); err != nil {
			return 0, err
		}
	}
	n, err := t.f.Write(p)
	if err != nil {
		err = t.d.wrap(err)
	}
	return n, err
}

// Close ends the writing; the text is read with Open.
func (t *Text) Close() error {
	if t.f == nil {
		return nil
	}
	err := t.f.Close()
	t.f = nil
	if err != nil {
		return t.d.wrap(err)
	}
	return nil
}

// Path is the file's path on disk, "" while it is in memory.
func (t *Text) Path() string {
	if t.mem.on {
		return ""
	}
	return t.name
}

// Open reads the text from its start, as often as asked; the reader
// can seek.
func (t *Text) Open() (io.ReadCloser, error) {
	if t.mem.on {
		return memReader{bytes.NewReader(t.mem.buf)}, nil
	}
	return t.d.fs.Open(t.name)
}

// memReader is a text in memory as a file to read.
type memReader struct{ *bytes.Reader }

func (memReader) Close() error { return nil }
