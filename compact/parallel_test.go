package compact

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestEach(t *testing.T) {
	for _, workers := range []int{1, 2, ioWorkers, 50} {
		// Every k once; done sees counts 1..n, one call at a time.
		const n = 200
		var calls [n]atomic.Int32
		var counts []int
		err := each(n, workers, func(k int) error {
			calls[k].Add(1)
			return nil
		}, func(k, count int) error {
			counts = append(counts, count)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for k := range calls {
			if c := calls[k].Load(); c != 1 {
				t.Fatalf("workers %d: do(%d) ran %d times", workers, k, c)
			}
		}
		for i, c := range counts {
			if c != i+1 {
				t.Fatalf("workers %d: done counts %v, want 1..%d", workers, counts, n)
			}
		}

		// After an error no more work starts: at most the ones in flight.
		boom := errors.New("boom")
		var started atomic.Int32
		err = each(n, workers, func(k int) error {
			started.Add(1)
			if k == 10 {
				return boom
			}
			return nil
		}, nil)
		if !errors.Is(err, boom) {
			t.Fatalf("workers %d: got %v, want boom", workers, err)
		}
		if s := int(started.Load()); s > 11+workers {
			t.Fatalf("workers %d: %d started after an error at the 11th", workers, s)
		}

		// An error from done stops the work too, and is returned.
		stop := errors.New("stop")
		started.Store(0)
		err = each(n, workers, func(k int) error { started.Add(1); return nil },
			func(k, count int) error {
				if count == 5 {
					return stop
				}
				return nil
			})
		if !errors.Is(err, stop) || int(started.Load()) > 5+workers {
			t.Fatalf("workers %d: got %v after %d started, want stop after at most %d", workers, err, started.Load(), 5+workers)
		}
	}
	if err := each(0, 4, func(int) error { t.Fatal("ran"); return nil }, nil); err != nil {
		t.Fatal(err)
	}
}
