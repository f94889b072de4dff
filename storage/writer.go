package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// ErrKeyValue reports a key field whose value cannot name a folder: an
// object, an array, or a value too long for a folder name.
var ErrKeyValue = errors.New("bad key value")

// WriterOptions tune a [LakeWriter].
type WriterOptions struct {
	// MaxRows is the most rows in one file; 0 means one file per partition.
	MaxRows int64
	// MaxOpen bounds the files open at once (default 256).
	MaxOpen int
	// Name names the i-th file of a partition (default [PartName]).
	Name func(i int) string
	// BufferBytes is the memory for rows held before they are written
	// out, shared among the partitions seen so far (default 16 MiB): each
	// partition's buffer is BufferBytes / partitions, between 2 KiB and
	// 64 KiB. With more partitions than BufferBytes / 2 KiB the buffers
	// take more, up to 4 × BufferBytes; past that the writer writes out
	// every buffered row and reuses the buffers (spills). At 32 MiB,
	// 10,000 partitions took a process to 160 MB; at 16 MiB, 105 MB.
	BufferBytes int
	// Trusted says the lines come from lake files, which were checked when
	// they were written: AddLines then extracts the key with an
	// [Extractor] instead of checking every line again with [Fields].
	Trusted bool
}

// LakeWriter routes rows into partition folders of a new lake, rolling to a
// new file every MaxRows rows. Rows of a partition keep their order. At most
// MaxOpen files are open at once and the rows held in memory take at most
// 4 × BufferBytes, whatever the number of partitions or rows: memory is
// bounded by buffers, and by a small record per partition, not by rows. A
// row longer than its partition's buffer is written straight to the file.
type LakeWriter struct {
	fs      FS
	dir     string
	key     []string
	opt     WriterOptions
	parts   map[string]*partState
	order   []*partState
	open    []*partState
	tick    int64
	files   []FileEntry
	keybuf  []byte
	textbuf []byte
	dirs    map[string]bool
	free    chan *block // ingest blocks for reuse across AddLines calls
	held    int         // bytes of all row buffers (their capacity)
}

// spillFactor × BufferBytes is the most the row buffers may take.
const spillFactor = 4

type partState struct {
	dir     string
	values  []PartValue
	idx     int   // index of the current file
	rows    int64 // rows in the current file
	created bool  // the current file exists on disk
	f       File
	buf     []byte
	used    int64
	size    int64 // bytes written to the current file
	started int64 // bytes of it whose writeback has been started
}

// A partition's buffer is of these sizes at most and at least.
const (
	perPartitionBuffer = 64 << 10
	minPartitionBuffer = 2 << 10
)

// writebackEvery is how many bytes a file gets before the writer asks the
// kernel to start writing them out (see startWriteback).
const writebackEvery = 4 << 20

// NewLakeWriter returns a writer of a lake in folder dir (which must exist)
// partitioned by key.
func NewLakeWriter(fsys FS, dir string, key []string, opt WriterOptions) *LakeWriter {
	if opt.MaxOpen <= 0 {
		opt.MaxOpen = 256
	}
	if opt.Name == nil {
		opt.Name = PartName
	}
	if opt.BufferBytes <= 0 {
		opt.BufferBytes = 16 << 20
	}
	return &LakeWriter{fs: fsys, dir: dir, key: key, opt: opt,
		parts: make(map[string]*partState), dirs: make(map[string]bool)}
}

// Add appends one row. keyVals are the raw JSON values of the key fields in
// key order (nil for a missing field), as [Fields] returns them; line is the
// row without its '\n'.
func (w *LakeWriter) Add(keyVals [][]byte, line []byte) error {
	kb, err := w.appendKey(w.keybuf[:0], keyVals)
	w.keybuf = kb
	if err != nil {
		return err
	}
	return w.addKeyed(kb, line)
}

// appendKey appends the partition identity of a row, given the raw values
// of its key fields, to kb: per field 0 for null, or 1, the text's length
// and the text.
func (w *LakeWriter) appendKey(kb []byte, keyVals [][]byte) ([]byte, error) {
	for i, raw := range keyVals {
		switch KindOf(raw) {
		case Missing, Null:
			kb = append(kb, 0)
		case Object:
			return kb, fmt.Errorf("%w: field %q is an object; a partition value is a string, number, true, false or null", ErrKeyValue, w.key[i])
		case Array:
			return kb, fmt.Errorf("%w: field %q is an array; a partition value is a string, number, true, false or null", ErrKeyValue, w.key[i])
		default:
			n := len(kb)
			kb = append(kb, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
			kb = AppendText(kb, raw)
			text := len(kb) - n - 11
			// Move the text right after its length.
			lenEnd := binary.PutUvarint(kb[n+1:], uint64(text))
			copy(kb[n+1+lenEnd:], kb[n+11:])
			kb = kb[:n+1+lenEnd+text]
		}
	}
	return kb, nil
}

// addKeyed appends a row whose partition identity appendKey encoded.
func (w *LakeWriter) addKeyed(kb, line []byte) error {
	p := w.parts[string(kb)]
	if p == nil {
		var err error
		if p, err = w.newPart(kb); err != nil {
			return err
		}
		w.parts[string(kb)] = p
		w.order = append(w.order, p)
	}
	if w.opt.MaxRows > 0 && p.rows == w.opt.MaxRows {
		if err := w.finish(p); err != nil {
			return err
		}
	}
	limit, n := w.flushAt(), len(line)+1
	if len(p.buf) > 0 && len(p.buf)+n > limit {
		if err := w.flush(p); err != nil {
			return err
		}
	}
	if n > limit {
		// A row longer than a buffer goes straight to the file: it is
		// not copied, and buffers stay their size.
		if err := w.write(p, line, newline); err != nil {
			return err
		}
		p.rows++
		return nil
	}
	if len(p.buf)+n > cap(p.buf) {
		if err := w.grow(p, n, limit); err != nil {
			return err
		}
	}
	p.buf = append(p.buf, line...)
	p.buf = append(p.buf, '\n')
	p.rows++
	return nil
}

var newline = []byte{'\n'}

// grow makes room in the buffer of p for n more bytes: it doubles, from
// 256 bytes up to limit, so that a partition holds about what it was
// given (one row of each of 100,000 partitions took 200 MB of buffers
// of 2 KiB, and the collector ran without end near the memory limit).
// When the buffers would take more than spillFactor × BufferBytes, a
// spill writes them all out first.
func (w *LakeWriter) grow(p *partState, n, limit int) error {
	size := min(limit, max(2*cap(p.buf), 256))
	if w.held+size-cap(p.buf) > spillFactor*w.opt.BufferBytes && w.held > 0 {
		if err := w.spill(); err != nil {
			return err
		}
	}
	size = max(size, len(p.buf)+n)
	b := make([]byte, len(p.buf), size)
	copy(b, p.buf)
	w.held += size - cap(p.buf)
	p.buf = b
	return nil
}

// spill writes out the rows of every buffer and lets the buffers go:
// those made while fewer partitions shared the budget were larger, and
// the partitions that get rows again grow buffers of the size now due.
func (w *LakeWriter) spill() error {
	for _, q := range w.order {
		if err := w.flush(q); err != nil {
			return err
		}
		w.drop(q)
	}
	return nil
}

// drop releases the buffer of p.
func (w *LakeWriter) drop(p *partState) {
	w.held -= cap(p.buf)
	p.buf = nil
}

// flushAt is the buffer size of each partition: the memory budget shared
// out among the partitions seen so far, between 2 KiB and 64 KiB, so that
// memory stays bounded however many partitions there are.
func (w *LakeWriter) flushAt() int {
	return max(minPartitionBuffer, min(perPartitionBuffer, w.opt.BufferBytes/max(1, len(w.order))))
}

func (w *LakeWriter) newPart(kb []byte) (*partState, error) {
	vals := make([]PartValue, len(w.key))
	for i := range vals {
		if kb[0] == 0 {
			vals[i] = PartValue{Null: true}
			kb = kb[1:]
			continue
		}
		n, m := binary.Uvarint(kb[1:])
		vals[i] = PartValue{Str: string(kb[1+m : 1+m+int(n)])}
		kb = kb[1+m+int(n):]
	}
	dir := PartitionDir(w.key, vals)
	for i, seg := range strings.Split(dir, "/") {
		if len(seg) > MaxSegmentBytes {
			return nil, fmt.Errorf("%w: field %q: the folder name would be %d bytes, over the limit of %d", ErrKeyValue, w.key[i], len(seg), MaxSegmentBytes)
		}
	}
	return &partState{dir: dir, values: vals}, nil
}

// MaxSegmentBytes is the longest folder name file systems take (NAME_MAX).
const MaxSegmentBytes = 255

func (w *LakeWriter) filePath(p *partState) string {
	return path.Join(p.dir, w.opt.Name(p.idx))
}

// flush writes the buffered rows of p to its current file.
func (w *LakeWriter) flush(p *partState) error {
	if len(p.buf) == 0 {
		return nil
	}
	if err := w.write(p, p.buf); err != nil {
		return err
	}
	if cap(p.buf) > w.flushAt() {
		w.drop(p) // more partitions now share the budget
	} else {
		p.buf = p.buf[:0]
	}
	return nil
}

// write appends the bytes of data, in order, to the current file of p.
func (w *LakeWriter) write(p *partState, data ...[]byte) error {
	if p.f == nil {
		if err := w.openFile(p); err != nil {
			return err
		}
	}
	w.tick++
	p.used = w.tick
	for _, d := range data {
		if _, err := p.f.Write(d); err != nil {
			return fmt.Errorf("write %s: %w", p.f.Name(), err)
		}
		p.size += int64(len(d))
	}
	if p.size-p.started >= writebackEvery {
		// Let the disk work while we parse: the sync at Close then finds
		// most pages written already.
		startWriteback(p.f, p.started, p.size-p.started)
		p.started = p.size
	}
	return nil
}

// makeRoom closes the least recently used file when MaxOpen files are open,
// so that one more can be opened.
func (w *LakeWriter) makeRoom() error {
	if len(w.open) < w.opt.MaxOpen {
		return nil
	}
	lru := 0
	for i, q := range w.open {
		if q.used < w.open[lru].used {
			lru = i
		}
	}
	q := w.open[lru]
	w.open = slices.Delete(w.open, lru, lru+1)
	f := q.f
	q.f = nil
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", f.Name(), err)
	}
	return nil
}

func (w *LakeWriter) openFile(p *partState) error {
	if err := w.makeRoom(); err != nil {
		return err
	}
	full := filepath.Join(w.dir, filepath.FromSlash(w.filePath(p)))
	flag := os.O_WRONLY | os.O_APPEND
	if !p.created {
		if err := w.mkdirs(p.dir); err != nil {
			return err
		}
		flag |= os.O_CREATE | os.O_EXCL
	}
	f, err := w.fs.OpenFile(full, flag)
	if err != nil {
		return fmt.Errorf("write lake: %w", err)
	}
	p.f, p.created = f, true
	w.open = append(w.open, p)
	return nil
}

func (w *LakeWriter) mkdirs(dir string) error {
	if w.dirs[dir] {
		return nil
	}
	if err := w.fs.MkdirAll(filepath.Join(w.dir, filepath.FromSlash(dir))); err != nil {
		return fmt.Errorf("create folder: %w", err)
	}
	for d := dir; d != "." && d != "" && !w.dirs[d]; d = path.Dir(d) {
		w.dirs[d] = true
	}
	return nil
}

// finish flushes and closes the current file of p, measures it and moves
// p to its next file. Syncing waits for Close, where one call can make all
// the files durable.
func (w *LakeWriter) finish(p *partState) error {
	if p.rows == 0 {
		return nil
	}
	if err := w.flush(p); err != nil {
		return err
	}
	rel := w.filePath(p)
	full := filepath.Join(w.dir, filepath.FromSlash(rel))
	if p.f != nil {
		if p.started > 0 && p.size > p.started {
			startWriteback(p.f, p.started, p.size-p.started) // the tail of a large file
		}
		w.open = slices.DeleteFunc(w.open, func(q *partState) bool { return q == p })
		err := p.f.Close()
		p.f = nil
		if err != nil {
			return fmt.Errorf("close %s: %w", full, err)
		}
	}
	st, err := w.fs.Stat(full)
	if err != nil {
		return fmt.Errorf("measure %s: %w", full, err)
	}
	w.files = append(w.files, FileEntry{Path: rel, Partition: p.values, Rows: p.rows, Bytes: st.Size()})
	p.idx++
	p.rows = 0
	p.created = false
	p.size, p.started = 0, 0
	return nil
}

// Close finishes every file, makes the files and the folders it created
// durable ([SyncFiles]) and returns the files written, sorted by path, with
// sizes measured on disk. On error it
// closes the files still open, as [LakeWriter.Abort] does.
func (w *LakeWriter) Close() (_ []FileEntry, err error) {
	defer func() {
		if err != nil {
			w.Abort()
		}
	}()
	for _, p := range w.order {
		if err := w.finish(p); err != nil {
			return nil, err
		}
		w.drop(p)
	}
	dirs := make([]string, 0, len(w.dirs))
	for d := range w.dirs {
		dirs = append(dirs, d)
	}
	paths := make([]string, len(w.files))
	for i, f := range w.files {
		paths[i] = f.Path
	}
	if err := SyncFiles(w.fs, w.dir, paths, dirs); err != nil {
		return nil, err
	}
	SortFiles(w.files)
	return w.files, nil
}

// Abort closes open files without syncing; the caller removes the folder.
func (w *LakeWriter) Abort() {
	for _, p := range w.open {
		p.f.Close()
		p.f = nil
	}
	w.open = nil
}

// Partitions returns the number of partitions seen so far.
func (w *LakeWriter) Partitions() int { return len(w.order) }

// AddLines adds every line of r, a JSON Lines stream called name in errors,
// and returns the lines added and the bytes read. Each line must be a JSON
// object; the first bad line stops it with a [LineError]. Lines are checked
// in parallel (see ingest.go) and added in their order.
func (w *LakeWriter) AddLines(r io.Reader, name string) (rows, n int64, err error) {
	return w.ingest(r, name)
}
