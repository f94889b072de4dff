package sql

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
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
	t    ast.Table
	need []colRef // the columns the statement reads, in order
	keys []int    // by key: the index in need of the join key's column
	// exprs holds the expressions that are keys (ON a.x = b.y + 1), by
	// the field of their colRef (see exprKey).
	exprs map[string]ast.Expr
	id    string // the side's as made, l or r: its expressions' colRefs carry it
	where []ast.Expr
	file  *spill.Writer
	// bytes is a lake's bytes by its manifest, or of a join of lakes
	// (chain) the largest of theirs; -1: a derived table or metadata, or
	// a join of one.
	bytes int64
	// rows is a lake's rows by its manifest; -1 for any other side.
	rows int64
}

// colRef is a column of a table of a join: the table's name (alias) and
// the field; its column in the joined rows is named table.field.
type colRef struct{ table, field string }

func (c colRef) name() string { return c.table + "." + c.field }

// keyExprTable is the table of the colRef of a key that is an
// expression: its field is its side's id and the expression's text, its
// columns qualified by their tables (a name that no table of a join has, so that the
// column it makes in the joined rows is no column of the statement's).
const keyExprTable = "#key"

// isExpr reports the colRef of a key that is an expression.
func (c colRef) isExpr() bool { return c.table == keyExprTable }

// exprKey makes e, an expression of the side's tables alone whose
// columns are qualified by them, a column of the side: the column's own
// when e is one.
func (j *joinSide) exprKey(e ast.Expr) int {
	if c, ok := e.(ast.Column); ok && len(c.Path) == 2 {
		return j.col(colRef{c.Path[0], c.Path[1]})
	}
	text := j.id + ":" + e.String() // the sides' equal expressions apart (TRUE)
	if j.exprs == nil {
		j.exprs = map[string]ast.Expr{}
	}
	j.exprs[text] = e
	return j.col(colRef{keyExprTable, text})
}

// hasExprKey reports a side with a key that is an expression.
func (j *joinSide) hasExprKey() bool {
	return slices.ContainsFunc(j.keys, func(k int) bool { return j.need[k].isExpr() })
}

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
	if err := s.spellJoinedStars(&jn); err != nil {
		return nil, nil, nil, err
	}
	right := jn.Kind == ast.RightJoin
	if right {
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
	sides := [2]*joinSide{{t: jn.Left, bytes: -1, rows: -1, id: "l"}, {t: jn.Right, bytes: -1, rows: -1, id: "r"}}
	lakes := [2]bool{true, true} // every table of the side is a lake
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
			tb.fields = tb.t.Sub.ColumnNames()
			lakes[tb.side] = false
		} else if virtual(tb.t.Name) {
			tb.fields = s.Fields(tb.t.Name)
			lakes[tb.side] = false
		} else {
			snap, err := s.snapshot(tb.t.Name)
			if err != nil {
				return fail(err)
			}
			sides[tb.side].bytes = max(sides[tb.side].bytes, snap.Manifest.Bytes())
			if sides[tb.side].t.Join == nil {
				sides[tb.side].rows = snap.Manifest.Rows()
			}
			tb.fields = s.Fields(tb.t.Name)
		}
	}
	for i, sd := range sides {
		if !lakes[i] {
			sd.bytes = -1
		}
	}
	if jn.Natural {
		// The columns that both tables' first rows have, in the left
		// table's order (none: a cross join).
		if jn.Left.Join != nil {
			return fail(fmt.Errorf("%w: NATURAL JOIN after a join of several tables: write ON", ErrUnsupported))
		}
		jn.Using = nil
		for _, f := range tables[0].fields {
			if slices.Contains(tables[1].fields, f) {
				jn.Using = append(jn.Using, f)
			}
		}
		if len(jn.Using) == 0 {
			return fail(fmt.Errorf("%w: NATURAL JOIN of tables with no column in common (as far as their first rows tell): write CROSS JOIN", ErrUnsupported))
		}
	}
	if len(jn.Using) > 0 && jn.Left.Join != nil {
		return fail(fmt.Errorf("%w: USING after a join of several tables: write ON", ErrUnsupported))
	}
	sel, err := s.expandStar(sel, tables, jn.Using, right)
	if err != nil {
		return fail(err)
	}
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
	// sidesRead reports the sides whose columns e reads, and whether it
	// reads one that resolves to neither.
	sidesRead := func(e ast.Expr) (read [2]bool, unresolved bool) {
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				if i, _, _ := resolveCol(c); i >= 0 {
					read[i] = true
				} else {
					unresolved = true
				}
			}
			return true
		})
		return read, unresolved
	}
	// readsBoth reports an expression that reads a column of each side.
	readsBoth := func(e ast.Expr) bool {
		read, _ := sidesRead(e)
		return read[0] && read[1]
	}
	// sideOf is the one table an expression reads (-1: none or both).
	sideOf := func(e ast.Expr) int {
		switch read, unresolved := sidesRead(e); {
		case unresolved || read[0] == read[1]:
			return -1
		case read[0]:
			return 0
		}
		return 1
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
		if jn.Kind == ast.FullJoin && len(c.Path) == 1 && slices.Contains(jn.Using, c.Path[0]) {
			// A USING column of a full join is either table's, whichever
			// has a row (DuckDB's COALESCE of the two).
			l, r := colRef{tables[0].name, c.Path[0]}, colRef{tables[len(tables)-1].name, c.Path[0]}
			sides[0].col(l)
			sides[1].col(r)
			return &ast.Func{Name: "COALESCE", Args: []ast.Expr{ast.Column{Path: []string{l.name()}, Pos: c.Pos}, ast.Column{Path: []string{r.name()}, Pos: c.Pos}}}
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
	// qualified is e with each column named by its table (its side's
	// query reads it so), or nil when it reads a column that resolves to
	// no table (failed says why), reads a subquery or an aggregate.
	qualified := func(e ast.Expr) ast.Expr {
		ok := true
		ast.Walk(e, func(x ast.Expr) bool {
			if isSubquery(x) || hasAggregateExpr(x) {
				ok = false
			}
			return ok
		})
		if !ok {
			return nil
		}
		var q func(ast.Expr) ast.Expr
		q = func(x ast.Expr) ast.Expr {
			c, isCol := x.(ast.Column)
			if !isCol {
				return ast.Map(x, q)
			}
			i, ref, rest := resolveCol(c)
			if i < 0 {
				ok = false
				return x
			}
			return ast.Column{Path: append([]string{ref.table, ref.field}, rest...), Pos: c.Pos}
		}
		out := q(e)
		if !ok {
			return nil
		}
		return out
	}
	// exprKeys makes an equality of expressions that each read one table,
	// a table of each side (ON a.x = b.y + 1, ON lower(a.s) = lower(b.s)),
	// a key of the join: each side's query computes its expression.
	exprKeys := func(cmp ast.Compare) bool {
		li, ri := sideOf(cmp.L), sideOf(cmp.R)
		if li < 0 || ri < 0 || li == ri {
			return false
		}
		l, r := qualified(cmp.L), qualified(cmp.R)
		if l == nil || r == nil {
			return false
		}
		if li == 1 {
			l, r = r, l
		}
		sides[0].keys = append(sides[0].keys, sides[0].exprKey(l))
		sides[1].keys = append(sides[1].keys, sides[1].exprKey(r))
		return true
	}
	// key makes an equality of a field of each table a key of the join.
	key := func(t ast.Expr) bool {
		cmp, ok := t.(ast.Compare)
		if !ok || cmp.Op != "=" || cmp.Text {
			return false
		}
		l, lok := cmp.L.(ast.Column)
		r, rok := cmp.R.(ast.Column)
		if !lok || !rok {
			return exprKeys(cmp)
		}
		li, lc, lrest := resolveCol(l)
		ri, rc, rrest := resolveCol(r)
		if li < 0 || ri < 0 || li == ri {
			return false
		}
		if len(lrest) != 0 || len(rrest) != 0 {
			return exprKeys(cmp) // a member of a struct: an expression
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
	keyTerms := map[int]bool{} // the WHERE's conjuncts that are keys
	if jn.Kind == ast.CrossJoin && jn.On == nil {
		// FROM a, b WHERE a.x = b.y: an inner join on those equalities,
		// which hold in every joined row.
		for i, t := range ast.Conjuncts(sel.Where) {
			if key(t) {
				jn.Kind = ast.InnerJoin
				keyTerms[i] = true
			}
		}
	}
	if failed != nil {
		return fail(failed)
	}
	// The ON terms beyond the keys: of an inner join, a filter after it;
	// of a left join, a filter of its right table before it. Of an outer
	// join, a term of the table whose rows it keeps all the same (the
	// left one of a left join, either of a full join) decides whether a
	// row may match at all: a key, CASE WHEN term THEN TRUE END against
	// the other side's TRUE, NULL (matching nothing) where the term does
	// not hold.
	out := *sel
	var where []ast.Expr
	var only [2][]ast.Expr // of an outer join, the ON terms of one side
	// onBoth: the ON terms that read both tables (or neither) which the
	// join tests on each pair of rows its keys match (see joiner.on): of
	// an outer join, whose pairs that fail them are no match; of an inner
	// join without keys, which pairs every row with every other.
	var onBoth ast.Expr
	if jn.Kind == ast.CrossJoin && jn.On == nil && len(sides[0].keys) == 0 {
		// FROM a, b WHERE a.x BETWEEN b.lo AND b.hi: the terms of both
		// tables pick the pairs as the join makes them, not after.
		for n, t := range ast.Conjuncts(sel.Where) {
			if q := qualified(t); q != nil && readsBoth(t) {
				onBoth = andOf(onBoth, rw(q))
				keyTerms[n] = true
				jn.Kind = ast.InnerJoin
			}
		}
	}
	keyless := jn.Kind != ast.CrossJoin && len(sides[0].keys) == 0
	for _, t := range residual {
		i := sideOf(t)
		outer := jn.Kind == ast.LeftJoin || jn.Kind == ast.FullJoin
		switch {
		case jn.Kind == ast.LeftJoin && i == 1, jn.Kind == ast.InnerJoin && i >= 0 && keyless:
			sides[i].where = append(sides[i].where, t)
		case outer && i >= 0:
			only[i] = append(only[i], t)
		case outer || keyless:
			q := qualified(t)
			if q == nil {
				return fail(fmt.Errorf("%w: a %s's ON term with a subquery: %s", ErrUnsupported, jn.Kind, t))
			}
			onBoth = andOf(onBoth, rw(q))
		default:
			where = append(where, t)
		}
	}
	for i, terms := range only {
		if len(terms) == 0 {
			continue
		}
		var all ast.Expr
		for _, t := range terms {
			all = andOf(all, t)
		}
		cond := qualified(all)
		if cond == nil {
			return fail(fmt.Errorf("%w: a %s's ON term with a subquery: %s", ErrUnsupported, jn.Kind, all))
		}
		sides[i].keys = append(sides[i].keys, sides[i].exprKey(&ast.Case{Whens: []ast.When{{Cond: cond, Then: ast.Literal{Value: types.BoolValue(true)}}}}))
		sides[1-i].keys = append(sides[1-i].keys, sides[1-i].exprKey(ast.Literal{Value: types.BoolValue(true)}))
	}
	if jn.Kind != ast.CrossJoin && len(sides[0].keys) == 0 {
		// No equality (ON a.x < b.y, ON a.x BETWEEN b.lo AND b.hi): every
		// row's key is TRUE, so that each pair is tried (a nested loop,
		// in blocks past memory).
		for _, sd := range sides {
			sd.keys = append(sd.keys, sd.exprKey(ast.Literal{Value: types.BoolValue(true)}))
		}
	}
	// The WHERE terms of one table narrow its side instead: every term of
	// an inner join, those of the left table of a left join; they hold in
	// every joined row, as the keys do, and the rest of the WHERE applies
	// after the join (nor do the joined rows carry the columns only they
	// read). An OR of terms of both tables implies, for a table each of
	// whose branches holds terms of it alone, the OR of those terms: that
	// narrows its side too (TPC-H's Q19).
	for n, t := range ast.Conjuncts(sel.Where) {
		if keyTerms[n] {
			continue
		}
		if jn.Kind == ast.FullJoin {
			// Either table's rows may come joined to NULLs: every term
			// applies after the join.
		} else if i := sideOf(t); i == 0 || i == 1 && jn.Kind != ast.LeftJoin {
			sides[i].where = append(sides[i].where, t)
			continue
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
	// A condition of one side's key column and constants holds for the
	// other side's key column too, in the rows the join keeps (keys compare
	// as = does): o.o_orderkey IN (…) narrows lineitem by l_orderkey IN
	// (…) (TPC-H's Q18), o.day = '…' prunes the other lake's days. Not
	// from the right side of a left join to its left.
	var moved [2][]ast.Expr
	for i := range 2 {
		for _, t := range sides[i].where {
			k, other := keyTerm(t, func(c ast.Column) (int, colRef, bool) {
				side, ref, rest := resolveCol(c)
				return side, ref, side >= 0 && len(rest) == 0
			}, sides, i)
			if k >= 0 && !(i == 1 && jn.Kind == ast.LeftJoin) {
				moved[1-i] = append(moved[1-i], other)
			}
		}
	}
	for i, terms := range moved {
		for _, t := range terms {
			if !slices.ContainsFunc(sides[i].where, func(x ast.Expr) bool { return termKey(x) == termKey(t) }) {
				sides[i].where = append(sides[i].where, t)
			}
		}
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
	// ORDER BY a select item's alias orders by that item, whatever the
	// tables' columns are called: there the output's names come first,
	// as in DuckDB (where GROUP BY and HAVING read a column first, as rw
	// does).
	orderBy := out.OrderBy
	out.OrderBy = nil
	outSel := ast.MapSelect(&out, rw)
	for _, o := range orderBy {
		if c, ok := o.Expr.(ast.Column); !ok || len(c.Path) != 1 || !slices.ContainsFunc(out.Items, func(it ast.SelectItem) bool { return it.Alias == c.Path[0] }) {
			o.Expr = rw(o.Expr)
		}
		outSel.OrderBy = append(outSel.OrderBy, o)
	}
	if failed != nil {
		return fail(failed)
	}
	// The side to build the table of is run into a spill file first:
	// when its table fits in memory the other side streams through it
	// (each worker probes the table with its rows), else that side goes to
	// a file too and the two files are joined (partitioned as they need).
	dir := s.Memory.TableDir()
	cleanup = append(cleanup, func() { dir.Close() })
	for _, sd := range sides {
		if len(sd.need) == 0 {
			sd.need = nil // COUNT(*) of a join: rows without columns
		}
	}
	limit := exec.Budget(ctx)
	// An inner join builds its table of the smaller side (the columns are
	// named, so their order is free); a left join, of its right side.
	var narrow []int // of the streamed side's derived table: see narrowable
	if jn.Kind == ast.InnerJoin {
		n0, n1 := narrowable(sides[0]), narrowable(sides[1])
		switch {
		case n0 == nil && n1 != nil:
			// Stream the table whose rows the other's keys can narrow
			// before it is made: built first, the other would be made of
			// all its rows.
			sides[0], sides[1] = sides[1], sides[0]
		case (n0 == nil) == (n1 == nil) && buildFirst(sides, limit) == 0:
			sides[0], sides[1] = sides[1], sides[0]
		}
		narrow = narrowable(sides[0])
	}
	if jn.Kind == ast.FullJoin && buildFirst(sides, limit) == 0 {
		// Either side may build the table of a full join: the smaller.
		sides[0], sides[1] = sides[1], sides[0]
	}
	stream, keepBuild := false, false
	if items := narrowable(sides[1]); jn.Kind == ast.LeftJoin && items != nil && s.narrowPays(sides) {
		// A left join's right table made for it is made of the rows whose
		// keys the left side has, read first (its keys, when they fit in
		// memory).
		if err := s.joinSide(ctx, sides[0], dir, scope); err != nil {
			return fail(err)
		}
		rctx := ctx
		if buildBytes(sides[0].file) <= limit {
			keys, err := sideKeys(sides[0])
			if err != nil {
				return fail(err)
			}
			rctx = context.WithValue(ctx, narrowKey{}, &narrowing{sel: sides[1].t.Sub, items: items, keys: keys})
		}
		if err := s.joinSide(rctx, sides[1], dir, scope); err != nil {
			return fail(err)
		}
		// The left rows, already in their file, stream from it through
		// the right side's table when it fits: no file of the joined rows.
		stream = buildBytes(sides[1].file) <= limit
	} else if jn.Kind == ast.LeftJoin && leftFirst(sides, limit) {
		// A left join whose left side is the smaller builds its table of
		// that side and streams the right one through it, marking the
		// left rows that matched; the others are joined to NULLs after.
		if err := s.joinSide(ctx, sides[0], dir, scope); err != nil {
			return fail(err)
		}
		if buildBytes(sides[0].file) <= limit {
			keepBuild, stream = true, true
			sides[0], sides[1] = sides[1], sides[0]
		} else if err := s.joinSide(ctx, sides[1], dir, scope); err != nil {
			return fail(err)
		}
	} else {
		if err := s.joinSide(ctx, sides[1], dir, scope); err != nil {
			return fail(err)
		}
		stream = jn.Kind != ast.CrossJoin && buildBytes(sides[1].file) <= limit
		if !stream {
			if err := s.joinSide(ctx, sides[0], dir, scope); err != nil {
				return fail(err)
			}
			if (jn.Kind == ast.InnerJoin || jn.Kind == ast.FullJoin) && sides[0].file.Size() < sides[1].file.Size() {
				sides[0], sides[1] = sides[1], sides[0]
			}
		}
	}
	// The join, into the rows of the derived table.
	var cols []string
	for _, sd := range sides {
		for _, c := range sd.need {
			cols = append(cols, c.name())
		}
	}
	var on *pairFilter
	if onBoth != nil {
		var err error
		if on, err = newPairFilter(onBoth, cols); err != nil {
			return fail(err)
		}
	}
	newJoiner := func() *joiner {
		return &joiner{left: jn.Kind == ast.LeftJoin && !keepBuild || jn.Kind == ast.FullJoin, full: jn.Kind == ast.FullJoin,
			keepBuild: keepBuild, cross: jn.Kind == ast.CrossJoin, keyless: keyless, on: on,
			sides: sides, dir: dir, limit: limit, seed: maphash.MakeSeed()}
	}
	streamed := func(ctx context.Context, jr *joiner, push *pushedKeys) error {
		return jr.stream(func(keys *keySet, each func() exec.Emitter) error {
			if sides[0].file != nil {
				return streamFile(sides[0].file, len(sides[0].need), each)
			}
			sctx := ctx
			if narrow != nil && keys != nil {
				sctx = context.WithValue(ctx, narrowKey{}, &narrowing{sel: sides[0].t.Sub, items: narrow, keys: keys})
			}
			return s.streamSide(sctx, sides[0], scope, true, keys, push, each)
		})
	}
	if stream && !explaining(ctx) {
		// The statement's scan takes the joined rows as the probes make
		// them (EXPLAIN runs the join into a file, to show its sides'
		// plans and count its rows).
		js := &joinStream{text: sel.From.String(), cols: cols, holds: buildBytes(sides[1].file)}
		// A filter of the joined rows by columns of the streamed side
		// alone may filter that side's rows instead (see pushKeys): of an
		// inner join, and of a left join whose left side streams.
		if sides[0].file == nil && (jn.Kind == ast.InnerJoin || jn.Kind == ast.LeftJoin && !keepBuild) {
			js.streamedNeed = sides[0].need
		}
		js.run = func(ctx context.Context, fork func() joinOut) error {
			jr := newJoiner()
			jr.fork = fork
			return streamed(ctx, jr, js.push)
		}
		return outSel, js, done, nil
	}
	d, err := writeDerived(dir, "join", "the join", sel.From.String(), func(w *derivedWriter) error {
		if err := w.Columns(cols); err != nil {
			return err
		}
		jr := newJoiner()
		jr.out, jr.fork = w, func() joinOut { return w.fork() }
		if stream {
			return streamed(ctx, jr, nil)
		}
		return jr.join(sides[0].file, sides[1].file, 0)
	})
	if err != nil {
		return fail(err)
	}
	return outSel, d, done, nil
}

// joinStream is the rows of a join whose one side streams through the
// other's hash table, made as the scan of the statement over the join
// reads them (a plan.Producer): no file holds them, and its values keep
// their kinds (a derived table's DATE columns are read back through a
// CAST).
type joinStream struct {
	text  string
	cols  []string
	holds int64
	run   func(ctx context.Context, fork func() joinOut) error
	// streamedNeed is the columns of the side that streams, when a
	// filter of the joined rows by them alone may filter that side's
	// rows instead; push is such a filter, given by pushKeys.
	streamedNeed []colRef
	push         *pushedKeys
}

// pushedKeys is a narrowing's filter (see narrowed) of a join's side:
// the rows whose columns at idx (of the side's need) are among keys;
// names is how they print.
type pushedKeys struct {
	idx   []int
	keys  *keySet
	names []string
}

// pushKeys makes the filter of the rows of the scan sc whose values of
// args are among keys, when sc reads a streamed join and each of args is
// a column of the join's streamed side: a filter of that side, whose
// rows then never reach the probes (TPC-H Q2's subquery, grouped by
// ps_partkey over a join of partsupp and three dimensions, narrowed to
// the outer query's 63 parts at SF 0.1: partsupp's scan keeps 1 row in
// 300 instead of the 1 in 5 of its suppliers). It reports false, and
// does nothing, otherwise, or when the join has such a filter already.
// The filter may keep rows whose keys are not among keys (a hash
// filter's), as a narrowing may.
func pushKeys(sc *plan.Scan, args []plan.Expr, keys *keySet, names []string) bool {
	js, ok := sc.Src.(*joinStream)
	if !ok || js.streamedNeed == nil || js.push != nil {
		return false
	}
	idx := make([]int, len(args))
	for i, a := range args {
		sl, ok := a.(*plan.Slot)
		if !ok || sl.I >= len(sc.Fields) {
			return false
		}
		if idx[i] = slices.IndexFunc(js.streamedNeed, func(c colRef) bool { return c.name() == sc.Fields[sl.I] }); idx[i] < 0 {
			return false
		}
	}
	js.push = &pushedKeys{idx: idx, keys: keys, names: names}
	keysPushed.Add(1)
	return true
}

// keysPushed counts the filters pushKeys gave a join's streamed side.
var keysPushed atomic.Int64

func (j *joinStream) Name() string      { return "join" }
func (j *joinStream) Generation() int64 { return -1 }
func (j *joinStream) Key() []string     { return nil }
func (j *joinStream) Files() []storage.FileEntry {
	return []storage.FileEntry{{Path: "join"}}
}
func (j *joinStream) Open(string) (io.ReadCloser, error) {
	return nil, errors.New("a streamed join has no file")
}
func (j *joinStream) Path(string) string { return "the join " + j.text }
func (j *joinStream) Columns() []string  { return j.cols }
func (j *joinStream) Holds() int64       { return j.holds }
func (j *joinStream) Produce(ctx context.Context, fork func() func([]types.Value) error) error {
	return j.run(ctx, func() joinOut { return pushOut(fork()) })
}

// pushOut is a worker's way into the scan of a joinStream.
type pushOut func([]types.Value) error

func (p pushOut) Row(r []types.Value) error { return p(r) }
func (pushOut) flush() error                { return nil }
func (pushOut) Columns([]string) error      { return nil }

// buildFirst picks the side of an inner join to build the table of, and
// so to read first: the smaller lake, or join of lakes, by its estimated
// bytes (sideBytes); of one and a table whose size is known only once it
// is made (a derived table, or a join of one), the one estimated when it
// should fit in memory, else the other; of two such, the right.
//
// A lake whose table could not fit in memory however its rows are
// spelled (tooBig) is not built first when the other side is a join or a
// derived table: that side may well fit (a chain of lakes narrowed by a
// dimension's filter: TPC-H Q9's part, lineitem, supplier and partsupp,
// 319,404 rows, against orders' 1,500,000), and then the lake streams
// through its table, its rows filtered by the table's keys; built first,
// the lake would be written whole to a file and read back.
func buildFirst(sides [2]*joinSide, limit int64) int {
	if c, ok := byEstimate(sides); ok {
		return c
	}
	c := bySize(sides, limit)
	if tooBig(sides[c], limit) && sides[1-c].rows < 0 {
		return 1 - c
	}
	return c
}

// byEstimate picks, of a chain of joins and a lake that the join order
// estimated (ast.Table.Rows, the lake's by a sample of its WHERE terms),
// the side whose table should take fewer bytes: its rows times what a
// row costs a table (rowBytes, and valueBytes a column it needs). A chain of
// lakes narrowed by a dimension's filter may be far smaller than its
// largest lake's bytes say (TPC-H Q9's part, lineitem and supplier:
// 319,404 rows, built, where partsupp's 800,000 stream through them).
func byEstimate(sides [2]*joinSide) (int, bool) {
	a, b := sides[0].t.Rows, sides[1].t.Rows
	if a <= 0 || b <= 0 || (sides[0].t.Join == nil) == (sides[1].t.Join == nil) {
		return 0, false
	}
	if a*float64(rowBytes+valueBytes*len(sides[0].need)) < b*float64(rowBytes+valueBytes*len(sides[1].need)) {
		return 0, true
	}
	return 1, true
}

// tooBig reports a side that is a lake whose build table could not fit in
// limit: its rows by the manifest, a quarter of them kept per WHERE term
// of its own (as sideBytes), each costing rowBytes and at least
// minValueBytes a column it needs.
func tooBig(sd *joinSide, limit int64) bool {
	if sd.rows < 0 {
		return false
	}
	rows := float64(sd.rows)
	for range sd.where {
		rows /= 4
	}
	return rows*float64(rowBytes+minValueBytes*len(sd.need)) > float64(limit)
}

// minValueBytes is the least a value takes in a build table's record,
// valueBytes what one takes as a rule (an integer's tag and 7 bytes).
const (
	minValueBytes = 2
	valueBytes    = 8
)

// bySize is buildFirst by the sides' estimated bytes alone.
func bySize(sides [2]*joinSide, limit int64) int {
	a, b := sideBytes(sides[0]), sideBytes(sides[1])
	switch {
	case a >= 0 && b >= 0:
		if a < b {
			return 0
		}
		return 1
	case a >= 0:
		if a <= limit {
			return 0
		}
		return 1
	case b >= 0:
		if b <= limit {
			return 1
		}
		return 0
	}
	return 1
}

// narrowable returns, for a side that is a derived table made for this
// one join (ast.Table.Own) and grouped by its join keys, the items of its
// query that are those keys, in the keys' order; else nil. Its rows whose
// keys the other side lacks are never joined, and it has those rows
// exactly when its input has rows of those keys, so it can be made of
// only the input rows whose keys the other side has (a semi-join
// reduction: TPC-H's Q17 and Q21, whose correlated subqueries group all
// of lineitem by a key that few rows of the outer query hold).
func narrowable(sd *joinSide) []int {
	t := sd.t
	if !t.Own || t.Sub == nil || len(t.Sub.GroupBy) == 0 || t.Sub.Limit >= 0 || t.Sub.Distinct || len(sd.keys) == 0 || sd.hasExprKey() {
		return nil
	}
	names := t.Sub.ColumnNames()
	var items []int
	for _, k := range sd.keys {
		i := slices.Index(names, sd.need[k].field)
		if i < 0 {
			return nil
		}
		c, ok := t.Sub.Items[i].Expr.(ast.Column)
		if !ok || !slices.ContainsFunc(t.Sub.GroupBy, func(g ast.Expr) bool { return g.String() == c.String() }) {
			return nil
		}
		items = append(items, i)
	}
	return items
}

// narrowPays reports whether a left join's right table made for it
// (narrowable) should be made of only the rows whose keys its left side
// has, for which the left side is read first, into a file, and its keys
// tried on each row of the right table's input. Not when the left side
// is a whole lake of rows many against that input's (a sixty-fourth or
// more): such a table is a dimension that most often holds every key
// (TPC-H Q13's customers, every one of which the orders name: 7% of the
// query at SF 0.1 and 9% at SF 1 for nothing), and the join may then
// build its table of the smaller side. A side with terms of its own, a
// join or a derived table may well hold few keys.
func (s *Session) narrowPays(sides [2]*joinSide) bool {
	left := sides[0]
	if len(left.where) > 0 || left.rows < 0 { // rows: of a lake only
		return true
	}
	snap, err := s.lakeSnapshot(sides[1].t.Sub.From)
	return snap == nil || err != nil || left.rows*64 < snap.Manifest.Rows()
}

// narrowing is a derived table to make of only the rows whose keys (its
// items') a join's other side has: see narrowable.
type narrowing struct {
	sel   *ast.Select
	items []int
	keys  *keySet
}

type narrowKey struct{}

// narrowed gives p, the plan of the derived table sel, a join's filter
// of its input rows when ctx asks for it (see narrowable) and p is a
// grouping of a scan whose groups the items are; it returns the filter's
// text, or "" when not so.
func narrowed(ctx context.Context, sel *ast.Select, p *plan.Plan) string {
	nw, ok := ctx.Value(narrowKey{}).(*narrowing)
	if !ok || nw.sel != sel {
		return ""
	}
	pr, ok := p.Root.(*plan.Project)
	if !ok {
		return ""
	}
	in := pr.Input
	if f, ok := in.(*plan.Filter); ok {
		in = f.Input
	}
	agg, ok := in.(*plan.Aggregate)
	if !ok {
		return ""
	}
	sc, ok := agg.Input.(*plan.Scan)
	if !ok || sc.FromManifest {
		return ""
	}
	var args []plan.Expr
	var names []string
	for _, i := range nw.items {
		if i >= len(pr.Exprs) {
			return ""
		}
		sl, ok := pr.Exprs[i].(*plan.Slot)
		if !ok || sl.I >= len(agg.Groups) {
			return ""
		}
		args = append(args, agg.Groups[sl.I])
		names = append(names, agg.Groups[sl.I].String())
	}
	if pushKeys(sc, args, nw.keys, names) {
		return nw.keys.text(names, narrowedBy)
	}
	if sc.Semi != nil {
		return ""
	}
	sc.Semi = nw.keys.filter(args, names, narrowedBy)
	return sc.Semi.String()
}

// narrowedBy is whose keys a narrowing's filter prints.
const narrowedBy = "the join's other side"

// leftFirst reports whether a left join should build its table of its
// left side: a lake that should fit in memory and is smaller than the
// right side, or a table made for the statement when the right side is a
// lake that should not fit.
func leftFirst(sides [2]*joinSide, limit int64) bool {
	a, b := sideBytes(sides[0]), sideBytes(sides[1])
	return a >= 0 && a <= limit && (b < 0 || a < b) || a < 0 && b > limit
}

// sideBytes estimates what a side that is a lake reads: its manifest's
// bytes, a quarter of them kept per WHERE term of its own (the join
// order's rule); of a join of lakes, the largest lake's bytes (a join
// along keys has no more rows than its largest table, and its terms
// are mostly the equalities that join it); -1 for a table that is no
// lake.
func sideBytes(sd *joinSide) int64 {
	if sd.bytes < 0 || sd.t.Join != nil {
		return sd.bytes
	}
	f := float64(sd.bytes)
	for range sd.where {
		f /= 4
	}
	return int64(f)
}

// expandStar returns sel with * and t.* in its select list spelled as
// the columns of every table of the join (of t), in the order the tables
// are written and, in each, of the fields of its first rows, less those
// of EXCLUDE; a USING column once, where the first table has it.
func (s *Session) expandStar(sel *ast.Select, tables []*joinTable, using []string, right bool) (*ast.Select, error) {
	if !hasStar(sel) {
		return sel, nil
	}
	return replaceStars(sel, func(st ast.Star) ([]ast.SelectItem, error) {
		if len(st.Exclude) > 0 || len(st.Replace) > 0 {
			var all []string
			for _, tb := range tables {
				if (st.Table == "" || st.Table == tb.name) && !tb.t.Hidden {
					all = append(all, tb.fields...)
				}
			}
			if err := excludedAmong(st, all); err != nil {
				return nil, err
			}
		}
		// The tables as written: a right join's sides were swapped.
		order := tables
		if right {
			order = nil
			for _, side := range []int{1, 0} {
				for _, tb := range tables {
					if tb.side == side {
						order = append(order, tb)
					}
				}
			}
		}
		var items []ast.SelectItem
		for i, tb := range order {
			if st.Table != "" && st.Table != tb.name || tb.t.Hidden {
				continue
			}
			fields := tb.fields
			if tb.t.Sub == nil {
				fields = s.rowFields(tb.t.Name, fields)
			}
			for _, f := range fields {
				if slices.Contains(st.Exclude, f) {
					continue
				}
				var e ast.Expr = ast.Column{Path: []string{tb.name, f}}
				if r, ok := st.Replaced(f); ok {
					e = r
				} else if st.Table == "" && slices.Contains(using, f) {
					if i > 0 {
						continue
					}
					// Where the first table has it, the join's: of a
					// right join the right table's, of a full one
					// either's (see join).
					e = ast.Column{Path: []string{f}}
				}
				items = append(items, ast.SelectItem{Expr: e, Alias: f})
			}
		}
		return items, nil
	})
}

// rowFields is the fields of lake's first rows in their order, then the
// rest of fields (its key fields that the rows leave out).
// The names are read once a session (a statement asks for them at each
// * it spells, a join's side and a derived table's alike), as Fields.
func (s *Session) rowFields(lake string, fields []string) []string {
	snap, err := s.snapshot(lake)
	if err != nil {
		return fields
	}
	names := slices.Clone(s.firstRowNames(context.Background(), lake, snap))
	for _, f := range fields {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	return names
}

// firstRowNames is the member names of the first rows of snap, lake's
// snapshot, in their order: read from its first file once a session, for
// rowFields and Fields alike (nil, and not kept, when that cannot be
// opened, or ctx ends first: that closes the file, which ends a read
// that waits on a named pipe).
func (s *Session) firstRowNames(ctx context.Context, lake string, snap *catalog.Snapshot) []string {
	return remembered(s, &s.rowNames, lake, func() ([]string, bool) {
		if len(snap.Files()) == 0 {
			return nil, false
		}
		r, err := snap.Open(snap.Files()[0].Path)
		if err != nil {
			return nil, false
		}
		stop := context.AfterFunc(ctx, func() { r.Close() })
		names := sampleNames(r, nil)
		if !stop() {
			return nil, false
		}
		r.Close()
		return names, true
	})
}

// joinSide runs one table of a join into a spill file of records: the
// values of its needed fields.
func (s *Session) joinSide(ctx context.Context, sd *joinSide, dir *spill.Dir, scope []scopeTable) error {
	w, err := dir.Create()
	if err != nil {
		return err
	}
	sd.file = w
	var mu sync.Mutex
	var writers []*recordWriter
	err = s.streamSide(ctx, sd, scope, false, nil, nil, func() exec.Emitter {
		rw := &recordWriter{w: w, n: len(sd.need), mu: &mu}
		mu.Lock()
		writers = append(writers, rw)
		mu.Unlock()
		return rw
	})
	for _, rw := range writers {
		if ferr := rw.flush(); err == nil {
			err = ferr
		}
	}
	return err
}

// streamSide runs one table of a join as a query of its needed fields
// whose rows go, in no order, to an Emitter per worker that each makes
// (streamed: through the other side's table, which EXPLAIN says); with
// keys, only the rows whose join key it may hold (a KeyIn of the scan,
// when the query is a projection of one).
func (s *Session) streamSide(ctx context.Context, sd *joinSide, scope []scopeTable, streamed bool, keys *keySet, push *pushedKeys, each func() exec.Emitter) error {
	if sd.t.Own && sd.t.Sub != nil && len(sd.where) == 0 && keys == nil && push == nil && !explaining(ctx) {
		if ok, err := s.streamOwnDerived(ctx, sd, scope, each); ok {
			return err
		}
	}
	q := &ast.Select{From: sd.t, Limit: -1}
	if sd.t.Alias == "" && sd.t.Sub == nil && sd.t.Join == nil {
		q.From.Alias = tableName(sd.t)
	}
	for _, c := range sd.need {
		var e ast.Expr = ast.Column{Path: []string{c.table, c.field}}
		if c.isExpr() {
			e = sd.exprs[c.field]
		}
		q.Items = append(q.Items, ast.SelectItem{Expr: e, Alias: c.name()})
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
	p, done, err := s.planned(ctx, q, scope)
	if err != nil {
		return err
	}
	defer done()
	if pr, ok := p.Root.(*plan.Project); ok && (keys != nil || push != nil) {
		if sc, ok := pr.Input.(*plan.Scan); ok && !sc.FromManifest && len(pr.Exprs) >= len(sd.need) {
			at := func(idx []int) []plan.Expr {
				args := make([]plan.Expr, len(idx))
				for j, i := range idx {
					args[j] = pr.Exprs[i]
				}
				return args
			}
			var semi plan.Expr
			if keys != nil {
				names := make([]string, len(sd.keys))
				for j, i := range sd.keys {
					names[j] = sd.need[i].name()
				}
				semi = keys.filter(at(sd.keys), names, "the other side")
			}
			// A pushed filter goes down a chain of joins to the lake whose
			// columns it reads, or else filters this scan too.
			if push != nil {
				if args := at(push.idx); !pushKeys(sc, args, push.keys, push.names) {
					var f plan.Expr = push.keys.filter(args, push.names, narrowedBy)
					if semi != nil {
						f = &plan.AndExpr{L: f, R: semi}
					}
					semi = f
				}
			}
			if semi != nil {
				sc.Semi = semi
			}
		}
	}
	if log, ok := ctx.Value(subqueryLogKey{}).(*[]subqueryPlan); ok {
		*log = append(*log, subqueryPlan{sel: q, plan: p, join: true, streamed: streamed})
	}
	_, err = exec.StreamEach(ctx, p, func(int) exec.Emitter { return each() })
	return err
}

// streamOwnDerived runs a side that is a derived table made for this one
// join (an eager aggregate, a decorrelated subquery: ast.Table.Own) with
// its query's rows going straight to the side's emitters, the side's
// columns picked from them: not through the file of JSON Lines that a
// derived table is written to and read back from (see derive), whose
// values would come back as they went. TPC-H Q13's 10,000 orders per
// customer at SF 0.1 took 2 ms that way. EXPLAIN takes the file, which
// counts the table's rows. ok is false, and the side is to be made the
// other way (which says what is wrong), when the query has two columns of a
// name or lacks one of the side's.
func (s *Session) streamOwnDerived(ctx context.Context, sd *joinSide, scope []scopeTable, each func() exec.Emitter) (ok bool, err error) {
	t := sd.t
	if _, bad := s.correlated(t.Sub, scope); bad {
		return false, nil
	}
	p, done, err := s.planned(ctx, t.Sub, scope)
	if err != nil {
		return true, err
	}
	defer done()
	if twice(p.Columns) != "" {
		return false, nil
	}
	pick := make([]int, len(sd.need))
	for i, c := range sd.need {
		if pick[i] = slices.Index(p.Columns, c.field); pick[i] < 0 || c.isExpr() {
			return false, nil
		}
	}
	p.Unordered = true // the join never shows their order
	narrowed(ctx, t.Sub, p)
	_, err = exec.StreamEach(ctx, p, func(int) exec.Emitter {
		return &pickedColumns{e: each(), pick: pick, row: make([]types.Value, len(pick))}
	})
	return true, err
}

// pickedColumns sends e the values at pick of each row.
type pickedColumns struct {
	e    exec.Emitter
	pick []int
	row  []types.Value
}

func (p *pickedColumns) Columns([]string) error { return nil }

func (p *pickedColumns) Row(r []types.Value) error {
	for i, j := range p.pick {
		p.row[i] = r[j]
	}
	return p.e.Row(p.row)
}

// streamFile sends the records of f, n values each, to emitters of
// each(), one per core: this goroutine reads the file into batches, which
// the emitters' goroutines decode and take (a left join's left rows,
// probing the right side's table and going on into the statement's
// groups: TPC-H Q13's 150,000 customers, which went through one core).
// The rows go in no particular order. A small file goes to one emitter
// in the file's order.
func streamFile(f *spill.Writer, n int, each func() exec.Emitter) error {
	r, err := f.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || f.Size() < 2*recordBatch && f.Records() < 2*batchRecords {
		return eachRecord(r, n, each().Row)
	}
	type batch struct {
		data []byte
		ends []int
	}
	work := make(chan *batch, workers)
	free := make(chan *batch, 2*workers) // every batch fits: returning one never waits
	for range 2 * workers {
		free <- &batch{}
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		first  error
		failed atomic.Bool
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		failed.Store(true)
	}
	var turns exec.Turns // as a scan's workers, each makes its emitter in turn
	for range workers {
		wait, done := turns.Next()
		wg.Add(1)
		go func() {
			defer wg.Done()
			wait()
			e := each()
			done()
			var row []types.Value
			for b := range work {
				start := 0
				for _, end := range b.ends {
					if failed.Load() {
						break
					}
					var err error
					if row, err = readRecord(b.data[start:end], n, row); err == nil {
						err = e.Row(row)
					}
					if err != nil {
						fail(err)
					}
					start = end
				}
				free <- b
			}
		}()
	}
	b := <-free
	for !failed.Load() {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fail(err)
			break
		}
		b.data = append(b.data, rec...)
		b.ends = append(b.ends, len(b.data))
		if len(b.data) >= recordBatch || len(b.ends) >= batchRecords {
			work <- b
			b = <-free
			b.data, b.ends = b.data[:0], b.ends[:0]
		}
	}
	if len(b.ends) > 0 {
		work <- b
	}
	close(work)
	wg.Wait()
	return first
}

// recordWriter writes one worker's rows as spill records of their first
// n values, in batches that go to the shared file w under mu.
type recordWriter struct {
	w     *spill.Writer
	mu    *sync.Mutex
	n     int
	batch []byte
	ends  []int
}

// batchRecords is the most records a batch of streamFile holds: a file
// of small records whose rows each cost a probe and what comes after
// goes to every worker too (TPC-H Q13's 15,000 customer keys at SF 0.1,
// 82 KB, took 3.5 ms on one).
const batchRecords = 2048

// recordBatch is the bytes of records a worker holds before it writes.
const recordBatch = 64 << 10

func (r *recordWriter) Columns([]string) error { return nil }

func (r *recordWriter) Row(row []types.Value) error {
	for _, v := range row[:r.n] {
		r.batch = types.AppendValue(r.batch, v.Unspelled())
	}
	r.ends = append(r.ends, len(r.batch))
	if len(r.batch) >= recordBatch {
		return r.flush()
	}
	return nil
}

// flush writes the batch's records to the file.
func (r *recordWriter) flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := 0
	for _, end := range r.ends {
		if err := r.w.Write(r.batch[start:end]); err != nil {
			return err
		}
		start = end
	}
	r.batch, r.ends = r.batch[:0], r.ends[:0]
	return nil
}

// spellJoinedStars spells the * of each derived table of the join jn (its
// query's select list, see spellSubStar), so that the join knows the
// table's columns: a column read through the table (s.x) is one of them,
// and the query's own * lists them. It changes copies, never the tables
// jn shares with the statement.
func (s *Session) spellJoinedStars(jn *ast.Join) error {
	for _, t := range []*ast.Table{&jn.Left, &jn.Right} {
		switch {
		case t.Join != nil:
			inner := *t.Join
			if err := s.spellJoinedStars(&inner); err != nil {
				return err
			}
			t.Join = &inner
		case t.Sub != nil:
			sub, err := s.spellSubStar(t.Sub)
			if err != nil {
				return err
			}
			t.Sub = sub
		}
	}
	return nil
}

// spellSubStar returns sub with each * (t.*) of its select list spelled
// as the columns of its tables, as the query's own * would list them (a
// lake's: the fields of its first rows; a derived table's or a union's:
// their columns, their own * spelled first), or sub itself without one.
func (s *Session) spellSubStar(sub *ast.Select) (*ast.Select, error) {
	if !hasStar(sub) {
		return sub, nil
	}
	if jn := sub.From.Join; jn != nil {
		tables := append(joinTables(jn.Left, 0), joinTables(jn.Right, 1)...)
		for _, tb := range tables {
			var err error
			if tb.t.Sub != nil || tb.t.Union != nil {
				tb.fields, err = s.starFields(tb.t)
			} else {
				tb.fields = s.Fields(tb.t.Name) // expandStar orders a lake's
			}
			if err != nil {
				return nil, err
			}
		}
		using := jn.Using
		if jn.Natural {
			if jn.Left.Join != nil {
				return nil, fmt.Errorf("%w: NATURAL JOIN after a join of several tables: write ON", ErrUnsupported)
			}
			using = nil
			for _, f := range tables[0].fields {
				if slices.Contains(tables[1].fields, f) {
					using = append(using, f)
				}
			}
		}
		return s.expandStar(sub, tables, using, false)
	}
	cols, err := s.starFields(sub.From)
	if err != nil {
		return nil, err
	}
	return spellStar(sub, cols)
}

// starFields returns the columns of table t, not a join, as * lists them.
func (s *Session) starFields(t ast.Table) ([]string, error) {
	switch {
	case t.Sub != nil:
		sub, err := s.spellSubStar(t.Sub)
		if err != nil {
			return nil, err
		}
		return sub.ColumnNames(), nil
	case t.Union != nil:
		first, err := s.spellSubStar(t.Union.Parts[0])
		if err != nil {
			return nil, err
		}
		return first.ColumnNames(), nil
	case t.Name != "":
		if virtual(t.Name) {
			return s.Fields(t.Name), nil
		}
		return s.rowFields(t.Name, s.Fields(t.Name)), nil
	}
	return nil, fmt.Errorf("%w: * of %s in a derived table: name its columns", ErrUnsupported, t)
}
