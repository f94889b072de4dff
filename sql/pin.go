package sql

import (
	"context"
	"errors"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/plan"
)

// Source is a pinned list of a lake's files that a query reads.
type Source = plan.Source

// Prepare binds sel to src and optimizes the plan: what EXPLAIN shows and
// Run executes.
func Prepare(src Source, sel *ast.Select) (*plan.Plan, error) {
	return prepare(src, sel, nil)
}

// prepare is Prepare knowing some field names of the lake (see
// plan.BindFields).
func prepare(src Source, sel *ast.Select, fields []string) (*plan.Plan, error) {
	p, err := plan.BindFields(sel, src, fields)
	if err != nil {
		return nil, err
	}
	optimizer.Optimize(p)
	return p, nil
}

// RunPinned plans sel on src and runs it, starting again on the lake's
// new manifest (catalog.Reread) when a writer changed the lake under the
// scan: a file of the snapshot vanished or changed size, or the folder was
// swapped. The plan returned is the one whose run produced the result.
func RunPinned(ctx context.Context, src Source, sel *ast.Select) (*plan.Plan, *Result, error) {
	return runPinned(ctx, src, sel, nil)
}

func runPinned(ctx context.Context, src Source, sel *ast.Select, fields []string) (*plan.Plan, *Result, error) {
	var p *plan.Plan
	var res *Result
	run := func(s Source) error {
		var err error
		if p, err = prepare(s, sel, fields); err != nil {
			return err
		}
		r, err := exec.Run(ctx, p)
		if err != nil {
			return err
		}
		res = toResult(r)
		return nil
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
	if errors.Is(err, catalog.ErrDamaged) && p != nil {
		// A bad line is the more useful news (it names the line), so look
		// for one, reading past the sizes.
		if q, perr := Prepare(p.Scan.Src, sel); perr == nil {
			q.Scan.IgnoreSizes = true
			if _, lerr := exec.Run(exec.WithoutRows(ctx), q); lerr != nil && !errors.Is(lerr, catalog.ErrStale) {
				return nil, nil, lerr
			}
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return p, res, nil
}

func toResult(r *exec.Result) *Result {
	res := &Result{Rows: r.Rows, Stats: r.Stats, Profile: r.Profile}
	for _, c := range r.Columns {
		res.Columns = append(res.Columns, Column{Name: c})
	}
	markNumeric(res)
	return res
}

// WithProgress returns a context whose scans tell p the bytes of the files
// scanned so far, of all the bytes to scan, as each piece of work ends.
var WithProgress = exec.WithProgress
