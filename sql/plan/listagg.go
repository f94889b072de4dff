package plan

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/types"
)

// LIST_AGGREGATE runs an aggregate of package aggregate over a list's
// elements; the function package, which may not import that package
// (docs/design.md), calls it through function.ListAggregate.
func init() { function.ListAggregate = listAggregate }

// listAggregate is the aggregate called name (upper case) of els, each
// added with the further arguments extra after it; ok false when no
// aggregate has that name.
func listAggregate(name string, els, extra []types.Value) (types.Value, bool, error) {
	var sep *string
	distinct := false
	switch name {
	case "STRING_AGG", "GROUP_CONCAT", "LISTAGG":
		// The separator is an argument of the call, not of each row.
		if len(extra) == 1 {
			if extra[0].K != types.String {
				return types.Value{}, true, fmt.Errorf("%w: the separator of %s is text, not %s", function.ErrArgs, name, extra[0].K)
			}
			sep, extra = &extra[0].S, nil
		}
	case "APPROX_COUNT_DISTINCT":
		// The exact count, as the parser counts the aggregate's.
		name, distinct = "COUNT", true
	}
	f, ok, err := aggregate.Lookup(name, 1+len(extra), distinct, sep)
	if err != nil || !ok {
		return types.Value{}, ok, err
	}
	st := f.New()
	args := append([]types.Value{{}}, extra...)
	for _, v := range els {
		args[0] = v
		if err := st.Add(args); err != nil {
			return types.Value{}, true, err
		}
	}
	v, err := aggregate.Final(st)
	return v, true, err
}
