package parser

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
