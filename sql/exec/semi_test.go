package exec

import (
	"context"
	"fmt"
	"slices"
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

	// A worker's plan of a file's fields, made while the KeyIn filtered,
	// is made anew once it stops: its filter no longer reads the key.
	p, err := plan.Bind(sel, snap)
	if err != nil {
		t.Fatal(err)
	}
	optimizer.Optimize(p)
	p.Scan.Fields = append(p.Scan.Fields, "k")
	k := &plan.Slot{I: len(p.Scan.Fields) - 1, Name: "k"}
	ki := all(k)
	p.Scan.Semi = ki
	sc = newScanner(p.Scan, nil, false, nil)
	before := sc.fieldPlanFor(&p0, sc.pred(&p0))
	if before.restPred == nil && len(before.rawConj) == 0 {
		t.Fatalf("the KeyIn is in no plan: %+v", before)
	}
	row := make(plan.Row, len(p.Scan.Fields))
	row[k.I] = types.IntValue(5)
	for range 5000 {
		if _, err := ki.Eval(row); err != nil {
			t.Fatal(err)
		}
	}
	if !ki.Off() {
		t.Fatal("a KeyIn that kept every row of 5,000 is on")
	}
	if after := sc.fieldPlanFor(&p0, sc.pred(&p0)); after.restPred != nil {
		t.Errorf("after the KeyIn stopped, the plan's filter is %v", after.restPred)
	}
}

var p0 = plan.ScanFile{Residual: &plan.Residual{}}

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

// TestBatchedCountTakesAnyValue: COUNT(x) grouped by an integer, which a
// scan's raw batches count without reading x, counts the rows whose x is
// any value but NULL (strings, numbers, objects, booleans), not NULL nor
// a missing member: as COUNT(CASE WHEN x IS NOT NULL THEN 1 END) does,
// beside a SUM of integers and of values that are not.
func TestBatchedCountTakesAnyValue(t *testing.T) {
	vals := []string{`"a"`, `1`, `2.5`, `null`, ``, `{"n":1}`, `[1]`, `true`, `"n"`, `"null"`, `-3`}
	var lines []string
	for i := range 9000 {
		x := vals[(i*7+i/13)%len(vals)]
		field := ""
		if x != "" {
			field = `,"x":` + x
		}
		y := fmt.Sprint(i % 50)
		if i%97 == 0 {
			y = `"s"`
		}
		lines = append(lines, fmt.Sprintf(`{"p":"p%d","g":%d,"y":%s%s}`, i%3, i%41, y, field))
	}
	snap := chunkLake(t, []string{"p"}, 0, lines)
	q := func(items ...ast.Expr) string {
		sel := &ast.Select{From: ast.Table{Name: "l"}, Limit: -1, GroupBy: []ast.Expr{ast.Col("g")},
			Items: []ast.SelectItem{{Expr: ast.Col("g")}}}
		for _, e := range items {
			sel.Items = append(sel.Items, ast.SelectItem{Expr: e})
		}
		res, err := runSelect(t, snap, sel)
		if err != nil {
			t.Fatal(err)
		}
		rows := make([]string, len(res.Rows))
		for i, r := range res.Rows {
			rows[i] = fmt.Sprint(r)
		}
		slices.Sort(rows)
		return strings.Join(rows, "\n")
	}
	count := &ast.Func{Name: "COUNT", Args: []ast.Expr{ast.Col("x")}}
	sumY := &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("y")}}
	general := &ast.Func{Name: "COUNT", Args: []ast.Expr{&ast.Case{Whens: []ast.When{{Cond: ast.IsNull{X: ast.Col("x"), Not: true}, Then: ast.Int(1)}}}}}
	got, want := q(count, &ast.Func{Name: "COUNT", Star: true}), q(general, &ast.Func{Name: "COUNT", Star: true})
	if got != want {
		t.Errorf("COUNT(x):\n%s\nwant\n%s", got, want)
	}
	if got, want := q(count, sumY), q(general, sumY); got != want {
		t.Errorf("COUNT(x), SUM(y):\n%s\nwant\n%s", got, want)
	}
}
