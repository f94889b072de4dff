package ast

import (
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// Window is a call of a window function: Func OVER (PARTITION BY
// Partition ORDER BY Order frame). Func is a window function of
// WindowFuncs or an aggregate; Frame nil is the default frame (RANGE
// BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW: with no ORDER BY, every
// row of the partition, all of them peers).
//
// Its children (Children, Map) are Func's arguments and the window's
// expressions, not Func itself: an aggregate over a window does not make
// its query an aggregate query, as an aggregate in its arguments does.
type Window struct {
	Func      *Func
	Partition []Expr
	Order     []OrderItem
	Frame     *Frame
	// IgnoreNulls: f(x) IGNORE NULLS OVER (…) (LAG, LEAD, FIRST_VALUE,
	// LAST_VALUE): the rows whose x is NULL are passed over.
	IgnoreNulls bool
}

func (*Window) expr() {}

// WindowFuncs are the functions that take a window and no group: what
// they give depends on the row's place in its partition.
var WindowFuncs = []string{"ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE",
	"LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE", "NTH_VALUE"}

// Frame is a window's frame: ROWS (Rows) or RANGE BETWEEN Start AND End.
type Frame struct {
	Rows       bool
	Groups     bool // GROUPS: offsets count peer groups (Rows false)
	Start, End FrameBound
}

// FrameBound is one end of a frame: UNBOUNDED PRECEDING, N PRECEDING,
// CURRENT ROW, N FOLLOWING or UNBOUNDED FOLLOWING.
type FrameBound struct {
	Kind BoundKind
	N    int64 // of Preceding and Following, in ROWS
	// Value: of Preceding and Following in RANGE, the offset from the
	// row's ORDER BY value (a number, or an INTERVAL); Offset, as the
	// parser leaves an INTERVAL, its expression, which the session
	// computes into Value.
	Value  types.Value
	Offset Expr
}

// BoundKind is the kind of a FrameBound, in the order of the rows they
// stand for.
type BoundKind int

const (
	UnboundedPreceding BoundKind = iota
	Preceding
	CurrentRow
	Following
	UnboundedFollowing
)

func (b FrameBound) String() string {
	switch b.Kind {
	case UnboundedPreceding:
		return "UNBOUNDED PRECEDING"
	case Preceding:
		return b.offset() + " PRECEDING"
	case CurrentRow:
		return "CURRENT ROW"
	case Following:
		return b.offset() + " FOLLOWING"
	}
	return "UNBOUNDED FOLLOWING"
}

func (f Frame) String() string {
	unit := "RANGE"
	switch {
	case f.Rows:
		unit = "ROWS"
	case f.Groups:
		unit = "GROUPS"
	}
	return unit + " BETWEEN " + f.Start.String() + " AND " + f.End.String()
}

func (w *Window) String() string { return w.text(Expr.String) }

// text is the call with its expressions as expr prints them.
func (w *Window) text(expr func(Expr) string) string {
	var spec []string
	if len(w.Partition) > 0 {
		parts := make([]string, len(w.Partition))
		for i, p := range w.Partition {
			parts[i] = expr(p)
		}
		spec = append(spec, "PARTITION BY "+strings.Join(parts, ", "))
	}
	if len(w.Order) > 0 {
		parts := make([]string, len(w.Order))
		for i, o := range w.Order {
			parts[i] = o.text(expr)
		}
		spec = append(spec, "ORDER BY "+strings.Join(parts, ", "))
	}
	if w.Frame != nil {
		spec = append(spec, w.Frame.String())
	}
	f := expr(w.Func)
	if w.IgnoreNulls {
		f += " IGNORE NULLS"
	}
	return f + " OVER (" + strings.Join(spec, " ") + ")"
}

// windowChildren is Children of a Window.
func windowChildren(w *Window) []Expr {
	out := append([]Expr(nil), w.Func.Args...)
	out = append(out, w.Partition...)
	for _, o := range w.Order {
		out = append(out, o.Expr)
	}
	return out
}

// mapWindow is Map of a Window.
func mapWindow(w *Window, fn func(Expr) Expr) Expr {
	f := *w.Func
	f.Args = make([]Expr, len(w.Func.Args))
	for i, a := range w.Func.Args {
		f.Args[i] = fn(a)
	}
	c := &Window{Func: &f, Frame: w.Frame, IgnoreNulls: w.IgnoreNulls, Partition: make([]Expr, len(w.Partition)), Order: make([]OrderItem, len(w.Order))}
	for i, p := range w.Partition {
		c.Partition[i] = fn(p)
	}
	for i, o := range w.Order {
		o.Expr = fn(o.Expr)
		c.Order[i] = o
	}
	return c
}

// HasWindow reports whether e holds a window function's call.
func HasWindow(e Expr) bool {
	found := false
	Walk(e, func(x Expr) bool {
		if _, ok := x.(*Window); ok {
			found = true
		}
		return !found
	})
	return found
}

// WindowTable is the rows of Input in the order of Keys, whose first
// Partition terms are a window's partition and the rest its ORDER BY,
// with a column more for each of Calls: one pass of the window functions
// of one window (sql/window.go makes them of a query's). Input's ORDER
// BY is Keys, or none when its rows come in an order that Keys begins
// (a pass before sorted them so).
type WindowTable struct {
	Input     *Select
	Keys      []OrderItem
	Partition int
	Calls     []WindowCall
}

// WindowCall is a call of a WindowTable: the function, its arguments as
// columns of the Input (a literal for the constant ones: LAG's offset and
// default, NTILE's buckets, NTH_VALUE's place), its frame (nil: the
// default) and the name of the column it makes.
type WindowCall struct {
	Func        *Func
	Frame       *Frame
	Out         string
	IgnoreNulls bool
}

func (t *WindowTable) String() string {
	var calls []string
	for _, c := range t.Calls {
		s := c.Func.String()
		if c.Frame != nil {
			s += " OVER (" + c.Frame.String() + ")"
		}
		calls = append(calls, s+" AS "+Ident(c.Out))
	}
	return "(" + t.Input.String() + ") WINDOW " + strings.Join(calls, ", ")
}

// offset spells a bound's offset: ROWS's count, RANGE's value (an
// INTERVAL as DuckDB spells one).
func (b FrameBound) offset() string {
	if b.Offset != nil {
		return b.Offset.String()
	}
	switch b.Value.K {
	case types.Null:
		return itoa(b.N)
	case types.Interval:
		// Spelt in parts the pre-parse reads back: months, days, the
		// rest in microseconds.
		m, d, us := b.Value.Months(), b.Value.Days(), b.Value.Micros()
		var parts []string
		if m != 0 {
			parts = append(parts, itoa(m)+" months")
		}
		if d != 0 {
			parts = append(parts, itoa(d)+" days")
		}
		if us != 0 || len(parts) == 0 {
			parts = append(parts, itoa(us)+" microseconds")
		}
		return "INTERVAL '" + strings.Join(parts, " ") + "'"
	}
	return b.Value.String()
}
