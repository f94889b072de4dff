package function

import (
	"fmt"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's ARRAY_SLICE and ARRAY_EXTRACT of a text, which its s[a:b] and
// s[i] are (the pre-parse writes them so); ARRAY_EXTRACT of a JSON array
// is its element (see lists.go), a slice of one is refused: places
// count characters from 1, a negative one from the end (-1 the last), 0
// is before the first; a slice takes both ends, and what lies outside
// the text is not there.

func init() {
	register(
		&Scalar{Name: "ARRAY_SLICE", Aliases: []string{"LIST_SLICE"}, MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: sliceFn,
			Signature: "ARRAY_SLICE(s, begin, end)",
			Summary:   "The characters of the text s from place begin to place end, both included (s[begin:end]; from 1, negative from the end, an end past s is its end); '' when begin is after end."},
		&Scalar{Name: "ARRAY_EXTRACT", Aliases: []string{"LIST_EXTRACT", "LIST_ELEMENT"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: extractFn,
			Signature: "ARRAY_EXTRACT(s, i)",
			Summary:   "The character at place i of the text s (s[i]; from 1, negative from the end); '' past either end. Of a JSON array (a list to DuckDB), its element at place i; NULL past either end."},
	)
}

// sliceText is the text s of a slice or an element.
func sliceText(name string, v types.Value) (string, error) {
	if v.K != types.String {
		return "", fmt.Errorf("%w: %s takes a text or, for an element, a JSON array (a list), not %s", ErrArgs, name, v.K)
	}
	return v.S, nil
}

// place is an integer place, a DOUBLE rounded as CAST rounds it.
func place(name string, v types.Value) (int64, error) {
	if v.K == types.Float {
		c, err := types.Cast(v, types.Int)
		if err != nil {
			return 0, err
		}
		v = c
	}
	if v.K != types.Int {
		return 0, fmt.Errorf("%w: %s's places are integers, not %s", ErrArgs, name, v.K)
	}
	return v.I, nil
}

func sliceFn(a []types.Value) (types.Value, error) {
	b, err := place("ARRAY_SLICE", a[1])
	if err != nil {
		return types.Value{}, err
	}
	e, err := place("ARRAY_SLICE", a[2])
	if err != nil {
		return types.Value{}, err
	}
	// bounds are the places from b to e of n characters or elements:
	// negative ones count from the end; then the first place is 1.
	bounds := func(n int64) (int64, int64) {
		if b < 0 {
			b += n + 1
		}
		if e < 0 {
			e += n + 1
		}
		return max(b, 1), min(e, n)
	}
	if els, ok, err := jsonArray(a[0]); err != nil || ok {
		if err != nil {
			return types.Value{}, err
		}
		lo, hi := bounds(int64(len(els)))
		var out []types.Value
		for i := lo; i <= hi; i++ {
			out = append(out, element(els[i-1]))
		}
		return types.ListValue(out), nil
	}
	s, err := sliceText("ARRAY_SLICE", a[0])
	if err != nil {
		return types.Value{}, err
	}
	lo, hi := bounds(int64(runeCount(s)))
	if lo > hi {
		return types.StringValue(""), nil
	}
	return types.StringValue(substring(s, lo, hi-lo+1)), nil
}

func extractFn(a []types.Value) (types.Value, error) {
	if a[0].K == types.JSON && a[1].K == types.String && strings.HasPrefix(strings.TrimLeft(a[0].S, " \t\r\n"), "{") {
		// x['key'] of a JSON object (a STRUCT to DuckDB): its member, as
		// x.key reads it; NULL when it has none.
		raw, ok, err := jsonAt(a[0].S, []jsonStep{{key: a[1].S, index: noIndex, isKey: true}})
		if err != nil || !ok {
			return types.Value{}, err
		}
		return element(raw), nil
	}
	if els, ok, err := jsonArray(a[0]); err != nil || ok {
		if err != nil {
			return types.Value{}, err
		}
		i, err := place("ARRAY_EXTRACT", a[1])
		if err != nil {
			return types.Value{}, err
		}
		return listElement(els, i), nil
	}
	s, err := sliceText("ARRAY_EXTRACT", a[0])
	if err != nil {
		return types.Value{}, err
	}
	i, err := place("ARRAY_EXTRACT", a[1])
	if err != nil {
		return types.Value{}, err
	}
	n := int64(runeCount(s))
	if i < 0 {
		i += n + 1
	}
	if i < 1 || i > n {
		return types.StringValue(""), nil
	}
	return types.StringValue(substring(s, i, 1)), nil
}
