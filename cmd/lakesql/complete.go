package main

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/lakesql/lakesql/sql/parser"

	"github.com/lakesql/lakesql/sql"
)

// completer completes the word before the cursor with keywords (in the
// case typed), lake names and field names: the fields of the lakes named in
// the statement so far, or of every lake when it names none. After FROM,
// LAKE and the like it offers lake names only. On a dot command's line it
// completes the command's name, then its mode, on or off, or lake.
type completer struct {
	mu      sync.Mutex
	sess    *sql.Session
	pending string // the lines of the statement typed before this one
}

// set tells the completer the session and the pending statement.
func (c *completer) set(sess *sql.Session, pending string) {
	c.mu.Lock()
	c.sess, c.pending = sess, pending
	c.mu.Unlock()
}

// lakeWords are the words after which a lake name comes.
var lakeWords = []string{"FROM", "LAKE", "PARTITIONS", "FILES", "LAYOUT", "DESCRIBE", "INTO", "COPY"}

// Do implements readline.AutoCompleter: it returns what to append to the
// word before pos for each candidate, and the word's length.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	c.mu.Lock()
	sess, pending := c.sess, c.pending
	c.mu.Unlock()
	head := string(line[:pos])
	i := strings.LastIndexFunc(head, func(r rune) bool { return !isWordRune(r) }) + 1
	word := head[i:]
	words := strings.FieldsFunc(pending+" "+head[:i], func(r rune) bool { return !isWordRune(r) })
	lakeOnly := len(words) > 0 && slices.Contains(lakeWords, strings.ToUpper(words[len(words)-1]))
	engineOnly := len(words) > 0 && strings.EqualFold(words[len(words)-1], "FOR") // SHOW CREATE LAKE x FOR …
	dot := pending == "" && isDot(head)
	if word == "" && !lakeOnly && !engineOnly && !dot {
		return nil, 0
	}
	var cands []string
	switch {
	case dot:
		cands = dotCandidates(sess, word, strings.Fields(head[:i]))
	case engineOnly:
		cands = engines(word)
	default:
		cands = candidates(sess, word, lakeOnly, pending+" "+string(line))
	}
	out := make([][]rune, len(cands))
	for i, s := range cands {
		out[i] = []rune(s[len(word):] + " ")
	}
	return out, len([]rune(word))
}

// candidates lists the completions of word, sorted, each starting with
// word. text is the whole statement, to find the lakes it names.
func candidates(sess *sql.Session, word string, lakeOnly bool, text string) []string {
	var out []string
	add := func(s string) {
		if strings.HasPrefix(s, word) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	lakes := sess.Lakes()
	for _, l := range lakes {
		add(l)
	}
	if !lakeOnly {
		lower := false // the case of the last letter typed
		for _, r := range word {
			if unicode.IsLetter(r) {
				lower = unicode.IsLower(r)
			}
		}
		for _, k := range parser.Keywords {
			if len(k) < len(word) || !strings.EqualFold(k[:len(word)], word) {
				continue
			}
			rest := k[len(word):]
			if lower {
				rest = strings.ToLower(rest)
			}
			add(word + rest)
		}
		named := slices.DeleteFunc(strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }),
			func(w string) bool { return !slices.Contains(lakes, w) })
		if len(named) == 0 {
			named = lakes
		}
		for _, l := range named {
			for _, f := range sess.Fields(l) {
				add(f)
			}
		}
	}
	slices.Sort(out)
	return out
}

// dotCandidates lists the completions of word in a dot command line whose
// words before it are before: the command's name (sorted), then a mode, on
// or off, or a lake, as the command takes.
func dotCandidates(sess *sql.Session, word string, before []string) []string {
	var all []string
	switch {
	case len(before) == 0:
		for _, c := range dotCommands {
			all = append(all, c.name)
		}
		slices.Sort(all)
	case len(before) > 1:
	case before[0] == ".mode":
		all = modes
	case before[0] == ".headers" || before[0] == ".timer":
		all = []string{"on", "off"}
	case before[0] == ".schema":
		all = sess.Lakes()
	}
	var out []string
	for _, s := range all {
		if strings.HasPrefix(s, word) {
			out = append(out, s)
		}
	}
	return out
}

// engines lists the engine names of SHOW CREATE LAKE … FOR that start with
// word (in any case), in lower case unless word ends in an upper-case letter.
func engines(word string) []string {
	var out []string
	for _, e := range sql.Engines {
		if len(e) < len(word) || !strings.EqualFold(e[:len(word)], word) {
			continue
		}
		rest := e[len(word):]
		if r := []rune(word); len(r) > 0 && unicode.IsUpper(r[len(r)-1]) {
			rest = strings.ToUpper(rest)
		}
		out = append(out, word+rest)
	}
	return out
}

// isWordRune reports whether r can be part of a name or keyword.
func isWordRune(r rune) bool {
	return r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
