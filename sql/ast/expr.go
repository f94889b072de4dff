package ast

import (
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// Expr is an expression node.
type Expr interface {
	String() string
	expr()
}

// Column is a name as written: a field, alias.field, or a path into a
// nested object (user.tier, payload.a.b). Pos is its byte offset in the
// statement, for errors.
type Column struct {
	Path []string
	Pos  int
}

// Literal is a constant. Text is its spelling for numbers (so that 1.50
// prints as typed).
type Literal struct {
	Value types.Value
	Text  string
}

// Param is a ? placeholder, numbered from 0 in order of appearance.
type Param struct{ N int }

// Star is * in SELECT * or COUNT(*); Table qualifies t.*.
type Star struct {
	Table string
	// Exclude: DuckDB's * EXCLUDE (a, b), the columns left out.
	Exclude []string
	// Replace: DuckDB's * REPLACE (e AS a, …), each column a with the
	// value of e in its place.
	Replace []SelectItem
}

// Replaced returns what * REPLACE puts in the place of column name, if
// anything.
func (s Star) Replaced(name string) (Expr, bool) {
	for _, r := range s.Replace {
		if r.Alias == name {
			return r.Expr, true
		}
	}
	return nil, false
}

// Compare is L Op R with Op one of = != < <= > >= <=>. Text compares the
// values' text forms, as pq's --where does (a row's value stringified as
// for partitions), instead of SQL's typed comparison.
type Compare struct {
	Op   string
	L, R Expr
	Text bool
}

// Logical connectives.
type (
	And struct{ L, R Expr }
	Or  struct{ L, R Expr }
	Not struct{ X Expr }
)

// IsNull is X IS [NOT] NULL.
type IsNull struct {
	X   Expr
	Not bool
}

// IsBool is X IS [NOT] TRUE|FALSE.
type IsBool struct {
	X    Expr
	True bool
	Not  bool
}

// In is X [NOT] IN (List).
type In struct {
	X    Expr
	List []Expr
	Not  bool
}

// Between is X [NOT] BETWEEN Lo AND Hi.
type Between struct {
	X, Lo, Hi Expr
	Not       bool
}

// Like is X [NOT] LIKE Pattern [ESCAPE Escape], or with Regexp X [NOT]
// REGEXP Pattern.
type Like struct {
	X, Pattern Expr
	Escape     Expr // nil: none
	Not        bool
	Regexp     bool
}

// Arith is L Op R for + - * / DIV %.
type Arith struct {
	Op   types.Op
	L, R Expr
}

// Neg is -X.
type Neg struct{ X Expr }

// Func is a call of a scalar or an aggregate function (the binder tells
// which by name). Star is COUNT(*); Distinct is COUNT(DISTINCT …).
// Separator is GROUP_CONCAT's SEPARATOR (nil: the default).
// LambdaFunc is the name of the Func that DuckDB's lambda x -> body (or
// (x, i) -> body, lambda x, i: body) is, an argument of LIST_TRANSFORM,
// LIST_FILTER or LIST_REDUCE: its arguments are the parameters' names
// (Strs) and the body.
const LambdaFunc = "LAKESQL_LAMBDA"

// ConcatOp is the name of the Func that a || b is (DuckDB's
// concatenation, NULL when either side is), which prints as the operator.
const ConcatOp = "||"

// RowFunc is the name of the Func that DuckDB's row (a, b) is, which only
// COUNT(DISTINCT (a, b)) takes.
const RowFunc = "ROW"

// ColumnsFunc is the name of DuckDB's COLUMNS('regex') (and COLUMNS(*)),
// a select item's stand-in for each column whose name the regex matches:
// the item goes once per column, COLUMNS replaced by it (see
// sql.replaceStars).
const ColumnsFunc = "COLUMNS"

// HasColumns reports whether e calls COLUMNS.
func HasColumns(e Expr) bool {
	found := false
	Walk(e, func(x Expr) bool {
		if f, ok := x.(*Func); ok && f.Name == ColumnsFunc {
			found = true
		}
		return !found
	})
	return found
}

// GroupingSets and GroupingSet are the names of the calls that stand for
// GROUP BY GROUPING SETS (…) and each of its sets (from the pre-parse's
// markers), which print as written.
const (
	GroupingSets = "__LAKESQL_GROUPING_SETS"
	GroupingSet  = "__LAKESQL_SET"
)

type Func struct {
	Name      string // upper case
	Args      []Expr
	Distinct  bool
	Star      bool
	Separator *string
	OrderBy   []OrderItem // GROUP_CONCAT(… ORDER BY …)
	// Shown: how DuckDB names a call written otherwise than Name says,
	// for DuckName: main.date_part (EXTRACT), substr (SUBSTR),
	// main."substring" (SUBSTRING), ^ (a ^ b, a POWER); "" for the others.
	Shown string
	// As: DuckDB's whole name of the call this one stands for, when the
	// parser wrote a call of DuckDB's macros (GEOMEAN(x) as
	// EXP(AVG(LN(x)))) or of its shorthands (COUNT_IF) in other calls:
	// "geomean(x)"; "" for the others. Only names use it: the call's
	// text (String) is what it computes.
	As string
}

// Case is CASE [Operand] WHEN … THEN … [ELSE …] END.
type Case struct {
	Operand Expr // nil: the searched form
	Whens   []When
	Else    Expr // nil: NULL
	// Filter: the CASE of an aggregate's FILTER (WHERE c), its one WHEN
	// (FilterStar: of COUNT(*)), named as the FILTER (see FilteredMarker).
	Filter, FilterStar bool
}

// When is one WHEN Cond THEN Then of a Case.
type When struct{ Cond, Then Expr }

// Cast is CAST(X AS Type) and CONVERT(X, Type).
type Cast struct {
	X    Expr
	To   types.Kind
	Type string // the type as written, for printing
	Try  bool   // TRY_CAST: NULL where the cast fails
	List bool   // a cast to a list of To (INTEGER[]): each element cast
}

// Interval is INTERVAL X Unit.
type Interval struct {
	X    Expr
	Unit string // upper case, singular: DAY, MONTH, ...
}

// JSONExtract is X -> Path, or with Text X ->> Path.
type JSONExtract struct {
	X, Path Expr
	Text    bool
}

func (Column) expr()      {}
func (Literal) expr()     {}
func (Param) expr()       {}
func (Star) expr()        {}
func (Compare) expr()     {}
func (And) expr()         {}
func (Or) expr()          {}
func (Not) expr()         {}
func (IsNull) expr()      {}
func (IsBool) expr()      {}
func (In) expr()          {}
func (Between) expr()     {}
func (Like) expr()        {}
func (Arith) expr()       {}
func (Neg) expr()         {}
func (*Func) expr()       {}
func (*Case) expr()       {}
func (Cast) expr()        {}
func (Interval) expr()    {}
func (JSONExtract) expr() {}

// Str returns a string literal.
func Str(s string) Literal { return Literal{Value: types.StringValue(s)} }

// Int returns an integer literal.
func Int(i int64) Literal { return Literal{Value: types.IntValue(i)} }

// Null is the NULL literal.
var Null = Literal{}

// Col returns a column of one name.
func Col(name string) Column { return Column{Path: []string{name}} }

func (c Column) String() string {
	parts := make([]string, len(c.Path))
	for i, p := range c.Path {
		parts[i] = Ident(p)
	}
	return strings.Join(parts, ".")
}

// Name is the last part of the path: the column name a result shows.
func (c Column) Name() string { return c.Path[len(c.Path)-1] }

func (l Literal) String() string {
	if l.Text != "" {
		return l.Text
	}
	switch l.Value.K {
	case types.String:
		return Quote(l.Value.S)
	case types.Null:
		return "NULL"
	}
	return l.Value.String()
}

// Quote writes s as a SQL string literal that the parser reads back: a
// quote doubled; a backslash is itself there, as in DuckDB.
func Quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func (p Param) String() string { return "?" }

func (s Star) String() string {
	out := "*"
	if s.Table != "" {
		out = Ident(s.Table) + ".*"
	}
	if len(s.Exclude) > 0 {
		out += " EXCLUDE (" + identList(s.Exclude) + ")"
	}
	if len(s.Replace) > 0 {
		var rs []string
		for _, r := range s.Replace {
			rs = append(rs, r.Expr.String()+" AS "+Ident(r.Alias))
		}
		out += " REPLACE (" + strings.Join(rs, ", ") + ")"
	}
	return out
}

// identList is names as identifiers, separated by commas.
func identList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = Ident(n)
	}
	return strings.Join(parts, ", ")
}

func (c Compare) String() string {
	return operand(c.L, PrecCompare) + " " + c.Op + " " + operand(c.R, PrecCompare+1)
}
func (e And) String() string { return operand(e.L, PrecAnd) + " AND " + operand(e.R, PrecAnd+1) }
func (e Or) String() string  { return operand(e.L, PrecOr) + " OR " + operand(e.R, PrecOr+1) }
func (e Not) String() string { return "NOT " + operand(e.X, PrecNot) }

func (e IsNull) String() string {
	if e.Not {
		return operand(e.X, PrecIs) + " IS NOT NULL"
	}
	return operand(e.X, PrecIs) + " IS NULL"
}

func (e IsBool) String() string {
	s := operand(e.X, PrecIs) + " IS "
	if e.Not {
		s += "NOT "
	}
	if e.True {
		return s + "TRUE"
	}
	return s + "FALSE"
}

func (e In) String() string {
	op := " IN ("
	if e.Not {
		op = " NOT IN ("
	}
	return operand(e.X, PrecCompare+1) + op + list(e.List) + ")"
}

func (e Between) String() string {
	op := " BETWEEN "
	if e.Not {
		op = " NOT BETWEEN "
	}
	return operand(e.X, PrecCompare+1) + op + operand(e.Lo, PrecCompare+1) + " AND " + operand(e.Hi, PrecCompare+1)
}

func (e Like) String() string {
	op := " LIKE "
	if e.Regexp {
		op = " REGEXP "
	}
	if e.Not {
		op = " NOT" + op
	}
	s := operand(e.X, PrecCompare+1) + op + operand(e.Pattern, PrecCompare+1)
	if e.Escape != nil {
		s += " ESCAPE " + operand(e.Escape, PrecCompare+1)
	}
	return s
}

func (e Arith) String() string {
	p := PrecAdd
	if e.Op != types.Add && e.Op != types.Sub {
		p = PrecMul
	}
	return operand(e.L, p) + " " + e.Op.String() + " " + operand(e.R, p+1)
}

func (e Neg) String() string { return "-" + operand(e.X, PrecUnary) }

func (f *Func) String() string {
	switch f.Name {
	case LambdaFunc:
		params := LambdaParams(f)
		switch {
		case len(params) == 0:
		case f.Shown == "lambda":
			return "lambda " + strings.Join(params, ", ") + ": " + LambdaBody(f).String()
		case len(params) == 1:
			return params[0] + " -> " + LambdaBody(f).String()
		default:
			return "(" + strings.Join(params, ", ") + ") -> " + LambdaBody(f).String()
		}
	case ConcatOp, "&", "<<", ">>":
		if len(f.Args) == 2 {
			return "(" + f.Args[0].String() + " " + f.Name + " " + f.Args[1].String() + ")"
		}
	case "~":
		if len(f.Args) == 1 {
			return "(~" + f.Args[0].String() + ")"
		}
	case GroupingSets:
		return "GROUPING SETS (" + list(f.Args) + ")"
	case GroupingSet:
		return "(" + list(f.Args) + ")"
	}
	var b strings.Builder
	b.WriteString(f.Name + "(")
	if f.Distinct {
		b.WriteString("DISTINCT ")
	}
	if f.Star {
		b.WriteString("*")
	}
	b.WriteString(list(f.Args))
	if len(f.OrderBy) > 0 {
		b.WriteString(" ORDER BY " + orderList(f.OrderBy))
	}
	if f.Separator != nil {
		b.WriteString(" SEPARATOR " + Quote(*f.Separator))
	}
	b.WriteString(")")
	return b.String()
}

func (c *Case) String() string {
	var b strings.Builder
	b.WriteString("CASE")
	if c.Operand != nil {
		b.WriteString(" " + c.Operand.String())
	}
	for _, w := range c.Whens {
		b.WriteString(" WHEN " + w.Cond.String() + " THEN " + w.Then.String())
	}
	if c.Else != nil {
		b.WriteString(" ELSE " + c.Else.String())
	}
	b.WriteString(" END")
	return b.String()
}

func (c Cast) String() string {
	name := "CAST("
	if c.Try {
		name = "TRY_CAST("
	}
	return name + c.X.String() + " AS " + c.Type + ")"
}

func (i Interval) String() string { return "INTERVAL " + operand(i.X, PrecUnary) + " " + i.Unit }

func (j JSONExtract) String() string {
	op := " -> "
	if j.Text {
		op = " ->> "
	}
	return operand(j.X, PrecUnary) + op + operand(j.Path, PrecUnary)
}

// Precedences, loosest first, for printing the parentheses a tree needs
// (package plan prints its bound trees with them too).
const (
	PrecOr = iota + 1
	PrecAnd
	PrecNot
	PrecIs
	PrecCompare
	PrecAdd
	PrecMul
	PrecUnary
	PrecAtom
)

func prec(e Expr) int {
	switch e := e.(type) {
	case Or:
		return PrecOr
	case And:
		return PrecAnd
	case Not:
		return PrecNot
	case IsNull, IsBool:
		return PrecIs
	case Compare, In, Between, Like:
		return PrecCompare
	case Arith:
		if e.Op == types.Add || e.Op == types.Sub {
			return PrecAdd
		}
		return PrecMul
	case Neg, Interval, JSONExtract:
		return PrecUnary
	case Literal:
		if e.Value.K.Numeric() && strings.HasPrefix(e.String(), "-") {
			return PrecUnary
		}
	}
	return PrecAtom
}

// operand prints e, in parentheses when it binds looser than min.
func operand(e Expr, min int) string {
	if prec(e) < min {
		return "(" + e.String() + ")"
	}
	return e.String()
}

func list(es []Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, ", ")
}

// Ident prints a name, quoted with backquotes unless it is a plain
// identifier that is not a keyword.
func Ident(s string) string {
	if isIdent(s) && !IsKeyword(s) {
		return s
	}
	return "`" + strings.ReplaceAll(s, "`", "``") + "`"
}

// IsKeyword reports whether the SQL parser reads word as a keyword; set by
// the parser package, which alone knows its grammar.
var IsKeyword = func(string) bool { return false }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// AndAll joins predicates with AND; nil for none.
func AndAll(es ...Expr) Expr { return joinAll(es, func(l, r Expr) Expr { return And{l, r} }) }

// OrAll joins predicates with OR; nil for none.
func OrAll(es ...Expr) Expr { return joinAll(es, func(l, r Expr) Expr { return Or{l, r} }) }

// joinAll joins es, left to right, with op; nil ones are left out.
func joinAll(es []Expr, op func(l, r Expr) Expr) Expr {
	var out Expr
	for _, e := range es {
		switch {
		case e == nil:
		case out == nil:
			out = e
		default:
			out = op(out, e)
		}
	}
	return out
}

// Conjuncts splits e at its top-level ANDs.
func Conjuncts(e Expr) []Expr {
	if a, ok := e.(And); ok {
		return append(Conjuncts(a.L), Conjuncts(a.R)...)
	}
	if e == nil {
		return nil
	}
	return []Expr{e}
}

// Walk calls fn on e and, while fn returns true, on its children.
func Walk(e Expr, fn func(Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	for _, c := range Children(e) {
		Walk(c, fn)
	}
}

// Children returns the direct subexpressions of e.
func Children(e Expr) []Expr {
	switch e := e.(type) {
	case Compare:
		return []Expr{e.L, e.R}
	case And:
		return []Expr{e.L, e.R}
	case Or:
		return []Expr{e.L, e.R}
	case Not:
		return []Expr{e.X}
	case IsNull:
		return []Expr{e.X}
	case IsBool:
		return []Expr{e.X}
	case In:
		return append([]Expr{e.X}, e.List...)
	case Between:
		return []Expr{e.X, e.Lo, e.Hi}
	case Like:
		out := []Expr{e.X, e.Pattern}
		if e.Escape != nil {
			out = append(out, e.Escape)
		}
		return out
	case Arith:
		return []Expr{e.L, e.R}
	case Neg:
		return []Expr{e.X}
	case *Func:
		out := append([]Expr(nil), e.Args...)
		for _, o := range e.OrderBy {
			out = append(out, o.Expr)
		}
		return out
	case *Case:
		var out []Expr
		if e.Operand != nil {
			out = append(out, e.Operand)
		}
		for _, w := range e.Whens {
			out = append(out, w.Cond, w.Then)
		}
		if e.Else != nil {
			out = append(out, e.Else)
		}
		return out
	case Cast:
		return []Expr{e.X}
	case Interval:
		return []Expr{e.X}
	case JSONExtract:
		return []Expr{e.X, e.Path}
	case InSelect:
		return []Expr{e.X} // its SELECT is a scope of its own
	case *Window:
		return windowChildren(e)
	}
	return nil
}

// itoa is strconv.Itoa, short.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Map returns e with each direct subexpression c replaced by fn(c); e
// itself is not changed.
func Map(e Expr, fn func(Expr) Expr) Expr {
	switch e := e.(type) {
	case Compare:
		e.L, e.R = fn(e.L), fn(e.R)
		return e
	case And:
		return And{fn(e.L), fn(e.R)}
	case Or:
		return Or{fn(e.L), fn(e.R)}
	case Not:
		return Not{fn(e.X)}
	case IsNull:
		e.X = fn(e.X)
		return e
	case IsBool:
		e.X = fn(e.X)
		return e
	case In:
		e.X = fn(e.X)
		list := make([]Expr, len(e.List))
		for i, x := range e.List {
			list[i] = fn(x)
		}
		e.List = list
		return e
	case Between:
		e.X, e.Lo, e.Hi = fn(e.X), fn(e.Lo), fn(e.Hi)
		return e
	case Like:
		e.X, e.Pattern = fn(e.X), fn(e.Pattern)
		if e.Escape != nil {
			e.Escape = fn(e.Escape)
		}
		return e
	case Arith:
		e.L, e.R = fn(e.L), fn(e.R)
		return e
	case Neg:
		return Neg{fn(e.X)}
	case *Func:
		c := *e
		c.Args = make([]Expr, len(e.Args))
		for i, a := range e.Args {
			c.Args[i] = fn(a)
		}
		if len(e.OrderBy) > 0 { // GROUP_CONCAT(… ORDER BY …): its keys too
			c.OrderBy = make([]OrderItem, len(e.OrderBy))
			for i, o := range e.OrderBy {
				o.Expr = fn(o.Expr)
				c.OrderBy[i] = o
			}
		}
		return &c
	case *Case:
		c := &Case{Whens: make([]When, len(e.Whens))}
		if e.Operand != nil {
			c.Operand = fn(e.Operand)
		}
		for i, w := range e.Whens {
			c.Whens[i] = When{fn(w.Cond), fn(w.Then)}
		}
		if e.Else != nil {
			c.Else = fn(e.Else)
		}
		return c
	case Cast:
		e.X = fn(e.X)
		return e
	case Interval:
		e.X = fn(e.X)
		return e
	case JSONExtract:
		e.X, e.Path = fn(e.X), fn(e.Path)
		return e
	case *Window:
		return mapWindow(e, fn)
	}
	return e
}

// LambdaParams are the names of the lambda f's parameters (see
// LambdaFunc): its arguments but the last, the body.
func LambdaParams(f *Func) []string {
	var names []string
	for _, a := range f.Args[:max(len(f.Args)-1, 0)] {
		if l, ok := a.(Literal); ok {
			names = append(names, l.Value.S)
		}
	}
	return names
}

// LambdaBody is the lambda f's body (see LambdaFunc).
func LambdaBody(f *Func) Expr { return f.Args[len(f.Args)-1] }
