package function

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's LIST_AGGREGATE(list, name, args…): an aggregate over a list's
// elements, the aggregate package's own, so that LIST_MEDIAN answers as
// MEDIAN does; and DuckDB's macros over it (LIST_MEDIAN(l) is
// LIST_AGGREGATE(l, 'median')).

// listAggs are DuckDB's LIST_<aggregate> macros, the aggregate each
// calls, and whether its results are DOUBLEs (aggregate.Double, which
// package plan's tests check against).
var listAggs = []ListAggregateMacro{
	{"LIST_ANY_VALUE", "ANY_VALUE", false}, {"LIST_APPROX_COUNT_DISTINCT", "APPROX_COUNT_DISTINCT", false},
	{"LIST_BIT_AND", "BIT_AND", false}, {"LIST_BIT_OR", "BIT_OR", false}, {"LIST_BIT_XOR", "BIT_XOR", false},
	{"LIST_BOOL_AND", "BOOL_AND", false}, {"LIST_BOOL_OR", "BOOL_OR", false}, {"LIST_ENTROPY", "ENTROPY", true},
	{"LIST_KURTOSIS", "KURTOSIS", true}, {"LIST_KURTOSIS_POP", "KURTOSIS_POP", true}, {"LIST_MAD", "MAD", true},
	{"LIST_MEDIAN", "MEDIAN", false}, {"LIST_MODE", "MODE", false}, {"LIST_PRODUCT", "PRODUCT", true}, {"LIST_SEM", "SEM", true},
	{"LIST_SKEWNESS", "SKEWNESS", true}, {"LIST_STDDEV_POP", "STDDEV_POP", true}, {"LIST_STDDEV_SAMP", "STDDEV_SAMP", true},
	{"LIST_STRING_AGG", "STRING_AGG", false}, {"LIST_VAR_POP", "VAR_POP", true}, {"LIST_VAR_SAMP", "VAR_SAMP", true},
}

// A ListAggregateMacro is one of DuckDB's LIST_<aggregate> macros: its
// name, its aggregate's, and whether it is typed DOUBLE.
type ListAggregateMacro struct {
	Name, Agg string
	Double    bool
}

// ListAggregateMacros lists the LIST_<aggregate> macros.
func ListAggregateMacros() []ListAggregateMacro { return slices.Clone(listAggs) }

func init() {
	register(&Scalar{Name: "LIST_AGGREGATE", Aliases: []string{"LIST_AGGR", "ARRAY_AGGREGATE", "ARRAY_AGGR", "AGGREGATE"},
		MinArgs: 2, MaxArgs: -1, Fn: listAggregateFn,
		Signature: "LIST_AGGREGATE(list, name[, arg, …])",
		Summary:   "The aggregate called name (text: 'sum', 'median', 'string_agg', …) over the list's elements, its further arguments after them: LIST_AGGREGATE([1, 2], 'sum') is 3; NULL of a NULL list."})
	for _, la := range listAggs {
		agg := la.Agg
		register(&Scalar{Name: la.Name, MinArgs: 1, MaxArgs: 1, NullIn: true, Double: la.Double,
			Fn: func(a []types.Value) (types.Value, error) {
				return listAggregate(agg, a[0], nil)
			},
			Signature: la.Name + "(list)",
			Summary:   fmt.Sprintf("%s of the list's elements: LIST_AGGREGATE(list, '%s').", agg, strings.ToLower(agg))})
	}
}

func listAggregateFn(a []types.Value) (types.Value, error) {
	if a[1].K != types.String {
		return types.Value{}, fmt.Errorf("%w: the second argument is the aggregate's name, text, not %s %s", ErrArgs, a[1].K, quote(a[1]))
	}
	return listAggregate(strings.ToUpper(a[1].S), a[0], a[2:])
}

// ListAggregate is the aggregate called name (upper case) of a list's
// elements els, each added with the further arguments extra after it;
// ok false when no aggregate has that name. Package plan sets it: this
// package may not import package aggregate (docs/design.md), and the
// binder, which knows both, joins them.
var ListAggregate func(name string, els, extra []types.Value) (v types.Value, ok bool, err error)

// listAggregate is LIST_AGGREGATE(list, name, extra…).
func listAggregate(name string, list types.Value, extra []types.Value) (types.Value, error) {
	els, ok, err := ListArg("LIST_AGGREGATE", list)
	if err != nil || !ok {
		return types.Value{}, err
	}
	if ListAggregate == nil {
		return types.Value{}, fmt.Errorf("%w: no aggregates here (package plan sets function.ListAggregate)", ErrArgs)
	}
	v, ok, err := ListAggregate(name, els, extra)
	if err == nil && !ok {
		err = fmt.Errorf("%w: no aggregate is named %s", ErrArgs, quote(types.StringValue(strings.ToLower(name))))
	}
	return v, err
}
