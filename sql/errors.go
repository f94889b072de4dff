package sql

import (
	"errors"
	"fmt"
)

// ErrCanceled reports a query stopped by its context.
var ErrCanceled = errors.New("sql: query canceled")

// SyntaxError reports malformed query text at a position.
type SyntaxError struct {
	Text string // the text parsed
	Pos  int    // byte offset of the offending token
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.Text == "" {
		return e.Msg
	}
	return fmt.Sprintf("%s at position %d in %q", e.Msg, e.Pos+1, e.Text)
}
