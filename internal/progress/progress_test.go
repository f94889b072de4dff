package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestLine(t *testing.T) {
	for _, tc := range []struct {
		done, total int64
		took        time.Duration
		want        string
	}{
		{0, 2_000_000, time.Second, "job   0% |" + strings.Repeat(" ", 30) + "| (0 B/2.0 MB)"},
		{1_000_000, 2_000_000, 3 * time.Second, "job  50% |" + strings.Repeat("█", 15) + strings.Repeat(" ", 15) + "| (1.0 MB/2.0 MB) [3s:3s]"},
		{2_000_000_000, 2_000_000_000, time.Minute, "job 100% |" + strings.Repeat("█", 30) + "| (2.0 GB/2.0 GB)"},
		{1500, 3000, 0, "job  50% |" + strings.Repeat("█", 15) + strings.Repeat(" ", 15) + "| (2 kB/3 kB) [0s:0s]"},
	} {
		if got := line("job", tc.done, tc.total, tc.took); got != tc.want {
			t.Errorf("line(%d, %d, %v):\ngot  %q\nwant %q", tc.done, tc.total, tc.took, got, tc.want)
		}
	}
}

// TestBar: nothing before After, drawings at most every 100 ms but the
// last, and Done clears the line only when something was drawn.
func TestBar(t *testing.T) {
	var w bytes.Buffer
	b := &Bar{w: &w, label: "q", start: time.Now()}
	old := After
	After = time.Hour
	b.Report(1, 10)
	b.Done()
	if w.Len() != 0 {
		t.Fatalf("drew before After: %q", w.String())
	}
	After = 0
	defer func() { After = old }()
	b.Report(1, 10)
	b.Report(2, 10) // within 100 ms of the first: skipped
	b.Report(10, 10)
	b.Done()
	got := w.String()
	if n := strings.Count(got, "\r\033[K"); n != 3 || !strings.Contains(got, " 10%") || strings.Contains(got, " 20%") ||
		!strings.Contains(got, "100%") || !strings.HasSuffix(got, "\r\033[K") {
		t.Fatalf("got %q; want the 10%% and 100%% drawings, then a clear", got)
	}
	var nilBar *Bar
	nilBar.Report(1, 2)
	nilBar.Done()
	if Start(&w, "x") != nil {
		t.Fatal("a bar on a buffer, which is no terminal")
	}
}
