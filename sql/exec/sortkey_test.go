package exec

import (
	"math"
	"math/rand/v2"
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
		types.IntervalValue(1, 0), types.IntervalValue(0, 30*86400e6), types.IntervalValue(0, -1), types.IntervalValue(-1, 5),
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
		ka, kb := appendSortKey(nil, a, keys), appendSortKey(nil, b, keys)
		got, want := cmpKeys(ka, kb), compareRows(a, b, keys)
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
