package aggregate

import (
	"fmt"

	"github.com/lakesql/lakesql/sql/types"
)

// Encoded and Merged carry an aggregate through two steps of grouping:
// the first step's states go out encoded (AppendState) in text values,
// which Merged(f) takes and merges (MergeState), giving f's result. The
// executor's two-step DISTINCT (GROUP BY g, x, then GROUP BY g) computes
// the plain aggregates beside a DISTINCT one this way, each pair's state
// merged into its group's.

// Encoded is a state encoded in a text value: the output derived from a
// state (plan.AggCall's Derive) of the first step.
func Encoded(st State) types.Value { return types.StringValue(string(st.AppendState(nil))) }

// Merged is the second step: the states of f that Encoded gave, merged.
func Merged(f *Func) *Func {
	return &Func{Name: f.Name, New: func() State { return &merged{wrapper{f.New()}} }}
}

// wrapper is a state that stands for another (Merged's, Filtered's): it
// passes on all but what it takes (Add) and how it merges a state of its
// own kind.
type wrapper struct{ st State }

func (s *wrapper) account(acct *int64) {
	if a, ok := s.st.(accounted); ok {
		a.account(acct)
	}
}

func (s *wrapper) useRuns(r *Runs) {
	if a, ok := s.st.(runner); ok {
		a.useRuns(r)
	}
}

func (s *wrapper) inner() State                        { return s.st }
func (s *wrapper) Final() (types.Value, error)         { return Final(s.st) }
func (s *wrapper) Result() types.Value                 { return s.st.Result() }
func (s *wrapper) AppendState(dst []byte) []byte       { return s.st.AppendState(dst) }
func (s *wrapper) MergeState(b []byte) ([]byte, error) { return s.st.MergeState(b) }

type merged struct{ wrapper }

func (s *merged) Add(args []types.Value) error { return s.AddOne(args[0]) }

func (s *merged) AddOne(v types.Value) error {
	if v.K == types.Null {
		return nil // a row that carries no state of this aggregate
	}
	if v.K != types.String {
		return fmt.Errorf("%w: a partial state of %s", ErrArgs, v.K)
	}
	rest, err := s.st.MergeState([]byte(v.S))
	if err == nil && len(rest) != 0 {
		err = fmt.Errorf("%w: %d bytes after a partial state", ErrArgs, len(rest))
	}
	return err
}

func (s *merged) Merge(o State) { s.st.Merge(o.(*merged).st) }

// Filtered is f with a FILTER (WHERE c) of its own: its states take the
// rows whose last argument, c's value, is true, without it (see
// ast.FilterArg: the aggregates that keep NULLs take FILTER so).
func Filtered(f *Func) *Func {
	return &Func{Name: f.Name, Distinct: f.Distinct, New: func() State { return &filtered{wrapper{f.New()}} }}
}

type filtered struct{ wrapper }

func (s *filtered) Add(args []types.Value) error {
	n := len(args) - 1
	if c := args[n]; c.K != types.Bool || c.I == 0 {
		return nil
	}
	return s.st.Add(args[:n])
}

func (s *filtered) Merge(o State) { s.st.Merge(o.(*filtered).st) }
