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

// TestListPlaces: DuckDB's answers (1.5.6) to LIST_GRADE_UP, LIST_WHERE,
// LIST_SELECT, LIST_RESIZE and DAYS_IN_MONTH.
func TestListPlaces(t *testing.T) {
	check(t, []vector{
		{fn: "LIST_GRADE_UP", args: A(J("[30,10,20]")), want: J("[2,3,1]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,null,1]")), want: J("[3,1,2]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,null,1]"), S("DESC")), want: J("[1,3,2]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,1,2]"), S("ASC"), S("NULLS FIRST")), want: J("[2,3,1]")},
		{fn: "GRADE_UP", args: A(J(`["b","a","b"]`)), want: J("[2,1,3]")},
		{fn: "LIST_GRADE_UP", args: A(J("[1]"), S("UP")), err: ErrArgs},
		{fn: "LIST_WHERE", args: A(J("[10,20,30]"), J("[true,false,true]")), want: J("[10,30]")},
		{fn: "LIST_WHERE", args: A(J("[1,2]"), J("[true]")), want: J("[1]")},
		{fn: "ARRAY_WHERE", args: A(J("[1]"), J("[true,true]")), want: J("[1,null]")},
		{fn: "LIST_WHERE", args: A(J("[1,2,3]"), J("[true,null,true]")), err: ErrArgs},
		{fn: "LIST_SELECT", args: A(J("[10,20,30]"), J("[3,1,5]")), want: J("[30,10,null]")},
		{fn: "ARRAY_SELECT", args: A(J("[1,2]"), J("[0,-1]")), want: J("[null,null]")},
		{fn: "LIST_SELECT", args: A(J("[1,2]"), J("[null]")), err: ErrArgs},
		{fn: "LIST_RESIZE", args: A(J("[1,2]"), I(4)), want: J("[1,2,null,null]")},
		{fn: "LIST_RESIZE", args: A(J("[1,2]"), I(4), I(0)), want: J("[1,2,0,0]")},
		{fn: "ARRAY_RESIZE", args: A(J("[1,2,3]"), I(1)), want: J("[1]")},
		{fn: "LIST_RESIZE", args: A(J("[1]"), I(0)), want: J("[]")},
		{fn: "LIST_RESIZE", args: A(N, I(2)), want: N},
		{fn: "LIST_RESIZE", args: A(J("[1]"), I(-1)), err: ErrArgs},
		{fn: "DAYS_IN_MONTH", args: A(D("2024-02-10")), want: I(29)},
		{fn: "DAYS_IN_MONTH", args: A(TS("2023-12-31 23:00:00")), want: I(31)},
	})
}
