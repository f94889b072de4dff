package plan_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestInSetAnswersAsTheList: a long IN list of constants, looked up as a
// set of keys, answers as comparing with each constant does (the list
// made as a short IN is), NULL rules included, for values of every family
// against lists of one family and of several: whole floats beside
// integers, -0, NaN, integers past 2^63, dates beside timestamps, texts
// that spell numbers.
func TestInSetAnswersAsTheList(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	huge, _ := new(big.Int).SetString("98765432109876543210", 10)
	pool := []types.Value{
		types.IntValue(0), types.IntValue(1), types.IntValue(-7), types.IntValue(1 << 60),
		types.FloatValue(1), types.FloatValue(-0.0), types.FloatValue(2.5), types.FloatValue(math.NaN()), types.FloatValue(math.Inf(1)),
		types.BigValue(huge), types.StringValue("1"), types.StringValue("a"), types.StringValue(""),
		types.DateValue(20000), types.TimestampValue(20000 * 86400e6), types.TimestampValue(20000*86400e6 + 1),
		types.BoolValue(true), {},
	}
	numbers := pool[:10]
	checked := 0
	for round := range 400 {
		from := pool
		if round%2 == 0 {
			from = numbers // one family: the set is used
		}
		n := 16 + rng.IntN(20)
		list := make([]plan.Expr, n)
		for i := range list {
			v := from[rng.IntN(len(from))]
			if rng.IntN(4) == 0 {
				v = types.IntValue(rng.Int64N(40) - 20)
			}
			if round%4 == 0 && i == 0 {
				v = types.Value{} // a NULL among them
			}
			list[i] = &plan.Const{V: v}
		}
		not := rng.IntN(2) == 0
		set := plan.NewIn(&plan.Slot{I: 0}, list, not)
		for _, x := range append(pool, types.IntValue(rng.Int64N(40)-20), types.FloatValue(float64(rng.Int64N(40)-20))) {
			got, err := set.Eval(plan.Row{x})
			// The reference: x IN (c) for each constant c alone (too short
			// a list for a set), combined as SQL combines ORs. Text that
			// is no date, met by a date, is an error either way.
			want, failed := types.False, false
			for _, it := range list {
				one, err := plan.NewIn(&plan.Slot{I: 0}, []plan.Expr{it}, false).Eval(plan.Row{x})
				if err != nil {
					failed = true
					continue
				}
				switch {
				case one.K == types.Null:
					if want != types.True {
						want = types.Unknown
					}
				case one.I != 0:
					want = types.True
				}
			}
			if failed || err != nil {
				if !failed || err == nil && want != types.True {
					t.Fatalf("%v IN %v: %v, %v; the constants one by one failed: %v", x, list, got, err, failed)
				}
				continue
			}
			checkIn(t, x, list, not, got, want)
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d checks", checked)
	}
}

// TestInIntsAnswersAsCompare: a short IN list of integer constants (and
// NULLs), which an integer meets directly, answers as = with each
// constant does, combined as SQL's OR, NOT IN too, for values of every
// family.
func TestInIntsAnswersAsCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	values := []types.Value{types.IntValue(3), types.IntValue(-2), types.IntValue(1 << 62), types.FloatValue(3), types.FloatValue(3.5),
		types.StringValue("3"), types.BoolValue(true), types.IntValue(1), {}}
	for range 2000 {
		list := make([]plan.Expr, 1+rng.IntN(15))
		for i := range list {
			list[i] = &plan.Const{V: types.IntValue(rng.Int64N(7) - 3)}
			if rng.IntN(8) == 0 {
				list[i] = &plan.Const{V: types.Value{}}
			}
		}
		not := rng.IntN(2) == 0
		in := plan.NewIn(&plan.Slot{I: 0}, list, not)
		for _, x := range append(values, types.IntValue(rng.Int64N(9)-4)) {
			got, err := in.Eval(plan.Row{x})
			if err != nil {
				t.Fatal(err)
			}
			want := types.False
			for _, it := range list {
				switch c := plan.CompareValues("=", x, it.(*plan.Const).V, nil, false); {
				case c.K == types.Null:
					if want != types.True {
						want = types.Unknown
					}
				case c.I != 0:
					want = types.True
				}
			}
			checkIn(t, x, list, not, got, want)
		}
	}
}

// checkIn fails unless got is x [NOT] IN list when want is the OR of its
// comparisons with each constant.
func checkIn(t *testing.T, x types.Value, list []plan.Expr, not bool, got types.Value, want types.Truth) {
	t.Helper()
	if x.K == types.Null {
		want = types.Unknown
	}
	if not {
		want = want.Not()
	}
	if got != want.Value() {
		t.Fatalf("%v IN %v (not %v): %v, want %v", x, list, not, got, want.Value())
	}
}

// TestInStrsAnswersAsCompare: a short IN list of text constants (and
// NULLs), in which a text is looked for directly, answers as = with each
// constant does (a Compare, which reads a constant text as a number, a
// date or a boolean where the value is one), combined as SQL's OR, NOT
// IN too, for values of every family; a list with a constant of another
// kind keeps the general way.
func TestInStrsAnswersAsCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 5))
	texts := []string{"13", "31", "", "3", "2020-01-01", "true", "é", "a b", "13 "}
	values := []types.Value{types.IntValue(3), types.IntValue(13), types.FloatValue(3), types.DateValue(18262),
		types.BoolValue(true), {}}
	for _, s := range texts {
		values = append(values, types.StringValue(s))
	}
	for range 2000 {
		list := make([]plan.Expr, 1+rng.IntN(15))
		for i := range list {
			list[i] = &plan.Const{V: types.StringValue(texts[rng.IntN(len(texts))])}
			switch rng.IntN(12) {
			case 0:
				list[i] = &plan.Const{V: types.Value{}}
			case 1:
				list[i] = &plan.Const{V: types.IntValue(3)}
			case 2:
				list[i] = &plan.Const{V: types.DateValue(18262)} // 2020-01-01
			}
		}
		not := rng.IntN(2) == 0
		in := plan.NewIn(&plan.Slot{I: 0}, list, not)
		for _, x := range values {
			got, err := in.Eval(plan.Row{x})
			// The constants in their order, up to the first equal one:
			// a text that is no date, met with a DATE, is an error.
			want, werr := types.False, error(nil)
			for _, it := range list {
				c, err := plan.NewCompare("=", &plan.Slot{I: 0}, it, false).Eval(plan.Row{x})
				if err != nil {
					werr = err
					break
				}
				if c.K == types.Null {
					want = types.Unknown
				} else if c.I != 0 {
					want = types.True
					break
				}
			}
			if (err != nil) != (werr != nil && x.K != types.Null) {
				t.Fatalf("%v IN %v: error %v, want %v", x, list, err, werr)
			}
			if err == nil {
				checkIn(t, x, list, not, got, want)
			}
		}
	}
}
