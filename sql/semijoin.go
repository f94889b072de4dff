package sql

import (
	"fmt"
	"slices"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// semiJoins returns sel with each of DuckDB's SEMI JOIN and ANTI JOIN in
// its FROM made the [NOT] EXISTS it means, which decorrelate turns into a
// join again where it can: FROM l SEMI JOIN r ON c is FROM l WHERE EXISTS
// (SELECT 1 FROM r WHERE c), and ANTI JOIN NOT EXISTS (a row of l whose
// c is NULL for every row of r is kept, as in DuckDB). Only l's columns
// are seen after it. One on the left of a further join becomes a derived
// table of l's name: (SELECT * FROM l WHERE EXISTS (…)) AS l.
func (s *Session) semiJoins(sel *ast.Select) (*ast.Select, error) {
	if !hasSemiJoin(sel.From) {
		return sel, nil
	}
	out := *sel
	for out.From.Join != nil && isSemi(out.From.Join.Kind) {
		jn := out.From.Join
		cond, err := s.semiCondition(jn)
		if err != nil {
			return nil, err
		}
		out.From = jn.Left
		out.Where = andOf(cond, out.Where)
	}
	from, err := s.semiTables(out.From)
	if err != nil {
		return nil, err
	}
	out.From = from
	return &out, nil
}

// semiTables makes each SEMI or ANTI JOIN within the chain t a derived
// table (see semiJoins).
func (s *Session) semiTables(t ast.Table) (ast.Table, error) {
	if t.Join == nil {
		return t, nil
	}
	jn := *t.Join
	left, err := s.semiTables(jn.Left)
	if err != nil {
		return ast.Table{}, err
	}
	jn.Left = left
	if !isSemi(jn.Kind) {
		return ast.Table{Join: &jn, Pos: t.Pos}, nil
	}
	if jn.Left.Join != nil {
		return ast.Table{}, fmt.Errorf("%w: %s after a join of several tables, before another join: make it the last join", ErrUnsupported, jn.Kind)
	}
	cond, err := s.semiCondition(&jn)
	if err != nil {
		return ast.Table{}, err
	}
	sub := &ast.Select{Items: []ast.SelectItem{{Expr: ast.Star{}}}, From: jn.Left, Where: cond, Limit: -1}
	return ast.Table{Sub: sub, Alias: tableName(jn.Left), Pos: t.Pos}, nil
}

// semiCondition returns the [NOT] EXISTS of the semi or anti join jn. Its
// ON condition's names that are the left table's alone are qualified by
// it, so that the subquery reads them from the outer row; a name both
// tables have, unqualified, is refused as DuckDB refuses it.
func (s *Session) semiCondition(jn *ast.Join) (ast.Expr, error) {
	right := tableName(jn.Right)
	if right == "" {
		return nil, fmt.Errorf("%w: the right table of %s needs a name", ErrUnsupported, jn.Kind)
	}
	var cond ast.Expr
	switch {
	case jn.Natural:
		return nil, fmt.Errorf("%w: NATURAL %s: write ON or USING", ErrUnsupported, jn.Kind)
	case len(jn.Using) > 0:
		if jn.Left.Join != nil {
			return nil, fmt.Errorf("%w: USING after a join of several tables: write ON", ErrUnsupported)
		}
		left := tableName(jn.Left)
		for _, u := range jn.Using {
			cond = andOf(cond, ast.Compare{Op: "=", L: ast.Column{Path: []string{left, u}}, R: ast.Column{Path: []string{right, u}}})
		}
	case jn.On != nil:
		var leftFields []string
		for _, t := range s.tablesOf(jn.Left) {
			leftFields = append(leftFields, t.fields...)
		}
		var rightFields []string
		for _, t := range s.tablesOf(jn.Right) {
			rightFields = append(rightFields, t.fields...)
		}
		var failed error
		var qualify func(ast.Expr) ast.Expr
		qualify = func(e ast.Expr) ast.Expr {
			c, ok := e.(ast.Column)
			if !ok {
				if isSubquery(e) {
					return e
				}
				return ast.Map(e, qualify)
			}
			if len(c.Path) != 1 {
				return e
			}
			inLeft, inRight := slices.Contains(leftFields, c.Path[0]), slices.Contains(rightFields, c.Path[0])
			switch {
			case inLeft && inRight:
				failed = fmt.Errorf("%w: %s in the ON of %s is a column of both tables: qualify it", ErrUnsupported, c.Path[0], jn.Kind)
			case inLeft && jn.Left.Join == nil:
				return ast.Column{Path: []string{tableName(jn.Left), c.Path[0]}}
			}
			return e
		}
		cond = qualify(jn.On)
		if failed != nil {
			return nil, failed
		}
	default:
		return nil, fmt.Errorf("%w: %s without ON or USING", ErrUnsupported, jn.Kind)
	}
	var e ast.Expr = ast.Exists{Select: &ast.Select{Items: []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}}}, From: jn.Right, Where: cond, Limit: -1}}
	if jn.Kind == ast.AntiJoin {
		e = ast.Not{X: e}
	}
	return e, nil
}

func isSemi(kind string) bool { return kind == ast.SemiJoin || kind == ast.AntiJoin }

// hasSemiJoin reports a SEMI or ANTI JOIN in the chain t.
func hasSemiJoin(t ast.Table) bool {
	return t.Join != nil && (isSemi(t.Join.Kind) || hasSemiJoin(t.Join.Left))
}
