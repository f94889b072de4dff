package types

// Truth is a set of possible truth values of a predicate under SQL's
// three-valued logic. A known value is a set of one; the pruner works with
// sets because a partition leaves some fields unknown.
type Truth uint8

const (
	True Truth = 1 << iota
	False
	Unknown
	Any = True | False | Unknown
)

func (t Truth) String() string {
	s := ""
	for _, x := range []struct {
		t Truth
		n string
	}{{True, "T"}, {False, "F"}, {Unknown, "N"}} {
		if t&x.t != 0 {
			s += x.n
		}
	}
	return "{" + s + "}"
}

// Not maps each possible value through NOT.
func (t Truth) Not() Truth {
	var out Truth
	if t&True != 0 {
		out |= False
	}
	if t&False != 0 {
		out |= True
	}
	return out | t&Unknown
}

// And returns the possible values of a AND b.
func (t Truth) And(u Truth) Truth {
	var out Truth
	if t&False != 0 || u&False != 0 {
		out |= False
	}
	if t&^False != 0 && u&^False != 0 && (t&Unknown != 0 || u&Unknown != 0) {
		out |= Unknown
	}
	if t&True != 0 && u&True != 0 {
		out |= True
	}
	return out
}

// Or returns the possible values of a OR b.
func (t Truth) Or(u Truth) Truth {
	return t.Not().And(u.Not()).Not()
}

// TruthOf is the truth of a boolean.
func TruthOf(b bool) Truth {
	if b {
		return True
	}
	return False
}

// Value returns a known truth as a value: TRUE, FALSE or NULL.
func (t Truth) Value() Value {
	switch t {
	case True:
		return BoolValue(true)
	case False:
		return BoolValue(false)
	}
	return Value{}
}
