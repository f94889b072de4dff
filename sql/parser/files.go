package parser

import (
	"path/filepath"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// DuckDB's FROM 'file.jsonl' (or a pattern, 'logs/*.jsonl') and its
// table functions read_json, read_json_auto, read_ndjson and
// read_ndjson_auto of one file or pattern (the grammar has neither): the pre-parse makes each a table of a name the
// session knows (FileCall), with the file's name, less its extension, as
// its alias unless it has one, as DuckDB names it.

// filePrefix starts the table name of a file.
const filePrefix = "__lakesql_file$"

// FileTable is the table name that stands for the JSON Lines file path.
func FileTable(path string) string { return filePrefix + path }

// FileCall reports whether name is a FileTable, and of which file.
func FileCall(name string) (path string, ok bool) {
	return strings.CutPrefix(name, filePrefix)
}

// fileEdits makes each 'file' or read_json('file') (and the others) that
// is a table of a FROM list a FileTable.
func fileEdits(text string, toks []sqlToken) []edit {
	tk := tokens{text, toks}
	var edits []edit
	eachFromTable(tk, func(i int) {
		var lit, end int
		switch {
		case !toks[i].word && text[toks[i].pos] == '\'':
			lit, end = i, i
		case toks[i].word && readsJSON(tk.at(i)) && tk.punct(i+1, "(") && tk.closing(i+1) == i+3 && text[toks[i+2].pos] == '\'':
			lit, end = i+2, i+3
		default:
			return
		}
		path, ok := unquoteString(tk.at(lit))
		if !ok || path == "" {
			return
		}
		table := ast.Ident(FileTable(path))
		if !hasAlias(tk, end+1) {
			stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
			if stem == "" || strings.ContainsAny(stem, "*?[") {
				stem = "read_json" // a pattern's files: no one name
			}
			table += " AS " + ast.Ident(stem)
		}
		edits = append(edits, edit{pos: toks[i].pos, end: toks[end].end, repl: table})
	})
	return edits
}

// readsJSON reports a DuckDB table function of JSON files that FROM takes.
func readsJSON(fn string) bool {
	switch strings.ToLower(fn) {
	case "read_json", "read_json_auto", "read_ndjson", "read_ndjson_auto":
		return true
	}
	return false
}

// unquoteString is the text of a '…' literal; false for a literal with
// a backslash, whose escapes this does not read.
func unquoteString(lit string) (string, bool) {
	if len(lit) < 2 || lit[0] != '\'' || lit[len(lit)-1] != '\'' || strings.Contains(lit, `\`) {
		return "", false
	}
	return Unquote(lit), true
}
