package exec

import (
	"context"
	"sync"

	"github.com/lakesql/lakesql/storage"
)

type progressKey struct{}

// WithProgress returns a context whose scans tell p the bytes of the files
// scanned so far, of all the bytes to scan, as each piece of work ends.
// Progress is observation, not an option of the query, so it rides the
// context like a deadline does.
func WithProgress(ctx context.Context, p storage.Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// ProgressFrom returns the Progress a context carries, or nil.
func ProgressFrom(ctx context.Context) storage.Progress {
	p, _ := ctx.Value(progressKey{}).(storage.Progress)
	return p
}

// progressOf returns what a scan calls as each work item ends: a no-op
// unless the context carries a Progress.
func progressOf(ctx context.Context, work []chunk) func(chunk) {
	p := ProgressFrom(ctx)
	if p == nil {
		return func(chunk) {}
	}
	var total int64
	for _, c := range work {
		total += c.size()
	}
	var mu sync.Mutex
	var done int64
	return func(c chunk) {
		mu.Lock()
		defer mu.Unlock()
		done += c.size()
		p(done, total)
	}
}

// size is the bytes of a chunk: to its end, or to the end of its file.
func (c chunk) size() int64 {
	if c.end >= 0 {
		return c.end - c.start
	}
	return max(c.f.Bytes-c.start, 0)
}
