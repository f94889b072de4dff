package optimizer

import (
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// rewriteSums turns SUM(x + c) and SUM(c + x), c an integer constant, into
// the state of SUM(x) shifted by c·COUNT(x) (aggregate.SumPlus); the
// second and later such sums of one x derive their result from the first
// one's state (ClickBench's query 30 has 90 of them: one state, not 90).
func rewriteSums(a *plan.Aggregate) {
	base := map[string]int{} // x -> the call keeping its state
	defer func() {
		for i, c := range a.Aggs {
			k, ok := c.Func.SumPlusOf()
			if !ok {
				continue
			}
			x := c.Args[0].String()
			if b, ok := base[x]; ok {
				a.Aggs[i].Derive, a.Aggs[i].Base = aggregate.Shifted(k), b
			} else {
				base[x] = i
			}
		}
	}()
	for i, c := range a.Aggs {
		if c.Func.Name != "SUM" || c.Func.Distinct || len(c.Args) != 1 {
			continue
		}
		ar, ok := c.Args[0].(*plan.ArithExpr)
		if !ok || ar.Op != types.Add {
			continue
		}
		x, k := ar.L, ar.R
		if kc, ok := x.(*plan.Const); ok {
			x, k = k, kc
		}
		kc, ok := k.(*plan.Const)
		if !ok || kc.V.K != types.Int {
			continue
		}
		a.Aggs[i] = plan.AggCall{Func: aggregate.SumPlus(kc.V, "SUM"), Args: []plan.Expr{x}, Text: c.Text}
	}
}
