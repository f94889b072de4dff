package sql

import (
	"context"
	"sync"
	"testing"
)

// TestScanProgress: a scan tells the progress it carries in its context
// the bytes scanned, growing to exactly the bytes of the files scanned.
func TestScanProgress(t *testing.T) {
	s, size := benchLake(t, 20_000)
	var mu sync.Mutex
	var calls [][2]int64
	ctx := WithProgress(context.Background(), func(done, total int64) {
		mu.Lock()
		calls = append(calls, [2]int64{done, total})
		mu.Unlock()
	})
	if _, err := s.Exec(ctx, "SELECT region, COUNT(*) FROM orders GROUP BY region"); err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 {
		t.Fatalf("%d reports, want several", len(calls))
	}
	for i, c := range calls {
		if c[1] != size || i > 0 && c[0] <= calls[i-1][0] {
			t.Fatalf("reports %v: want growing done of total %d", calls, size)
		}
	}
	if last := calls[len(calls)-1]; last[0] != size {
		t.Fatalf("last report %v, want all %d bytes", last, size)
	}
}
