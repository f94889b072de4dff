package function

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// A vector is one call and DuckDB's answer to it (or the error we give).
type vector struct {
	fn   string
	args []types.Value
	want types.Value
	err  error // the sentinel the error wraps; nil: no error
}

// Value shorthands for the tables.
var N = types.Value{}

func S(s string) types.Value           { return types.StringValue(s) }
func I(i int64) types.Value            { return types.IntValue(i) }
func F(f float64) types.Value          { return types.FloatValue(f) }
func B(b bool) types.Value             { return types.BoolValue(b) }
func J(s string) types.Value           { return types.JSONValue(s) }
func A(v ...types.Value) []types.Value { return v }

func D(s string) types.Value {
	d, ok := types.ParseDate(s)
	if !ok {
		panic("bad date " + s)
	}
	return types.DateValue(d)
}

func TS(s string) types.Value {
	us, ok := types.ParseTimestamp(s)
	if !ok {
		panic("bad timestamp " + s)
	}
	return types.TimestampValue(us)
}

func show(v types.Value) string {
	if v.K == types.Null {
		return "NULL"
	}
	return fmt.Sprintf("%s %q", v.K, v.String())
}

func same(a, b types.Value) bool {
	if a.K != b.K {
		return false
	}
	switch a.K {
	case types.Float:
		if math.IsNaN(a.F()) || math.IsNaN(b.F()) {
			return math.IsNaN(a.F()) && math.IsNaN(b.F())
		}
		return a.F() == b.F() && math.Signbit(a.F()) == math.Signbit(b.F())
	}
	return a.I == b.I && a.S == b.S
}

// call binds fn with the constants asked for and calls it on args.
func call(fn string, args []types.Value, constant bool) (types.Value, error) {
	f, ok := Lookup(fn)
	if !ok {
		return types.Value{}, fmt.Errorf("no function %s", fn)
	}
	consts := make([]*types.Value, len(args))
	if constant {
		for i := range args {
			consts[i] = &args[i]
		}
	}
	ev, err := f.BindCall(consts)
	if err != nil {
		return types.Value{}, err
	}
	return ev(args)
}

// check runs each vector twice: with no argument constant (per-row work)
// and with every argument constant (work done once in Bind).
func check(t *testing.T, vs []vector) {
	t.Helper()
	for _, v := range vs {
		for _, constant := range []bool{false, true} {
			name := fmt.Sprintf("%s(%s)", v.fn, argList(v.args))
			if constant {
				name += " const"
			}
			got, err := call(v.fn, v.args, constant)
			switch {
			case v.err != nil:
				if !errors.Is(err, v.err) {
					t.Errorf("%s: got %s, %v; want error %v", name, show(got), err, v.err)
				} else if f, _ := Lookup(v.fn); !strings.Contains(err.Error(), f.Name) {
					t.Errorf("%s: error %q does not begin with the function's name", name, err)
				}
			case err != nil:
				t.Errorf("%s: %v", name, err)
			case !same(got, v.want):
				t.Errorf("%s = %s, want %s", name, show(got), show(v.want))
			}
		}
	}
}

func argList(args []types.Value) string {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = show(a)
	}
	return strings.Join(s, ", ")
}
