package storage

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// exchange swaps two paths in one atomic step (renameat2 RENAME_EXCHANGE).
// A file system without it (some overlay and network file systems) gets
// the three renames of other systems instead.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return exchangeByRenames(a, b)
	}
	if err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	return nil
}

// syncFS flushes the file system that holds name (syncfs(2), which reports
// writeback errors since Linux 5.8).
func syncFS(name string) error {
	fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("sync file system of %s: %w", name, err)
	}
	defer unix.Close(fd)
	if err := unix.Syncfs(fd); err != nil {
		return fmt.Errorf("sync file system of %s: %w", name, err)
	}
	return nil
}

// startWriteback asks the kernel to start writing a range of a file to
// disk without waiting (sync_file_range SYNC_FILE_RANGE_WRITE). It is a
// hint: durability still comes from the sync before the manifest swap, so
// errors are ignored here and that sync reports them.
func startWriteback(f File, off, n int64) {
	if fd, ok := f.(interface{ Fd() uintptr }); ok {
		_ = unix.SyncFileRange(int(fd.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
	}
}
