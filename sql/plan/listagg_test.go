package plan

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/types"
)

// callScalar calls the scalar fn of the function package on args.
func callScalar(t *testing.T, fn string, args ...types.Value) (types.Value, error) {
	t.Helper()
	f, ok := function.Lookup(fn)
	if !ok {
		t.Fatalf("no function %s", fn)
	}
	ev, err := f.BindCall(make([]*types.Value, len(args)))
	if err != nil {
		return types.Value{}, err
	}
	return ev(args)
}

// TestListAggregate: DuckDB's answers (1.5.6) to LIST_AGGREGATE and its
// macros, which run package aggregate's aggregates (function.ListAggregate
// set by this package), and the errors of a name that is no aggregate's.
func TestListAggregate(t *testing.T) {
	j, s := types.JSONValue, types.StringValue
	for _, c := range []struct {
		fn   string
		args []types.Value
		want string // the value's text ("NULL"), or "error"
	}{
		{"LIST_AGGREGATE", []types.Value{j("[1,2,null]"), s("sum")}, "3"},
		{"LIST_AGGREGATE", []types.Value{j("[]"), s("count")}, "0"},
		{"LIST_AGGREGATE", []types.Value{{}, s("sum")}, "NULL"},
		{"LIST_AGGREGATE", []types.Value{j("[]"), s("sum")}, "NULL"},
		{"LIST_AGGR", []types.Value{j(`["a","b"]`), s("string_agg"), s("|")}, "a|b"},
		{"AGGREGATE", []types.Value{j("[3,1]"), s("MIN")}, "1"},
		{"ARRAY_AGGREGATE", []types.Value{j("[1,2]"), s("quantile_cont"), types.FloatValue(0.25)}, "1.25"},
		{"LIST_STRING_AGG", []types.Value{j(`["a","b"]`)}, "a,b"},
		{"LIST_MEDIAN", []types.Value{j("[1,2,3,4]")}, "2.5"},
		{"LIST_MODE", []types.Value{j(`["a","b","a"]`)}, "a"},
		{"LIST_PRODUCT", []types.Value{j("[1,2,3]")}, "6.0"},
		{"LIST_BOOL_AND", []types.Value{j("[true,false]")}, "false"},
		{"LIST_ANY_VALUE", []types.Value{j("[null,2]")}, "2"},
		{"LIST_APPROX_COUNT_DISTINCT", []types.Value{j("[1,1,2]")}, "2"},
		{"LIST_MEDIAN", []types.Value{{}}, "NULL"},
		{"LIST_AGGREGATE", []types.Value{j("[1]"), s("nope")}, "error"},
		{"LIST_AGGREGATE", []types.Value{j("[1]"), types.IntValue(3)}, "error"},
		{"LIST_AGGREGATE", []types.Value{s("x"), s("sum")}, "error"},
	} {
		got, err := callScalar(t, c.fn, c.args...)
		switch {
		case c.want == "error":
			if !errors.Is(err, function.ErrArgs) {
				t.Errorf("%s%v: %v, %v; want an error of its arguments", c.fn, c.args, got, err)
			}
		case err != nil:
			t.Errorf("%s%v: %v", c.fn, c.args, err)
		case got.String() != c.want && !(got.K == types.Null && c.want == "NULL"):
			t.Errorf("%s%v = %s %q, want %q", c.fn, c.args, got.K, got.String(), c.want)
		}
	}
	// Each macro is typed as its aggregate is.
	for _, m := range function.ListAggregateMacros() {
		if want := aggregate.Double(m.Agg); m.Double != want {
			t.Errorf("%s: DOUBLE %v, but %s is %v", m.Name, m.Double, m.Agg, want)
		}
	}
}

// TestListAggregateAsFolds: LIST_AGGREGATE with COUNT, SUM, AVG, MIN and
// MAX gives what LIST_COUNT, LIST_SUM, … give, which fold the list
// themselves, over random lists of integers, doubles and NULLs.
func TestListAggregateAsFolds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 300 {
		els := make([]string, r.IntN(8))
		for k := range els {
			switch r.IntN(4) {
			case 0:
				els[k] = "null"
			case 1:
				if i%2 == 0 {
					els[k] = fmt.Sprint(r.Float64()*100 - 50)
					break
				}
				fallthrough
			default:
				els[k] = fmt.Sprint(r.Int64N(1000) - 500)
			}
		}
		list := types.JSONValue("[" + strings.Join(els, ",") + "]")
		for _, name := range []string{"count", "sum", "avg", "min", "max"} {
			want, err := callScalar(t, "LIST_"+strings.ToUpper(name), list)
			if err != nil {
				t.Fatal(err)
			}
			got, err := callScalar(t, "LIST_AGGREGATE", list, types.StringValue(name))
			if err != nil {
				t.Fatalf("LIST_AGGREGATE(%s, %q): %v", list.S, name, err)
			}
			if types.Compare(got, want) != 0 && !closeFloats(got, want) || got.K != want.K {
				t.Errorf("LIST_AGGREGATE(%s, %q) = %v, LIST_%s gives %v", list.S, name, got, strings.ToUpper(name), want)
			}
		}
	}
}

// closeFloats: two DOUBLEs within 1e-12 relative (sums in another order).
func closeFloats(a, b types.Value) bool {
	x, y := a.F(), b.F()
	return a.K == types.Float && b.K == types.Float && math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
}
