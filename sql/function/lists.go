package function

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/types"
)

// A lake's JSON array (a value of kind JSON that is an array) is what
// DuckDB reads as a list (read_json gives ["new", "vip"] the type
// VARCHAR[]): its length, an element and whether it holds a value are
// answered as DuckDB answers them for the list. Places count from 1, a
// negative one from the end; a place outside the list is NULL.

func init() {
	register(
		&Scalar{Name: "ARRAY_LENGTH", Aliases: []string{"LIST_LENGTH"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: arrayLengthFn,
			Signature: "ARRAY_LENGTH(list)", Summary: "The number of elements of the JSON array list (LEN and LENGTH of an array say the same)."},
		&Scalar{Name: "JSON_ARRAY_LENGTH", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: jsonArrayLengthFn,
			Signature: "JSON_ARRAY_LENGTH(json[, path])", Summary: "The number of elements of the JSON array json (at path); 0 when it is no array."},
		&Scalar{Name: "LIST_CONTAINS", Aliases: []string{"ARRAY_CONTAINS", "LIST_HAS", "ARRAY_HAS"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: listContainsFn,
			Signature: "LIST_CONTAINS(list, x)", Summary: "Whether the JSON array list has an element equal to x (NULL when x is NULL)."},
	)
}

// jsonArray returns the raw elements of v when it is a JSON array.
func jsonArray(v types.Value) ([]string, bool, error) {
	if v.K != types.JSON {
		return nil, false, nil
	}
	doc := v.S
	i := skipWS(doc, 0)
	if i >= len(doc) || doc[i] != '[' {
		return nil, false, nil
	}
	var out []string
	j := skipWS(doc, i+1)
	if j < len(doc) && doc[j] == ']' {
		return out, true, nil
	}
	for j < len(doc) {
		end, err := skipValue(doc, j)
		if err != nil {
			return nil, false, err
		}
		out = append(out, doc[j:end])
		j = skipWS(doc, end)
		if j < len(doc) && doc[j] == ']' {
			return out, true, nil
		}
		if j >= len(doc) || doc[j] != ',' {
			return nil, false, errBadJSON
		}
		j = skipWS(doc, j+1)
	}
	return nil, false, errBadJSON
}

// element is the value of a JSON array's raw element: a string, number,
// boolean or NULL as itself, an object or array as JSON.
func element(raw string) types.Value {
	var scratch []byte
	v := types.FromJSON([]byte(raw), false, &scratch)
	switch v.K {
	case types.String, types.JSON:
		v.S = string([]byte(v.S)) // its own, not raw's or scratch's
	case types.Int, types.Float:
		v.S = "" // no spelling of a field's (see types.Value.Text)
	}
	return v
}

func arrayLengthFn(a []types.Value) (types.Value, error) {
	els, ok, err := jsonArray(a[0])
	if err != nil {
		return types.Value{}, err
	}
	if !ok {
		return types.Value{}, fmt.Errorf("%w: ARRAY_LENGTH takes a list (a JSON array), not %s", ErrArgs, a[0].K)
	}
	return i2v(int64(len(els))), nil
}

func jsonArrayLengthFn(a []types.Value) (types.Value, error) {
	v := a[0]
	if v.K == types.String {
		v = types.JSONValue(v.S)
	}
	if len(a) == 2 {
		if a[1].K == types.Null {
			return types.Value{}, nil
		}
		steps, err := pathOf(a[1])
		if err != nil {
			return types.Value{}, err
		}
		if v, err = jsonExtract(text(v), steps, false); err != nil || v.K == types.Null {
			return types.Value{}, err
		}
		if wild(steps) {
			// The length of each value found, as DuckDB's.
			found, _, err := jsonArray(v)
			if err != nil {
				return types.Value{}, err
			}
			ns := make([]types.Value, len(found))
			for i, raw := range found {
				if ns[i], err = jsonArrayLength(types.JSONValue(raw)); err != nil {
					return types.Value{}, err
				}
			}
			return types.ListValue(ns), nil
		}
	}
	return jsonArrayLength(v)
}

// jsonArrayLength is the number of elements of the JSON array v, 0 for
// another value.
func jsonArrayLength(v types.Value) (types.Value, error) {
	els, ok, err := jsonArray(v)
	if err != nil || !ok {
		return i2v(0), err
	}
	return i2v(int64(len(els))), nil
}

func listContainsFn(a []types.Value) (types.Value, error) {
	els, ok, err := jsonArray(a[0])
	if err != nil || a[0].K == types.Null {
		return types.Value{}, err
	}
	if !ok {
		return types.Value{}, fmt.Errorf("%w: LIST_CONTAINS takes a list (a JSON array), not %s", ErrArgs, a[0].K)
	}
	if a[1].K == types.Null {
		return types.Value{}, nil
	}
	for _, raw := range els {
		if e := element(raw); e.K != types.Null && types.Comparable(e.K, a[1].K) && types.Compare(e, a[1]) == 0 {
			return types.BoolValue(true), nil
		}
	}
	return types.BoolValue(false), nil
}

// listElement is element i of the JSON array els (from 1, negative from
// the end), NULL outside it.
func listElement(els []string, i int64) types.Value {
	n := int64(len(els))
	if i < 0 {
		i += n + 1
	}
	if i < 1 || i > n {
		return types.Value{}
	}
	return element(els[i-1])
}

// pathOf is the steps of a JSON path given as a value: an integer is an
// array's index (from 0, negative from the end), as DuckDB's json->0.
func pathOf(p types.Value) ([]jsonStep, error) {
	if p.K == types.Int {
		return []jsonStep{{index: p.I}}, nil
	}
	return parseJSONPath(text(p))
}
