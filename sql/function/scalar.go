package function

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// ErrArgs reports a call with the wrong number or kind of arguments, found
// when the call is bound.
var ErrArgs = errors.New("bad arguments")

// Eval computes a function for one row. args are the argument values of
// that row; it must not keep them (a string may point into a reused scan
// buffer) beyond the call, nor return one of their texts sliced unless the
// caller's row outlives the result (the executor clones what it keeps).
type Eval func(args []types.Value) (types.Value, error)

// Scalar is a scalar function.
type Scalar struct {
	Name    string   // upper case, as EXPLAIN and column names print it
	Aliases []string // other names, upper case
	MinArgs int
	MaxArgs int // -1: no limit
	// NullIn: a NULL argument makes the result NULL without calling the
	// evaluator (true for most functions; false for COALESCE, CONCAT, ...).
	NullIn bool
	// Bind returns the evaluator for a call site. consts[i] is the value
	// of argument i when it is a constant, else nil. Nil Bind means Fn.
	Bind func(consts []*types.Value) (Eval, error)
	Fn   Eval
	// Volatile: a new value at each call (RANDOM), never folded into a
	// constant, though its arguments are.
	Volatile bool
	// Double: its results are DOUBLEs whatever its arguments' types, as
	// DuckDB types them (SQRT, FLOOR, …): the binder gives an integer
	// beside one in COALESCE, GREATEST, CASE, … DuckDB's common type.
	Double bool
	// Signature and Summary document the function for the SQL reference
	// and the shell's help: "SUBSTR(s, start[, length])" and one line.
	Signature string
	Summary   string
}

// Doc documents one function: its name, its signature with the names of
// its arguments, and a one-line summary (aliases are listed as their own
// Doc, whose Summary names the function they stand for).
type Doc struct {
	Name      string
	Signature string
	Summary   string
}

// Docs lists every function and alias of the registry, sorted by name.
func Docs() []Doc {
	out := make([]Doc, 0, len(registry))
	for _, n := range Names() {
		f := registry[n]
		d := Doc{Name: n, Signature: f.Signature, Summary: f.Summary}
		if n != f.Name {
			d.Signature = n + strings.TrimPrefix(f.Signature, f.Name)
			d.Summary = "Alias of " + f.Name + ": " + f.Summary
		}
		out = append(out, d)
	}
	return out
}

var registry = map[string]*Scalar{}

// register adds functions to the registry; called from init.
func register(fs ...*Scalar) {
	for _, f := range fs {
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if _, dup := registry[n]; dup {
				panic("function: " + n + " registered twice")
			}
			registry[n] = f
		}
	}
}

// Lookup finds a scalar function by name, case-insensitively.
func Lookup(name string) (*Scalar, bool) {
	f, ok := registry[strings.ToUpper(name)]
	return f, ok
}

// Names lists every function name and alias, sorted: for completion and
// did-you-mean.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		if !isOperator(n) { // an operator, not a name to complete
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// isOperator reports whether a registered name is an operator's (||, &,
// <<, >>, ~), which the parser makes a call of that name.
func isOperator(n string) bool { return n != "" && !('A' <= n[0] && n[0] <= 'Z' || n[0] == '_') }

// BindCall checks the number of arguments and binds f at one call site.
// The evaluator returned applies NullIn, and its errors, like those of
// Bind, begin with the function's name.
func (f *Scalar) BindCall(consts []*types.Value) (Eval, error) {
	n := len(consts)
	if n < f.MinArgs || f.MaxArgs >= 0 && n > f.MaxArgs {
		return nil, fmt.Errorf("%w: %s takes %s, not %d", ErrArgs, f.Name, f.arity(), n)
	}
	ev := f.Fn
	if f.Bind != nil {
		var err error
		if ev, err = f.Bind(consts); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	name := f.Name
	if !f.NullIn {
		return func(args []types.Value) (types.Value, error) {
			v, err := ev(args)
			if err != nil {
				return v, fmt.Errorf("%s: %w", name, err)
			}
			return v, nil
		}, nil
	}
	return func(args []types.Value) (types.Value, error) {
		for _, a := range args {
			if a.K == types.Null {
				return types.Value{}, nil
			}
		}
		v, err := ev(args)
		if err != nil {
			return v, fmt.Errorf("%s: %w", name, err)
		}
		return v, nil
	}, nil
}

func (f *Scalar) arity() string {
	switch {
	case f.MaxArgs < 0:
		return fmt.Sprintf("at least %d argument%s", f.MinArgs, plural(f.MinArgs))
	case f.MinArgs == f.MaxArgs:
		return fmt.Sprintf("%d argument%s", f.MinArgs, plural(f.MinArgs))
	}
	return fmt.Sprintf("%d to %d arguments", f.MinArgs, f.MaxArgs)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
