package exec

import (
	"context"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// aggSink is one worker's partial aggregate: a hash table of groups keyed
// by the encoding of their GROUP BY values (types.AppendKey).
type aggSink struct {
	groups []plan.Expr
	calls  []aggCall
	table  map[string]*group
	order  []*group // groups in order of first row
	single *group   // the group when there is no GROUP BY
	keybuf []byte
	keyv   []types.Value
}

type aggCall struct {
	fn   *aggregate.Func
	args []plan.Expr
	buf  []types.Value
}

type group struct {
	key    string
	vals   []types.Value
	states []aggregate.State
}

func newAggSink(a *plan.Aggregate, clone bool) *aggSink {
	s := &aggSink{table: map[string]*group{}, keyv: make([]types.Value, len(a.Groups))}
	for _, g := range a.Groups {
		if clone {
			g = plan.CloneExpr(g)
		}
		s.groups = append(s.groups, g)
	}
	for _, c := range a.Aggs {
		ac := aggCall{fn: c.Func}
		for _, e := range c.Args {
			if clone {
				e = plan.CloneExpr(e)
			}
			ac.args = append(ac.args, e)
		}
		s.calls = append(s.calls, ac)
	}
	return s
}

func (s *aggSink) newGroup(key string, vals []types.Value) *group {
	g := &group{key: key, vals: make([]types.Value, len(vals)), states: make([]aggregate.State, len(s.calls))}
	for i, v := range vals {
		g.vals[i] = v.Clone()
	}
	for i, c := range s.calls {
		g.states[i] = c.fn.New()
	}
	return g
}

func (s *aggSink) push(r plan.Row, _ []byte) (bool, error) {
	var g *group
	if len(s.groups) == 0 {
		if s.single == nil {
			s.single = s.newGroup("", nil)
			s.order = append(s.order, s.single)
		}
		g = s.single
	} else {
		kb := s.keybuf[:0]
		for i, e := range s.groups {
			v, err := e.Eval(r)
			if err != nil {
				return false, err
			}
			s.keyv[i] = v
			kb = types.AppendKey(kb, v)
		}
		s.keybuf = kb
		g = s.table[string(kb)]
		if g == nil {
			g = s.newGroup(string(kb), s.keyv)
			s.table[g.key] = g
			s.order = append(s.order, g)
		}
	}
	for i := range s.calls {
		c := &s.calls[i]
		args := c.buf[:0]
		for _, e := range c.args {
			v, err := e.Eval(r)
			if err != nil {
				return false, err
			}
			args = append(args, v)
		}
		c.buf = args
		if err := g.states[i].Add(args); err != nil {
			return false, err
		}
	}
	return false, nil
}

// merge adds another worker's groups.
func (s *aggSink) merge(o *aggSink) {
	for _, og := range o.order {
		if len(s.groups) == 0 {
			if s.single == nil {
				s.single = og
				s.order = append(s.order, og)
				continue
			}
			for i := range og.states {
				s.single.states[i].Merge(og.states[i])
			}
			continue
		}
		g := s.table[og.key]
		if g == nil {
			s.table[og.key] = og
			s.order = append(s.order, og)
			continue
		}
		for i := range g.states {
			g.states[i].Merge(og.states[i])
		}
	}
}

// rows returns one row per group (group values, then results); without
// GROUP BY exactly one row, even when no row came.
func (s *aggSink) rows() [][]types.Value {
	if len(s.groups) == 0 && s.single == nil {
		s.single = s.newGroup("", nil)
		s.order = append(s.order, s.single)
	}
	out := make([][]types.Value, 0, len(s.order))
	for _, g := range s.order {
		r := make([]types.Value, 0, len(g.vals)+len(g.states))
		r = append(r, g.vals...)
		for _, st := range g.states {
			r = append(r, st.Result())
		}
		out = append(out, r)
	}
	return out
}

// runAggregate scans into per-worker aggregates, merges them, and applies
// HAVING and the projection above.
func runAggregate(ctx context.Context, sh shape) ([][]types.Value, Stats, error) {
	var sinks []*aggSink
	st, err := scan(ctx, sh.scan, false, func(w int) rowSink {
		s := newAggSink(sh.agg, w > 0)
		sinks = append(sinks, s)
		return s
	})
	if err != nil {
		return nil, st, err
	}
	total := sinks[0]
	for _, s := range sinks[1:] {
		total.merge(s)
	}
	groups := total.rows()
	pr := newProjector(sh.project, false)
	out := make([][]types.Value, 0, len(groups))
	for _, g := range groups {
		if sh.having != nil {
			t, err := plan.EvalTruth(sh.having.Pred, g)
			if err != nil {
				return nil, st, err
			}
			if t != types.True {
				continue
			}
		}
		r, err := pr.row(g)
		if err != nil {
			return nil, st, err
		}
		out = append(out, r)
	}
	return out, st, nil
}
