package copyout

import (
	"bufio"
	"container/list"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// MaxOpen is the most files a partitioned COPY keeps open at once; each
// then flushes its row groups at PartRowGroupBytes.
var MaxOpen = 64

// PartRowGroupBytes is about the most bytes of values a partition's file
// buffers before it flushes a row group: MaxOpen of them hold 64 MiB.
var PartRowGroupBytes int64 = 1 << 20

// WindowBytes bounds the first rows held to plan Parquet column types.
var WindowBytes int64 = 16 << 20

// Options say what to write where.
type Options struct {
	Path        string
	Format      Format
	NoHeader    bool     // CSV: no header line
	PartitionBy []string // columns whose values make the folders; Path is then a folder
	Overwrite   bool     // replace a folder that is there and not empty
}

// Summary is what a finished COPY wrote.
type Summary struct {
	Files int
	Rows  int64
	Bytes int64 // of the files, measured after they were closed
}

// rowWriter writes the rows of one file.
type rowWriter interface {
	write(r []types.Value) error
	close() error
}

// openFile is a file being written.
type openFile struct {
	f  *os.File
	bw *bufio.Writer
	w  rowWriter
}

// partition is one partition folder and its open file, if any.
type partition struct {
	dir  string // relative to the output folder
	next int    // the number of its next file, data_<next>.ext
	f    *openFile
	elem *list.Element // in Copier.lru while f is open
}

// Copier writes the rows it is sent (an Emitter of the engine) under a
// temporary name, and publishes them with Commit.
type Copier struct {
	opt   Options
	tmp   string // the temporary file, or folder when partitioned
	names []string
	data  []int    // the columns written into the files
	part  []int    // the PARTITION_BY columns, in their order
	keys  []string // their names, as the query spells them
	cols  []column

	typed  bool // the Parquet columns have their types
	window [][]types.Value
	held   int64 // bytes in window, about
	rows   int64
	at     int64 // the number of the row being written, for errors
	te     typeErrors
	buf    []types.Value

	single *openFile
	parts  map[string]*partition
	lru    *list.List // of *partition, most recently written first
	vals   []storage.PartValue
	sum    Summary
}

// New checks the target and makes the temporary file or folder beside it.
func New(opt Options) (*Copier, error) {
	opt.Path = filepath.Clean(opt.Path) // 'dir/' is dir, its temporary folder beside it
	c := &Copier{opt: opt, typed: opt.Format != Parquet}
	c.te.row = &c.at
	dir, base := filepath.Split(opt.Path)
	if dir == "" {
		dir = "."
	}
	st, err := os.Stat(opt.Path)
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
	case err == nil && len(opt.PartitionBy) == 0 && st.IsDir():
		return nil, fmt.Errorf("copy to %s: it is a folder, and only PARTITION_BY writes folders", opt.Path)
	case err == nil && len(opt.PartitionBy) > 0:
		if !st.IsDir() {
			return nil, fmt.Errorf("copy to %s: it is a file, and PARTITION_BY writes a folder", opt.Path)
		}
		if !opt.Overwrite {
			ents, err := os.ReadDir(opt.Path)
			if err != nil {
				return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
			}
			if len(ents) > 0 {
				return nil, fmt.Errorf("%w: %s (say OVERWRITE to replace it)", ErrExists, opt.Path)
			}
		}
	}
	pattern := "." + base + ".tmp*"
	if len(opt.PartitionBy) == 0 {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
		}
		c.tmp = f.Name()
		if err := f.Chmod(0o644); err != nil {
			f.Close()
			os.Remove(c.tmp)
			return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
		}
		c.single = &openFile{f: f, bw: bufio.NewWriterSize(f, 64<<10)}
		return c, nil
	}
	if c.tmp, err = os.MkdirTemp(dir, pattern); err != nil {
		return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
	}
	if err := os.Chmod(c.tmp, 0o755); err != nil {
		os.Remove(c.tmp)
		return nil, fmt.Errorf("copy to %s: %w", opt.Path, err)
	}
	c.parts, c.lru = map[string]*partition{}, list.New()
	return c, nil
}

// Columns takes the query's column names: the PARTITION_BY columns go in
// the folder names, not the files, as DuckDB writes them.
func (c *Copier) Columns(names []string) error {
	c.names = names
	used := make([]bool, len(names))
	for _, p := range c.opt.PartitionBy {
		j := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, p) })
		if j < 0 {
			return fmt.Errorf("%w: PARTITION_BY %s (columns: %s)", ErrNotFound, p, strings.Join(names, ", "))
		}
		c.part = append(c.part, j)
		c.keys = append(c.keys, names[j])
		used[j] = true
	}
	seen := map[string]bool{}
	for j, n := range names {
		if used[j] {
			continue
		}
		if seen[n] && c.opt.Format != CSV {
			return fmt.Errorf("%w: column %q comes twice; give each an alias", ErrColumns, n)
		}
		seen[n] = true
		c.data = append(c.data, j)
		c.cols = append(c.cols, column{name: n})
	}
	if len(c.data) == 0 {
		return fmt.Errorf("%w: PARTITION_BY takes every column, none is left to write in the files", ErrColumns)
	}
	c.vals = make([]storage.PartValue, len(c.part))
	c.buf = make([]types.Value, len(c.data))
	if c.single != nil && c.typed {
		return c.start(c.single)
	}
	return nil
}

// Row writes one row, or holds it while the Parquet types are planned.
func (c *Copier) Row(r []types.Value) error {
	c.rows++
	if c.typed {
		c.at = c.rows
		return c.route(r)
	}
	kept := make([]types.Value, len(r))
	for j, v := range r {
		kept[j] = v.Clone()
		c.held += 48 + int64(len(v.S))
	}
	c.window = append(c.window, kept)
	if c.held >= WindowBytes {
		return c.plan()
	}
	return nil
}

// plan gives the Parquet columns their types from the rows held, and
// writes those rows.
func (c *Copier) plan() error {
	data := make([][]types.Value, len(c.window))
	for i, r := range c.window {
		data[i] = c.pick(r, make([]types.Value, len(c.data)))
	}
	for j, t := range planTypes(data, len(c.data)) {
		c.cols[j].typ = t
	}
	c.typed, c.te.window = true, int64(len(c.window))
	if c.single != nil {
		if err := c.start(c.single); err != nil {
			return err
		}
	}
	held := c.window
	c.window, c.held = nil, 0
	for i, r := range held {
		c.at = int64(i) + 1
		if err := c.route(r); err != nil {
			return err
		}
		held[i] = nil
	}
	return nil
}

// pick copies the data columns of r into out.
func (c *Copier) pick(r, out []types.Value) []types.Value {
	for i, j := range c.data {
		out[i] = r[j]
	}
	return out
}

// route writes r to its file: the one file, or its partition's.
func (c *Copier) route(r []types.Value) error {
	row := c.pick(r, c.buf)
	if c.single != nil {
		return c.single.w.write(row)
	}
	for i, j := range c.part {
		c.vals[i] = storage.PartValue{Str: r[j].String(), Null: r[j].K == types.Null}
	}
	dir := storage.PartitionDir(c.keys, c.vals)
	p := c.parts[dir]
	if p == nil {
		p = &partition{dir: dir}
		c.parts[dir] = p
		if err := os.MkdirAll(filepath.Join(c.tmp, dir), 0o755); err != nil {
			return fmt.Errorf("copy to %s: %w", c.opt.Path, err)
		}
	}
	if p.f == nil {
		if err := c.openPart(p); err != nil {
			return err
		}
	} else {
		c.lru.MoveToFront(p.elem)
	}
	return p.f.w.write(row)
}

// openPart opens a partition's next file, closing the least recently
// written one first when MaxOpen are open.
func (c *Copier) openPart(p *partition) error {
	if c.lru.Len() >= MaxOpen {
		old := c.lru.Remove(c.lru.Back()).(*partition)
		if err := c.finish(old.f); err != nil {
			return err
		}
		old.f = nil
	}
	name := filepath.Join(c.tmp, p.dir, "data_"+strconv.Itoa(p.next)+c.opt.Format.ext())
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("copy to %s: %w", c.opt.Path, err)
	}
	p.next++
	p.f = &openFile{f: f, bw: bufio.NewWriterSize(f, 64<<10)}
	p.elem = c.lru.PushFront(p)
	return c.start(p.f)
}

// start gives an open file its writer, which may write a header.
func (c *Copier) start(of *openFile) error {
	names := make([]string, len(c.data))
	for i, j := range c.data {
		names[i] = c.names[j]
	}
	var err error
	switch c.opt.Format {
	case CSV:
		of.w, err = newCSVFile(of.bw, names, !c.opt.NoHeader)
	case JSON:
		of.w = newJSONFile(of.bw, names)
	case Parquet:
		limit := RowGroupBytes
		if c.single == nil {
			limit = PartRowGroupBytes
		}
		of.w = newParquetFile(of.bw, c.cols, limit, &c.te)
	}
	return err
}

// finish closes an open file for good: flushed, synced, measured.
func (c *Copier) finish(of *openFile) error {
	err := of.w.close()
	if err == nil {
		err = of.bw.Flush()
	}
	if err == nil {
		err = of.f.Sync()
	}
	var size int64
	if err == nil {
		var st fs.FileInfo
		if st, err = of.f.Stat(); err == nil {
			size = st.Size()
		}
	}
	if cerr := of.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("copy to %s: write %s: %w", c.opt.Path, of.f.Name(), err)
	}
	c.sum.Files++
	c.sum.Bytes += size
	return nil
}

// Commit finishes every file and renames the temporary file or folder to
// the target, then syncs the folder holding it. On an error it removes
// what it wrote, as Abort does.
func (c *Copier) Commit() (sum Summary, err error) {
	defer func() {
		if err != nil {
			c.Abort()
		}
	}()
	if !c.typed {
		if err := c.plan(); err != nil {
			return sum, err
		}
	}
	if c.single != nil {
		err := c.finish(c.single)
		c.single = nil
		if err != nil {
			return sum, err
		}
		if err := os.Rename(c.tmp, c.opt.Path); err != nil {
			return sum, fmt.Errorf("copy to %s: %w", c.opt.Path, err)
		}
	} else if err := c.commitFolder(); err != nil {
		return sum, err
	}
	c.tmp = ""
	if err := storage.OS.SyncDir(filepath.Dir(c.opt.Path)); err != nil {
		return sum, fmt.Errorf("copy to %s: %w", c.opt.Path, err)
	}
	c.sum.Rows = c.rows
	return c.sum, nil
}

// commitFolder closes the partitions' files, syncs their folders and puts
// the folder in place: renamed to the target, or over an empty one, or
// exchanged with one that OVERWRITE replaces (then removed).
func (c *Copier) commitFolder() error {
	for e := c.lru.Front(); e != nil; e = e.Next() {
		p := e.Value.(*partition)
		if err := c.finish(p.f); err != nil {
			return err
		}
		p.f = nil
	}
	c.lru.Init()
	dirs := map[string]bool{c.tmp: true}
	for d := range c.parts {
		for ; d != "." && d != ""; d = filepath.Dir(d) {
			dirs[filepath.Join(c.tmp, d)] = true
		}
	}
	for d := range dirs {
		if err := storage.OS.SyncDir(d); err != nil {
			return fmt.Errorf("copy to %s: %w", c.opt.Path, err)
		}
	}
	err := os.Rename(c.tmp, c.opt.Path)
	if err == nil || !c.opt.Overwrite {
		if err != nil {
			return fmt.Errorf("copy to %s: %w", c.opt.Path, err)
		}
		return nil
	}
	if err := storage.OS.Exchange(c.tmp, c.opt.Path); err != nil {
		return fmt.Errorf("copy to %s: %w", c.opt.Path, err)
	}
	// c.tmp now holds the old folder.
	return os.RemoveAll(c.tmp)
}

// Abort removes everything written.
func (c *Copier) Abort() {
	if c.single != nil {
		c.single.f.Close()
	}
	if c.lru != nil {
		for e := c.lru.Front(); e != nil; e = e.Next() {
			if p := e.Value.(*partition); p.f != nil {
				p.f.f.Close()
			}
		}
		c.lru.Init()
	}
	if c.tmp != "" {
		os.RemoveAll(c.tmp)
		c.tmp = ""
	}
}
