package parser

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// DuckDB's table functions range(…) and generate_series(…) in a FROM list
// (the grammar has no table functions): the pre-parse makes each one a
// table of a name the session knows (SeriesCall), with the function's
// name as its alias unless it has one, as DuckDB names it.

// seriesPrefix starts the table name of a series.
const seriesPrefix = "__lakesql_series$"

// SeriesTable is the table name that stands for fn(args), args as written.
func SeriesTable(fn, args string) string { return seriesPrefix + fn + "$" + args }

// SeriesCall reports whether name is a SeriesTable, and of which call.
func SeriesCall(name string) (fn, args string, ok bool) {
	rest, ok := strings.CutPrefix(name, seriesPrefix)
	if !ok {
		return "", "", false
	}
	return strings.Cut(rest, "$")
}

// seriesEdits makes each range(…) or generate_series(…) that is a table
// of a FROM list a SeriesTable.
func seriesEdits(text string, toks []sqlToken) []edit {
	tk := tokens{text, toks}
	var edits []edit
	eachFromTable(tk, func(i int) {
		fn := strings.ToLower(tk.at(i))
		if fn != "range" && fn != "generate_series" || !toks[i].word || !tk.punct(i+1, "(") {
			return
		}
		end := tk.closing(i + 1)
		if end < 0 {
			return
		}
		table := ast.Ident(SeriesTable(fn, strings.TrimSpace(text[toks[i+1].end:toks[end].pos])))
		if name, cols, last := aliasList(text, toks, end+1); len(cols) == 1 {
			// range(3) AS t(x): the derived table of its column as x.
			repl := "(SELECT " + fn + " AS " + ast.Ident(cols[0]) + " FROM " + table + ") AS " + ast.Ident(name)
			edits = append(edits, edit{pos: toks[i].pos, end: toks[last].end, repl: repl})
			return
		}
		if !hasAlias(tk, end+1) {
			table += " AS " + fn
		}
		edits = append(edits, edit{pos: toks[i].pos, end: toks[end].end, repl: table})
	})
	return edits
}
