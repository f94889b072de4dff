package sql

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/types"
)

// Joins of two tables, FROM a [INNER | LEFT | RIGHT | CROSS] JOIN b: each
// table runs as a query of the columns the statement names of it (pruned
// by the WHERE terms that read it alone), into a spill file of records;
// the two are joined by a hash join on the ON clause's equalities (NULL
// keys never match), partitioned by the keys' hash into smaller pairs of
// files when the built side outgrows the memory budget (a grace hash
// join), and the joined rows go as JSON Lines to a temporary file, which
// the rest of the statement reads as a derived table whose columns are
// named alias.column.
//
// With rows that carry no schema, a name the statement does not qualify
// is looked up in the fields each table's first rows have: in one of
// them, it is that table's; in both, or in neither, it is an error that
// asks for the table's name.

// joinFanOut is the number of partitions a join's sides split into.
const joinFanOut = 16

// joinSide is one side of a join: a table, or (the left side of a chain
// a JOIN b JOIN c) the join of the tables before.
type joinSide struct {
	t     ast.Table
	need  []colRef // the columns the statement reads, in order
	keys  []int    // by key: the index in need of the join key's column
	where []ast.Expr
	file  *spill.Writer
}

// colRef is a column of a table of a join: the table's name (alias) and
// the field; its column in the joined rows is named table.field.
type colRef struct{ table, field string }

func (c colRef) name() string { return c.table + "." + c.field }

func (j *joinSide) col(c colRef) int {
	if i := slices.Index(j.need, c); i >= 0 {
		return i
	}
	j.need = append(j.need, c)
	return len(j.need) - 1
}

// joinTable is a table of a join (of a chain, any of them), with the
// fields its first rows have, for names the statement leaves unqualified.
type joinTable struct {
	t      ast.Table
	name   string
	fields []string
	side   int
}

// joinTables lists the tables of t, a table or a left-deep join, on side.
func joinTables(t ast.Table, side int) []*joinTable {
	if t.Join != nil {
		return append(joinTables(t.Join.Left, side), joinTables(t.Join.Right, side)...)
	}
	return []*joinTable{{t: t, name: tableName(t), side: side}}
}

// join resolves a statement over a join: it runs the join into a
// temporary file and returns the statement over it.
func (s *Session) join(ctx context.Context, sel *ast.Select, scope []scopeTable) (*ast.Select, Source, func(), error) {
	jn := *sel.From.Join
	if jn.Kind == ast.RightJoin {
		jn.Left, jn.Right, jn.Kind = jn.Right, jn.Left, ast.LeftJoin
	}
	var cleanup []func()
	done := func() {
		for _, f := range cleanup {
			f()
		}
	}
	fail := func(err error) (*ast.Select, Source, func(), error) {
		done()
		return nil, nil, nil, err
	}
	sides := [2]*joinSide{{t: jn.Left}, {t: jn.Right}}
	if jn.Right.Join != nil {
		return fail(fmt.Errorf("%w: a join on the right of a join (write the chain from the left)", ErrUnsupported))
	}
	tables := append(joinTables(jn.Left, 0), joinTables(jn.Right, 1)...)
	for i, tb := range tables {
		if tb.name == "" {
			return fail(fmt.Errorf("%w: a derived table in a join needs an alias: %s", ErrUnsupported, tb.t))
		}
		for _, o := range tables[:i] {
			if o.name == tb.name {
				return fail(fmt.Errorf("%w: two tables of the join are called %s: give one an alias", ErrUnsupported, tb.name))
			}
		}
		if tb.t.Sub != nil {
			tb.fields = columnsOf(tb.t.Sub)
		} else if _, _, meta := metaName(tb.t.Name); meta {
			tb.fields = s.Fields(tb.t.Name)
		} else {
			if _, err := s.snapshot(tb.t.Name); err != nil {
				return fail(err)
			}
			tb.fields = s.Fields(tb.t.Name)
		}
	}
	if len(jn.Using) > 0 && jn.Left.Join != nil {
		return fail(fmt.Errorf("%w: USING after a join of several tables: write ON", ErrUnsupported))
	}
	sel = s.expandStar(sel, tables, jn.Using)
	names := func() string {
		var n []string
		for _, tb := range tables {
			n = append(n, tb.name)
		}
		return strings.Join(n, ", ")
	}
	// Every column the statement names, to its side, its table's column,
	// and the path into it.
	var failed error
	resolveCol := func(c ast.Column) (int, colRef, []string) {
		if len(c.Path) > 1 {
			for _, tb := range tables {
				if c.Path[0] == tb.name {
					return tb.side, colRef{tb.name, c.Path[1]}, c.Path[2:]
				}
			}
		}
		if slices.Contains(jn.Using, c.Path[0]) {
			return 0, colRef{tables[0].name, c.Path[0]}, c.Path[1:]
		}
		var in []*joinTable
		for _, tb := range tables {
			if slices.Contains(tb.fields, c.Path[0]) {
				in = append(in, tb)
			}
		}
		switch len(in) {
		case 1:
			return in[0].side, colRef{in[0].name, c.Path[0]}, c.Path[1:]
		case 0:
			failed = fmt.Errorf("%w: %s is a column of none of %s, as far as their first rows tell: qualify it", ErrUnsupported, c, names())
		default:
			failed = fmt.Errorf("%w: %s is a column of %s and %s: qualify it", ErrUnsupported, c, in[0].name, in[1].name)
		}
		return -1, colRef{}, nil
	}
	// sideOf is the one table an expression reads (-1: none or both).
	sideOf := func(e ast.Expr) int {
		side := -2
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				i, _, _ := resolveCol(c)
				if side == -2 {
					side = i
				} else if side != i {
					side = -1
				}
			}
			return true
		})
		if side < 0 {
			return -1
		}
		return side
	}
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		if _, star := e.(ast.Star); star {
			failed = fmt.Errorf("%w: SELECT * over a join: name the columns", ErrUnsupported)
			return e
		}
		c, ok := e.(ast.Column)
		if !ok {
			return ast.Map(e, rw)
		}
		if len(c.Path) == 1 && slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return it.Alias == c.Path[0] }) &&
			!slices.ContainsFunc(tables, func(tb *joinTable) bool { return slices.Contains(tb.fields, c.Path[0]) }) {
			return e // a select item's alias, in GROUP BY, HAVING or ORDER BY
		}
		i, ref, rest := resolveCol(c)
		if i < 0 {
			return e
		}
		sides[i].col(ref)
		return ast.Column{Path: append([]string{ref.name()}, rest...), Pos: c.Pos}
	}
	// The keys: equalities of a column of each table.
	var residual []ast.Expr
	for _, u := range jn.Using {
		sides[0].keys = append(sides[0].keys, sides[0].col(colRef{tables[0].name, u}))
		sides[1].keys = append(sides[1].keys, sides[1].col(colRef{tables[len(tables)-1].name, u}))
	}
	// key makes an equality of a field of each table a key of the join.
	key := func(t ast.Expr) bool {
		cmp, ok := t.(ast.Compare)
		if !ok || cmp.Op != "=" {
			return false
		}
		l, lok := cmp.L.(ast.Column)
		r, rok := cmp.R.(ast.Column)
		if !lok || !rok {
			return false
		}
		li, lc, lrest := resolveCol(l)
		ri, rc, rrest := resolveCol(r)
		if li < 0 || ri < 0 || li == ri || len(lrest) != 0 || len(rrest) != 0 {
			return false
		}
		if li == 1 {
			lc, rc = rc, lc
		}
		sides[0].keys = append(sides[0].keys, sides[0].col(lc))
		sides[1].keys = append(sides[1].keys, sides[1].col(rc))
		return true
	}
	for _, t := range ast.Conjuncts(jn.On) {
		if !key(t) {
			residual = append(residual, t)
		}
	}
	if jn.Kind == ast.CrossJoin && jn.On == nil {
		// FROM a, b WHERE a.x = b.y: an inner join on those equalities
		// (the WHERE still applies after it).
		for _, t := range ast.Conjuncts(sel.Where) {
			if key(t) {
				jn.Kind = ast.InnerJoin
			}
		}
	}
	if failed != nil {
		return fail(failed)
	}
	if jn.Kind != ast.CrossJoin && len(sides[0].keys) == 0 {
		return fail(fmt.Errorf("%w: a join whose ON has no equality of a column of each table: %s", ErrUnsupported, sel.From))
	}
	// The ON terms beyond the keys: of an inner join, a filter after it;
	// of a left join, a filter of its right table before it.
	out := *sel
	var where []ast.Expr
	for _, t := range residual {
		if jn.Kind == ast.LeftJoin {
			if sideOf(t) != 1 {
				return fail(fmt.Errorf("%w: a LEFT JOIN's ON term that does not read its right table alone: %s", ErrUnsupported, t))
			}
			sides[1].where = append(sides[1].where, t)
			continue
		}
		where = append(where, t)
	}
	// The WHERE terms of one table also narrow its side (the whole WHERE
	// still applies after the join): every term of an inner join, those
	// of the left table of a left join.
	// An OR of terms of both tables implies, for a table each of whose
	// branches holds terms of it alone, the OR of those terms: that
	// narrows its side too (TPC-H's Q19).
	for _, t := range ast.Conjuncts(sel.Where) {
		if i := sideOf(t); i == 0 || i == 1 && jn.Kind != ast.LeftJoin {
			sides[i].where = append(sides[i].where, t)
		} else if i < 0 {
			for i := range 2 {
				if i == 0 || jn.Kind != ast.LeftJoin {
					if f := impliedBy(t, func(e ast.Expr) bool { return sideOf(e) == i }); f != nil {
						sides[i].where = append(sides[i].where, f)
					}
				}
			}
		}
		where = append(where, t)
	}
	out.Where = nil
	for _, t := range where {
		if out.Where == nil {
			out.Where = t
		} else {
			out.Where = ast.And{L: out.Where, R: t}
		}
	}
	out.From = ast.Table{}
	outSel := ast.MapSelect(&out, rw)
	if failed != nil {
		return fail(failed)
	}
	// Each side's rows.
	dir := spill.New(s.Memory.FS, s.Memory.TempDir)
	cleanup = append(cleanup, func() { dir.Close() })
	for _, sd := range sides {
		if len(sd.need) == 0 {
			sd.need = nil // COUNT(*) of a join: rows without columns
		}
		if err := s.joinSide(ctx, sd, dir, scope); err != nil {
			return fail(err)
		}
	}
	// An inner join builds its table of the smaller side, and probes it
	// with the other (the columns are named, so their order is free).
	if jn.Kind == ast.InnerJoin && sides[0].file.Size() < sides[1].file.Size() {
		sides[0], sides[1] = sides[1], sides[0]
	}
	// The join, into the rows of the derived table.
	var cols []string
	for _, sd := range sides {
		for _, c := range sd.need {
			cols = append(cols, c.name())
		}
	}
	d, err := writeDerived(dir, s.Memory.FS, "join", "the join", sel.From.String(), func(w *derivedWriter) error {
		if err := w.Columns(cols); err != nil {
			return err
		}
		jr := &joiner{left: jn.Kind == ast.LeftJoin, cross: jn.Kind == ast.CrossJoin, sides: sides, out: w, dir: dir,
			limit: exec.Budget(ctx), seed: maphash.MakeSeed()}
		return jr.join(sides[0].file, sides[1].file, 0)
	})
	if err != nil {
		return fail(err)
	}
	return outSel, d, done, nil
}

// expandStar returns sel with * and t.* in its select list spelled as
// the columns of every table of the join (of t), in the order of the
// tables and, in each, of the fields of its first rows; a USING column
// once, as the left table's.
func (s *Session) expandStar(sel *ast.Select, tables []*joinTable, using []string) *ast.Select {
	if !slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { _, ok := it.Expr.(ast.Star); return ok }) {
		return sel
	}
	out := *sel
	out.Items = nil
	for _, it := range sel.Items {
		st, ok := it.Expr.(ast.Star)
		if !ok {
			out.Items = append(out.Items, it)
			continue
		}
		for i, tb := range tables {
			if st.Table != "" && st.Table != tb.name {
				continue
			}
			fields := tb.fields
			if tb.t.Sub == nil {
				fields = s.rowFields(tb.t.Name, fields)
			}
			for _, f := range fields {
				if i > 0 && st.Table == "" && slices.Contains(using, f) {
					continue
				}
				out.Items = append(out.Items, ast.SelectItem{Expr: ast.Column{Path: []string{tb.name, f}}, Alias: f})
			}
		}
	}
	return &out
}

// rowFields is the fields of lake's first rows in their order, then the
// rest of fields (its key fields that the rows leave out).
func (s *Session) rowFields(lake string, fields []string) []string {
	snap, err := s.Catalog.Snapshot(lake)
	if err != nil || len(snap.Files()) == 0 {
		return fields
	}
	r, err := snap.Open(snap.Files()[0].Path)
	if err != nil {
		return fields
	}
	defer r.Close()
	names := sampleNames(r, nil)
	for _, f := range fields {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	return names
}

// impliedBy returns, for an OR whose every branch holds conjuncts that
// satisfy own, the OR of those conjuncts of each branch: a condition the
// OR implies. It is nil for any other term.
func impliedBy(t ast.Expr, own func(ast.Expr) bool) ast.Expr {
	if _, ok := t.(ast.Or); !ok {
		return nil
	}
	var out ast.Expr
	for _, b := range disjuncts(t) {
		var part ast.Expr
		for _, c := range ast.Conjuncts(b) {
			if own(c) {
				part = andOf(part, c)
			}
		}
		if part == nil {
			return nil
		}
		if out == nil {
			out = part
		} else {
			out = ast.Or{L: out, R: part}
		}
	}
	return out
}

// disjuncts splits e into the branches of its ORs.
func disjuncts(e ast.Expr) []ast.Expr {
	if o, ok := e.(ast.Or); ok {
		return append(disjuncts(o.L), disjuncts(o.R)...)
	}
	return []ast.Expr{e}
}

// factorOrs returns e (a WHERE) with the terms every branch of one of its
// ORs holds taken out of it: (a AND b) OR (a AND c) is a AND (b OR c), in
// SQL's three-valued logic too, so that a join finds its keys in a (TPC-H's
// Q19).
func factorOrs(e ast.Expr) ast.Expr {
	var out ast.Expr
	for _, t := range ast.Conjuncts(e) {
		branches := disjuncts(t)
		if len(branches) < 2 {
			out = andOf(out, t)
			continue
		}
		var common []ast.Expr
		for _, c := range ast.Conjuncts(branches[0]) {
			in := true
			for _, b := range branches[1:] {
				in = in && slices.ContainsFunc(ast.Conjuncts(b), func(x ast.Expr) bool { return termKey(x) == termKey(c) })
			}
			if in && !slices.ContainsFunc(common, func(x ast.Expr) bool { return termKey(x) == termKey(c) }) {
				common = append(common, c)
			}
		}
		if len(common) == 0 {
			out = andOf(out, t)
			continue
		}
		var rest ast.Expr
		whole := false // a branch of common terms alone: the OR is TRUE where they are
		for _, b := range branches {
			var left ast.Expr
			for _, c := range ast.Conjuncts(b) {
				if !slices.ContainsFunc(common, func(x ast.Expr) bool { return termKey(x) == termKey(c) }) {
					left = andOf(left, c)
				}
			}
			if left == nil {
				whole = true
			} else if rest == nil {
				rest = left
			} else {
				rest = ast.Or{L: rest, R: left}
			}
		}
		for _, c := range common {
			out = andOf(out, c)
		}
		if !whole {
			out = andOf(out, rest)
		}
	}
	return out
}

// termKey is a term's text, an equality's the same either way round.
func termKey(e ast.Expr) string {
	if c, ok := e.(ast.Compare); ok && c.Op == "=" {
		l, r := c.L.String(), c.R.String()
		if l > r {
			l, r = r, l
		}
		return l + " = " + r
	}
	return e.String()
}

// joinSide runs one table of a join into a spill file of records: the
// values of its needed fields.
func (s *Session) joinSide(ctx context.Context, sd *joinSide, dir *spill.Dir, scope []scopeTable) error {
	q := &ast.Select{From: sd.t, Limit: -1}
	if sd.t.Alias == "" && sd.t.Sub == nil && sd.t.Join == nil {
		q.From.Alias = tableName(sd.t)
	}
	for _, c := range sd.need {
		q.Items = append(q.Items, ast.SelectItem{Expr: ast.Column{Path: []string{c.table, c.field}}, Alias: c.name()})
	}
	if len(q.Items) == 0 {
		q.Items = []ast.SelectItem{{Expr: ast.Literal{Value: types.IntValue(1)}}}
	}
	for _, t := range sd.where {
		if q.Where == nil {
			q.Where = t
		} else {
			q.Where = ast.And{L: q.Where, R: t}
		}
	}
	sel, src, done, err := s.resolve(ctx, q, scope)
	if err != nil {
		return err
	}
	defer done()
	p, err := prepare(src, sel, s.qualifierFields(sel))
	if err != nil {
		return err
	}
	w, err := dir.Create()
	if err != nil {
		return err
	}
	sd.file = w
	rw := &recordWriter{w: w, n: len(sd.need)}
	_, err = exec.Stream(ctx, p, rw)
	return err
}

// recordWriter writes rows as spill records of their first n values.
type recordWriter struct {
	w   *spill.Writer
	n   int
	rec []byte
}

func (r *recordWriter) Columns([]string) error { return nil }

func (r *recordWriter) Row(row []types.Value) error {
	rec := r.rec[:0]
	for _, v := range row[:r.n] {
		rec = types.AppendValue(rec, v.Unspelled())
	}
	r.rec = rec
	return r.w.Write(rec)
}

// joiner joins the two sides' files.
type joiner struct {
	left, cross bool
	sides       [2]*joinSide
	out         *derivedWriter
	dir         *spill.Dir
	limit       int64
	seed        maphash.Seed
	row         []types.Value
	key         []byte
}

// readRecord decodes a record of n values.
func readRecord(rec []byte, n int, dst []types.Value) ([]types.Value, error) {
	dst = dst[:0]
	for range n {
		v, rest, err := types.ReadValue(rec)
		if err != nil {
			return nil, err
		}
		dst, rec = append(dst, v), rest
	}
	return dst, nil
}

// keyOf is the key of a side's row; ok false when a key value is NULL.
func (j *joiner) keyOf(side int, row []types.Value) ([]byte, bool) {
	k := j.key[:0]
	for _, i := range j.sides[side].keys {
		if row[i].K == types.Null {
			return nil, false
		}
		k = types.AppendKey(k, row[i])
	}
	j.key = k
	return k, true
}

// join joins the rows of files a (left) and b (right), at a depth of
// partitioning; both are removed as they are read.
func (j *joiner) join(a, b *spill.Writer, depth int) error {
	if buildBytes(b) > j.limit && !j.cross && depth < 6 {
		pa, err := j.partition(a, 0, depth)
		if err != nil {
			return err
		}
		pb, err := j.partition(b, 1, depth)
		if err != nil {
			return err
		}
		for p := range joinFanOut {
			if pa[p] == nil {
				if pb[p] != nil {
					pb[p].Discard()
				}
				continue
			}
			if pb[p] == nil {
				if pb[p], err = j.dir.Create(); err != nil {
					return err
				}
			}
			if err := j.join(pa[p], pb[p], depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	rb, err := b.Open()
	if err != nil {
		return err
	}
	defer rb.Close()
	if buildBytes(b) > j.limit {
		return j.blocks(a, rb)
	}
	t, _, err := j.build(rb, math.MaxInt64)
	if err != nil {
		return err
	}
	r, err := a.Open()
	if err != nil {
		return err
	}
	if err := j.probe(r, t, nil); err != nil {
		r.Close()
		return err
	}
	return r.Close()
}

// blocks joins a with the right rows of rb when they outgrow memory
// though partitioning cannot split them (rows of one key, or a cross
// join's): rb's rows are built in tables that fit, one after the other,
// and each is probed with all of a, which is read once per table; a left
// join marks the left rows that matched in a bitset, and emits the others
// at the end.
func (j *joiner) blocks(a *spill.Writer, rb *spill.Reader) error {
	var matched []uint64
	if j.left {
		matched = make([]uint64, (a.Records()+63)/64)
	}
	for {
		t, eof, err := j.build(rb, j.limit)
		if err != nil {
			return err
		}
		if len(t.start) > 1 {
			r, err := a.Reread()
			if err != nil {
				return err
			}
			err = j.probe(r, t, matched)
			if cerr := r.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
		if eof {
			break
		}
	}
	r, err := a.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	if !j.left {
		return nil
	}
	left := []types.Value(nil)
	nulls := make([]types.Value, len(j.sides[1].need))
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if matched[n/64]&(1<<(n%64)) != 0 {
			continue
		}
		if left, err = readRecord(rec, len(j.sides[0].need), left); err != nil {
			return err
		}
		if err := j.emit(left, nulls); err != nil {
			return err
		}
	}
}

// buildBytes is what the table of file b's rows holds in memory: the
// records and their keys, and an index entry per row.
func buildBytes(b *spill.Writer) int64 { return 2*b.Size() + 48*b.Records() }

// buildTable is a join's table of its right rows: each row's key and
// record end to end in one arena, found by the hash of the key in chains
// (no pointer, and no decoded value, per row).
type buildTable struct {
	arena []byte
	start []int64 // row i is arena[start[i]:start[i+1]]: key length, key, record
	next  []int32 // the row before in the chain of its hash, -1 at the end
	heads map[uint64]int32
}

// row returns row i's key and record.
func (t *buildTable) row(i int32) (key, rec []byte) {
	b := t.arena[t.start[i]:t.start[i+1]]
	n, w := binary.Uvarint(b)
	return b[w : w+int(n)], b[w+int(n):]
}

// build reads right rows from r into a table, until the table holds
// about limit bytes or r ends (eof), dropping those with a NULL key (they
// match nothing); a cross join keeps every row.
func (j *joiner) build(r *spill.Reader, limit int64) (t *buildTable, eof bool, err error) {
	t = &buildTable{heads: map[uint64]int32{}}
	nb := len(j.sides[1].need)
	var row []types.Value
	for int64(2*len(t.arena)+48*len(t.start)) <= limit {
		rec, err := r.Next()
		if err == io.EOF {
			eof = true
			break
		}
		if err != nil {
			return nil, false, err
		}
		var k []byte
		if !j.cross {
			if row, err = readRecord(rec, nb, row); err != nil {
				return nil, false, err
			}
			var ok bool
			if k, ok = j.keyOf(1, row); !ok {
				continue
			}
		}
		i := int32(len(t.start))
		t.start = append(t.start, int64(len(t.arena)))
		t.arena = binary.AppendUvarint(t.arena, uint64(len(k)))
		t.arena = append(append(t.arena, k...), rec...)
		h := maphash.Bytes(j.seed, k)
		head, ok := t.heads[h]
		if !ok {
			head = -1
		}
		t.next = append(t.next, head)
		t.heads[h] = i
	}
	t.start = append(t.start, int64(len(t.arena)))
	return t, eof, nil
}

// probe joins each left row of r with the right rows of its key in t. A
// left join's row without a match is emitted with NULLs, or, when matched
// is not nil, its match is marked there instead (blocks).
func (j *joiner) probe(r *spill.Reader, t *buildTable, matched []uint64) error {
	na, nb := len(j.sides[0].need), len(j.sides[1].need)
	var left, right []types.Value
	nulls := make([]types.Value, nb)
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if left, err = readRecord(rec, na, left); err != nil {
			return err
		}
		if j.cross {
			for i := range int32(len(t.start) - 1) {
				_, rrec := t.row(i)
				if right, err = readRecord(rrec, nb, right); err != nil {
					return err
				}
				if err := j.emit(left, right); err != nil {
					return err
				}
			}
			continue
		}
		found := false
		if k, ok := j.keyOf(0, left); ok {
			i, ok := t.heads[maphash.Bytes(j.seed, k)]
			for ; ok && i >= 0; i = t.next[i] {
				rk, rrec := t.row(i)
				if !bytes.Equal(rk, k) {
					continue
				}
				if right, err = readRecord(rrec, nb, right); err != nil {
					return err
				}
				if err := j.emit(left, right); err != nil {
					return err
				}
				found = true
			}
		}
		switch {
		case matched != nil && found:
			matched[n/64] |= 1 << (n % 64)
		case !found && j.left && matched == nil:
			if err := j.emit(left, nulls); err != nil {
				return err
			}
		}
	}
}

func (j *joiner) emit(left, right []types.Value) error {
	j.row = append(append(j.row[:0], left...), right...)
	return j.out.Row(j.row)
}

// partition splits the rows of side's file f by their keys' hash at
// depth; rows with a NULL key go to partition 0 (they match nothing).
func (j *joiner) partition(f *spill.Writer, side, depth int) ([]*spill.Writer, error) {
	parts := make([]*spill.Writer, joinFanOut)
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	n := len(j.sides[side].need)
	var row []types.Value
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return parts, nil
		}
		if err != nil {
			return nil, err
		}
		if row, err = readRecord(rec, n, row); err != nil {
			return nil, err
		}
		p := 0
		if k, ok := j.keyOf(side, row); ok {
			p = int(maphash.Bytes(j.seed, k)>>(60-4*depth)) & (joinFanOut - 1)
		}
		if parts[p] == nil {
			if parts[p], err = j.dir.Create(); err != nil {
				return nil, err
			}
		}
		if err := parts[p].Write(rec); err != nil {
			return nil, err
		}
	}
}

// columnsOf is the names of a query's columns as far as its text tells:
// each item's alias, or its column's name, or its text.
func columnsOf(sel *ast.Select) []string {
	var out []string
	for _, it := range sel.Items {
		switch {
		case it.Alias != "":
			out = append(out, it.Alias)
		default:
			if c, ok := it.Expr.(ast.Column); ok {
				out = append(out, c.Name())
			} else {
				out = append(out, strings.TrimSpace(it.Expr.String()))
			}
		}
	}
	return out
}
