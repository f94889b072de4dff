package function

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's JSON functions that make JSON (JSON_OBJECT, JSON_ARRAY) or
// look into it (JSON_EXISTS, JSON_VALUE, JSON_KEYS), with the paths and
// the spelling of json.go. A path with a wildcard is refused here:
// DuckDB's answers to one are lists of another shape.

func init() {
	register(
		&Scalar{Name: "JSON_OBJECT", MinArgs: 0, MaxArgs: -1, Fn: jsonObjectFn,
			Signature: "JSON_OBJECT(key, value, …)",
			Summary:   "A JSON object of the pairs, in their order (a key twice is kept twice): each value as TO_JSON writes it, NULL as null; the keys are text, never NULL."},
		&Scalar{Name: "JSON_ARRAY", MinArgs: 0, MaxArgs: -1, Fn: jsonArrayFn,
			Signature: "JSON_ARRAY(x, …)",
			Summary:   "A JSON array of the values, each as TO_JSON writes it, NULL as null."},
		&Scalar{Name: "JSON_EXISTS", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jsonExistsFn,
			Signature: "JSON_EXISTS(json, path)",
			Summary:   "Whether json has a value (a JSON null too) at path."},
		&Scalar{Name: "JSON_VALUE", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jsonValueFn,
			Signature: "JSON_VALUE(json, path)",
			Summary:   "The scalar at path in json as its JSON text (a string comes quoted); NULL when absent, a JSON null, an object or an array."},
		&Scalar{Name: "JSON_KEYS", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: jsonKeysFn,
			Signature: "JSON_KEYS(json[, path])",
			Summary:   "The list of the keys of the object json (at path), in their order; [] of another value, NULL when the path is absent."},
	)
}

// appendToJSON appends v as TO_JSON writes it, NULL as null.
func appendToJSON(b []byte, v types.Value) ([]byte, error) {
	if v.K == types.Null {
		return append(b, "null"...), nil
	}
	j, err := toJSONFn([]types.Value{v})
	if err != nil {
		return nil, err
	}
	return append(b, j.S...), nil
}

func jsonObjectFn(a []types.Value) (types.Value, error) {
	if len(a)%2 != 0 {
		return types.Value{}, fmt.Errorf("%w: JSON_OBJECT takes pairs of a key and a value, not %d arguments", ErrArgs, len(a))
	}
	b := []byte{'{'}
	for i := 0; i < len(a); i += 2 {
		if a[i].K != types.String {
			return types.Value{}, fmt.Errorf("%w: JSON_OBJECT's keys are text, not %s %s (argument %d)", ErrArgs, a[i].K, quote(a[i]), i+1)
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, a[i].S), ':')
		var err error
		if b, err = appendToJSON(b, a[i+1]); err != nil {
			return types.Value{}, err
		}
	}
	return types.JSONValue(string(append(b, '}'))), nil
}

func jsonArrayFn(a []types.Value) (types.Value, error) {
	b := []byte{'['}
	for i, v := range a {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendToJSON(b, v); err != nil {
			return types.Value{}, err
		}
	}
	return types.JSONValue(string(append(b, ']'))), nil
}

// jsonPathed is the raw value at a[1], the path, in the JSON a[0].
func jsonPathed(a []types.Value) (string, bool, error) {
	steps, err := pathOf(a[1])
	if err != nil {
		return "", false, err
	}
	return jsonAt(text(a[0]), steps)
}

func jsonExistsFn(a []types.Value) (types.Value, error) {
	_, ok, err := jsonPathed(a)
	if err != nil {
		return types.Value{}, err
	}
	return types.BoolValue(ok), nil
}

func jsonValueFn(a []types.Value) (types.Value, error) {
	raw, ok, err := jsonPathed(a)
	if err != nil || !ok {
		return types.Value{}, err
	}
	switch raw[0] {
	case '{', '[', 'n':
		return types.Value{}, nil
	}
	b, err := appendNormal(nil, raw)
	if err != nil {
		return types.Value{}, err
	}
	return types.StringValue(string(b)), nil
}

func jsonKeysFn(a []types.Value) (types.Value, error) {
	var raw string
	var err error
	if len(a) == 2 {
		var ok bool
		if raw, ok, err = jsonPathed(a); err != nil || !ok {
			return types.Value{}, err
		}
	} else if raw, err = jsonDoc(text(a[0])); err != nil {
		return types.Value{}, err
	}
	keys := []types.Value{}
	if raw[0] == '{' {
		err = eachJSON(raw, func(key, _ string) (bool, error) {
			keys = append(keys, types.StringValue(key))
			return true, nil
		})
	}
	if err != nil {
		return types.Value{}, err
	}
	return types.ListValue(keys), nil
}

// ParseJSON is the JSON value that the text s holds, as DuckDB's CAST(s
// AS JSON) reads it: spelled as yyjson writes it; an error (wrapping
// types.ErrConvert) if s holds no JSON value.
func ParseJSON(s string) (types.Value, error) {
	v, err := jsonExtract(s, nil, false) // the whole document
	if err != nil {
		return types.Value{}, fmt.Errorf("%w: %s", err, quote(types.StringValue(s)))
	}
	return v, nil
}
