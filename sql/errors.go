package sql

import (
	"errors"
	"fmt"
	"strings"
)

// ErrCanceled reports a query stopped by its context.
var ErrCanceled = errors.New("canceled")

// ErrUnsupported reports SQL that parses but that lakesql does not run.
var ErrUnsupported = errors.New("not supported")

// SyntaxError reports malformed statement text. Line and Col (1-based)
// point at the offending token.
type SyntaxError struct {
	Text string // the text parsed
	Pos  int    // byte offset of the offending token in Text
	Line int
	Col  int
	Msg  string
}

func newSyntaxError(text string, pos int, format string, args ...any) *SyntaxError {
	pos = max(0, min(pos, len(text)))
	line := 1 + strings.Count(text[:pos], "\n")
	col := pos - strings.LastIndexByte(text[:pos], '\n')
	return &SyntaxError{Text: text, Pos: pos, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("syntax error at line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Relocate shifts the position of an error in a statement that starts at
// line, col of a larger script.
func (e *SyntaxError) Relocate(line, col int) {
	if e.Line == 1 {
		e.Col += col - 1
	}
	e.Line += line - 1
}

// LakeError reports a statement naming a lake that does not exist.
type LakeError struct {
	Lake  string
	Lakes []string // the lakes that exist
	Err   error
}

func (e *LakeError) Error() string {
	if len(e.Lakes) == 0 {
		return fmt.Sprintf("unknown lake %q (there are no lakes here yet)", e.Lake)
	}
	if s, ok := Closest(e.Lake, e.Lakes); ok {
		return fmt.Sprintf("unknown lake %q; did you mean %s? (lakes: %s)", e.Lake, s, strings.Join(e.Lakes, ", "))
	}
	return fmt.Sprintf("unknown lake %q (lakes: %s)", e.Lake, strings.Join(e.Lakes, ", "))
}

func (e *LakeError) Unwrap() error { return e.Err }
