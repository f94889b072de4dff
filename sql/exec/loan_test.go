package exec

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// groupLines makes n lines of p (a partition of four), k (n/2 values),
// v, and s (a few texts or NULL).
func groupLines(n int) []string {
	var lines []string
	for i := range n {
		s := "null"
		if i%7 != 0 {
			s = fmt.Sprintf("%q", fmt.Sprintf("s%d", i%5))
		}
		lines = append(lines, fmt.Sprintf(`{"p":%d,"k":%d,"v":%d,"s":%s}`, i%4, i%(n/2), i, s))
	}
	return lines
}

// aggOf is the plan's Aggregate.
func aggOf(p *plan.Plan) *plan.Aggregate {
	for n := p.Root; n != nil; {
		if a, ok := n.(*plan.Aggregate); ok {
			return a
		}
		in := n.Inputs()
		if len(in) == 0 {
			return nil
		}
		n = in[0]
	}
	return nil
}

// TestStreamEachGroups: an aggregate of unordered rows sends its groups
// through StreamEach to an emitter per worker, never calling Columns, in
// memory and spilled: the rows of Run, each once; the groups of a big
// table go out from two workers at once.
func TestStreamEachGroups(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	snap := chunkLake(t, []string{"p"}, 4000, groupLines(40000))
	queries := []string{
		"SELECT k, COUNT(*), SUM(v), MIN(s) FROM l GROUP BY k",
		"SELECT k % 7 AS m, s, COUNT(*) FROM l GROUP BY 1, 2 HAVING COUNT(*) > 1",
		"SELECT DISTINCT k % 100 FROM l",
		"SELECT s, COUNT(DISTINCT k), SUM(v) FROM l GROUP BY s",
		"SELECT COUNT(*), MAX(v) FROM l WHERE v > 100",
	}
	for _, limit := range []int64{0, MinMemoryLimit} {
		ctx := WithMemory(context.Background(), Memory{Limit: limit, TempDir: t.TempDir()})
		for _, q := range queries {
			want, err := Run(ctx, prepareIn(t, q, snap))
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			p := prepareIn(t, q, snap)
			p.Unordered = true
			var mu sync.Mutex
			var got []string
			workers := map[int]int{}
			_, err = StreamEach(ctx, p, func(w int) Emitter {
				return &collectEach{row: func(r []types.Value) error {
					mu.Lock()
					defer mu.Unlock()
					got = append(got, fmt.Sprint(r))
					workers[w]++
					return nil
				}}
			})
			if err != nil {
				t.Fatalf("%s, limit %d: %v", q, limit, err)
			}
			slices.Sort(got)
			if w := resultText(want, false); !slices.Equal(got, w) {
				t.Errorf("%s, limit %d: %d rows, want the %d of Run", q, limit, len(got), len(w))
			}
			if q == queries[0] && len(workers) < 2 {
				t.Errorf("%s, limit %d: the 20,000 groups went out from %d worker(s), want 2", q, limit, len(workers))
			}
		}
	}
}

// collectEach is an Emitter of one worker of StreamEach, whose Columns
// must not be called.
type collectEach struct {
	row func([]types.Value) error
}

func (c *collectEach) Columns([]string) error {
	return fmt.Errorf("Columns called on a worker's emitter")
}
func (c *collectEach) Row(r []types.Value) error { return c.row(r) }

// lendingProducer is a rowsProducer that is a Lender: it lends lent
// bytes while its rows go out, and notes the budget its own run has.
type lendingProducer struct {
	rowsProducer
	loan Loan
	lent int64
	seen int64 // Budget of the ctx of its run
}

func (p *lendingProducer) Loan() *Loan { return &p.loan }

func (p *lendingProducer) Produce(ctx context.Context, fork func() func([]types.Value) error) error {
	p.loan.Lend(p.lent)
	p.seen = Budget(ctx)
	defer p.loan.Lend(0)
	return p.rowsProducer.Produce(ctx, fork)
}

// TestLenderLoan: the tables of a GROUP BY over a Lender's rows, made as
// its rows start to go out, do without what it lends then, and spill
// where they would not without the loan; the producer's own run does not
// do without its own loan; the loan ends with the run.
func TestLenderLoan(t *testing.T) {
	var rows [][]types.Value
	for i := range 20000 {
		rows = append(rows, []types.Value{types.IntValue(int64(i))})
	}
	const limit = 64 << 20
	ctx := WithMemory(context.Background(), Memory{Limit: limit, TempDir: t.TempDir()})
	for _, lent := range []int64{0, limit/2 - 256<<10} {
		pr := &lendingProducer{rowsProducer: rowsProducer{cols: []string{"i"}, rows: rows, workers: 2}, lent: lent}
		p := prepareIn(t, "SELECT i, COUNT(*) FROM l GROUP BY i", pr)
		res, err := Run(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Rows) != len(rows) {
			t.Fatalf("lent %d: %d groups, want %d", lent, len(res.Rows), len(rows))
		}
		spilled := res.Profile[aggOf(p)].SpilledGroups > 0
		if spilled != (lent > 0) {
			t.Errorf("lent %d: the groups spilled: %v, want %v", lent, spilled, lent > 0)
		}
		if pr.seen != limit/2 {
			t.Errorf("lent %d: the producer's run had a budget of %d, want %d", lent, pr.seen, limit/2)
		}
		if got := Budget(producing(ctx, p.Scan)); got != limit/2 {
			t.Errorf("lent %d: the budget after the run is %d, want %d", lent, got, limit/2)
		}
	}
}

// TestLendingSays: a query run through StreamEach under Lending says,
// before its first row goes out, what it holds then: a GROUP BY what its
// table holds (less than its budget), a spilled one its partitions'
// budget, a projection nothing.
func TestLendingSays(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	snap := chunkLake(t, []string{"p"}, 4000, groupLines(20000))
	for _, c := range []struct {
		q     string
		limit int64
		some  bool
	}{
		{"SELECT k, COUNT(*) FROM l GROUP BY k", 0, true},
		{"SELECT k, COUNT(*) FROM l GROUP BY k", MinMemoryLimit, true},
		{"SELECT k, v FROM l WHERE v % 2 = 0", 0, false},
	} {
		ctx := WithMemory(context.Background(), Memory{Limit: c.limit, TempDir: t.TempDir()})
		budget := Budget(ctx)
		var loan Loan
		loan.Lend(budget)
		p := prepareIn(t, c.q, snap)
		p.Unordered = true
		var mu sync.Mutex
		first := int64(-1)
		_, err := StreamEach(Lending(ctx, &loan), p, func(int) Emitter {
			return &collectEach{row: func([]types.Value) error {
				mu.Lock()
				defer mu.Unlock()
				if first < 0 {
					first = loan.held()
				}
				return nil
			}}
		})
		if err != nil {
			t.Fatal(err)
		}
		if c.some && (first <= 0 || first > budget) || !c.some && first != 0 {
			t.Errorf("%s, limit %d: lent %d as its rows went out (budget %d)", c.q, c.limit, first, budget)
		}
		if c.some && c.limit == 0 && first == budget {
			t.Errorf("%s: lent its whole budget, not what its table holds", c.q)
		}
	}
}
