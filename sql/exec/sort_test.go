package exec

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// The top-N heap, distinctRows and inPathOrder against references of
// their own.

// pool holds values with many ties: 1 and 1.0 are equal, NULL is common,
// and every family appears.
var pool = []types.Value{
	{}, {}, {},
	types.IntValue(0), types.IntValue(1), types.IntValue(1), types.FloatValue(1), types.IntValue(2), types.IntValue(-3),
	types.FloatValue(0.5), types.FloatValue(math.NaN()), types.FloatValue(math.Inf(-1)),
	types.StringValue(""), types.StringValue("a"), types.StringValue("B"), types.StringValue("é"),
	types.BoolValue(true), types.BoolValue(false), types.DateValue(3), types.JSONValue("[1]"),
}

// projectAll is a projection of the first n slots.
func projectAll(n int) *plan.Project {
	p := &plan.Project{Visible: n}
	for i := range n {
		p.Exprs = append(p.Exprs, &plan.Slot{I: i, Name: fmt.Sprintf("c%d", i)})
		p.Names = append(p.Names, fmt.Sprintf("c%d", i))
	}
	return p
}

// refBefore is an ORDER BY written apart from compareRows: NULLs last
// unless NULLS FIRST, whatever the direction; ties keep scan order.
func refCompare(a, b []types.Value, keys []plan.SortKey) int {
	for _, k := range keys {
		x, y := a[k.Col], b[k.Col]
		if x.IsNull() || y.IsNull() {
			if x.IsNull() && y.IsNull() {
				continue
			}
			first := x.IsNull() // x is the NULL one
			if k.NullsFirst == first {
				return -1
			}
			return 1
		}
		c := types.Compare(x, y)
		if k.Desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

const idCol = 3 // a row's position in scan order, not a sort key

func randomRows(r *rand.Rand, n int) [][]types.Value {
	rows := make([][]types.Value, n)
	for i := range rows {
		rows[i] = []types.Value{pool[r.IntN(len(pool))], pool[r.IntN(len(pool))], pool[r.IntN(3)+3], types.IntValue(int64(i))}
		if r.IntN(4) == 0 {
			rows[i][2] = types.Value{}
		}
	}
	return rows
}

func ids(rows [][]types.Value) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r[idCol].I
	}
	return out
}

func TestTopNAgainstSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := r.IntN(60)
		if trial%50 == 0 {
			n = r.IntN(400)
		}
		rows := randomRows(r, n)
		var keys []plan.SortKey
		for _, col := range r.Perm(3)[:1+r.IntN(3)] {
			keys = append(keys, plan.SortKey{Col: col, Desc: r.IntN(2) == 0, NullsFirst: r.IntN(3) == 0})
		}
		limit := []int64{-1, 0, 1, 2, 5, int64(n), int64(n) + 7}[r.IntN(7)]
		off := []int64{0, 0, 1, 3, int64(n), int64(n) + 5}[r.IntN(6)]
		workers := 1 + r.IntN(4)
		chunk := 1 + r.IntN(max(1, n/3+1))

		keep := -1
		if limit >= 0 && r.IntN(3) > 0 {
			keep = int(off + limit)
		}
		// Without a heap the rows go to external sorters, whose budgets
		// are tiny: a run every few rows, more runs than the fan-in.
		sp := &sortSpill{dir: spill.New(nil, t.TempDir())}
		sinks := make([]*sortSink, workers)
		var srts []*sorter
		budget := int64(r.IntN(4000))
		if n > 200 {
			budget = int64(r.IntN(600))
		}
		for w := range sinks {
			sinks[w] = &sortSink{pr: newProjector(projectAll(4), w > 0), keys: keys, n: keep, lines: true}
			if keep < 0 {
				sinks[w].srt = newSorter(keys, budget, sp)
				srts = append(srts, sinks[w].srt)
			}
		}
		// Chunk c goes to a random worker; within it rows come in order.
		for c := 0; c*chunk < n; c++ {
			s := sinks[r.IntN(workers)]
			s.startChunk(c)
			for _, row := range rows[c*chunk : min(n, (c+1)*chunk)] {
				line := []byte(fmt.Sprintf(`{"id":%d}`, row[idCol].I))
				if _, err := s.push(slices.Clone(row), line); err != nil {
					t.Fatal(err)
				}
				copy(line, "XXXXXXXX") // the scan reuses its buffer
			}
			if keep >= 0 && len(s.items) > keep {
				t.Fatalf("trial %d: a sink holds %d items, limit %d", trial, len(s.items), keep)
			}
		}
		var got []sortItem
		if keep >= 0 {
			got = mergeSorted(sinks, keys, limit, off)
		} else {
			err := finishSort(context.Background(), srts, keys, off, limit, func(it *sortItem) error {
				got = append(got, *it)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if n > 200 && sp.runs.Load() <= sortFanIn {
				t.Fatalf("trial %d: %d rows made only %d runs", trial, n, sp.runs.Load())
			}
			if ents, _ := os.ReadDir(sp.dir.Path()); sp.dir.Path() != "" && len(ents) > 0 {
				t.Fatalf("trial %d: %d spill files left", trial, len(ents))
			}
			sp.dir.Close()
		}

		want := slices.Clone(rows)
		slices.SortStableFunc(want, func(a, b []types.Value) int { return refCompare(a, b, keys) })
		want = want[min(int(off), len(want)):]
		if limit >= 0 && int64(len(want)) > limit {
			want = want[:limit]
		}
		gotRows := make([][]types.Value, len(got))
		for i, it := range got {
			gotRows[i] = it.row
			if wantLine := fmt.Sprintf(`{"id":%d}`, it.row[idCol].I); string(it.line) != wantLine {
				t.Fatalf("trial %d: line %q, want %q", trial, it.line, wantLine)
			}
		}
		if !slices.Equal(ids(gotRows), ids(want)) {
			t.Fatalf("trial %d: %d rows, keys %+v, limit %d offset %d, %d workers, chunks of %d:\n got %v\nwant %v",
				trial, n, keys, limit, off, workers, chunk, ids(gotRows), ids(want))
		}
	}
}

// TestTopNEdges: limit 0 keeps nothing, an offset past the end gives no
// rows, and the rows kept own their texts.
func TestTopNEdges(t *testing.T) {
	keys := []plan.SortKey{{Col: 0}}
	feed := func(n int, texts ...string) *sortSink {
		s := &sortSink{pr: newProjector(projectAll(1), false), keys: keys, n: n}
		if n < 0 {
			s.srt = newSorter(keys, 1<<20, nil)
		}
		s.startChunk(0)
		buf := make([]byte, 8)
		for _, text := range texts {
			b := buf[:copy(buf, text)]
			if _, err := s.push(plan.Row{types.StringValue(string(b))}, nil); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	if s := feed(0, "b", "a"); len(s.items) != 0 {
		t.Errorf("limit 0 kept %d items", len(s.items))
	}
	if got := mergeSorted([]*sortSink{feed(0, "b", "a")}, keys, 0, 0); len(got) != 0 {
		t.Errorf("limit 0: %d rows", len(got))
	}
	sorted := func(s *sortSink, limit, off int64) []sortItem {
		var got []sortItem
		err := finishSort(context.Background(), []*sorter{s.srt}, keys, off, limit, func(it *sortItem) error {
			got = append(got, *it)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := sorted(feed(-1, "b", "a", "c"), -1, 10); len(got) != 0 {
		t.Errorf("offset past the end: %d rows", len(got))
	}
	if got := sorted(feed(-1, "b", "a", "c"), 5, 2); len(got) != 1 || got[0].row[0].S != "c" {
		t.Errorf("offset 2 limit 5: %v", got)
	}
	if got := sorted(feed(-1, "b", "a", "c"), 0, 0); len(got) != 0 {
		t.Errorf("limit 0: %v", got)
	}
	if got := mergeSorted(nil, keys, 3, 0); len(got) != 0 {
		t.Errorf("no sinks: %v", got)
	}
	// Two sinks of the best 2: the second's better rows win.
	a, b := feed(2, "m", "n", "o"), feed(2, "z", "a")
	got := mergeSorted([]*sortSink{a, b}, keys, 2, 0)
	var texts []string
	for _, it := range got {
		texts = append(texts, it.row[0].S)
	}
	if strings.Join(texts, " ") != "a m" {
		t.Errorf("merged top 2: %v", texts)
	}
}

func TestDistinctRows(t *testing.T) {
	i, f, s := types.IntValue, types.FloatValue, types.StringValue
	null := types.Value{}
	rows := [][]types.Value{
		{i(1), s("x"), i(100)},
		{f(1), s("x"), i(101)}, // 1.0 is 1
		{s("1"), s("x"), i(102)},
		{null, null, i(103)},
		{null, null, i(104)}, // NULL equals NULL here
		{f(math.NaN()), s("x"), i(105)},
		{f(math.NaN()), s("x"), i(106)},
		{f(0), s("y"), i(107)},
		{f(math.Copysign(0, -1)), s("y"), i(108)}, // -0.0 is 0
		{i(0), s("y"), i(109)},
		{types.BoolValue(true), s("x"), i(110)},
		{i(1), s("X"), i(111)},
		{types.JSONValue("[1]"), s("x"), i(112)},
		{s("[1]"), s("x"), i(113)},
		{i(1), s("x"), i(114)},
	}
	got := distinctRows(slices.Clone(rows), 2)
	var kept []int64
	for _, r := range got {
		kept = append(kept, r[2].I)
	}
	want := []int64{100, 102, 103, 105, 107, 110, 111, 112, 113}
	if !slices.Equal(kept, want) {
		t.Errorf("distinct over 2 columns kept %v, want %v", kept, want)
	}
	// Over all columns every row is distinct; over none, one row is left.
	if got := distinctRows(slices.Clone(rows), 3); len(got) != len(rows) {
		t.Errorf("width 3: %d rows", len(got))
	}
	if got := distinctRows(slices.Clone(rows), 0); len(got) != 1 || got[0][2].I != 100 {
		t.Errorf("width 0: %v", got)
	}
	if got := distinctRows(nil, 1); len(got) != 0 {
		t.Errorf("no rows: %v", got)
	}
	// Random rows against a quadratic reference under types.Equal.
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 500 {
		rows := randomRows(r, r.IntN(80))
		width := 1 + r.IntN(3)
		var want []int64
		for k, row := range rows {
			dup := slices.ContainsFunc(rows[:k], func(p []types.Value) bool {
				for c := range width {
					if !types.Equal(p[c], row[c]) {
						return false
					}
				}
				return true
			})
			if !dup {
				want = append(want, row[idCol].I)
			}
		}
		if got := ids(distinctRows(slices.Clone(rows), width)); !slices.Equal(got, want) {
			t.Fatalf("trial %d width %d: %v, want %v", trial, width, got, want)
		}
	}
}

func TestInPathOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 500 {
		chunks := r.IntN(12)
		workers := 1 + r.IntN(4)
		cs := make([]*collector, workers)
		for w := range cs {
			cs[w] = &collector{pr: newProjector(projectAll(1), w > 0), want: -1}
		}
		// Workers take chunks in an order of their own; each chunk has
		// 0 to 3 rows, the value chunk*10 + row.
		var want []int64
		for _, c := range r.Perm(chunks) {
			col := cs[r.IntN(workers)]
			col.startChunk(c)
			for k := range r.IntN(4) {
				if _, err := col.push(plan.Row{types.IntValue(int64(c*10 + k))}, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, col := range cs {
			for _, row := range col.rows {
				want = append(want, row[0].I)
			}
		}
		slices.Sort(want) // chunk order, then row order within a chunk
		var got []int64
		for _, row := range inPathOrder(cs) {
			got = append(got, row[0].I)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %v, want %v", trial, got, want)
		}
	}
	// A collector that wants n rows says stop once it has them.
	c := &collector{pr: newProjector(projectAll(1), false), want: 2}
	c.startChunk(0)
	for k, wantStop := range []bool{false, true} {
		stop, err := c.push(plan.Row{types.IntValue(int64(k))}, nil)
		if err != nil || stop != wantStop {
			t.Errorf("push %d: stop %v, err %v", k, stop, err)
		}
	}
}

// TestFanInFor: the runs merged at once fit the sorters' budget, two
// records held by each (one as read, one decoded), between 2 and
// sortFanIn.
func TestFanInFor(t *testing.T) {
	for _, c := range []struct {
		budget, rec int64
		want        int
	}{
		{50 << 20, 4 << 20, 6},
		{50 << 20, 16 << 20, 2},
		{1 << 20, 16 << 20, 2},
		{100 << 20, 1000, sortFanIn},
		{100 << 20, 0, sortFanIn},
		{600, 100, 3},
	} {
		if got := fanInFor(c.budget, c.rec); got != c.want {
			t.Errorf("fanInFor(%d, %d) = %d, want %d", c.budget, c.rec, got, c.want)
		}
	}
}
