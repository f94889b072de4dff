package function

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's list functions over the JSON arrays that stand for its lists
// (see lists.go): lists made of text (STRING_SPLIT), of values
// (LIST_VALUE, and the literal [a, b]), and lists sorted, joined, summed
// or searched. A list made here is a JSON array, as a lake's arrays are.

func init() {
	register(
		&Scalar{Name: "LIST_GRADE_UP", Aliases: []string{"ARRAY_GRADE_UP", "GRADE_UP"}, MinArgs: 1, MaxArgs: 3, NullIn: true, Fn: listGradeUpFn,
			Signature: "LIST_GRADE_UP(list[, 'ASC' | 'DESC'[, 'NULLS FIRST' | 'NULLS LAST']])",
			Summary:   "The places (from 1) of the list's elements in the order LIST_SORT would give them, ties in their order."},
		&Scalar{Name: "LIST_WHERE", Aliases: []string{"ARRAY_WHERE"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: listWhereFn,
			Signature: "LIST_WHERE(list, mask)",
			Summary:   "The elements whose place in mask, a list of booleans, is true (NULL for a true past the list's end)."},
		&Scalar{Name: "LIST_SELECT", Aliases: []string{"ARRAY_SELECT"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: listSelectFn,
			Signature: "LIST_SELECT(list, places)",
			Summary:   "The elements at places, a list of integers from 1: NULL where the list has none."},
		&Scalar{Name: "LIST_RESIZE", Aliases: []string{"ARRAY_RESIZE"}, MinArgs: 2, MaxArgs: 3, Fn: listResizeFn,
			Signature: "LIST_RESIZE(list, n[, fill])",
			Summary:   "The list cut to n elements, or padded to n with fill (NULL); NULL of a NULL list."},
		&Scalar{Name: "ARRAY_POP_BACK", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listPopFn("ARRAY_POP_BACK", false),
			Signature: "ARRAY_POP_BACK(list)", Summary: "The list without its last element ([] of [])."},
		&Scalar{Name: "ARRAY_POP_FRONT", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listPopFn("ARRAY_POP_FRONT", true),
			Signature: "ARRAY_POP_FRONT(list)", Summary: "The list without its first element ([] of [])."},
		&Scalar{Name: "STRING_SPLIT", Aliases: []string{"STR_SPLIT", "STRING_TO_ARRAY", "SPLIT"}, MinArgs: 2, MaxArgs: 2, Fn: stringSplitFn,
			Signature: "STRING_SPLIT(s, separator)",
			Summary:   "The list of the pieces of s between the separators ('' splits into characters; a NULL separator gives the list of s alone)."},
		&Scalar{Name: "STRING_SPLIT_REGEX", Aliases: []string{"STR_SPLIT_REGEX", "REGEXP_SPLIT_TO_ARRAY"}, MinArgs: 2, MaxArgs: 3, NullIn: true, Bind: bindSplitRegex,
			Signature: "STRING_SPLIT_REGEX(s, pattern[, options])",
			Summary:   "The list of the pieces of s between the matches of the regular expression pattern (options as REGEXP_MATCHES')."},
		&Scalar{Name: "LIST_VALUE", Aliases: []string{"LIST_PACK", "ARRAY_VALUE"}, MinArgs: 0, MaxArgs: -1, Fn: listValueFn,
			Signature: "LIST_VALUE(x, ...)",
			Summary:   "The list of its arguments, NULLs kept ([x, ...] is the same); integers beside doubles become doubles, as in DuckDB's common type, and text beside numbers is refused."},
		&Scalar{Name: "ARRAY_TO_STRING", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: arrayToStringFn,
			Signature: "ARRAY_TO_STRING(list, separator)",
			Summary:   "The elements of list as text joined by separator, NULLs left out ('' for an empty list, NULL for one of NULLs alone)."},
		&Scalar{Name: "LIST_SORT", Aliases: []string{"ARRAY_SORT"}, MinArgs: 1, MaxArgs: 3, NullIn: true, Fn: listSortFn(false),
			Signature: "LIST_SORT(list[, 'ASC'|'DESC'[, 'NULLS FIRST'|'NULLS LAST']])",
			Summary:   "The list sorted, ascending with NULLs last unless told otherwise."},
		&Scalar{Name: "LIST_REVERSE_SORT", Aliases: []string{"ARRAY_REVERSE_SORT"}, MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: listSortFn(true),
			Signature: "LIST_REVERSE_SORT(list[, 'NULLS FIRST'|'NULLS LAST'])",
			Summary:   "The list sorted descending, NULLs last unless told otherwise."},
		&Scalar{Name: "LIST_REVERSE", Aliases: []string{"ARRAY_REVERSE"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listReverseFn,
			Signature: "LIST_REVERSE(list)", Summary: "The list's elements in the other order."},
		&Scalar{Name: "LIST_CONCAT", Aliases: []string{"LIST_CAT", "ARRAY_CONCAT", "ARRAY_CAT"}, MinArgs: 1, MaxArgs: -1, Fn: listConcatFn,
			Signature: "LIST_CONCAT(list, ...)", Summary: "The lists one after the other, a NULL list taken as empty (NULL when all are)."},
		&Scalar{Name: "LIST_APPEND", Aliases: []string{"ARRAY_APPEND", "ARRAY_PUSH_BACK"}, MinArgs: 2, MaxArgs: 2, Fn: listAppendFn("LIST_APPEND", 0, false),
			Signature: "LIST_APPEND(list, x)", Summary: "The list with x after its last element (a NULL list taken as empty, as DuckDB's)."},
		&Scalar{Name: "LIST_PREPEND", Aliases: []string{"ARRAY_PREPEND"}, MinArgs: 2, MaxArgs: 2, Fn: listAppendFn("LIST_PREPEND", 1, true),
			Signature: "LIST_PREPEND(x, list)", Summary: "The list with x before its first element (a NULL list taken as empty, as DuckDB's)."},
		&Scalar{Name: "ARRAY_PUSH_FRONT", MinArgs: 2, MaxArgs: 2, Fn: listAppendFn("ARRAY_PUSH_FRONT", 0, true),
			Signature: "ARRAY_PUSH_FRONT(list, x)", Summary: "The list with x before its first element (LIST_PREPEND with the list first, as DuckDB's)."},
		&Scalar{Name: "LIST_POSITION", Aliases: []string{"LIST_INDEXOF", "ARRAY_POSITION", "ARRAY_INDEXOF"}, MinArgs: 2, MaxArgs: 2, Fn: listPositionFn,
			Signature: "LIST_POSITION(list, x)", Summary: "The place (from 1) of the first element equal to x, a NULL x finding a NULL; NULL when none is."},
		&Scalar{Name: "LIST_FIRST", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listEndFn(false),
			Signature: "LIST_FIRST(list)", Summary: "The list's first element (NULL for an empty list)."},
		&Scalar{Name: "LIST_LAST", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listEndFn(true),
			Signature: "LIST_LAST(list)", Summary: "The list's last element (NULL for an empty list)."},
		&Scalar{Name: "LIST_DISTINCT", Aliases: []string{"ARRAY_DISTINCT"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listDistinctFn,
			Signature: "LIST_DISTINCT(list)",
			Summary:   "The list's distinct elements that are not NULL, each where it first comes (DuckDB's order is not specified: LIST_SORT(LIST_DISTINCT(x)) is the same in both)."},
		&Scalar{Name: "LIST_UNIQUE", Aliases: []string{"ARRAY_UNIQUE"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listUniqueFn,
			Signature: "LIST_UNIQUE(list)", Summary: "The number of distinct elements of the list that are not NULL."},
		&Scalar{Name: "LIST_COUNT", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listFoldFn("LIST_COUNT"),
			Signature: "LIST_COUNT(list)", Summary: "The number of the list's elements that are not NULL."},
		&Scalar{Name: "LIST_SUM", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listFoldFn("LIST_SUM"),
			Signature: "LIST_SUM(list)", Summary: "The sum of the list's numbers (NULL when it has none): integers exact, beyond BIGINT a HUGEINT."},
		&Scalar{Name: "LIST_AVG", Double: true, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listFoldFn("LIST_AVG"),
			Signature: "LIST_AVG(list)", Summary: "The mean of the list's numbers, a DOUBLE (NULL when it has none)."},
		&Scalar{Name: "LIST_MIN", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listFoldFn("LIST_MIN"),
			Signature: "LIST_MIN(list)", Summary: "The least of the list's elements that are not NULL."},
		&Scalar{Name: "LIST_MAX", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: listFoldFn("LIST_MAX"),
			Signature: "LIST_MAX(list)", Summary: "The greatest of the list's elements that are not NULL."},
		&Scalar{Name: "RANGE", MinArgs: 1, MaxArgs: 3, NullIn: true, Fn: rangeFn(false),
			Signature: "RANGE([start, ]stop[, step])",
			Summary:   "The list of the integers from start (0) by step (1) up to stop, stop left out (in FROM, the table function of the same name)."},
		&Scalar{Name: "GENERATE_SERIES", MinArgs: 1, MaxArgs: 3, NullIn: true, Fn: rangeFn(true),
			Signature: "GENERATE_SERIES([start, ]stop[, step])",
			Summary:   "RANGE with stop kept: the list of the integers from start (0) by step (1) to stop."},
		&Scalar{Name: "FLATTEN", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: flattenFn,
			Signature: "FLATTEN(lists)", Summary: "The elements of a list of lists in one list, NULL lists left out."},
		&Scalar{Name: "LIST_HAS_ANY", Aliases: []string{"ARRAY_HAS_ANY"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: listHasFn(false),
			Signature: "LIST_HAS_ANY(a, b)", Summary: "Whether a and b share an element that is not NULL."},
		&Scalar{Name: "LIST_HAS_ALL", Aliases: []string{"ARRAY_HAS_ALL"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: listHasFn(true),
			Signature: "LIST_HAS_ALL(a, b)", Summary: "Whether a has every element of b that is not NULL."},
	)
}

// maxRange is the most elements RANGE and GENERATE_SERIES make into one
// list (a value is held whole).
const maxRange = 1 << 20

// rangeFn is RANGE, or with inclusive GENERATE_SERIES, as DuckDB's of
// integers: a step of 0, or one away from stop, makes an empty list.
func rangeFn(inclusive bool) Eval {
	name := "RANGE"
	if inclusive {
		name = "GENERATE_SERIES"
	}
	return func(a []types.Value) (types.Value, error) {
		var n [3]int64
		for i, v := range a {
			if v.K != types.Int {
				return types.Value{}, fmt.Errorf("%w: %s takes integers, not %s %s", ErrArgs, name, v.K, quote(v))
			}
			n[i] = v.I
		}
		start, stop, step := int64(0), n[0], int64(1)
		if len(a) >= 2 {
			start, stop = n[0], n[1]
		}
		if len(a) == 3 {
			step = n[2]
		}
		if step != 0 && (float64(stop)-float64(start))/float64(step) > maxRange {
			return types.Value{}, fmt.Errorf("%w: %s would make more than %d elements", ErrArgs, name, maxRange)
		}
		var els []types.Value
		in := func(x int64) bool {
			switch {
			case step > 0 && inclusive:
				return x <= stop
			case step > 0:
				return x < stop
			case inclusive:
				return x >= stop
			}
			return x > stop
		}
		for x := start; step != 0 && in(x); x += step {
			if len(els) == maxRange {
				return types.Value{}, fmt.Errorf("%w: %s would make more than %d elements", ErrArgs, name, maxRange)
			}
			els = append(els, i2v(x))
			if step > 0 && x > math.MaxInt64-step || step < 0 && x < math.MinInt64-step {
				break
			}
		}
		return types.ListValue(els), nil
	}
}

func flattenFn(a []types.Value) (types.Value, error) {
	outer, _, err := listArg("FLATTEN", a[0])
	if err != nil {
		return types.Value{}, err
	}
	var all []types.Value
	for _, inner := range outer {
		els, _, err := listArg("FLATTEN", inner)
		if err != nil {
			return types.Value{}, err
		}
		all = append(all, els...)
	}
	return types.ListValue(all), nil
}

// listHasFn is LIST_HAS_ANY, or with all LIST_HAS_ALL: NULL elements
// match nothing, and are not looked for.
func listHasFn(all bool) Eval {
	name := "LIST_HAS_ANY"
	if all {
		name = "LIST_HAS_ALL"
	}
	return func(a []types.Value) (types.Value, error) {
		x, _, err := listArg(name, a[0])
		if err != nil {
			return types.Value{}, err
		}
		y, _, err := listArg(name, a[1])
		if err != nil {
			return types.Value{}, err
		}
		has := map[string]bool{}
		for _, v := range x {
			if v.K != types.Null {
				has[string(types.AppendKey(nil, v))] = true
			}
		}
		for _, v := range y {
			if v.K == types.Null {
				continue
			}
			found := has[string(types.AppendKey(nil, v))]
			if found && !all {
				return types.BoolValue(true), nil
			}
			if !found && all {
				return types.BoolValue(false), nil
			}
		}
		return types.BoolValue(all), nil
	}
}

// listArg reads the elements of a list argument; NULL is no list (ok
// false), and a value of another kind an error.
func listArg(name string, v types.Value) (els []types.Value, ok bool, err error) {
	if v.K == types.Null {
		return nil, false, nil
	}
	raw, isArray, err := jsonArray(v)
	if err != nil {
		return nil, false, err
	}
	if !isArray {
		return nil, false, fmt.Errorf("%w: %s takes a list (a JSON array), not %s %s", ErrArgs, name, v.K, quote(v))
	}
	els = make([]types.Value, len(raw))
	for i, r := range raw {
		els[i] = element(r)
	}
	return els, true, nil
}

// textList is the list of the strings of parts.
func textList(parts []string) types.Value {
	els := make([]types.Value, len(parts))
	for i, p := range parts {
		els[i] = types.StringValue(p)
	}
	return types.ListValue(els)
}

func stringSplitFn(a []types.Value) (types.Value, error) {
	s, sep := a[0], a[1]
	if s.K == types.Null {
		return s, nil
	}
	if s.K != types.String || sep.K != types.String && sep.K != types.Null {
		return types.Value{}, fmt.Errorf("%w: STRING_SPLIT takes text and a text separator, not %s and %s", ErrArgs, s.K, sep.K)
	}
	switch {
	case sep.K == types.Null:
		return textList([]string{s.S}), nil
	case sep.S == "":
		parts := make([]string, 0, utf8.RuneCountInString(s.S))
		for i := 0; i < len(s.S); {
			_, n := utf8.DecodeRuneInString(s.S[i:])
			parts = append(parts, s.S[i:i+n])
			i += n
		}
		if len(parts) == 0 {
			parts = append(parts, "")
		}
		return textList(parts), nil
	}
	return textList(strings.Split(s.S, sep.S)), nil
}

func bindSplitRegex(consts []*types.Value) (Eval, error) {
	var cache reCache
	return func(a []types.Value) (types.Value, error) {
		if a[0].K != types.String || a[1].K != types.String {
			return types.Value{}, fmt.Errorf("%w: STRING_SPLIT_REGEX takes text and a text pattern, not %s and %s", ErrArgs, a[0].K, a[1].K)
		}
		options := ""
		if len(a) == 3 {
			options = text(a[2])
		}
		e, err := cache.get(a[1].S, options, false, false, "")
		if err != nil {
			return types.Value{}, err
		}
		// An empty match between two characters cuts there, as in
		// DuckDB.
		return textList(e.re.Split(a[0].S, -1)), nil
	}, nil
}

func listValueFn(a []types.Value) (types.Value, error) {
	family := types.Null
	for _, v := range a {
		switch {
		case v.K == types.Null:
		case family == types.Null:
			family = v.K
		case v.K.Numeric() && family.Numeric():
			if v.K == types.Float {
				family = types.Float
			}
		case v.K != family && !(types.Comparable(v.K, family) && v.K.Numeric() == family.Numeric()):
			return types.Value{}, fmt.Errorf("%w: a list's elements are of one type, not %s beside %s (as in DuckDB)", ErrArgs, family, v.K)
		}
	}
	return types.ListValue(a), nil
}

func arrayToStringFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("ARRAY_TO_STRING", a[0])
	if err != nil {
		return types.Value{}, err
	}
	var b strings.Builder
	first := true
	for _, v := range els {
		if v.K == types.Null {
			continue
		}
		if !first {
			b.WriteString(text(a[1]))
		}
		first = false
		b.WriteString(text(v))
	}
	if first && len(els) > 0 {
		return types.Value{}, nil // NULLs alone join to NULL, as in DuckDB; nothing to ''
	}
	return types.StringValue(b.String()), nil
}

func listSortFn(reverse bool) Eval {
	name := "LIST_SORT"
	if reverse {
		name = "LIST_REVERSE_SORT"
	}
	return func(a []types.Value) (types.Value, error) {
		els, _, err := listArg(name, a[0])
		if err != nil {
			return types.Value{}, err
		}
		cmp, err := listOrder(name, reverse, a[1:])
		if err != nil {
			return types.Value{}, err
		}
		slices.SortStableFunc(els, cmp)
		return types.ListValue(els), nil
	}
}

// listOrder is the order of LIST_SORT's options opts ([order[, NULL
// order]], ASC and NULLS LAST by default; reverse: LIST_REVERSE_SORT's
// [NULL order], DESC): the comparison of two elements.
func listOrder(name string, reverse bool, opts []types.Value) (func(x, y types.Value) int, error) {
	desc, nullsFirst := reverse, false
	if !reverse && len(opts) > 0 {
		switch strings.ToUpper(strings.TrimSpace(text(opts[0]))) {
		case "ASC":
		case "DESC":
			desc = true
		default:
			return nil, fmt.Errorf("%w: %s's order is 'ASC' or 'DESC', not %s", ErrArgs, name, quote(opts[0]))
		}
		opts = opts[1:]
	}
	if len(opts) > 0 {
		switch strings.Join(strings.Fields(strings.ToUpper(text(opts[0]))), " ") {
		case "NULLS FIRST":
			nullsFirst = true
		case "NULLS LAST":
		default:
			return nil, fmt.Errorf("%w: %s's NULL order is 'NULLS FIRST' or 'NULLS LAST', not %s", ErrArgs, name, quote(opts[0]))
		}
	}
	return func(x, y types.Value) int {
		switch xn, yn := x.K == types.Null, y.K == types.Null; {
		case xn && yn:
			return 0
		case xn != yn:
			if xn == nullsFirst {
				return -1
			}
			return 1
		}
		if desc {
			return types.Compare(y, x)
		}
		return types.Compare(x, y)
	}, nil
}

// listGradeUpFn is LIST_GRADE_UP(list[, order[, NULL order]]): the
// places (from 1) of the list's elements in LIST_SORT's order, ties in
// their order.
func listGradeUpFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_GRADE_UP", a[0])
	if err != nil {
		return types.Value{}, err
	}
	cmp, err := listOrder("LIST_GRADE_UP", false, a[1:])
	if err != nil {
		return types.Value{}, err
	}
	idx := make([]int, len(els))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return cmp(els[i], els[j]) })
	out := make([]types.Value, len(idx))
	for k, i := range idx {
		out[k] = i2v(int64(i + 1))
	}
	return types.ListValue(out), nil
}

// listWhereFn is LIST_WHERE(list, mask): the elements whose place in the
// mask, a list of booleans, is true; past the list's end, NULLs.
func listWhereFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_WHERE", a[0])
	if err != nil {
		return types.Value{}, err
	}
	mask, _, err := listArg("LIST_WHERE", a[1])
	if err != nil {
		return types.Value{}, err
	}
	out := []types.Value{}
	for i, m := range mask {
		if m.K != types.Bool {
			return types.Value{}, fmt.Errorf("%w: LIST_WHERE's mask is a list of booleans, not of %s %s", ErrArgs, m.K, quote(m))
		}
		if m.I == 0 {
			continue
		}
		if i < len(els) {
			out = append(out, els[i])
		} else {
			out = append(out, types.Value{})
		}
	}
	return types.ListValue(out), nil
}

// listSelectFn is LIST_SELECT(list, places): the elements at the places
// (from 1), NULL where there is none.
func listSelectFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_SELECT", a[0])
	if err != nil {
		return types.Value{}, err
	}
	places, _, err := listArg("LIST_SELECT", a[1])
	if err != nil {
		return types.Value{}, err
	}
	out := make([]types.Value, len(places))
	for k, p := range places {
		if p.K != types.Int {
			return types.Value{}, fmt.Errorf("%w: LIST_SELECT's places are a list of integers, not of %s %s", ErrArgs, p.K, quote(p))
		}
		if p.I >= 1 && p.I <= int64(len(els)) {
			out[k] = els[p.I-1]
		}
	}
	return types.ListValue(out), nil
}

// listResizeFn is LIST_RESIZE(list, n[, fill]): the list cut to n
// elements, or made n long with fill (NULL).
func listResizeFn(a []types.Value) (types.Value, error) {
	els, ok, err := listArg("LIST_RESIZE", a[0])
	if err != nil || !ok {
		return types.Value{}, err
	}
	if a[1].K == types.Null {
		return types.Value{}, nil
	}
	if a[1].K != types.Int || a[1].I < 0 {
		return types.Value{}, fmt.Errorf("%w: LIST_RESIZE's size is a whole number, not %s", ErrArgs, quote(a[1]))
	}
	n := a[1].I
	if n > maxRange {
		return types.Value{}, fmt.Errorf("%w: LIST_RESIZE to %d elements: at most %d", ErrArgs, n, maxRange)
	}
	if n <= int64(len(els)) {
		return types.ListValue(els[:n]), nil
	}
	var fill types.Value
	if len(a) == 3 {
		fill = a[2]
	}
	for int64(len(els)) < n {
		els = append(els, fill)
	}
	return types.ListValue(els), nil
}

func listReverseFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_REVERSE", a[0])
	if err != nil {
		return types.Value{}, err
	}
	slices.Reverse(els)
	return types.ListValue(els), nil
}

func listConcatFn(a []types.Value) (types.Value, error) {
	var all []types.Value
	some := false
	for _, v := range a {
		els, ok, err := listArg("LIST_CONCAT", v)
		if err != nil {
			return types.Value{}, err
		}
		some = some || ok
		all = append(all, els...)
	}
	if !some {
		return types.Value{}, nil
	}
	return types.ListValue(all), nil
}

// listAppendFn is name, whose list is argument at (0 or 1) and whose
// element the other, which goes before the list's elements when prepend;
// a NULL list is taken as empty, as DuckDB's (LIST_APPEND(NULL, NULL) is
// [NULL]).
func listAppendFn(name string, at int, prepend bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		var els []types.Value
		if a[at].K != types.Null {
			var ok bool
			var err error
			if els, ok, err = listArg(name, a[at]); err != nil || !ok {
				return types.Value{}, err
			}
		}
		x := a[1-at]
		if prepend {
			return types.ListValue(append([]types.Value{x}, els...)), nil
		}
		return types.ListValue(append(els, x)), nil
	}
}

func listPositionFn(a []types.Value) (types.Value, error) {
	els, ok, err := listArg("LIST_POSITION", a[0])
	if err != nil || !ok {
		return types.Value{}, err
	}
	for i, v := range els {
		if v.K == types.Null && a[1].K == types.Null ||
			v.K != types.Null && a[1].K != types.Null && types.Comparable(v.K, a[1].K) && types.Compare(v, a[1]) == 0 {
			return i2v(int64(i + 1)), nil
		}
	}
	return types.Value{}, nil
}

func listEndFn(last bool) Eval {
	name := "LIST_FIRST"
	if last {
		name = "LIST_LAST"
	}
	return func(a []types.Value) (types.Value, error) {
		els, _, err := listArg(name, a[0])
		if err != nil || len(els) == 0 {
			return types.Value{}, err
		}
		if last {
			return els[len(els)-1], nil
		}
		return els[0], nil
	}
}

func listDistinctFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_DISTINCT", a[0])
	if err != nil {
		return types.Value{}, err
	}
	seen := map[string]bool{}
	out := []types.Value{}
	for _, v := range els {
		if k := string(types.AppendKey(nil, v)); v.K != types.Null && !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return types.ListValue(out), nil
}

func listUniqueFn(a []types.Value) (types.Value, error) {
	els, _, err := listArg("LIST_UNIQUE", a[0])
	if err != nil {
		return types.Value{}, err
	}
	seen := map[string]bool{}
	for _, v := range els {
		if v.K != types.Null {
			seen[string(types.AppendKey(nil, v))] = true
		}
	}
	return i2v(int64(len(seen))), nil
}

// listFoldFn is one of DuckDB's aggregates of a list's elements: COUNT,
// SUM, AVG, MIN or MAX of those that are not NULL.
func listFoldFn(name string) Eval {
	return func(a []types.Value) (types.Value, error) {
		els, _, err := listArg(name, a[0])
		if err != nil {
			return types.Value{}, err
		}
		var vals []types.Value
		for _, v := range els {
			if v.K != types.Null {
				vals = append(vals, v)
			}
		}
		switch name {
		case "LIST_COUNT":
			return i2v(int64(len(vals))), nil
		case "LIST_MIN", "LIST_MAX":
			if len(vals) == 0 {
				return types.Value{}, nil
			}
			best := vals[0]
			for _, v := range vals[1:] {
				if c := types.Compare(v, best); name == "LIST_MIN" && c < 0 || name == "LIST_MAX" && c > 0 {
					best = v
				}
			}
			return best, nil
		}
		if len(vals) == 0 {
			return types.Value{}, nil
		}
		ints, sum, fsum := true, new(big.Int), 0.0
		for _, v := range vals {
			if !v.K.Numeric() {
				return types.Value{}, fmt.Errorf("%w: %s takes a list of numbers, not of %s", ErrArgs, name, v.K)
			}
			f, _ := v.Float()
			fsum += f
			if v.K == types.Float {
				ints = false
			} else {
				sum.Add(sum, v.Big())
			}
		}
		if name == "LIST_AVG" {
			if ints {
				// DuckDB's mean of integers: their exact sum as a
				// double, divided.
				fsum, _ = new(big.Float).SetInt(sum).Float64()
			}
			return f2v(fsum / float64(len(vals))), nil
		}
		if ints {
			return types.BigValue(sum), nil
		}
		return f2v(fsum), nil
	}
}

// listPopFn is ARRAY_POP_BACK (the list but its last element) or, front,
// ARRAY_POP_FRONT (but its first).
func listPopFn(name string, front bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		els, _, err := listArg(name, a[0])
		if err != nil || len(els) == 0 {
			return a[0], err
		}
		if front {
			return types.ListValue(els[1:]), nil
		}
		return types.ListValue(els[:len(els)-1]), nil
	}
}
