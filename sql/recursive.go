package sql

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/types"
)

// Recursive CTEs (WITH RECURSIVE, see parser.recursion): the anchor runs
// into a file of JSON Lines, as a derived table does, and so does each
// round of the step, which reads the file of the round before as its
// table of the CTE, until a round makes no row. Every round's rows go to
// one more file too, which the statement reads as the CTE: memory stays
// bounded whatever the rounds make, as it does for any derived table.
// With UNION, a round keeps only the rows that no round before made, each
// once: a query over the round's rows and those of the rounds before,
// grouped by every column, which spills as any GROUP BY does.
//
// The CTE's columns have the types of its anchor's, as in DuckDB: the
// step's values are cast to them (an anchor's 1 makes an INTEGER column,
// into which the step's n + 0.6 goes rounded).

// roundTable reports whether name is the table of a recursive CTE's
// round before, which the step reads (see round).
func roundTable(name string) bool {
	_, work, ok := parser.RecursionTable(name)
	return ok && work
}

// round returns the rows of the round before of the recursive CTE whose
// step reads them as the table t.
func (s *Session) round(t ast.Table) (Source, error) {
	s.mu.Lock()
	d, ok := s.rounds[t.Name]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%w: the recursive CTE %s read outside its WITH", ErrUnsupported, tableName(t))
	}
	again := *d
	again.name, again.qual = tableName(t), t.Alias
	return &again, nil
}

// setRound makes d the rows the step reads as the table name (nil: none).
func (s *Session) setRound(name string, d *derivedSource) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d == nil {
		delete(s.rounds, name)
		return
	}
	if s.rounds == nil {
		s.rounds = map[string]*derivedSource{}
	}
	s.rounds[name] = d
}

// deriveRecursive makes the rows of the recursive CTE that t reads.
func (s *Session) deriveRecursive(ctx context.Context, t ast.Table) (Source, func(), error) {
	r := t.Recursive
	dir := s.Memory.TableDir()
	fail := func(err error) (Source, func(), error) {
		dir.Close()
		return nil, nil, err
	}
	all, err := newDerivedFile(dir, r.Name)
	if err != nil {
		return fail(err)
	}
	anchor := r.Anchor
	if !r.All {
		anchor = distinctRows(anchor, r.Cols)
	}
	var kinds columnKinds
	// Each round's rows in a folder of their own, removed once the next
	// round is made: the rounds before hold no disk or memory.
	prev, prevDir, err := s.runRound(ctx, r, anchor, all, &kinds)
	if err != nil {
		return fail(err)
	}
	defer func() { prevDir.Close() }()
	step := castTo(r.Step, kinds.casts())
	seenName := seenTable(r)
	defer s.setRound(r.Work, nil)
	defer s.setRound(seenName, nil)
	for prev.rows > 0 {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		s.setRound(r.Work, prev)
		var next *derivedSource
		var nextDir *spill.Dir
		if r.All {
			// Straight into the CTE's rows: the step reads the round
			// before, never them.
			if next, nextDir, err = s.runRound(ctx, r, step, all, nil); err != nil {
				return fail(err)
			}
		} else {
			made, madeDir, err := s.runRound(ctx, r, step, nil, nil)
			if err != nil {
				return fail(err)
			}
			seen, err := all.source()
			if err != nil {
				madeDir.Close()
				return fail(err)
			}
			s.setRound(r.Work, made)
			s.setRound(seenName, seen)
			next, nextDir, err = s.runRound(ctx, r, unseenRows(r, r.Cols), nil, nil)
			madeDir.Close()
			if err != nil {
				return fail(err)
			}
			if err := all.append(next); err != nil {
				nextDir.Close()
				return fail(err)
			}
		}
		prevDir.Close()
		prev, prevDir = next, nextDir
	}
	d, err := all.finish()
	if err != nil {
		return fail(err)
	}
	d.qual = t.Alias
	return d, func() { dir.Close() }, nil
}

// runRound runs q into a new file of a folder of its own, and into also
// (when not nil), noting the kinds of its values in kinds (when not nil).
func (s *Session) runRound(ctx context.Context, r *ast.Recursion, q *ast.Select, also *derivedFile, kinds *columnKinds) (*derivedSource, *spill.Dir, error) {
	// A derived table of the step is made anew each round: the
	// statement's cache of derived tables would give every round the
	// first round's (and a CTE the step reads is made each round too).
	ctx, release := withDerivedCache(context.WithValue(ctx, derivedCacheKey{}, nil))
	defer release()
	p, done, err := s.planned(ctx, q, nil)
	if err != nil {
		return nil, nil, err
	}
	defer done()
	dir := s.Memory.TableDir()
	d, err := writeDerived(dir, r.Name, r.Name, q.String(), func(w *derivedWriter) error {
		var e exec.Emitter = w
		if also != nil {
			e = &teeRows{a: w, b: also.w, kinds: kinds}
		}
		_, err := exec.Stream(ctx, p, e)
		return err
	})
	if err == nil && len(d.cols) != len(r.Cols) {
		err = fmt.Errorf("WITH RECURSIVE %s: a round made %d columns for its %d", r.Name, len(d.cols), len(r.Cols))
	}
	if err != nil {
		dir.Close()
		return nil, nil, err
	}
	return d, dir, nil
}

// teeRows sends each row to two writers, noting the kinds of its values.
type teeRows struct {
	a, b  *derivedWriter
	kinds *columnKinds
}

func (t *teeRows) Columns(names []string) error {
	if err := t.a.Columns(names); err != nil {
		return err
	}
	if t.b.cols == nil {
		return t.b.Columns(names)
	}
	return nil
}

func (t *teeRows) Row(r []types.Value) error {
	if t.kinds != nil {
		t.kinds.note(r)
	}
	if err := t.a.Row(r); err != nil {
		return err
	}
	return t.b.Row(r)
}

// columnKinds gathers the kinds of each column's values, a bit each.
type columnKinds []uint64

func (c *columnKinds) note(r []types.Value) {
	for len(*c) < len(r) {
		*c = append(*c, 0)
	}
	for i, v := range r {
		(*c)[i] |= 1 << uint(v.K)
	}
}

// casts is the kind each column's values are cast to: its values' one
// kind (NULLs aside), DOUBLE for integers and DOUBLEs together, and
// types.Null (no cast) for a column of NULLs alone or of other kinds
// together, whose type an anchor of ours does not tell.
func (c columnKinds) casts() []types.Kind {
	out := make([]types.Kind, len(c))
	for i, bits := range c {
		bits &^= 1 << uint(types.Null)
		switch bits {
		case 1 << uint(types.Int), 1 << uint(types.Float), 1 << uint(types.String),
			1 << uint(types.Bool), 1 << uint(types.Date), 1 << uint(types.Timestamp):
			for k := types.Kind(0); k < 64; k++ {
				if bits == 1<<uint(k) {
					out[i] = k
				}
			}
		case 1<<uint(types.Int) | 1<<uint(types.Float):
			out[i] = types.Float
		}
	}
	return out
}

// castTo returns q with each item cast to kinds (types.Null: as it is).
func castTo(q *ast.Select, kinds []types.Kind) *ast.Select {
	out := *q
	out.Items = append([]ast.SelectItem(nil), q.Items...)
	for i, k := range kinds {
		if i < len(out.Items) && k != types.Null {
			out.Items[i].Expr = ast.Cast{X: out.Items[i].Expr, To: k, Type: k.String()}
		}
	}
	return &out
}

// distinctRows is SELECT DISTINCT cols FROM (q): the anchor of a UNION.
func distinctRows(q *ast.Select, cols []string) *ast.Select {
	return &ast.Select{Distinct: true, Items: ast.ColumnItems(cols), From: ast.Table{Sub: q, Alias: "__anchor"}, Limit: -1}
}

// seenTable is the name that unseenRows reads the rows of the rounds
// before by: another table of the CTE's columns (see parser.RecursionTable).
func seenTable(r *ast.Recursion) string { return strings.Replace(r.Work, "$", "$seen", 1) }

// unseenRows is the rows of a UNION's round (the table r.Work) that no
// round before made (the table seenTable), each once.
func unseenRows(r *ast.Recursion, cols []string) *ast.Select {
	part := func(table string, fresh int64) *ast.Select {
		items := append(ast.ColumnItems(cols), ast.SelectItem{Expr: ast.Literal{Value: types.IntValue(fresh)}, Alias: "__fresh"})
		return &ast.Select{Items: items, From: ast.Table{Name: table, Alias: "__t"}, Limit: -1}
	}
	u := &ast.Union{Parts: []*ast.Select{part(r.Work, 1), part(seenTable(r), 0)}, All: []bool{true}, Limit: -1}
	var groups []ast.Expr
	for _, c := range cols {
		groups = append(groups, ast.Column{Path: []string{c}})
	}
	fresh := &ast.Func{Name: "MIN", Args: []ast.Expr{ast.Column{Path: []string{"__fresh"}}}}
	return &ast.Select{Items: ast.ColumnItems(cols), From: ast.Table{Sub: parser.UnionTable(u), Alias: "__rounds"},
		GroupBy: groups, Having: ast.Compare{Op: "=", L: fresh, R: ast.Literal{Value: types.IntValue(1)}}, Limit: -1}
}

// derivedFile is a file of a derived table's rows written in parts (a
// recursive CTE's, round by round).
type derivedFile struct {
	f *spill.Text
	w *derivedWriter
}

func newDerivedFile(dir *spill.Dir, name string) (*derivedFile, error) {
	f, err := dir.CreateText()
	if err != nil {
		return nil, err
	}
	return &derivedFile{f: f, w: &derivedWriter{w: bufio.NewWriterSize(f, 64<<10), table: name}}, nil
}

// append writes the rows of d, which has the file's columns.
func (f *derivedFile) append(d *derivedSource) error {
	if d.rows == 0 {
		return nil
	}
	if f.w.cols == nil {
		if err := f.w.Columns(d.cols); err != nil {
			return err
		}
	}
	for i, c := range d.cols {
		if k, ok := d.typed[c]; ok {
			if k == types.Float {
				k = floatText
			}
			if err := f.w.holds(i, k); err != nil {
				return err
			}
		}
	}
	r, err := d.file.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	n, err := io.Copy(f.w.w, r)
	f.w.rows += d.rows
	f.w.bytes += n
	return err
}

// source is the rows written so far, to read while no more are written.
func (f *derivedFile) source() (*derivedSource, error) {
	if err := f.w.w.Flush(); err != nil {
		return nil, err
	}
	return f.w.source(f.f), nil
}

// finish closes the file and returns its rows.
func (f *derivedFile) finish() (*derivedSource, error) {
	err := f.w.w.Flush()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return f.w.source(f.f), nil
}
