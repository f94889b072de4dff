package exec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// rowsProducer is a plan.Producer of given rows, shared out among
// workers as a streamed join's probes share its rows; the first error
// stops them all.
type rowsProducer struct {
	cols    []string
	rows    [][]types.Value
	workers int
	holds   int64
	pushed  atomic.Int64 // rows sent, of every run
	forks   atomic.Int64
	fail    error // returned by the run, when set
}

func (p *rowsProducer) Name() string                       { return "made" }
func (p *rowsProducer) Generation() int64                  { return -1 }
func (p *rowsProducer) Key() []string                      { return nil }
func (p *rowsProducer) Files() []storage.FileEntry         { return []storage.FileEntry{{Path: "made"}} }
func (p *rowsProducer) Open(string) (io.ReadCloser, error) { return nil, errors.New("no file") }
func (p *rowsProducer) Path(string) string                 { return "made" }
func (p *rowsProducer) Columns() []string                  { return p.cols }
func (p *rowsProducer) Holds() int64                       { return p.holds }

func (p *rowsProducer) Produce(ctx context.Context, fork func() func([]types.Value) error) error {
	var wg sync.WaitGroup
	var stopped atomic.Bool
	errs := make([]error, p.workers)
	for w := range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := fork()
			p.forks.Add(1)
			for i := w; i < len(p.rows); i += p.workers {
				if stopped.Load() {
					return
				}
				if ctx.Err() != nil {
					errs[w] = ctx.Err()
					return
				}
				p.pushed.Add(1)
				if err := out(p.rows[i]); err != nil {
					errs[w] = err
					stopped.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	if p.fail != nil {
		return p.fail
	}
	return errors.Join(errs...)
}

// produceRows makes n rows of k (a few texts), i, s (text or NULL) and
// f (a float or NULL), as values and as the JSON lines of a lake.
func produceRows(n int) ([][]types.Value, []string) {
	var rows [][]types.Value
	var lines []string
	for i := range n {
		k := string(rune('a' + i%4))
		r := []types.Value{types.StringValue(k), types.IntValue(int64(i)), {}, {}}
		line := fmt.Sprintf(`{"k":%q,"i":%d`, k, i)
		if i%5 != 0 {
			r[2] = types.StringValue(fmt.Sprintf("s%d", i%13))
			line += fmt.Sprintf(`,"s":"s%d"`, i%13)
		}
		if i%3 != 0 {
			r[3] = types.FloatValue(float64(i%40) + 0.5)
			line += fmt.Sprintf(`,"f":%g`, float64(i%40)+0.5)
		}
		rows, lines = append(rows, r), append(lines, line+"}")
	}
	return rows, lines
}

// resultText is a result's rows as text, sorted unless ordered.
func resultText(res *Result, ordered bool) []string {
	var out []string
	for _, r := range res.Rows {
		out = append(out, fmt.Sprint(r))
	}
	if !ordered {
		slices.Sort(out)
	}
	return out
}

// TestProducerScan: a query over a Producer's rows answers as the same
// query over a lake of those rows, through Run, Stream (in order, or
// sequential with LIMIT) and StreamEach, with one worker or several;
// fields the producer lacks are NULL and reported unseen; SELECT * is
// refused; the producer's error and a canceled context end the scan.
func TestProducerScan(t *testing.T) {
	rows, lines := produceRows(3000)
	snap := chunkLake(t, []string{"k"}, 400, lines)
	prepare := func(q string, src plan.Source) *plan.Plan { return prepareIn(t, q, src) }
	queries := []string{
		"SELECT k, COUNT(*), SUM(i), MIN(s), MAX(f), AVG(f) FROM l GROUP BY k",
		"SELECT COUNT(*), COUNT(s), SUM(f) FROM l WHERE i % 3 = 1",
		"SELECT COUNT(*) FROM l",
		"SELECT i, s FROM l WHERE s IS NULL AND f > 10",
		"SELECT i, k FROM l WHERE f > 10 ORDER BY i DESC LIMIT 7",
		"SELECT DISTINCT k, s FROM l WHERE i < 100",
		"SELECT k, COUNT(DISTINCT s) FROM l GROUP BY k HAVING COUNT(*) > 3 ORDER BY k",
		"SELECT s, SUM(f) FROM l GROUP BY s ORDER BY 2 DESC, 1 LIMIT 3",
		"SELECT i * 2, f + i FROM l WHERE k IN ('a', 'c')",
		"SELECT COUNT(missing), MAX(missing) FROM l",
	}
	for _, workers := range []int{1, 3} {
		for _, q := range queries {
			want, err := Run(context.Background(), prepare(q, snap))
			if err != nil {
				t.Fatalf("%s over the lake: %v", q, err)
			}
			ordered := strings.Contains(q, "ORDER BY")
			pr := &rowsProducer{cols: []string{"k", "i", "s", "f"}, rows: rows, workers: workers}
			got, err := Run(context.Background(), prepare(q, pr))
			if err != nil {
				t.Fatalf("%s, %d workers: %v", q, workers, err)
			}
			if w, g := resultText(want, ordered), resultText(got, ordered); !slices.Equal(w, g) {
				t.Errorf("%s, %d workers: Run gives\n%q\nwant\n%q", q, workers, g, w)
			}
			if strings.Contains(q, "missing") && !slices.Equal(got.Stats.Unseen, []string{"missing"}) {
				t.Errorf("%s: unseen %q, want missing", q, got.Stats.Unseen)
			}
			c := &collect{}
			if _, err := Stream(context.Background(), prepare(q, pr), c); err != nil {
				t.Fatalf("%s: Stream: %v", q, err)
			}
			if !ordered {
				slices.Sort(c.rows)
			}
			if ws := resultText(want, ordered); !slices.Equal(c.rows, ws) {
				t.Errorf("%s, %d workers: Stream sent\n%q\nwant\n%q", q, workers, c.rows, ws)
			}
			var mu sync.Mutex
			var each []string
			_, err = StreamEach(context.Background(), prepare(q, pr), func(int) Emitter {
				return emitFunc(func(r []types.Value) error {
					mu.Lock()
					defer mu.Unlock()
					each = append(each, fmt.Sprint(r))
					return nil
				})
			})
			if err != nil {
				t.Fatalf("%s: StreamEach: %v", q, err)
			}
			if !ordered {
				slices.Sort(each)
			}
			if ws := resultText(want, ordered); !slices.Equal(each, ws) {
				t.Errorf("%s, %d workers: StreamEach sent\n%q\nwant\n%q", q, workers, each, ws)
			}
		}
	}
	pr := &rowsProducer{cols: []string{"k", "i", "s", "f"}, rows: rows, workers: 2}
	if _, err := Run(context.Background(), prepare("SELECT * FROM l", pr)); err == nil || !strings.Contains(err.Error(), "name the columns") {
		t.Errorf("SELECT * of a producer: %v, want it refused", err)
	}
	pr.fail = errors.New("the probe side failed")
	if _, err := Run(context.Background(), prepare("SELECT COUNT(*) FROM l", pr)); !errors.Is(err, pr.fail) {
		t.Errorf("a failing producer: %v, want its error", err)
	}
	pr.fail = nil
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, prepare("SELECT k, COUNT(*) FROM l GROUP BY k", pr)); !errors.Is(err, ErrCanceled) {
		t.Errorf("a canceled scan of a producer: %v, want ErrCanceled", err)
	}
}

// prepareIn plans q over src.
func prepareIn(t *testing.T, q string, src plan.Source) *plan.Plan {
	t.Helper()
	sel, err := parser.ParseSelect(q, 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Bind(sel, src)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	optimizer.Optimize(p)
	return p
}

// emitFunc is an Emitter of a function of each row.
type emitFunc func([]types.Value) error

func (emitFunc) Columns([]string) error      { return nil }
func (f emitFunc) Row(r []types.Value) error { return f(r) }

// TestProducerStops: a LIMIT without ORDER BY ends the producer's run
// early, in a sequential stream and in a parallel scan; a stream of every
// row in order takes them in items and sends them all.
func TestProducerStops(t *testing.T) {
	rows, _ := produceRows(20000)
	for _, workers := range []int{1, 2, 8} {
		pr := &rowsProducer{cols: []string{"k", "i", "s", "f"}, rows: rows, workers: workers}
		for range 20 {
			// Workers that wait for the lock while one fills the sink
			// send no more rows.
			c := &collect{}
			if _, err := Stream(context.Background(), prepareIn(t, "SELECT i FROM l LIMIT 3", pr), c); err != nil {
				t.Fatal(err)
			}
			if len(c.rows) != 3 {
				t.Fatalf("%d workers: LIMIT 3 sent %d rows", workers, len(c.rows))
			}
		}
		sel, _ := parser.ParseSelect("SELECT i, k FROM l LIMIT 5", 0)
		p, err := plan.Bind(sel, pr)
		if err != nil {
			t.Fatal(err)
		}
		optimizer.Optimize(p)
		c := &collect{}
		if _, err := Stream(context.Background(), p, c); err != nil {
			t.Fatal(err)
		}
		if len(c.rows) != 5 || pr.pushed.Load() >= int64(len(rows)) {
			t.Errorf("%d workers: Stream with LIMIT 5 sent %d rows, the producer made %d of %d", workers, len(c.rows), pr.pushed.Load(), len(rows))
		}
		pr.pushed.Store(0)
		res, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Rows) != 5 || pr.pushed.Load() >= int64(len(rows)) {
			t.Errorf("%d workers: Run with LIMIT 5 gave %d rows, the producer made %d of %d", workers, len(res.Rows), pr.pushed.Load(), len(rows))
		}
		sel, _ = parser.ParseSelect("SELECT i FROM l", 0)
		p, _ = plan.Bind(sel, pr)
		optimizer.Optimize(p)
		c = &collect{}
		if _, err := Stream(context.Background(), p, c); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, r := range c.rows {
			seen[r] = true
		}
		if len(c.rows) != len(rows) || len(seen) != len(rows) {
			t.Errorf("%d workers: a stream of every row sent %d rows, %d different, want %d", workers, len(c.rows), len(seen), len(rows))
		}
	}
}

// TestProducerHolds: what a producer holds is taken from the budget of
// the query over it.
func TestProducerHolds(t *testing.T) {
	pr := &rowsProducer{cols: []string{"k"}, holds: 10 << 20}
	s := &plan.Scan{Src: pr}
	ctx := WithMemory(context.Background(), Memory{Limit: 64 << 20})
	if got, want := Budget(producing(ctx, s)), int64(32<<20-10<<20); got != want {
		t.Errorf("budget under a producer holding 10 MiB of 64: %d, want %d", got, want)
	}
	pr.holds = 1 << 40
	if got := Budget(producing(ctx, s)); got <= 0 {
		t.Errorf("budget under a producer holding more than the limit: %d, want a floor above 0", got)
	}
	if got := Budget(producing(ctx, &plan.Scan{})); got != 32<<20 {
		t.Errorf("budget of a scan of no producer: %d, want %d", got, 32<<20)
	}
}
