package parser

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/internal/suggest"
)

// expectedWords finds the keywords a parser error says it expected:
// the upper-case words after "expected".
var expectedWords = regexp.MustCompile(`\b[A-Z][A-Z_]+\b`)

// suggestKeyword adds "did you mean …?" to a syntax error caused by a
// misspelt keyword, and returns err. Two cases, both from the token the
// error points at:
//
//   - the parser said what it expected ("unknown statement 'SELCT'
//     (expected SELECT, …)", "expected LAKES, PARTITIONS, … after SHOW,
//     found 'PARTITONS'"): the closest of those keywords;
//   - the SQL grammar stumbled on the token after a word that is no
//     keyword, which it took for a name or an alias ("FROM orders ODER
//     BY", "FORM orders"), or on such a word itself ("unexpected
//     'GRUOP'"): the closest keyword of [Keywords].
func suggestKeyword(err error) error {
	var se *SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	toks, lerr := lex(se.Text)
	if lerr != nil {
		return err
	}
	i := slices.IndexFunc(toks, func(t token) bool { return t.pos == se.Pos })
	if i < 0 {
		return err
	}
	isKeyword := func(w string) bool {
		return slices.ContainsFunc(Keywords, func(k string) bool { return strings.EqualFold(k, w) })
	}
	if _, after, ok := strings.Cut(se.Msg, "expected "); ok && !strings.HasPrefix(se.Msg, "unexpected ") {
		if toks[i].kind != tWord {
			return err
		}
		// Only what it expected, not the context: "… after ALTER LAKE x,
		// found 'COMPCT'".
		for _, stop := range []string{" after ", ", found "} {
			after, _, _ = strings.Cut(after, stop)
		}
		var want []string
		for _, w := range expectedWords.FindAllString(after, -1) {
			if strings.EqualFold(w, toks[i].text) {
				return err // the keyword is right; something else is wrong
			}
			want = append(want, w)
		}
		if k, ok := suggest.Closest(toks[i].text, want); ok {
			se.Msg += fmt.Sprintf("; did you mean %s?", k)
		}
		return err
	}
	if !strings.HasPrefix(se.Msg, "unexpected ") {
		return err
	}
	// A misspelt keyword is a word of at least three letters: shorter
	// words are one edit from too many keywords to guess.
	guess := func(t token) (string, bool) {
		if t.kind != tWord || utf8.RuneCountInString(t.text) < 3 || isKeyword(t.text) {
			return "", false
		}
		return suggest.Closest(t.text, Keywords)
	}
	// The word before first: the grammar took it for a name or an alias
	// and stumbled only after it ("FORM orders": FORM, not orders).
	if i > 0 {
		if k, ok := guess(toks[i-1]); ok {
			se.Msg += fmt.Sprintf("; did you mean %s instead of %s?", k, toks[i-1].text)
			return err
		}
	}
	if k, ok := guess(toks[i]); ok {
		se.Msg += fmt.Sprintf("; did you mean %s?", k)
	}
	return err
}
