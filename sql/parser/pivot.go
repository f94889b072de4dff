package parser

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// parsePivot reads DuckDB's PIVOT statement (and PIVOT_WIDER, its other
// name) into the text of its parts (see ast.Pivot): the session reads
// the values it pivots on before it can write the SELECT.
func parsePivot(text string) (*ast.Pivot, error) {
	tk, n, on, err := pivotHead(text, "PIVOT", "PIVOT t ON column [USING aggregate] [GROUP BY …]")
	if err != nil {
		return nil, err
	}
	toks := tk.toks
	// The clauses, each at depth 0, in their order.
	using := tk.firstOf(on+1, n, nil, "USING")
	group := tk.firstOf(on+1, n, nil, "GROUP")
	order := tk.firstOf(on+1, n, nil, "ORDER")
	limit := tk.firstOf(on+1, n, nil, "LIMIT")
	if group < n && !tk.word(group+1, "BY") || order < n && !tk.word(order+1, "BY") {
		at := group
		if order < n && !tk.word(order+1, "BY") {
			at = order
		}
		return nil, NewSyntaxError(text, toks[at].pos, "expected BY after %s", tk.at(at))
	}
	if using < n && (group < using || order < using || limit < using) || group < n && (order < group || limit < group) || order < n && limit < order {
		return nil, NewSyntaxError(text, toks[on].pos, "PIVOT's clauses go in the order ON, USING, GROUP BY, ORDER BY, LIMIT")
	}
	span := func(lo, hi int) string {
		if lo >= hi {
			return ""
		}
		return text[toks[lo].pos:toks[hi-1].end]
	}
	p := &ast.Pivot{Source: span(1, on)}
	onEnd := min(using, group, order, limit)
	for _, part := range splitTop(tk, on+1, onEnd) {
		in := tk.firstOf(part[0], part[1], nil, "IN")
		o := ast.PivotOn{Expr: span(part[0], in)}
		if o.Expr == "" {
			return nil, NewSyntaxError(text, toks[on].pos, "PIVOT's ON names an expression to pivot on")
		}
		if in < part[1] {
			if !tk.punct(in+1, "(") || tk.closing(in+1) != part[1]-1 {
				return nil, NewSyntaxError(text, toks[in].pos, "expected IN (value, …) after %s", o.Expr)
			}
			for _, v := range splitTop(tk, in+2, part[1]-1) {
				it, err := pivotItem(tk, v)
				if err != nil {
					return nil, err
				}
				o.In = append(o.In, it)
			}
			if len(o.In) == 0 {
				return nil, NewSyntaxError(text, toks[in].pos, "IN lists no values")
			}
		}
		p.On = append(p.On, o)
	}
	if len(p.On) == 0 {
		return nil, NewSyntaxError(text, toks[on].pos, "PIVOT's ON names an expression to pivot on")
	}
	if using < n {
		for _, u := range splitTop(tk, using+1, min(group, order, limit)) {
			it, err := pivotItem(tk, u)
			if err != nil {
				return nil, err
			}
			p.Using = append(p.Using, it)
		}
		if len(p.Using) == 0 {
			return nil, NewSyntaxError(text, toks[using].pos, "USING names an aggregate")
		}
	}
	if group < n {
		for _, g := range splitTop(tk, group+2, min(order, limit)) {
			p.GroupBy = append(p.GroupBy, span(g[0], g[1]))
		}
		if len(p.GroupBy) == 0 {
			return nil, NewSyntaxError(text, toks[group].pos, "GROUP BY names a column")
		}
	}
	if rest := min(order, limit); rest < n {
		p.Rest = span(rest, n)
	}
	return p, nil
}

// pivotHead reads the start shared by PIVOT and UNPIVOT (what, whose
// form usage shows): the tokens of text, how many come before a final
// ';', and the index of ON, which a source must come before.
func pivotHead(text, what, usage string) (tk tokens, n, on int, err error) {
	tk = tokens{text, sqlTokens(text)}
	n = len(tk.toks)
	for n > 0 && tk.punct(n-1, ";") {
		n--
	}
	on = tk.firstOf(1, n, nil, "ON")
	if on == n {
		return tk, n, on, NewSyntaxError(text, len(text), "%s needs ON: %s", what, usage)
	}
	if on == 1 {
		return tk, n, on, NewSyntaxError(text, tk.toks[on].pos, "%s needs a lake or a (SELECT …) before ON", what)
	}
	return tk, n, on, nil
}

// splitTop returns the spans [lo, hi) of tokens between the commas at
// depth 0 of [lo, hi); none for an empty range.
func splitTop(tk tokens, lo, hi int) [][2]int {
	var out [][2]int
	for lo < hi {
		c := tk.firstOf(lo, hi, []string{","})
		out = append(out, [2]int{lo, c})
		lo = c + 1
	}
	return out
}

// pivotItem reads expr [AS name] from the tokens of span.
func pivotItem(tk tokens, span [2]int) (ast.PivotItem, error) {
	lo, hi := span[0], span[1]
	if lo >= hi {
		return ast.PivotItem{}, NewSyntaxError(tk.text, tk.toks[min(lo, len(tk.toks)-1)].pos, "expected an expression")
	}
	as := tk.firstOf(lo, hi, nil, "AS")
	it := ast.PivotItem{Expr: tk.text[tk.toks[lo].pos:tk.toks[max(as, lo+1)-1].end]}
	if as < hi {
		if as == lo || as+2 != hi {
			return ast.PivotItem{}, NewSyntaxError(tk.text, tk.toks[as].pos, "expected expression AS name")
		}
		it.Alias = Unquote(tk.at(as + 1))
	}
	return it, nil
}

// Unquote is a name or string as written without its quotes ("…", `…`
// or '…', a doubled quote standing for one), or s itself when it is not
// quoted.
func Unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '`' || s[0] == '\'') && s[len(s)-1] == s[0] {
		q := s[:1]
		return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
	}
	return s
}

// parseUnpivot reads DuckDB's UNPIVOT statement into the text of its
// parts (see ast.Unpivot).
func parseUnpivot(text string) (*ast.Unpivot, error) {
	tk, n, on, err := pivotHead(text, "UNPIVOT", "UNPIVOT t ON column, … [INTO NAME name VALUE value]")
	if err != nil {
		return nil, err
	}
	toks := tk.toks
	into := tk.firstOf(on+1, n, nil, "INTO")
	rest := min(tk.firstOf(on+1, n, nil, "ORDER"), tk.firstOf(on+1, n, nil, "LIMIT"))
	if into < n && rest < into {
		return nil, NewSyntaxError(text, toks[rest].pos, "UNPIVOT's INTO goes before ORDER BY and LIMIT")
	}
	u := &ast.Unpivot{Source: text[toks[1].pos:toks[on-1].end], Name: "name", Value: "value"}
	for _, part := range splitTop(tk, on+1, min(into, rest)) {
		it, err := pivotItem(tk, part)
		if err != nil {
			return nil, err
		}
		u.On = append(u.On, it)
	}
	if len(u.On) == 0 {
		return nil, NewSyntaxError(text, toks[on].pos, "UNPIVOT's ON names the columns to unpivot")
	}
	if into < n {
		if !tk.word(into+1, "NAME") || into+2 >= rest || !tk.word(into+3, "VALUE") || into+5 != rest {
			return nil, NewSyntaxError(text, toks[into].pos, "expected INTO NAME name VALUE value")
		}
		u.Name, u.Value = Unquote(tk.at(into+2)), Unquote(tk.at(into+4))
	}
	if rest < n {
		u.Rest = text[toks[rest].pos:toks[n-1].end]
	}
	return u, nil
}
