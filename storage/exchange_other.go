//go:build !linux

package storage

import "errors"

// exchange swaps two paths; without renameat2 it takes three renames.
func exchange(a, b string) error { return exchangeByRenames(a, b) }

func syncFS(string) error { return errors.ErrUnsupported }

func startWriteback(File, int64, int64) {}
