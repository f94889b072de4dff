package optimizer

import (
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// noFiles is a source without files: enough to bind a filter.
type noFiles struct{}

func (noFiles) Name() string                       { return "l" }
func (noFiles) Generation() int64                  { return 0 }
func (noFiles) Key() []string                      { return []string{"k1", "k2"} }
func (noFiles) Files() []storage.FileEntry         { return nil }
func (noFiles) Open(string) (io.ReadCloser, error) { return nil, io.EOF }
func (noFiles) Path(rel string) string             { return rel }

// evalPred is a random condition over k1 and k2.
func evalPred(rng *rand.Rand, depth int) ast.Expr {
	if depth > 0 && rng.IntN(3) > 0 {
		l, r := evalPred(rng, depth-1), evalPred(rng, depth-1)
		switch rng.IntN(3) {
		case 0:
			return ast.And{L: l, R: r}
		case 1:
			return ast.Or{L: l, R: r}
		}
		return ast.Not{X: l}
	}
	col := func() ast.Expr { return ast.Col([]string{"k1", "k2"}[rng.IntN(2)]) }
	lit := func() ast.Expr {
		switch rng.IntN(3) {
		case 0:
			return ast.Int(int64(rng.IntN(12) - 1))
		case 1:
			return ast.Literal{Value: types.FloatValue(2.5), Text: "2.5"}
		}
		return ast.Str([]string{"a", "1", "10", "", "true", "2.5", "NULL"}[rng.IntN(7)])
	}
	switch rng.IntN(5) {
	case 0:
		return ast.IsNull{X: col(), Not: rng.IntN(2) == 0}
	case 1:
		return ast.In{X: col(), List: []ast.Expr{lit(), lit()}, Not: rng.IntN(2) == 0}
	case 2:
		return ast.Compare{Op: "=", L: col(), R: col()}
	}
	return ast.Compare{Op: []string{"=", "!=", "<", "<=", ">", ">="}[rng.IntN(6)], L: col(), R: lit(), Text: rng.IntN(5) == 0}
}

// TestEvalSound: for random conditions and random sets of values the key
// fields may have, Eval's truth set holds the truth of the condition on
// every row those values make (the pruner never skips a file a row of
// which matches); for a condition that is no AND, OR or NOT it is exactly
// the set of those truths; and a field with no values known (nil) makes
// any truth possible.
func TestEvalSound(t *testing.T) {
	pool := []types.Value{{}, types.StringValue("a"), types.StringValue("1"), types.StringValue("10"),
		types.StringValue(""), types.StringValue("true"), types.IntValue(1), types.IntValue(10),
		types.FloatValue(2.5), types.BoolValue(true), types.BoolValue(false), types.StringValue("NULL")}
	rng := rand.New(rand.NewPCG(4, 4))
	for range 3000 {
		where := evalPred(rng, 3)
		sel := &ast.Select{Items: []ast.SelectItem{{Expr: ast.Col("k1")}}, From: ast.Table{Name: "l"}, Where: where, Limit: -1}
		p, err := plan.Bind(sel, noFiles{})
		if err != nil {
			t.Fatalf("bind %s: %v", where, err)
		}
		f := p.Scan.Filter
		part := make([][]types.Value, len(p.Scan.Fields))
		for i, name := range p.Scan.Fields {
			if name != "k1" && name != "k2" {
				continue
			}
			for _, v := range pool {
				if rng.IntN(4) == 0 {
					part[i] = append(part[i], v)
				}
			}
			if len(part[i]) == 0 {
				part[i] = []types.Value{pool[rng.IntN(len(pool))]}
			}
		}
		got := Eval(f, part)
		var union types.Truth
		row := make(plan.Row, len(part))
		var each func(i int)
		each = func(i int) {
			if i == len(part) {
				tr, err := plan.EvalTruth(f, row)
				if err != nil {
					t.Fatalf("%s on %v: %v", f, row, err)
				}
				union |= tr
				if got&tr == 0 {
					t.Fatalf("%s: Eval gives %v over %v, but the row %v is %v", f, got, part, row, tr)
				}
				return
			}
			for _, v := range part[i] {
				row[i] = v
				each(i + 1)
			}
		}
		each(0)
		switch f.(type) {
		case *plan.AndExpr, *plan.OrExpr, *plan.NotExpr:
		default:
			if got != union {
				t.Fatalf("%s: Eval gives %v over %v, the rows %v", f, got, part, union)
			}
		}
		// Unknown values of a field the condition reads: anything.
		if slots := plan.Slots(f); len(slots) > 0 {
			blind := slices.Clone(part)
			blind[slots[0]] = nil
			if g := Eval(f, blind); g&got != got {
				t.Fatalf("%s: Eval gives %v with a field unknown, %v with it known", f, g, got)
			}
		}
	}
}
