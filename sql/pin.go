package sql

import (
	"context"
	"errors"

	"github.com/lakesql/lakesql/catalog"
)

// RunPinned plans sel on src and runs it, starting again on the lake's
// new manifest (catalog.Reread) when a writer changed the lake under the
// scan: a file of the snapshot vanished or changed size, or the folder was
// swapped. The plan returned is the one whose run produced the result.
func RunPinned(ctx context.Context, src Source, sel *Select) (*Plan, *Result, error) {
	var p *Plan
	var res *Result
	run := func(s Source) error {
		var err error
		if p, err = NewPlan(s, sel); err != nil {
			return err
		}
		res, err = p.Run(ctx)
		return err
	}
	snap, pinned := src.(*catalog.Snapshot)
	if !pinned {
		err := run(src)
		return p, res, err
	}
	err := catalog.Reread(snap, func(s *catalog.Snapshot) error {
		err := run(s)
		if err == nil && s.Moved() {
			err = catalog.ErrMoved(s.Name())
		}
		return err
	})
	if errors.Is(err, catalog.ErrDamaged) {
		// A bad line is the more useful news (it names the line), so look
		// for one, reading past the sizes.
		if q, perr := NewPlan(p.src, sel); perr == nil {
			q.ignoreSizes = true
			if _, lerr := q.Run(ctx); lerr != nil && !errors.Is(lerr, catalog.ErrStale) {
				return nil, nil, lerr
			}
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return p, res, nil
}
