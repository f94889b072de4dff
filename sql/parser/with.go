package parser

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// WITH name [(columns)] AS (query) [, …] query: common table expressions,
// which the MySQL grammar lacks. Each one's query is parsed on its own,
// and every FROM name that names it (in the main query, its subqueries,
// derived tables and UNION parts, and the CTEs after it) becomes a
// derived table of its query, as if it had been written there.

// parseWith parses a query that starts with WITH at text[off:].
func parseWith(text string, off int) (ast.Statement, error) {
	toks := sqlTokens(text[off:])
	at := func(i int) string {
		if i >= len(toks) {
			return ""
		}
		return text[off+toks[i].pos : off+toks[i].end]
	}
	pos := func(i int) int {
		if i >= len(toks) {
			return len(text)
		}
		return off + toks[i].pos
	}
	// closing is the token index of the ')' that matches the '(' at i.
	closing := tokens{text[off:], toks}.closing
	ctes := map[string]*ast.Select{}
	i := 1 // after WITH
	recursive := strings.EqualFold(at(i), "RECURSIVE")
	if recursive {
		i++
	}
	for {
		name := at(i)
		if i >= len(toks) || !toks[i].word {
			return nil, NewSyntaxError(text, pos(i), "WITH: expected the name of a common table expression, found %q", name)
		}
		if q := name[0]; q == '`' || q == '"' {
			name = strings.Trim(name, "`\"")
		}
		i++
		var cols []string
		if at(i) == "(" {
			end := closing(i)
			if end < 0 {
				return nil, NewSyntaxError(text, pos(i), "WITH %s: the list of columns is not closed", name)
			}
			for j := i + 1; j < end; j++ {
				if at(j) != "," {
					cols = append(cols, strings.Trim(at(j), "`\""))
				}
			}
			i = end + 1
		}
		if !strings.EqualFold(at(i), "AS") {
			return nil, NewSyntaxError(text, pos(i), "WITH %s: expected AS (query), found %q", name, at(i))
		}
		i++
		if strings.EqualFold(at(i), "MATERIALIZED") || strings.EqualFold(at(i), "NOT") {
			return nil, NewSyntaxError(text, pos(i), "WITH %s AS %s not supported", name, at(i))
		}
		if at(i) != "(" {
			return nil, NewSyntaxError(text, pos(i), "WITH %s AS: expected a query in parentheses, found %q", name, at(i))
		}
		end := closing(i)
		if end < 0 {
			return nil, NewSyntaxError(text, pos(i), "WITH %s: its query is not closed", name)
		}
		q, err := ParseQuery(text[:pos(end)], pos(i+1))
		if err != nil {
			return nil, err
		}
		if _, dup := ctes[strings.ToLower(name)]; dup {
			return nil, NewSyntaxError(text, pos(i-2), "WITH: %s is named twice", name)
		}
		if recursive && readsTable(q, name) > 0 {
			rows, err := recursion(text, pos(i+1), name, cols, q, ctes)
			if err != nil {
				return nil, err
			}
			ctes[strings.ToLower(name)] = rows
			if i = end + 1; at(i) != "," {
				break
			}
			i++
			continue
		}
		body, ok := q.(*ast.Select)
		if u, isUnion := q.(*ast.Union); isUnion {
			body, ok = UnionTable(u), true
		} else if !ok {
			return nil, NewSyntaxError(text, pos(i+1), "WITH %s: only a query is supported here", name)
		}
		if cols != nil {
			if len(cols) != len(body.Items) {
				return nil, NewSyntaxError(text, pos(i), "WITH %s: %d column names for a query of %d columns", name, len(cols), len(body.Items))
			}
			for k := range body.Items {
				if _, star := body.Items[k].Expr.(ast.Star); star {
					return nil, NewSyntaxError(text, pos(i), "WITH %s: column names for SELECT * not supported", name)
				}
				body.Items[k].Alias = cols[k]
			}
		}
		substitute(body, ctes)
		ctes[strings.ToLower(name)] = body
		i = end + 1
		if at(i) != "," {
			break
		}
		i++
	}
	st, err := ParseQuery(text, pos(i))
	if err != nil {
		return nil, err
	}
	eachPart(st, func(p *ast.Select) { substitute(p, ctes) })
	return st, nil
}

// eachPart calls fn with the query q, a SELECT, or with each SELECT of
// its UNION.
func eachPart(q ast.Statement, fn func(*ast.Select)) {
	switch q := q.(type) {
	case *ast.Select:
		fn(q)
	case *ast.Union:
		for _, p := range q.Parts {
			fn(p)
		}
	}
}

// substitute makes each FROM of sel (and of its subqueries and derived
// tables) that names a CTE a derived table of its query (of a recursive
// one, the query of its rows: recursive).
func substitute(sel *ast.Select, ctes map[string]*ast.Select) {
	if len(ctes) == 0 {
		return
	}
	eachNamed(sel, func(t *ast.Table) {
		body, ok := ctes[strings.ToLower(t.Name)]
		if !ok {
			return
		}
		if t.Alias == "" {
			t.Alias = t.Name
		}
		t.Name, t.Sub, t.Shared = "", body, true
	})
}

// eachNamed calls fn with each table of sel that is a name (a lake's, a
// CTE's) in its FROM, its joins, derived tables and UNION parts, and the
// subqueries of its expressions; fn may make the table a derived one,
// whose query eachNamed then leaves as it is.
func eachNamed(sel *ast.Select, fn func(t *ast.Table)) {
	if sel == nil {
		return
	}
	eachNamedTable(&sel.From, fn)
	for _, e := range sel.Exprs() {
		eachNamedExpr(e, fn)
	}
}

func eachNamedTable(t *ast.Table, fn func(t *ast.Table)) {
	switch {
	case t.Join != nil:
		eachNamedTable(&t.Join.Left, fn)
		eachNamedTable(&t.Join.Right, fn)
		if t.Join.On != nil {
			eachNamedExpr(t.Join.On, fn)
		}
	case t.Sub != nil:
		eachNamed(t.Sub, fn)
	case t.Union != nil:
		for _, p := range t.Union.Parts {
			eachNamed(p, fn)
		}
	case t.Name != "" && t.Recursive == nil:
		fn(t)
	}
}

// eachNamedExpr is eachNamed over the subqueries of e.
func eachNamedExpr(e ast.Expr, fn func(t *ast.Table)) {
	ast.Walk(e, func(x ast.Expr) bool {
		switch x := x.(type) {
		case ast.Subquery:
			eachNamed(x.Select, fn)
		case ast.Exists:
			eachNamed(x.Select, fn)
		case ast.InSelect:
			eachNamed(x.Select, fn)
		}
		return true
	})
}
