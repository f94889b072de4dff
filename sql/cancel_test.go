package sql

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// stopAfter is a context that a Ctrl-C cancels after it was asked n times
// whether it was, wherever the engine asks: each n stops a statement at
// another step.
type stopAfter struct {
	context.Context
	left atomic.Int64
	done chan struct{}
	once sync.Once
}

func newStopAfter(n int64) *stopAfter {
	c := &stopAfter{Context: context.Background(), done: make(chan struct{})}
	c.left.Store(n)
	return c
}

// ask counts one question, and reports whether the context is canceled.
func (c *stopAfter) ask() bool {
	if c.left.Add(-1) < 0 {
		c.once.Do(func() { close(c.done) })
		return true
	}
	return false
}

func (c *stopAfter) Err() error {
	if c.ask() {
		return context.Canceled
	}
	return nil
}

func (c *stopAfter) Done() <-chan struct{} {
	c.ask()
	return c.done
}

// A statement stopped at any step fails with ErrCanceled, which lakesql
// reports as Ctrl-C (exit 130), never with the step's own error (context
// canceled, exit 1), and never answers with part of its rows.
func TestCanceledAnywhere(t *testing.T) {
	skipUnderRace(t)
	s, _ := benchLake(t, 5_000)
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	queries := []string{
		"SELECT id, COUNT(*) FROM orders GROUP BY id ORDER BY 2 DESC, 1 LIMIT 3",
		"SELECT * FROM orders ORDER BY amount DESC, id",
		"SELECT COUNT(DISTINCT amount), SUM(amount) FROM orders",
		"SELECT id, SUM(amount) OVER (PARTITION BY region ORDER BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) FROM orders",
		"SELECT a.id, b.amount FROM orders a JOIN orders b ON a.id = b.id WHERE a.amount > 10",
		"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 1000) SELECT SUM(n) FROM r",
		"SELECT region, COUNT(*) FROM (SELECT DISTINCT region, amount FROM orders) d GROUP BY region",
	}
	for _, q := range queries {
		want, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		stopped := 0
		for n := int64(0); n < 100_000 && stopped < 40; n = n*2 + 1 {
			res, err := s.Exec(newStopAfter(n), q)
			switch {
			case err == nil:
				if len(res.Rows) != len(want.Rows) {
					t.Errorf("%s stopped after %d checks: %d rows without an error, want %d", q, n, len(res.Rows), len(want.Rows))
				}
			case errors.Is(err, ErrCanceled):
				stopped++
			default:
				t.Errorf("%s stopped after %d checks: %v, want ErrCanceled", q, n, err)
			}
		}
		if stopped == 0 {
			t.Errorf("%s: never stopped", q)
		}
	}
}
