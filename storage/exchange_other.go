//go:build !linux

package storage

import (
	"errors"
	"fmt"
	"os"
)

// exchange swaps two paths. Without renameat2 it takes three renames, and a
// crash between them leaves b under its temporary name.
func exchange(a, b string) error {
	tmp := b + "~swap"
	if err := os.Rename(b, tmp); err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	if err := os.Rename(a, b); err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	return os.Rename(tmp, a)
}

func syncFS(string) error { return errors.ErrUnsupported }

func startWriteback(File, int64, int64) {}
