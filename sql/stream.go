package sql

import (
	"context"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
)

// Emitter receives a streamed result: its columns once, then each row,
// whose texts are valid only during the call.
type Emitter = exec.Emitter

// Stream runs text when it is a SELECT, sending its rows to e as the scan
// reads them where the plan allows (see exec.Streams): a projection or
// SELECT * of any size then never lands whole in memory. ok is false, and
// nothing is run, for any other statement, which Exec runs. The note is
// what Exec's result would carry (fields no row has).
//
// A stream cannot start again on a lake a writer changed under it, as
// RunPinned does, since rows went out: such a run fails with
// catalog.ErrStale.
func (s *Session) Stream(ctx context.Context, text string, e Emitter) (ok bool, note string, err error) {
	st, err := parser.Parse(text)
	if err != nil {
		return true, "", err
	}
	ok, note, err = s.StreamStatement(ctx, st, e)
	return ok, quotedNote(text, note), err
}

// StreamStatement is Stream of a parsed statement, as Run is Exec's.
func (s *Session) StreamStatement(ctx context.Context, st ast.Statement, e Emitter) (ok bool, note string, err error) {
	defer stoppedBy(ctx, &err)
	if p, ok := st.(*ast.Pivot); ok {
		if st, err = s.pivotQuery(ctx, p); err != nil {
			return true, "", err
		}
	}
	ctx = exec.WithMemory(ctx, s.Memory)
	ctx, release := withDerivedCache(ctx)
	defer release()
	sel, isSel := st.(*ast.Select)
	if !isSel {
		return false, "", nil
	}
	sel = stampClock(sel, s.now).(*ast.Select) // as Run does
	defer s.readingStatement()()
	sel = s.foldNames(ctx, sel).(*ast.Select)
	note, err = s.streamSelect(ctx, sel, e)
	return true, note, err
}

// streamSelect runs sel as Stream does, in a context Stream or Run made.
func (s *Session) streamSelect(ctx context.Context, sel *ast.Select, e Emitter) (note string, err error) {
	sel, src, done, err := s.resolve(ctx, sel, nil)
	if err != nil {
		return "", err
	}
	defer done()
	p, err := prepare(src, sel, s.qualifierFields(sel))
	if err != nil {
		return "", err
	}
	stats, err := exec.Stream(ctx, p, e)
	if snap, ok := src.(*catalog.Snapshot); ok && err == nil && snap.Moved() {
		err = catalog.ErrMoved(snap.Name())
	}
	if err != nil {
		return "", err
	}
	return s.unseenNote(sel.From.Name, stats.Unseen), nil
}
