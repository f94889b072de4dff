package exec

import (
	"hash/maphash"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestSharedArgs: TPC-H Q1's two sums, of a*(1-b) and of that times
// (1+c), and an AVG of a*(1-b)+a: the later arguments read the first's
// value for the row, the plan's own expressions stay as they were, and
// every sum is what the arithmetic written out gives, NULLs and DOUBLEs
// among the rows.
func TestSharedArgs(t *testing.T) {
	fn := func(name string) *aggregate.Func {
		f, ok, err := aggregate.Lookup(name, 1, false, nil)
		if !ok || err != nil {
			t.Fatalf("%s: %v %v", name, ok, err)
		}
		return f
	}
	a, b, c := &plan.Slot{I: 0, Name: "a"}, &plan.Slot{I: 1, Name: "b"}, &plan.Slot{I: 2, Name: "c"}
	one := &plan.Const{V: types.IntValue(1), Text: "1"}
	disc := &plan.ArithExpr{Op: types.Mul, L: a, R: &plan.ArithExpr{Op: types.Sub, L: one, R: b}}
	charge := &plan.ArithExpr{Op: types.Mul, L: disc, R: &plan.ArithExpr{Op: types.Add, L: one, R: c}}
	plus := &plan.ArithExpr{Op: types.Add, L: disc, R: a}
	agg := &plan.Aggregate{Aggs: []plan.AggCall{
		{Func: fn("sum"), Args: []plan.Expr{disc}},
		{Func: fn("sum"), Args: []plan.Expr{charge}},
		{Func: fn("avg"), Args: []plan.Expr{plus}},
		{Func: fn("sum"), Args: []plan.Expr{b}}, // a field: nothing to share
	}}
	texts := []string{disc.String(), charge.String(), plus.String()}
	for _, clone := range []bool{false, true} {
		s := newAggSink(agg, clone, maphash.MakeSeed(), 1<<30, nil)
		for j := 1; j <= 2; j++ {
			if _, ok := s.calls[j].args[0].(*plan.ArithExpr).L.(*sharedArg); !ok {
				t.Fatalf("clone %v: call %d's argument %s does not read call 0's", clone, j, s.calls[j].args[0])
			}
		}
		if charge.L != plan.Expr(disc) || plus.L != plan.Expr(disc) {
			t.Fatalf("clone %v: the plan's expressions were changed", clone)
		}
		for i, e := range []plan.Expr{disc, charge, plus} {
			if e.String() != texts[i] || s.calls[i].args[0].String() != texts[i] {
				t.Fatalf("clone %v: %s / %s, want %s", clone, e, s.calls[i].args[0], texts[i])
			}
		}
		// The same rows through the sink and through the plain arithmetic.
		want := make([]aggregate.State, len(agg.Aggs))
		for i, ac := range agg.Aggs {
			want[i] = ac.Func.New()
		}
		rng := rand.New(rand.NewPCG(1, 2))
		val := func() types.Value {
			switch rng.IntN(5) {
			case 0:
				return types.Value{} // NULL
			case 1:
				return types.FloatValue(rng.NormFloat64())
			}
			return types.IntValue(rng.Int64N(200) - 100)
		}
		for range 2000 {
			r := plan.Row{val(), val(), val()}
			if _, err := s.push(r, nil); err != nil {
				t.Fatal(err)
			}
			for i, ac := range agg.Aggs {
				v, err := ac.Args[0].Eval(r)
				if err != nil {
					t.Fatal(err)
				}
				if err := want[i].Add([]types.Value{v}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for i := range agg.Aggs {
			got, w := s.table.state(0, i).Result(), want[i].Result()
			if types.Compare(got, w) != 0 || got.K != w.K {
				t.Fatalf("clone %v: call %d: %v, want %v", clone, i, got, w)
			}
		}
	}
}
