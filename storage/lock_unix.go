//go:build unix

package storage

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes flock(LOCK_EX) without blocking; false: someone holds it.
func tryLock(f *os.File) (bool, error) {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, unix.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, unix.EINTR):
			continue
		default:
			return false, err
		}
	}
}
