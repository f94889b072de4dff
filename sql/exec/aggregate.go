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
	recent [recentSlots]recent // with one GROUP BY value: recent strings and their groups
}

// recent is an entry of aggSink.recent. Most rows of a GROUP BY on a
// string of few values repeat a recent value: comparing it with the
// cached one finds the group without encoding a key or hashing it.
type recent struct {
	s string
	g *group
}

// recentSlots is the size of aggSink.recent, a power of two.
const recentSlots = 64

// recentSlot places a string in aggSink.recent by its length and two of
// its bytes, which tell apart most values of a field of few values.
func recentSlot(s string) int {
	n := len(s)
	if n == 0 {
		return 0
	}
	return (n*131 + int(s[n/2])*7 + int(s[n-1-n/4])) & (recentSlots - 1)
}

type aggCall struct {
	fn   *aggregate.Func
	args []plan.Expr
	buf  []types.Value
	// same: the index of an earlier call with the same one argument,
	// whose value this row reuses; -1 for none.
	same int
	one  bool // one argument, and the state is an aggregate.OneArg
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
	for i, c := range a.Aggs {
		ac := aggCall{fn: c.Func, same: -1}
		if len(c.Args) == 1 {
			for j := range i {
				if len(a.Aggs[j].Args) == 1 && a.Aggs[j].Args[0].String() == c.Args[0].String() {
					ac.same = j
					break
				}
			}
		}
		for _, e := range c.Args {
			if clone {
				e = plan.CloneExpr(e)
			}
			ac.args = append(ac.args, e)
		}
		_, isOne := c.Func.New().(aggregate.OneArg)
		ac.one = len(c.Args) == 1 && isOne
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
	} else if len(s.groups) == 1 {
		v, err := s.groups[0].Eval(r)
		if err != nil {
			return false, err
		}
		if v.K == types.String {
			e := &s.recent[recentSlot(v.S)]
			if e.g == nil || e.s != v.S {
				g = s.lookup(v)
				*e = recent{g.vals[0].S, g}
			}
			g = e.g
		} else {
			g = s.lookup(v)
		}
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
		if c.one {
			// One argument, a state that takes it without a slice.
			var v types.Value
			if c.same >= 0 {
				v = s.calls[c.same].buf[0]
			} else {
				var err error
				if v, err = c.args[0].Eval(r); err != nil {
					return false, err
				}
				c.buf = append(c.buf[:0], v)
			}
			if err := g.states[i].(aggregate.OneArg).AddOne(v); err != nil {
				return false, err
			}
			continue
		}
		args := c.buf[:0]
		if c.same >= 0 {
			args = append(args, s.calls[c.same].buf[0])
		} else {
			for _, e := range c.args {
				v, err := e.Eval(r)
				if err != nil {
					return false, err
				}
				args = append(args, v)
			}
		}
		c.buf = args
		if err := g.states[i].Add(args); err != nil {
			return false, err
		}
	}
	return false, nil
}

// lookup returns the group of a single GROUP BY value, made if new.
func (s *aggSink) lookup(v types.Value) *group {
	s.keybuf = types.AppendKey(s.keybuf[:0], v)
	g := s.table[string(s.keybuf)]
	if g == nil {
		s.keyv[0] = v
		g = s.newGroup(string(s.keybuf), s.keyv)
		s.table[g.key] = g
		s.order = append(s.order, g)
	}
	return g
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
func runAggregate(ctx context.Context, sh shape, prof *profiler) ([][]types.Value, Stats, error) {
	var sinks []*aggSink
	st, err := scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
		s := newAggSink(sh.agg, w > 0)
		sinks = append(sinks, s)
		return s
	})
	if err != nil {
		return nil, st, err
	}
	prof.done(sh.scan, int(st.RowsPassed))
	total := sinks[0]
	for _, s := range sinks[1:] {
		total.merge(s)
	}
	groups := total.rows()
	prof.done(sh.agg, len(groups))
	pr := newProjector(sh.project, false)
	kept := 0
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
		kept++
		r, err := pr.row(g)
		if err != nil {
			return nil, st, err
		}
		out = append(out, r)
	}
	if sh.having != nil {
		prof.m[sh.having] = OpStats{Rows: int64(kept)}
	}
	prof.done(sh.project, len(out))
	return out, st, nil
}
