package storage

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// ErrLocked: another process (or another lock in this one) holds the lock.
var ErrLocked = errors.New("locked by another writer")

// Lock is an exclusive lock on a file, held until Unlock or until the
// process dies: the kernel drops it with the last descriptor, so a
// writer killed with SIGKILL never leaves a lake locked.
type Lock struct {
	f    *os.File
	path string
}

// LockFile takes the exclusive lock of the file at path, creating it if
// need be. It retries for up to wait while another holder has it, then
// returns an error wrapping ErrLocked. Two Locks of one path exclude each
// other within one process too (flock locks belong to the open file).
//
// Unlock removes the file, so a lock leaves nothing behind. A waiter may
// thus lock a file that its holder has just removed; it checks, once it
// holds the lock, that the path still names the file it locked, and
// starts again if not.
func LockFile(path string, wait time.Duration) (*Lock, error) {
	deadline := time.Now().Add(wait)
	pause := time.Millisecond
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		ok, err := tryLock(f)
		if err == nil && ok {
			if held, serr := samePath(f, path); serr != nil {
				err = serr
			} else if held {
				return &Lock{f: f, path: path}, nil
			}
		}
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if ok {
			continue // the holder removed the file as we took it: again
		}
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("%w: %s (waited %v)", ErrLocked, path, wait)
		}
		time.Sleep(min(pause, time.Until(deadline)))
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// samePath reports whether path still names the open file f.
func samePath(f *os.File, path string) (bool, error) {
	fi, err := f.Stat()
	if err != nil {
		return false, err
	}
	pi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(fi, pi), nil
}

// Unlock removes the lock file and releases the lock.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := os.Remove(l.path)
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
