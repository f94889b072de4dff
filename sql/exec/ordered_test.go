package exec

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestStreamKeepsPathOrder: a streamed projection without LIMIT reads with
// many workers and tiny work items, yet sends its rows in the order of the
// files and of their lines, as a sequential reader of the manifest sees
// them; an emitter's error and a canceled context stop it without a hang.
func TestStreamKeepsPathOrder(t *testing.T) {
	manyChunks(t, 4, 300)
	var lines []string
	for i := range 3000 {
		lines = append(lines, fmt.Sprintf(`{"k":"%c","i":%d,"pad":"%0*d"}`, 'a'+i*7%5, i, i%40, 0))
	}
	snap := chunkLake(t, []string{"k"}, 90, lines)
	// The order a sequential reader of the manifest sees.
	var want []string
	for _, f := range snap.Files() {
		fh, err := os.Open(snap.Path(f.Path))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			var i int
			var k string
			if _, err := fmt.Sscanf(sc.Text(), `{"k":"%1s","i":%d`, &k, &i); err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
			if i%3 != 0 {
				want = append(want, fmt.Sprint([]string{fmt.Sprint(i), k}))
			}
		}
		fh.Close()
	}
	prep := func(q string) *plan.Plan {
		sel, err := parser.ParseSelect(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Bind(sel, snap)
		if err != nil {
			t.Fatal(err)
		}
		optimizer.Optimize(p)
		return p
	}
	const q = "SELECT i, k FROM l WHERE i % 3 <> 0"
	for range 5 {
		c := &collect{}
		if _, err := Stream(context.Background(), prep(q), c); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(c.rows, want) {
			t.Fatalf("%d rows, not in path order (first %q, want %q)", len(c.rows), c.rows[:3], want[:3])
		}
		res, err := Run(context.Background(), prep(q))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Rows) != len(want) || fmt.Sprint([]string{res.Rows[7][0].String(), res.Rows[7][1].String()}) != want[7] {
			t.Fatalf("Run: %d rows, row 7 %v; want %d, %s", len(res.Rows), res.Rows[7], len(want), want[7])
		}
	}
	stop := errors.New("enough")
	c := &collect{stop: 100, err: stop}
	if _, err := Stream(context.Background(), prep(q), c); !errors.Is(err, stop) || len(c.rows) != 100 {
		t.Errorf("an emitter's error: %v after %d rows", err, len(c.rows))
	}
	ctx, cancel := context.WithCancel(context.Background())
	slow := &slowEmitter{cancel: cancel, at: 50}
	done := make(chan error, 1)
	go func() { _, err := Stream(ctx, prep(q), slow); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("canceled: no error")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a canceled stream hangs")
	}
}

// slowEmitter cancels the query at its at-th row.
type slowEmitter struct {
	cancel func()
	at, n  int
}

func (s *slowEmitter) Columns([]string) error { return nil }
func (s *slowEmitter) Row([]types.Value) error {
	if s.n++; s.n == s.at {
		s.cancel()
	}
	return nil
}
