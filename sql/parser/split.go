package parser

import (
	"strings"
	"unicode/utf8"
)

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

// OpenQuote returns the offset of the quote (', " or `, or the E of
// E'…') that a statement never closes, outside comments, or -1.
func OpenQuote(text string) int {
	for i := 0; i < len(text); {
		kind, end, open := span(text, i)
		switch {
		case open && kind == spanEString:
			return i - 1
		case open && kind == spanQuoted:
			return i
		case open: // a /* comment to the end
			return -1
		}
		i = end
	}
	return -1
}

// A spanKind is what starts at a byte of SQL text (see span).
type spanKind int

const (
	spanByte    spanKind = iota // the byte alone
	spanQuoted                  // '…', "…" or `…`
	spanEString                 // the quote of E'…' on (its E is the byte before)
	spanComment                 // -- to the end of the line, or /* … */
)

// span returns what starts at text[i], the offset past it, and whether it
// is a quote or a /* comment never closed (it then runs to the end).
func span(text string, i int) (kind spanKind, end int, open bool) {
	switch c := text[i]; {
	case c == '\'' && eQuote(text, i):
		end, closed := skipEString(text, i)
		return spanEString, end, !closed
	case c == '\'' || c == '"' || c == '`':
		end, closed := skipQuote(text, i)
		return spanQuoted, end, !closed
	case c == '-' && strings.HasPrefix(text[i:], "--"):
		if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
			return spanComment, i + j, false
		}
		return spanComment, len(text), false
	case c == '/' && strings.HasPrefix(text[i:], "/*"):
		if j := strings.Index(text[i+2:], "*/"); j >= 0 {
			return spanComment, i + j + 4, false
		}
		return spanComment, len(text), true
	}
	return spanByte, i + 1, false
}

// eQuote reports whether the quote at text[i] opens an escape string,
// E'…' (or e'…'): an E that no other name byte comes before.
func eQuote(text string, i int) bool {
	return i > 0 && (text[i-1] == 'E' || text[i-1] == 'e') && (i == 1 || !isNameByte(text[i-2]))
}

// skipEString returns the offset past the escape string whose quote is
// text[i], where a backslash escapes the byte after it; closed is false
// when the string runs to the end.
func skipEString(text string, i int) (end int, closed bool) {
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '\'':
			if i+1 < len(text) && text[i+1] == '\'' {
				i++
				continue
			}
			return i + 1, true
		}
	}
	return len(text), false
}

// EStrings writes DuckDB's escape strings, E'…' (as PostgreSQL's: \n,
// \t, \r, \b, \f, \xHH, \ooo in octal, and a backslash before any other
// byte is that byte, \' and \\ among them), as plain strings of the bytes
// they spell, outside comments and other quotes. An escape string never
// closed is left for the parser's error, as is one whose bytes are not
// UTF-8 (an error here).
func EStrings(text string) (string, error) {
	if !strings.ContainsAny(text, "eE") || !strings.Contains(text, "'") {
		return text, nil
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		kind, end, open := span(text, i)
		if kind == spanEString {
			if open {
				return text, nil
			}
			s, ok := unescapeE(text[i+1 : end-1])
			if !ok {
				return "", NewSyntaxError(text, i-1, "this E'…' string spells bytes that are not UTF-8")
			}
			b.WriteString(text[last : i-1])
			b.WriteString("'" + strings.ReplaceAll(s, "'", "''") + "'")
			last = end
		}
		i = end
	}
	if last == 0 {
		return text, nil
	}
	b.WriteString(text[last:])
	return b.String(), nil
}

// unescapeE decodes the body of an escape string; ok is false when the
// bytes it spells are not UTF-8.
func unescapeE(body string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\'' && i+1 < len(body) && body[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case c != '\\' || i+1 == len(body):
			b.WriteByte(c)
		default:
			i++
			switch e := body[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'x':
				v, n := 0, 0
				for n < 2 && i+1 < len(body) && isHex(body[i+1]) {
					i++
					v = v*16 + hexVal(body[i])
					n++
				}
				if n == 0 {
					b.WriteByte('x')
				} else {
					b.WriteByte(byte(v))
				}
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for n := 1; n < 3 && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '7'; n++ {
						i++
						v = v*8 + int(body[i]-'0')
					}
					b.WriteByte(byte(v))
				} else {
					b.WriteByte(e)
				}
			}
		}
	}
	s := b.String()
	return s, utf8.ValidString(s)
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// scan walks a script, skipping quotes and comments, and calls semicolon
// with the offset of each ';' outside them. It returns the offset of the
// /* comment the script ends inside, or -1.
func scan(script string, semicolon func(i int)) (openComment int) {
	for i := 0; i < len(script); {
		kind, end, open := span(script, i)
		switch {
		case kind == spanComment && open:
			return i
		case kind == spanByte && script[i] == ';':
			semicolon(i)
		}
		i = end
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
