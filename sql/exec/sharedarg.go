package exec

import (
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// An aggregate's argument often holds another's whole: TPC-H Q1 sums
// l_extendedprice * (1 - l_discount), and that times (1 + l_tax). The
// later argument then reads the value the earlier call computed for the
// row (sharedArg) instead of computing it again. Only arithmetic of
// fields and constants is shared: it has no side effects and gives the
// same value each time (random() would not), and its error, if any, the
// earlier call raised first.

// sharedArg is the argument of the earlier call whose value for the row
// is in *buf (its first value), written there before this one is read:
// the calls take a row in order, and the earlier one computes its own
// argument (it has no same of its own).
type sharedArg struct {
	buf  *[]types.Value
	text string
}

func (a *sharedArg) Eval(plan.Row) (types.Value, error) { return (*a.buf)[0], nil }

func (a *sharedArg) String() string { return a.text }

// shareArgs makes each one-argument call's argument read, in place of a
// part that is an earlier call's whole argument, that call's value.
func (s *aggSink) shareArgs() {
	for j := range s.calls {
		c := &s.calls[j]
		if !c.one || c.same >= 0 || !pureArith(c.args[0]) {
			continue
		}
		for i := range j {
			o := &s.calls[i]
			if !o.one || o.same >= 0 || !pureArith(o.args[0]) {
				continue
			}
			if _, ok := o.args[0].(*plan.ArithExpr); !ok {
				continue // a field or a constant costs no more to read again
			}
			text := o.args[0].String()
			c.args[0] = replaceArith(c.args[0], text, &sharedArg{buf: &o.buf, text: text})
		}
	}
}

// pureArith reports whether e is arithmetic of fields and constants.
func pureArith(e plan.Expr) bool {
	switch e := e.(type) {
	case *plan.Slot, *plan.Const, *sharedArg:
		return true
	case *plan.ArithExpr:
		return pureArith(e.L) && pureArith(e.R)
	}
	return false
}

// replaceArith returns e with each operand of its arithmetic (not e
// itself) whose text is text replaced by by. The nodes on the way to a
// replaced one are new: e may be the plan's own, which other workers
// clone.
func replaceArith(e plan.Expr, text string, by plan.Expr) plan.Expr {
	a, ok := e.(*plan.ArithExpr)
	if !ok {
		return e
	}
	operand := func(x plan.Expr) plan.Expr {
		if _, ok := x.(*plan.ArithExpr); ok && x.String() == text {
			return by
		}
		return replaceArith(x, text, by)
	}
	l, r := operand(a.L), operand(a.R)
	if l == a.L && r == a.R {
		return e
	}
	return &plan.ArithExpr{Op: a.Op, L: l, R: r}
}
