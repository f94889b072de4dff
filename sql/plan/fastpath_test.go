package plan

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestCompareDateFastPath: a slot compared with a DATE constant answers
// what the general way answers (temporalPair, then CompareValues) for
// every kind of row value: ISO text, text that is no date or a timestamp,
// a typed date, NULL, a number.
func TestCompareDateFastPath(t *testing.T) {
	for _, lit := range []*Const{{V: types.DateValue(10471)}, // 1998-09-02
		{V: types.TimestampValue(10471 * 86400e6)}, {V: types.TimestampValue(10471*86400e6 + 1)}} {
		compareDateFastPath(t, lit)
	}
}

func compareDateFastPath(t *testing.T, lit *Const) {
	vals := []types.Value{
		types.StringValue("1998-09-01"), types.StringValue("1998-09-02"), types.StringValue("1998-09-03"),
		types.StringValue("1600-02-29"), types.StringValue("2000-02-29"), types.StringValue("1998-02-30"),
		types.StringValue("1998-9-02"), types.StringValue(" 1998-09-02"), types.StringValue("1998-09-02 00:00:01"),
		types.StringValue("not a date"), types.DateValue(10470), types.DateValue(10471), {}, types.IntValue(3),
		types.TimestampValue(10471 * 86400e6),
	}
	for _, op := range []string{"=", "!=", "<", "<=", ">", ">=", "<=>"} {
		c := NewCompare(op, &Slot{I: 0, Name: "d"}, lit, false)
		if c.dslot != 0 {
			t.Fatalf("%s: no fast path", op)
		}
		for _, v := range vals {
			got, gerr := c.Eval(Row{v})
			a, b, werr := temporalPair(v, lit.V)
			var want types.Value
			if werr == nil {
				want = CompareValues(op, a, b, nil, false)
			}
			if (gerr != nil) != (werr != nil) || got != want {
				t.Errorf("%v %s %v: got %v, %v; want %v, %v", v, op, lit.V, got, gerr, want, werr)
			}
		}
	}
}

// TestArithFloatFastPath: DOUBLE arithmetic of slots and constants is
// types.Arith's, NULLs, infinities and NaN included.
func TestArithFloatFastPath(t *testing.T) {
	vals := []types.Value{
		types.FloatValue(2.5), types.FloatValue(-0.0), types.FloatValue(math.Inf(1)), types.FloatValue(math.NaN()),
		types.IntValue(3), types.IntValue(0), types.IntValue(math.MaxInt64), {}, types.StringValue("x"),
		types.DateValue(5),
	}
	same := func(a, b types.Value) bool {
		if a.K == types.Float && b.K == types.Float && math.IsNaN(a.F()) && math.IsNaN(b.F()) {
			return true
		}
		return a.K == b.K && a.I == b.I && a.S == b.S
	}
	for _, op := range []types.Op{types.Add, types.Sub, types.Mul, types.Div, types.IntDiv, types.Mod} {
		for _, x := range vals {
			for _, y := range vals {
				for _, e := range []*ArithExpr{
					{Op: op, L: &Slot{I: 0}, R: &Slot{I: 1}},
					{Op: op, L: &Const{V: x}, R: &Slot{I: 1}},
					{Op: op, L: &Slot{I: 0}, R: &Const{V: y}},
				} {
					got, gerr := e.Eval(Row{x, y})
					want, werr := types.Arith(op, x, y)
					if (gerr != nil) != (werr != nil) || !same(got, want) {
						t.Errorf("%v %s %v: got %v, %v; want %v, %v", x, op, y, got, gerr, want, werr)
					}
				}
			}
		}
	}
}

// TestKeyInStopsWhenItKeepsAll: a join filter that keeps nearly every row
// stops looking keys up (it answers TRUE, always right for it), one that
// drops rows goes on; NULL is dropped while it looks.
func TestKeyInStopsWhenItKeepsAll(t *testing.T) {
	for _, keepAll := range []bool{true, false} {
		calls := 0
		k := &KeyIn{Args: []Expr{&Slot{I: 0}}, Has: func(key []byte) bool { calls++; return keepAll || key[1]%2 == 0 }}
		for i := range 3 * keyInSample {
			v, err := k.Eval(Row{types.IntValue(int64(i))})
			if err != nil || v.K != types.Bool {
				t.Fatalf("%v, %v", v, err)
			}
			if !keepAll && (v.I == 1) != (i%2 == 0) {
				t.Fatalf("row %d: %v", i, v)
			}
		}
		if want := 3 * keyInSample; keepAll && calls != keyInSample || !keepAll && calls != want {
			t.Errorf("keep all %v: %d lookups", keepAll, calls)
		}
		if v, _ := (&KeyIn{Args: []Expr{&Slot{I: 0}}, Has: func([]byte) bool { return true }}).Eval(Row{{}}); v.I != 0 {
			t.Errorf("NULL kept")
		}
	}
}

// TestCompareNumberFastPath: a slot compared with a number answers what
// the general way answers, for numbers of either kind, NaN, huge
// integers, text and NULL.
func TestCompareNumberFastPath(t *testing.T) {
	vals := []types.Value{types.IntValue(23), types.IntValue(24), types.IntValue(25), types.FloatValue(23.999),
		types.FloatValue(24), types.FloatValue(math.NaN()), types.FloatValue(math.Inf(-1)), types.IntValue(math.MaxInt64),
		types.IntValue(1 << 53), types.StringValue("24"), {}, types.BoolValue(true)}
	for _, lit := range []types.Value{types.IntValue(24), types.FloatValue(0.05), types.FloatValue(math.NaN()),
		types.FloatValue(1 << 53), types.IntValue(1<<53 + 1)} {
		for _, op := range []string{"=", "!=", "<", "<=", ">", ">=", "<=>"} {
			c := NewCompare(op, &Slot{I: 0}, &Const{V: lit}, false)
			if c.nslot != 0 {
				t.Fatalf("%s: no fast path", op)
			}
			for _, v := range vals {
				got, gerr := c.Eval(Row{v})
				a, b, werr := temporalPair(v, lit)
				var want types.Value
				if werr == nil {
					want = CompareValues(op, a, b, nil, false)
				}
				if (gerr != nil) != (werr != nil) || got != want {
					t.Errorf("%v %s %v: got %v, %v; want %v, %v", v, op, lit, got, gerr, want, werr)
				}
			}
		}
	}
}

// TestEvalTruthConnectives: EvalTruth of random ANDs, ORs and NOTs over
// true, false, NULL, numbers, text that is a boolean and text that is
// not (an error) answers as SQL's three-valued logic read term by term,
// left side first (the right side not read when the left decides), and
// as the Value that Eval gives.
func TestEvalTruthConnectives(t *testing.T) {
	leaves := []types.Value{types.BoolValue(true), types.BoolValue(false), {}, types.IntValue(0), types.IntValue(2),
		types.FloatValue(0.5), types.StringValue("true"), types.StringValue("f"), types.StringValue("x")}
	rng := uint64(1)
	next := func(n int) int { rng = rng*6364136223846793005 + 1442695040888963407; return int(rng>>33) % n }
	var gen func(depth int) Expr
	gen = func(depth int) Expr {
		if depth == 0 || next(4) == 0 {
			if next(2) == 0 {
				return &Slot{I: next(len(leaves)), Name: "x"}
			}
			return &Const{V: leaves[next(len(leaves))]}
		}
		switch next(3) {
		case 0:
			return &AndExpr{L: gen(depth - 1), R: gen(depth - 1)}
		case 1:
			return &OrExpr{L: gen(depth - 1), R: gen(depth - 1)}
		}
		return &NotExpr{X: gen(depth - 1)}
	}
	var want func(e Expr, r Row) (types.Truth, bool)
	want = func(e Expr, r Row) (types.Truth, bool) {
		switch x := e.(type) {
		case *AndExpr:
			a, ok := want(x.L, r)
			if !ok || a == types.False {
				return types.False, ok
			}
			b, ok := want(x.R, r)
			return a.And(b), ok
		case *OrExpr:
			a, ok := want(x.L, r)
			if !ok || a == types.True {
				return types.True, ok
			}
			b, ok := want(x.R, r)
			return a.Or(b), ok
		case *NotExpr:
			a, ok := want(x.X, r)
			return a.Not(), ok
		}
		v, _ := e.Eval(r)
		tr, err := Truthy(v)
		return tr, err == nil
	}
	row := Row(leaves)
	for range 20000 {
		e := gen(4)
		w, ok := want(e, row)
		got, err := EvalTruth(e, row)
		if ok != (err == nil) || ok && got != w {
			t.Fatalf("%s: EvalTruth %v, %v; want %v (error: %v)", e, got, err, w, !ok)
		}
		v, err := e.Eval(row)
		switch e.(type) {
		case *AndExpr, *OrExpr, *NotExpr:
		default:
			continue // a leaf's value is no error, though its truth may be
		}
		if ok != (err == nil) {
			t.Fatalf("%s: Eval's error %v, want one: %v", e, err, !ok)
		}
		if tv, _ := Truthy(v); ok && tv != w {
			t.Fatalf("%s: Eval %v, want %v", e, v, w)
		}
	}
}

// TestCloneKeepsInFastPaths: a worker's clone of IN keeps the lookups its
// list was bound to (the set of a long list, the integers or texts of a
// short one), not only its answers, which the list alone would give slowly.
func TestCloneKeepsInFastPaths(t *testing.T) {
	short := NewIn(&Slot{I: 0}, []Expr{&Const{V: types.IntValue(3)}, &Const{V: types.Value{}}}, false)
	var long []Expr
	for i := range minInSet {
		long = append(long, &Const{V: types.IntValue(int64(i))})
	}
	strs := NewIn(&Slot{I: 0}, []Expr{&Const{V: types.StringValue("13")}, &Const{V: types.StringValue("31")}}, false)
	for _, in := range []*InExpr{short, NewIn(&Slot{I: 0}, long, true), strs} {
		c := CloneExpr(in).(*InExpr)
		if c.allInts != in.allInts || !slices.Equal(c.ints, in.ints) || c.allStrs != in.allStrs || !slices.Equal(c.strs, in.strs) ||
			c.nulls != in.nulls || (c.set == nil) != (in.set == nil) || c.setKind != in.setKind {
			t.Errorf("%s: the clone lost its lookups", in)
		}
	}
}

// TestYmdHoldsAsDayHolds: the raw date filter's comparison of an ISO
// date's y*10000+m*100+d (types.ISOYmd) with a DATE's answers as the
// comparison of its count of days does, and as Eval does on the text, for
// every operator, random days from year 1 to 9999 and constants on both
// sides of them (equal ones often), DATEs and TIMESTAMPs alike.
func TestYmdHoldsAsDayHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	day := func() int64 { return -719162 + rng.Int64N(3652059) } // 0001-01-01 .. 9999-12-31
	for range 20000 {
		d := day()
		c := d + rng.Int64N(5) - 2
		if rng.IntN(3) == 0 {
			c = day()
		}
		k := types.DateValue(c)
		if rng.IntN(4) == 0 {
			k = types.TimestampValue(c*86400e6 + rng.Int64N(3)*43200e6 - 43200e6)
		}
		op := []string{"=", "!=", "<", "<=", ">", ">="}[rng.IntN(6)]
		cmp := NewCompare(op, &Slot{I: 0}, &Const{V: k}, false)
		text := types.DateValue(d).String()
		ymd, ok := types.ISOYmd(text)
		if !ok {
			t.Fatalf("%s: not read", text)
		}
		want, err := cmp.Eval(Row{types.StringValue(text)})
		if err != nil {
			t.Fatal(err)
		}
		if got := cmp.YmdHolds(ymd); got != cmp.DayHolds(d) || got != (want.K == types.Bool && want.I == 1) {
			t.Fatalf("'%s' %s %v: YmdHolds %v, DayHolds %v, Eval %v", text, op, k, got, cmp.DayHolds(d), want)
		}
	}
}

// TestCompareJSONScalars: a JSON scalar (JSON_EXTRACT's) beside a number
// or a boolean is read as one, beside text compared as its JSON text, as
// DuckDB 1.5.6 answers; objects and arrays are left as they were.
func TestCompareJSONScalars(t *testing.T) {
	j := types.JSONValue
	for _, c := range []struct {
		op   string
		a, b types.Value
		want bool
	}{
		{"=", j("1"), types.IntValue(1), true},
		{"=", j("1.0"), types.IntValue(1), true},
		{"=", types.FloatValue(1), j("1"), true},
		{">", j("10"), types.IntValue(9), true},
		{"<", j("-2.5"), types.IntValue(-2), true},
		{"=", j("true"), types.BoolValue(true), true},
		{"=", j("1"), types.StringValue("1"), true},
		{"=", j(`"q"`), types.StringValue(`"q"`), true},
		{"=", j(`"q"`), types.StringValue("q"), false},
		{"=", j(`"5"`), types.IntValue(5), true},
		{"=", j(`"x"`), types.IntValue(5), false},
		{"=", j("[1,2]"), types.StringValue("[1,2]"), false},
		{"=", j("1"), j("1"), true},
	} {
		if got := CompareValues(c.op, c.a, c.b, nil, false); got != types.BoolValue(c.want) {
			t.Errorf("%v %s %v: %v, want %v", c.a, c.op, c.b, got, c.want)
		}
	}
}
