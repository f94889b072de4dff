// Package progress draws the progress bars of pq and lakesql on a
// terminal's standard error, for jobs that outlast a second. The engine
// packages only report bytes done (storage.Progress); whether and how to
// draw belongs to the commands, so it lives here, shared by both and by
// nothing else.
//
// The bar is drawn here rather than with a library: the one used before
// (github.com/schollz/progressbar/v3) imports net/http, which links the
// cgo DNS resolver and so makes pq and lakesql dynamically linked, adding
// about a millisecond to every command's start (pq query on one day of
// the benchmark: 7.6 → 6.4 ms). A bar is one line of text.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// After is how long a job runs before its bar appears; LAKESQL_PROGRESS_AFTER
// (a Go duration) changes it, for tests.
var After = time.Second

// every is the least time between two drawings of a bar.
const every = 100 * time.Millisecond

// width is the number of cells of the bar itself.
const width = 30

func init() {
	if v, err := time.ParseDuration(os.Getenv("LAKESQL_PROGRESS_AFTER")); err == nil {
		After = v
	}
}

// Terminal reports whether w is a terminal: only then are bars drawn.
func Terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// Bar is one job's bar. Its zero value and a nil *Bar draw nothing.
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	start time.Time
	drawn time.Time // when it was last drawn; zero before the first time
}

// Start returns the bar of a job labelled label, drawn on w once the job
// has run for After, and only if w is a terminal; otherwise nil, which
// ignores every call.
func Start(w io.Writer, label string) *Bar {
	if !Terminal(w) {
		return nil
	}
	return &Bar{w: w, label: label, start: time.Now()}
}

// Report is a storage.Progress: done of total bytes.
func (b *Bar) Report(done, total int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if total <= 0 || now.Sub(b.start) < After || now.Sub(b.drawn) < every && done < total {
		return
	}
	io.WriteString(b.w, "\r\033[K"+line(b.label, min(max(done, 0), total), total, now.Sub(b.start)))
	b.drawn = now
}

// Done removes the bar, if one was drawn, leaving the line clean for
// what the command prints next.
func (b *Bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.drawn.IsZero() {
		io.WriteString(b.w, "\r\033[K")
	}
}

// line is the text of a bar: label, percentage, bar, bytes, and the time
// taken and left (estimated from the pace so far).
func line(label string, done, total int64, took time.Duration) string {
	frac := float64(done) / float64(total)
	fill := int(frac * width)
	eta := ""
	if done > 0 && done < total {
		left := time.Duration(float64(took) * float64(total-done) / float64(done))
		eta = fmt.Sprintf(" [%s:%s]", took.Round(time.Second), left.Round(time.Second))
	}
	return fmt.Sprintf("%s %3.0f%% |%s%s| (%s/%s)%s", label, 100*frac,
		strings.Repeat("█", fill), strings.Repeat(" ", width-fill), size(done), size(total), eta)
}

// size writes n bytes for people: 512 B, 12 kB, 3.4 MB, 1.2 GB.
func size(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1_000_000:
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	case n < 1_000_000_000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
