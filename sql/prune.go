package sql

import (
	"strconv"

	"github.com/lakesql/lakesql/storage"
)

// partition is what the pruner knows of a file: the values of its key
// fields. Other fields are unknown.
type partition struct {
	key    []string
	values []storage.PartValue // nil: nothing is known (a file outside the layout)
}

func (p partition) lookup(name string) (storage.PartValue, bool) {
	if p.values == nil {
		return storage.PartValue{}, false
	}
	for i, k := range p.key {
		if k == name {
			return p.values[i], true
		}
	}
	return storage.PartValue{}, false
}

// possibleKinds lists the JSON kinds a row value may have had to give the
// partition text s: always a string, a number if s is a JSON number, a
// boolean if s is true or false.
func possibleKinds(s string) []storage.Kind {
	kinds := []storage.Kind{storage.String}
	if s == "true" || s == "false" {
		kinds = append(kinds, storage.Bool)
	} else if isJSONNumber(s) {
		kinds = append(kinds, storage.Number)
	}
	return kinds
}

func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		return false
	}
	// ParseFloat accepts forms JSON does not (Inf, 0x1p3, leading '+', "1_0").
	err := storage.Fields([]byte(`{"v":`+s+`}`), nil, nil)
	return err == nil
}

// evalPartition returns the possible truth values of e for any row of the
// partition. A file may be skipped only when True is not among them.
func evalPartition(e Expr, p partition) Truth {
	switch e := e.(type) {
	case nil:
		return True
	case And:
		return evalPartition(e.L, p).And(evalPartition(e.R, p))
	case Or:
		return evalPartition(e.L, p).Or(evalPartition(e.R, p))
	case Not:
		return evalPartition(e.E, p).Not()
	case IsNull:
		c, ok := e.E.(Col)
		if !ok {
			return Any
		}
		v, known := p.lookup(c.Name)
		if !known {
			return True | False
		}
		return truth(v.Null != e.Not)
	case In:
		var t Truth
		for i, item := range e.List {
			x := evalPartition(Compare{Op: "=", L: e.L, R: item}, p)
			if i == 0 {
				t = x
			} else {
				t = t.Or(x)
			}
		}
		if e.Not {
			t = t.Not()
		}
		return t
	case Compare:
		return prunedCompare(e, p)
	case Lit:
		return litTruth(e)
	}
	return Any
}

func prunedCompare(e Compare, p partition) Truth {
	op := e.Op
	c, cIsCol := e.L.(Col)
	l, lIsLit := e.R.(Lit)
	if !cIsCol || !lIsLit {
		c, cIsCol = e.R.(Col)
		l, lIsLit = e.L.(Lit)
		op = flip(op)
	}
	if !cIsCol || !lIsLit {
		if ll, ok := e.L.(Lit); ok {
			if rl, ok := e.R.(Lit); ok {
				k, t := litKind(ll)
				return compareLit(k, t, e.Op, rl)
			}
		}
		return Any
	}
	v, known := p.lookup(c.Name)
	if !known {
		return Any
	}
	if v.Null {
		return Unknown
	}
	var t Truth
	for _, k := range possibleKinds(v.Str) {
		t |= compareLit(k, []byte(v.Str), op, l)
	}
	return t
}
