package parser

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/xwb1989/sqlparser"
)

func init() { ast.IsKeyword = isKeyword }

// isKeyword reports whether the SQL parser reads word as a keyword, so
// that a field or lake of that name must be written `quoted`.
func isKeyword(word string) bool {
	return strings.HasPrefix(sqlparser.String(sqlparser.NewColIdent(word)), "`")
}

var posRE = regexp.MustCompile(`at position (\d+)(?: near '(.*)')?$`)

// maxDepth bounds the nesting of expressions a statement may have, so that
// a hostile statement is an error, not a stack overflow.
const maxDepth = 200

// ParseSelect parses text[off:] as a SELECT; errors point into text.
func ParseSelect(text string, off int) (*ast.Select, error) {
	if at := OpenQuote(text[off:]); at >= 0 {
		// The grammar's tokenizer would name the quoted text that runs
		// on to the end as an unexpected token.
		what := fmt.Sprintf("%c quote", text[off+at])
		if q := text[off+at]; q == 'E' || q == 'e' {
			what = "E'…' string"
		}
		return nil, NewSyntaxError(text, off+at, "unterminated %s: it is never closed", what)
	}
	text = text[:off] + fromFirst(text[off:])
	if t, ok := namedWindows(text[off:]); ok {
		// Errors point into the text with the windows written out.
		text = text[:off] + t
	}
	if depth := nesting(text[off:]); depth > maxDepth {
		return nil, NewSyntaxError(text, off, "statement nested %d levels deep (at most %d)", depth, maxDepth)
	}
	if w := firstWords(text[off:], 1); len(w) == 1 && w[0].is("WITH") {
		return nil, NewSyntaxError(text, off, "WITH where one SELECT is wanted not supported")
	}
	text, subs, err := nestedWiths(text, off)
	if err != nil {
		return nil, err
	}
	toks := sqlTokens(text[off:])
	for i, t := range toks {
		w := func(k int, s string) bool {
			return k < len(toks) && toks[k].word && strings.EqualFold(text[off+toks[k].pos:off+toks[k].end], s)
		}
		if end, ok := ilikeAt(text[off:], toks, i); ok && end < 0 {
			return nil, NewSyntaxError(text, off+t.pos, "ILIKE with this pattern not supported (a string, name, call or parenthesized expression is): write ILIKE(x, pattern)")
		}
		if _, end, ok := distinctAt(text[off:], toks, i); ok && end < 0 {
			return nil, NewSyntaxError(text, off+t.pos, "IS DISTINCT FROM here not supported: put its sides in parentheses")
		}
		if w(i, "FILTER") && w(i+2, "WHERE") {
			if _, end := filterEdits(text[off:], toks, i); end < 0 {
				return nil, NewSyntaxError(text, off+t.pos, "FILTER (WHERE …) not supported here: it follows the call of an aggregate, such as COUNT, SUM or AVG")
			}
		}
		if quantified(text[off:], toks, i) {
			if _, ok := quantifiedEdit(text[off:], toks, i); !ok {
				return nil, NewSyntaxError(text, off+t.pos, "%s (subquery) not supported here: it follows a comparison (x > ALL (SELECT …))", strings.ToUpper(text[off+t.pos:off+t.end]))
			}
		}
		if _, why, ok := windowAt(tokens{text[off:], toks}, i); ok && why != "" {
			return nil, NewSyntaxError(text, off+t.pos, "%s", why)
		}
		if wg, ok := withinGroupAt(tokens{text[off:], toks}, i); ok && wg.edits == nil {
			return nil, NewSyntaxError(text, off+t.pos, "PERCENTILE_DISC … WITHIN GROUP (ORDER BY x DESC) not supported: write QUANTILE_DISC(x, p) or ORDER BY x ASC")
		}
		// DuckDB's ASOF and POSITIONAL joins, which the grammar would
		// read as the table's alias before a plain JOIN.
		if (w(i, "ASOF") || w(i, "POSITIONAL")) && (w(i+1, "JOIN") || w(i+1, "LEFT") && w(i+2, "JOIN")) {
			return nil, NewSyntaxError(text, off+t.pos, "%s JOIN not supported", strings.ToUpper(text[off+t.pos:off+t.end]))
		}
		if op := matchOpAt(text[off:], toks, i); op != "" && i > 0 && endsOperand(text[off:], toks, i-1) {
			if why := matchOpRefusal(text[off:], toks, i, op); why != "" {
				return nil, NewSyntaxError(text, off+t.pos, "%s", why)
			}
		}
		if w(i, "SIMILAR") && w(i+1, "TO") && !similarAt(tokens{text[off:], toks}, i) {
			return nil, NewSyntaxError(text, off+t.pos, "SIMILAR TO here not supported: its pattern is a string or in parentheses (or write REGEXP_FULL_MATCH(x, pattern))")
		}
	}
	for i, t := range toks {
		// | alone, MySQL's bitwise OR, is not an operator here; the
		// grammar's | stands for DuckDB's || (see prepass).
		if pipe := func(k int) bool { return k >= 0 && k < len(toks) && text[off+toks[k].pos:off+toks[k].end] == "|" }; pipe(i) &&
			!(pipe(i+1) && toks[i+1].pos == t.end) && !(pipe(i-1) && toks[i-1].end == t.pos) {
			return nil, NewSyntaxError(text, off+t.pos, "| (bitwise OR) is not supported: || joins strings, OR is logic")
		}
	}
	rw := prepass(text[off:])
	st, panicked, err := sqlParse(rw.text)
	if panicked {
		// sqlparser panics on a MySQL comment /*!…*/ with no SQL in it.
		pos := len(text)
		if i := strings.Index(text[off:], "/*!"); i >= 0 {
			pos = off + i
		}
		return nil, NewSyntaxError(text, pos, "cannot parse the statement here")
	}
	if err != nil {
		return nil, parseError(text, off, rw, err)
	}
	sel, ok := st.(*sqlparser.Select)
	if !ok {
		if _, union := st.(*sqlparser.Union); union {
			return nil, NewSyntaxError(text, off, "a UNION where one query is wanted not supported: %s", firstWord(text[off:]))
		}
		return nil, NewSyntaxError(text, off, "only SELECT queries are supported here, not %s", firstWord(text[off:]))
	}
	c := converter{text: text, off: off, rw: rw, subs: subs}
	return c.selectStmt(sel)
}

// ParseQuery parses a query that may be a UNION of SELECTs: an *ast.Select
// or an *ast.Union.
func ParseQuery(text string, off int) (ast.Statement, error) {
	text = text[:off] + fromFirst(text[off:])
	if t, ok := namedWindows(text[off:]); ok {
		text = text[:off] + t
	}
	if w := firstWords(text[off:], 1); len(w) == 1 && w[0].is("WITH") {
		return parseWith(text, off)
	}
	sel, err := ParseSelect(text, off)
	if err == nil || !strings.Contains(err.Error(), "a UNION where one query is wanted") {
		return sel, err
	}
	text, subs, err := nestedWiths(text, off)
	if err != nil {
		return nil, err
	}
	rw := prepass(text[off:])
	st, _, err := sqlParse(rw.text)
	if err != nil {
		return nil, parseError(text, off, rw, err)
	}
	c := converter{text: text, off: off, rw: rw, subs: subs}
	return c.union(st.(*sqlparser.Union))
}

// union converts a UNION, whose left side may be a UNION itself.
func (c *converter) union(u *sqlparser.Union) (*ast.Union, error) {
	out := &ast.Union{Limit: -1}
	part := func(sel *ast.Select, all bool) {
		if len(out.Parts) > 0 {
			out.All = append(out.All, all)
		}
		out.Parts = append(out.Parts, sel)
	}
	var add func(st sqlparser.SelectStatement, all bool) error
	add = func(st sqlparser.SelectStatement, all bool) error {
		switch x := st.(type) {
		case *sqlparser.Union:
			if err := add(x.Left, false); err != nil {
				return err
			}
			if len(x.OrderBy) > 0 || x.Limit != nil {
				return c.unsupported(x, "ORDER BY or LIMIT inside a UNION (put the query in parentheses)")
			}
			return add(x.Right, x.Type == sqlparser.UnionAllStr)
		case *sqlparser.ParenSelect:
			if u := unionOf(x.Select); u != nil {
				// A UNION in parentheses is one part: a UNION ALL (b UNION
				// c) keeps a's duplicates, a UNION (b UNION ALL c) drops
				// b's and c's, which reading the operators from the left
				// would not; and (a UNION b) INTERSECT c is not a UNION (b
				// INTERSECT c).
				sel, err := c.unionSelect(u)
				if err == nil {
					part(sel, all)
				}
				return err
			}
			return add(x.Select, all)
		case *sqlparser.Select:
			sel, err := c.selectStmt(x)
			if err == nil {
				part(sel, all)
			}
			return err
		}
		return c.unsupported(st, "this part of a UNION")
	}
	if err := add(u.Left, false); err != nil {
		return nil, err
	}
	if err := add(u.Right, u.Type == sqlparser.UnionAllStr); err != nil {
		return nil, err
	}
	var err error
	if out.OrderBy, err = c.orderBy(u.OrderBy); err != nil {
		return nil, err
	}
	if out.OrderBy, err = c.orderAll(out.OrderBy, len(out.Parts[0].Items), false); err != nil {
		return nil, err
	}
	if out.Limit, out.Offset, err = c.limit(u.Limit); err != nil {
		return nil, err
	}
	return c.setOps(out)
}

// limit converts LIMIT n [OFFSET m] (-1 and 0 without one).
func (c *converter) limit(l *sqlparser.Limit) (n, off int64, err error) {
	if l == nil {
		return -1, 0, nil
	}
	if n, err = c.intVal(l.Rowcount); err != nil {
		return 0, 0, err
	}
	if l.Offset != nil {
		if off, err = c.intVal(l.Offset); err != nil {
			return 0, 0, err
		}
	}
	return n, off, nil
}

func firstWord(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, " \t\r\n("); i >= 0 {
		s = s[:i]
	}
	return strings.ToUpper(s)
}

// nesting returns the deepest parenthesis nesting of text outside quotes.
func nesting(text string) int {
	depth, deepest := 0, 0
	for _, t := range sqlTokens(text) {
		switch text[t.pos:t.end] {
		case "(":
			depth++
			deepest = max(deepest, depth)
		case ")":
			depth--
		}
	}
	return deepest
}

// outsideQuotes reports whether byte i of text is outside quotes and
// comments.
func outsideQuotes(text string, i int) bool {
	for _, t := range sqlTokens(text) {
		if t.pos <= i && i < t.end {
			return !(text[t.pos] == '\'' || text[t.pos] == '"' || text[t.pos] == '`')
		}
	}
	return false
}

// parseError turns sqlparser's error into a SyntaxError at the token.
func parseError(text string, off int, rw rewritten, err error) error {
	msg := err.Error()
	pos := len(text) - off
	m := posRE.FindStringSubmatch(msg)
	if m == nil {
		return NewSyntaxError(text, off+max(0, min(pos, len(text)-off)), "%s", msg)
	}
	end, _ := strconv.Atoi(m[1])
	if placeholderName.MatchString(m[2]) {
		m[2] = "?" // sqlparser's name of the placeholder
	}
	pos = rw.origPos(max(0, end-1-len(m[2])))
	msg = strings.TrimSpace(strings.TrimPrefix(msg[:strings.Index(msg, " at position")], "syntax error"))
	if msg != "" {
		msg += ": "
	}
	rest := text[off:]
	switch {
	case m[2] != "":
		// The tokenizer lowers keywords; quote the text as typed.
		near := m[2]
		if pos >= 0 && pos+len(near) <= len(rest) && strings.EqualFold(rest[pos:pos+len(near)], near) {
			near = rest[pos : pos+len(near)]
		}
		msg += fmt.Sprintf("unexpected '%s'", near)
	case pos >= len(strings.TrimRight(rest, " \t\r\n;")):
		msg += "unexpected end of statement"
	default:
		// A one-character token carries no text: step back over the
		// space the tokenizer read past it.
		for pos > 0 && pos < len(rest) && strings.IndexByte(" \t\r\n", rest[pos]) >= 0 {
			pos--
		}
		pos = min(pos, len(rest)-1)
		msg += fmt.Sprintf("unexpected '%c'", rest[max(pos, 0)])
	}
	return NewSyntaxError(text, off+max(pos, 0), "%s", msg)
}

// sqlParse is sqlparser.Parse, reporting a panic instead of raising it.
func sqlParse(sql string) (st sqlparser.Statement, panicked bool, err error) {
	defer func() {
		if recover() != nil {
			st, panicked, err = nil, true, nil
		}
	}()
	st, err = sqlparser.Parse(sql)
	return st, false, err
}

type converter struct {
	text  string
	off   int
	rw    rewritten
	lower string // rw.text in lower case, made once (pos searches it)
	sets  int    // the INTERSECTs and EXCEPTs written so far (their columns' names)
	// rowIns: the row IN subqueries converted so far (their tables' names)
	rowIns int
	// subs: the queries of the parenthesized WITHs, by the names of the
	// tables that stand for them (see nestedWiths).
	subs map[string]*ast.Select
}

// pos finds where node's text starts in the statement as typed (for
// errors), or the statement's start.
func (c *converter) pos(node sqlparser.SQLNode) (int, string) {
	s := sqlparser.String(node)
	if c.lower == "" {
		c.lower = strings.ToLower(c.rw.text)
	}
	if i := strings.Index(c.lower, strings.ToLower(s)); i >= 0 {
		p := c.rw.origPos(i)
		if end := c.off + p + len(s); end <= len(c.text) && strings.EqualFold(c.text[c.off+p:end], s) {
			s = c.text[c.off+p : end]
		}
		return c.off + p, s
	}
	return c.off, s
}

func (c *converter) unsupported(node sqlparser.SQLNode, what string) error {
	p, s := c.pos(node)
	return NewSyntaxError(c.text, p, "%s not supported: %s", what, s)
}

func (c *converter) selectStmt(sel *sqlparser.Select) (*ast.Select, error) {
	out := &ast.Select{Limit: -1, Distinct: sel.Distinct != ""}
	if sel.Lock != "" {
		return nil, NewSyntaxError(c.text, c.off, "%s not supported", strings.TrimSpace(strings.ToUpper(sel.Lock)))
	}
	switch {
	case len(sel.From) >= 2:
		// FROM a, b, …: cross joins from the left, which WHERE may narrow.
		t, err := c.table(sel.From[0])
		if err != nil {
			return nil, err
		}
		for _, te := range sel.From[1:] {
			r, err := c.table(te)
			if err != nil {
				return nil, err
			}
			if r.Join != nil {
				return nil, c.unsupported(te, "a join after a comma (write JOIN … ON throughout)")
			}
			t = ast.Table{Join: &ast.Join{Left: t, Right: r, Kind: ast.CrossJoin}}
		}
		out.From = t
		out.From.Pos, _ = c.pos(sel.From)
	default:
		t, err := c.table(sel.From[0])
		if err != nil {
			return nil, err
		}
		if t.Name == "dual" && t.Sub == nil && t.Join == nil && !strings.Contains(strings.ToLower(c.text[c.off:]), "dual") {
			// sqlparser supplies FROM dual when there is no FROM: a SELECT
			// of one row with no fields (SELECT 1 + 1).
			t = ast.Table{}
		}
		out.From = t
	}
	return c.selectRest(sel, out)
}

// markedCondition reads j's condition back when the pre-parse marked it
// ON marker((condition)) or ON usingMarker(columns) (see joinKindEdits),
// and reports whether it was so marked.
func (c *converter) markedCondition(j *sqlparser.JoinTableExpr, marker, usingMarker string) (bool, error) {
	f, ok := j.Condition.On.(*sqlparser.FuncExpr)
	if !ok || !f.Qualifier.IsEmpty() || !f.Name.EqualString(marker) && !f.Name.EqualString(usingMarker) {
		return false, nil
	}
	var args []sqlparser.Expr
	for _, a := range f.Exprs {
		ae, ok := a.(*sqlparser.AliasedExpr)
		if !ok {
			return false, c.unsupported(j, "this join's condition")
		}
		args = append(args, ae.Expr)
	}
	if f.Name.EqualString(marker) {
		if len(args) != 1 {
			return false, c.unsupported(j, "this join's condition")
		}
		j.Condition.On = args[0]
		return true, nil
	}
	j.Condition.On = nil
	for _, a := range args {
		col, ok := a.(*sqlparser.ColName)
		if !ok || !col.Qualifier.IsEmpty() {
			return false, c.unsupported(j, "USING with other than column names")
		}
		j.Condition.Using = append(j.Condition.Using, col.Name)
	}
	return true, nil
}

// table converts one table of FROM: a lake, a metadata table, a derived
// table, or a join of two of them.
func (c *converter) table(te sqlparser.TableExpr) (ast.Table, error) {
	if j, ok := te.(*sqlparser.JoinTableExpr); ok {
		l, err := c.table(j.LeftExpr)
		if err != nil {
			return ast.Table{}, err
		}
		r, err := c.table(j.RightExpr)
		if err != nil {
			return ast.Table{}, err
		}
		if r.Join != nil {
			return ast.Table{}, c.unsupported(j, "a join on the right of a join (write the chain from the left)")
		}
		out := &ast.Join{Left: l, Right: r}
		switch j.Join {
		case sqlparser.JoinStr:
			out.Kind = ast.InnerJoin
			// SEMI JOIN and ANTI JOIN, whose condition the pre-parse marked.
			for _, m := range []struct{ kind, on, using string }{{ast.SemiJoin, semiMarker, semiUsingMarker}, {ast.AntiJoin, antiMarker, antiUsingMarker}} {
				if ok, err := c.markedCondition(j, m.on, m.using); err != nil {
					return ast.Table{}, err
				} else if ok {
					out.Kind = m.kind
				}
			}
		case sqlparser.StraightJoinStr: // CROSS JOIN (see prepass)
			out.Kind = ast.CrossJoin
			if j.Condition.On != nil || j.Condition.Using != nil {
				return ast.Table{}, c.unsupported(j, "CROSS JOIN with ON or USING")
			}
		case sqlparser.LeftJoinStr:
			out.Kind = ast.LeftJoin
			if f, ok := j.Condition.On.(*sqlparser.FuncExpr); ok && f.Qualifier.IsEmpty() && f.Name.EqualString(fullNaturalMarker) && len(f.Exprs) == 0 {
				// NATURAL FULL JOIN, which the pre-parse marked.
				out.Kind, out.Natural = ast.FullJoin, true
				j.Condition.On = nil
				break
			}
			// FULL JOIN, whose condition the pre-parse marked.
			if ok, err := c.markedCondition(j, fullMarker, fullUsingMarker); err != nil {
				return ast.Table{}, err
			} else if ok {
				out.Kind = ast.FullJoin
			}
		case sqlparser.RightJoinStr:
			out.Kind = ast.RightJoin
		case sqlparser.NaturalJoinStr:
			out.Kind, out.Natural = ast.InnerJoin, true
		case sqlparser.NaturalLeftJoinStr:
			out.Kind, out.Natural = ast.LeftJoin, true
		case sqlparser.NaturalRightJoinStr:
			out.Kind, out.Natural = ast.RightJoin, true
		default:
			return ast.Table{}, c.unsupported(j, strings.ToUpper(j.Join))
		}
		if j.Condition.On != nil {
			on, err := c.expr(j.Condition.On)
			if err != nil {
				return ast.Table{}, err
			}
			out.On = on
		}
		for _, col := range j.Condition.Using {
			out.Using = append(out.Using, col.String())
		}
		if out.Kind != ast.CrossJoin && out.On == nil && out.Using == nil && !out.Natural {
			return ast.Table{}, c.unsupported(j, "a join without ON or USING")
		}
		t := ast.Table{Join: out}
		t.Pos, _ = c.pos(j)
		return t, nil
	}
	at, ok := te.(*sqlparser.AliasedTableExpr)
	if !ok {
		return ast.Table{}, c.unsupported(te, "this FROM")
	}
	if sub, ok := at.Expr.(*sqlparser.Subquery); ok {
		var inner *ast.Select
		var err error
		if u := unionOf(sub.Select); u != nil {
			// A derived table (… UNION …) AS alias: the SELECT of its
			// columns from the union's rows.
			inner, err = c.unionSelect(u)
		} else {
			// A derived table: (SELECT …) AS alias.
			inner, err = c.subquery(sub)
		}
		if err != nil {
			return ast.Table{}, err
		}
		t := ast.Table{Alias: at.As.String(), Sub: inner}
		t.Pos, _ = c.pos(sub)
		if name, list, ok := strings.Cut(t.Alias, columnsMarker); ok {
			// AS name (a, b): the columns, in order (see prepass).
			cols := strings.Split(list, columnsMarker)
			if len(cols) != len(inner.Items) || slices.ContainsFunc(inner.Items, func(it ast.SelectItem) bool { _, star := it.Expr.(ast.Star); return star }) {
				return ast.Table{}, NewSyntaxError(c.text, t.Pos, "%s(%s): %d column names for a query of %d columns (or SELECT *)", name, strings.Join(cols, ", "), len(cols), len(inner.Items))
			}
			for k := range inner.Items {
				inner.Items[k].Alias = cols[k]
			}
			t.Alias = name
		}
		return t, nil
	}
	tn, ok := at.Expr.(sqlparser.TableName)
	if !ok {
		return ast.Table{}, c.unsupported(at, "this FROM")
	}
	if sub, ok := c.subs[tn.Name.String()]; ok && tn.Qualifier.IsEmpty() {
		// (WITH …): a derived table of its query.
		t := ast.Table{Sub: sub, Alias: at.As.String()}
		if t.Alias == "" {
			t.Alias = "unnamed_subquery"
		}
		t.Pos, _ = c.pos(tn)
		return t, nil
	}
	t := ast.Table{Name: tn.Name.String(), Alias: at.As.String()}
	if !tn.Qualifier.IsEmpty() {
		// lake.files: a lake's metadata table, also spelled `lake$files`;
		// its columns are qualified by the table's own name, as in SQL.
		table := strings.ToLower(tn.Name.String())
		if !slices.Contains(ast.MetaTables, table) {
			return ast.Table{}, c.unsupported(at, fmt.Sprintf("a qualified lake name (a lake's metadata tables are %s)", strings.Join(ast.MetaTables, ", ")))
		}
		t.Name = tn.Qualifier.String() + "$" + table
		if t.Alias == "" {
			t.Alias = tn.Name.String()
		}
	}
	t.Pos, _ = c.pos(tn)
	if t.Name == "" {
		return ast.Table{}, NewSyntaxError(c.text, t.Pos, "empty lake name")
	}
	return t, nil
}

// selectRest converts what follows FROM in a SELECT, and its select list.
func (c *converter) selectRest(sel *sqlparser.Select, out *ast.Select) (*ast.Select, error) {
	for _, se := range sel.SelectExprs {
		item, err := c.selectItem(se)
		if err != nil {
			return nil, err
		}
		if f, ok := item.Expr.(*ast.Func); ok && f.Name == strings.ToUpper(distinctOnMarker) {
			if len(out.Items) > 0 || len(f.Args) == 0 || out.Distinct {
				return nil, NewSyntaxError(c.text, c.off, "DISTINCT ON (…) comes first in the select list, with one expression at least")
			}
			out.DistinctOn = f.Args
			continue
		}
		if f, ok := item.Expr.(*ast.Func); ok && f.Name == strings.ToUpper(qualifyMarker) && len(f.Args) == 1 {
			out.Qualify = f.Args[0] // QUALIFY c, which the pre-parse made an item
			continue
		}
		if names, bad, ok := excludeNames(item.Expr); ok {
			// * EXCLUDE (a, b), which the pre-parse made *, marker(a, b).
			st, ok := lastStar(out.Items)
			if !ok || len(st.Exclude) > 0 {
				return nil, NewSyntaxError(c.text, c.off, "EXCLUDE (…) follows a *")
			}
			if bad != nil {
				return nil, NewSyntaxError(c.text, c.off, "EXCLUDE (…) takes column names, not %s", bad)
			}
			st.Exclude = names
			out.Items[len(out.Items)-1].Expr = st
			continue
		}
		if f, ok := item.Expr.(*ast.Func); ok && f.Name == strings.ToUpper(replaceMarker) {
			// * REPLACE (e AS a, …), which the pre-parse made *,
			// marker(e, a, …).
			st, ok := lastStar(out.Items)
			if !ok || len(st.Replace) > 0 || len(f.Args)%2 != 0 {
				return nil, NewSyntaxError(c.text, c.off, "REPLACE (x AS column, …) follows a *")
			}
			for k := 0; k < len(f.Args); k += 2 {
				col, ok := f.Args[k+1].(ast.Column)
				if !ok || len(col.Path) != 1 {
					return nil, NewSyntaxError(c.text, c.off, "REPLACE (x AS column, …) takes a column name after AS, not %s", f.Args[k+1])
				}
				st.Replace = append(st.Replace, ast.SelectItem{Expr: f.Args[k], Alias: col.Path[0]})
			}
			out.Items[len(out.Items)-1].Expr = st
			continue
		}
		out.Items = append(out.Items, item)
	}
	var err error
	if sel.Where != nil {
		if out.Where, err = c.expr(sel.Where.Expr); err != nil {
			return nil, err
		}
	}
	for _, g := range sel.GroupBy {
		e, err := c.expr(g)
		if err != nil {
			return nil, err
		}
		out.GroupBy = append(out.GroupBy, e)
	}
	if len(out.GroupBy) == 1 && isAllMarker(out.GroupBy[0]) {
		// GROUP BY ALL: every select item that holds no aggregate (nor
		// a window function, computed after the groups).
		out.GroupBy = nil
		for i, it := range out.Items {
			if _, star := it.Expr.(ast.Star); star {
				return nil, NewSyntaxError(c.text, c.off, "GROUP BY ALL with SELECT * not supported: name the columns")
			}
			if ast.HasColumns(it.Expr) {
				return nil, NewSyntaxError(c.text, c.off, "GROUP BY ALL with COLUMNS(…) not supported: name the columns")
			}
			if !holdsAggregate(it.Expr) && !ast.HasWindow(it.Expr) {
				out.GroupBy = append(out.GroupBy, ast.Int(int64(i+1)))
			}
		}
	}
	if sel.Having != nil {
		if out.Having, err = c.expr(sel.Having.Expr); err != nil {
			return nil, err
		}
	}
	if out.OrderBy, err = c.orderBy(sel.OrderBy); err != nil {
		return nil, err
	}
	if out.OrderBy, err = c.orderAll(out.OrderBy, len(out.Items), slices.ContainsFunc(out.Items, func(it ast.SelectItem) bool {
		_, star := it.Expr.(ast.Star)
		return star || ast.HasColumns(it.Expr)
	})); err != nil {
		return nil, err
	}
	if out.Limit, out.Offset, err = c.limit(sel.Limit); err != nil {
		return nil, err
	}
	return c.unnest(out)
}

// isAllMarker reports whether e is the ALL of GROUP BY ALL or ORDER BY ALL.
func isAllMarker(e ast.Expr) bool {
	col, ok := e.(ast.Column)
	return ok && len(col.Path) == 1 && col.Path[0] == allMarker
}

// holdsAggregate reports whether e calls an aggregate (outside its
// subqueries).
func holdsAggregate(e ast.Expr) bool {
	found := false
	ast.Walk(e, func(x ast.Expr) bool {
		if f, ok := x.(*ast.Func); ok && slices.Contains(ast.Aggregates, f.Name) {
			found = true
		}
		return !found
	})
	return found
}

// orderAll expands ORDER BY ALL into every column of a result of n, in
// order, each as ALL's direction and NULLS say.
func (c *converter) orderAll(items []ast.OrderItem, n int, star bool) ([]ast.OrderItem, error) {
	if len(items) != 1 || !isAllMarker(items[0].Expr) {
		for _, o := range items {
			if isAllMarker(o.Expr) {
				return nil, NewSyntaxError(c.text, c.off, "ORDER BY ALL with other terms not supported")
			}
		}
		return items, nil
	}
	if star {
		return nil, NewSyntaxError(c.text, c.off, "ORDER BY ALL with SELECT * or COLUMNS(…) not supported: name the columns")
	}
	var out []ast.OrderItem
	for i := range n {
		o := items[0]
		o.Expr = ast.Int(int64(i + 1))
		out = append(out, o)
	}
	return out, nil
}

func (c *converter) orderBy(ob sqlparser.OrderBy) ([]ast.OrderItem, error) {
	var out []ast.OrderItem
	for _, o := range ob {
		if col, ok := o.Expr.(*sqlparser.ColName); ok && col.Qualifier.IsEmpty() && strings.HasPrefix(col.Name.String(), nullsMarker) {
			// NULLS FIRST or LAST, after the item it belongs to.
			if len(out) == 0 || out[len(out)-1].Nulls != 0 || o.Direction == sqlparser.DescScr {
				return nil, NewSyntaxError(c.text, c.off, "NULLS FIRST or NULLS LAST must follow an ORDER BY term")
			}
			out[len(out)-1].Nulls = 2
			if strings.TrimPrefix(col.Name.String(), nullsMarker) == "first" {
				out[len(out)-1].Nulls = 1
			}
			continue
		}
		e, err := c.expr(o.Expr)
		if err != nil {
			return nil, err
		}
		out = append(out, ast.OrderItem{Expr: e, Desc: o.Direction == sqlparser.DescScr})
	}
	return out, nil
}

func (c *converter) intVal(e sqlparser.Expr) (int64, error) {
	v, ok := e.(*sqlparser.SQLVal)
	if ok && v.Type == sqlparser.ValArg {
		return 0, NewSyntaxError(c.text, c.paramPos(v), "a ? placeholder in LIMIT or OFFSET not supported (write the number)")
	}
	if !ok || v.Type != sqlparser.IntVal {
		return 0, c.unsupported(e, "LIMIT that is not a whole number")
	}
	n, err := strconv.ParseInt(string(v.Val), 10, 64)
	if err != nil {
		return 0, c.unsupported(e, "LIMIT that is not a whole number")
	}
	if n < 0 {
		// As DuckDB; -1 would read as no LIMIT at all.
		return 0, NewSyntaxError(c.text, c.off, "LIMIT/OFFSET cannot be negative (%s)", v.Val)
	}
	return n, nil
}

func (c *converter) selectItem(se sqlparser.SelectExpr) (ast.SelectItem, error) {
	switch se := se.(type) {
	case *sqlparser.StarExpr:
		if !se.TableName.Qualifier.IsEmpty() {
			return ast.SelectItem{}, c.unsupported(se, "a qualified *")
		}
		return ast.SelectItem{Expr: ast.Star{Table: se.TableName.Name.String()}}, nil
	case *sqlparser.AliasedExpr:
		e, err := c.expr(se.Expr)
		if err != nil {
			return ast.SelectItem{}, err
		}
		return ast.SelectItem{Expr: e, Alias: se.As.String()}, nil
	}
	return ast.SelectItem{}, c.unsupported(se, "this select expression")
}

func (c *converter) exprs(es []sqlparser.Expr) ([]ast.Expr, error) {
	out := make([]ast.Expr, 0, len(es))
	for _, e := range es {
		x, err := c.expr(e)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

func (c *converter) expr(e sqlparser.Expr) (ast.Expr, error) {
	switch e := e.(type) {
	case *sqlparser.AndExpr:
		l, r, err := c.pair(e.Left, e.Right)
		return ast.And{L: l, R: r}, err
	case *sqlparser.OrExpr:
		l, r, err := c.pair(e.Left, e.Right)
		return ast.Or{L: l, R: r}, err
	case *sqlparser.NotExpr:
		x, err := c.expr(e.Expr)
		return ast.Not{X: x}, err
	case *sqlparser.ParenExpr:
		return c.expr(e.Expr)
	case *sqlparser.ComparisonExpr:
		return c.comparison(e)
	case *sqlparser.RangeCond:
		x, err := c.expr(e.Left)
		if err != nil {
			return nil, err
		}
		lo, hi, err := c.pair(e.From, e.To)
		return ast.Between{X: x, Lo: lo, Hi: hi, Not: e.Operator == sqlparser.NotBetweenStr}, err
	case *sqlparser.IsExpr:
		x, err := c.expr(e.Expr)
		if err != nil {
			return nil, err
		}
		switch e.Operator {
		case sqlparser.IsNullStr:
			return ast.IsNull{X: x}, nil
		case sqlparser.IsNotNullStr:
			return ast.IsNull{X: x, Not: true}, nil
		case sqlparser.IsTrueStr:
			return ast.IsBool{X: x, True: true}, nil
		case sqlparser.IsNotTrueStr:
			return ast.IsBool{X: x, True: true, Not: true}, nil
		case sqlparser.IsFalseStr:
			return ast.IsBool{X: x}, nil
		case sqlparser.IsNotFalseStr:
			return ast.IsBool{X: x, Not: true}, nil
		}
		return nil, c.unsupported(e, strings.ToUpper(e.Operator))
	case *sqlparser.ColName:
		return c.column(e)
	case *sqlparser.SQLVal:
		return c.literal(e)
	case *sqlparser.NullVal:
		return ast.Null, nil
	case sqlparser.BoolVal:
		return ast.Literal{Value: types.BoolValue(bool(e))}, nil
	case *sqlparser.UnaryExpr:
		switch e.Operator {
		case sqlparser.UMinusStr:
			if v, ok := e.Expr.(*sqlparser.SQLVal); ok && (v.Type == sqlparser.IntVal || v.Type == sqlparser.FloatVal) {
				return c.number(e, "-"+string(v.Val))
			}
			x, err := c.expr(e.Expr)
			return ast.Neg{X: x}, err
		case sqlparser.UPlusStr:
			return c.expr(e.Expr)
		case sqlparser.BangStr:
			x, err := c.expr(e.Expr)
			return ast.Not{X: x}, err
		case sqlparser.TildaStr:
			x, err := c.expr(e.Expr)
			return &ast.Func{Name: "~", Args: []ast.Expr{x}}, err
		}
		return nil, c.unsupported(e, "operator "+strings.TrimSpace(strings.ToUpper(e.Operator)))
	case *sqlparser.BinaryExpr:
		return c.binary(e)
	case *sqlparser.FuncExpr:
		return c.funcExpr(e)
	case *sqlparser.GroupConcatExpr:
		return c.groupConcat(e)
	case *sqlparser.CaseExpr:
		return c.caseExpr(e)
	case *sqlparser.ConvertExpr:
		return c.cast(e, e.Expr, e.Type)
	case *sqlparser.SubstrExpr:
		x, err := c.column(e.Name)
		if err != nil {
			return nil, err
		}
		args := []ast.Expr{x}
		from, err := c.expr(e.From)
		if err != nil {
			return nil, err
		}
		args = append(args, from)
		if e.To != nil {
			to, err := c.expr(e.To)
			if err != nil {
				return nil, err
			}
			args = append(args, to)
		}
		return &ast.Func{Name: "SUBSTRING", Args: args}, nil
	case *sqlparser.IntervalExpr:
		x, err := c.expr(e.Expr)
		if err != nil {
			return nil, err
		}
		return ast.Interval{X: x, Unit: strings.ToUpper(e.Unit)}, nil
	case *sqlparser.CollateExpr:
		return nil, c.unsupported(e, "COLLATE")
	case *sqlparser.Subquery:
		sel, err := c.subquery(e)
		p, _ := c.pos(e)
		return ast.Subquery{Select: sel, Pos: p}, err
	case *sqlparser.ExistsExpr:
		sel, err := c.subquery(e.Subquery)
		p, _ := c.pos(e)
		return ast.Exists{Select: sel, Pos: p}, err
	case sqlparser.ValTuple:
		return nil, c.unsupported(e, "a tuple")
	}
	return nil, c.unsupported(e, "this expression")
}

// unionOf returns the UNION that st is, through parentheses, or nil.
func unionOf(st sqlparser.SelectStatement) *sqlparser.Union {
	for {
		switch x := st.(type) {
		case *sqlparser.ParenSelect:
			st = x.Select
		case *sqlparser.Union:
			return x
		default:
			return nil
		}
	}
}

// unionSelect converts a UNION that is a derived table's query into the
// SELECT of its columns (named by its first query's select list) from
// its rows (Table.Union).
func (c *converter) unionSelect(u *sqlparser.Union) (*ast.Select, error) {
	un, err := c.union(u)
	if err != nil {
		return nil, err
	}
	return UnionTable(un), nil
}

// UnionTable is the SELECT of un's columns from its rows (see
// unionSelect), as a derived table or a CTE reads a UNION: SELECT * of
// them when its first query selects *, whose columns the planner knows
// once it has spelled that query's * (those of its tables).
func UnionTable(un *ast.Union) *ast.Select {
	first := un.Parts[0]
	sel := &ast.Select{From: ast.Table{Union: un}, Limit: -1}
	if hasStarItem(first) {
		sel.Items = []ast.SelectItem{{Expr: ast.Star{}}}
		return sel
	}
	sel.Items = ast.ColumnItems(first.ColumnNames())
	return sel
}

// lastStar returns the * that a modifier the pre-parse made an item of
// (EXCLUDE, REPLACE) follows: the last item so far, if it is one.
func lastStar(items []ast.SelectItem) (ast.Star, bool) {
	if len(items) == 0 {
		return ast.Star{}, false
	}
	st, ok := items[len(items)-1].Expr.(ast.Star)
	return st, ok
}

// hasStarItem reports a * (or t.*) in sel's select list.
func hasStarItem(sel *ast.Select) bool {
	return slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { _, star := it.Expr.(ast.Star); return star })
}

// subquery converts the SELECT of a subquery in an expression.
func (c *converter) subquery(e *sqlparser.Subquery) (*ast.Select, error) {
	st := e.Select
	for {
		p, ok := st.(*sqlparser.ParenSelect)
		if !ok {
			break
		}
		st = p.Select
	}
	if u, ok := st.(*sqlparser.Union); ok {
		return c.unionSelect(u)
	}
	sel, ok := st.(*sqlparser.Select)
	if !ok {
		return nil, c.unsupported(e, "UNION in a subquery")
	}
	return c.selectStmt(sel)
}

func (c *converter) comparison(e *sqlparser.ComparisonExpr) (ast.Expr, error) {
	if row, ok := e.Left.(sqlparser.ValTuple); ok && len(row) > 1 {
		return c.rowComparison(e, row)
	}
	switch e.Operator {
	case sqlparser.InStr, sqlparser.NotInStr:
		x, err := c.expr(e.Left)
		if err != nil {
			return nil, err
		}
		if sub, ok := e.Right.(*sqlparser.Subquery); ok {
			sel, err := c.subquery(sub)
			p, _ := c.pos(e)
			return ast.InSelect{X: x, Select: sel, Not: e.Operator == sqlparser.NotInStr, Pos: p}, err
		}
		tuple, ok := e.Right.(sqlparser.ValTuple)
		if !ok {
			return nil, c.unsupported(e, "IN without a list of values")
		}
		list, err := c.exprs(tuple)
		return ast.In{X: x, List: list, Not: e.Operator == sqlparser.NotInStr}, err
	}
	l, r, err := c.pair(e.Left, e.Right)
	if err != nil {
		return nil, err
	}
	switch e.Operator {
	case "<=>":
		if f, ok := r.(*ast.Func); ok && f.Name == distinctMarker && len(f.Args) == 1 { // IS DISTINCT FROM
			return ast.Not{X: ast.Compare{Op: e.Operator, L: l, R: f.Args[0]}}, nil
		}
		return ast.Compare{Op: e.Operator, L: l, R: r}, nil
	case "=", "!=", "<", "<=", ">", ">=":
		if f, ok := r.(*ast.Func); ok && (f.Name == strings.ToUpper(allQMarker) || f.Name == strings.ToUpper(anyQMarker)) {
			return c.quantifiedCase(e, l, f)
		}
		return ast.Compare{Op: e.Operator, L: l, R: r}, nil
	case sqlparser.LikeStr, sqlparser.NotLikeStr:
		if esc, ok := e.Escape.(*sqlparser.SQLVal); ok && esc.Type == sqlparser.StrVal && strings.HasPrefix(string(esc.Val), ilikeMarker) {
			f := &ast.Func{Name: "ILIKE", Args: []ast.Expr{l, r}}
			if c := strings.TrimPrefix(string(esc.Val), ilikeMarker); c != "" {
				f.Args = append(f.Args, ast.Str(c))
			}
			if e.Operator == sqlparser.NotLikeStr {
				return ast.Not{X: f}, nil
			}
			return f, nil
		}
		like := ast.Like{X: l, Pattern: r, Not: e.Operator == sqlparser.NotLikeStr}
		if e.Escape != nil {
			if like.Escape, err = c.expr(e.Escape); err != nil {
				return nil, err
			}
		}
		return like, nil
	case sqlparser.RegexpStr, sqlparser.NotRegexpStr:
		// x [NOT] SIMILAR TO p, which the pre-parse marked: DuckDB's
		// REGEXP_FULL_MATCH(x, p).
		if f, ok := r.(*ast.Func); ok && len(f.Args) == 1 && markedCalls[f.Name][0] != "" {
			name, shown := markedCalls[f.Name][0], markedCalls[f.Name][1]
			var out ast.Expr = &ast.Func{Name: name, Args: []ast.Expr{l, f.Args[0]}, Shown: shown}
			if e.Operator == sqlparser.NotRegexpStr {
				out = ast.Not{X: out}
			}
			return out, nil
		}
		return ast.Like{X: l, Pattern: r, Regexp: true, Not: e.Operator == sqlparser.NotRegexpStr}, nil
	case sqlparser.JSONExtractOp, sqlparser.JSONUnquoteExtractOp:
		return ast.JSONExtract{X: l, Path: r, Text: e.Operator == sqlparser.JSONUnquoteExtractOp}, nil
	}
	return nil, c.unsupported(e, "operator "+strings.ToUpper(e.Operator))
}

func (c *converter) binary(e *sqlparser.BinaryExpr) (ast.Expr, error) {
	var op types.Op
	switch e.Operator {
	case sqlparser.PlusStr:
		op = types.Add
	case sqlparser.MinusStr:
		op = types.Sub
	case sqlparser.MultStr:
		op = types.Mul
	case sqlparser.DivStr:
		op = types.Div
	case sqlparser.IntDivStr:
		op = types.IntDiv
	case sqlparser.ModStr, "mod":
		op = types.Mod
	case sqlparser.JSONExtractOp, sqlparser.JSONUnquoteExtractOp:
		l, r, err := c.pair(e.Left, e.Right)
		return ast.JSONExtract{X: l, Path: r, Text: e.Operator == sqlparser.JSONUnquoteExtractOp}, err
	case sqlparser.BitXorStr: // DuckDB's a ^ b is a power (MySQL's the bitwise XOR), at the same precedence
		l, r, err := c.pair(e.Left, e.Right)
		return &ast.Func{Name: "POWER", Args: []ast.Expr{l, r}, Shown: "^"}, err
	case sqlparser.BitOrStr: // a || b (see prepass; ParseSelect refuses | alone)
		l, r, err := c.pair(e.Left, e.Right)
		return &ast.Func{Name: ast.ConcatOp, Args: []ast.Expr{l, r}}, err
	case sqlparser.BitAndStr, sqlparser.ShiftLeftStr, sqlparser.ShiftRightStr: // DuckDB's bitwise operators (function.bitAndFn …)
		// DuckDB reads a & b << c left to right, (a & b) << c, where
		// MySQL's grammar binds << first: a & (b << c), unparenthesized.
		if sh, ok := e.Right.(*sqlparser.BinaryExpr); ok && e.Operator == sqlparser.BitAndStr && (sh.Operator == sqlparser.ShiftLeftStr || sh.Operator == sqlparser.ShiftRightStr) {
			return c.binary(&sqlparser.BinaryExpr{Operator: sh.Operator, Left: &sqlparser.BinaryExpr{Operator: e.Operator, Left: e.Left, Right: sh.Left}, Right: sh.Right})
		}
		l, r, err := c.pair(e.Left, e.Right)
		return &ast.Func{Name: e.Operator, Args: []ast.Expr{l, r}}, err
	default:
		return nil, c.unsupported(e, "operator "+strings.ToUpper(e.Operator))
	}
	l, r, err := c.pair(e.Left, e.Right)
	return ast.Arith{Op: op, L: l, R: r}, err
}

func (c *converter) column(e *sqlparser.ColName) (ast.Expr, error) {
	var path []string
	if q := e.Qualifier; !q.IsEmpty() {
		if !q.Qualifier.IsEmpty() {
			path = append(path, q.Qualifier.String())
		}
		path = append(path, q.Name.String())
	}
	name := e.Name.String()
	if name == "" {
		return nil, c.unsupported(e, "an empty field name")
	}
	p, _ := c.pos(e)
	return ast.Column{Path: append(path, name), Pos: p}, nil
}

func (c *converter) literal(e *sqlparser.SQLVal) (ast.Expr, error) {
	switch e.Type {
	case sqlparser.StrVal:
		return ast.Str(string(e.Val)), nil
	case sqlparser.IntVal, sqlparser.FloatVal:
		return c.number(e, string(e.Val))
	case sqlparser.ValArg:
		return c.param(e)
	}
	return nil, c.unsupported(e, "this literal")
}

// param converts a ? placeholder, which sqlparser numbers :v1, :v2, … in
// the text it parsed, text[off:]; those before off (in the CTEs before
// this query) come first.
func (c *converter) param(e *sqlparser.SQLVal) (ast.Expr, error) {
	k, err := strconv.Atoi(strings.TrimPrefix(string(e.Val), ":v"))
	if !placeholderName.Match(e.Val) || err != nil || k > placeholders(c.text[c.off:]) || namedParam(c.text[c.off:]) {
		return nil, c.unsupported(e, "a named parameter (write ?)")
	}
	return ast.Param{N: placeholders(c.text[:c.off]) + k - 1}, nil
}

// paramPos is the byte offset of placeholder e in the text.
func (c *converter) paramPos(e *sqlparser.SQLVal) int {
	k, _ := strconv.Atoi(strings.TrimPrefix(string(e.Val), ":v"))
	return c.off + placeholderAt(c.text[c.off:], k)
}

// number converts a number the tokenizer accepted: an integer that fits
// BIGINT is exact, one past it a HUGEINT (to 128 bits, as DuckDB's),
// anything else a double (DuckDB reads 1.5 as a DECIMAL; we compute it
// as a DOUBLE).
func (c *converter) number(node sqlparser.SQLNode, text string) (ast.Expr, error) {
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		return ast.Literal{Value: types.IntValue(i), Text: text}, nil
	}
	// An integer past BIGINT is a HUGEINT, as DuckDB's (an UHUGEINT up
	// to 2^128 - 1); past that a DOUBLE.
	if b, ok := new(big.Int).SetString(text, 10); ok && (b.Sign() >= 0 && b.BitLen() <= 128 || b.Sign() < 0 && (b.BitLen() <= 127 || b.BitLen() == 128 && b.TrailingZeroBits() == 127)) {
		return ast.Literal{Value: types.BigValue(b), Text: text}, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, c.unsupported(node, "this number")
	}
	return ast.Literal{Value: types.FloatValue(f), Text: text}, nil
}

func (c *converter) pair(a, b sqlparser.Expr) (ast.Expr, ast.Expr, error) {
	x, err := c.expr(a)
	if err != nil {
		return nil, nil, err
	}
	y, err := c.expr(b)
	return x, y, err
}

func (c *converter) funcExpr(e *sqlparser.FuncExpr) (ast.Expr, error) {
	if !e.Qualifier.IsEmpty() {
		return nil, c.unsupported(e, "a qualified function name")
	}
	f := &ast.Func{Name: strings.ToUpper(e.Name.String()), Distinct: e.Distinct}
	if f.Name == strings.ToUpper(overMarker) {
		return c.window(e)
	}
	if f.Name == strings.ToUpper(tryMarker) {
		return c.tryCast(e)
	}
	if f.Name == strings.ToUpper(lambdaMarker) || f.Name == strings.ToUpper(lambdaKeyMarker) {
		// x -> body: LambdaFunc('x', body); (x, i) -> body:
		// LambdaFunc('x', 'i', body).
		l := &ast.Func{Name: ast.LambdaFunc}
		for k, a := range e.Exprs {
			ae, ok := a.(*sqlparser.AliasedExpr)
			if !ok {
				return nil, c.unsupported(e, "this lambda")
			}
			if k == len(e.Exprs)-1 {
				b, err := c.expr(ae.Expr)
				if err != nil {
					return nil, err
				}
				l.Args = append(l.Args, b)
				break
			}
			name, ok := ae.Expr.(*sqlparser.ColName)
			if !ok || !name.Qualifier.IsEmpty() {
				return nil, c.unsupported(e, "this lambda (its parameters are names: x -> body, (x, i) -> body)")
			}
			l.Args = append(l.Args, ast.Str(name.Name.String()))
		}
		if len(l.Args) < 2 {
			return nil, c.unsupported(e, "this lambda")
		}
		if f.Name == strings.ToUpper(lambdaKeyMarker) {
			l.Shown = "lambda"
		}
		return l, nil
	}
	if f.Name == strings.ToUpper(arrowMarker) || f.Name == strings.ToUpper(arrowTextMarker) {
		if len(e.Exprs) != 2 {
			return nil, c.unsupported(e, "this ->")
		}
		var args [2]ast.Expr
		for k, a := range e.Exprs {
			ae, ok := a.(*sqlparser.AliasedExpr)
			if !ok {
				return nil, c.unsupported(e, "this ->")
			}
			x, err := c.expr(ae.Expr)
			if err != nil {
				return nil, err
			}
			args[k] = x
		}
		return ast.JSONExtract{X: args[0], Path: args[1], Text: f.Name == strings.ToUpper(arrowTextMarker)}, nil
	}
	switch f.Name {
	case substrName:
		f.Name, f.Shown = "SUBSTRING", `main."substring"`
	case substrShort:
		f.Name, f.Shown = "SUBSTRING", "substr"
	case extractName:
		f.Name, f.Shown = "DATE_PART", "main.date_part"
	case listName:
		f.Name, f.Shown = "LIST_VALUE", "main.list_value"
	}
	for _, a := range e.Exprs {
		switch a := a.(type) {
		case *sqlparser.StarExpr:
			if f.Name == ast.ColumnsFunc && len(e.Exprs) == 2 && !e.Distinct {
				// COLUMNS(* EXCLUDE (a, b)), which the pre-parse made
				// COLUMNS(*, excludeMarker(a, b)): the names as its
				// arguments, of a COLUMNS(*).
				var names []string
				var bad ast.Expr
				ok := false
				if ae, isExpr := e.Exprs[1].(*sqlparser.AliasedExpr); isExpr {
					x, err := c.expr(ae.Expr)
					if err != nil {
						return nil, err
					}
					names, bad, ok = excludeNames(x)
				}
				if !ok || bad != nil || len(names) == 0 {
					return nil, c.unsupported(e, "this COLUMNS(* EXCLUDE (…)), of column names,")
				}
				f.Star = true
				for _, n := range names {
					f.Args = append(f.Args, ast.Str(n))
				}
				return f, nil
			}
			if f.Name != "COUNT" && f.Name != ast.ColumnsFunc || len(e.Exprs) != 1 || e.Distinct {
				return nil, c.unsupported(e, "* as an argument")
			}
			f.Star = true
		case *sqlparser.AliasedExpr:
			if !a.As.IsEmpty() {
				return nil, c.unsupported(e, "an alias inside a call")
			}
			if tuple, ok := a.Expr.(sqlparser.ValTuple); ok && f.Name == "COUNT" && f.Distinct && len(e.Exprs) == 1 {
				// DuckDB's COUNT(DISTINCT (a, b)): of rows, NULLs in them too.
				row := &ast.Func{Name: ast.RowFunc, Shown: `main."row"`}
				for _, x := range tuple {
					y, err := c.expr(x)
					if err != nil {
						return nil, err
					}
					row.Args = append(row.Args, y)
				}
				f.Args = append(f.Args, row)
				continue
			}
			x, err := c.expr(a.Expr)
			if err != nil {
				return nil, err
			}
			f.Args = append(f.Args, x)
		default:
			return nil, c.unsupported(e, "this argument")
		}
	}
	topN(f)
	fresh := func(i int) (ast.Expr, error) {
		return c.expr(e.Exprs[i].(*sqlparser.AliasedExpr).Expr) // f.Args[i]'s expression, converted anew
	}
	if x, err := macro(f, fresh); x != nil || err != nil {
		return x, err
	}
	return f, nil
}

// excludeNames reads x when it is excludeMarker(a, b), the EXCLUDE (a,
// b) of * or of COLUMNS(*) that the pre-parse wrote (ok): the names, or
// the first argument that is no column's name (bad).
func excludeNames(x ast.Expr) (names []string, bad ast.Expr, ok bool) {
	f, isFunc := x.(*ast.Func)
	if !isFunc || f.Name != strings.ToUpper(excludeMarker) {
		return nil, nil, false
	}
	for _, a := range f.Args {
		col, isCol := a.(ast.Column)
		if !isCol || len(col.Path) != 1 {
			return nil, a, true
		}
		names = append(names, col.Path[0])
	}
	return names, nil, true
}

// topN names DuckDB's MAX(x, n), MIN(x, n) and ARG_MAX(arg, val, n) and
// its kin (MAX_BY, ARGMAX; ARG_MIN, MIN_BY, ARGMIN) with an n, the list
// of the n best, apart from the aggregates of one value: MAX_N, MIN_N,
// ARG_MAX_N, ARG_MIN_N, shown as written.
func topN(f *ast.Func) {
	n := len(f.Args)
	if n > 0 {
		if g, ok := f.Args[n-1].(*ast.Func); ok && g.Name == ast.FilterArg {
			n-- // ARG_MAX(a, v) FILTER (WHERE c) carries c last
		}
	}
	shown := strings.ToLower(f.Name)
	switch {
	case (f.Name == "MAX" || f.Name == "MIN") && n == 2 && !f.Star:
		f.Name += "_N"
	case (f.Name == "ARG_MAX" || f.Name == "MAX_BY" || f.Name == "ARGMAX") && n == 3:
		f.Name = "ARG_MAX_N"
	case (f.Name == "ARG_MIN" || f.Name == "MIN_BY" || f.Name == "ARGMIN") && n == 3:
		f.Name = "ARG_MIN_N"
	default:
		return
	}
	if f.Shown == "" {
		f.Shown = shown
	}
}

// macro returns the calls that DuckDB's call f stands for, named as f is
// (ast.Func.As), or nil for a call of its own. fresh(i) converts f's
// argument i anew, for an expansion that reads it more than once (the
// AST is a tree):
//
//   - COUNT_IF(c) and COUNTIF(c): SUM(CAST(c AS INTEGER)), the rows where
//     c is true, as DuckDB sums them: NULL when no row's c is true or
//     false (no row, or all NULL);
//   - GEOMEAN(x) and GEOMETRIC_MEAN(x): EXP(AVG(LN(x))), DuckDB's own
//     macro (default_functions.cpp), its errors for x <= 0 included;
//   - APPROX_COUNT_DISTINCT(x): COUNT(DISTINCT x). DuckDB estimates it
//     with a HyperLogLog (10 values may count 11); the exact count is
//     within any estimate's promise, and bounded as COUNT(DISTINCT) is;
//   - WEIGHTED_AVG(v, w) and WAVG(v, w): SUM(v * w) / SUM(CASE WHEN v IS
//     NOT NULL THEN w ELSE 0 END), DuckDB's macro;
//   - ROUND_EVEN(x, n) and ROUNDBANKERS(x, n): CASE ((ABS(x) * POWER(10,
//     n + 1)) % 10) WHEN 5 THEN ROUND(x / 2, n) * 2 ELSE ROUND(x, n) END,
//     DuckDB's macro (whose DOUBLE arithmetic decides what a half is);
//   - RANK_DENSE(): DENSE_RANK();
//   - JSON_GROUP_ARRAY(x): CAST('[' || GROUP_CONCAT(COALESCE(TO_JSON(x),
//     'null') SEPARATOR ',') || ']' AS JSON), and JSON_GROUP_OBJECT(k, v)
//     so of TO_JSON(CAST(k AS VARCHAR)) || ':' || the value, a NULL k
//     ERROR('json_group_object key cannot be NULL'): DuckDB's macros
//     (NULL of no row).
func macro(f *ast.Func, fresh func(i int) (ast.Expr, error)) (*ast.Func, error) {
	if f.Distinct || f.Star || f.OrderBy != nil || f.Separator != nil {
		return nil, nil
	}
	call := func(name string, args ...ast.Expr) *ast.Func { return &ast.Func{Name: name, Args: args} }
	// args converts f's arguments anew, k times over: args(2) gives
	// [a0, a1, a0', a1'].
	args := func(k int) ([]ast.Expr, error) {
		var out []ast.Expr
		for range k {
			for i := range f.Args {
				a, err := fresh(i)
				if err != nil {
					return nil, err
				}
				out = append(out, a)
			}
		}
		return out, nil
	}
	var x *ast.Func
	switch {
	case (f.Name == "COUNT_IF" || f.Name == "COUNTIF") && len(f.Args) == 1:
		x = call("SUM", ast.Cast{X: f.Args[0], To: types.Int, Type: "INTEGER"})
	case (f.Name == "GEOMEAN" || f.Name == "GEOMETRIC_MEAN") && len(f.Args) == 1:
		x = call("EXP", call("AVG", call("LN", f.Args[0])))
	case f.Name == "APPROX_COUNT_DISTINCT" && len(f.Args) == 1:
		x = &ast.Func{Name: "COUNT", Distinct: true, Args: f.Args}
	case (f.Name == "WEIGHTED_AVG" || f.Name == "WAVG") && len(f.Args) == 2:
		a, err := args(2) // v, w, v', w'
		if err != nil {
			return nil, err
		}
		x = call("COALESCE", ast.Arith{Op: types.Div, // COALESCE of one: the call that carries the name
			L: call("SUM", ast.Arith{Op: types.Mul, L: a[0], R: a[1]}),
			R: call("SUM", &ast.Case{Whens: []ast.When{{Cond: ast.IsNull{X: a[2], Not: true}, Then: a[3]}}, Else: ast.Int(0)})})
	case (f.Name == "ROUND_EVEN" || f.Name == "ROUNDBANKERS") && len(f.Args) == 2:
		a, err := args(3) // x, n three times
		if err != nil {
			return nil, err
		}
		half := ast.Arith{Op: types.Mod, L: ast.Arith{Op: types.Mul, L: call("ABS", a[0]),
			R: call("POWER", ast.Int(10), ast.Arith{Op: types.Add, L: a[1], R: ast.Int(1)})}, R: ast.Int(10)}
		x = call("COALESCE", &ast.Case{Operand: half, Whens: []ast.When{{
			Cond: ast.Int(5),
			Then: ast.Arith{Op: types.Mul, L: call("ROUND", ast.Arith{Op: types.Div, L: a[2], R: ast.Int(2)}, a[3]), R: ast.Int(2)}}},
			Else: call("ROUND", a[4], a[5])})
	case f.Name == "RANK_DENSE" && len(f.Args) == 0:
		x = call("DENSE_RANK")
	case f.Name == "JSON_GROUP_ARRAY" && len(f.Args) == 1:
		x = jsonGroup("[", call("COALESCE", call("TO_JSON", f.Args[0]), ast.Str("null")), "]")
	case f.Name == "JSON_GROUP_OBJECT" && len(f.Args) == 2:
		a, err := args(2) // k, v, k', v'
		if err != nil {
			return nil, err
		}
		key := &ast.Case{Whens: []ast.When{{Cond: ast.IsNull{X: a[0]}, Then: call("ERROR", ast.Str("json_group_object key cannot be NULL"))}},
			Else: call("TO_JSON", ast.Cast{X: a[2], To: types.String, Type: "VARCHAR"})}
		value := call("COALESCE", call("TO_JSON", a[1]), ast.Str("null"))
		x = jsonGroup("{", call(ast.ConcatOp, call(ast.ConcatOp, key, ast.Str(":")), value), "}")
	default:
		return nil, nil
	}
	x.As = ast.DuckName(f)
	return x, nil
}

// jsonGroup is CAST(open || GROUP_CONCAT(each SEPARATOR ',') || close AS
// JSON), in a COALESCE of one, the call that carries the macro's name.
func jsonGroup(open string, each ast.Expr, close string) *ast.Func {
	comma := ","
	joined := &ast.Func{Name: "GROUP_CONCAT", Args: []ast.Expr{each}, Separator: &comma}
	text := &ast.Func{Name: ast.ConcatOp, Args: []ast.Expr{&ast.Func{Name: ast.ConcatOp, Args: []ast.Expr{ast.Str(open), joined}}, ast.Str(close)}}
	return &ast.Func{Name: "COALESCE", Args: []ast.Expr{ast.Cast{X: text, To: types.JSON, Type: "JSON"}}}
}

func (c *converter) groupConcat(e *sqlparser.GroupConcatExpr) (ast.Expr, error) {
	f := &ast.Func{Name: "GROUP_CONCAT", Distinct: e.Distinct != ""}
	for _, a := range e.Exprs {
		ae, ok := a.(*sqlparser.AliasedExpr)
		if !ok {
			return nil, c.unsupported(e, "this argument")
		}
		x, err := c.expr(ae.Expr)
		if err != nil {
			return nil, err
		}
		f.Args = append(f.Args, x)
	}
	var err error
	if f.OrderBy, err = c.orderBy(e.OrderBy); err != nil {
		return nil, err
	}
	if e.Separator != "" {
		sep := strings.TrimSpace(e.Separator)
		sep = strings.TrimSpace(sep[len("separator"):])
		lit, err := sqlparser.Parse("select " + sep)
		if err != nil {
			return nil, c.unsupported(e, "this SEPARATOR")
		}
		v, ok := lit.(*sqlparser.Select).SelectExprs[0].(*sqlparser.AliasedExpr).Expr.(*sqlparser.SQLVal)
		if !ok || v.Type != sqlparser.StrVal {
			return nil, c.unsupported(e, "this SEPARATOR")
		}
		s := string(v.Val)
		if name, ok := strings.CutPrefix(s, orderedMarker); ok {
			// f(x ORDER BY k), carried by the pre-parse (see orderedMarker).
			f.Name = name
			return f, nil
		}
		f.Separator = &s
	}
	return f, nil
}

func (c *converter) caseExpr(e *sqlparser.CaseExpr) (ast.Expr, error) {
	out, err := c.caseWhens(e)
	if err != nil || len(out.Whens) != 1 || out.Operand != nil {
		return out, err
	}
	// The CASE of an aggregate's FILTER: its condition's mark off.
	if f, ok := out.Whens[0].Cond.(*ast.Func); ok && len(f.Args) == 1 && (f.Name == ast.FilteredMarker || f.Name == ast.FilteredStar) {
		out.Whens[0].Cond = f.Args[0]
		out.Filter, out.FilterStar = true, f.Name == ast.FilteredStar
	}
	return out, nil
}

func (c *converter) caseWhens(e *sqlparser.CaseExpr) (*ast.Case, error) {
	out := &ast.Case{}
	var err error
	if e.Expr != nil {
		if out.Operand, err = c.expr(e.Expr); err != nil {
			return nil, err
		}
	}
	for _, w := range e.Whens {
		cond, then, err := c.pair(w.Cond, w.Val)
		if err != nil {
			return nil, err
		}
		out.Whens = append(out.Whens, ast.When{Cond: cond, Then: then})
	}
	if e.Else != nil {
		if out.Else, err = c.expr(e.Else); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// tryCast converts tryMarker(CAST(x AS type)), as the pre-parse writes
// DuckDB's TRY_CAST.
func (c *converter) tryCast(e *sqlparser.FuncExpr) (ast.Expr, error) {
	if len(e.Exprs) == 1 {
		if ae, ok := e.Exprs[0].(*sqlparser.AliasedExpr); ok {
			if cv, ok := ae.Expr.(*sqlparser.ConvertExpr); ok {
				x, err := c.cast(cv, cv.Expr, cv.Type)
				if cast, ok := x.(ast.Cast); ok {
					cast.Try = true
					return cast, nil
				}
				return x, err
			}
		}
	}
	return nil, c.unsupported(e, "TRY_CAST of this form (TRY_CAST(x AS type) is)")
}

func (c *converter) cast(node sqlparser.SQLNode, x sqlparser.Expr, t *sqlparser.ConvertType) (ast.Expr, error) {
	arg, err := c.expr(x)
	if err != nil {
		return nil, err
	}
	name := strings.ToUpper(t.Type)
	list := false
	if strings.HasPrefix(t.Charset, typeMarker) {
		name = strings.ToUpper(strings.TrimPrefix(t.Charset, typeMarker))
		name, list = strings.CutSuffix(name, strings.ToUpper(listTypeSuffix))
	} else if t.Charset != "" {
		return nil, c.unsupported(node, "a character set")
	}
	if name == "DECIMAL" || name == "NUMERIC" {
		// DuckDB's DECIMAL is DECIMAL(18, 3), rounded to 3 places; we have
		// no decimal type and will not pretend.
		return nil, c.unsupported(node, "CAST to DECIMAL (CAST to DOUBLE instead)")
	}
	kind, ok := types.KindByName(name)
	if !ok {
		p, _ := c.pos(node)
		return nil, NewSyntaxError(c.text, p, "CAST to %s not supported (types: VARCHAR, BIGINT, DOUBLE, BOOLEAN, DATE, TIMESTAMP, INTERVAL, JSON)", name)
	}
	spelt := name
	if t.Length != nil && !strings.HasPrefix(t.Charset, typeMarker) {
		spelt += "(" + string(t.Length.Val)
		if t.Scale != nil {
			spelt += ", " + string(t.Scale.Val)
		}
		spelt += ")"
		if kind == types.Float && (name == "DECIMAL" || name == "NUMERIC") {
			// DECIMAL(p, s) rounds to s places; we compute it as a DOUBLE.
			return nil, c.unsupported(node, "CAST to DECIMAL with a precision (CAST to DOUBLE instead)")
		}
	}
	if list {
		return ast.Cast{X: arg, To: kind, Type: spelt + "[]", List: true}, nil
	}
	return ast.Cast{X: arg, To: kind, Type: spelt}, nil
}
