package ast

import (
	"slices"
	"strings"
)

// Statement is one parsed statement.
type Statement interface {
	String() string
	stmt()
}

// Select is SELECT [DISTINCT] items FROM table [WHERE] [GROUP BY] [HAVING]
// [ORDER BY] [LIMIT [OFFSET]].
type Select struct {
	Distinct bool
	// DistinctOn: DuckDB's DISTINCT ON (e, …), the first row (by ORDER
	// BY) of each value of the expressions (nil: none).
	DistinctOn []Expr
	Items      []SelectItem
	From       Table
	Where      Expr // nil: every row
	GroupBy    []Expr
	Having     Expr
	// Qualify: DuckDB's QUALIFY, a filter on the rows after window
	// functions (nil: none).
	Qualify Expr
	OrderBy []OrderItem
	Limit   int64 // -1: no limit
	Offset  int64
}

// Table is a lake named in FROM, with its alias; the zero Table is no
// FROM, a SELECT of one row without fields.
type Table struct {
	Name  string // a lake, or lake$table for a lake's metadata table
	Alias string
	Pos   int     // byte offset of the name, for errors
	Sub   *Select // a derived table, (SELECT …) AS alias: Name is empty
	Join  *Join   // a join of two tables: Name is empty
	// Union: the rows of a UNION, only as the FROM of the SELECT * that a
	// derived table (SELECT … UNION …) AS alias stands for (its Sub).
	Union *Union
	// Window: the rows of a query with the values of window functions
	// (see WindowTable), as the FROM of the query that a query with
	// window functions becomes: Name is empty.
	Window *WindowTable
	// Own: a derived table the engine made for this one use (a
	// decorrelated subquery), never a CTE's that others share, so that a
	// join may narrow its rows to those it keeps.
	Own bool
	// Hidden: a table the engine joined in (a decorrelated subquery's),
	// whose columns * does not spell.
	Hidden bool
	// Shared: a CTE's derived table, whose query other tables of the
	// statement may name too (and read as it is made once).
	Shared bool
	// Rows: the rows the planner expects of the table (a lake after its
	// WHERE terms, or a join of a chain it put in order), 0 when it made
	// no estimate.
	Rows float64
	// Recursive: the rows of a recursive CTE (WITH RECURSIVE), which
	// the statement reads by its Result name (Name).
	Recursive *Recursion
}

// Recursion is a recursive CTE: WITH RECURSIVE name (cols) AS (anchor
// UNION [ALL] step). Its rows are the anchor's, then round by round the
// step's over the rows of the round before (which the step reads as the
// table named Work), until a round makes none; with UNION, a round keeps
// only the rows no round before made, each once.
type Recursion struct {
	Name   string   // as written
	Cols   []string // its columns, which name the anchor's and the step's items
	Anchor *Select
	Step   *Select
	All    bool   // UNION ALL
	Work   string // the name the step reads the last round's rows by
	Result string // the name the statement reads the CTE's rows by
}

// Join is FROM left [INNER | LEFT | RIGHT | FULL | CROSS | SEMI | ANTI] JOIN right [ON … |
// USING (…)], or FROM left, right (a cross join).
type Join struct {
	Left, Right Table
	Kind        string // one of the *Join constants
	On          Expr
	Using       []string
	// Natural: NATURAL [LEFT | RIGHT | FULL] JOIN, USING the columns that both
	// tables have.
	Natural bool
}

// Kinds of join.
const (
	InnerJoin = "JOIN"
	LeftJoin  = "LEFT JOIN"
	RightJoin = "RIGHT JOIN"
	CrossJoin = "CROSS JOIN"
	FullJoin  = "FULL JOIN"
	// SemiJoin and AntiJoin, DuckDB's: the left table's rows that some
	// right row matches, or that none does; only the left's columns.
	SemiJoin = "SEMI JOIN"
	AntiJoin = "ANTI JOIN"
)

func (j *Join) String() string {
	kind := j.Kind
	if j.Natural {
		kind = "NATURAL " + kind
	}
	s := j.Left.String() + " " + kind + " " + j.Right.String()
	if j.On != nil {
		s += " ON " + j.On.String()
	}
	if len(j.Using) > 0 {
		s += " USING (" + identList(j.Using) + ")"
	}
	return s
}

// Aggregates are the names of the aggregate functions and their aliases,
// for the pre-parse (an aggregate's FILTER), which knows no function; a
// test of package sql holds them equal to sql/aggregate's.
var Aggregates = []string{"ANY_VALUE", "ARBITRARY", "ARG_MAX", "ARG_MIN", "ARG_MAX_NULL", "ARG_MIN_NULL", "ARG_MAX_NULLS_LAST", "ARG_MIN_NULLS_LAST", "ARGMAX", "ARGMIN", "ARRAY_AGG", "AVG", "BIT_AND", "BIT_OR", "BIT_XOR", "BOOL_AND", "BOOL_OR",
	"CORR", "COUNT", "COVAR_POP", "COVAR_SAMP", "ENTROPY", "EVERY", "FAVG", "FIRST", "FSUM", "GROUP_CONCAT", "KAHAN_SUM", "KURTOSIS", "KURTOSIS_POP", "LAST",
	"LIST", "LISTAGG", "MAD", "MAX", "MAX_BY", "MEAN", "MEDIAN", "MIN", "MIN_BY", "MODE", "MAX_N", "MIN_N", "ARG_MAX_N", "ARG_MIN_N", "PRODUCT", "QUANTILE", "QUANTILE_CONT", "QUANTILE_DISC",
	"REGR_AVGX", "REGR_AVGY", "REGR_COUNT", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX", "REGR_SXY", "REGR_SYY", "SEM", "SKEWNESS",
	"STDDEV", "STDDEV_POP", "STDDEV_SAMP", "STRING_AGG", "SUM", "SUMKAHAN", "VARIANCE", "VAR_POP", "VAR_SAMP"}

// FilterArg names the call that carries an aggregate's FILTER (WHERE c)
// as its last argument, FIRST(x, LAKESQL_FILTER(c)), for the aggregates
// that keep NULLs (KeepsNulls): the others take FILTER as their argument
// made NULL where c is not true, which they skip.
const FilterArg = "LAKESQL_FILTER"

// FilteredMarker and FilteredStar mark the condition of the CASE that an
// aggregate's FILTER (WHERE c) becomes, agg(CASE WHEN FilteredMarker(c)
// THEN x END) (COUNT(*)'s: FilteredStar, THEN 1): the converter takes
// the mark off and keeps it in Case.Filter, for the column's name.
const (
	FilteredMarker = "LAKESQL_FILTERED"
	FilteredStar   = "LAKESQL_FILTERED_STAR"
)

// KeepsNulls reports an aggregate (by name, any case) whose rows count
// with a NULL argument: FIRST, ARBITRARY and LAST keep one; ARG_MAX,
// ARG_MIN, MAX_BY and MIN_BY keep the value of the row of the best key,
// NULL or not.
func KeepsNulls(name string) bool {
	switch strings.ToUpper(name) {
	case "FIRST", "ARBITRARY", "LAST", "ARG_MAX", "ARG_MIN", "ARGMAX", "ARGMIN", "MAX_BY", "MIN_BY", "ARRAY_AGG", "LIST",
		"ARG_MAX_NULL", "ARG_MIN_NULL", "ARG_MAX_NULLS_LAST", "ARG_MIN_NULLS_LAST":
		return true
	}
	return false
}

// Filter splits f's arguments into its own and the condition of its
// FILTER carried as FilterArg (nil: none).
func (f *Func) Filter() ([]Expr, Expr) {
	if n := len(f.Args); n > 0 {
		if c, ok := f.Args[n-1].(*Func); ok && c.Name == FilterArg && len(c.Args) == 1 {
			return f.Args[:n-1], c.Args[0]
		}
	}
	return f.Args, nil
}

// MetaTables are the metadata tables every lake has (lake$files or
// lake.files, and so on).
var MetaTables = []string{"files", "partitions", "history"}

// SelectItem is one item of the select list: an expression (possibly a
// Star) and its alias.
type SelectItem struct {
	Expr  Expr
	Alias string
}

// OrderItem is one ORDER BY term.
type OrderItem struct {
	Expr Expr
	Desc bool
	// Nulls: 0 the default (NULLS LAST, as DuckDB), 1 NULLS FIRST, 2 NULLS LAST.
	Nulls int
}

func (*Select) stmt() {}

func (it SelectItem) String() string {
	s := it.Expr.String()
	if it.Alias != "" {
		s += " AS " + Ident(it.Alias)
	}
	return s
}

func (o OrderItem) String() string { return o.text(Expr.String) }

// text is the term with its expression as expr prints it.
func (o OrderItem) text(expr func(Expr) string) string {
	s := expr(o.Expr)
	if o.Desc {
		s += " DESC"
	}
	switch o.Nulls {
	case 1:
		s += " NULLS FIRST"
	case 2:
		s += " NULLS LAST"
	}
	return s
}

func orderList(os []OrderItem) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = o.String()
	}
	return strings.Join(parts, ", ")
}

func (t Table) String() string {
	if t.Join != nil {
		return t.Join.String()
	}
	s := Ident(t.Name)
	switch {
	case t.Sub != nil && t.Sub.From.Union != nil && !slices.ContainsFunc(t.Sub.Items, func(it SelectItem) bool {
		c, ok := it.Expr.(Column)
		return !ok || len(c.Path) != 1 || c.Path[0] != it.Alias
	}):
		// (… UNION …) AS alias, its columns named by its first query.
		s = "(" + t.Sub.From.Union.String() + ")"
	case t.Sub != nil:
		s = "(" + t.Sub.String() + ")"
	case t.Union != nil:
		s = "(" + t.Union.String() + ") AS __union"
	case t.Window != nil:
		s = t.Window.String()
	}
	if t.Alias != "" {
		s += " AS " + Ident(t.Alias)
	}
	return s
}

// ColumnItems is a select list of the columns names, each read as itself.
func ColumnItems(names []string) []SelectItem {
	items := make([]SelectItem, 0, len(names))
	for _, n := range names {
		items = append(items, SelectItem{Expr: Column{Path: []string{n}}, Alias: n})
	}
	return items
}

// ColumnNames names the columns of s's result, as a derived table's: an
// item's alias, else its column's name, else its text.
func (s *Select) ColumnNames() []string {
	var out []string
	for _, it := range s.Items {
		switch c, ok := it.Expr.(Column); {
		case it.Alias != "":
			out = append(out, it.Alias)
		case ok:
			out = append(out, c.Name())
		default:
			out = append(out, strings.TrimSpace(it.Expr.String()))
		}
	}
	return out
}

func (s *Select) String() string {
	var b strings.Builder
	b.WriteString("SELECT ")
	if s.Distinct {
		b.WriteString("DISTINCT ")
	}
	if len(s.DistinctOn) > 0 {
		b.WriteString("DISTINCT ON (")
		for i, e := range s.DistinctOn {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.String())
		}
		b.WriteString(") ")
	}
	for i, it := range s.Items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(it.String())
	}
	if s.From.Name != "" || s.From.Sub != nil || s.From.Join != nil || s.From.Union != nil || s.From.Window != nil {
		b.WriteString(" FROM " + s.From.String())
	}
	if s.Where != nil {
		b.WriteString(" WHERE " + s.Where.String())
	}
	if len(s.GroupBy) > 0 {
		b.WriteString(" GROUP BY " + list(s.GroupBy))
	}
	if s.Having != nil {
		b.WriteString(" HAVING " + s.Having.String())
	}
	if s.Qualify != nil {
		b.WriteString(" QUALIFY " + s.Qualify.String())
	}
	writeTail(&b, s.OrderBy, s.Limit, s.Offset)
	return b.String()
}

// writeTail writes a query's ORDER BY, LIMIT and OFFSET, those it has.
func writeTail(b *strings.Builder, order []OrderItem, limit, offset int64) {
	if len(order) > 0 {
		b.WriteString(" ORDER BY " + orderList(order))
	}
	if limit >= 0 {
		b.WriteString(" LIMIT " + itoa(limit))
	}
	if offset > 0 {
		b.WriteString(" OFFSET " + itoa(offset))
	}
}

// Explain is EXPLAIN [ANALYZE] SELECT ...
type Explain struct {
	Analyze bool
	Select  *Select
	Union   *Union // EXPLAIN of a UNION (Select nil)
}

func (*Explain) stmt() {}

func (e *Explain) String() string {
	q := ""
	if e.Union != nil {
		q = e.Union.String()
	} else {
		q = e.Select.String()
	}
	if e.Analyze {
		return "EXPLAIN ANALYZE " + q
	}
	return "EXPLAIN " + q
}

// Union is SELECT … UNION [ALL | DISTINCT] SELECT … [UNION …], with an
// ORDER BY and LIMIT over the whole: the parts' rows, one part after the
// other. All[i] says that the UNION between Parts[i] and Parts[i+1] is
// UNION ALL; the operators apply from the left.
type Union struct {
	Parts   []*Select
	All     []bool
	OrderBy []OrderItem
	Limit   int64 // -1: none
	Offset  int64
}

func (*Union) stmt() {}

func (u *Union) String() string {
	var b strings.Builder
	for i, p := range u.Parts {
		if i > 0 {
			b.WriteString(" UNION ")
			if u.All[i-1] {
				b.WriteString("ALL ")
			}
		}
		if len(u.Parts) > 1 && (len(p.OrderBy) > 0 || p.Limit >= 0) {
			b.WriteString("(" + p.String() + ")")
		} else {
			b.WriteString(p.String())
		}
	}
	writeTail(&b, u.OrderBy, u.Limit, u.Offset)
	return b.String()
}

// Exprs returns the expressions of s's own clauses (not of its
// subqueries or derived table): the select list, WHERE, GROUP BY, HAVING
// and ORDER BY, those there are.
func (s *Select) Exprs() []Expr {
	var out []Expr
	for _, it := range s.Items {
		out = append(out, it.Expr)
	}
	if s.Where != nil {
		out = append(out, s.Where)
	}
	out = append(out, s.GroupBy...)
	if s.Having != nil {
		out = append(out, s.Having)
	}
	if s.Qualify != nil {
		out = append(out, s.Qualify)
	}
	for _, o := range s.OrderBy {
		out = append(out, o.Expr)
	}
	return out
}

// MapSelect returns a copy of s with each expression of its own clauses
// replaced by fn of it; a select item whose expression changes keeps its
// name, as an alias.
func MapSelect(s *Select, fn func(Expr) Expr) *Select {
	out := *s
	out.Items = make([]SelectItem, len(s.Items))
	for i, it := range s.Items {
		if e := fn(it.Expr); e.String() != it.Expr.String() {
			if it.Alias == "" {
				if c, ok := it.Expr.(Column); ok {
					it.Alias = c.Name()
				} else {
					it.Alias = it.Expr.String()
				}
			}
			it.Expr = e
		}
		out.Items[i] = it
	}
	if s.Where != nil {
		out.Where = fn(s.Where)
	}
	if s.Having != nil {
		out.Having = fn(s.Having)
	}
	if s.Qualify != nil {
		out.Qualify = fn(s.Qualify)
	}
	out.GroupBy = make([]Expr, len(s.GroupBy))
	for i, g := range s.GroupBy {
		out.GroupBy[i] = fn(g)
	}
	out.OrderBy = make([]OrderItem, len(s.OrderBy))
	for i, o := range s.OrderBy {
		o.Expr = fn(o.Expr)
		out.OrderBy[i] = o
	}
	return &out
}
