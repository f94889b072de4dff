package sql

// This file is the only one that knows github.com/xwb1989/sqlparser: it
// parses SELECT text and converts the MySQL AST into ours.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/xwb1989/sqlparser"
)

var posRE = regexp.MustCompile(`at position (\d+)(?: near '(.*)')?$`)

// parseSelect parses text[off:] as a SELECT; errors point into text.
func parseSelect(text string, off int) (*Select, error) {
	st, panicked, err := sqlParse(text[off:])
	if panicked {
		// sqlparser panics on a MySQL comment /*!…*/ with no SQL in it.
		pos := len(text)
		if i := strings.Index(text[off:], "/*!"); i >= 0 {
			pos = off + i
		}
		return nil, newSyntaxError(text, pos, "cannot parse the statement here")
	}
	if err != nil {
		msg := err.Error()
		pos := len(text) - off
		if m := posRE.FindStringSubmatch(msg); m != nil {
			end, _ := strconv.Atoi(m[1])
			pos = end - 1 - len(m[2])
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
				msg += fmt.Sprintf("unexpected '%c'", rest[pos])
			}
		}
		return nil, newSyntaxError(text, off+max(pos, 0), "%s", msg)
	}
	sel, ok := st.(*sqlparser.Select)
	if !ok {
		return nil, newSyntaxError(text, off, "only SELECT queries are supported here, not %s", sqlparser.String(st))
	}
	c := converter{text: text, off: off}
	return c.selectStmt(sel)
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

// isKeyword reports whether the SQL parser reads word as a keyword, so
// that a field or lake of that name must be written `quoted`.
func isKeyword(word string) bool {
	return strings.HasPrefix(sqlparser.String(sqlparser.NewColIdent(word)), "`")
}

type converter struct {
	text string
	off  int
}

func (c *converter) unsupported(node sqlparser.SQLNode, what string) error {
	s := sqlparser.String(node)
	pos := c.off
	// sqlparser prints keywords in lower case: quote the text as typed when
	// it can be found.
	if i := strings.Index(strings.ToLower(c.text[c.off:]), strings.ToLower(s)); i >= 0 {
		pos += i
		// Lower-casing may change lengths outside ASCII: take the typed
		// text only when it lines up.
		if end := pos + len(s); end <= len(c.text) && strings.EqualFold(c.text[pos:end], s) {
			s = c.text[pos:end]
		}
	}
	return newSyntaxError(c.text, pos, "%s not supported: %s", what, s)
}

func (c *converter) selectStmt(sel *sqlparser.Select) (*Select, error) {
	out := &Select{Limit: -1}
	if sel.Distinct != "" {
		return nil, c.unsupported(sel, "SELECT DISTINCT")
	}
	if sel.Having != nil {
		return nil, c.unsupported(sel.Having, "HAVING")
	}
	if len(sel.From) != 1 {
		return nil, c.unsupported(sel.From, "a query over several lakes")
	}
	at, ok := sel.From[0].(*sqlparser.AliasedTableExpr)
	if !ok {
		return nil, c.unsupported(sel.From[0], "a join")
	}
	tn, ok := at.Expr.(sqlparser.TableName)
	if !ok || !tn.Qualifier.IsEmpty() {
		return nil, c.unsupported(at, "this FROM clause")
	}
	out.Lake = tn.Name.String()
	if out.Lake == "dual" && !strings.Contains(strings.ToLower(c.text[c.off:]), "dual") {
		// sqlparser supplies FROM dual when there is no FROM.
		return nil, newSyntaxError(c.text, len(c.text), "SELECT needs FROM <lake>")
	}
	if out.Lake == "" {
		return nil, newSyntaxError(c.text, c.off, "empty lake name")
	}
	for _, se := range sel.SelectExprs {
		item, err := c.selectItem(se)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, item)
	}
	if sel.Where != nil {
		w, err := c.expr(sel.Where.Expr)
		if err != nil {
			return nil, err
		}
		out.Where = w
	}
	for _, g := range sel.GroupBy {
		col, ok := g.(*sqlparser.ColName)
		if !ok {
			return nil, c.unsupported(g, "GROUP BY on an expression")
		}
		if col.Name.String() == "" {
			return nil, c.unsupported(g, "an empty field name")
		}
		out.GroupBy = append(out.GroupBy, col.Name.String())
	}
	for _, o := range sel.OrderBy {
		item := OrderItem{Desc: o.Direction == sqlparser.DescScr}
		switch e := o.Expr.(type) {
		case *sqlparser.SQLVal:
			n, err := strconv.Atoi(string(e.Val))
			if e.Type != sqlparser.IntVal || err != nil || n < 1 {
				return nil, c.unsupported(e, "ORDER BY on a constant")
			}
			item.Pos = n
		case *sqlparser.ColName:
			item.Name = e.Name.String()
			if item.Name == "" {
				return nil, c.unsupported(e, "an empty field name")
			}
		case *sqlparser.FuncExpr:
			agg, err := c.agg(e)
			if err != nil {
				return nil, err
			}
			item.Name = agg.String()
		default:
			return nil, c.unsupported(o.Expr, "ORDER BY on an expression")
		}
		out.OrderBy = append(out.OrderBy, item)
	}
	if sel.Limit != nil {
		n, err := c.intVal(sel.Limit.Rowcount)
		if err != nil {
			return nil, err
		}
		out.Limit = n
		if sel.Limit.Offset != nil {
			if out.Offset, err = c.intVal(sel.Limit.Offset); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func (c *converter) intVal(e sqlparser.Expr) (int64, error) {
	v, ok := e.(*sqlparser.SQLVal)
	if !ok || v.Type != sqlparser.IntVal {
		return 0, c.unsupported(e, "LIMIT that is not a whole number")
	}
	n, err := strconv.ParseInt(string(v.Val), 10, 64)
	if err != nil {
		return 0, c.unsupported(e, "LIMIT that is not a whole number")
	}
	return n, nil
}

func (c *converter) selectItem(se sqlparser.SelectExpr) (SelectItem, error) {
	switch se := se.(type) {
	case *sqlparser.StarExpr:
		if !se.TableName.IsEmpty() {
			return SelectItem{}, c.unsupported(se, "a qualified *")
		}
		return SelectItem{Star: true}, nil
	case *sqlparser.AliasedExpr:
		item := SelectItem{Alias: se.As.String()}
		switch e := se.Expr.(type) {
		case *sqlparser.ColName:
			item.Field = e.Name.String()
			if item.Field == "" {
				return SelectItem{}, c.unsupported(se, "an empty field name")
			}
		case *sqlparser.FuncExpr:
			agg, err := c.agg(e)
			if err != nil {
				return SelectItem{}, err
			}
			item.Agg = &agg
		default:
			return SelectItem{}, c.unsupported(se.Expr, "this select expression")
		}
		return item, nil
	}
	return SelectItem{}, c.unsupported(se, "this select expression")
}

func (c *converter) agg(e *sqlparser.FuncExpr) (Agg, error) {
	var a Agg
	switch e.Name.Lowered() {
	case "count":
		a.Func = Count
	case "sum":
		a.Func = Sum
	case "min":
		a.Func = Min
	case "max":
		a.Func = Max
	case "avg":
		a.Func = Avg
	default:
		return a, c.unsupported(e, "function "+strings.ToUpper(e.Name.String()))
	}
	if len(e.Exprs) != 1 {
		return a, c.unsupported(e, "an aggregate without exactly one argument")
	}
	switch arg := e.Exprs[0].(type) {
	case *sqlparser.StarExpr:
		if a.Func != Count || e.Distinct {
			return a, c.unsupported(e, "* in this aggregate")
		}
		a.Func = CountStar
		return a, nil
	case *sqlparser.AliasedExpr:
		col, ok := arg.Expr.(*sqlparser.ColName)
		if !ok {
			return a, c.unsupported(e, "an aggregate of an expression")
		}
		a.Arg = col.Name.String()
		if a.Arg == "" {
			return a, c.unsupported(e, "an empty field name")
		}
	default:
		return a, c.unsupported(e, "this aggregate")
	}
	if e.Distinct {
		if a.Func != Count {
			return a, c.unsupported(e, "DISTINCT in an aggregate other than COUNT")
		}
		a.Distinct = true
	}
	return a, nil
}

func (c *converter) expr(e sqlparser.Expr) (Expr, error) {
	switch e := e.(type) {
	case *sqlparser.AndExpr:
		l, r, err := c.pair(e.Left, e.Right)
		return And{l, r}, err
	case *sqlparser.OrExpr:
		l, r, err := c.pair(e.Left, e.Right)
		return Or{l, r}, err
	case *sqlparser.NotExpr:
		x, err := c.expr(e.Expr)
		return Not{x}, err
	case *sqlparser.ParenExpr:
		return c.expr(e.Expr)
	case *sqlparser.ComparisonExpr:
		switch e.Operator {
		case "=", "!=", "<", "<=", ">", ">=":
			l, err := c.operand(e.Left)
			if err != nil {
				return nil, err
			}
			r, err := c.operand(e.Right)
			return Compare{Op: e.Operator, L: l, R: r}, err
		case sqlparser.InStr, sqlparser.NotInStr:
			l, err := c.operand(e.Left)
			if err != nil {
				return nil, err
			}
			tuple, ok := e.Right.(sqlparser.ValTuple)
			if !ok {
				return nil, c.unsupported(e, "IN without a list of values")
			}
			in := In{L: l, Not: e.Operator == sqlparser.NotInStr}
			for _, v := range tuple {
				x, err := c.operand(v)
				if err != nil {
					return nil, err
				}
				in.List = append(in.List, x)
			}
			return in, nil
		}
		return nil, c.unsupported(e, "operator "+strings.ToUpper(e.Operator))
	case *sqlparser.RangeCond:
		l, err := c.operand(e.Left)
		if err != nil {
			return nil, err
		}
		from, err := c.operand(e.From)
		if err != nil {
			return nil, err
		}
		to, err := c.operand(e.To)
		if err != nil {
			return nil, err
		}
		var between Expr = And{Compare{Op: ">=", L: l, R: from}, Compare{Op: "<=", L: l, R: to}}
		if e.Operator == sqlparser.NotBetweenStr {
			between = Not{between}
		}
		return between, nil
	case *sqlparser.IsExpr:
		x, err := c.operand(e.Expr)
		if err != nil {
			return nil, err
		}
		switch e.Operator {
		case sqlparser.IsNullStr:
			return IsNull{E: x}, nil
		case sqlparser.IsNotNullStr:
			return IsNull{E: x, Not: true}, nil
		}
		return nil, c.unsupported(e, strings.ToUpper(e.Operator))
	case *sqlparser.ColName:
		if !e.Qualifier.IsEmpty() {
			return nil, c.unsupported(e, "a qualified field name")
		}
		if e.Name.String() == "" {
			return nil, c.unsupported(e, "an empty field name")
		}
		return Col{Name: e.Name.String()}, nil
	case *sqlparser.SQLVal:
		switch e.Type {
		case sqlparser.StrVal:
			return Str(string(e.Val)), nil
		case sqlparser.IntVal, sqlparser.FloatVal:
			return c.num(e, string(e.Val))
		}
	case *sqlparser.UnaryExpr:
		if v, ok := e.Expr.(*sqlparser.SQLVal); ok && e.Operator == sqlparser.UMinusStr &&
			(v.Type == sqlparser.IntVal || v.Type == sqlparser.FloatVal) {
			return c.num(e, "-"+string(v.Val))
		}
	case *sqlparser.NullVal:
		return Lit{Kind: LitNull}, nil
	case sqlparser.BoolVal:
		return Lit{Kind: LitBool, Bool: bool(e)}, nil
	}
	return nil, c.unsupported(e, "expression")
}

// operand converts what a comparison, IN, BETWEEN or IS compares: a field
// or a literal, as the planner runs nothing else (and 0 = (0 = 0) would
// print as text that does not parse).
func (c *converter) operand(e sqlparser.Expr) (Expr, error) {
	x, err := c.expr(e)
	if err != nil {
		return nil, err
	}
	switch x.(type) {
	case Col, Lit:
		return x, nil
	}
	return nil, c.unsupported(e, "a condition as a value")
}

// num converts a number the tokenizer accepted but Go may not (0E, 1e999).
func (c *converter) num(node sqlparser.SQLNode, text string) (Expr, error) {
	n, err := Num(text)
	if err != nil {
		return nil, c.unsupported(node, "this number")
	}
	return n, nil
}

func (c *converter) pair(a, b sqlparser.Expr) (Expr, Expr, error) {
	x, err := c.expr(a)
	if err != nil {
		return nil, nil, err
	}
	y, err := c.expr(b)
	return x, y, err
}
