package sql

import (
	"context"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// DuckDB finds a table, a column or an alias whatever the case it is
// written in: SELECT T.A FROM (SELECT 1 AS a) AS t reads a, and names it
// a. The engine below compares names as written, so foldNames first
// spells each name of a statement that stands for a table of its FROM, a
// column of a table whose columns are known (a derived table's, a CTE's,
// a metadata table's or a series'), or an alias of its select list, as
// that is spelled, wherever the case differs. Otherwise a qualifier T of
// a table t read as a member T of a row (NULL, where DuckDB gives the
// column) and a derived table's column A as no column at all.
//
// A lake's fields are not known before its rows are read, so a name that
// is no table's, no known column's and no alias stays as written: it is
// a lake's field, spelled as in its rows (JSON's names are
// case-sensitive), and so is a member of a JSON object. A name written
// as a column spelled exactly is never changed, and a name that two
// tables, columns or aliases of one scope match ignoring case is left as
// written, for the binder's error.

// folder spells a statement's names (see foldNames).
type folder struct {
	// columns gives the columns of a named table (a FROM's name): all
	// of them (known) for a metadata table, a series or a recursive
	// CTE's table; for a lake, its key fields, and rows, which reads
	// the fields of its first rows (those of a query that names only
	// key fields, such as one the manifest answers, open no file).
	columns func(name string) (cols []string, known bool, rows func() []string)
	seen    map[*ast.Select]*ast.Select
}

// foldTable is a table of a FROM as a scope sees it: its name (its
// alias, or its name as written) and its columns: all of them (known),
// or for a lake the fields of its first rows.
type foldTable struct {
	name  string
	cols  []string
	known bool
	rows  *firstRows // a lake's
}

// firstRows is a lake's fields as its first rows have them, read once
// and only when a name asks.
type firstRows struct {
	read   func() []string
	fields []string
	done   bool
}

// fields is the table's columns: a lake's first rows' fields.
func (t foldTable) fields() []string {
	if t.rows == nil {
		return t.cols
	}
	if !t.rows.done {
		t.rows.fields, t.rows.done = t.rows.read(), true
	}
	return t.rows.fields
}

// foldScope is what the names of one query's clauses may stand for.
type foldScope struct {
	own     []foldTable
	aliases []string
	outer   [][]foldTable // the enclosing queries' tables, innermost first
	levels  [][]foldTable // own, then outer's (inner)
	// aliasFirst: the name is an ORDER BY term, which is the select
	// list's alias before it is a column.
	aliasFirst bool
	// columns: the columns that items read under their own names
	// (COALESCE(note, '') AS note), which the first rows may not show.
	columns []string
	// lateral: the aliases that stand for their items' expressions, in
	// the clauses where the binder would read a name that is no column
	// as a field: WHERE, a later item of the select list, an expression
	// of ORDER BY (not a term that is a name alone, which it reads as
	// the alias). GROUP BY and HAVING read aliases themselves.
	lateral map[string]ast.Expr
	// params: the names of the parameters of the lambdas around, which
	// stand for themselves (list_transform(l, x -> x + 1) beside 5 AS x).
	params []string
}

// foldNames returns st with its names spelled as what they stand for;
// a lake's first rows are read until ctx ends.
func (s *Session) foldNames(ctx context.Context, st ast.Statement) ast.Statement {
	columns := func(name string) ([]string, bool, func() []string) {
		if virtual(name) {
			cols := s.virtualColumns(name)
			return cols, cols != nil, nil
		}
		var key []string
		if snap, err := s.snapshot(name); err == nil {
			key = snap.Key()
		}
		return key, false, func() []string { return s.fieldsIn(ctx, name) }
	}
	f := &folder{columns: columns, seen: map[*ast.Select]*ast.Select{}}
	return f.statement(st)
}

func (f *folder) statement(st ast.Statement) ast.Statement {
	switch st := st.(type) {
	case *ast.Select:
		return f.sel(st, nil)
	case *ast.Union:
		return f.union(st, nil)
	case *ast.Explain:
		e := *st
		if st.Select != nil {
			e.Select = f.sel(st.Select, nil)
		}
		if st.Union != nil {
			e.Union = f.union(st.Union, nil)
		}
		return &e
	}
	return st
}

// union folds each part, and the ORDER BY over the whole against the
// first part's columns.
func (f *folder) union(u *ast.Union, outer [][]foldTable) *ast.Union {
	out := *u
	out.Parts = make([]*ast.Select, len(u.Parts))
	for i, p := range u.Parts {
		out.Parts[i] = f.sel(p, outer)
	}
	if len(out.Parts) > 0 && len(u.OrderBy) > 0 {
		sc := newFoldScope([]foldTable{{cols: out.Parts[0].ColumnNames(), known: !hasStar(out.Parts[0])}}, outer)
		out.OrderBy = f.order(u.OrderBy, sc)
	}
	return &out
}

func (f *folder) sel(s *ast.Select, outer [][]foldTable) *ast.Select {
	if s == nil {
		return nil
	}
	if out, ok := f.seen[s]; ok {
		return out
	}
	out := *s
	var own []foldTable
	out.From, own = f.table(s.From, outer)
	sc := newFoldScope(own, outer)
	for _, it := range s.Items {
		if it.Alias == "" {
			continue
		}
		sc.aliases = append(sc.aliases, it.Alias)
		// SELECT COALESCE(note, '') AS note: note is a column too, which
		// the first rows may not show (a field most rows lack).
		ast.Walk(it.Expr, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok && strings.EqualFold(c.Path[0], it.Alias) {
				sc.columns = append(sc.columns, c.Path[0])
			}
			return !isSubquery(x)
		})
	}
	if s.From.Join != nil {
		out.From = f.joinOn(out.From, sc)
	}
	// Each item sees the aliases of the items before it, as DuckDB's
	// SELECT a * 2 AS b, b + 1 AS c does.
	lat := *sc
	lat.lateral = map[string]ast.Expr{}
	out.Items = make([]ast.SelectItem, len(s.Items))
	for i, it := range s.Items {
		it.Expr = f.expr(it.Expr, &lat)
		_, star := it.Expr.(ast.Star)
		if it.Alias != "" && !star {
			if _, dup := lat.lateral[it.Alias]; !dup {
				lat.lateral[it.Alias] = it.Expr
			}
		}
		if _, col := s.Items[i].Expr.(ast.Column); it.Alias == "" && !star && !col && !ast.HasColumns(it.Expr) {
			// Its column's name, as DuckDB's, from the item as written.
			it.Alias = ast.DuckName(s.Items[i].Expr)
		}
		out.Items[i] = it
	}
	out.Where = f.expr(s.Where, &lat)
	out.Having, out.Qualify = f.expr(s.Having, sc), f.expr(s.Qualify, sc)
	out.GroupBy, out.DistinctOn = f.exprs(s.GroupBy, sc), f.exprs(s.DistinctOn, sc)
	// An ORDER BY term that is a name alone is an alias before it is a
	// column; a name inside a term's expression is a column first.
	byAlias := *sc
	byAlias.aliasFirst = true
	out.OrderBy = nil
	for _, o := range s.OrderBy {
		if c, ok := o.Expr.(ast.Column); ok && len(c.Path) == 1 {
			o.Expr = byAlias.column(c)
		} else {
			o.Expr = f.expr(o.Expr, &lat)
		}
		out.OrderBy = append(out.OrderBy, o)
	}
	f.seen[s] = &out
	return &out
}

// table folds the queries of a FROM and returns its tables.
func (f *folder) table(t ast.Table, outer [][]foldTable) (ast.Table, []foldTable) {
	switch {
	case t.Join != nil:
		j := *t.Join
		var l, r []foldTable
		j.Left, l = f.table(t.Join.Left, outer)
		j.Right, r = f.table(t.Join.Right, outer)
		t.Join = &j
		return t, append(l, r...)
	case t.Recursive != nil:
		rec := *t.Recursive
		rec.Anchor, rec.Step = f.sel(rec.Anchor, outer), f.sel(rec.Step, outer)
		t.Recursive = &rec
		return t, []foldTable{{name: tableName(t), cols: rec.Cols, known: true}}
	case t.Sub != nil:
		t.Sub = f.sel(t.Sub, outer)
		if t.Union != nil {
			t.Union = f.union(t.Union, outer)
		}
		ft := foldTable{name: t.Alias}
		switch {
		case !hasStar(t.Sub):
			ft.cols, ft.known = t.Sub.ColumnNames(), true
		case t.Sub.From.Union != nil && len(t.Sub.Items) == 1 && len(t.Sub.From.Union.Parts) > 0 && !hasStar(t.Sub.From.Union.Parts[0]):
			// (SELECT … UNION …) AS alias: SELECT * over the union.
			ft.cols, ft.known = t.Sub.From.Union.Parts[0].ColumnNames(), true
		case len(t.Sub.Items) == 1 && t.Sub.From.Name != "" && t.Sub.From.Join == nil:
			// (SELECT * FROM lake): the lake's fields.
			ft = f.named(t.Sub.From.Name, t.Alias)
		}
		return t, []foldTable{ft}
	case t.Union != nil:
		t.Union = f.union(t.Union, outer)
		return t, []foldTable{{name: t.Alias}}
	case t.Name != "":
		return t, []foldTable{f.named(t.Name, tableName(t))}
	}
	return t, nil
}

// named is the table of the FROM's name (a lake, or a virtual table),
// seen in the query as alias.
func (f *folder) named(name, alias string) foldTable {
	cols, known, rows := f.columns(name)
	t := foldTable{name: alias, cols: cols, known: known}
	if rows != nil {
		t.rows = &firstRows{read: rows}
	}
	return t
}

// joinOn folds the ON conditions of a join's tree, each against all the
// FROM's tables.
func (f *folder) joinOn(t ast.Table, sc *foldScope) ast.Table {
	if t.Join == nil {
		return t
	}
	j := *t.Join
	j.Left, j.Right = f.joinOn(j.Left, sc), f.joinOn(j.Right, sc)
	j.On = f.expr(j.On, sc)
	t.Join = &j
	return t
}

func (f *folder) exprs(es []ast.Expr, sc *foldScope) []ast.Expr {
	if es == nil {
		return nil
	}
	out := make([]ast.Expr, len(es))
	for i, e := range es {
		out[i] = f.expr(e, sc)
	}
	return out
}

func (f *folder) order(os []ast.OrderItem, sc *foldScope) []ast.OrderItem {
	if os == nil {
		return nil
	}
	out := make([]ast.OrderItem, len(os))
	for i, o := range os {
		o.Expr = f.expr(o.Expr, sc)
		out[i] = o
	}
	return out
}

func newFoldScope(own []foldTable, outer [][]foldTable) *foldScope {
	return &foldScope{own: own, outer: outer, levels: append([][]foldTable{own}, outer...)}
}

// inner is the scope of a subquery of sc's query: sc's tables around it.
func (sc *foldScope) inner() [][]foldTable { return sc.levels }

func (f *folder) expr(e ast.Expr, sc *foldScope) ast.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case ast.Column:
		return sc.column(x)
	case ast.Star:
		if x.Table != "" {
			if t, ok := sc.table(x.Table); ok {
				x.Table = t.name
			}
		}
		return x
	case ast.Subquery:
		x.Select = f.sel(x.Select, sc.inner())
		return x
	case ast.Exists:
		x.Select = f.sel(x.Select, sc.inner())
		return x
	case ast.InSelect:
		x.X, x.Select = f.expr(x.X, sc), f.sel(x.Select, sc.inner())
		return x
	case *ast.Func:
		if x.Name == ast.LambdaFunc && len(x.Args) > 1 {
			in := *sc
			in.params = append(slices.Clip(sc.params), ast.LambdaParams(x)...)
			fn := *x
			fn.Args = slices.Clone(x.Args)
			fn.Args[len(fn.Args)-1] = f.expr(ast.LambdaBody(x), &in)
			return &fn
		}
		fn := ast.Map(x, func(e ast.Expr) ast.Expr { return f.expr(e, sc) }).(*ast.Func)
		fn.OrderBy = f.order(x.OrderBy, sc)
		return fn
	}
	return ast.Map(e, func(e ast.Expr) ast.Expr { return f.expr(e, sc) })
}

// column spells c's qualifier as its table's, and its column as the
// table's (or the alias's) where that is known; an alias that the
// engine would read as a field (sc.lateral) becomes its expression.
func (sc *foldScope) column(c ast.Column) ast.Expr {
	if slices.ContainsFunc(sc.params, func(p string) bool { return strings.EqualFold(p, c.Path[0]) }) {
		return c // a lambda's parameter, or a member of one
	}
	path := slices.Clone(c.Path)
	if len(path) > 1 {
		if t, ok := sc.table(path[0]); ok {
			path[0] = t.name
			if slices.Contains(t.cols, path[1]) {
				// as written
			} else if name, ok := spelled(path[1], t.fields()); ok {
				path[1] = name
			}
			c.Path = path
			return c
		}
	}
	name, alias := sc.bare(path[0])
	if e, ok := sc.lateral[name]; ok && alias && len(path) == 1 {
		return e
	}
	path[0] = name
	c.Path = path
	return c
}

// table finds the table that qualifier q names: of the query's own
// FROM, else of the nearest query around it that has one.
func (sc *foldScope) table(q string) (foldTable, bool) {
	for _, level := range sc.inner() {
		if i := slices.IndexFunc(level, func(t foldTable) bool { return t.name == q }); i >= 0 {
			return level[i], true
		}
	}
	for _, level := range sc.inner() {
		var found []foldTable
		for _, t := range level {
			if t.name != "" && strings.EqualFold(t.name, q) {
				found = append(found, t)
			}
		}
		switch len(found) {
		case 1:
			return found[0], true
		case 0:
			continue
		}
		return foldTable{}, false
	}
	return foldTable{}, false
}

// bare spells an unqualified name: a column of one of the query's own
// tables, or an alias of its select list, else a column of a table
// around it; alias says it is an alias. As in DuckDB, an ORDER BY term
// that is a name alone is looked for among the aliases first, any other
// name among the columns first, each spelled exactly, then ignoring case;
// a derived table's column comes before a lake's field (as far as its
// first rows tell).
func (sc *foldScope) bare(name string) (spelt string, alias bool) {
	cols := func(level []foldTable, known bool, all bool) []string {
		var out []string
		for _, t := range level {
			switch {
			case t.known != known:
			case all:
				out = append(out, t.fields()...)
			default:
				out = append(out, t.cols...)
			}
		}
		return out
	}
	for i, level := range sc.inner() {
		var aliases []string
		if i == 0 {
			aliases = sc.aliases
		}
		if sc.aliasFirst {
			if n, ok := spelled(name, aliases); ok {
				return n, true
			}
		}
		derived := cols(level, true, false)
		if slices.Contains(derived, name) || slices.Contains(cols(level, false, false), name) {
			return name, false // a known column, or a lake's key field
		}
		fields := cols(level, false, true)
		if slices.Contains(fields, name) {
			return name, false
		}
		if n, ok := spelled(name, derived); ok {
			return n, false
		}
		if i == 0 && !sc.aliasFirst {
			fields = append(fields, sc.columns...)
		}
		if n, ok := spelled(name, fields); ok {
			return n, false
		}
		if n, ok := spelled(name, aliases); ok {
			return n, true
		}
	}
	return name, false
}

// spelled returns the one name of names that name matches ignoring case
// (itself when it is one of them).
func spelled(name string, names []string) (string, bool) {
	if slices.Contains(names, name) {
		return name, true
	}
	found := ""
	for _, n := range names {
		if strings.EqualFold(n, name) {
			if found != "" && found != n {
				return "", false
			}
			found = n
		}
	}
	return found, found != ""
}

// lakeSpelled returns the one lake whose name is lake's ignoring case.
func (s *Session) lakeSpelled(lake string) (string, bool) {
	lakes, err := s.Catalog.Lakes()
	if err != nil || slices.Contains(lakes, lake) {
		return "", false
	}
	return spelled(lake, lakes)
}
