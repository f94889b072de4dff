package exec

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestEachTogether: the groups of a table of many emitted by workers at
// once are the rows one worker emits, each once, for an integer key (the
// int index), a text key and two keys, NULL keys among them, and
// aggregates of several kinds of state; every worker emits a share, and a
// table of few groups, or none, goes on one.
func TestEachTogether(t *testing.T) {
	fn := func(name string, n int) *aggregate.Func {
		f, ok, err := aggregate.Lookup(name, n, false, nil)
		if !ok || err != nil {
			t.Fatalf("%s: %v %v", name, ok, err)
		}
		return f
	}
	x, f, s := &plan.Slot{I: 2, Name: "x"}, &plan.Slot{I: 3, Name: "f"}, &plan.Slot{I: 1, Name: "s"}
	aggs := []plan.AggCall{
		{Func: fn("count", 0)},
		{Func: fn("sum", 1), Args: []plan.Expr{x}},
		{Func: fn("avg", 1), Args: []plan.Expr{f}},
		{Func: fn("min", 1), Args: []plan.Expr{s}},
		{Func: fn("max", 1), Args: []plan.Expr{x}},
		{Func: fn("median", 1), Args: []plan.Expr{x}},
		{Func: fn("group_concat", 1), Args: []plan.Expr{s}},
	}
	k, ks := &plan.Slot{I: 0, Name: "k"}, &plan.Slot{I: 1, Name: "s"}
	for _, groups := range [][]plan.Expr{{k}, {ks}, {k, ks}} {
		agg := &plan.Aggregate{Groups: groups, Aggs: aggs}
		seed := maphash.MakeSeed()
		rng := rand.New(rand.NewPCG(uint64(len(groups)), 9))
		// A sink as a worker's, merged: as finishGroups has it.
		sink := func(n int) *aggSink {
			sinks := []*aggSink{newAggSink(agg, true, seed, 1<<40, nil), newAggSink(agg, true, seed, 1<<40, nil)}
			for i := range n {
				key := types.IntValue(rng.Int64N(40000) - 100)
				if rng.IntN(50) == 0 {
					key = types.Value{}
				}
				r := plan.Row{key, types.StringValue(fmt.Sprintf("s%d", rng.IntN(30000))),
					types.IntValue(rng.Int64N(1000)), types.FloatValue(float64(rng.IntN(64)) / 4)}
				if _, err := sinks[i%2].push(r, nil); err != nil {
					t.Fatal(err)
				}
			}
			sinks[0].merge(sinks[1])
			return sinks[0]
		}
		collect := func(s *aggSink, workers int) ([]string, []int) {
			var mu sync.Mutex
			var out []string
			counts := make([]int, workers)
			emitFor := func(w int) emitter {
				return emitter{row: func(r []types.Value) error {
					mu.Lock()
					defer mu.Unlock()
					out = append(out, fmt.Sprint(r))
					counts[w]++
					return nil
				}}
			}
			var err error
			if s.emitTogether(workers) {
				err = s.eachTogether(emitFor, workers)
			} else {
				err = s.each(emitFor(0))
			}
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(out)
			return out, counts
		}
		big := sink(60000)
		want, _ := collect(big, 1)
		for _, workers := range []int{2, 3} {
			got, counts := collect(big, workers)
			if !slices.Equal(got, want) {
				t.Fatalf("%v, %d workers: %d groups differ from one worker's %d", groups, workers, len(got), len(want))
			}
			for w, c := range counts {
				if c == 0 {
					t.Fatalf("%v, %d workers: worker %d emitted no group", groups, workers, w)
				}
			}
		}
		if _, counts := collect(sink(500), 2); counts[1] != 0 {
			t.Fatalf("%v: a table of few groups went to two workers", groups)
		}
	}
}
