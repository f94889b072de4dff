package parser

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// INTERSECT and EXCEPT, which the grammar lacks. The pre-parse writes
// `a INTERSECT b` as `a UNION ALL SELECT intersectMarker() UNION ALL b`
// (and so for EXCEPT and the ALL forms, setOpEdit): a part of the UNION
// that stands for the operator between its neighbours. The converter
// (setOps) reads the parts back with SQL's precedence, INTERSECT before
// UNION and EXCEPT, each from the left, and writes each operation as a
// query the engine runs already, so that it spills as they do:
//
//	SELECT c… FROM (SELECT c…, 1 AS l, 0 AS r FROM a UNION ALL SELECT c…, 0, 1 FROM b)
//	GROUP BY c… HAVING SUM(l) > 0 AND SUM(r) > 0   -- EXCEPT: SUM(r) = 0
//
// GROUP BY takes NULLs as equal, as the set operations do. The ALL forms
// number each side's copies of a row (ROW_NUMBER() OVER (PARTITION BY
// c…)) and group by the number too: the k-th copy of a row is in a
// INTERSECT ALL b when both sides have k copies, in a EXCEPT ALL b when a
// has k and b fewer.
const (
	intersectMarker = "__lakesql_intersect"
	exceptMarker    = "__lakesql_except"
	byNameMarker    = "__lakesql_union_by_name" // DuckDB's UNION [ALL] BY NAME
	allSuffix       = "_all"
)

// setOpEdit returns the edit of INTERSECT or EXCEPT [ALL | DISTINCT] at
// token i, when a query follows it (SELECT or a parenthesis) and it does
// not follow * (BigQuery's SELECT * EXCEPT (…), which stays an error).
func setOpEdit(tk tokens, i int) (edit, bool) {
	var m string
	switch {
	case tk.word(i, "INTERSECT"):
		m = intersectMarker
	case tk.word(i, "EXCEPT"):
		m = exceptMarker
	case tk.word(i, "UNION"):
		// UNION [ALL | DISTINCT] BY NAME, the others the grammar's.
		k := i + 1
		if tk.word(k, "ALL") || tk.word(k, "DISTINCT") {
			k++
		}
		if !tk.word(k, "BY") || !tk.word(k+1, "NAME") {
			return edit{}, false
		}
		m = byNameMarker
		if tk.word(i+1, "ALL") {
			m += allSuffix
		}
		if !tk.word(k+2, "SELECT") && !tk.punct(k+2, "(") {
			return edit{}, false
		}
		return edit{pos: tk.toks[i].pos, end: tk.toks[k+1].end, repl: " UNION ALL SELECT " + m + "() UNION ALL "}, true
	default:
		return edit{}, false
	}
	if i == 0 || tk.punct(i-1, "*") || tk.punct(i-1, ",") || tk.punct(i-1, "(") {
		return edit{}, false
	}
	end := i
	switch {
	case tk.word(i+1, "ALL"):
		m += allSuffix
		end++
	case tk.word(i+1, "DISTINCT"):
		end++
	}
	if !tk.word(end+1, "SELECT") && !tk.punct(end+1, "(") {
		return edit{}, false
	}
	return edit{pos: tk.toks[i].pos, end: tk.toks[end].end, repl: " UNION ALL SELECT " + m + "() UNION ALL "}, true
}

// setOp is an operator between two queries.
type setOp struct {
	kind string // UNION, INTERSECT or EXCEPT
	all  bool
}

// setMarker returns the operator that part p stands for (see setOpEdit),
// if it is a marker.
func setMarker(p *ast.Select) (setOp, bool) {
	if len(p.Items) != 1 || p.From.Name != "" || p.From.Sub != nil || p.From.Join != nil || p.From.Union != nil {
		return setOp{}, false
	}
	f, ok := p.Items[0].Expr.(*ast.Func)
	if !ok || len(f.Args) != 0 {
		return setOp{}, false
	}
	name := strings.ToLower(f.Name)
	all := strings.HasSuffix(name, allSuffix)
	switch strings.TrimSuffix(name, allSuffix) {
	case intersectMarker:
		return setOp{"INTERSECT", all}, true
	case exceptMarker:
		return setOp{"EXCEPT", all}, true
	case byNameMarker:
		return setOp{"UNION BY NAME", all}, true
	}
	return setOp{}, false
}

// setOps rewrites the INTERSECTs and EXCEPTs of u (its marker parts) as
// above; u as it is when it has none.
func (c *converter) setOps(u *ast.Union) (*ast.Union, error) {
	var (
		xs      []*ast.Select
		ops     []setOp
		pending *setOp
		any     bool
	)
	for i, p := range u.Parts {
		if o, ok := setMarker(p); ok {
			if len(xs) == 0 || pending != nil || i == len(u.Parts)-1 {
				return nil, NewSyntaxError(c.text, c.off, "%s without a query on each side", o.kind)
			}
			pending, any = &o, true
			continue
		}
		if i > 0 {
			if pending != nil {
				ops = append(ops, *pending)
				pending = nil
			} else {
				ops = append(ops, setOp{"UNION", u.All[i-1]})
			}
		}
		xs = append(xs, p)
	}
	if !any {
		return u, nil
	}
	if slices.ContainsFunc(ops, func(o setOp) bool { return o.kind == "UNION BY NAME" }) {
		return c.unionByName(xs, ops, u)
	}
	combine := func(k int) error {
		s, err := c.combine(xs[k], ops[k], xs[k+1])
		if err != nil {
			return err
		}
		xs[k] = s
		xs = slices.Delete(xs, k+1, k+2)
		ops = slices.Delete(ops, k, k+1)
		return nil
	}
	for k := 0; k < len(ops); {
		if ops[k].kind != "INTERSECT" {
			k++
			continue
		}
		if err := combine(k); err != nil {
			return nil, err
		}
	}
	for len(ops) > 0 {
		if err := combine(0); err != nil {
			return nil, err
		}
	}
	return &ast.Union{Parts: xs, OrderBy: u.OrderBy, Limit: u.Limit, Offset: u.Offset}, nil
}

// Names of the columns and tables the rewrite adds (a number follows).
const (
	setLeft   = "__lakesql_set_l"
	setRight  = "__lakesql_set_r"
	setCopy   = "__lakesql_set_k"
	setAlias  = "__lakesql_set"
	setCopies = "__lakesql_copies"
)

// combine is the query of l o r.
func (c *converter) combine(l *ast.Select, o setOp, r *ast.Select) (*ast.Select, error) {
	if o.kind == "UNION" {
		if hasStarItem(l) {
			return nil, NewSyntaxError(c.text, c.off, "SELECT * in a UNION beside INTERSECT or EXCEPT not supported: name the columns")
		}
		return UnionTable(&ast.Union{Parts: []*ast.Select{l, r}, All: []bool{o.all}, Limit: -1}), nil
	}
	names := l.ColumnNames()
	for _, p := range []*ast.Select{l, r} {
		if slices.ContainsFunc(p.Items, func(it ast.SelectItem) bool { _, star := it.Expr.(ast.Star); return star }) {
			return nil, NewSyntaxError(c.text, c.off, "SELECT * in %s not supported: name the columns", o.kind)
		}
	}
	if n := twiceName(names); n != "" {
		return nil, NewSyntaxError(c.text, c.off, "%s of two columns named %s not supported: give them other names (AS)", o.kind, n)
	}
	if len(r.Items) != len(names) {
		return nil, NewSyntaxError(c.text, c.off, "%s of queries of %d and %d columns", o.kind, len(names), len(r.Items))
	}
	// Names of their own at each level: a side may be an INTERSECT
	// already, whose columns these are.
	c.sets++
	level := "_" + strconv.Itoa(c.sets)
	setLeft, setRight, setCopy, setAlias := setLeft+level, setRight+level, setCopy+level, setAlias+level
	col := func(n string) ast.Expr { return ast.Column{Path: []string{n}} }
	var keys []ast.Expr
	for _, n := range names {
		keys = append(keys, col(n))
	}
	tag := func(p *ast.Select, left int64) *ast.Select {
		q := *p
		if o.all {
			// The copies of a row numbered, over p's rows as a derived
			// table whose columns have l's names.
			inner := *p
			inner.Items = nil
			for k, it := range p.Items {
				inner.Items = append(inner.Items, ast.SelectItem{Expr: it.Expr, Alias: names[k]})
			}
			q = ast.Select{From: ast.Table{Sub: &inner, Alias: setCopies}, Limit: -1}
			for _, n := range names {
				q.Items = append(q.Items, ast.SelectItem{Expr: col(n), Alias: n})
			}
			q.Items = append(q.Items, ast.SelectItem{Alias: setCopy, Expr: &ast.Window{
				Func: &ast.Func{Name: "ROW_NUMBER"}, Partition: keys}})
		}
		q.Items = append(slices.Clone(q.Items),
			ast.SelectItem{Expr: intLit(left), Alias: setLeft},
			ast.SelectItem{Expr: intLit(1 - left), Alias: setRight})
		return &q
	}
	u := &ast.Union{Parts: []*ast.Select{tag(l, 1), tag(r, 0)}, All: []bool{true}, Limit: -1}
	inner := UnionTable(u) // no * (above)
	sum := func(n string) ast.Expr { return &ast.Func{Name: "SUM", Args: []ast.Expr{col(n)}} }
	rightOp := ">"
	if o.kind == "EXCEPT" {
		rightOp = "="
	}
	out := &ast.Select{
		From:  ast.Table{Sub: inner, Alias: setAlias},
		Limit: -1,
		Having: ast.And{
			L: ast.Compare{Op: ">", L: sum(setLeft), R: intLit(0)},
			R: ast.Compare{Op: rightOp, L: sum(setRight), R: intLit(0)},
		},
	}
	for _, n := range names {
		out.Items = append(out.Items, ast.SelectItem{Expr: col(n), Alias: n})
	}
	out.GroupBy = slices.Clone(keys)
	if o.all {
		out.GroupBy = append(out.GroupBy, col(setCopy))
	}
	return out, nil
}

func intLit(n int64) ast.Expr {
	return ast.Literal{Value: types.IntValue(n), Text: types.IntValue(n).String()}
}

// unionByName is DuckDB's a UNION [ALL] BY NAME b …: each part's columns
// matched by name (case aside), not by place; the columns are the first
// part's, then those of the parts after that it has not, in their order;
// a part without a column gives NULL there. Every operator between the
// parts must be a UNION BY NAME, and every part name its columns (a *
// is not resolved here).
func (c *converter) unionByName(xs []*ast.Select, ops []setOp, u *ast.Union) (*ast.Union, error) {
	var names []string
	for _, p := range xs {
		if hasStarItem(p) {
			return nil, NewSyntaxError(c.text, c.off, "SELECT * in a UNION BY NAME not supported: name the columns")
		}
		for _, n := range p.ColumnNames() {
			if !slices.ContainsFunc(names, func(m string) bool { return strings.EqualFold(m, n) }) {
				names = append(names, n)
			}
		}
	}
	out := &ast.Union{OrderBy: u.OrderBy, Limit: u.Limit, Offset: u.Offset}
	for _, o := range ops {
		if o.kind != "UNION BY NAME" {
			return nil, NewSyntaxError(c.text, c.off, "UNION BY NAME beside %s not supported", o.kind)
		}
		out.All = append(out.All, o.all)
	}
	for _, p := range xs {
		own := p.ColumnNames()
		if n := twiceName(own); n != "" {
			return nil, NewSyntaxError(c.text, c.off, "UNION BY NAME of two columns named %s", n)
		}
		// The part as a derived table, which keeps its own GROUP BY 1
		// and ORDER BY 2, and its columns picked by name over it.
		c.sets++
		q := &ast.Select{From: ast.Table{Sub: p, Alias: setAlias + "_" + strconv.Itoa(c.sets)}, Limit: -1}
		for _, n := range names {
			i := slices.IndexFunc(own, func(m string) bool { return strings.EqualFold(m, n) })
			if i < 0 {
				q.Items = append(q.Items, ast.SelectItem{Expr: ast.Null, Alias: n})
				continue
			}
			q.Items = append(q.Items, ast.SelectItem{Expr: ast.Column{Path: []string{own[i]}}, Alias: n})
		}
		out.Parts = append(out.Parts, q)
	}
	return out, nil
}
