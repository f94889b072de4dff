package types

import "testing"

// TestTruthTables (from package sql, where Truth was before the engine in
// stages) checks Not, And and Or on known values against SQL's truth
// tables, and on sets as the pruner uses them.
func TestTruthTables(t *testing.T) {
	not := func(a Truth) Truth {
		switch a {
		case True:
			return False
		case False:
			return True
		}
		return Unknown
	}
	and := func(a, b Truth) Truth {
		switch {
		case a == False || b == False:
			return False
		case a == True && b == True:
			return True
		}
		return Unknown
	}
	all := []Truth{True, False, Unknown}
	for _, a := range all {
		if got, want := a.Not(), not(a); got != want {
			t.Errorf("NOT %v: got %v, want %v", a, got, want)
		}
		for _, b := range all {
			if got, want := a.And(b), and(a, b); got != want {
				t.Errorf("%v AND %v: got %v, want %v", a, b, got, want)
			}
			if got, want := a.Or(b), not(and(not(a), not(b))); got != want {
				t.Errorf("%v OR %v: got %v, want %v", a, b, got, want)
			}
		}
	}
	// Sets: a possibly-unknown field ANDed with FALSE is certainly FALSE.
	if got := Any.And(False); got != False {
		t.Errorf("Any AND False: got %v, want {F}", got)
	}
	if got := Any.Or(True); got != True {
		t.Errorf("Any OR True: got %v, want {T}", got)
	}
	if got := (True | Unknown).Not(); got != False|Unknown {
		t.Errorf("NOT {T,N}: got %v, want {F,N}", got)
	}
	// A set is the union of its members' results.
	sets := []Truth{True, False, Unknown, True | False, True | Unknown, False | Unknown, Any}
	for _, a := range sets {
		for _, b := range sets {
			var and, or Truth
			for _, x := range all {
				for _, y := range all {
					if a&x != 0 && b&y != 0 {
						and |= x.And(y)
						or |= x.Or(y)
					}
				}
			}
			if got := a.And(b); got != and {
				t.Errorf("%v AND %v: got %v, want %v", a, b, got, and)
			}
			if got := a.Or(b); got != or {
				t.Errorf("%v OR %v: got %v, want %v", a, b, got, or)
			}
		}
	}
	for _, v := range []struct {
		t    Truth
		want string
	}{{True, "true"}, {False, "false"}, {Unknown, "NULL"}} {
		if got := v.t.Value().String(); got != v.want {
			t.Errorf("%v.Value(): got %s, want %s", v.t, got, v.want)
		}
	}
}
