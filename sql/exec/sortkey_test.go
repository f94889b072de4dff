package exec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// keyPool holds the values whose keys are hard: integers past 2^53 and
// their nearest DOUBLEs, the ends of int64, HUGEINTs, -0, NaN and the
// infinities, dates against timestamps, intervals, texts with zero bytes
// and long texts that share their first sortKeyText bytes, JSON, NULL.
var keyPool = func() []types.Value {
	i, f, s := types.IntValue, types.FloatValue, types.StringValue
	long := strings.Repeat("k", sortKeyText)
	vs := []types.Value{
		{}, i(0), i(1), i(-1), i(1 << 53), i(1<<53 + 1), i(-(1<<53 + 1)), f(1 << 53), f(-(1 << 53)),
		i(math.MaxInt64), i(math.MinInt64), i(math.MaxInt64 - 1), f(9223372036854775808.0), f(-9223372036854775808.0),
		{K: types.Huge, S: "9223372036854775808"}, {K: types.Huge, S: "-9223372036854775809"}, {K: types.Huge, S: "100000000000000000000"},
		f(0), f(math.Copysign(0, -1)), f(0.5), f(-0.5), f(math.NaN()), f(math.Inf(1)), f(math.Inf(-1)), f(1.0000000000000002),
		types.BoolValue(true), types.BoolValue(false),
		types.DateValue(0), types.DateValue(1), types.DateValue(-1), {K: types.Timestamp, I: 86400e6}, {K: types.Timestamp, I: 86400e6 - 1},
		{K: types.Timestamp, I: 1<<53 + 1}, {K: types.Timestamp, I: 1 << 53},
		types.IntervalValue(1, 0, 0), types.IntervalValue(0, 30, 0), types.IntervalValue(0, 0, 30*86400e6), types.IntervalValue(0, 0, -1), types.IntervalValue(-1, 0, 5),
		types.IntervalValue(0, 1, -1), types.IntervalValue(0, 0, 36*3600e6), types.IntervalValue(0, 1, 12*3600e6),
		s(""), s("a"), s("a\x00"), s("a\x00b"), s("ab"), s("\x00"), s("\xff"), s("é"), s(long), s(long + "a"), s(long + "b"), s(long[:sortKeyText-1]),
		types.JSONValue("[1]"), types.JSONValue("{}"), types.JSONValue("[1]\x00"),
	}
	return vs
}()

// TestSortKeysAgreeWithCompareRows: wherever two keys decide (their bytes
// differ within the shorter), they decide as compareRows does; equal
// values never have deciding keys.
func TestSortKeysAgreeWithCompareRows(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	decided := 0
	for trial := range 200000 {
		width := 1 + r.IntN(3)
		a, b := make([]types.Value, width), make([]types.Value, width)
		for c := range width {
			a[c], b[c] = keyPool[r.IntN(len(keyPool))], keyPool[r.IntN(len(keyPool))]
			if r.IntN(4) == 0 {
				b[c] = a[c]
			}
		}
		var keys []plan.SortKey
		for _, c := range r.Perm(width)[:1+r.IntN(width)] {
			keys = append(keys, plan.SortKey{Col: c, Desc: r.IntN(2) == 0, NullsFirst: r.IntN(3) == 0})
		}
		ka, wa := appendSortKey(nil, a, keys)
		kb, wb := appendSortKey(nil, b, keys)
		got, want := cmpKeys(ka, kb), compareRows(a, b, keys)
		// sortItems counts on this: a whole key never starts another.
		if wa && wb && len(ka) != len(kb) && got == 0 {
			t.Fatalf("trial %d: keys %+v, rows %v and %v: whole keys, one the start of the other\n%x\n%x", trial, keys, a, b, ka, kb)
		}
		if got != 0 {
			decided++
			if got != want {
				t.Fatalf("trial %d: keys %+v, rows %v and %v: the keys say %d, compareRows %d\n%x\n%x", trial, keys, a, b, got, want, ka, kb)
			}
		}
	}
	// The keys must do the work: most pairs differ, and bytes decide them.
	if decided < 200000/2 {
		t.Errorf("the keys decided only %d of 200000 comparisons", decided)
	}
}

// TestSortItemsAgreesWithCmpItems sorts random rows (values of every
// kind, NULLs, texts past sortKeyText, many equal) by sortItems, its radix
// path when every key is whole and its comparison path when not, and
// checks the order against a sort by cmpItems alone.
func TestSortItemsAgreesWithCmpItems(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var refs, tmp []sortRef
	paths := map[bool]int{}
	for trial := range 300 {
		width := 1 + r.IntN(3)
		// Not HUGE values: types.Compare compares them with a DOUBLE as
		// DOUBLEs and with an integer exactly, so near ±2^63 the three are
		// not transitive, and two sorts by cmpItems may differ.
		pool := slices.DeleteFunc(slices.Clone(keyPool), func(v types.Value) bool { return v.K == types.Huge })
		if r.IntN(2) == 0 {
			// Whole keys only: no text past sortKeyText, no integer past 2^53.
			pool = slices.DeleteFunc(pool, func(v types.Value) bool {
				_, whole := appendValueKey(nil, v)
				return v.K != types.Null && !whole
			})
		}
		distinct := 1 + r.IntN(len(pool))
		n := 256 + r.IntN(2000)
		items := make([]sortItem, n)
		var keys []plan.SortKey
		for _, c := range r.Perm(width)[:1+r.IntN(width)] {
			keys = append(keys, plan.SortKey{Col: c, Desc: r.IntN(2) == 0, NullsFirst: r.IntN(3) == 0})
		}
		allWhole := true
		for i := range items {
			row := make([]types.Value, width)
			for c := range row {
				row[c] = pool[r.IntN(distinct)]
			}
			it := sortItem{row: row, seq: uint64(r.IntN(1 << 40))}
			it.key, it.whole = appendSortKey(nil, row, keys)
			allWhole = allWhole && it.whole
			items[i] = it
		}
		paths[allWhole]++
		want := slices.Clone(items)
		slices.SortStableFunc(want, func(a, b sortItem) int { return cmpItems(&a, &b, keys) })
		refs, tmp = sortItems(items, keys, refs, tmp)
		for i := range items {
			if cmpItems(&items[i], &want[i], keys) != 0 || items[i].seq != want[i].seq {
				t.Fatalf("trial %d, keys %+v: item %d is %v (seq %d), want %v (seq %d)", trial, keys, i, items[i].row, items[i].seq, want[i].row, want[i].seq)
			}
		}
	}
	if paths[true] < 50 || paths[false] < 50 {
		t.Errorf("paths taken: %v; the test wants both often", paths)
	}
}

// BenchmarkSortItems sorts 18,314 rows shaped as TPC-H Q16's result
// (a count DESC, a brand, a type, a size) by sortItems, and by cmpItems
// alone as sortItems did before its radix ("compare"); each loop copies
// the rows in first.
func BenchmarkSortItems(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := []plan.SortKey{{Col: 3, Desc: true}, {Col: 0}, {Col: 1}, {Col: 2}}
	sizes := []string{"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"}
	metals := []string{"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"}
	s := newSorter(keys, 1<<40, &sortSpill{})
	for i := range 18314 {
		row := []types.Value{types.StringValue(fmt.Sprintf("Brand#%d%d", rng.IntN(5)+1, rng.IntN(5)+1)),
			types.StringValue(sizes[rng.IntN(len(sizes))] + " ANODIZED " + metals[rng.IntN(len(metals))]),
			types.IntValue(int64(rng.IntN(50))), types.IntValue(int64(rng.IntN(30)))}
		if err := s.add(sortItem{row: row, seq: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
	orig := slices.Clone(s.items)
	b.Run("radix", func(b *testing.B) {
		for b.Loop() {
			copy(s.items, orig)
			s.sort()
		}
	})
	b.Run("compare", func(b *testing.B) {
		for b.Loop() {
			copy(s.items, orig)
			slices.SortFunc(s.items, func(x, y sortItem) int { return cmpItems(&x, &y, keys) })
		}
	})
}
