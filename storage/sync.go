package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// syncFSAbove is the number of files above which [SyncFiles] makes them
// durable with one file-system sync rather than one fsync each: a sync of
// the file system costs about as much as a few fsyncs, and an fsync per
// file of a lake of thousands of small files costs seconds.
const syncFSAbove = 8

// SyncFiles makes durable the files at paths and the folders dirs (both
// relative to root, '/'-separated), and root itself: for many files with
// one sync of the file system ([FS.SyncFS]), otherwise, or where that is
// unsupported, file by file and then folder by folder, deepest first. A
// failed sync is returned, never retried: the data it was to write may be
// lost already.
func SyncFiles(fsys FS, root string, paths, dirs []string) error {
	if len(paths) > syncFSAbove {
		err := fsys.SyncFS(root)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errors.ErrUnsupported) {
			return err
		}
	}
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		f, err := fsys.Open(full)
		if err != nil {
			return fmt.Errorf("sync %s: %w", full, err)
		}
		err = f.Sync()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("sync %s: %w", full, err)
		}
	}
	dirs = slices.Clone(dirs)
	slices.SortFunc(dirs, func(a, b string) int {
		if c := strings.Count(b, "/") - strings.Count(a, "/"); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, d := range append(dirs, ".") {
		full := filepath.Join(root, filepath.FromSlash(d))
		if err := fsys.SyncDir(full); err != nil {
			return fmt.Errorf("sync folder %s: %w", full, err)
		}
	}
	return nil
}

// StartWriteback asks the kernel to start writing the first n bytes of f
// to disk now, without waiting, so that the sync before a manifest swap
// finds less to do; a hint, whose errors that sync reports.
func StartWriteback(f File, n int64) { startWriteback(f, 0, n) }
