package function

import (
	"fmt"
	"strings"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's LIST_AGGREGATE(list, name, args…): an aggregate over a list's
// elements, the aggregate package's own, so that LIST_MEDIAN answers as
// MEDIAN does; and DuckDB's macros over it (LIST_MEDIAN(l) is
// LIST_AGGREGATE(l, 'median')).

// listAggs are DuckDB's LIST_<aggregate> macros and the aggregate each
// calls.
var listAggs = [][2]string{
	{"LIST_ANY_VALUE", "ANY_VALUE"}, {"LIST_APPROX_COUNT_DISTINCT", "APPROX_COUNT_DISTINCT"},
	{"LIST_BIT_AND", "BIT_AND"}, {"LIST_BIT_OR", "BIT_OR"}, {"LIST_BIT_XOR", "BIT_XOR"},
	{"LIST_BOOL_AND", "BOOL_AND"}, {"LIST_BOOL_OR", "BOOL_OR"}, {"LIST_ENTROPY", "ENTROPY"},
	{"LIST_KURTOSIS", "KURTOSIS"}, {"LIST_KURTOSIS_POP", "KURTOSIS_POP"}, {"LIST_MAD", "MAD"},
	{"LIST_MEDIAN", "MEDIAN"}, {"LIST_MODE", "MODE"}, {"LIST_PRODUCT", "PRODUCT"}, {"LIST_SEM", "SEM"},
	{"LIST_SKEWNESS", "SKEWNESS"}, {"LIST_STDDEV_POP", "STDDEV_POP"}, {"LIST_STDDEV_SAMP", "STDDEV_SAMP"},
	{"LIST_STRING_AGG", "STRING_AGG"}, {"LIST_VAR_POP", "VAR_POP"}, {"LIST_VAR_SAMP", "VAR_SAMP"},
}

func init() {
	register(&Scalar{Name: "LIST_AGGREGATE", Aliases: []string{"LIST_AGGR", "ARRAY_AGGREGATE", "ARRAY_AGGR", "AGGREGATE"},
		MinArgs: 2, MaxArgs: -1, Fn: listAggregateFn,
		Signature: "LIST_AGGREGATE(list, name[, arg, …])",
		Summary:   "The aggregate called name (text: 'sum', 'median', 'string_agg', …) over the list's elements, its further arguments after them: LIST_AGGREGATE([1, 2], 'sum') is 3; NULL of a NULL list."})
	for _, la := range listAggs {
		agg := la[1]
		register(&Scalar{Name: la[0], MinArgs: 1, MaxArgs: 1, NullIn: true, Double: aggregate.Double(agg),
			Fn: func(a []types.Value) (types.Value, error) {
				return listAggregate(agg, a[0], nil)
			},
			Signature: la[0] + "(list)",
			Summary:   fmt.Sprintf("%s of the list's elements: LIST_AGGREGATE(list, '%s').", agg, strings.ToLower(agg))})
	}
}

func listAggregateFn(a []types.Value) (types.Value, error) {
	if a[1].K != types.String {
		return types.Value{}, fmt.Errorf("%w: the second argument is the aggregate's name, text, not %s %s", ErrArgs, a[1].K, quote(a[1]))
	}
	return listAggregate(strings.ToUpper(a[1].S), a[0], a[2:])
}

// listAggregate is the aggregate name (upper case) of list's elements,
// each added with the further arguments extra after it.
func listAggregate(name string, list types.Value, extra []types.Value) (types.Value, error) {
	els, ok, err := ListArg("LIST_AGGREGATE", list)
	if err != nil || !ok {
		return types.Value{}, err
	}
	var sep *string
	distinct := false
	switch name {
	case "STRING_AGG", "GROUP_CONCAT", "LISTAGG":
		// The separator is an argument of the call, not of each row.
		if len(extra) == 1 {
			if extra[0].K != types.String {
				return types.Value{}, fmt.Errorf("%w: the separator of %s is text, not %s", ErrArgs, name, extra[0].K)
			}
			sep, extra = &extra[0].S, nil
		}
	case "APPROX_COUNT_DISTINCT":
		// The exact count, as the parser counts the aggregate's.
		name, distinct = "COUNT", true
	}
	f, ok, err := aggregate.Lookup(name, 1+len(extra), distinct, sep)
	switch {
	case err != nil:
		return types.Value{}, err
	case !ok:
		return types.Value{}, fmt.Errorf("%w: no aggregate is named %s", ErrArgs, quote(types.StringValue(strings.ToLower(name))))
	}
	st := f.New()
	args := append([]types.Value{{}}, extra...)
	for _, v := range els {
		args[0] = v
		if err := st.Add(args); err != nil {
			return types.Value{}, err
		}
	}
	return aggregate.Final(st)
}
