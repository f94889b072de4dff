package sql

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// runUnion runs SELECT … UNION [ALL] SELECT …: each part planned on its
// own lake (pruned by its own WHERE), the rows deduplicated and sorted
// through spilling operators (exec.RunUnion). The columns are named after
// the first part's; an ORDER BY over the union names a column of it, by
// name or position.
func (s *Session) runUnion(ctx context.Context, u *ast.Union) (*Result, error) {
	eu, done, err := s.unionPlan(ctx, u, nil)
	defer done()
	if err != nil {
		return nil, err
	}
	r := &exec.Result{}
	st, err := exec.RunUnion(ctx, eu, &collect{res: r})
	if err != nil {
		return nil, err
	}
	r.Stats = st
	res := toResult(r)
	var notes []string
	for _, part := range u.Parts {
		if n := s.unseenNote(part.From.Name, st.Unseen); n != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	res.Note = strings.Join(notes, "\n")
	return res, nil
}

// unionPlan plans each query of u over its own source and the union of
// their rows; done removes what resolving them made, once it has run.
func (s *Session) unionPlan(ctx context.Context, u *ast.Union, scope []scopeTable) (*exec.Union, func(), error) {
	var dones []func()
	done := func() {
		for _, d := range dones {
			d()
		}
	}
	eu := &exec.Union{Limit: u.Limit, Offset: u.Offset}
	for i, part := range u.Parts {
		// A * is its tables' columns (see spellSubStar), as DuckDB
		// binds it: SELECT * FROM a UNION ALL SELECT * FROM b.
		part, err := s.spellSubStar(part)
		if err != nil {
			return nil, done, err
		}
		sel, src, pdone, err := s.resolve(ctx, part, scope)
		if err != nil {
			return nil, done, err
		}
		dones = append(dones, pdone)
		if sel.From.Name != "" {
			for _, it := range sel.Items {
				if _, ok := it.Expr.(ast.Star); ok {
					return nil, done, fmt.Errorf("%w: SELECT * in a UNION (its columns are the fields its rows have): name the columns", ErrUnsupported)
				}
			}
		}
		p, err := prepare(src, sel, s.qualifierFields(sel))
		if err != nil {
			return nil, done, err
		}
		if i > 0 && len(p.Columns) != len(eu.Parts[0].Columns) {
			return nil, done, fmt.Errorf("%w: UNION: query %d gives %d columns, the first %d", ErrUnsupported, i+1, len(p.Columns), len(eu.Parts[0].Columns))
		}
		eu.Parts = append(eu.Parts, p)
	}
	for j := len(u.All) - 1; j >= 0; j-- {
		if !u.All[j] {
			eu.Distinct = j + 2 // the parts up to j+1, deduplicated together
			break
		}
	}
	cols := eu.Parts[0].Columns
	for _, o := range u.OrderBy {
		col := -1
		switch x := o.Expr.(type) {
		case ast.Literal:
			if x.Value.K == types.Int && x.Value.I >= 1 && x.Value.I <= int64(len(cols)) {
				col = int(x.Value.I - 1)
			}
		case ast.Column:
			if len(x.Path) == 1 {
				col = slices.Index(cols, x.Path[0])
			}
		}
		if col < 0 {
			return nil, done, fmt.Errorf("%w: ORDER BY %s over a UNION: name a column of the result (%s) or its position", ErrUnsupported, o.Expr, strings.Join(cols, ", "))
		}
		eu.Keys = append(eu.Keys, plan.SortKey{Col: col, Desc: o.Desc, NullsFirst: o.Nulls == 1, Text: o.Expr.String()})
	}
	return eu, done, nil
}

type collect struct{ res *exec.Result }

func (c *collect) Columns(names []string) error { c.res.Columns = names; return nil }
func (c *collect) Row(r []Value) error          { c.res.Rows = append(c.res.Rows, r); return nil }

// explainUnion is EXPLAIN of a UNION: each query's plan (with its
// subqueries'), then what is done with their rows.
func (s *Session) explainUnion(ctx context.Context, u *ast.Union) (*Result, error) {
	var lines []string
	for i, part := range u.Parts {
		var subs []subqueryPlan
		p, done, err := s.planned(withSubqueryLog(ctx, &subs), part, nil)
		if err != nil {
			return nil, err
		}
		defer done()
		lines = append(lines, fmt.Sprintf("Query %d of the UNION: %s", i+1, part))
		for _, l := range append(explainLines(p, nil, nil, 0), subqueryLines(subs)...) {
			lines = append(lines, "  "+l)
		}
	}
	last := "UNION ALL of the queries' rows"
	for j := len(u.All) - 1; j >= 0; j-- {
		if !u.All[j] {
			last = fmt.Sprintf("UNION: the rows of queries 1 to %d once each (a GROUP BY of every column)", j+2)
			if j+2 < len(u.Parts) {
				last += fmt.Sprintf(", then all of queries %d to %d", j+3, len(u.Parts))
			}
			break
		}
	}
	lines = append(lines, last)
	if len(u.OrderBy) > 0 {
		parts := make([]string, len(u.OrderBy))
		for i, o := range u.OrderBy {
			parts[i] = o.String()
		}
		lines = append(lines, "Sort: ORDER BY "+strings.Join(parts, ", "))
	}
	if u.Limit >= 0 {
		lines = append(lines, fmt.Sprintf("Limit %d offset %d", u.Limit, u.Offset))
	}
	res := &Result{Columns: []Column{{Name: "plan"}}}
	for _, l := range lines {
		res.Rows = append(res.Rows, []Value{StrValue(l)})
	}
	return res, nil
}
