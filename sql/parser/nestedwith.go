package parser

import (
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// A WITH inside a subquery or derived table, (WITH a AS (…) SELECT …):
// the grammar has no WITH, so the query in the parentheses is parsed on
// its own (its CTEs substituted there, see parseWith) and the parentheses
// become (SELECT * FROM name), name a table that the converter makes a
// derived table of that query (converter.table). Its CTEs are seen only
// inside it, as in DuckDB.

// withTablePrefix begins the names of the tables that stand for such
// queries.
const withTablePrefix = "__lakesql_with$"

// nestedWiths returns text with each parenthesized WITH query after off
// written as (SELECT * FROM name), and the queries by name. The text
// keeps its length where it can (spaces pad each replacement), so that
// errors after it point where they did.
func nestedWiths(text string, off int) (string, map[string]*ast.Select, error) {
	toks := sqlTokens(text[off:])
	tk := tokens{text[off:], toks}
	var subs map[string]*ast.Select
	var out strings.Builder
	out.WriteString(text[:off])
	last := off
	for i := 0; i+1 < len(toks); i++ {
		if tk.at(i) != "(" || !toks[i+1].word || !strings.EqualFold(tk.at(i+1), "WITH") {
			continue
		}
		end := tk.closing(i)
		if end < 0 {
			return "", nil, NewSyntaxError(text, off+toks[i].pos, "a parenthesis before WITH is not closed")
		}
		st, err := ParseQuery(text[:off+toks[end].pos], off+toks[i+1].pos)
		if err != nil {
			return "", nil, err
		}
		var sel *ast.Select
		switch q := st.(type) {
		case *ast.Select:
			sel = q
		case *ast.Union:
			sel = UnionTable(q)
		default:
			return "", nil, NewSyntaxError(text, off+toks[i+1].pos, "only a query is supported inside the parentheses")
		}
		if subs == nil {
			subs = map[string]*ast.Select{}
		}
		name := withTablePrefix + strconv.Itoa(len(subs)+1)
		subs[name] = sel
		repl := "(SELECT * FROM " + ast.Ident(name) + ")"
		lo, hi := off+toks[i].pos, off+toks[end].end
		if pad := hi - lo - len(repl); pad > 0 {
			repl += strings.Repeat(" ", pad)
		}
		out.WriteString(text[last:lo])
		out.WriteString(repl)
		last = hi
		i = end
	}
	if subs == nil {
		return text, nil, nil
	}
	out.WriteString(text[last:])
	return out.String(), subs, nil
}
