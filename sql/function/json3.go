package function

import (
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's JSON_PRETTY, JSON_MERGE_PATCH and JSON_CONTAINS, over the raw
// text as json.go walks it.

func init() {
	register(
		&Scalar{Name: "JSON_PRETTY", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: jsonPrettyFn,
			Signature: "JSON_PRETTY(json)",
			Summary:   "json as text spread over lines, four spaces a level, as DuckDB's yyjson writes it."},
		&Scalar{Name: "JSON_MERGE_PATCH", MinArgs: 2, MaxArgs: -1, Fn: jsonMergePatchFn,
			Signature: "JSON_MERGE_PATCH(json, patch, …)",
			Summary:   "json with each patch applied in turn, as DuckDB's (after MySQL's): two objects merge as RFC 7396 says (a member null removed); else the patch as it is. A NULL patch makes NULL, a NULL json the next patch."},
		&Scalar{Name: "JSON_CONTAINS", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: jsonContainsFn,
			Signature: "JSON_CONTAINS(json, needle)",
			Summary:   "Whether needle is in json at any depth: equal to a value, or an object whose members a value has (equal or containing), or an array whose elements are each in a value's."},
	)
}

func jsonPrettyFn(a []types.Value) (types.Value, error) {
	raw, err := jsonDoc(text(a[0]))
	if err != nil {
		return types.Value{}, err
	}
	b, err := appendPretty(nil, raw, 0)
	if err != nil {
		return types.Value{}, err
	}
	return types.StringValue(string(b)), nil
}

// appendPretty appends raw spread over lines at the indent level depth.
func appendPretty(b []byte, raw string, depth int) ([]byte, error) {
	if raw[0] != '{' && raw[0] != '[' {
		return appendNormal(b, raw)
	}
	obj := raw[0] == '{'
	open, close := byte('['), byte(']')
	if obj {
		open, close = '{', '}'
	}
	b = append(b, open)
	n := 0
	err := eachJSON(raw, func(key, v string) (bool, error) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(append(b, '\n'), strings.Repeat("    ", depth+1)...)
		if obj {
			b = append(appendJSONString(b, key), ": "...)
		}
		var err error
		b, err = appendPretty(b, v, depth+1)
		return err == nil, err
	})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		b = append(append(b, '\n'), strings.Repeat("    ", depth)...)
	}
	return append(b, close), nil
}

func jsonMergePatchFn(a []types.Value) (types.Value, error) {
	doc := "" // "": NULL
	for i, p := range a {
		if p.K == types.Null {
			if i > 0 {
				doc = "" // a NULL patch: NULL
			}
			continue
		}
		patch, err := jsonDoc(text(p))
		if err != nil {
			return types.Value{}, err
		}
		switch {
		case doc == "" || doc[0] != '{' || patch[0] != '{':
			doc = patch // the patch as it is, its null members too
		default:
			if doc, err = mergePatch(doc, patch); err != nil {
				return types.Value{}, err
			}
		}
	}
	if doc == "" {
		return types.Value{}, nil
	}
	return jsonExtract(doc, nil, false)
}

// mergePatch is RFC 7396's MergePatch(target, patch) of raw JSON; target
// "" is a member the target has not.
func mergePatch(target, patch string) (string, error) {
	if patch[0] != '{' {
		return patch, nil
	}
	var keys, vals []string
	if target != "" && target[0] == '{' {
		var err error
		if keys, vals, err = jsonMembers(target); err != nil {
			return "", err
		}
	}
	err := eachJSON(patch, func(k, v string) (bool, error) {
		i := slices.Index(keys, k)
		if v == "null" {
			if i >= 0 {
				keys, vals = append(keys[:i], keys[i+1:]...), append(vals[:i], vals[i+1:]...)
			}
			return true, nil
		}
		old := ""
		if i >= 0 {
			old = vals[i]
		}
		merged, err := mergePatch(old, v)
		if err != nil {
			return false, err
		}
		if i >= 0 {
			vals[i] = merged
		} else {
			keys, vals = append(keys, k), append(vals, merged)
		}
		return true, nil
	})
	if err != nil {
		return "", err
	}
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(appendJSONString(b, k), ':'), vals[i]...)
	}
	return string(append(b, '}')), nil
}

func jsonContainsFn(a []types.Value) (types.Value, error) {
	hay, err := jsonDoc(text(a[0]))
	if err != nil {
		return types.Value{}, err
	}
	needle, err := jsonDoc(text(a[1]))
	if err != nil {
		return types.Value{}, err
	}
	ok, err := jsonContains(hay, needle)
	return types.BoolValue(ok), err
}

// jsonContains reports needle in hay at any depth: in hay itself
// (jsonHas), or in one of its members or elements.
func jsonContains(hay, needle string) (bool, error) {
	if ok, err := jsonHas(hay, needle); ok || err != nil {
		return ok, err
	}
	if hay[0] != '{' && hay[0] != '[' {
		return false, nil
	}
	found := false
	err := eachJSON(hay, func(_, v string) (bool, error) {
		var err error
		found, err = jsonContains(v, needle)
		return !found && err == nil, err
	})
	return found, err
}

// jsonHas reports hay equal to needle, or, both objects, each member of
// needle's had by hay's member of that name; both arrays, each element of
// needle's had by one of hay's.
func jsonHas(hay, needle string) (bool, error) {
	if eq, err := jsonEqual(hay, needle); eq || err != nil {
		return eq, err
	}
	if hay[0] != needle[0] || hay[0] != '{' && hay[0] != '[' {
		return false, nil
	}
	all := true
	err := eachJSON(needle, func(k, nv string) (bool, error) {
		found := false
		if hay[0] == '{' {
			hv, ok, err := jsonStepIn(hay, jsonStep{key: k, isKey: true})
			if err != nil || !ok {
				all = false
				return false, err
			}
			found, err = jsonHas(hv, nv)
			if err != nil {
				return false, err
			}
		} else {
			err := eachJSON(hay, func(_, hv string) (bool, error) {
				var err error
				found, err = jsonHas(hv, nv)
				return !found && err == nil, err
			})
			if err != nil {
				return false, err
			}
		}
		all = all && found
		return all, nil
	})
	return all, err
}

// jsonEqual reports two raw JSON values equal as yyjson's equality says:
// text by its characters, integers by value, doubles by value (an integer
// never equal to a double), objects member by member in any order, arrays
// element by element.
func jsonEqual(a, b string) (bool, error) {
	switch {
	case a[0] == '"' && b[0] == '"':
		x, err := unquote(a)
		if err != nil {
			return false, err
		}
		y, err := unquote(b)
		return err == nil && x == y, err
	case a[0] == '{' && b[0] == '{':
		ak, av, err := jsonMembers(a)
		if err != nil {
			return false, err
		}
		n, eq := 0, true
		err = eachJSON(b, func(k, v string) (bool, error) {
			n++
			i := slices.Index(ak, k)
			if i < 0 {
				eq = false
				return false, nil
			}
			var err error
			eq, err = jsonEqual(av[i], v)
			return eq && err == nil, err
		})
		return eq && err == nil && n == len(ak), err
	case a[0] == '[' && b[0] == '[':
		x, _, err := jsonArray(types.JSONValue(a))
		if err != nil {
			return false, err
		}
		y, _, err := jsonArray(types.JSONValue(b))
		if err != nil || len(x) != len(y) {
			return false, err
		}
		for i := range x {
			if eq, err := jsonEqual(x[i], y[i]); !eq || err != nil {
				return false, err
			}
		}
		return true, nil
	case isJSONNumber(a) && isJSONNumber(b):
		ai, bi := !strings.ContainsAny(a, ".eE"), !strings.ContainsAny(b, ".eE")
		if ai != bi {
			return false, nil
		}
		if ai {
			x, ok1 := new(big.Int).SetString(a, 10)
			y, ok2 := new(big.Int).SetString(b, 10)
			return ok1 && ok2 && x.Cmp(y) == 0, nil
		}
		x, err1 := strconv.ParseFloat(a, 64)
		y, err2 := strconv.ParseFloat(b, 64)
		return err1 == nil && err2 == nil && x == y, nil
	}
	return a == b, nil // true, false, null
}

// jsonMembers returns the keys of the object obj and their raw values, in
// its order.
func jsonMembers(obj string) (keys, vals []string, err error) {
	err = eachJSON(obj, func(k, v string) (bool, error) {
		keys, vals = append(keys, k), append(vals, v)
		return true, nil
	})
	return keys, vals, err
}

func isJSONNumber(raw string) bool { return raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9' }
