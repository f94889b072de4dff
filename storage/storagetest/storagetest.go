// Package storagetest holds file system wrappers and helpers for tests of
// code built on [storage.FS].
//
// [FaultFS] fails the i-th mutating operation, in the manner of pebble's
// TestMarker_FaultTolerance: a test runs an operation once to count its steps,
// then again with a failure injected at each step i = 1..N, and checks after
// every run that the old or the new state reads back, never a mix.
//
// [CountingFS] counts the files open at once. [Tree] lists a folder with the
// contents of its files, to compare a whole tree before and after.
package storagetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/storage"
)

// ErrInjected is the error a [FaultFS] returns at the failing operation.
var ErrInjected = errors.New("storagetest: injected fault")

// FaultFS wraps a file system and fails one chosen mutating operation with
// [ErrInjected]. Mutating operations are OpenFile, CreateTemp, Rename,
// Exchange, Remove, RemoveAll, MkdirAll, SyncDir, and Write, Sync and Close on
// a file opened for writing (OpenFile or CreateTemp). Reads (Open, Stat,
// ReadDir, Read, and Close of a file opened with Open) are passed through
// uncounted. A failing operation does nothing (but a failing Close still
// releases the file). Operations after the failing
// one succeed, so that cleanup paths run as they would after a real error.
type FaultFS struct {
	FS storage.FS
	// FailAt is the 1-based index of the mutating operation to fail; 0 fails
	// none (use it to count the operations of a run).
	FailAt int

	mu  sync.Mutex
	n   int
	ops []string
}

// NewFaultFS wraps fsys, failing mutating operation failAt (0: none).
func NewFaultFS(fsys storage.FS, failAt int) *FaultFS {
	return &FaultFS{FS: fsys, FailAt: failAt}
}

// Count returns the number of mutating operations seen so far.
func (f *FaultFS) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// Ops returns the mutating operations seen so far, as "Op path".
func (f *FaultFS) Ops() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.ops...)
}

// step records a mutating operation and reports the error to return for it.
func (f *FaultFS) step(op, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	f.ops = append(f.ops, op+" "+name)
	if f.n == f.FailAt {
		return fmt.Errorf("%s %s: %w", op, name, ErrInjected)
	}
	return nil
}

func (f *FaultFS) Open(name string) (storage.File, error) { return f.FS.Open(name) }

func (f *FaultFS) OpenFile(name string, flag int) (storage.File, error) {
	if err := f.step("OpenFile", name); err != nil {
		return nil, err
	}
	file, err := f.FS.OpenFile(name, flag)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f}, nil
}

func (f *FaultFS) CreateTemp(dir, pattern string) (storage.File, error) {
	if err := f.step("CreateTemp", filepath.Join(dir, pattern)); err != nil {
		return nil, err
	}
	file, err := f.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f}, nil
}

func (f *FaultFS) Rename(oldpath, newpath string) error {
	if err := f.step("Rename", oldpath); err != nil {
		return err
	}
	return f.FS.Rename(oldpath, newpath)
}

func (f *FaultFS) Exchange(a, b string) error {
	if err := f.step("Exchange", a); err != nil {
		return err
	}
	return f.FS.Exchange(a, b)
}

func (f *FaultFS) Remove(name string) error {
	if err := f.step("Remove", name); err != nil {
		return err
	}
	return f.FS.Remove(name)
}

func (f *FaultFS) RemoveAll(name string) error {
	if err := f.step("RemoveAll", name); err != nil {
		return err
	}
	return f.FS.RemoveAll(name)
}

func (f *FaultFS) MkdirAll(name string) error {
	if err := f.step("MkdirAll", name); err != nil {
		return err
	}
	return f.FS.MkdirAll(name)
}

func (f *FaultFS) Stat(name string) (fs.FileInfo, error)      { return f.FS.Stat(name) }
func (f *FaultFS) ReadDir(name string) ([]fs.DirEntry, error) { return f.FS.ReadDir(name) }

func (f *FaultFS) SyncDir(name string) error {
	if err := f.step("SyncDir", name); err != nil {
		return err
	}
	return f.FS.SyncDir(name)
}

func (f *FaultFS) SyncFS(name string) error {
	if err := f.step("SyncFS", name); err != nil {
		return err
	}
	return f.FS.SyncFS(name)
}

type faultFile struct {
	storage.File
	fs *FaultFS
}

func (f *faultFile) Write(p []byte) (int, error) {
	if err := f.fs.step("Write", f.Name()); err != nil {
		return 0, err
	}
	return f.File.Write(p)
}

func (f *faultFile) Sync() error {
	if err := f.fs.step("Sync", f.Name()); err != nil {
		return err
	}
	return f.File.Sync()
}

// Close, when injected, still closes the file and then reports the error:
// close(2) releases the descriptor even when it fails.
func (f *faultFile) Close() error {
	err := f.fs.step("Close", f.Name())
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	return err
}

// CountingFS wraps a file system and counts the files open at once, opened
// through Open, OpenFile or CreateTemp and not yet closed.
type CountingFS struct {
	storage.FS

	mu      sync.Mutex
	open    int
	max     int
	opens   int
	doubles int
	noSync  bool
}

// NewCountingFS wraps fsys. With noSync, file and folder syncs are skipped,
// to keep tests that write thousands of files fast.
func NewCountingFS(fsys storage.FS, noSync bool) *CountingFS {
	return &CountingFS{FS: fsys, noSync: noSync}
}

// OpenNow returns the number of files open now.
func (c *CountingFS) OpenNow() int { c.mu.Lock(); defer c.mu.Unlock(); return c.open }

// Max returns the most files that were open at once.
func (c *CountingFS) Max() int { c.mu.Lock(); defer c.mu.Unlock(); return c.max }

// Opens returns the number of files opened in all.
func (c *CountingFS) Opens() int { c.mu.Lock(); defer c.mu.Unlock(); return c.opens }

// DoubleCloses returns the number of Close calls on a file already closed.
func (c *CountingFS) DoubleCloses() int { c.mu.Lock(); defer c.mu.Unlock(); return c.doubles }

func (c *CountingFS) opened(f storage.File, err error) (storage.File, error) {
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.open++
	c.opens++
	c.max = max(c.max, c.open)
	return &countedFile{File: f, fs: c}, nil
}

func (c *CountingFS) Open(name string) (storage.File, error) { return c.opened(c.FS.Open(name)) }

func (c *CountingFS) OpenFile(name string, flag int) (storage.File, error) {
	return c.opened(c.FS.OpenFile(name, flag))
}

func (c *CountingFS) CreateTemp(dir, pattern string) (storage.File, error) {
	return c.opened(c.FS.CreateTemp(dir, pattern))
}

func (c *CountingFS) SyncDir(name string) error {
	if c.noSync {
		return nil
	}
	return c.FS.SyncDir(name)
}

func (c *CountingFS) SyncFS(name string) error {
	if c.noSync {
		return nil
	}
	return c.FS.SyncFS(name)
}

type countedFile struct {
	storage.File
	fs     *CountingFS
	closed bool
}

func (f *countedFile) Sync() error {
	if f.fs.noSync {
		return nil
	}
	return f.File.Sync()
}

func (f *countedFile) Close() error {
	f.fs.mu.Lock()
	if f.closed {
		f.fs.doubles++
	} else {
		f.closed = true
		f.fs.open--
	}
	f.fs.mu.Unlock()
	return f.File.Close()
}

// Tree returns every entry under dir, by '/'-separated path relative to dir:
// a folder maps to "<dir>", a file to its content, a symbolic link to
// "<link> target". dir itself is not listed.
func Tree(tb testing.TB, dir string) map[string]string {
	tb.Helper()
	out := make(map[string]string)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			out[rel] = "<dir>"
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[rel] = "<link> " + target
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("list %s: %v", dir, err)
	}
	return out
}

// DiffTree returns a readable list of the differences between two trees from
// [Tree], empty when they are equal.
func DiffTree(got, want map[string]string) string {
	var lines []string
	for p, w := range want {
		g, ok := got[p]
		switch {
		case !ok:
			lines = append(lines, fmt.Sprintf("missing %s", p))
		case g != w:
			lines = append(lines, fmt.Sprintf("%s: got %q, want %q", p, clip(g), clip(w)))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			lines = append(lines, fmt.Sprintf("unexpected %s", p))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
