package aggregate_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// TestSlidingStates: a sliding COUNT, SUM and AVG, fed a random walk of
// rows in and out (the oldest out, as a frame's start moves), answers as
// a fresh state of all the rows in it at every step: integers exactly
// (past int64 and back), DOUBLEs within the rounding of the frame's own
// values (not of every row that passed), infinities and NaN as they come
// and go, booleans as integers, strings and NULL skipped.
func TestSlidingStates(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	pool := []types.Value{
		types.IntValue(3), types.IntValue(-7), types.IntValue(math.MaxInt64), types.IntValue(math.MinInt64),
		types.IntValue(1 << 62), types.BigValue(huge), types.FloatValue(0.1), types.FloatValue(-2.5e10),
		types.FloatValue(1e300), types.FloatValue(math.Inf(1)), types.FloatValue(math.Inf(-1)), types.FloatValue(math.NaN()),
		types.BoolValue(true), types.StringValue("x"), {},
	}
	for _, name := range []string{"COUNT", "SUM", "AVG"} {
		f, _, err := aggregate.Lookup(name, 1, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(40) {
			r := rand.New(rand.NewPCG(seed, 3))
			// Some walks keep to the plain values, whose sums are exact
			// or nearly so; the others meet every kind.
			kinds := len(pool)
			if seed%2 == 0 {
				kinds = 2
			}
			sl := aggregate.NewSliding(f)
			var frame []types.Value
			for step := range 400 {
				if len(frame) > 0 && r.IntN(3) == 0 {
					if err := sl.Remove(frame[:1]); err != nil {
						t.Fatal(err)
					}
					frame = frame[1:]
				} else {
					v := pool[r.IntN(kinds)]
					if v.K == types.Float && r.IntN(2) == 0 {
						v = types.FloatValue(r.NormFloat64() * 1e6)
					}
					if err := sl.Add([]types.Value{v}); err != nil {
						t.Fatal(err)
					}
					frame = append(frame, v)
				}
				st := f.New()
				scale := 0.0
				for _, v := range frame {
					if err := st.Add([]types.Value{v}); err != nil {
						t.Fatal(err)
					}
					if v.K == types.Float {
						scale += math.Abs(v.F())
					} else if x, ok := v.Float(); ok && v.K != types.Bool {
						scale += math.Abs(x)
					}
				}
				got, want := sl.Result(), st.Result()
				if !sameValue(got, want, scale/float64(max(len(frame), 1))) {
					t.Fatalf("%s seed %d step %d: %v, want %v (frame %v)", name, seed, step, got, want, frame)
				}
			}
		}
	}
}

// sameValue: equal, or DOUBLEs within 1e-9 of the scale (the mean size
// of the values summed, for an AVG) or relatively.
func sameValue(a, b types.Value, scale float64) bool {
	if a.K == types.Float && b.K == types.Float {
		x, y := a.F(), b.F()
		return x == y || math.IsNaN(x) && math.IsNaN(y) || math.Abs(x-y) <= 1e-9*math.Max(scale, math.Abs(y))
	}
	return a.K == b.K && a.String() == b.String()
}
