package parser

import (
	"strconv"
	"strings"
)

// unnamedDerivedEdits names each derived table that has no alias, as
// DuckDB and PostgreSQL 16 take it (SELECT COUNT(*) FROM (SELECT DISTINCT
// …)) and MySQL's grammar does not: unnamed_subquery, unnamed_subquery2,
// … in the order they open, DuckDB's names. A derived table is a
// parenthesized SELECT or WITH right after the FROM of a query, a JOIN,
// or a comma of the FROM list; what follows its ')' is an alias unless
// it is a keyword that may follow a table (isClauseWord) or nothing.
func unnamedDerivedEdits(text string, toks []sqlToken) []edit {
	tk := tokens{text, toks}
	var edits []edit
	n := 0
	eachFromTable(tk, func(i int) {
		if !tk.punct(i, "(") || !tk.word(i+1, "SELECT") && !tk.word(i+1, "WITH") {
			return
		}
		end := tk.closing(i)
		if end < 0 || hasAlias(tk, end+1) {
			return
		}
		n++
		name := "unnamed_subquery"
		if n > 1 {
			name += strconv.Itoa(n)
		}
		edits = append(edits, edit{pos: toks[end].end, end: toks[end].end, repl: " AS " + name})
	})
	return edits
}

// eachFromTable calls at with the index of each token that starts a table
// of a FROM list: right after the FROM of a query, a JOIN, or a comma of
// the list (a FROM elsewhere, as in EXTRACT(YEAR FROM …) or IS DISTINCT
// FROM (…), starts no list).
func eachFromTable(tk tokens, at func(i int)) {
	// By depth of parentheses: whether the tokens are in a FROM list, and
	// whether a SELECT opened a query there.
	type level struct{ query, from bool }
	levels := []level{{}}
	for i := range tk.toks {
		l := &levels[len(levels)-1]
		if tk.word(i-1, "FROM") && l.query && !tk.word(i-2, "DISTINCT") || tk.word(i-1, "JOIN") || tk.word(i-1, "STRAIGHT_JOIN") || tk.punct(i-1, ",") && l.from {
			at(i)
		}
		switch {
		case tk.punct(i, "("):
			levels = append(levels, level{})
		case tk.punct(i, ")"):
			if len(levels) > 1 {
				levels = levels[:len(levels)-1]
			}
		case tk.word(i, "SELECT"):
			*l = level{query: true}
		case tk.word(i, "FROM") && l.query && !tk.word(i-1, "DISTINCT"):
			l.from = true
		case tk.toks[i].word && l.from && endsFromList(tk.at(i)):
			l.from = false
		}
	}
}

// hasAlias reports whether token k, after a derived table's ')', is its
// alias: AS, a quoted name, or a word that is no keyword after a table.
func hasAlias(tk tokens, k int) bool {
	if k >= len(tk.toks) {
		return false
	}
	if tk.toks[k].word {
		for _, w := range []string{"SEMI", "ANTI", "ASOF", "POSITIONAL"} {
			if tk.word(k, w) && (tk.word(k+1, "JOIN") || tk.word(k+1, "LEFT")) {
				return false // DuckDB's joins (see joinKindEdits)
			}
		}
		return tk.word(k, "AS") || !isClauseWord(tk.at(k))
	}
	c := tk.text[tk.toks[k].pos]
	return c == '"' || c == '`'
}

// endsFromList reports whether w, at a FROM list's depth, ends the list.
func endsFromList(w string) bool {
	switch strings.ToUpper(w) {
	case "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "WINDOW", "QUALIFY":
		return true
	}
	return false
}
