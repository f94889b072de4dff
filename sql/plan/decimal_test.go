package plan

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

func TestDecimalFold(t *testing.T) {
	lit := func(text string, v types.Value) *Const { return &Const{V: v, Text: text, Decimal: true} }
	for _, c := range []struct {
		op   types.Op
		l, r *Const
		want string // the folded text; "" when it must not fold
	}{
		{types.Add, lit(".06", types.FloatValue(.06)), lit("0.01", types.FloatValue(.01)), "0.07"},
		{types.Sub, lit("5", types.IntValue(5)), lit("4.9", types.FloatValue(4.9)), "0.1"},
		{types.Mul, lit("0.2", types.FloatValue(.2)), lit("3", types.IntValue(3)), "0.6"},
		{types.Mul, lit("1.5", types.FloatValue(1.5)), lit("0.25", types.FloatValue(.25)), "0.375"},
		{types.Add, lit("1e-1", types.FloatValue(.1)), lit("0.2", types.FloatValue(.2)), ""}, // a DOUBLE
		{types.Div, lit("1.0", types.FloatValue(1)), lit("3", types.IntValue(3)), ""},
		{types.Add, lit("2", types.IntValue(2)), lit("3", types.IntValue(3)), ""},                       // integers stay integers
		{types.Add, &Const{V: types.FloatValue(.1), Text: "0.1"}, lit("0.2", types.FloatValue(.2)), ""}, // a value, not a literal
	} {
		got, ok := decimalFold(c.op, c.l, c.r)
		switch {
		case c.want == "" && ok:
			t.Errorf("%s %v %s folded to %s", c.l.Text, c.op, c.r.Text, got.Text)
		case c.want != "" && (!ok || got.Text != c.want || got.V.K != types.Float):
			t.Errorf("%s %v %s: %v, want %s", c.l.Text, c.op, c.r.Text, got, c.want)
		}
	}
}
