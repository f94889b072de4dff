package storage

import (
	"errors"
	"fmt"
)

// ErrCorrupt marks data or metadata that is not what it must be: a malformed
// row, a manifest that does not parse or that disagrees with the disk.
var ErrCorrupt = errors.New("corrupt")

// ErrSyntax marks a line that is not a JSON object.
var ErrSyntax = errors.New("invalid JSON")

// LineError reports a problem with one line of a JSON Lines file.
type LineError struct {
	File string // the file, as the user named it
	Line int    // 1-based line number
	Err  error
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s line %d: %v", e.File, e.Line, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// corruptf returns an error wrapping ErrCorrupt.
func corruptf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}
