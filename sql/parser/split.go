package parser

import "strings"

// Piece is one statement of a script, without its ';'.
type Piece struct {
	Text     string
	Line     int  // 1-based line of its first character in the script
	Col      int  // 1-based column of its first character
	Complete bool // ended by ';' (the last piece of a script may not be)
}

// Split cuts a script into statements at ';' outside quotes and comments.
// Pieces that hold only whitespace and comments are dropped.
func Split(script string) []Piece {
	var out []Piece
	start := 0
	emit := func(end int, complete bool) {
		text := script[start:end]
		if onlyComments(text) {
			return
		}
		lead := leadingSpace(text)
		pos := start + lead
		line := 1 + strings.Count(script[:pos], "\n")
		col := pos - strings.LastIndexByte(script[:pos], '\n')
		out = append(out, Piece{Text: strings.TrimSpace(text[lead:]), Line: line, Col: col, Complete: complete})
	}
	scan(script, func(i int) {
		emit(i, true)
		start = i + 1
	})
	if start < len(script) {
		emit(len(script), false)
	}
	return out
}

// InComment reports whether a script ends inside a /* comment, which Split
// reads as if it were closed: a shell reading line by line waits for more.
func InComment(script string) bool { return scan(script, func(int) {}) >= 0 }

// OpenComment returns the offset of the /* that a script never closes,
// or -1.
func OpenComment(script string) int { return scan(script, func(int) {}) }

// scan walks a script, skipping quotes and comments, and calls semicolon
// with the offset of each ';' outside them. It returns the offset of the
// /* comment the script ends inside, or -1.
func scan(script string, semicolon func(i int)) (openComment int) {
	for i := 0; i < len(script); i++ {
		switch c := script[i]; {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(script, i) - 1
		case c == '-' && strings.HasPrefix(script[i:], "--"):
			for i < len(script) && script[i] != '\n' {
				i++
			}
		case c == '/' && strings.HasPrefix(script[i:], "/*"):
			end := strings.Index(script[i+2:], "*/")
			if end < 0 {
				return i
			}
			i += end + 3
		case c == ';':
			semicolon(i)
		}
	}
	return -1
}

// leadingSpace returns the length of the whitespace and comments that
// start text.
func leadingSpace(text string) int {
	i := 0
	for i < len(text) {
		switch c := text[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return len(text)
			}
			i += end + 4
		default:
			return i
		}
	}
	return i
}

// onlyComments reports whether text holds nothing but whitespace and
// comments.
func onlyComments(text string) bool { return leadingSpace(text) == len(text) }
