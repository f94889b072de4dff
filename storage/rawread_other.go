//go:build !linux

package storage

import (
	"io"
	"os"
)

// RawReader is f itself (see rawread_linux.go).
func RawReader(f *os.File) io.Reader { return f }
