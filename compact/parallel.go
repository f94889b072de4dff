package compact

import (
	"sync"
	"sync/atomic"
)

// ioWorkers is how many files a compaction writes, or deletes, at once.
// The work is copying in the kernel and updating folders: a few at once
// keep both the cores and the disk busy.
const ioWorkers = 4

// each runs do(k) for k in [0, n) on up to workers goroutines, in order of
// k as far as it starts them, and returns the first error; after an error
// it starts no more. done, if not nil, is called after each success of
// do(k), one call at a time, with k and the count of successes so far; an
// error from it is returned like one from do.
func each(n, workers int, do func(k int) error, done func(k, count int) error) error {
	var (
		next  atomic.Int64
		mu    sync.Mutex
		count int
		first error
		wg    sync.WaitGroup
	)
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return first != nil
	}
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed() {
				k := int(next.Add(1) - 1)
				if k >= n {
					return
				}
				err := do(k)
				mu.Lock()
				if err == nil {
					count++
					if done != nil {
						err = done(k, count)
					}
				}
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}
