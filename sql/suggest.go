package sql

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// This file answers "did you mean …?" for both commands: pq's commands,
// flags and lakes, lakesql's lakes, fields, keywords and dot commands. It
// lives here, not in a package of its own, because sql is the one package
// both cmds import, and it needs nothing.

// Closest returns the candidate spelt most like name, if one is close
// enough to be what was meant: at most max(1, n/3) edits away, n being
// the runes of name, letter case ignored. Ties go to the earlier
// candidate.
func Closest(name string, candidates []string) (string, bool) {
	limit := max(1, utf8.RuneCountInString(name)/3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist <= limit
}

// Distance is the edit distance between a and b with letter case
// ignored: the fewest insertions, deletions, substitutions and swaps of
// two neighbouring runes that turn one into the other (the optimal
// string alignment form of Damerau–Levenshtein, so "wrtie" is one edit
// from "write").
func Distance(a, b string) int {
	s, t := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	// Three rows of the table: i-2, i-1 and i.
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}

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
		if k, ok := Closest(toks[i].text, want); ok {
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
		return Closest(t.text, Keywords)
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

// unknownKeyHint adds "did you mean …?" to catalog.ErrUnknownField (a key
// field no row has) when a field of fields is spelt like it.
func unknownKeyHint(err error, fields []string) error {
	var uf *catalog.UnknownFieldError
	if !errors.As(err, &uf) || slices.Contains(fields, uf.Field) {
		return err
	}
	if f, ok := Closest(uf.Field, fields); ok {
		return fmt.Errorf("%w; did you mean %s?", err, Col{Name: f})
	}
	return err
}

// sampleFields returns the field names of the first rows of a JSON Lines
// file, for suggestions; errors give none.
func sampleFields(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	return sampleNames(f, nil)
}

// sampleNames appends to names, in first-seen order, the member names of
// the first 100 rows of r that names lacks.
func sampleNames(r io.Reader, names []string) []string {
	seen := make(map[string]bool)
	for _, n := range names {
		seen[n] = true
	}
	lr := storage.NewLineReader(r, 256<<10)
	for range 100 {
		line, err := lr.Next()
		if err != nil {
			break
		}
		_ = storage.Members(line, func(name string, _ []byte) {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		})
	}
	return names
}
