package copyout

import (
	"errors"
	"fmt"
)

// Errors of a COPY's options and target.
var (
	ErrFormat   = errors.New("copy: unknown format")
	ErrExists   = errors.New("copy: target folder exists and is not empty")
	ErrColumns  = errors.New("copy: bad columns")
	ErrNotFound = errors.New("copy: partition column not in the query")
)

// ErrType marks a value that does not fit its Parquet column's type.
var ErrType = errors.New("copy: value does not fit its column")

// TypeError reports a value that does not fit the type its column was
// given from the first rows: refused rather than written as something else.
type TypeError struct {
	Column string
	Row    int64  // 1-based, in the order the query sent its rows
	Type   string // the column's Parquet type, in DuckDB's name
	Value  string // the value's kind and text
	Window int64  // the rows the type was planned from
	Why    string // "" or what else is wrong
}

func (e *TypeError) Error() string {
	why := ""
	if e.Why != "" {
		why = " (" + e.Why + ")"
	}
	return fmt.Sprintf("COPY: row %d: column %q holds %s%s, but its first %d rows made it %s: CAST the column to one type to write it",
		e.Row, e.Column, e.Value, why, e.Window, e.Type)
}

func (e *TypeError) Unwrap() error { return ErrType }
