package parser

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/ast"
)

// The pre-parse rewrites, before sqlparser sees the text, what its MySQL
// grammar cannot read into what it can, keeping a map from positions in
// the rewritten text back to the text as typed, for errors:
//
//   - EXTRACT(unit FROM x) becomes DATE_PART('unit', x) (extractName);
//   - CAST(x AS type) and CONVERT(x, type) with a DuckDB type name MySQL
//     lacks (VARCHAR, TEXT, BIGINT, INTEGER, DOUBLE, FLOAT, BOOLEAN,
//     TIMESTAMP, ...) becomes CAST(x AS CHAR __t_<type>): a character set
//     name the converter reads back as the type (a length, VARCHAR(10),
//     is dropped; DOUBLE PRECISION is DOUBLE);
//   - the typed literals DATE '…', TIMESTAMP '…' and DuckDB's INTERVAL
//     '1 day 2 hours' (without a unit after it) become CASTs;
//   - SUBSTRING(x, a, b), SUBSTR(x, a, b) and SUBSTRING(x FROM a FOR b)
//     become a plain call, which the grammar reads for any x (its own rule
//     takes a column only);
//   - POSITION(a IN b) becomes INSTR(b, a);
//   - x = ANY|SOME (SELECT …) becomes x IN (SELECT …), x <> ALL (SELECT …)
//     x NOT IN (SELECT …);
//   - (VALUES (…), …) [AS] name [(columns)] becomes the UNION ALL of a
//     SELECT a row, its first naming the columns (col0, … by default);
//   - (SELECT …) [AS] name (columns) carries the columns in the alias,
//     after columnsMarker, for the converter;
//   - TRIM([BOTH|LEADING|TRAILING] [chars] FROM s) becomes TRIM, LTRIM or
//     RTRIM(s[, chars]);
//   - DuckDB's STRING_AGG(x, sep ORDER BY k) becomes GROUP_CONCAT(x ORDER
//     BY k SEPARATOR sep) (sep a string: the grammar's SEPARATOR takes
//     one);
//   - GROUP BY ALL and ORDER BY ALL become GROUP BY and ORDER BY allMarker,
//     which the converter expands: every select item that holds no
//     aggregate, every select item;
//   - ORDER BY x NULLS FIRST|LAST becomes ORDER BY x, __lakesql_nulls_first
//     (or _last): a marker item that the converter folds into the one
//     before it;
//   - GROUPING SETS ((a, b), (a), ()) becomes groupingSetsMarker(
//     groupingSetMarker(a, b), groupingSetMarker(a), groupingSetMarker());
//   - DuckDB's SELECT DISTINCT ON (e, …) becomes SELECT
//     distinctOnMarker(e, …), …;
//   - OFFSET m alone and FETCH FIRST n ROWS ONLY become LIMIT n OFFSET m
//     (see fetchEdit);
//   - INTERSECT and EXCEPT [ALL] become a marked part of a UNION ALL (see
//     setOpEdit and setOps);
//   - DuckDB's TRY_CAST(x AS type) becomes tryMarker(CAST(x AS type));
//   - DuckDB's x::type becomes CAST(x AS type), x being the name, literal
//     or parenthesized expression (or call) just before it;
//   - lake$files, a metadata table's name unquoted, becomes `lake$files`;
//   - a derived table without an alias gets DuckDB's, unnamed_subquery[n]
//     (see unnamedDerivedEdits);
//   - CROSS JOIN becomes STRAIGHT_JOIN, which the grammar reads without ON;
//   - FULL [OUTER] JOIN becomes LEFT JOIN with a marked condition, and
//     DuckDB's SEMI JOIN and ANTI JOIN become JOIN so (see joinKindEdits);
//   - * EXCLUDE (a, b) becomes *, __lakesql_exclude(a, b), which the
//     converter folds back into the *;
//   - PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x) becomes
//     QUANTILE_CONT(x, p), and so for DISC (see withinGroupAt);
//   - f(…) OVER (window) becomes overMarker(f(…), …), which the converter
//     reads as an ast.Window (see windowAt);
//   - DuckDB's QUALIFY c becomes a last select item qualifyMarker(c),
//     which the converter takes out again (see qualifyEdits);
//   - DuckDB's a // b becomes a DIV b (sqlparser reads // as a comment);
//   - DuckDB's a || b becomes a | b, which the converter reads as ||;
//   - x [NOT] ILIKE p [ESCAPE 'c'] becomes x [NOT] LIKE p ESCAPE
//     '<ilikeMarker>[c]', which the converter reads as ILIKE(x, p[, 'c']);
//   - x IS NOT DISTINCT FROM y becomes x <=> y, and x IS DISTINCT FROM y
//     x <=> <distinctMarker>(y), which the converter reads as NOT (x <=>
//     y) (both refused where <=>'s precedence would group otherwise: see
//     distinctUnsafe);
//   - agg(x, …) FILTER (WHERE c) becomes agg(CASE WHEN (c) THEN x END, …)
//     (COUNT(*): COUNT(CASE WHEN (c) THEN 1 END)), for the aggregates of
//     ast.Aggregates: every one skips NULLs;
//   - in a string, a backslash is itself, as in DuckDB (MySQL's escapes
//     would read '\d+' as 'd+'): it goes to the tokenizer doubled;
//   - "name" becomes `name`: double quotes enclose a name, as in DuckDB,
//     not a string as in MySQL.

// edit replaces text[pos:end] with repl.
type edit struct {
	pos, end int
	repl     string
	// whole: the edits of one construct that are applied all or none
	// (0: this one alone), so that another's edit over part of them
	// cannot leave a construct half rewritten (FILTER (WHERE c) dropped,
	// its condition lost): left as written, the grammar refuses it.
	whole int
	first bool // an insertion that goes before the others at its place (see applyEdits)
}

// rewritten is statement text after the pre-parse.
type rewritten struct {
	text  string
	edits []edit // in order of pos, in the original text
}

// origPos maps a byte offset of the rewritten text to the original text.
func (r rewritten) origPos(p int) int {
	shift := 0
	for _, e := range r.edits {
		start := e.pos + shift // where the edit begins in the new text
		if p < start {
			break
		}
		if p < start+len(e.repl) {
			return e.pos
		}
		shift += len(e.repl) - (e.end - e.pos)
	}
	return p - shift
}

// sqlToken is a token of the pre-parse's walk.
type sqlToken struct {
	pos, end int
	word     bool // an identifier or keyword (not quoted)
}

// sqlTokens splits text into words, quoted strings and names, and single
// punctuation characters, skipping spaces and comments the way sqlparser's
// tokenizer does (a backslash escapes in '…' and "…", not in `…`).
func sqlTokens(text string) []sqlToken {
	var out []sqlToken
	for i := 0; i < len(text); {
		n := leadingSpace(text[i:])
		if n > 0 {
			i += n
			continue
		}
		start := i
		c := text[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(text, i)
			out = append(out, sqlToken{pos: start, end: i})
		case isNameByte(c):
			for i < len(text) && isNameByte(text[i]) {
				i++
			}
			out = append(out, sqlToken{pos: start, end: i, word: true})
		default:
			i++
			out = append(out, sqlToken{pos: start, end: i})
		}
	}
	return out
}

// skipQuoted returns the offset just past the quoted text that starts at
// text[i] (the end of text if it is unterminated). A doubled quote stands
// for itself; a backslash is a character like any other, as in DuckDB.
func skipQuoted(text string, i int) int {
	end, _ := skipQuote(text, i)
	return end
}

// skipQuote is skipQuoted, and whether the quote closes.
func skipQuote(text string, i int) (end int, closed bool) {
	q := text[i]
	for i++; i < len(text); i++ {
		if text[i] == q {
			if i+1 < len(text) && text[i+1] == q {
				i++
				continue
			}
			return i + 1, true
		}
	}
	return len(text), false
}

func isNameByte(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// castOperand returns the index of the first token of the operand that
// ends at token i, for x::type: a parenthesized expression with the name
// of its call if any, or a name, literal, number with its dotted parts
// (a.b, 2.5) or ? placeholder; -1 when there is none.
func castOperand(text string, toks []sqlToken, i int) int {
	is := func(k int, p string) bool { return k >= 0 && !toks[k].word && text[toks[k].pos:toks[k].end] == p }
	// opener is the index of the open that the close at i matches, or -1.
	opener := func(open, close string) int {
		depth := 0
		for k := i; k >= 0; k-- {
			switch {
			case is(k, close):
				depth++
			case is(k, open):
				if depth--; depth == 0 {
					return k
				}
			}
		}
		return -1
	}
	if is(i, "]") {
		// A list [a, b] (its '['), or a subscript x[i] (x's start).
		k := opener("[", "]")
		if k <= 0 {
			return k
		}
		tk := tokens{text, toks}
		if toks[k-1].word && isClauseWord(tk.at(k-1)) || bracketAfter[strings.ToUpper(tk.at(k-1))] ||
			!endsOperand(text, toks, k-1) && !is(k-1, "]") {
			return k
		}
		return castOperand(text, toks, k-1)
	}
	if is(i, ")") {
		k := opener("(", ")")
		if k > 0 && toks[k-1].word && !notCallWord[strings.ToUpper(text[toks[k-1].pos:toks[k-1].end])] {
			return k - 1
		}
		return k
	}
	c := text[toks[i].pos]
	if !toks[i].word && c != '\'' && c != '"' && c != '`' && c != '?' {
		return -1
	}
	if c == '\'' && i > 0 && toks[i-1].word {
		if w := strings.ToUpper(text[toks[i-1].pos:toks[i-1].end]); w == "DATE" || w == "TIMESTAMP" || w == "INTERVAL" {
			return i - 1 // DATE '…'::type, INTERVAL '1 day'::VARCHAR
		}
	}
	// INTERVAL 3 DAY::VARCHAR, INTERVAL -3 DAY, INTERVAL '3' DAY.
	if toks[i].word && isIntervalUnit(text[toks[i].pos:toks[i].end]) {
		for k := i - 2; k >= 0 && k >= i-3; k-- {
			if toks[k].word && strings.EqualFold(text[toks[k].pos:toks[k].end], "INTERVAL") && (k == i-2 || is(k+1, "-")) {
				return k
			}
		}
	}
	// 1e-7, 2.5E+3: the exponent's sign splits the number in three.
	digits := func(w string) bool { return w != "" && strings.Trim(w, "0123456789") == "" }
	if i >= 2 && (is(i-1, "-") || is(i-1, "+")) && toks[i-2].word && toks[i-1].pos == toks[i-2].end && toks[i].pos == toks[i-1].end {
		w := text[toks[i-2].pos:toks[i-2].end]
		if last := w[len(w)-1]; (last == 'e' || last == 'E') && digits(w[:len(w)-1]) && digits(text[toks[i].pos:toks[i].end]) {
			i -= 2
		}
	}
	for i >= 2 && is(i-1, ".") && toks[i-2].word && toks[i-1].pos == toks[i-2].end && toks[i].pos == toks[i-1].end {
		i -= 2
	}
	return i
}

// notCallWord are the words before a '(' that make no call of it: (a +
// 1)::DOUBLE after SELECT casts the parenthesized sum.
var notCallWord = map[string]bool{"SELECT": true, "WHERE": true, "AND": true, "OR": true, "NOT": true, "ON": true, "WHEN": true,
	"THEN": true, "ELSE": true, "BY": true, "AS": true, "IN": true, "IS": true, "FROM": true, "HAVING": true, "DISTINCT": true,
	"ALL": true, "CASE": true, "BETWEEN": true, "LIKE": true, "ILIKE": true, "LIMIT": true, "OFFSET": true, "SET": true,
	"JOIN": true, "USING": true, "QUALIFY": true, "UNION": true, "INTERSECT": true, "EXCEPT": true, "ANY": true, "SOME": true,
	"VALUES": true, "WITH": true, "DIV": true, "MOD": true, "XOR": true, "REGEXP": true, "ESCAPE": true, "RETURN": true}

// tokens is a statement's text and its tokens (sqlTokens), for the
// pre-parse's helpers: a token's text by index ("" past either end), the
// tests of a word or punctuation there, and matching parentheses.
type tokens struct {
	text string
	toks []sqlToken
}

func (tk tokens) at(k int) string {
	if k < 0 || k >= len(tk.toks) {
		return ""
	}
	return tk.text[tk.toks[k].pos:tk.toks[k].end]
}

func (tk tokens) word(k int, w string) bool {
	return k >= 0 && k < len(tk.toks) && tk.toks[k].word && strings.EqualFold(tk.at(k), w)
}

func (tk tokens) punct(k int, p string) bool {
	return k >= 0 && k < len(tk.toks) && !tk.toks[k].word && tk.at(k) == p
}

// adjacent reports whether token k+1 follows token k with no space.
func (tk tokens) adjacent(k int) bool {
	return k >= 0 && k+1 < len(tk.toks) && tk.toks[k+1].pos == tk.toks[k].end
}

// closing returns the index of the ')' that matches the '(' at k, or -1.
func (tk tokens) closing(k int) int {
	depth := 0
	for ; k >= 0 && k < len(tk.toks); k++ {
		switch {
		case tk.punct(k, "("):
			depth++
		case tk.punct(k, ")"):
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// opening returns the index of the '(' that matches the ')' at k, or -1.
func (tk tokens) opening(k int) int {
	depth := 0
	for ; k >= 0 && k < len(tk.toks); k-- {
		switch {
		case tk.punct(k, ")"):
			depth++
		case tk.punct(k, "("):
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// firstOf returns the index of the first token in [lo, hi) at depth 0
// of the parentheses there that is a punctuation of ps or a word of ws;
// hi when there is none.
func (tk tokens) firstOf(lo, hi int, ps []string, ws ...string) int {
	depth := 0
	for k := lo; k < hi; k++ {
		switch {
		case tk.punct(k, "("):
			depth++
		case tk.punct(k, ")"):
			depth--
		case depth == 0 && (slices.ContainsFunc(ps, func(p string) bool { return tk.punct(k, p) }) || slices.ContainsFunc(ws, func(w string) bool { return tk.word(k, w) })):
			return k
		}
	}
	return hi
}

// operandEnd returns the index of the last token of the operand that
// starts at token i, for x ILIKE pattern: a string, number, ? or name
// (with its dotted parts), a call, or a parenthesized expression; -1 when
// it is none of those.
func operandEnd(text string, toks []sqlToken, i int) int {
	tk := tokens{text, toks}
	if i >= len(toks) {
		return -1
	}
	if tk.punct(i, "(") {
		return tk.closing(i)
	}
	c := text[toks[i].pos]
	if !toks[i].word && c != '\'' && c != '"' && c != '`' && c != '?' {
		return -1
	}
	if toks[i].word && tk.punct(i+1, "(") {
		return tk.closing(i + 1)
	}
	for tk.punct(i+1, ".") && i+2 < len(toks) && tk.adjacent(i) && tk.adjacent(i+1) && (toks[i+2].word || text[toks[i+2].pos] == '"' || text[toks[i+2].pos] == '`') {
		i += 2
	}
	return i
}

// patternEnd returns the index of the last token of the expression that
// starts at token i and binds tighter than LIKE (a pattern: operands of
// operandEnd, typed literals, CASE … END, joined by || + - * / // % DIV
// MOD and :: casts), or -1.
func patternEnd(text string, toks []sqlToken, i int) int {
	tk := tokens{text, toks}
	for {
		for tk.at(i) == "-" || tk.at(i) == "+" {
			i++
		}
		var end int
		switch {
		case (tk.word(i, "DATE") || tk.word(i, "TIMESTAMP")) && i+1 < len(toks) && text[toks[i+1].pos] == '\'':
			end = i + 1
		case tk.word(i, "INTERVAL"):
			if end = operandEnd(text, toks, i+1); end < 0 || end+1 >= len(toks) || !toks[end+1].word {
				return -1
			}
			end++
		case tk.word(i, "CASE"):
			depth := 0
			end = -1
			for k := i; k < len(toks) && end < 0; k++ {
				if tk.word(k, "CASE") {
					depth++
				} else if tk.word(k, "END") {
					if depth--; depth == 0 {
						end = k
					}
				}
			}
		default:
			end = operandEnd(text, toks, i)
		}
		if end < 0 {
			return -1
		}
		for tk.at(end+1) == ":" && tk.at(end+2) == ":" && tk.adjacent(end+1) && end+3 < len(toks) && toks[end+3].word {
			end += 3
			if tk.at(end+1) == "(" {
				if end = tk.closing(end + 1); end < 0 {
					return -1
				}
			}
		}
		switch op := tk.at(end + 1); {
		case op == "|" && tk.at(end+2) == "|" && tk.adjacent(end+1), op == "/" && tk.at(end+2) == "/" && tk.adjacent(end+1):
			i = end + 3
		case op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || tk.word(end+1, "DIV") || tk.word(end+1, "MOD"):
			i = end + 2
		default:
			return end
		}
	}
}

// endsOperand reports whether token k can end an operand: a literal, a
// quoted name, ')', or a word other than the keywords before an
// expression. It tells x ILIKE p, whose ILIKE follows an operand (or NOT
// after one), from the call ILIKE(x, p).
func endsOperand(text string, toks []sqlToken, k int) bool {
	if k < 0 {
		return false
	}
	t := text[toks[k].pos:toks[k].end]
	if !toks[k].word {
		return t == ")" || t == "?" || t[0] == '\'' || t[0] == '"' || t[0] == '`'
	}
	switch strings.ToUpper(t) {
	case "SELECT", "WHERE", "AND", "OR", "XOR", "NOT", "ON", "WHEN", "THEN", "ELSE", "HAVING", "BY", "DISTINCT",
		"CASE", "IN", "IS", "LIKE", "ILIKE", "REGEXP", "RLIKE", "BETWEEN", "AS", "FROM", "RETURN", "ESCAPE", "DIV", "MOD":
		return false
	}
	return true
}

// filterCase reads FILTER (WHERE c), FILTER at token i: the head of the
// CASE that filters an aggregate's argument, CASE WHEN (c) THEN, and the
// index of FILTER's ')'; -1 when it is not so written.
func filterCase(text string, toks []sqlToken, i int) (string, int) {
	c, closeF := filterCond(text, toks, i)
	if closeF < 0 {
		return "", -1
	}
	return filterHead(c, ast.FilteredMarker), closeF
}

// filterCond reads FILTER (WHERE c), or DuckDB's FILTER (c), FILTER at
// token i: c, rewritten, and the index of FILTER's ')'; -1 when it is
// not so written.
func filterCond(text string, toks []sqlToken, i int) (string, int) {
	tk := tokens{text, toks}
	if !tk.punct(i+1, "(") {
		return "", -1
	}
	from := i + 2
	if tk.word(from, "WHERE") {
		from++
	}
	closeF := tk.closing(i + 1)
	if closeF <= from {
		return "", -1
	}
	return prepass(text[toks[from].pos:toks[closeF-1].end]).text, closeF
}

// filterHead is the head of the CASE of FILTER (WHERE c): CASE WHEN c
// THEN, c marked (ast.FilteredMarker, ast.FilteredStar) for the column's
// name, which DuckDB writes with the FILTER.
func filterHead(c, marker string) string { return "CASE WHEN " + marker + "((" + c + ")) THEN " }

// isAggregate reports whether name (upper case) is an aggregate's, or of
// an aggregate of DuckDB's that the converter writes as another
// (COUNT_IF, APPROX_COUNT_DISTINCT: see macro). GEOMEAN, WEIGHTED_AVG and
// the others are DuckDB's macros, which refuse FILTER.
func isAggregate(name string) bool {
	return slices.Contains(ast.Aggregates, name) || name == "COUNT_IF" || name == "COUNTIF" || name == "APPROX_COUNT_DISTINCT"
}

// filterEdits returns the edits that make agg(x, …) FILTER (WHERE c),
// FILTER at token i, agg(CASE WHEN (c) THEN x END, …), and the index of
// FILTER's ')'; -1 when FILTER does not follow the call of an aggregate.
func filterEdits(text string, toks []sqlToken, i int) ([]edit, int) {
	tk := tokens{text, toks}
	if !tk.punct(i-1, ")") {
		return nil, -1
	}
	c, closeF := filterCond(text, toks, i)
	cond := filterHead(c, ast.FilteredMarker)
	open := tk.opening(i - 1)
	if closeF < 0 || open < 1 || !toks[open-1].word || !isAggregate(strings.ToUpper(tk.at(open-1))) {
		return nil, -1
	}
	drop := edit{pos: toks[i-1].end, end: toks[closeF].end}
	whole := i + 1 // this FILTER's edits go together (edit.whole)
	drop.whole = whole
	if tk.punct(open+1, "*") && open+2 == i-1 { // COUNT(*)
		return []edit{{pos: toks[open+1].pos, end: toks[open+1].end, repl: filterHead(c, ast.FilteredStar) + "1 END", whole: whole}, drop}, closeF
	}
	if ast.KeepsNulls(tk.at(open - 1)) {
		// FIRST(x) FILTER (WHERE c): x is kept NULL or not, so the rows
		// that c leaves out go as a last argument, ast.FilterArg(c),
		// which the binder takes for the aggregate's filter.
		filterArg := ", " + ast.FilterArg + "((" + c + "))"
		return []edit{{pos: toks[i-1].pos, end: toks[i-1].pos, repl: filterArg, whole: whole}, drop}, closeF
	}
	start := open + 1
	if tk.word(start, "DISTINCT") {
		start++
	}
	last := tk.firstOf(start, i-1, []string{","}, "ORDER", "SEPARATOR") - 1 // the first argument's last token
	if last < start {
		return nil, -1
	}
	return []edit{{pos: toks[start].pos, end: toks[start].pos, repl: cond, whole: whole}, {pos: toks[last].end, end: toks[last].end, repl: " END", whole: whole}, drop}, closeF
}

// ilikeAt reports whether token i is the ILIKE of x [NOT] ILIKE p (not
// the call ILIKE(x, p)), and returns the index of p's last token (-1 when
// patternEnd cannot delimit it).
func ilikeAt(text string, toks []sqlToken, i int) (end int, ok bool) {
	tk := tokens{text, toks}
	if !tk.word(i, "ILIKE") || !endsOperand(text, toks, i-1) && !(tk.word(i-1, "NOT") && endsOperand(text, toks, i-2)) {
		return -1, false
	}
	return patternEnd(text, toks, i+1), true
}

// distinctAt reports whether token i begins x IS [NOT] DISTINCT FROM y,
// and returns the index of its FROM and of y's last token (-1 when y
// cannot be delimited, or <=> would group otherwise: distinctUnsafe).
func distinctAt(text string, toks []sqlToken, i int) (from, end int, ok bool) {
	tk := tokens{text, toks}
	switch {
	case tk.word(i, "IS") && tk.word(i+1, "DISTINCT") && tk.word(i+2, "FROM"):
		from = i + 2
	case tk.word(i, "IS") && tk.word(i+1, "NOT") && tk.word(i+2, "DISTINCT") && tk.word(i+3, "FROM"):
		from = i + 3
	default:
		return 0, -1, false
	}
	if end = patternEnd(text, toks, from+1); end >= 0 && distinctUnsafe(text, toks, i, end) {
		end = -1
	}
	return from, end, true
}

// distinctUnsafe reports whether x IS [NOT] DISTINCT FROM y, IS at token
// is and y ending at token end, would group otherwise as <=>, which binds
// as = does, where IS DISTINCT FROM binds looser than comparisons and
// BETWEEN: a comparison after y, or a BETWEEN before IS in its clause.
func distinctUnsafe(text string, toks []sqlToken, is, end int) bool {
	tk := tokens{text, toks}
	switch strings.ToUpper(tk.at(end + 1)) {
	case "=", "<", ">", "!", "LIKE", "ILIKE", "REGEXP", "RLIKE", "IN", "BETWEEN", "NOT":
		return true
	}
	return tk.betweenIn(is, true)
}

// betweenIn reports whether the part of a clause that ends before token k
// (back to a boundary at its depth: AND, OR, WHEN, a comma, …) holds a
// BETWEEN; pastAnds reads an AND that is a BETWEEN's own as no boundary.
func (tk tokens) betweenIn(k int, pastAnds bool) bool {
	depth := 0
	for k--; k >= 0; k-- {
		switch w := strings.ToUpper(tk.at(k)); w {
		case ")":
			depth++
		case "(":
			if depth--; depth < 0 {
				return false
			}
		case "BETWEEN":
			if depth == 0 {
				return true
			}
		case "AND", "OR", "XOR", "WHEN", "THEN", "ELSE", "WHERE", "SELECT", "ON", "HAVING", ",", "CASE":
			if depth == 0 && !(pastAnds && w == "AND" && tk.betweenIn(k, false)) {
				return false
			}
		}
	}
	return false
}

// isIntervalUnit reports whether w names a unit of INTERVAL n unit, in
// the singular or plural.
func isIntervalUnit(w string) bool {
	switch strings.TrimSuffix(strings.ToUpper(w), "S") {
	case "YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND",
		"DECADE", "CENTURY", "MILLENNIUM", "CENTURIE", "MILLENNIA":
		return true
	}
	return false
}

// quantified reports whether token i is the ANY, SOME or ALL of a
// comparison with a subquery: x op ANY (SELECT …).
func quantified(text string, toks []sqlToken, i int) bool {
	tk := tokens{text, toks}
	return (tk.word(i, "ANY") || tk.word(i, "SOME") || tk.word(i, "ALL")) && tk.punct(i+1, "(") && tk.word(i+2, "SELECT") && i > 0 && !toks[i-1].word
}

// quantifiedEdit makes x = ANY|SOME (SELECT …) x IN (SELECT …), and x <>
// ALL (SELECT …) x NOT IN (SELECT …); any other comparison x op ALL|ANY
// (SELECT …) it makes x op allQMarker((SELECT …)) or anyQMarker, which the
// converter reads (see quantifiedCase). False when no comparison comes
// before, which ParseSelect refuses.
func quantifiedEdit(text string, toks []sqlToken, i int) ([]edit, bool) {
	tk := tokens{text, toks}
	all := tk.word(i, "ALL")
	op := tk.at(i - 1)
	if i > 1 && tk.adjacent(i-2) && strings.Contains("<>!", tk.at(i-2)) && (op == "=" || op == ">") {
		op = tk.at(i-2) + op
	}
	switch {
	case op == "=" && !all:
		return []edit{{pos: toks[i-1].pos, end: toks[i].end, repl: " IN "}}, true
	case (op == "<>" || op == "!=") && all:
		return []edit{{pos: toks[i-2].pos, end: toks[i].end, repl: " NOT IN "}}, true
	case op == "=" || op == "<>" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=":
		end := tk.closing(i + 1)
		if end < 0 {
			return nil, false
		}
		marker := anyQMarker
		if all {
			marker = allQMarker
		}
		return []edit{{pos: toks[i].pos, end: toks[i].end, repl: marker + "("},
			{pos: toks[end].end, end: toks[end].end, repl: ")"}}, true
	}
	return nil, false
}

// The markers of x op ALL (SELECT …) and x op ANY (SELECT …) (see
// quantifiedEdit).
const (
	allQMarker = "__lakesql_all_of"
	anyQMarker = "__lakesql_any_of"
)

// columnsMarker separates, in the alias the pre-parse gives a derived
// table written (SELECT …) AS name (a, b), the name from the columns.
const columnsMarker = "\x1f"

// aliasList reads, from token k, [AS] name [(a, b, …)]; it returns the
// name, the columns, and the index of its last token (-1 when there is
// no name).
func aliasList(text string, toks []sqlToken, k int) (name string, cols []string, last int) {
	tok := tokens{text, toks}.at
	unquote := func(w string) string {
		if len(w) >= 2 && (w[0] == '`' || w[0] == '"') {
			q := w[:1]
			return strings.ReplaceAll(w[1:len(w)-1], q+q, q)
		}
		return w
	}
	isName := func(k int) bool {
		w := tok(k)
		return w != "" && (toks[k].word && !isClauseWord(w) || w[0] == '`' || w[0] == '"')
	}
	if strings.EqualFold(tok(k), "AS") {
		k++
	}
	if !isName(k) {
		return "", nil, -1
	}
	name, last = unquote(tok(k)), k
	if tok(k+1) != "(" {
		return name, nil, last
	}
	for j := k + 2; j < len(toks); j += 2 {
		if !isName(j) {
			return name, nil, last
		}
		cols = append(cols, unquote(tok(j)))
		switch tok(j + 1) {
		case ",":
			continue
		case ")":
			return name, cols, j + 1
		}
		return name, nil, last
	}
	return name, nil, last
}

// isClauseWord reports whether w is a keyword that may follow a table in
// FROM, and so is no alias.
func isClauseWord(w string) bool {
	switch strings.ToUpper(w) {
	case "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "JOIN", "INNER", "LEFT", "RIGHT",
		"CROSS", "FULL", "OUTER", "ON", "USING", "STRAIGHT_JOIN", "NATURAL", "AS", "SELECT", "FROM", "WINDOW", "QUALIFY":
		return true
	}
	return false
}

// derivedColumns, at the ')' of token i that closes a derived table's
// query followed by [AS] name (columns), returns the alias the converter
// splits (name, columnsMarker and the columns joined by it) and the
// span it replaces; last is -1 when there is no such list.
func derivedColumns(text string, toks []sqlToken, i int) (repl string, first, last int) {
	tk := tokens{text, toks}
	open := tk.opening(i)
	if open < 0 || !tk.word(open+1, "SELECT") {
		return "", 0, -1
	}
	// A table of FROM or a JOIN: not x IN (SELECT …) AND (a, b) = …,
	// whose AND is no alias.
	if !tk.word(open-1, "FROM") && !tk.word(open-1, "JOIN") && !tk.word(open-1, "STRAIGHT_JOIN") && !tk.punct(open-1, ",") {
		return "", 0, -1
	}
	name, cols, end := aliasList(text, toks, i+1)
	if end < 0 || cols == nil {
		return "", 0, -1
	}
	return "AS " + ast.Ident(name+columnsMarker+strings.Join(cols, columnsMarker)), i + 1, end
}

// valuesTable rewrites (VALUES (…), …) [AS] name [(columns)], its '(' at
// token i, as the UNION ALL of a SELECT per row; last is the index of the
// last token it replaces (-1 when it cannot read it).
func valuesTable(text string, toks []sqlToken, i int) (repl string, last int) {
	tk := tokens{text, toks}
	end := tk.closing(i)
	if end < 0 {
		return "", -1
	}
	var rows [][]string
	for k := i + 2; k < end; {
		rEnd := tk.closing(k)
		if !tk.punct(k, "(") || rEnd < 0 || rEnd > end {
			return "", -1
		}
		var row []string
		for start := k + 1; ; {
			comma := tk.firstOf(start, rEnd, []string{","})
			if start >= comma {
				return "", -1
			}
			row = append(row, prepass(text[toks[start].pos:toks[comma-1].end]).text)
			if comma == rEnd {
				break
			}
			start = comma + 1
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return "", -1
		}
		rows = append(rows, row)
		k = rEnd + 1
		if tk.punct(k, ",") {
			k++
		} else if k != end {
			return "", -1
		}
	}
	if len(rows) == 0 {
		return "", -1
	}
	name, cols, aliasEnd := aliasList(text, toks, end+1)
	last = end
	if aliasEnd >= 0 {
		last = aliasEnd
	} else {
		name = "valueslist"
	}
	if cols == nil {
		for c := range rows[0] {
			cols = append(cols, fmt.Sprintf("col%d", c))
		}
	}
	if len(cols) != len(rows[0]) {
		return "", -1
	}
	var b strings.Builder
	b.WriteString("(")
	for r, row := range rows {
		if r > 0 {
			b.WriteString(" UNION ALL ")
		}
		b.WriteString("SELECT ")
		for c, e := range row {
			if c > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e)
			if r == 0 {
				b.WriteString(" AS " + ast.Ident(cols[c]))
			}
		}
	}
	b.WriteString(") AS " + ast.Ident(name))
	return b.String(), last
}

// distinctMarker is the call around y of x IS DISTINCT FROM y.
const distinctMarker = "__LAKESQL_DISTINCT"

// ilikeMarker begins the ESCAPE string that x ILIKE p [ESCAPE 'c'] carries
// through sqlparser as x LIKE p ESCAPE '<marker>[c]': the converter makes
// it ILIKE(x, p[, 'c']).
const ilikeMarker = "__lakesql_ilike:"

// allMarker stands for DuckDB's ALL of GROUP BY ALL and ORDER BY ALL, a
// name the converter expands into the select list's positions.
const allMarker = "__lakesql_all"

// excludeMarker stands for the EXCLUDE of * EXCLUDE (…) (see prepass).
const excludeMarker = "__lakesql_exclude"

// replaceMarker stands for the REPLACE of DuckDB's * REPLACE (e AS a, …),
// which the pre-parse makes *, replaceMarker(e, a, …).
const replaceMarker = "__lakesql_replace"

// replaceEdits are the edits of the REPLACE (e AS a, …) at token i, after
// a *: its word the marker's call, each AS at its top level a comma; all
// or none (edit.whole).
func replaceEdits(tk tokens, i int) []edit {
	end := tk.closing(i + 1)
	if end < 0 {
		return nil
	}
	whole := i + 1
	edits := []edit{{pos: tk.toks[i].pos, end: tk.toks[i].end, repl: ", " + replaceMarker, whole: whole}}
	depth := 0
	for k := i + 2; k < end; k++ {
		switch {
		case tk.punct(k, "("):
			depth++
		case tk.punct(k, ")"):
			depth--
		case depth == 0 && tk.word(k, "AS"):
			edits = append(edits, edit{pos: tk.toks[k].pos, end: tk.toks[k].end, repl: ",", whole: whole})
		}
	}
	return edits
}

// groupingSetsMarker and groupingSetMarker stand for GROUPING SETS (…)
// and each parenthesized set in it (the session's groupingSets reads
// them).
const (
	groupingSetsMarker = "__lakesql_grouping_sets"
	groupingSetMarker  = "__lakesql_set"
)

// distinctOnMarker stands for DuckDB's DISTINCT ON (e, …): the pre-parse
// writes SELECT DISTINCT ON (e, …) items as SELECT distinctOnMarker(e,
// …), items, and the converter takes the first item out again.
const distinctOnMarker = "__lakesql_distinct_on"

// arrowMarker and arrowTextMarker stand for x -> p and x ->> p of an x
// or p that the grammar does not take there (see arrowEdits).
const (
	arrowMarker     = "__lakesql_arrow"
	arrowTextMarker = "__lakesql_arrow_text"
)

// arrowEdits returns the edits of x -> p or x ->> p whose '-' is token i
// when the grammar cannot read it (x is not a column's name, as a call,
// a literal, a parenthesized expression or another arrow's result is, or
// p is not a literal): arrowMarker(x, p), x with the arrows before it
// (s -> 'a' -> 'b' is (s -> 'a') -> 'b'), p one operand; and the index
// of p's last token. false leaves it to the grammar.
func arrowEdits(tk tokens, i int) ([]edit, int, bool) {
	toks := tk.toks
	adjacent := func(k int) bool { return toks[k].end == toks[k+1].pos }
	opEnd := i + 1 // the operator's last token
	marker := arrowMarker
	if tk.punct(i+2, ">") && adjacent(i+1) {
		opEnd, marker = i+2, arrowTextMarker
	}
	start := castOperand(tk.text, toks, i-1)
	if start < 0 || opEnd+1 >= len(toks) {
		return nil, 0, false
	}
	// x -> body, a call's argument of its own: a lambda (see lambdaEdits).
	if opEnd == i+1 && start == i-1 && toks[start].word && !isKeyword(tk.at(start)) && (tk.punct(start-1, "(") || tk.punct(start-1, ",")) {
		if es, last, ok := lambdaEdits(tk, start, start, start, opEnd, lambdaMarker); ok {
			return es, last, true
		}
	}
	// (x, i) -> body, so too.
	if opEnd == i+1 && tk.punct(start, "(") && tk.punct(i-1, ")") && (tk.punct(start-1, "(") || tk.punct(start-1, ",")) && lambdaParams(tk, start+1) == i-2 {
		if es, last, ok := lambdaEdits(tk, start, start+1, i-2, opEnd, lambdaMarker); ok {
			return es, last, true
		}
	}
	chained := false
	for {
		// An arrow or a :: just before x: x is that arrow's result, or
		// that cast's.
		k := start - 1
		if tk.punct(k, ">") && tk.punct(k-1, ">") && adjacent(k-1) && tk.punct(k-2, "-") && adjacent(k-2) {
			k -= 2
		} else if tk.punct(k, ">") && tk.punct(k-1, "-") && adjacent(k-1) {
			k--
		} else if tk.punct(k, ":") && tk.punct(k-1, ":") && adjacent(k-1) {
			k--
		} else {
			break
		}
		s := castOperand(tk.text, toks, k-1)
		if s < 0 {
			return nil, 0, false
		}
		start, chained = s, true
	}
	p := opEnd + 1
	last := p
	if tk.punct(p, "(") {
		if last = tk.closing(p); last < 0 {
			return nil, 0, false
		}
	} else if tk.punct(p, "-") && p+1 < len(toks) && toks[p+1].word {
		last = p + 1 // a negative number
	}
	c := tk.text[toks[p].pos]
	column := start == i-1 && toks[start].word && !isKeyword(tk.at(start))
	literal := last == p && (c == '\'' || c >= '0' && c <= '9')
	if column && literal && !chained {
		return nil, 0, false
	}
	return []edit{
		{pos: toks[start].pos, end: toks[start].pos, repl: marker + "(", first: true, whole: i + 1},
		{pos: toks[i].pos, end: toks[opEnd].end, repl: ",", whole: i + 1},
		{pos: toks[last].end, end: toks[last].end, repl: ")", whole: i + 1},
	}, last, true
}

// lambdaMarker stands for DuckDB's lambda x -> body, an argument of a
// call (LIST_TRANSFORM(l, x -> x * 2)): lambdaMarker(x, body), which the
// converter reads as one (ast.LambdaFunc).
const (
	lambdaMarker    = "__lakesql_lambda"
	lambdaKeyMarker = "__lakesql_lambda_key" // written lambda x: body
)

// lambdaEdits returns the edits of a lambda, marker(x, body) or
// marker(x, i, body), whose head (x, LAMBDA or the parenthesis of (x, i))
// starts at token head, whose parameters are tokens first to last (x,
// or x, i), and whose separator (->, : or ) ->) ends at token sepEnd:
// the body reaches the argument's end. An arrow's body that starts with
// a literal is JSON's arrow, not a lambda (x -> '$.a', x -> 0, x -> 'a'
// -> 'b'; write x -> (1 + x) for one). It returns the index of sepEnd,
// or false.
func lambdaEdits(tk tokens, head, first, last, sepEnd int, marker string) ([]edit, int, bool) {
	toks := tk.toks
	body := sepEnd + 1
	if body >= len(toks) {
		return nil, 0, false
	}
	if c := tk.text[toks[body].pos]; marker == lambdaMarker && (c == '\'' || c >= '0' && c <= '9') {
		return nil, 0, false
	}
	depth, end := 0, -1
	for k := body; k < len(toks) && end < 0; k++ {
		switch {
		case tk.punct(k, "(") || tk.punct(k, "["):
			depth++
		case tk.punct(k, ")") || tk.punct(k, "]"):
			if depth == 0 {
				end = k - 1
			}
			depth--
		case depth == 0 && tk.punct(k, ","):
			end = k - 1
		}
	}
	if end < body {
		return nil, 0, false
	}
	return []edit{
		// marker( before x, in place of LAMBDA or ( where it is written.
		{pos: toks[head].pos, end: toks[first].pos, repl: marker + "(", first: true, whole: sepEnd + 1},
		{pos: toks[last].end, end: toks[sepEnd].end, repl: ",", whole: sepEnd + 1},
		{pos: toks[end].end, end: toks[end].end, repl: ")", whole: sepEnd + 1},
	}, sepEnd, true
}

// lambdaKeyAt is the index of the ':' of LAMBDA x: or LAMBDA x, i: at
// token i, or -1.
func lambdaKeyAt(tk tokens, i int) int {
	last := lambdaParams(tk, i+1)
	if last < 0 || !tk.punct(last+1, ":") || tk.punct(last+2, ":") || last+2 >= len(tk.toks) {
		return -1
	}
	return last + 1
}

// lambdaParams returns the last token of a lambda's parameters that
// start at token first: a name, or names between commas (x, i); -1 if
// there is none.
func lambdaParams(tk tokens, first int) int {
	if first >= len(tk.toks) || !tk.toks[first].word || isKeyword(tk.at(first)) {
		return -1
	}
	last := first
	for last+2 < len(tk.toks) && tk.punct(last+1, ",") && tk.toks[last+2].word && !isKeyword(tk.at(last+2)) {
		last += 2
	}
	return last
}

// tryMarker wraps the CAST that DuckDB's TRY_CAST(x AS type) becomes:
// tryMarker(CAST(x AS type)), which the converter reads as a cast that
// gives NULL where it fails.
const tryMarker = "__lakesql_try"

// withinGroup is PERCENTILE_CONT(p) or PERCENTILE_DISC(p) WITHIN GROUP
// (ORDER BY x [ASC | DESC]) at a token: the edits that make it
// QUANTILE_CONT(x, p) or QUANTILE_DISC(x, p) (DESC: of 1 - p, for CONT;
// none for DISC, whose index is not symmetric: ParseSelect refuses it).
type withinGroup struct {
	edits []edit
	desc  bool
}

func withinGroupAt(tk tokens, i int) (withinGroup, bool) {
	var w withinGroup
	cont := tk.word(i, "PERCENTILE_CONT")
	if !cont && !tk.word(i, "PERCENTILE_DISC") || !tk.punct(i+1, "(") {
		return w, false
	}
	c := tk.closing(i + 1)
	if c < 0 || !tk.word(c+1, "WITHIN") || !tk.word(c+2, "GROUP") || !tk.punct(c+3, "(") || !tk.word(c+4, "ORDER") || !tk.word(c+5, "BY") {
		return w, false
	}
	end := tk.closing(c + 3)
	if end < 0 || end <= c+6 {
		return w, false
	}
	last := end - 1 // of x, past an ASC or DESC
	if w.desc = tk.word(last, "DESC"); w.desc || tk.word(last, "ASC") {
		last--
	}
	if last < c+6 || tk.firstOf(c+6, last+1, []string{","}) <= last {
		return w, false // no x, or several keys
	}
	if w.desc && !cont {
		return w, true
	}
	if i+2 > c-1 {
		return w, false // no p
	}
	p := tk.text[tk.toks[i+2].pos:tk.toks[c-1].end]
	name := "QUANTILE_DISC("
	if cont {
		name = "QUANTILE_CONT("
	}
	if w.desc {
		p = "1 - (" + p + ")"
	}
	w.edits = []edit{
		{pos: tk.toks[i].pos, end: tk.toks[c+5].end, repl: name},
		{pos: tk.toks[last].end, end: tk.toks[end-1].end, repl: ", " + p},
	}
	return w, true
}

// fullMarker and fullUsingMarker mark the condition of a FULL JOIN,
// which the pre-parse makes a LEFT JOIN (the grammar has no FULL): ON
// fullMarker((condition)), ON fullUsingMarker(columns); a NATURAL FULL
// JOIN gets ON fullNaturalMarker().
const (
	fullMarker        = "__lakesql_full"
	fullUsingMarker   = "__lakesql_full_using"
	fullNaturalMarker = "__lakesql_full_natural"
)

// joinKindEdits rewrites each FULL [OUTER] JOIN as a LEFT JOIN whose ON
// or USING carries fullMarker or fullUsingMarker, and each of DuckDB's
// SEMI JOIN and ANTI JOIN as a JOIN whose ON or USING carries semiMarker,
// semiUsingMarker, antiMarker or antiUsingMarker (a join without either
// is left to fail as a join without ON would).
func joinKindEdits(tk tokens) []edit {
	var edits []edit
	// A word that may follow a table or its ON condition (isClauseWord;
	// LEFT( and RIGHT( are calls).
	clause := func(k int) bool {
		if (tk.word(k, "SEMI") || tk.word(k, "ANTI")) && tk.word(k+1, "JOIN") {
			return true
		}
		return k < len(tk.toks) && tk.toks[k].word && isClauseWord(tk.at(k)) &&
			!((tk.word(k, "LEFT") || tk.word(k, "RIGHT")) && tk.punct(k+1, "("))
	}
	// end returns the index past the last token of what starts at k:
	// up to a comma, a semicolon, a ')' that closes what holds it, or a
	// clause word, at its depth.
	end := func(k int) int {
		depth := 0
		for ; k < len(tk.toks); k++ {
			switch {
			case tk.punct(k, "("):
				depth++
			case tk.punct(k, ")"):
				if depth == 0 {
					return k
				}
				depth--
			case depth == 0 && (tk.punct(k, ",") || tk.punct(k, ";") || clause(k)):
				return k
			}
		}
		return k
	}
	for i := range tk.toks {
		j := i + 1
		var kind, on, using string
		switch {
		case tk.word(i, "FULL"):
			if tk.word(j, "OUTER") {
				j++
			}
			kind, on, using = "LEFT JOIN", fullMarker, fullUsingMarker
		case tk.word(i, "SEMI"):
			kind, on, using = "JOIN", semiMarker, semiUsingMarker
		case tk.word(i, "ANTI"):
			kind, on, using = "JOIN", antiMarker, antiUsingMarker
		}
		if kind == "" || !tk.word(j, "JOIN") {
			continue
		}
		k := end(j + 1) // ON or USING, after the table and its alias
		for tk.word(k, "AS") {
			k = end(k + 1)
		}
		if tk.word(i, "FULL") && tk.word(i-1, "NATURAL") {
			// NATURAL FULL JOIN t: LEFT JOIN t ON fullNaturalMarker();
			// with an ON or USING it is left for the grammar to refuse.
			if tk.word(k, "ON") || tk.word(k, "USING") {
				continue
			}
			at := len(tk.text)
			if k < len(tk.toks) {
				at = tk.toks[k].pos
			}
			edits = append(edits, edit{pos: tk.toks[i-1].pos, end: tk.toks[j].end, repl: kind},
				edit{pos: at, end: at, repl: " ON " + fullNaturalMarker + "() "})
			continue
		}
		// The join's kind changes only with its condition marked:
		// unmarked, FULL would be a LEFT JOIN; left as written, the
		// grammar refuses it.
		join := edit{pos: tk.toks[i].pos, end: tk.toks[j].end, repl: kind}
		switch {
		case tk.word(k, "USING"):
			edits = append(edits, join, edit{pos: tk.toks[k].pos, end: tk.toks[k].end, repl: "ON " + using})
		case tk.word(k, "ON"):
			if e := end(k + 1); e > k+1 {
				edits = append(edits, join, edit{pos: tk.toks[k].pos, end: tk.toks[k].end, repl: "ON " + on + "(("},
					edit{pos: tk.toks[e-1].end, end: tk.toks[e-1].end, repl: "))"})
			}
		}
	}
	return edits
}

// similarAt reports whether the SIMILAR of SIMILAR TO at i has a pattern
// the pre-parse can mark: a string, or an expression in parentheses.
func similarAt(tk tokens, i int) bool {
	k := i + 2
	if tk.punct(k, "(") {
		return tk.closing(k) > 0
	}
	return k < len(tk.toks) && tk.text[tk.toks[k].pos] == '\''
}

// similarMarker wraps the pattern of SIMILAR TO (and ~), made REGEXP,
// globMarker the pattern of GLOB (and ~~~), and prefixMarker the prefix
// of ^@.
const (
	similarMarker = "__lakesql_similar"
	globMarker    = "__lakesql_glob"
	prefixMarker  = "__lakesql_prefix"
)

// opMarkers are the markers of the operators of matching that become
// REGEXP marker(p), and markedCalls what the converter makes of each
// marker: the function, and how DuckDB shows the call ("": as a call).
var (
	opMarkers   = map[string]string{"~": similarMarker, "~~~": globMarker, "^@": prefixMarker}
	markedCalls = map[string][2]string{
		strings.ToUpper(similarMarker): {"REGEXP_FULL_MATCH", ""},
		strings.ToUpper(globMarker):    {"GLOB", "~~~"}, // x [NOT] GLOB p: GLOB(x, p)
		strings.ToUpper(prefixMarker):  {"STARTS_WITH", "^@"},
	}
)

// matchOps are DuckDB's operators of matching, longest first.
var matchOps = []string{"!~~*", "~~~", "~~*", "!~~", "!~", "~~", "~", "^@"}

// matchOpRefusal says why the pre-parse cannot rewrite the operator op of
// matchOps at token i, or is "": its right side cannot be delimited, or
// holds || outside parentheses, which DuckDB reads at the level of op,
// left to right (x ~~ 'a' || '%' is (x ~~ 'a') || '%', text), where the
// rewrite would join the strings first.
func matchOpRefusal(text string, toks []sqlToken, i int, op string) string {
	last := i + len(op) - 1
	end := patternEnd(text, toks, last+1)
	if end < 0 {
		return op + " here not supported: its right side is a string, a name, a call or an expression in parentheses"
	}
	depth := 0
	for k := last + 1; k < end; k++ {
		switch text[toks[k].pos:toks[k].end] {
		case "(":
			depth++
		case ")":
			depth--
		case "|":
			if depth == 0 && text[toks[k+1].pos:toks[k+1].end] == "|" && toks[k].end == toks[k+1].pos {
				return fmt.Sprintf("x %s p || q is ambiguous here: DuckDB reads it as (x %s p) || q; write parentheses", op, op)
			}
		}
	}
	return ""
}

// matchOpAt returns the operator of matchOps that tokens from i spell,
// its characters adjacent, or "". A ~ before a digit, a name or '(' with
// no operand before it is the bitwise NOT, which the caller tells apart.
func matchOpAt(text string, toks []sqlToken, i int) string {
	for _, op := range matchOps {
		k := i
		for j := 0; j < len(op); j, k = j+1, k+1 {
			if k >= len(toks) || toks[k].word || toks[k].end-toks[k].pos != 1 || text[toks[k].pos] != op[j] ||
				j > 0 && toks[k-1].end != toks[k].pos {
				k = -1
				break
			}
		}
		if k >= 0 {
			return op
		}
	}
	return ""
}

// The markers of SEMI JOIN and ANTI JOIN's conditions (see joinKindEdits).
const (
	semiMarker      = "__lakesql_semi"
	semiUsingMarker = "__lakesql_semi_using"
	antiMarker      = "__lakesql_anti"
	antiUsingMarker = "__lakesql_anti_using"
)

// nullsMarker begins the marker ORDER BY item of NULLS FIRST and LAST.
const nullsMarker = "__lakesql_nulls_"

// listTypeSuffix follows the type marker's name of a list's elements
// (CAST(x AS INTEGER[])).
const listTypeSuffix = "__list"

// typeMarker prefixes a DuckDB type name carried through sqlparser as a
// character set name.
const typeMarker = "__t_"

// mysqlTypes are the type names sqlparser reads after CAST(… AS.
var mysqlTypes = map[string]bool{"BINARY": true, "CHAR": true, "DATE": true, "DATETIME": true, "DECIMAL": true,
	"JSON": true, "NCHAR": true, "SIGNED": true, "TIME": true, "UNSIGNED": true}

// duckTypes are the type names the pre-parse carries through.
var duckTypes = map[string]bool{"VARCHAR": true, "TEXT": true, "STRING": true, "BIGINT": true, "INTEGER": true,
	"INT": true, "SMALLINT": true, "TINYINT": true, "HUGEINT": true, "INT8": true, "INT4": true, "DOUBLE": true,
	"FLOAT": true, "REAL": true, "BOOLEAN": true, "BOOL": true, "TIMESTAMP": true, "NUMERIC": true,
	"FLOAT8": true, "FLOAT4": true, "NVARCHAR": true, "UBIGINT": true, "UINTEGER": true}

// substrName and substrShort are the plain calls SUBSTRING and SUBSTR
// become, and extractName the DATE_PART that EXTRACT becomes: each a
// SUBSTRING or DATE_PART that DuckDB names as written (ast.Func.Shown).
const (
	substrName  = "LAKESQL_SUBSTRING"
	substrShort = "LAKESQL_SUBSTR"
	extractName = "LAKESQL_EXTRACT"
	listName    = "LAKESQL_LIST" // a list [a, b]: LIST_VALUE, which DuckDB names main.list_value
)

// orderedMarker starts the SEPARATOR of the GROUP_CONCAT that stands for
// an aggregate with an ORDER BY of its own, FIRST(x ORDER BY k): the
// aggregate's name follows it.
const orderedMarker = "LAKESQL_ORDERED:"

// notOrderedAggregate are the words before a '(' whose ORDER BY inside is
// no aggregate's: GROUP_CONCAT's own, STRING_AGG's (rewritten above), a
// window's, WITHIN GROUP's, a named window's or a CTE's body.
var notOrderedAggregate = map[string]bool{"GROUP_CONCAT": true, "STRING_AGG": true, "LISTAGG": true, "OVER": true, "GROUP": true,
	"AS": true, "IN": true, "EXISTS": true, "ANY": true, "ALL": true, "SOME": true, "FROM": true, "JOIN": true, "ON": true,
	"USING": true, "WINDOW": true, "FILTER": true, "VALUES": true, "WHERE": true, "AND": true, "OR": true, "NOT": true, "SELECT": true}

// prepass applies the rewrites to text.
func prepass(text string) rewritten {
	toks := sqlTokens(text)
	var edits []edit
	word := func(i int, w string) bool {
		return i < len(toks) && toks[i].word && strings.EqualFold(text[toks[i].pos:toks[i].end], w)
	}
	punct := func(i int, p string) bool {
		return i < len(toks) && !toks[i].word && text[toks[i].pos:toks[i].end] == p
	}
	// casts holds, for each open parenthesis, whether it opened CAST( or
	// CONVERT(, whose AS or ',' is followed by a type.
	var parens []string
	text2 := func(i int) string { return text[toks[i].pos:toks[i].end] }
	// closing returns the index of the ')' matching the '(' at i, and the
	// indexes of the words of ws at depth one inside.
	closing := func(i int, ws ...string) (int, []int) {
		depth := 0
		var at []int
		for j := i; j < len(toks); j++ {
			switch {
			case punct(j, "("):
				depth++
			case punct(j, ")"):
				depth--
				if depth == 0 {
					return j, at
				}
			case depth == 1 && toks[j].word:
				for _, w := range ws {
					if word(j, w) {
						at = append(at, j)
					}
				}
			}
		}
		return -1, at
	}
	// lastComma is the last ',' of tokens from to to (not to) outside
	// parentheses, or -1: the one before STRING_AGG's separator.
	lastComma := func(from, to int) int {
		comma, depth := -1, 0
		for k := from; k < to; k++ {
			switch {
			case punct(k, "("):
				depth++
			case punct(k, ")"):
				depth--
			case depth == 0 && punct(k, ","):
				comma = k
			}
		}
		return comma
	}
	// orderedCall reports a call f(… ORDER BY …) at token i, of a name
	// that can be an aggregate's.
	orderedCall := func(i int) bool {
		if !toks[i].word || !punct(i+1, "(") || notOrderedAggregate[strings.ToUpper(text2(i))] || word(i+2, "SELECT") || word(i+2, "WITH") || punct(i+2, "(") || i > 0 && punct(i-1, ".") {
			return false
		}
		end, orders := closing(i+1, "ORDER")
		return end > 0 && len(orders) == 1 && word(orders[0]+1, "BY")
	}
	for i, t := range toks {
		// CROSS JOIN: the grammar reads it as JOIN, which needs ON;
		// STRAIGHT_JOIN, which it reads without, stands for it.
		if t.word && strings.EqualFold(text[t.pos:t.end], "CROSS") && i+1 < len(toks) && toks[i+1].word && strings.EqualFold(text[toks[i+1].pos:toks[i+1].end], "JOIN") {
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: "STRAIGHT_JOIN"})
		}
		// DuckDB's integer division a // b: sqlparser's tokenizer would
		// take // for the start of a comment, and drop the rest of the
		// line. DIV, the grammar's own, is the same operator (see
		// types.IntDiv).
		if i+1 < len(toks) && text[t.pos:t.end] == "/" && text[toks[i+1].pos:toks[i+1].end] == "/" && toks[i+1].pos == t.end {
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: " DIV "})
		}
		// DuckDB's a ** b, its power as a ^ b is (MySQL's grammar reads
		// ^, at a precedence the converter keeps for the power).
		if i+1 < len(toks) && text[t.pos:t.end] == "*" && text[toks[i+1].pos:toks[i+1].end] == "*" && toks[i+1].pos == t.end {
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: " ^ "})
		}
		// DuckDB's a || b: MySQL's grammar reads || as OR, and | as the
		// bitwise OR, whose precedence, above comparisons and below + and -,
		// is DuckDB's for || (ParseSelect refuses | alone).
		if i+1 < len(toks) && text[t.pos:t.end] == "|" && text[toks[i+1].pos:toks[i+1].end] == "|" && toks[i+1].pos == t.end {
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: " | "})
		}
		// lake$files, unquoted: a metadata table's name, which the
		// tokenizer would stop at '$'.
		if w := text[t.pos:t.end]; t.word && strings.Contains(w, "$") {
			if _, table, _ := strings.Cut(w, "$"); slices.Contains(ast.MetaTables, strings.ToLower(table)) {
				edits = append(edits, edit{pos: t.pos, end: t.end, repl: "`" + w + "`"})
			}
		}
		// A name with letters past ASCII unquoted (SELECT 이름, café),
		// as DuckDB reads it: `name` to the grammar, whose tokenizer
		// stops at the first byte past ASCII.
		if w := text[t.pos:t.end]; t.word && !strings.Contains(w, "$") && strings.IndexFunc(w, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
			edits = append(edits, edit{pos: t.pos, end: t.end, repl: "`" + w + "`"})
		}
		// "name" is a name, as in DuckDB and standard SQL (MySQL's
		// grammar reads a string): `name` to the grammar.
		if text[t.pos] == '"' && t.end-t.pos >= 2 && text[t.end-1] == '"' {
			name := strings.ReplaceAll(text[t.pos+1:t.end-1], `""`, `"`)
			edits = append(edits, edit{pos: t.pos, end: t.end, repl: "`" + strings.ReplaceAll(name, "`", "``") + "`"})
		}
		// A backslash in a string is itself, as in DuckDB: sqlparser's
		// tokenizer reads MySQL's escapes ('\d' would be 'd'), so each
		// goes to it doubled.
		if text[t.pos] == '\'' {
			for j := t.pos + 1; j < t.end; j++ {
				if text[j] == '\\' {
					edits = append(edits, edit{pos: j, end: j, repl: "\\"})
				}
			}
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case word(i, "EXTRACT") && punct(i+1, "(") && i+3 < len(toks) && toks[i+2].word && word(i+3, "FROM"):
			unit := text2(i + 2)
			edits = append(edits, edit{pos: t.pos, end: toks[i+3].end, repl: extractName + "('" + unit + "',"})
			parens = append(parens, "")
			i += 3
		case word(i, "INTERVAL") && i+1 < len(toks) && text[toks[i+1].pos] == '\'' && !(i+2 < len(toks) && toks[i+2].word && isIntervalUnit(text2(i+2))):
			// DuckDB's INTERVAL '1 day 2 hours' (any of its interval
			// text, see types.ParseInterval): CAST('…' AS INTERVAL), as
			// DuckDB reads it and names it.
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: "CAST(" + text2(i+1) + " AS CHAR " + typeMarker + "interval)"})
			i++
		case (word(i, "DATE") || word(i, "TIMESTAMP")) && i+1 < len(toks) && text[toks[i+1].pos] == '\'':
			typ := "DATE"
			if word(i, "TIMESTAMP") {
				typ = "CHAR " + typeMarker + "timestamp"
			}
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: "CAST(" + text2(i+1) + " AS " + typ + ")"})
			i++
		case (word(i, "SUBSTRING") || word(i, "SUBSTR")) && punct(i+1, "("):
			end, seps := closing(i+1, "FROM", "FOR")
			if end < 0 {
				continue
			}
			name := substrName
			if word(i, "SUBSTR") {
				name = substrShort
			}
			edits = append(edits, edit{pos: t.pos, end: t.end, repl: name})
			for _, j := range seps {
				edits = append(edits, edit{pos: toks[j].pos, end: toks[j].end, repl: ","})
			}
		case (word(i, "GROUP") || word(i, "ORDER")) && word(i+1, "BY") && word(i+2, "ALL"):
			edits = append(edits, edit{pos: toks[i+2].pos, end: toks[i+2].end, repl: allMarker})
			i += 2
		case word(i, "NULLS") && (word(i+1, "FIRST") || word(i+1, "LAST")) && i > 0:
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: ", " + nullsMarker + strings.ToLower(text2(i+1))})
			i++
		case word(i, "LAMBDA") && i > 0 && (punct(i-1, "(") || punct(i-1, ",")) && lambdaKeyAt(tokens{text, toks}, i) > 0:
			// DuckDB's lambda x: body (lambda x, i: body), as x -> body
			// (lambdaEdits).
			last := lambdaParams(tokens{text, toks}, i+1)
			if es, end, ok := lambdaEdits(tokens{text, toks}, i, i+1, last, last+1, lambdaKeyMarker); ok {
				edits = append(edits, es...)
				i = end
			}
		case punct(i, "-") && punct(i+1, ">") && toks[i].end == toks[i+1].pos && i > 0:
			// x -> p and x ->> p where the grammar takes only a column's
			// name and a literal: arrowMarker(x, p), which the converter
			// reads as the operator.
			if es, last, ok := arrowEdits(tokens{text, toks}, i); ok {
				edits = append(edits, es...)
				i = last
			}
		case punct(i, "["):
			// DuckDB's s[a:b] and s[i]: ARRAY_SLICE(s, a, b) and
			// ARRAY_EXTRACT(s, i) (an omitted bound is the text's end);
			// a list [a, b] where no operand comes before: LIST_VALUE(a, b).
			tk := tokens{text, toks}
			if es, ok := bracketEdits(tk, i); i > 0 && ok {
				edits = append(edits, es...)
			} else if es, ok := listEdits(tk, i); ok {
				edits = append(edits, es...)
			}
		case punct(i, ":") && punct(i+1, ":") && toks[i].end == toks[i+1].pos && i > 0 && i+2 < len(toks) && toks[i+2].word:
			start := castOperand(text, toks, i-1)
			// x::DOUBLE::VARCHAR: the operand of the second is the first
			// cast, from its operand on.
			for start >= 3 && punct(start-1, ":") && punct(start-2, ":") && toks[start-2].end == toks[start-1].pos {
				start = castOperand(text, toks, start-3)
			}
			if start < 0 {
				continue
			}
			name := strings.ToUpper(text2(i + 2))
			end, j := toks[i+2].end, i+2
			if name == "DOUBLE" && word(j+1, "PRECISION") {
				j++
				end = toks[j].end
			}
			if punct(j+1, "(") { // VARCHAR(10)
				if k, _ := closing(j + 1); k > 0 {
					j, end = k, toks[k].end
				}
			}
			typ := name
			if punct(j+1, "[") && punct(j+2, "]") { // INTEGER[]: a list
				j += 2
				end = toks[j].end
				typ = "CHAR " + typeMarker + strings.ToLower(name) + listTypeSuffix
			} else if !mysqlTypes[name] {
				typ = "CHAR " + typeMarker + strings.ToLower(name)
			}
			edits = append(edits, edit{pos: toks[start].pos, end: toks[start].pos, repl: "CAST("},
				edit{pos: toks[i].pos, end: end, repl: " AS " + typ + ")"})
			i = j
		case word(i, "LIMIT") && word(i+1, "ALL"):
			// PostgreSQL's and DuckDB's LIMIT ALL: no limit.
			edits = append(edits, edit{pos: toks[i+1].pos, end: toks[i+1].end, repl: noLimit})
			i++
		case i > 0 && matchOpAt(text, toks, i) != "" && endsOperand(text, toks, i-1):
			// DuckDB's (PostgreSQL's) operators of matching: x ~~ p is
			// LIKE, ~~* ILIKE, ~~~ GLOB, ~ and !~ SIMILAR TO (a regular
			// expression that matches the whole of x), ^@ STARTS_WITH,
			// each with ! before it negated.
			op := matchOpAt(text, toks, i)
			last := i + len(op) - 1 // a token per character
			end := patternEnd(text, toks, last+1)
			if end < 0 {
				continue // ParseSelect names the operator
			}
			not := ""
			if op[0] == '!' {
				not, op = "NOT ", op[1:]
			}
			repl, closeWith := " "+not+"LIKE ", ""
			switch op {
			case "~~*":
				closeWith = " ESCAPE '" + ilikeMarker + "'"
			case "~", "~~~", "^@":
				repl, closeWith = " "+not+"REGEXP "+opMarkers[op]+"(", ")"
			}
			edits = append(edits, edit{pos: t.pos, end: toks[last].end, repl: repl})
			if closeWith != "" {
				edits = append(edits, edit{pos: toks[end].end, end: toks[end].end, repl: closeWith})
			}
			i = last // the pattern's own tokens are rewritten as elsewhere
		case word(i, "GLOB") && i > 0 && i+1 < len(toks) && text[toks[i+1].pos] == '\'':
			// SQLite's and DuckDB's x [NOT] GLOB 'p': REGEXP globMarker('p'),
			// which the converter makes GLOB(x, 'p').
			edits = append(edits, edit{pos: t.pos, end: t.end, repl: "REGEXP " + globMarker + "("},
				edit{pos: toks[i+1].end, end: toks[i+1].end, repl: ")"})
			i++
		case word(i, "SIMILAR") && word(i+1, "TO") && similarAt(tokens{text, toks}, i):
			// DuckDB's x [NOT] SIMILAR TO p, a regular expression that
			// must match the whole of x: REGEXP similarMarker(p).
			end := i + 2
			if punct(end, "(") {
				end = tokens{text, toks}.closing(end)
			}
			edits = append(edits, edit{pos: t.pos, end: toks[i+1].end, repl: "REGEXP " + similarMarker + "("},
				edit{pos: toks[end].end, end: toks[end].end, repl: ")"})
			i = end
		case word(i, "ILIKE"):
			end, ok := ilikeAt(text, toks, i)
			if !ok || end < 0 {
				continue // a call ILIKE(x, p); or ParseSelect names it
			}
			edits = append(edits, edit{pos: t.pos, end: t.end, repl: "LIKE"})
			if word(end+1, "ESCAPE") && end+2 < len(toks) && text[toks[end+2].pos] == '\'' {
				lit := toks[end+2]
				edits = append(edits, edit{pos: lit.pos, end: lit.pos + 1, repl: "'" + ilikeMarker})
			} else {
				edits = append(edits, edit{pos: toks[end].end, end: toks[end].end, repl: " ESCAPE '" + ilikeMarker + "'"})
			}
			// The pattern's own tokens are rewritten as elsewhere (DATE '…').
		case word(i, "IS"):
			from, end, ok := distinctAt(text, toks, i)
			if !ok || end < 0 {
				continue // IS NULL and the like; or ParseSelect names it
			}
			// All or none (edit.whole): <=> alone would read IS DISTINCT
			// FROM as IS NOT DISTINCT FROM.
			edits = append(edits, edit{pos: t.pos, end: toks[from].end, repl: "<=>", whole: i + 1})
			if from == i+2 { // IS DISTINCT FROM: the converter's NOT (a <=> b)
				edits = append(edits, edit{pos: toks[from+1].pos, end: toks[from+1].pos, repl: distinctMarker + "(", whole: i + 1},
					edit{pos: toks[end].end, end: toks[end].end, repl: ")", whole: i + 1})
			}
		case word(i, "FILTER") && punct(i+1, "(") && punct(i-1, ")"):
			fe, closeF := filterEdits(text, toks, i)
			if closeF < 0 {
				continue // ParseSelect names it
			}
			edits = append(edits, fe...)
			i = closeF
		case word(i, "TRIM") && punct(i+1, "("):
			// TRIM([BOTH|LEADING|TRAILING] [chars] FROM s): TRIM, LTRIM or
			// RTRIM(s[, chars]).
			end, froms := closing(i+1, "FROM")
			if end < 0 || len(froms) != 1 {
				continue
			}
			from := froms[0]
			name, first := "TRIM", i+2
			switch {
			case word(first, "BOTH"):
				first++
			case word(first, "LEADING"):
				name, first = "LTRIM", first+1
			case word(first, "TRAILING"):
				name, first = "RTRIM", first+1
			}
			if from+1 >= end {
				continue
			}
			src := text[toks[from+1].pos:toks[end-1].end]
			repl := name + "(" + prepass(src).text
			if first < from {
				repl += ", " + prepass(text[toks[first].pos:toks[from-1].end]).text
			}
			edits = append(edits, edit{pos: t.pos, end: toks[end].end, repl: repl + ")"})
			i = end
		case (word(i, "STRING_AGG") || word(i, "LISTAGG")) && punct(i+1, "("):
			// DuckDB's STRING_AGG(x, sep ORDER BY k): GROUP_CONCAT(x, sep
			// ORDER BY k SEPARATOR 'LAKESQL_ORDERED:STRING_AGG'), which the
			// converter makes STRING_AGG(x, sep ORDER BY k).
			end, orders := closing(i+1, "ORDER")
			if end < 0 || len(orders) != 1 {
				continue
			}
			comma := lastComma(i+2, orders[0])
			if comma < 0 || comma+1 >= orders[0] {
				continue
			}
			x := prepass(text[toks[i+2].pos:toks[comma-1].end]).text
			sep := prepass(text[toks[comma+1].pos:toks[orders[0]-1].end]).text
			order := prepass(text[toks[orders[0]].pos:toks[end-1].end]).text
			last := end
			// Its FILTER (WHERE c) goes in here, as filterEdits would put
			// it: inside this edit's span, its own edits would be lost.
			if word(end+1, "FILTER") {
				head, closeF := filterCase(text, toks, end+1)
				if closeF < 0 {
					continue
				}
				x, last = head+x+" END", closeF
			}
			// The call keeps its name and its separator as an argument
			// (see orderedMarker), and is named as DuckDB names it.
			edits = append(edits, edit{pos: t.pos, end: toks[last].end, repl: "GROUP_CONCAT(" + x + ", " + sep + " " + order + " SEPARATOR '" + orderedMarker + strings.ToUpper(text2(i)) + "')"})
			i = last
		case orderedCall(i):
			// DuckDB's ORDER BY inside any aggregate, f(x ORDER BY k): the
			// grammar reads it in GROUP_CONCAT only, which carries it with
			// f's name in a marked SEPARATOR (see orderedMarker).
			end, orders := closing(i+1, "ORDER")
			args := prepass(text[toks[i+2].pos:toks[orders[0]-1].end]).text
			order := prepass(text[toks[orders[0]].pos:toks[end-1].end]).text
			last := end
			if word(end+1, "FILTER") {
				// Its FILTER (WHERE c) goes in here, as for STRING_AGG
				// above: of one argument, not DISTINCT.
				if !ast.KeepsNulls(text2(i)) && (lastComma(i+2, orders[0]) >= 0 || word(i+2, "DISTINCT")) {
					continue
				}
				c, closeF := filterCond(text, toks, end+1)
				if closeF < 0 {
					continue
				}
				if ast.KeepsNulls(text2(i)) {
					args += ", " + ast.FilterArg + "((" + c + "))"
				} else {
					args = filterHead(c, ast.FilteredMarker) + args + " END"
				}
				last = closeF
			}
			edits = append(edits, edit{pos: t.pos, end: toks[last].end, repl: "GROUP_CONCAT(" + args + " " + order + " SEPARATOR '" + orderedMarker + strings.ToUpper(text2(i)) + "')"})
			i = last
		case quantified(text, toks, i):
			if es, ok := quantifiedEdit(text, toks, i); ok {
				edits = append(edits, es...)
			}
		case punct(i, "(") && word(i+1, "VALUES"):
			// DuckDB's (VALUES (…), …) [AS] name [(columns)]: the UNION ALL
			// of a SELECT a row, its columns named by the list (col0, col1,
			// … without one, as DuckDB names them).
			repl, last := valuesTable(text, toks, i)
			if last < 0 {
				continue // the grammar refuses it
			}
			edits = append(edits, edit{pos: t.pos, end: toks[last].end, repl: repl})
			i = last
		case word(i, "POSITION") && punct(i+1, "("):
			end, ins := closing(i+1, "IN")
			if end < 0 || len(ins) != 1 {
				continue
			}
			in := ins[0]
			a := text[toks[i+2].pos:toks[in-1].end]
			b := text[toks[in+1].pos:toks[end-1].end]
			edits = append(edits, edit{pos: t.pos, end: toks[end].end, repl: "INSTR(" + b + ", " + a + ")"})
			i = end
		case word(i, "TRY_CAST") && punct(i+1, "("):
			if end, _ := closing(i + 1); end > 0 {
				edits = append(edits, edit{pos: t.pos, end: t.end, repl: tryMarker + "(CAST"},
					edit{pos: toks[end].end, end: toks[end].end, repl: ")"})
			}
			parens = append(parens, "CAST")
			i++
		case (word(i, "CAST") || word(i, "CONVERT")) && punct(i+1, "("):
			parens = append(parens, strings.ToUpper(text2(i)))
			i++
		case punct(i, "("):
			parens = append(parens, "")
		case punct(i, ")"):
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
			// (SELECT …) [AS] name (columns): the names go to the converter
			// in the alias (see columnsMarker).
			if repl, first, last := derivedColumns(text, toks, i); last > 0 {
				edits = append(edits, edit{pos: toks[first].pos, end: toks[last].end, repl: repl})
				i = last
			}
		case len(parens) > 0 && (parens[len(parens)-1] == "CAST" && word(i, "AS") || parens[len(parens)-1] == "CONVERT" && punct(i, ",")) && i+1 < len(toks) && toks[i+1].word:
			name := strings.ToUpper(text2(i + 1))
			end := toks[i+1].end
			j := i + 1
			if name == "DOUBLE" && word(j+1, "PRECISION") {
				j++
				end = toks[j].end
			}
			if punct(j+1, "[") && punct(j+2, "]") { // INTEGER[]: a list
				j += 2
				edits = append(edits, edit{pos: toks[i+1].pos, end: toks[j].end, repl: "CHAR " + typeMarker + strings.ToLower(name) + listTypeSuffix})
			} else if duckTypes[name] && !mysqlTypes[name] {
				if punct(j+1, "(") { // VARCHAR(10): the length is dropped
					if k, _ := closing(j + 1); k > 0 {
						j = k
						end = toks[k].end
					}
				}
				edits = append(edits, edit{pos: toks[i+1].pos, end: end, repl: "CHAR " + typeMarker + strings.ToLower(name)})
			} else if !mysqlTypes[name] {
				// A type the grammar cannot read: carried through, so that
				// the converter names it.
				edits = append(edits, edit{pos: toks[i+1].pos, end: end, repl: "CHAR " + typeMarker + strings.ToLower(name)})
			}
			i = j
		}
	}
	// Last, so that they follow the insertions of the constructs inside
	// an ON condition at its end.
	edits = append(edits, joinKindEdits(tokens{text, toks})...)
	for i := range toks {
		// DuckDB's * EXCLUDE (a, b): *, excludeMarker(a, b), which the
		// converter folds back into the *.
		tk := tokens{text, toks}
		// So too COLUMNS(* EXCLUDE (a, b)): COLUMNS(*, excludeMarker(a, b)).
		itemStar := tk.punct(i-1, ",") || tk.punct(i-1, ".") || tk.word(i-1, "SELECT") || tk.word(i-1, "DISTINCT")
		columnsStar := tk.punct(i-1, "(") && tk.word(i-2, "COLUMNS")
		if tk.punct(i, "*") && tk.word(i+1, "EXCLUDE") && tk.punct(i+2, "(") && (itemStar || columnsStar) {
			edits = append(edits, edit{pos: toks[i+1].pos, end: toks[i+1].end, repl: ", " + excludeMarker})
			if end := tk.closing(i + 2); itemStar && end > 0 && tk.word(end+1, "REPLACE") && tk.punct(end+2, "(") {
				edits = append(edits, replaceEdits(tk, end+1)...) // * EXCLUDE (…) REPLACE (…)
			}
		}
		if tk.punct(i, "*") && tk.word(i+1, "REPLACE") && tk.punct(i+2, "(") && (tk.punct(i-1, ",") || tk.punct(i-1, ".") || tk.word(i-1, "SELECT") || tk.word(i-1, "DISTINCT")) {
			edits = append(edits, replaceEdits(tk, i+1)...)
		}
	}
	edits = append(edits, qualifyEdits(tokens{text, toks})...)
	for i := 0; i < len(toks); i++ {
		if tk := (tokens{text, toks}); tk.word(i, "SELECT") && tk.word(i+1, "DISTINCT") && tk.word(i+2, "ON") && tk.punct(i+3, "(") {
			if end := tk.closing(i + 3); end > 0 {
				edits = append(edits, edit{pos: toks[i+1].pos, end: toks[i+3].end, repl: distinctOnMarker + "("},
					edit{pos: toks[end].end, end: toks[end].end, repl: ","})
			}
		}
		if tk := (tokens{text, toks}); tk.word(i, "GROUPING") && tk.word(i+1, "SETS") && tk.punct(i+2, "(") {
			// GROUPING SETS ((a, b), (a), ()): a marker's call of a
			// marker's call a set, which the grammar reads.
			if end := tk.closing(i + 2); end > 0 {
				edits = append(edits, edit{pos: toks[i].pos, end: toks[i+2].end, repl: groupingSetsMarker + "("})
				for k := i + 3; k < end; k++ {
					if tk.punct(k, "(") && (tk.punct(k-1, "(") || tk.punct(k-1, ",")) {
						edits = append(edits, edit{pos: toks[k].pos, end: toks[k].pos, repl: groupingSetMarker})
					}
					if tk.punct(k, "(") {
						if c := tk.closing(k); c > 0 {
							k = c
						}
					}
				}
			}
		}
		if e, ok := setOpEdit(tokens{text, toks}, i); ok {
			edits = append(edits, e)
		}
		if e, last, ok := fetchEdit(tokens{text, toks}, i); ok {
			edits = append(edits, e)
			i = last
		}
	}
	for i := range toks {
		if w, ok := withinGroupAt(tokens{text, toks}, i); ok && w.edits != nil {
			edits = append(edits, w.edits...)
		}
		if we, _, ok := windowAt(tokens{text, toks}, i); ok && we != nil {
			edits = append(edits, we...)
		}
	}
	edits = append(edits, unnamedDerivedEdits(text, toks)...)
	edits = append(edits, seriesEdits(text, toks)...)
	edits = append(edits, fileEdits(text, toks)...)
	return applyEdits(text, edits)
}

// applyEdits makes the edits to text: by position, an insertion before a
// replacement at the same place; an edit inside another's span cannot be
// applied, and the first wins (the statement then fails to parse where
// it cannot be read).
func applyEdits(text string, edits []edit) rewritten {
	// An edit marked first goes before the others at its place, the
	// later of two such first: it opens a call around what they open
	// (an arrow around a cast, a chain's last arrow around the earlier).
	var firsts, rest []edit
	for _, e := range edits {
		if e.first {
			firsts = append([]edit{e}, firsts...)
		} else {
			rest = append(rest, e)
		}
	}
	edits = append(firsts, rest...)
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.pos != b.pos {
			return a.pos - b.pos
		}
		if a.first != b.first {
			if a.first {
				return -1
			}
			return 1
		}
		return (a.end - a.pos) - (b.end - b.pos)
	})
	// An edit inside another's span is not applied; nor then are the
	// other edits of its whole (which may uncover edits after them:
	// again until none is left out).
	out := map[int]bool{} // wholes left out
	var kept []edit
	for again := true; again; {
		again, kept = false, nil
		last := 0
		for _, e := range edits {
			if e.whole != 0 && out[e.whole] {
				continue
			}
			if e.pos < last {
				if e.whole != 0 {
					out[e.whole], again = true, true
				}
				continue
			}
			kept = append(kept, e)
			last = e.end
		}
	}
	edits = kept
	if len(edits) == 0 {
		return rewritten{text: text}
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(text[last:e.pos])
		b.WriteString(e.repl)
		last = e.end
	}
	b.WriteString(text[last:])
	return rewritten{text: b.String(), edits: edits}
}

// bracketEdits returns the edits of s[a:b] or s[i] whose '[' is token i
// (see prepass): the operand before it (castOperand's), the bounds up to
// the matching ']', a ':' at their top level.
func bracketEdits(tk tokens, i int) ([]edit, bool) {
	if tk.toks[i-1].word && isClauseWord(tk.at(i-1)) || bracketAfter[strings.ToUpper(tk.at(i-1))] {
		return nil, false // a list, [1, 2], which there is not: the grammar says so
	}
	start := castOperand(tk.text, tk.toks, i-1)
	if start < 0 {
		return nil, false
	}
	depth, colon, end := 0, -1, -1
	for k := i; k < len(tk.toks) && end < 0; k++ {
		switch {
		case tk.punct(k, "[") || tk.punct(k, "("):
			depth++
		case tk.punct(k, "]") || tk.punct(k, ")"):
			depth--
			if depth == 0 {
				if !tk.punct(k, "]") {
					return nil, false
				}
				end = k
			}
		case depth == 1 && tk.punct(k, ":") && !tk.punct(k+1, ":") && !tk.punct(k-1, ":"):
			if colon >= 0 {
				return nil, false
			}
			colon = k
		}
	}
	if end < 0 || end == i+1 {
		return nil, false
	}
	toks := tk.toks
	if colon < 0 {
		return []edit{
			{pos: toks[start].pos, end: toks[start].pos, repl: "ARRAY_EXTRACT("},
			{pos: toks[i].pos, end: toks[i].end, repl: ", "},
			{pos: toks[end].pos, end: toks[end].end, repl: ")"},
		}, true
	}
	lo, hi := ", ", ", "
	if colon == i+1 {
		lo = ", 0"
	}
	if colon == end-1 {
		hi = ", 9223372036854775807"
	}
	return []edit{
		{pos: toks[start].pos, end: toks[start].pos, repl: "ARRAY_SLICE("},
		{pos: toks[i].pos, end: toks[i].end, repl: lo},
		{pos: toks[colon].pos, end: toks[colon].end, repl: hi},
		{pos: toks[end].pos, end: toks[end].end, repl: ")"},
	}, true
}

// listEdits returns the edits of a list [a, b] whose '[' is token i:
// LIST_VALUE(a, b); false when an operand comes before the '[' (a slice
// or an element of it), or no ']' closes it.
func listEdits(tk tokens, i int) ([]edit, bool) {
	if i > 0 && (endsOperand(tk.text, tk.toks, i-1) || tk.punct(i-1, "]")) &&
		!(tk.toks[i-1].word && isClauseWord(tk.at(i-1)) || bracketAfter[strings.ToUpper(tk.at(i-1))]) {
		return nil, false
	}
	depth := 0
	for k := i; k < len(tk.toks); k++ {
		switch {
		case tk.punct(k, "[") || tk.punct(k, "("):
			depth++
		case tk.punct(k, "]") || tk.punct(k, ")"):
			if depth--; depth == 0 {
				if !tk.punct(k, "]") {
					return nil, false
				}
				return []edit{
					{pos: tk.toks[i].pos, end: tk.toks[i].end, repl: listName + "("},
					{pos: tk.toks[k].pos, end: tk.toks[k].end, repl: ")"},
				}, true
			}
		}
	}
	return nil, false
}

// bracketAfter are the words after which a '[' begins a list, not a
// slice of what comes before.
var bracketAfter = map[string]bool{"SELECT": true, "DISTINCT": true, "AND": true, "OR": true, "NOT": true, "IN": true,
	"WHEN": true, "THEN": true, "ELSE": true, "BY": true, "ON": true, "AS": true, "IS": true, "LIKE": true, "BETWEEN": true,
	"RETURN": true, "VALUES": true, "CASE": true, "ALL": true, "ANY": true}
