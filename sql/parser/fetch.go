package parser

// Standard SQL's and DuckDB's forms of LIMIT, which MySQL's grammar lacks:
// OFFSET m alone, OFFSET m ROWS, FETCH {FIRST | NEXT} [n] {ROW | ROWS}
// ONLY, in either order with an OFFSET. They become LIMIT n [OFFSET m]
// (no FETCH: LIMIT noLimit, which is no limit), placed where the OFFSET
// or FETCH begins. FETCH … WITH TIES stays a syntax error.

import (
	"strconv"
	"strings"
)

// noLimit is the LIMIT of an OFFSET without one.
const noLimit = "9223372036854775807"

// isCount reports whether token k is a count of rows: digits or a ?.
func (tk tokens) isCount(k int) bool {
	t := tk.at(k)
	if t == "?" {
		return true
	}
	_, err := strconv.ParseUint(t, 10, 63)
	return err == nil
}

// fetchEdit returns the edit of an OFFSET or FETCH clause at token i and
// the index of the clause's last token, when the grammar cannot read it
// (a plain LIMIT n OFFSET m it can, and is left alone).
func fetchEdit(tk tokens, i int) (edit, int, bool) {
	limit, offset := "", ""
	k := i
	rows := func() {
		if tk.word(k, "ROW") || tk.word(k, "ROWS") {
			k++
		}
	}
	fetch := func() bool {
		if !tk.word(k, "FETCH") || !tk.word(k+1, "FIRST") && !tk.word(k+1, "NEXT") {
			return false
		}
		k += 2
		limit = "1"
		if tk.isCount(k) {
			limit = tk.at(k)
			k++
		}
		if !tk.word(k, "ROW") && !tk.word(k, "ROWS") || !tk.word(k+1, "ONLY") {
			return false
		}
		k += 2
		return true
	}
	switch {
	case tk.word(i, "OFFSET") && tk.isCount(i+1):
		if tk.word(i-2, "LIMIT") || tk.word(i-4, "LIMIT") && tk.punct(i-2, ",") {
			return edit{}, 0, false // LIMIT n OFFSET m, the grammar's own
		}
		offset = tk.at(i + 1)
		k = i + 2
		rows()
		if tk.word(k, "FETCH") && !fetch() {
			return edit{}, 0, false
		}
	case tk.word(i, "FETCH"):
		if !fetch() {
			return edit{}, 0, false
		}
		if tk.word(k, "OFFSET") && tk.isCount(k+1) {
			offset = tk.at(k + 1)
			k += 2
			rows()
		}
	default:
		return edit{}, 0, false
	}
	if prev := strings.ToUpper(tk.at(i - 1)); prev == "SELECT" || prev == "BY" || prev == "," || prev == "(" || prev == "." {
		return edit{}, 0, false // a field named offset or fetch
	}
	if limit == "" {
		limit = noLimit
	}
	repl := " LIMIT " + limit
	if offset != "" {
		repl += " OFFSET " + offset
	}
	return edit{pos: tk.toks[i].pos, end: tk.toks[k-1].end, repl: repl + " "}, k - 1, true
}
