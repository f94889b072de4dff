package sql

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Derived tables, FROM (SELECT …) AS t: the inner query runs first, and
// its rows go as JSON Lines to a file in the query's temporary folder,
// which the outer query then reads as it reads a lake of one file: every
// operator, spilling included, works on it unchanged, and memory stays
// bounded whatever its size. The file is removed when the query ends (and
// with the folder by the next start if the process dies).
//
// A table whose reader groups its rows, made for that reader alone, goes
// straight into the reader's scan instead (derivedStream).
//
// The rows' values must come back as they went: numbers, texts, booleans,
// NULL and JSON do. A column of DATE or TIMESTAMP values (NULLs beside
// them) goes as their text, and the outer query reads it through a CAST
// back to its type; so does a column of DOUBLEs with a NaN or an
// infinity (its numbers read back as DOUBLEs). An INTERVAL, or a column
// that mixes dates or timestamps with other values, has no JSON form that
// reads back as itself, and is refused, as are two columns of one name.

// resolve readies sel to be planned: its subqueries answered, and its
// source pinned, or made when it is a derived table. done removes what
// was made.
func (s *Session) resolve(ctx context.Context, sel *ast.Select, scope []scopeTable) (*ast.Select, Source, func(), error) {
	if err := derivedColumnsRead(sel, scope); err != nil {
		return nil, nil, nil, err
	}
	// The input's columns, where a name could be one or an alias: QUALIFY
	// and GROUP BY read a column before an alias.
	isField := func(string) bool { return false }
	if sel.Qualify != nil || groupsByAlias(sel) {
		fields := s.inputFields(sel)
		isField = func(n string) bool { return slices.Contains(fields, n) }
	}
	if hasGroupingSets(sel) {
		gs, err := groupingSets(sel, isField)
		if err != nil {
			return nil, nil, nil, err
		}
		return s.resolve(ctx, gs, scope)
	}
	if w, err := windowed(sel, isField); err != nil {
		return nil, nil, nil, err
	} else if w != nil {
		if name, ok := s.correlated(sel, scope); ok {
			return nil, nil, nil, &SubqueryError{Pos: sel.From.Pos, Msg: fmt.Sprintf("a subquery with window functions cannot read %s of the outer query", name)}
		}
		sel = w
	}
	for m, ok := merged(sel); ok && len(scope) == 0; m, ok = merged(sel) {
		sel = m
	}
	if t, ok := sharedTotals(sel); ok && len(scope) == 0 {
		// A group's value that a derived table cannot hold (an infinite
		// DOUBLE) leaves the query as it was written.
		out, src, done, err := s.resolve(ctx, t, scope)
		if !errors.Is(err, ErrUnsupported) {
			return out, src, done, err
		}
	}
	sel, err := s.semiJoins(sel)
	if err != nil {
		return nil, nil, nil, err
	}
	if sel.From.Join != nil && sel.Where != nil {
		f := *sel
		f.Where = factorOrs(sel.Where)
		sel = &f
	}
	sel, err = s.decorrelate(ctx, s.reorder(ctx, sel), scope)
	if err != nil {
		return nil, nil, nil, err
	}
	if sel, err = s.answerSubqueries(ctx, sel, scope); err != nil {
		return nil, nil, nil, err
	}
	sel = s.eagerAggregate(sel)
	var src Source
	var done func()
	switch {
	case sel.From.Join != nil:
		sel, src, done, err = s.join(ctx, sel, scope)
	case sel.From.Sub != nil:
		if name, ok := s.correlated(sel.From.Sub, scope); ok {
			return nil, nil, nil, &SubqueryError{Pos: sel.From.Pos, Msg: fmt.Sprintf("a derived table cannot read %s of the outer query", name)}
		}
		src, done, err = s.derive(ctx, sel.From, scope, orderFree(sel))
	case sel.From.Union != nil:
		src, done, err = s.deriveUnion(ctx, sel.From, scope)
	case sel.From.Window != nil:
		src, done, err = s.deriveWindow(ctx, sel.From, scope)
	case sel.From.Recursive != nil:
		src, done, err = s.deriveRecursive(ctx, sel.From)
	case roundTable(sel.From.Name):
		src, err = s.round(sel.From)
		done = func() {}
	default:
		src, err = s.readSource(ctx, sel.From.Name)
		if err == nil && starSpelled(sel) {
			sel, err = spellStar(sel, s.rowFields(sel.From.Name, s.Fields(sel.From.Name)))
		}
		return sel, src, func() {}, err
	}
	if err != nil {
		return nil, nil, nil, err
	}
	if d, ok := src.(*derivedStream); ok && slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return ast.HasColumns(it.Expr) }) {
		// COLUMNS(…) over a streamed derived table: of its columns.
		if sel, err = spellStar(sel, d.cols); err != nil {
			done()
			return nil, nil, nil, err
		}
	}
	if w, ok := src.(*windowStream); ok && hasStar(sel) {
		// A producer's scan reads named columns.
		if sel, err = spellStar(sel, w.cols); err != nil {
			done()
			return nil, nil, nil, err
		}
	}
	if d, ok := src.(*derivedSource); ok && (len(d.typed) > 0 || starSpelled(sel)) {
		// A typed column is read through a CAST, a * too: spelled first.
		if sel, err = spellStar(sel, d.cols); err != nil {
			done()
			return nil, nil, nil, err
		}
		if len(d.typed) > 0 {
			sel = castTyped(sel, d.qual, d.typed)
		}
	}
	return sel, src, done, nil
}

// derivedColumnsRead refuses, as DuckDB does, a query over a derived
// table (a CTE's too, and a recursive CTE's round before) that reads a
// column the table has not: its own columns are known, where a lake's
// rows may hold any field (a name no row has reads NULL there, with a
// note). A name is the table's column, an alias of the query's select
// list, or a column of the outer queries (scope); a name qualified by
// another table is left to the binder, as is a table whose columns a *
// names.
func derivedColumnsRead(sel *ast.Select, scope []scopeTable) error {
	var cols []string
	switch sub := sel.From.Sub; {
	case sub != nil && !hasStar(sub):
		cols = sub.ColumnNames()
	case roundTable(sel.From.Name):
		cols, _, _ = parser.RecursionTable(sel.From.Name)
	default:
		return nil
	}
	known := func(name string) bool {
		if slices.Contains(cols, name) || slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return it.Alias == name }) {
			return true
		}
		return slices.ContainsFunc(scope, func(t scopeTable) bool { return slices.Contains(t.fields, name) })
	}
	var missing *ast.Column
	for _, e := range sel.Exprs() {
		ast.Walk(e, func(x ast.Expr) bool {
			c, ok := x.(ast.Column)
			if !ok || missing != nil {
				return missing == nil
			}
			switch {
			case len(c.Path) == 1 && !known(c.Path[0]):
				missing = &c
			case len(c.Path) > 1 && sel.From.Alias != "" && c.Path[0] == sel.From.Alias && !slices.Contains(cols, c.Path[1]):
				missing = &c
			}
			return true
		})
	}
	if missing == nil {
		return nil
	}
	name := sel.From.Alias
	if name == "" {
		name = "the derived table"
	}
	return fmt.Errorf("%s is no column of %s (its columns: %s)", *missing, name, strings.Join(cols, ", "))
}

// starSpelled reports a select list whose * the binder cannot take
// alone: beside other items (SELECT *, x), with EXCLUDE, or DISTINCT.
func starSpelled(sel *ast.Select) bool {
	// ORDER BY 2: the second column of the *, spelled.
	byPlace := slices.ContainsFunc(sel.OrderBy, func(o ast.OrderItem) bool {
		l, ok := o.Expr.(ast.Literal)
		return ok && l.Value.K == types.Int
	})
	for _, it := range sel.Items {
		if st, ok := it.Expr.(ast.Star); ok && (len(sel.Items) > 1 || len(st.Exclude) > 0 || len(st.Replace) > 0 || sel.Distinct || byPlace) {
			return true
		}
		if ast.HasColumns(it.Expr) {
			return true
		}
	}
	return false
}

// spellStar returns sel with each * of its one table spelled as the
// table's columns cols (those EXCLUDE leaves), in order.
func spellStar(sel *ast.Select, cols []string) (*ast.Select, error) {
	return replaceStars(sel, func(st ast.Star) ([]ast.SelectItem, error) {
		if st.Table != "" && st.Table != sel.From.Alias && (sel.From.Alias != "" || st.Table != sel.From.Name) {
			return nil, fmt.Errorf("%s.*: no table %s in FROM", st.Table, st.Table)
		}
		if err := excludedAmong(st, cols); err != nil {
			return nil, err
		}
		var items []ast.SelectItem
		for _, c := range cols {
			if slices.Contains(st.Exclude, c) {
				continue
			}
			var e ast.Expr = ast.Column{Path: []string{c}}
			if r, ok := st.Replaced(c); ok {
				e = r
			}
			items = append(items, ast.SelectItem{Expr: e, Alias: c})
		}
		return items, nil
	})
}

// replaceStars returns sel with each * (t.*) of its select list replaced
// by the items spell gives for it.
func replaceStars(sel *ast.Select, spell func(ast.Star) ([]ast.SelectItem, error)) (*ast.Select, error) {
	out := *sel
	out.Items = nil
	var all []ast.SelectItem // every column, for COLUMNS
	for _, it := range sel.Items {
		if ast.HasColumns(it.Expr) {
			if all == nil {
				var err error
				if all, err = spell(ast.Star{}); err != nil {
					return nil, err
				}
			}
			items, err := spellColumns(it, all)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, items...)
			continue
		}
		st, ok := it.Expr.(ast.Star)
		if !ok {
			out.Items = append(out.Items, it)
			continue
		}
		items, err := spell(st)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, items...)
	}
	return &out, nil
}

// spellColumns returns DuckDB's select item it, which calls COLUMNS, once
// per column of all (a * spelled) whose name COLUMNS' regex matches
// (anywhere in the name, case and all; COLUMNS(*) every one), in order,
// the call replaced by the column and the item named as the column
// unless it has its own alias. An item calls one COLUMNS, as in DuckDB.
func spellColumns(it ast.SelectItem, all []ast.SelectItem) ([]ast.SelectItem, error) {
	var call *ast.Func
	var err error
	ast.Walk(it.Expr, func(x ast.Expr) bool {
		if f, ok := x.(*ast.Func); ok && f.Name == ast.ColumnsFunc {
			if call != nil && call.String() != f.String() {
				err = fmt.Errorf("%w: %s: several different COLUMNS(…) in one expression", ErrUnsupported, it.Expr)
			}
			call = f
			return false
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	var re *regexp.Regexp
	if !call.Star {
		lit, ok := firstArgLiteral(call)
		if !ok {
			return nil, fmt.Errorf("%w: %s: COLUMNS takes a regular expression ('…') or *", ErrUnsupported, call)
		}
		if re, err = regexp.Compile(lit); err != nil {
			return nil, fmt.Errorf("%w: %s: the regular expression: %v", ErrUnsupported, call, err)
		}
	}
	// COLUMNS(* EXCLUDE (a, b)): its names as its arguments.
	var excluded []string
	if call.Star {
		var names []string
		for _, c := range all {
			names = append(names, c.Alias)
		}
		for _, a := range call.Args {
			l, _ := a.(ast.Literal)
			if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, l.Value.S) }) {
				return nil, fmt.Errorf("%w: %s: %s is no column of the table (as far as its first rows tell)", ErrUnsupported, call, l.Value.S)
			}
			excluded = append(excluded, l.Value.S)
		}
	}
	var out []ast.SelectItem
	for _, c := range all {
		if re != nil && !re.MatchString(c.Alias) || slices.ContainsFunc(excluded, func(x string) bool { return strings.EqualFold(x, c.Alias) }) {
			continue
		}
		name := it.Alias
		if name == "" {
			name = c.Alias
		}
		out = append(out, ast.SelectItem{Expr: replaceColumns(it.Expr, c.Expr), Alias: name})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s matches no column (as far as the first rows tell)", ErrUnsupported, call)
	}
	return out, nil
}

// firstArgLiteral returns f's one argument when it is a string literal.
func firstArgLiteral(f *ast.Func) (string, bool) {
	if len(f.Args) != 1 {
		return "", false
	}
	l, ok := f.Args[0].(ast.Literal)
	if !ok || l.Value.K != types.String {
		return "", false
	}
	return l.Value.S, true
}

// replaceColumns returns e with its COLUMNS call replaced by col.
func replaceColumns(e, col ast.Expr) ast.Expr {
	if f, ok := e.(*ast.Func); ok && f.Name == ast.ColumnsFunc {
		return col
	}
	return ast.Map(e, func(x ast.Expr) ast.Expr { return replaceColumns(x, col) })
}

// excludedAmong reports, as DuckDB does, a column of st's EXCLUDE that
// is none of cols.
func excludedAmong(st ast.Star, cols []string) error {
	for _, x := range st.Exclude {
		if !slices.Contains(cols, x) {
			return fmt.Errorf("%w: %s: %s is no column of the table (as far as its first rows tell)", ErrUnsupported, st, x)
		}
	}
	for _, r := range st.Replace {
		if !slices.Contains(cols, r.Alias) || slices.Contains(st.Exclude, r.Alias) {
			return fmt.Errorf("%w: %s: %s is no column of the table that * keeps (as far as its first rows tell)", ErrUnsupported, st, r.Alias)
		}
	}
	return nil
}

// planned resolves sel (see resolve) and plans it over its source; done
// removes what resolving made, once the plan has run (and at once when
// planning fails).
func (s *Session) planned(ctx context.Context, sel *ast.Select, scope []scopeTable) (*plan.Plan, func(), error) {
	sel, src, done, err := s.resolve(ctx, sel, scope)
	if err != nil {
		return nil, nil, err
	}
	p, err := prepare(src, sel, s.qualifierFields(sel))
	if err != nil {
		done()
		return nil, nil, err
	}
	return p, done, nil
}

// castTyped returns sel with each name of a typed column of the derived
// table t (a DATE, TIMESTAMP or HUGEINT column, held as text) read through a CAST
// to its type; a select item so changed keeps its name. Its * must be
// spelled first (spellStar), so that it shows them typed too (a HUGEINT
// as a number, not its text).
func castTyped(sel *ast.Select, t string, typed map[string]types.Kind) *ast.Select {
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		c, ok := e.(ast.Column)
		if !ok {
			return ast.Map(e, rw)
		}
		name := ""
		switch {
		case len(c.Path) == 1:
			name = c.Path[0]
		case len(c.Path) == 2 && c.Path[0] == t:
			name = c.Path[1]
		}
		if k, ok := typed[name]; ok {
			return ast.Cast{X: c, To: k, Type: k.String()}
		}
		return e
	}
	return ast.MapSelect(sel, rw)
}

// orderFree reports a statement over one derived table whose answer
// does not depend on the order of that table's rows: it groups them (by
// GROUP BY or an aggregate) with aggregates that take their rows in any
// order (none aggregate.OrderSensitive). Its groups come sorted by their
// own columns whatever order its rows came in.
func orderFree(sel *ast.Select) bool {
	return isAggregateSelect(sel) && !selectHas(sel, func(x ast.Expr) bool {
		f, ok := x.(*ast.Func)
		return ok && aggregate.OrderSensitive(f.Name)
	})
}

// derive runs the query of a derived table into a temporary file and
// returns it as a source; unordered: its reader's answer does not depend
// on the order of its rows (orderFree).
func (s *Session) derive(ctx context.Context, t ast.Table, scope []scopeTable, unordered bool) (Source, func(), error) {
	name := t.Alias
	if name == "" {
		name = "(subquery)"
	}
	cache, _ := ctx.Value(derivedCacheKey{}).(*derivedCache)
	if cache != nil {
		cache.mu.Lock()
		d, ok := cache.files[t.Sub]
		cache.mu.Unlock()
		if ok {
			// A CTE named again: its rows as they were made, once.
			again := *d
			again.name, again.qual = name, t.Alias
			return &again, func() {}, nil
		}
	}
	// A table made for one join: its rows are a set to the join, which
	// never shows their order; so are those of a table whose reader
	// groups them, unless others may read the same rows (a CTE's).
	setOfRows := t.Own || unordered && !t.Shared
	sub := t.Sub
	if setOfRows && hasStar(sub) {
		// A * that streams names its columns: its tables' (see below).
		if spelt, err := s.spellSubStar(sub); err == nil {
			sub = spelt
		}
	}
	p, innerDone, err := s.planned(ctx, sub, scope)
	if err != nil {
		return nil, nil, err
	}
	defer func() { innerDone() }() // a streamed table's query lives on: its done goes to the caller
	p.Unordered = setOfRows
	if p.Unordered {
		derivedUnordered.Add(1)
	}
	narrow := narrowed(ctx, t.Sub, p)
	if narrow != "" {
		cache = nil // its rows are this join's alone
	}
	derivedMade.Add(1)
	// A SELECT * keeps whole lines, whose columns are known only once they
	// are read: the file holds them (a stream would name none, and every
	// column read through it would be NULL). A table that would stream has
	// its * spelt above, as its tables' columns, so that it still streams
	// (SELECT region, COUNT(*) FROM (SELECT * FROM orders) x GROUP BY
	// region writes no file).
	star := p.Scan != nil && p.Scan.Star
	streams := p.Unordered && !t.Shared && !star && twice(p.Columns) == "" // else the file says what is wrong
	if streams && !explaining(ctx) {
		derivedStreamed.Add(1)
		done := innerDone
		innerDone = func() {}
		return &derivedStream{name: name, text: t.Sub.String(), cols: p.Columns, p: p}, done, nil
	}
	dir := s.Memory.TableDir()
	d, err := writeDerived(dir, name, name, t.Sub.String(), func(w *derivedWriter) error {
		_, err := exec.Stream(ctx, p, w)
		return err
	})
	if err != nil {
		dir.Close()
		return nil, nil, err
	}
	d.qual, d.narrow, d.streams = t.Alias, narrow, streams
	if cache != nil {
		cache.mu.Lock()
		cache.files[t.Sub] = d
		cache.dirs = append(cache.dirs, dir)
		cache.mu.Unlock()
		return d, func() {}, nil
	}
	return d, func() { dir.Close() }, nil
}

// deriveUnion runs the UNION of a derived table (… UNION …) AS alias
// (the Union of its SELECT's FROM) into a temporary file and returns it as
// a source, whose columns are named after the union's first query. None
// of its queries may read the outer query's row (derive's rule).
func (s *Session) deriveUnion(ctx context.Context, t ast.Table, scope []scopeTable) (Source, func(), error) {
	for _, part := range t.Union.Parts {
		if name, ok := s.correlated(part, scope); ok {
			return nil, nil, &SubqueryError{Pos: t.Pos, Msg: fmt.Sprintf("a UNION cannot read %s of the outer query", name)}
		}
	}
	eu, innerDone, err := s.unionPlan(ctx, t.Union, nil)
	defer innerDone()
	if err != nil {
		return nil, nil, err
	}
	if n := twice(eu.Parts[0].Columns); n != "" {
		return nil, nil, fmt.Errorf("%w: a UNION that is a derived table names two columns %s: give one an alias", ErrUnsupported, n)
	}
	dir := s.Memory.TableDir()
	d, err := writeDerived(dir, "(union)", "(union)", t.Union.String(), func(w *derivedWriter) error {
		_, err := exec.RunUnion(ctx, eu, w)
		return err
	})
	if err != nil {
		dir.Close()
		return nil, nil, err
	}
	d.qual = t.Alias
	return d, func() { dir.Close() }, nil
}

// twice returns a name that names holds twice (ignoring case, as
// DuckDB's names do), or "" when none: a
// derived table refuses two columns of a name (its file's lines would
// hold the member twice).
func twice(names []string) string {
	for i, n := range names {
		if slices.ContainsFunc(names[:i], func(m string) bool { return strings.EqualFold(m, n) }) {
			return n
		}
	}
	return ""
}

// derivedCache holds a statement's derived tables by their query, so that
// one named more than once (a CTE: WITH's names stand for one query) is
// made once and every use reads the same rows; DuckDB materializes such a
// CTE too. Two uses that made it afresh could differ in the last bits of a
// DOUBLE sum, whose order depends on the workers, and then a query such as
// TPC-H's Q15 (total = (SELECT MAX(total) FROM the same CTE)) would find
// no row.
type derivedCache struct {
	mu    sync.Mutex
	files map[*ast.Select]*derivedSource
	dirs  []*spill.Dir
}

type derivedCacheKey struct{}

// derivedMade counts the derived tables made, derivedUnordered those
// whose rows came in no set order, derivedStreamed those whose rows went
// straight into the outer query (for tests).
var derivedMade, derivedUnordered, derivedStreamed atomic.Int64

// withDerivedCache returns a context whose statement keeps its derived
// tables until release (which a nested statement's context leaves to the
// outer one).
func withDerivedCache(ctx context.Context) (context.Context, func()) {
	if _, ok := ctx.Value(derivedCacheKey{}).(*derivedCache); ok {
		return ctx, func() {}
	}
	c := &derivedCache{files: map[*ast.Select]*derivedSource{}}
	return context.WithValue(ctx, derivedCacheKey{}, c), func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, d := range c.dirs {
			d.Close()
		}
		c.dirs, c.files = nil, nil
	}
}

// writeDerived makes a derived table's file in dir: fill writes its rows
// to w, which is flushed and closed after; name and text are the table's
// for EXPLAIN, table its name in errors.
func writeDerived(dir *spill.Dir, name, table, text string, fill func(w *derivedWriter) error) (*derivedSource, error) {
	f, err := dir.CreateText()
	if err != nil {
		return nil, err
	}
	w := &derivedWriter{w: bufio.NewWriterSize(f, 64<<10), table: table}
	err = fill(w)
	if err == nil {
		err = w.w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	d := w.source(f)
	d.name, d.text = name, text
	return d, nil
}

// source is the rows w wrote to f, which holds them.
func (d *derivedWriter) source(f *spill.Text) *derivedSource {
	out := &derivedSource{name: d.table, text: d.table, file: f, rows: d.rows, bytes: d.bytes, cols: d.cols}
	for i, k := range d.typed {
		if k != types.Null {
			if out.typed == nil {
				out.typed = map[string]types.Kind{}
			}
			out.typed[d.cols[i]] = k
		}
	}
	return out
}

// derivedWriter writes a derived table's rows as JSON Lines; a fork of
// it writes them for one of several goroutines, in batches.
type derivedWriter struct {
	w           *bufio.Writer
	table       string
	names       [][]byte // each column's name, quoted, and the colon
	cols        []string
	line        []byte
	rows, bytes int64
	// By column: the kind of its values held as text and read back
	// through a CAST, DATE, TIMESTAMP or HUGEINT (NULL: none), and the
	// kind of the first other value it has held (NULL: none).
	typed []types.Kind
	other []types.Kind

	mu     sync.Mutex     // a parent's, held by a fork that flushes
	parent *derivedWriter // a fork's: where its batches go
	batch  []byte
}

// derivedBatch is the bytes of lines a fork holds before it writes.
const derivedBatch = 64 << 10

// fork returns a writer of d's columns for one goroutine of several; its
// rows reach d at its flush, which it must be given at the end.
func (d *derivedWriter) fork() *derivedWriter {
	return &derivedWriter{table: d.table, names: d.names, cols: d.cols, parent: d,
		typed: make([]types.Kind, len(d.cols)), other: make([]types.Kind, len(d.cols))}
}

// flush writes a fork's batch to its parent, whose columns' kinds must
// agree with the fork's, as a writer's rows must among themselves.
func (d *derivedWriter) flush() error {
	p := d.parent
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := range d.cols {
		t := d.typed[i]
		if t == types.Float {
			t = floatText // a DOUBLE held as text: its NaN or infinity
		}
		for _, k := range []types.Kind{t, d.other[i]} {
			if err := p.holds(i, k); err != nil {
				return err
			}
		}
	}
	_, err := p.w.Write(d.batch)
	p.rows += d.rows
	p.bytes += d.bytes
	d.batch, d.rows, d.bytes = d.batch[:0], 0, 0
	return err
}

func (d *derivedWriter) Columns(names []string) error {
	if n := twice(names); n != "" {
		return fmt.Errorf("%w: derived table %s has two columns named %s: give them aliases", ErrUnsupported, d.table, n)
	}
	for _, n := range names {
		q, _ := json.Marshal(n)
		d.names = append(d.names, append(q, ':'))
	}
	d.cols = names
	d.typed = make([]types.Kind, len(names))
	d.other = make([]types.Kind, len(names))
	return nil
}

func (d *derivedWriter) Row(r []types.Value) error {
	b := append(d.line[:0], '{')
	for i, v := range r[:len(d.names)] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, d.names[i]...)
		k := v.K
		if k == types.Float && !finite(v.F()) {
			k = floatText
		}
		if err := d.holds(i, k); err != nil {
			return err
		}
		if v.K == types.Date || v.K == types.Timestamp || v.K == types.Interval || v.K == types.Huge || v.K == types.Float && !finite(v.F()) {
			// Read back as text, then cast (see castTyped): a HUGEINT's
			// digits would read back as a DOUBLE, JSON has no NaN, and an
			// interval's text reads back as its parts.
			q, _ := json.Marshal(v.String())
			b = append(b, q...)
			continue
		}
		var err error
		if b, err = appendJSONValue(b, v); err != nil {
			return fmt.Errorf("%w: derived table %s, column %s: %v", ErrUnsupported, d.table, d.cols[i], err)
		}
	}
	b = append(b, '}', '\n')
	d.line = b
	d.rows++
	d.bytes += int64(len(b))
	if d.parent != nil {
		d.batch = append(d.batch, b...)
		if len(d.batch) >= derivedBatch {
			return d.flush()
		}
		return nil
	}
	_, err := d.w.Write(b)
	return err
}

// holds notes that column i holds a value of kind k: a column's dates,
// timestamps or intervals are read back as such, and so must be all its values but
// NULL; a column's HUGEINTs too, among which other numbers may be (the
// groups of a SUM), but no text.
func (d *derivedWriter) holds(i int, k types.Kind) error {
	switch {
	case k == types.Null:
	case k == floatText:
		// A NaN or an infinity, as text: the column's other values must
		// be numbers, which the CAST to DOUBLE reads back as DOUBLEs.
		if o := d.other[i]; o != types.Null && o != types.Int && o != types.Float || d.typed[i] != types.Null && d.typed[i] != types.Float {
			return fmt.Errorf("%w: derived table %s, column %s: a NaN or infinite DOUBLE among other values", ErrUnsupported, d.table, d.cols[i])
		}
		d.typed[i] = types.Float
	case k == types.Date || k == types.Timestamp || k == types.Interval || k == types.Huge:
		other := d.other[i] != types.Null && !(k == types.Huge && d.other[i].Numeric())
		if other || d.typed[i] != types.Null && d.typed[i] != k {
			return fmt.Errorf("%w: derived table %s, column %s: a %s among other values", ErrUnsupported, d.table, d.cols[i], k)
		}
		d.typed[i] = k
	default:
		if t := d.typed[i]; t != types.Null && !(t == types.Huge && k.Numeric()) && !(t == types.Float && (k == types.Int || k == types.Float)) {
			return fmt.Errorf("%w: derived table %s, column %s: a %s among its %ss", ErrUnsupported, d.table, d.cols[i], k, d.typed[i])
		}
		if d.other[i] == types.Null {
			d.other[i] = k
		}
	}
	return nil
}

// floatText is holds' kind of a NaN or infinite DOUBLE, which a derived
// table holds as text (a kind no value has).
const floatText = types.Kind(255)

// finite reports a DOUBLE that JSON can spell.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// appendJSONValue appends v as JSON that the scan reads back as v.
func appendJSONValue(b []byte, v types.Value) ([]byte, error) {
	switch v.K {
	case types.Null:
		return append(b, "null"...), nil
	case types.Bool:
		if v.I != 0 {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case types.Int:
		return strconv.AppendInt(b, v.I, 10), nil
	case types.Huge:
		return append(b, v.S...), nil
	case types.Float:
		if math.IsNaN(v.F()) || math.IsInf(v.F(), 0) {
			return b, fmt.Errorf("%v has no JSON form", v)
		}
		n := len(b)
		b = strconv.AppendFloat(b, v.F(), 'g', -1, 64)
		if !slices.ContainsFunc(b[n:], func(c byte) bool { return c == '.' || c == 'e' }) {
			b = append(b, ".0"...) // a DOUBLE reads back as one
		}
		return b, nil
	case types.String:
		q, _ := json.Marshal(v.S)
		return append(b, q...), nil
	case types.JSON:
		return append(b, v.S...), nil
	}
	return b, fmt.Errorf("a %s has no JSON form that reads back as itself", v.K)
}

// derivedSource is a derived table's rows, in one temporary file (in
// memory while it is small: spill.Text).
type derivedSource struct {
	name, text  string
	file        *spill.Text
	rows, bytes int64
	typed       map[string]types.Kind // the DATE, TIMESTAMP and HUGEINT columns
	cols        []string              // the columns, in order
	qual        string                // what the outer query qualifies its columns by (a join's are named table.column)
	narrow      string                // the join's filter its rows were made with (see narrowable)
	streams     bool                  // made for EXPLAIN: a run streams it (derivedStream)
}

func (d *derivedSource) Name() string      { return d.name }
func (d *derivedSource) Generation() int64 { return -1 }
func (d *derivedSource) Key() []string     { return nil }
func (d *derivedSource) Files() []storage.FileEntry {
	if d.rows == 0 {
		return nil
	}
	return []storage.FileEntry{{Path: filepath.Base(d.Path("")), Rows: d.rows, Bytes: d.bytes}}
}
func (d *derivedSource) Open(string) (io.ReadCloser, error) { return d.file.Open() }

// Path names the table's file, or the table while it is in memory.
func (d *derivedSource) Path(string) string {
	if p := d.file.Path(); p != "" {
		return p
	}
	return "the derived table " + d.name + " (in memory)"
}

// merged returns sel with its derived table merged into it, when that
// table is a plain projection of a join (no grouping, aggregate,
// DISTINCT, ORDER BY, LIMIT or subquery, made for this statement alone):
// each column of it that sel reads becomes the expression that makes it,
// and its WHERE joins sel's (a view merged, as planners do). The rows then
// go from its join straight into sel's operators (a join streamed through
// its last table), where the table would be written to a file and read
// back (TPC-H Q7, Q8 and Q9 group such a table of a six-table join).
//
// It does not merge when a name could change its meaning: sel reads
// anything but the table's columns (a JSON path into one, an outer
// query's), holds a subquery or *, or names an item after a column the
// table's expressions read (GROUP BY or ORDER BY of that name could then
// find the other). An expression may be computed more than once merged:
// every function of the engine gives the same value for the same
// arguments (none is volatile, as RANDOM() would be).
func merged(sel *ast.Select) (*ast.Select, bool) {
	t := sel.From
	d := t.Sub
	if d == nil || d.From.Join == nil || t.Shared || d.Distinct || d.Limit >= 0 || d.Offset != 0 || len(d.OrderBy) > 0 || isAggregateSelect(d) ||
		selectHas(d, isSubquery) || selectHas(sel, isSubquery) ||
		// Window functions are computed over the table's rows, then
		// QUALIFY and DISTINCT ON keep some: none of it may move out.
		d.Qualify != nil || len(d.DistinctOn) > 0 || slices.ContainsFunc(d.Items, func(it ast.SelectItem) bool { return ast.HasWindow(it.Expr) }) ||
		// A column of RANDOM() is one value a row: merged, each use of
		// it would call RANDOM() again (x = x false, x < 0.5 AND x >=
		// 0.5 true).
		slices.ContainsFunc(d.Items, func(it ast.SelectItem) bool { return callsVolatile(it.Expr) }) {
		return nil, false
	}
	cols := d.ColumnNames()
	exprs := map[string]ast.Expr{}
	read := map[string]bool{} // the columns the table's expressions read
	for i, it := range d.Items {
		if _, star := it.Expr.(ast.Star); star || exprs[cols[i]] != nil {
			return nil, false
		}
		exprs[cols[i]] = it.Expr
		ast.Walk(it.Expr, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				for _, p := range c.Path {
					read[p] = true
				}
			}
			return true
		})
	}
	alias := tableName(t)
	ok := true
	var rw func(ast.Expr) ast.Expr
	rw = func(e ast.Expr) ast.Expr {
		c, isCol := e.(ast.Column)
		if !isCol {
			if _, star := e.(ast.Star); star {
				ok = false
			}
			return ast.Map(e, rw)
		}
		path := c.Path
		if len(path) > 1 && path[0] == alias {
			path = path[1:]
		}
		x, found := exprs[path[0]]
		if !found || len(path) != 1 {
			if !found && len(c.Path) == 1 && slices.ContainsFunc(sel.Items, func(it ast.SelectItem) bool { return it.Alias == c.Path[0] }) {
				return e // an item's alias, in GROUP BY, HAVING or ORDER BY
			}
			ok = false
			return e
		}
		return x
	}
	for i, name := range sel.ColumnNames() {
		// An item named after a column of the table, or after a column
		// its expressions read, is that column itself (nation, of
		// n_name AS nation), or the names may mean another thing merged.
		c, isCol := sel.Items[i].Expr.(ast.Column)
		same := isCol && c.Name() == name && (len(c.Path) == 1 || len(c.Path) == 2 && c.Path[0] == alias)
		if exprs[name] != nil && !same {
			return nil, false
		}
		if read[name] {
			if x, isCol := exprs[name].(ast.Column); !same || !isCol || len(x.Path) != 1 || x.Path[0] != name {
				return nil, false
			}
		}
	}
	out := ast.MapSelect(sel, rw)
	if !ok {
		return nil, false
	}
	out.From = d.From
	if out.Where == nil {
		out.Where = d.Where
	} else {
		out.Where = andOf(d.Where, out.Where)
	}
	return out, true
}

// derivedStream is a derived table whose rows go from its query straight
// into the outer query's scan as they are made (a plan.Producer), where
// derive would write them to a file and read them back: a table whose
// reader takes its rows in any order (it groups them: TPC-H Q13's
// 150,000 customers and their counts of orders, grouped again by the
// count, took 16 ms to write on two cores and 6 to read at SF 1). Its
// values keep their kinds, as a streamed join's do. EXPLAIN makes the
// table, to count its rows, and says that a run streams it.
//
// The query runs under all that the outer query's operators may hold;
// its rows go out once its own operators are done, and the outer query's
// tables, made then, do without what they still hold (exec.Lender).
type derivedStream struct {
	name, text string
	cols       []string
	p          *plan.Plan
	loan       exec.Loan
}

func (d *derivedStream) Name() string      { return d.name }
func (d *derivedStream) Generation() int64 { return -1 }
func (d *derivedStream) Key() []string     { return nil }
func (d *derivedStream) Files() []storage.FileEntry {
	return []storage.FileEntry{{Path: d.name}}
}
func (d *derivedStream) Open(string) (io.ReadCloser, error) {
	return nil, errors.New("a streamed derived table has no file")
}
func (d *derivedStream) Path(string) string { return "the derived table " + d.name }
func (d *derivedStream) Columns() []string  { return d.cols }
func (d *derivedStream) Holds() int64       { return 0 } // see Loan
func (d *derivedStream) Loan() *exec.Loan   { return &d.loan }
func (d *derivedStream) Produce(ctx context.Context, fork func() func([]types.Value) error) error {
	d.loan.Lend(exec.Budget(ctx)) // until the query says what it holds
	defer d.loan.Lend(0)
	_, err := exec.StreamEach(exec.Lending(ctx, &d.loan), d.p, func(int) exec.Emitter { return pushOut(fork()) })
	return err
}

// callsVolatile reports whether e calls a function that gives a new value
// at each call (function.Scalar.Volatile: RANDOM, UUID, …).
func callsVolatile(e ast.Expr) bool {
	return selectHasExpr(e, func(x ast.Expr) bool {
		f, ok := x.(*ast.Func)
		if !ok {
			return false
		}
		fn, ok := function.Lookup(f.Name)
		return ok && fn.Volatile
	})
}
