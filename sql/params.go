package sql

import (
	"fmt"
	"time"

	"github.com/lakesql/lakesql/sql/ast"
)

// Params returns the number of ? placeholders of st (ast.Param N is 0 to
// n-1), in every clause, subquery, derived table and UNION part.
func Params(st ast.Statement) (int, error) {
	b := &binder{seen: map[*ast.Select]*ast.Select{}}
	b.statement(st)
	for i, used := range b.used {
		if !used {
			return 0, fmt.Errorf("%w: placeholder %d of %d not found (in a # comment?)", ErrArgs, i+1, len(b.used))
		}
	}
	return len(b.used), nil
}

// Bind returns st with each ? placeholder replaced by the constant of its
// argument, args[N]: the tree is bound, never text, so that no argument
// is read as SQL. st itself is not changed. The number of arguments must
// be that of the placeholders.
func Bind(st ast.Statement, args []Value) (ast.Statement, error) {
	n, err := Params(st)
	if err != nil {
		return nil, err
	}
	if n != len(args) {
		return nil, fmt.Errorf("%w: the statement has %d placeholder%s, given %d argument%s", ErrArgs, n, plural(n), len(args), plural(len(args)))
	}
	if n == 0 {
		return st, nil
	}
	b := &binder{args: args, seen: map[*ast.Select]*ast.Select{}}
	return b.statement(st), nil
}

// binder replaces placeholders by their arguments, or with args nil only
// notes those it meets. A SELECT that two places share (a CTE's) stays
// shared.
type binder struct {
	args []Value
	used []bool // placeholder N was met
	seen map[*ast.Select]*ast.Select
	// clock, when set, is read once, at the first clock function met,
	// and that moment replaces each of them (see stampClock).
	clock func() time.Time
	at    *time.Time
}

func (b *binder) statement(st ast.Statement) ast.Statement {
	switch st := st.(type) {
	case *ast.Select:
		return b.sel(st)
	case *ast.Union:
		return b.union(st)
	case *ast.Explain:
		e := *st
		e.Select, e.Union = b.sel(st.Select), b.union(st.Union)
		return &e
	}
	return st // the lake statements have none
}

func (b *binder) union(u *ast.Union) *ast.Union {
	if u == nil {
		return nil
	}
	out := *u
	out.Parts = make([]*ast.Select, len(u.Parts))
	for i, p := range u.Parts {
		out.Parts[i] = b.sel(p)
	}
	out.OrderBy = b.order(u.OrderBy)
	return &out
}

// sel binds a SELECT's own clauses, FROM included; its items keep their
// names as written, as if the constants had been typed there.
func (b *binder) sel(s *ast.Select) *ast.Select {
	if s == nil {
		return nil
	}
	if out, ok := b.seen[s]; ok {
		return out
	}
	out := *s
	out.Items = make([]ast.SelectItem, len(s.Items))
	for i, it := range s.Items {
		it.Expr = b.expr(it.Expr)
		out.Items[i] = it
	}
	out.From = b.table(s.From)
	out.Where, out.Having, out.Qualify = b.expr(s.Where), b.expr(s.Having), b.expr(s.Qualify)
	out.GroupBy, out.DistinctOn = b.exprs(s.GroupBy), b.exprs(s.DistinctOn)
	out.OrderBy = b.order(s.OrderBy)
	b.seen[s] = &out
	return &out
}

func (b *binder) table(t ast.Table) ast.Table {
	t.Sub, t.Union = b.sel(t.Sub), b.union(t.Union)
	if t.Join != nil {
		j := *t.Join
		j.Left, j.Right, j.On = b.table(j.Left), b.table(j.Right), b.expr(j.On)
		t.Join = &j
	}
	return t
}

func (b *binder) exprs(es []ast.Expr) []ast.Expr {
	if es == nil {
		return nil
	}
	out := make([]ast.Expr, len(es))
	for i, e := range es {
		out[i] = b.expr(e)
	}
	return out
}

func (b *binder) order(os []ast.OrderItem) []ast.OrderItem {
	if os == nil {
		return nil
	}
	out := make([]ast.OrderItem, len(os))
	for i, o := range os {
		o.Expr = b.expr(o.Expr)
		out[i] = o
	}
	return out
}

// expr binds e and its subexpressions, subqueries included (ast.Map
// leaves those, and a call's ORDER BY, to the caller).
func (b *binder) expr(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case ast.Param:
		return b.param(x)
	case ast.Subquery:
		x.Select = b.sel(x.Select)
		return x
	case ast.Exists:
		x.Select = b.sel(x.Select)
		return x
	case ast.InSelect:
		x.X, x.Select = b.expr(x.X), b.sel(x.Select)
		return x
	case *ast.Func:
		if c, ok := b.stamp(x); ok {
			return c
		}
		f := ast.Map(x, b.expr).(*ast.Func)
		f.OrderBy = b.order(x.OrderBy)
		return f
	}
	return ast.Map(e, b.expr)
}

func (b *binder) param(p ast.Param) ast.Expr {
	for len(b.used) <= p.N {
		b.used = append(b.used, false)
	}
	b.used[p.N] = true
	if b.args == nil {
		return p
	}
	return ast.Literal{Value: b.args[p.N]}
}
