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

// distinctAsGroups plans SELECT DISTINCT without aggregates as GROUP BY
// of its columns (DuckDB does the same): the distinct rows are the groups,
// which the aggregate's table keeps on every core and spills past the
// memory budget. A result without ORDER BY then comes in the order of its
// columns, as every grouped result does.
func distinctAsGroups(p *plan.Plan) {
	var parent plan.Node
	for n := p.Root; n != nil; parent, n = n, n.Inputs()[0] {
		d, ok := n.(*plan.Distinct)
		if !ok {
			if len(n.Inputs()) == 0 {
				return
			}
			continue
		}
		proj, ok := d.Input.(*plan.Project)
		if !ok || d.Width != len(proj.Exprs) {
			return
		}
		if _, ok := proj.Input.(*plan.Scan); !ok {
			return // over an aggregate: few rows, kept in memory
		}
		agg := &plan.Aggregate{Input: proj.Input, Groups: proj.Exprs}
		out := &plan.Project{Input: agg, Names: proj.Names, Visible: proj.Visible}
		p.GroupCols = nil
		for i, e := range proj.Exprs {
			out.Exprs = append(out.Exprs, &plan.Slot{I: i, Name: e.String()})
			p.GroupCols = append(p.GroupCols, i)
		}
		switch x := parent.(type) {
		case nil:
			p.Root = out
		case *plan.Sort:
			x.Input = out
		case *plan.Limit:
			x.Input = out
		default:
			return
		}
		return
	}
}
