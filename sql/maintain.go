package sql

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/ast"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// vacuumLake lists one row per orphan removed (or, in a dry run, to be
// removed); the note sums them up.
func (s *Session) vacuumLake(st ast.VacuumLake) (*Result, error) {
	r, err := s.Catalog.Vacuum(st.Lake, st.DryRun)
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	res := &Result{Columns: []Column{{Name: "path"}, intCol("bytes")}}
	for _, o := range r.Orphans {
		res.Rows = append(res.Rows, []Value{StrValue(o.Path), IntValue(o.Bytes)})
	}
	verb := "removed"
	if st.DryRun {
		verb = "dry run: would remove"
	}
	res.Note = fmt.Sprintf("lake %s: %s %d files, %d bytes", st.Lake, verb, len(r.Orphans), r.Bytes())
	return res, nil
}

// DamageError is how CHECK LAKE fails on a lake with problems: the
// statement fails (a script exits 1), and Result holds the findings, for
// the shell to print before the error.
type DamageError struct {
	Lake     string
	Problems []catalog.Problem
	Result   *Result
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("%d problem(s) in lake %s: %s", len(e.Problems), e.Lake, e.Problems[0])
}

func (e *DamageError) Unwrap() error { return storage.ErrCorrupt }

// checkLake lists one row per problem and per orphan; the note says
// whether the lake is sound. Problems fail the statement with a
// *DamageError that carries the same table.
func (s *Session) checkLake(st ast.CheckLake) (*Result, error) {
	r, err := s.Catalog.CheckLake(st.Lake)
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	res := &Result{Columns: []Column{{Name: "finding"}, {Name: "path"}, {Name: "detail"}}}
	for _, p := range r.Problems {
		res.Rows = append(res.Rows, []Value{StrValue("problem"), StrValue(p.Path), StrValue(p.Msg)})
	}
	for _, o := range r.Orphans {
		res.Rows = append(res.Rows, []Value{StrValue("orphan"), StrValue(o.Path), StrValue(fmt.Sprintf("%d bytes, not in the manifest (VACUUM removes it)", o.Bytes))})
	}
	res.Note = checkNote(st.Lake, r)
	if len(r.Problems) > 0 {
		return nil, &DamageError{Lake: st.Lake, Problems: r.Problems, Result: res}
	}
	return res, nil
}

func checkNote(lake string, r catalog.CheckResult) string {
	verdict := "sound"
	if n := len(r.Problems); n > 0 {
		verdict = fmt.Sprintf("DAMAGED, %d problem(s)", n)
	}
	if r.Generation < 0 {
		return fmt.Sprintf("lake %s: %s: the manifest cannot be read", lake, verdict)
	}
	return fmt.Sprintf("lake %s: %s; generation %d, %d files, %d rows, %d bytes checked; %d orphan(s)",
		lake, verdict, r.Generation, r.Files, r.Rows, r.Bytes, len(r.Orphans))
}
