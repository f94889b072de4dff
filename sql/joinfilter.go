package sql

import (
	"slices"

	"github.com/lakesql/lakesql/sql/ast"
)

// The WHERE of a join, read for what narrows each table before it: the
// terms every branch of an OR holds, the OR of one table's terms that an
// OR implies, and a key's condition that holds for the other key.

// keyTerm reports whether t, a term of side i, is a condition of one of
// its join key columns and constants only (=, <>, <, >, <=, >=, IN,
// BETWEEN), and returns the key's index and the same condition of the
// other side's key column.
func keyTerm(t ast.Expr, resolve func(ast.Column) (int, colRef, bool), sides [2]*joinSide, i int) (int, ast.Expr) {
	constant := func(e ast.Expr) bool { _, ok := e.(ast.Literal); return ok }
	var col ast.Column
	var rebuild func(ast.Column) ast.Expr
	switch x := t.(type) {
	case ast.Compare:
		if x.Text || x.Op == "<=>" {
			return -1, nil
		}
		c, ok := x.L.(ast.Column)
		if !ok || !constant(x.R) {
			return -1, nil
		}
		col, rebuild = c, func(o ast.Column) ast.Expr { x.L = o; return x }
	case ast.In:
		c, ok := x.X.(ast.Column)
		if !ok || x.Not || len(x.List) == 0 || slices.ContainsFunc(x.List, func(e ast.Expr) bool { return !constant(e) }) {
			return -1, nil
		}
		col, rebuild = c, func(o ast.Column) ast.Expr { x.X = o; return x }
	case ast.Between:
		c, ok := x.X.(ast.Column)
		if !ok || !constant(x.Lo) || !constant(x.Hi) {
			return -1, nil
		}
		col, rebuild = c, func(o ast.Column) ast.Expr { x.X = o; return x }
	default:
		return -1, nil
	}
	side, ref, ok := resolve(col)
	if !ok || side != i {
		return -1, nil
	}
	for k, at := range sides[i].keys {
		if sides[i].need[at] == ref {
			o := sides[1-i].need[sides[1-i].keys[k]]
			if o.isExpr() {
				continue // a.x = 5 says nothing of b.y + 1's columns
			}
			return k, rebuild(ast.Column{Path: []string{o.table, o.field}, Pos: col.Pos})
		}
	}
	return -1, nil
}

// impliedBy returns, for an OR whose every branch holds conjuncts that
// satisfy own, the OR of those conjuncts of each branch: a condition the
// OR implies. It is nil for any other term.
func impliedBy(t ast.Expr, own func(ast.Expr) bool) ast.Expr {
	if _, ok := t.(ast.Or); !ok {
		return nil
	}
	var out ast.Expr
	for _, b := range disjuncts(t) {
		var part ast.Expr
		for _, c := range ast.Conjuncts(b) {
			if own(c) {
				part = andOf(part, c)
			}
		}
		if part == nil {
			return nil
		}
		if out == nil {
			out = part
		} else {
			out = ast.Or{L: out, R: part}
		}
	}
	return out
}

// disjuncts splits e into the branches of its ORs.
func disjuncts(e ast.Expr) []ast.Expr {
	if o, ok := e.(ast.Or); ok {
		return append(disjuncts(o.L), disjuncts(o.R)...)
	}
	return []ast.Expr{e}
}

// factorOrs returns e (a WHERE) with the terms every branch of one of its
// ORs holds taken out of it: (a AND b) OR (a AND c) is a AND (b OR c), in
// SQL's three-valued logic too, so that a join finds its keys in a (TPC-H's
// Q19).
func factorOrs(e ast.Expr) ast.Expr {
	var out ast.Expr
	for _, t := range ast.Conjuncts(e) {
		branches := disjuncts(t)
		if len(branches) < 2 {
			out = andOf(out, t)
			continue
		}
		var common []ast.Expr
		for _, c := range ast.Conjuncts(branches[0]) {
			in := true
			for _, b := range branches[1:] {
				in = in && slices.ContainsFunc(ast.Conjuncts(b), func(x ast.Expr) bool { return termKey(x) == termKey(c) })
			}
			if in && !slices.ContainsFunc(common, func(x ast.Expr) bool { return termKey(x) == termKey(c) }) {
				common = append(common, c)
			}
		}
		if len(common) == 0 {
			out = andOf(out, t)
			continue
		}
		var rest ast.Expr
		whole := false // a branch of common terms alone: the OR is TRUE where they are
		for _, b := range branches {
			var left ast.Expr
			for _, c := range ast.Conjuncts(b) {
				if !slices.ContainsFunc(common, func(x ast.Expr) bool { return termKey(x) == termKey(c) }) {
					left = andOf(left, c)
				}
			}
			if left == nil {
				whole = true
			} else if rest == nil {
				rest = left
			} else {
				rest = ast.Or{L: rest, R: left}
			}
		}
		for _, c := range common {
			out = andOf(out, c)
		}
		if !whole {
			out = andOf(out, rest)
		}
	}
	return out
}

// termKey is a term's text, an equality's the same either way round.
func termKey(e ast.Expr) string {
	if c, ok := e.(ast.Compare); ok && c.Op == "=" {
		l, r := c.L.String(), c.R.String()
		if l > r {
			l, r = r, l
		}
		return l + " = " + r
	}
	return e.String()
}
