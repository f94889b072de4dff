package sql

import (
	"strconv"
	"strings"
)

// Expr is a node of a predicate or value expression.
type Expr interface {
	String() string
	expr()
}

// Col is a top-level field of a row.
type Col struct {
	Name string
}

// LitKind is the type of a literal.
type LitKind uint8

const (
	LitString LitKind = iota
	LitNumber
	LitBool
	LitNull
)

// Lit is a literal value.
type Lit struct {
	Kind LitKind
	Str  string  // LitString; the text of a LitNumber
	Num  float64 // LitNumber
	Bool bool    // LitBool
}

// Compare is L Op R with Op one of = != < <= > >=.
type Compare struct {
	Op   string
	L, R Expr
}

// In is Col [NOT] IN (List...).
type In struct {
	L    Expr
	List []Expr
	Not  bool
}

// IsNull is Col IS [NOT] NULL.
type IsNull struct {
	E   Expr
	Not bool
}

// And, Or and Not are the logical connectives.
type (
	And struct{ L, R Expr }
	Or  struct{ L, R Expr }
	Not struct{ E Expr }
)

func (Col) expr()     {}
func (Lit) expr()     {}
func (Compare) expr() {}
func (In) expr()      {}
func (IsNull) expr()  {}
func (And) expr()     {}
func (Or) expr()      {}
func (Not) expr()     {}

// Str returns a string literal.
func Str(s string) Lit { return Lit{Kind: LitString, Str: s} }

// Num returns a number literal from its text.
func Num(text string) (Lit, error) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return Lit{}, err
	}
	return Lit{Kind: LitNumber, Str: text, Num: f}, nil
}

func (c Col) String() string {
	if isIdent(c.Name) && !isKeyword(c.Name) {
		return c.Name
	}
	return "`" + strings.ReplaceAll(c.Name, "`", "``") + "`"
}

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

func (l Lit) String() string {
	switch l.Kind {
	case LitNumber:
		return l.Str
	case LitBool:
		return strconv.FormatBool(l.Bool)
	case LitNull:
		return "NULL"
	}
	return "'" + sqlQuote.Replace(l.Str) + "'"
}

// sqlQuote escapes a string literal for the SQL parser, which reads a
// backslash as an escape (as MySQL does).
var sqlQuote = strings.NewReplacer(`'`, `''`, `\`, `\\`)

func (c Compare) String() string { return c.L.String() + " " + c.Op + " " + c.R.String() }

func (e In) String() string {
	parts := make([]string, len(e.List))
	for i, x := range e.List {
		parts[i] = x.String()
	}
	op := " IN ("
	if e.Not {
		op = " NOT IN ("
	}
	return e.L.String() + op + strings.Join(parts, ", ") + ")"
}

func (e IsNull) String() string {
	if e.Not {
		return e.E.String() + " IS NOT NULL"
	}
	return e.E.String() + " IS NULL"
}

func (e And) String() string { return paren(e.L, "and") + " AND " + paren(e.R, "and") }
func (e Or) String() string  { return paren(e.L, "or") + " OR " + paren(e.R, "or") }
func (e Not) String() string { return "NOT " + paren(e.E, "not") }

// paren wraps an operand that would bind differently without parentheses
// in the context of an AND, OR or NOT.
func paren(e Expr, ctx string) string {
	switch e.(type) {
	case Or:
		if ctx != "or" {
			return "(" + e.String() + ")"
		}
	case And:
		if ctx == "not" {
			return "(" + e.String() + ")"
		}
	}
	return e.String()
}

// AndAll joins predicates with AND; nil for none.
func AndAll(es ...Expr) Expr {
	var out Expr
	for _, e := range es {
		if out == nil {
			out = e
		} else {
			out = And{out, e}
		}
	}
	return out
}

// Fields returns the names of the fields e reads, in first-use order.
func Fields(e Expr) []string {
	var out []string
	var walk func(Expr)
	walk = func(e Expr) {
		switch e := e.(type) {
		case Col:
			for _, n := range out {
				if n == e.Name {
					return
				}
			}
			out = append(out, e.Name)
		case Compare:
			walk(e.L)
			walk(e.R)
		case In:
			walk(e.L)
			for _, x := range e.List {
				walk(x)
			}
		case IsNull:
			walk(e.E)
		case And:
			walk(e.L)
			walk(e.R)
		case Or:
			walk(e.L)
			walk(e.R)
		case Not:
			walk(e.E)
		}
	}
	if e != nil {
		walk(e)
	}
	return out
}
