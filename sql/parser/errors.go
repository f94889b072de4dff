package parser

import (
	"fmt"
	"strings"
)

// SyntaxError reports malformed statement text. Line and Col (1-based)
// point at the offending token.
type SyntaxError struct {
	Text string // the text parsed
	Pos  int    // byte offset of the offending token in Text
	Line int
	Col  int
	Msg  string
}

// NewSyntaxError returns an error at byte pos of text.
func NewSyntaxError(text string, pos int, format string, args ...any) *SyntaxError {
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
