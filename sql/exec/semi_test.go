package exec

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestSemiDropsWorthlessKeyIns: a KeyIn of a scan's Semi that keeps
// every row of its first ones (Off) leaves the filters of the files after
// it, alone or beside a KeyIn that still filters, and the answers are
// those of the filter it stands for: every row, and the rows whose key
// the other KeyIn holds.
func TestSemiDropsWorthlessKeyIns(t *testing.T) {
	manyChunks(t, 1, 1<<20)
	var lines []string
	for i := range 20_000 {
		lines = append(lines, fmt.Sprintf(`{"p":"p%d","k":%d,"v":%d}`, i%40, i%997, i))
	}
	snap := chunkLake(t, []string{"p"}, 0, lines)
	sel := &ast.Select{From: ast.Table{Name: "l"}, Limit: -1, Items: []ast.SelectItem{
		{Expr: &ast.Func{Name: "COUNT", Star: true}}, {Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("v")}}}}}
	run := func(semi func(k *plan.Slot) plan.Expr) (string, *scanner) {
		p, err := plan.Bind(sel, snap)
		if err != nil {
			t.Fatal(err)
		}
		optimizer.Optimize(p)
		k := &plan.Slot{I: slicesIndex(p.Scan.Fields, "k"), Name: "k"}
		if k.I < 0 {
			p.Scan.Fields = append(p.Scan.Fields, "k")
			k.I = len(p.Scan.Fields) - 1
		}
		p.Scan.Semi = semi(k)
		res, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		// A scanner of the same scan after its Semi's verdicts: the filter
		// of a file.
		sc := newScanner(p.Scan, nil, false, nil)
		sc.semi = p.Scan.Semi
		return fmt.Sprint(res.Rows), sc
	}
	all := func(k *plan.Slot) *plan.KeyIn {
		return &plan.KeyIn{Args: []plan.Expr{k}, Has: func([]byte) bool { return true }, Text: "every key"}
	}
	small := func(k *plan.Slot) *plan.KeyIn {
		return &plan.KeyIn{Args: []plan.Expr{k}, Text: "keys under 100", Has: func(b []byte) bool {
			v, rest, err := types.ReadKey(b)
			return err == nil && len(rest) == 0 && v.I < 100
		}}
	}
	var want1, want2 int64
	for i := range 20_000 {
		want1 += int64(i)
		if i%997 < 100 {
			want2 += int64(i)
		}
	}
	got, sc := run(func(k *plan.Slot) plan.Expr { return all(k) })
	if got != fmt.Sprintf("[[20000 %d]]", want1) {
		t.Errorf("every key: %s", got)
	}
	if q := sc.pred(&p0); q != nil {
		t.Errorf("a Semi that keeps every row is still the filter: %v", q)
	}
	got, sc = run(func(k *plan.Slot) plan.Expr { return &plan.AndExpr{L: all(k), R: small(k)} })
	if n := countUnder(20_000); got != fmt.Sprintf("[[%d %d]]", n, want2) {
		t.Errorf("keys under 100: %s, want %d rows, sum %d", got, n, want2)
	}
	if q := sc.pred(&p0); q == nil || q.String() != "keys under 100" {
		t.Errorf("beside a worthless KeyIn, the filter is %v", q)
	}
}

var p0 plan.ScanFile

func countUnder(n int) int {
	c := 0
	for i := range n {
		if i%997 < 100 {
			c++
		}
	}
	return c
}

func slicesIndex(s []string, x string) int {
	for i, v := range s {
		if strings.EqualFold(v, x) {
			return i
		}
	}
	return -1
}
