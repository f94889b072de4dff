package storage

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// exchange swaps two paths in one atomic step (renameat2 RENAME_EXCHANGE).
func exchange(a, b string) error {
	if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	return nil
}
