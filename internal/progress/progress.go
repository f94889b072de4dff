// Package progress draws the progress bars of pq and lakesql
// (github.com/schollz/progressbar/v3) on a terminal's standard error, for
// jobs that outlast a second. The engine packages only report bytes done
// (storage.Progress); whether and how to draw belongs to the commands, so
// it lives here, shared by both and by nothing else.
package progress

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
)

// After is how long a job runs before its bar appears; LAKESQL_PROGRESS_AFTER
// (a Go duration) changes it, for tests.
var After = time.Second

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
	bar   *progressbar.ProgressBar
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
	if b.bar == nil {
		if time.Since(b.start) < After || total <= 0 {
			return
		}
		b.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(b.label),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	b.bar.ChangeMax64(total)
	b.bar.Set64(min(done, total))
}

// Done removes the bar, if one was drawn, leaving the line clean for
// what the command prints next.
func (b *Bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar != nil {
		b.bar.Finish()
		b.bar.Clear()
	}
}
