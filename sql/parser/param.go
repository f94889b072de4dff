package parser

import "regexp"

// placeholderName is what sqlparser names the nth ? placeholder: :vn.
var placeholderName = regexp.MustCompile(`^:v[1-9][0-9]*$`)

// placeholders counts the ? placeholders of text, outside quotes and
// comments.
func placeholders(text string) int {
	n := 0
	for _, t := range sqlTokens(text) {
		if text[t.pos:t.end] == "?" {
			n++
		}
	}
	return n
}

// placeholderAt returns the byte offset of the kth ? placeholder of text
// (from 1), or 0 when there are fewer.
func placeholderAt(text string, k int) int {
	for _, t := range sqlTokens(text) {
		if text[t.pos:t.end] == "?" {
			if k--; k == 0 {
				return t.pos
			}
		}
	}
	return 0
}

// namedParam reports whether text has a named parameter, :name, outside
// quotes and comments (x::type is a cast, not one).
func namedParam(text string) bool {
	toks := sqlTokens(text)
	for i, t := range toks {
		if text[t.pos:t.end] != ":" || i+1 == len(toks) || !toks[i+1].word || toks[i+1].pos != t.end {
			continue
		}
		if i == 0 || text[toks[i-1].pos:toks[i-1].end] != ":" || toks[i-1].end != t.pos {
			return true
		}
	}
	return false
}
