package sql

import (
	"context"
	"errors"
	"fmt"

	"github.com/lakesql/lakesql/catalog"
)

// StaleError: a file of the snapshot a scan pinned has vanished or has
// another size than its manifest says. Under a writer that is normal (a
// compaction deletes the files it replaced); the scan starts again on the
// lake's new manifest. When the manifest has not changed, the lake is
// damaged and Err says how.
type StaleError struct {
	Path string
	Err  error
}

func (e *StaleError) Error() string { return fmt.Sprintf("scan %s: %v", e.Path, e.Err) }
func (e *StaleError) Unwrap() error { return e.Err }

// MaxRestarts bounds how often a query starts again because writers
// changed the lake under it.
const MaxRestarts = 20

// errMoved: the lake folder was swapped during the scan.
var errMoved = errors.New("the lake was rewritten during the scan")

// RunPinned plans sel on src and runs it, starting again on the lake's
// new manifest when a writer changed the lake under the scan: a file of
// the snapshot vanished or changed size, or the folder was swapped. So a
// reader never fails and never counts a row twice while writers work. A
// missing or resized file that the manifest read anew still lists is a
// damaged lake: that error is returned as it is. The plan returned is the
// one whose run produced the result.
func RunPinned(ctx context.Context, src Source, sel *Select) (*Plan, *Result, error) {
	for restarts := 0; ; restarts++ {
		p, err := NewPlan(src, sel)
		if err != nil {
			return nil, nil, err
		}
		res, err := p.Run(ctx)
		snap, pinned := src.(*catalog.Snapshot)
		if !pinned || snap.Glob {
			return p, res, err
		}
		var stale *StaleError
		switch {
		case err == nil && !snap.Moved():
			return p, res, nil
		case err == nil:
			err = errMoved
		case !errors.As(err, &stale):
			return nil, nil, err
		}
		next, rerr := snap.Refresh()
		if rerr != nil {
			return nil, nil, rerr
		}
		if stale != nil && next.Same(snap) {
			// Damaged. A bad line is the more useful news (it names the
			// line), so look for one, reading past the sizes.
			if p, err := NewPlan(src, sel); err == nil {
				p.ignoreSizes = true
				if _, err := p.Run(ctx); err != nil && !errors.As(err, new(*StaleError)) {
					return nil, nil, err
				}
			}
			return nil, nil, fmt.Errorf("lake %s is damaged: %w", snap.Name(), stale)
		}
		if restarts == MaxRestarts {
			return nil, nil, fmt.Errorf("lake %s changed under the query %d times in a row (last: %w); try again", snap.Name(), restarts+1, err)
		}
		src = next
	}
}
