package ast

// Subqueries in expressions. Each holds a SELECT of its own scope: Walk,
// Children and Map do not enter it. The session answers an uncorrelated
// subquery before the query that holds it, and puts its answer in its
// place (a Literal, or a list of them), so the binder never sees one.

// Subquery is a scalar subquery, (SELECT …): its one column's value in its
// one row, NULL without a row.
type Subquery struct {
	Select *Select
	Pos    int // byte offset, for errors
}

// Exists is EXISTS (SELECT …): whether it has a row.
type Exists struct {
	Select *Select
	Pos    int
}

// InSelect is X [NOT] IN (SELECT …), with SQL's NULL rules: X IN a list
// of values.
type InSelect struct {
	X      Expr
	Select *Select
	Not    bool
	Pos    int
}

func (Subquery) expr() {}
func (Exists) expr()   {}
func (InSelect) expr() {}

func (s Subquery) String() string { return "(" + s.Select.String() + ")" }
func (e Exists) String() string   { return "EXISTS (" + e.Select.String() + ")" }

func (e InSelect) String() string {
	op := " IN ("
	if e.Not {
		op = " NOT IN ("
	}
	return e.X.String() + op + e.Select.String() + ")"
}
