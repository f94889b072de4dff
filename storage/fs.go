package storage

import (
	"io"
	"io/fs"
	"os"
)

// File is an open file as the storage code uses it.
type File interface {
	io.Reader
	io.Writer
	io.Closer
	Sync() error
	Stat() (fs.FileInfo, error)
	Name() string
}

// FS is the file system as the storage code uses it. [OS] is the real one;
// tests wrap it to inject failures at a chosen operation. Its methods may
// be called from several goroutines at once (a compaction writes files in
// parallel).
type FS interface {
	Open(name string) (File, error)
	// OpenFile opens for writing with the given flags (os.O_*), mode 0o644.
	OpenFile(name string, flag int) (File, error)
	CreateTemp(dir, pattern string) (File, error)
	Rename(oldpath, newpath string) error
	// Exchange atomically swaps two paths that both exist.
	Exchange(a, b string) error
	Remove(name string) error
	RemoveAll(name string) error
	MkdirAll(name string) error
	Stat(name string) (fs.FileInfo, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	// SyncDir makes the entries of a folder durable.
	SyncDir(name string) error
	// SyncFS makes everything written to the file system holding name
	// durable, files and folders, in one call (Linux syncfs); it returns
	// errors.ErrUnsupported where there is no such call.
	SyncFS(name string) error
}

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) Open(name string) (File, error) {
	f, err := openRead(name)
	if err != nil {
		return nil, err // not a File holding a nil *os.File
	}
	return f, nil
}
func (osFS) OpenFile(name string, flag int) (File, error) {
	return os.OpenFile(name, flag, 0o644)
}
func (osFS) CreateTemp(dir, pattern string) (File, error) { return os.CreateTemp(dir, pattern) }
func (osFS) Rename(oldpath, newpath string) error         { return os.Rename(oldpath, newpath) }
func (osFS) Exchange(a, b string) error                   { return exchange(a, b) }
func (osFS) Remove(name string) error                     { return os.Remove(name) }
func (osFS) RemoveAll(name string) error                  { return os.RemoveAll(name) }
func (osFS) MkdirAll(name string) error                   { return os.MkdirAll(name, 0o755) }
func (osFS) Stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error)   { return os.ReadDir(name) }

func (osFS) SyncFS(name string) error { return syncFS(name) }

func (osFS) SyncDir(name string) error {
	d, err := os.Open(name)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

var errNotExist = fs.ErrNotExist
