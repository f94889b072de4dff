//go:build !linux

package storage

import "os"

func openRead(name string) (*os.File, error) { return os.Open(name) }
