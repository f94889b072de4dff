package exec

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/storage"
)

// TestScansKeepLineReaders: a scan's workers give their line readers back
// as it ends, and the next scans take those (no new ones), whose answers
// are those of scans with new readers, for other fields and filters.
func TestScansKeepLineReaders(t *testing.T) {
	manyChunks(t, 2, 3000)
	old := lines.free
	lines.free = nil
	t.Cleanup(func() { lines.free = old })
	var rows []string
	for i := range 4000 {
		rows = append(rows, fmt.Sprintf(`{"k":"k%d","v":%d,"s":"%s","w":%d.5}`, i%7, i, strings.Repeat("ab", i%9), i%13))
	}
	snap := chunkLake(t, []string{"k"}, 300, rows)
	sum := func(field string, where ast.Expr) *ast.Select {
		return &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1, Items: []ast.SelectItem{
			{Expr: &ast.Func{Name: "COUNT", Star: true}},
			{Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col(field)}}},
			{Expr: &ast.Func{Name: "MAX", Args: []ast.Expr{&ast.Func{Name: "LENGTH", Args: []ast.Expr{ast.Col("s")}}}}}}}
	}
	queries := []*ast.Select{
		sum("v", nil),
		sum("w", ast.Compare{Op: ">", L: ast.Col("v"), R: ast.Int(1234)}),
		sum("v", ast.Compare{Op: "=", L: ast.Col("k"), R: ast.Str("k3")}),
		sum("w", ast.Compare{Op: "<", L: ast.Col("w"), R: ast.Int(4)}),
	}
	answer := func(sel *ast.Select) string {
		res, err := runSelect(t, snap, sel)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(res.Rows)
	}
	var want []string
	for _, sel := range queries {
		lines.free = nil
		want = append(want, answer(sel))
	}
	lines.free = nil
	answer(queries[0])
	// A worker that finds no chunk left (a loaded machine) takes none.
	if n := len(lines.free); n < 1 || n > 2 {
		t.Fatalf("%d line readers kept after a scan of 2 workers", n)
	}
	// Two kept readers: every scan of at most 2 workers takes those.
	kept := []*storage.RowReader{storage.NewRowReader(nil, scanBlock, nil), storage.NewRowReader(nil, scanBlock, nil)}
	lines.free = slices.Clone(kept)
	for i, sel := range queries {
		if got := answer(sel); got != want[i] {
			t.Errorf("%s: %s with kept readers, %s with new ones", sel, got, want[i])
		}
		if len(lines.free) != 2 || slices.ContainsFunc(lines.free, func(rr *storage.RowReader) bool { return !slices.Contains(kept, rr) }) {
			t.Fatalf("%s: kept readers %p, before %p", sel, lines.free, kept)
		}
	}
}
