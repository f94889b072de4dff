package parser

import "strings"

// DuckDB's FROM-first queries: FROM t [SELECT items] [WHERE …] … is
// SELECT items FROM t [WHERE …] …, and FROM t alone SELECT * FROM t. A
// query starts FROM-first where a query may start: the statement's start
// (after EXPLAIN [ANALYZE]), an opening '(' (a subquery, a derived table,
// a CTE's query), a UNION, INTERSECT or EXCEPT [ALL | DISTINCT], and the
// end of a WITH's last CTE. fromFirst writes each one as a SELECT, the
// innermost first, before the rest of the pre-parse reads the statement.

// fromFirst returns text with its FROM-first queries written SELECT first.
func fromFirst(text string) string {
	for {
		toks := sqlTokens(text)
		i := lastFromFirst(tokens{text, toks})
		if i < 0 {
			return text
		}
		text = selectFirst(tokens{text, toks}, i)
	}
}

// lastFromFirst returns the index of the FROM that starts the last
// FROM-first query of tk, or -1.
func lastFromFirst(tk tokens) int {
	last := -1
	depth := 0
	with := tk.word(0, "WITH")
	selected := false // a SELECT at depth 0
	for i := range tk.toks {
		switch {
		case tk.punct(i, "("):
			depth++
		case tk.punct(i, ")"):
			depth--
		case tk.word(i, "SELECT") && depth == 0:
			selected = true
		case tk.word(i, "FROM"):
			setOp := func(k int) bool {
				return tk.word(k, "UNION") || tk.word(k, "INTERSECT") || tk.word(k, "EXCEPT")
			}
			switch {
			case i == 0, tk.punct(i-1, "(") && !tk.word(i-2, "TRIM"), setOp(i - 1), // TRIM(FROM s) is no query
				(tk.word(i-1, "ALL") || tk.word(i-1, "DISTINCT")) && setOp(i-2),
				tk.word(i-1, "EXPLAIN") && i == 1, tk.word(i-1, "ANALYZE") && tk.word(i-2, "EXPLAIN") && i == 2,
				tk.punct(i-1, ")") && with && depth == 0 && !selected:
				last = i
			}
		}
	}
	return last
}

// selectFirst writes the FROM-first query whose FROM is token i as a
// SELECT: its items (those of a SELECT at its depth before any other
// clause, or *) ahead of its FROM clause.
func selectFirst(tk tokens, i int) string {
	text, toks := tk.text, tk.toks
	depth := 0
	sel, clause, end := -1, -1, len(toks) // SELECT; the clause after the FROM clause or the items; the query's end
	for k := i + 1; k < len(toks) && end == len(toks); k++ {
		switch {
		case tk.punct(k, "("):
			depth++
		case tk.punct(k, ")"):
			if depth == 0 {
				end = k
			}
			depth--
		case depth != 0:
		case tk.punct(k, ";"), tk.word(k, "UNION"), tk.word(k, "INTERSECT"), tk.word(k, "EXCEPT"):
			end = k
		case tk.word(k, "SELECT") && sel < 0 && clause < 0:
			sel = k
		case toks[k].word && clause < 0 && fromFirstClause(tk.at(k)):
			clause = k
		}
	}
	at := func(k int) int {
		if k < len(toks) {
			return toks[k].pos
		}
		return len(text)
	}
	if clause < 0 {
		clause = end
	}
	if sel < 0 {
		return text[:toks[i].pos] + "SELECT * " + text[toks[i].pos:]
	}
	from := strings.TrimSpace(text[toks[i].pos:toks[sel].pos])
	items := strings.TrimSpace(text[toks[sel].pos:at(clause)])
	return text[:toks[i].pos] + items + " " + from + " " + text[at(clause):]
}

// fromFirstClause reports whether w starts a clause that follows a FROM
// clause or a select list.
func fromFirstClause(w string) bool {
	switch strings.ToUpper(w) {
	case "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "WINDOW", "QUALIFY":
		return true
	}
	return false
}
