package function

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestListAggregate: DuckDB's answers (1.5.6) to LIST_AGGREGATE and its
// macros, and the errors of a name that is no aggregate's.
func TestListAggregate(t *testing.T) {
	check(t, []vector{
		{fn: "LIST_AGGREGATE", args: A(J("[1,2,null]"), S("sum")), want: I(3)},
		{fn: "LIST_AGGREGATE", args: A(J("[]"), S("count")), want: I(0)},
		{fn: "LIST_AGGREGATE", args: A(N, S("sum")), want: N},
		{fn: "LIST_AGGREGATE", args: A(J("[]"), S("sum")), want: N},
		{fn: "LIST_AGGR", args: A(J(`["a","b"]`), S("string_agg"), S("|")), want: S("a|b")},
		{fn: "AGGREGATE", args: A(J("[3,1]"), S("MIN")), want: I(1)},
		{fn: "ARRAY_AGGREGATE", args: A(J("[1,2]"), S("quantile_cont"), F(0.25)), want: F(1.25)},
		{fn: "LIST_STRING_AGG", args: A(J(`["a","b"]`)), want: S("a,b")},
		{fn: "LIST_MEDIAN", args: A(J("[1,2,3,4]")), want: F(2.5)},
		{fn: "LIST_MODE", args: A(J(`["a","b","a"]`)), want: S("a")},
		{fn: "LIST_PRODUCT", args: A(J("[1,2,3]")), want: F(6)},
		{fn: "LIST_BOOL_AND", args: A(J("[true,false]")), want: B(false)},
		{fn: "LIST_ANY_VALUE", args: A(J("[null,2]")), want: I(2)},
		{fn: "LIST_APPROX_COUNT_DISTINCT", args: A(J("[1,1,2]")), want: I(2)},
		{fn: "LIST_MEDIAN", args: A(N), want: N},
		{fn: "LIST_AGGREGATE", args: A(J("[1]"), S("nope")), err: ErrArgs},
		{fn: "LIST_AGGREGATE", args: A(J("[1]"), I(3)), err: ErrArgs},
		{fn: "LIST_AGGREGATE", args: A(S("x"), S("sum")), err: ErrArgs},
	})
}

// TestListAggregateAsFolds: LIST_AGGREGATE with COUNT, SUM, AVG, MIN and
// MAX gives what LIST_COUNT, LIST_SUM, … give, which fold the list
// themselves, over random lists of integers, doubles and NULLs.
func TestListAggregateAsFolds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 300 {
		els := make([]string, r.IntN(8))
		for j := range els {
			switch r.IntN(4) {
			case 0:
				els[j] = "null"
			case 1:
				if i%2 == 0 {
					els[j] = fmt.Sprint(r.Float64()*100 - 50)
					break
				}
				fallthrough
			default:
				els[j] = fmt.Sprint(r.Int64N(1000) - 500)
			}
		}
		list := J("[" + strings.Join(els, ",") + "]")
		for _, name := range []string{"count", "sum", "avg", "min", "max"} {
			want, err := call("LIST_"+strings.ToUpper(name), A(list), false)
			if err != nil {
				t.Fatal(err)
			}
			got, err := call("LIST_AGGREGATE", A(list, S(name)), false)
			if err != nil {
				t.Fatalf("LIST_AGGREGATE(%s, %q): %v", list.S, name, err)
			}
			if !same(got, want) && !(got.K == want.K && closeEnough(got, want)) {
				t.Errorf("LIST_AGGREGATE(%s, %q) = %s, LIST_%s gives %s", list.S, name, show(got), strings.ToUpper(name), show(want))
			}
		}
	}
}

// closeEnough: two DOUBLEs within 1e-12 relative (sums in another order).
func closeEnough(a, b types.Value) bool {
	x, y := a.F(), b.F()
	return a.K == types.Float && math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
}
