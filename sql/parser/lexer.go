package parser

import (
	"strings"
	"unicode/utf8"
)

type tokKind uint8

const (
	tEOF    tokKind = iota
	tWord           // a keyword, name or number: [A-Za-z0-9_.-] and non-ASCII letters
	tIdent          // a `quoted` or "quoted" name
	tString         // a 'quoted' string
	tPunct          // ( ) , ; * and any other single character
)

type token struct {
	kind tokKind
	text string // the word, the unquoted name or string, or the punctuation
	pos  int    // byte offset in the statement
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of statement"
	case tString:
		return "'" + t.text + "'"
	case tIdent:
		return "`" + t.text + "`"
	}
	return "'" + t.text + "'"
}

// lex splits a lake command into tokens. Comments (-- to end of line, and
// /* */) and whitespace separate tokens.
func lex(text string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(text) {
		if n := leadingSpace(text[i:]); n > 0 {
			if strings.HasPrefix(text[i:], "/*") && !strings.Contains(text[i+2:], "*/") {
				return nil, NewSyntaxError(text, i, "unterminated comment")
			}
			i += n
			continue
		}
		c := text[i]
		switch {
		case c == '\'' || c == '`' || c == '"':
			start := i
			var b strings.Builder
			i++
			for {
				if i >= len(text) {
					return nil, NewSyntaxError(text, start, "unterminated %c quote", c)
				}
				if text[i] == c {
					if i+1 < len(text) && text[i+1] == c {
						b.WriteByte(c)
						i += 2
						continue
					}
					i++
					break
				}
				b.WriteByte(text[i])
				i++
			}
			kind := tString
			if c == '`' || c == '"' { // "name" is a name, as in DuckDB
				kind = tIdent
			}
			toks = append(toks, token{kind, b.String(), start})
		case strings.IndexByte("(),;*", c) >= 0:
			toks = append(toks, token{tPunct, string(c), i})
			i++
		case isWordByte(c):
			start := i
			for i < len(text) {
				if text[i] >= utf8.RuneSelf || isWordByte(text[i]) {
					i++
					continue
				}
				break
			}
			toks = append(toks, token{tWord, text[start:i], start})
		case c >= utf8.RuneSelf:
			start := i
			for i < len(text) && (text[i] >= utf8.RuneSelf || isWordByte(text[i])) {
				i++
			}
			toks = append(toks, token{tWord, text[start:i], start})
		default:
			// Anything else is a one-character token the parser will reject
			// where it stands (SELECT text never reaches this lexer's rules).
			toks = append(toks, token{tPunct, string(c), i})
			i++
		}
	}
	return append(toks, token{tEOF, "", len(text)}), nil
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}
