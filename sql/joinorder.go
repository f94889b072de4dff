package sql

import (
	"context"
	"io"
	"math"
	"slices"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/storage"
)

// The order of a chain of inner and comma joins. Joins run from the left,
// each joining the rows of the tables before with one more table; written
// as TPC-H writes them (FROM part, supplier, partsupp, …), the first two
// tables may share no equality, and their join would be every pair of
// rows. So a chain of three or more tables is put in the order that joins
// each table to one before it by an equality where it can, choosing, from
// every first table, the order whose joins are estimated to give the
// fewest rows in all, and the one as written on a tie.
//
// The estimates are a planner's simplest: a table has the rows its
// manifest counts, a quarter of them kept by each WHERE term that reads it
// alone (at most three terms counted), and a join on an equality of
// columns of tables of r1 and r2 rows gives s·t/d rows of inputs of s and
// t rows, d the larger of the two columns' numbers of distinct values
// (with more than one equality, the one that keeps fewest). A column has
// few values when it is a key field of its lake (the manifest counts
// them) or when its lake's first rows hold at most fewValuesAtMost of
// them (c_nationkey = s_nationkey pairs many rows with many); any other
// is taken for a key of the smaller table, min(r1, r2) values (the
// common case of a fact table and its dimensions). A derived or metadata
// table, whose rows are not counted before it runs, counts as
// derivedRows.

// derivedRows is the rows a derived table counts as in a join's order.
const derivedRows = 100_000

// A column has few values when the first sampleRows rows of its lake
// hold at most fewValuesAtMost of them.
const (
	sampleRows      = 1000
	fewValuesAtMost = 32
)

// fewValues reports a field of a lake (its snapshot) with few distinct values, and how
// many: a key field's from the manifest, another's from its first rows.
func (s *Session) fewValues(snap *catalog.Snapshot, field string) (float64, bool) {
	if len(snap.Files()) == 0 {
		return 0, false
	}
	lake := snap.Name()
	if k := slices.Index(snap.Key(), field); k >= 0 {
		seen := map[string]bool{}
		for _, f := range snap.Files() {
			if k < len(f.Partition) {
				seen[f.Partition[k].String()] = true
			}
		}
		return float64(len(seen)), true
	}
	n := s.cached(&s.ndv, lake+"\x00"+field, func() float64 {
		r, err := snap.Open(snap.Files()[0].Path)
		if err != nil {
			return -1
		}
		defer r.Close()
		return sampleDistinct(r, field)
	})
	return n, n >= 0
}

// cached is the estimate of key in the session's map m, made by estimate
// the first time (a negative one: none).
func (s *Session) cached(m *map[string]float64, key string, estimate func() float64) float64 {
	return remembered(s, m, key, func() (float64, bool) { return estimate(), true })
}

// remembered is the value of key in the session's map m (guarded by its
// mutex), made by compute the first time and kept when compute says so.
func remembered[V any](s *Session, m *map[string]V, key string, compute func() (V, bool)) V {
	s.mu.Lock()
	v, ok := (*m)[key]
	s.mu.Unlock()
	if ok {
		return v
	}
	v, keep := compute()
	if keep {
		s.mu.Lock()
		if *m == nil {
			*m = map[string]V{}
		}
		(*m)[key] = v
		s.mu.Unlock()
	}
	return v
}

// sampleDistinct counts the distinct raw values of field in the first
// sampleRows rows of r: -1 when they are more than fewValuesAtMost.
func sampleDistinct(r io.Reader, field string) float64 {
	seen := map[string]bool{}
	lr := storage.NewLineReader(r, 256<<10)
	for range sampleRows {
		line, err := lr.Next()
		if err != nil {
			break
		}
		_ = storage.Members(line, func(name string, raw []byte) {
			if name == field && !seen[string(raw)] {
				seen[string(raw)] = true
			}
		})
		if len(seen) > fewValuesAtMost {
			return -1
		}
	}
	return float64(len(seen))
}

// reorder returns sel with its FROM, a chain of three or more tables
// joined by inner or comma joins, in the order that joins them best; ON
// terms go to WHERE (the same condition for an inner join). Any other
// FROM is returned as it is.
func (s *Session) reorder(ctx context.Context, sel *ast.Select) *ast.Select {
	var tables []ast.Table
	var terms []ast.Expr
	var flat func(t ast.Table) bool
	flat = func(t ast.Table) bool {
		if t.Join == nil {
			tables = append(tables, t)
			return true
		}
		j := t.Join
		if j.Kind != ast.InnerJoin && j.Kind != ast.CrossJoin || len(j.Using) > 0 || !flat(j.Left) || !flat(j.Right) {
			return false
		}
		terms = append(terms, ast.Conjuncts(j.On)...)
		return true
	}
	if sel.From.Join == nil || !flat(sel.From) || len(tables) < 3 {
		return sel
	}
	scope := make([]scopeTable, len(tables))
	raw := make([]float64, len(tables))
	snaps := make([]*catalog.Snapshot, len(tables)) // of the lakes, read once
	for i, t := range tables {
		scope[i] = s.tablesOf(t)[0]
		raw[i] = derivedRows
		snap, err := s.lakeSnapshot(t)
		if err != nil {
			return sel // the join reports it
		}
		if snap != nil {
			snaps[i] = snap
			raw[i] = max(float64(snap.Manifest.Rows()), 1)
		}
	}
	all := append(slices.Clone(terms), ast.Conjuncts(sel.Where)...)
	filters := make([][]ast.Expr, len(tables))
	// edge[i][j]: the rows a join of tables i and j divides by, 0 when
	// they share no equality.
	edge := make([][]float64, len(tables))
	for i := range edge {
		edge[i] = make([]float64, len(tables))
	}
	// ndv is the distinct values a column of table i is taken to have in
	// a join with table j: a few, when the manifest (a key field) or the
	// first rows say so; else those of a key of the smaller table.
	ndv := func(i, j int, c ast.Column) float64 {
		field := c.Path[len(c.Path)-1]
		if snaps[i] != nil && len(c.Path) <= 2 {
			if n, ok := s.fewValues(snaps[i], field); ok {
				return n
			}
		}
		return min(raw[i], raw[j])
	}
	// reads is the one table that e reads (-1: several or none).
	reads := func(e ast.Expr) int {
		read := -2
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				if i := columnTable(c, scope); read == -2 || read == i {
					read = i
				} else {
					read = -1
				}
			}
			return !isSubquery(x)
		})
		return max(read, -1)
	}
	for _, t := range all {
		if cmp, ok := t.(ast.Compare); ok && cmp.Op == "=" {
			l, lok := cmp.L.(ast.Column)
			r, rok := cmp.R.(ast.Column)
			if lok && rok {
				a, b := columnTable(l, scope), columnTable(r, scope)
				if a >= 0 && b >= 0 && a != b {
					d := max(ndv(a, b, l), ndv(b, a, r))
					edge[a][b], edge[b][a] = max(edge[a][b], d), max(edge[b][a], d)
					continue
				}
			} else if a, b := reads(cmp.L), reads(cmp.R); a >= 0 && b >= 0 && a != b {
				// An equality of expressions of two tables (a.x = b.y + 1)
				// joins them as a key of the smaller one would.
				d := min(raw[a], raw[b])
				edge[a][b], edge[b][a] = max(edge[a][b], d), max(edge[b][a], d)
				continue
			}
		}
		if read := reads(t); read >= 0 {
			filters[read] = append(filters[read], t)
		}
	}
	est := make([]float64, len(tables))
	for i := range tables {
		share := math.Pow(0.25, float64(min(len(filters[i]), 3)))
		if snaps[i] != nil {
			if v, ok := s.selectivity(ctx, snaps[i], tables[i], filters[i]); ok {
				share = v
			}
		}
		est[i] = max(raw[i]*share, 1)
	}
	// greedy is the order from table first, and the rows its joins give.
	greedy := func(first int) ([]int, []float64, float64) {
		order := []int{first}
		rows, cost := est[first], 0.0
		var out []float64 // the rows after each join
		for len(order) < len(tables) {
			best, bestRows := -1, math.Inf(1)
			for j := range tables {
				if slices.Contains(order, j) {
					continue
				}
				d := 0.0
				for _, i := range order {
					d = max(d, edge[i][j])
				}
				out := rows * est[j]
				if d > 0 {
					out /= d
				} else {
					out = out*1e6 + 1e12 // a cross join: only when nothing else is left
				}
				if out < bestRows {
					best, bestRows = j, out
				}
			}
			order = append(order, best)
			rows = max(bestRows, 1)
			out = append(out, rows)
			cost += rows
		}
		return order, out, cost
	}
	bestOrder, bestRows, bestCost := []int(nil), []float64(nil), math.Inf(1)
	for first := range tables {
		if order, rows, cost := greedy(first); cost < bestCost {
			bestOrder, bestRows, bestCost = order, rows, cost
		}
	}
	// Each table, and each join of the chain, carries its estimate.
	estimated := func(i int) ast.Table {
		t := tables[i]
		if snaps[i] != nil {
			t.Rows = est[i]
		}
		return t
	}
	out := *sel
	out.From = estimated(bestOrder[0])
	for n, i := range bestOrder[1:] {
		out.From = ast.Table{Join: &ast.Join{Left: out.From, Right: estimated(i), Kind: ast.CrossJoin}, Rows: bestRows[n]}
	}
	out.Where = nil
	for _, t := range all {
		out.Where = andOf(out.Where, t)
	}
	return &out
}

// columnTable is the index of the table of tables that column c is of: the
// one it is qualified by, else the one whose first rows have the field;
// -1 when none, or several, have it.
func columnTable(c ast.Column, tables []scopeTable) int {
	if len(c.Path) > 1 {
		if i := slices.IndexFunc(tables, func(t scopeTable) bool { return t.name == c.Path[0] }); i >= 0 {
			return i
		}
	}
	found := -1
	for i, t := range tables {
		if slices.Contains(t.fields, c.Path[0]) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}
