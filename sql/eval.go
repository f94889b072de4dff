package sql

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/lakesql/lakesql/storage"
)

// rowPred evaluates a compiled predicate on one row's extracted values.
type rowPred func(r *row) Truth

// row is the part of a line the executor extracted: the raw JSON value of
// each needed field, by slot.
type row struct {
	vals    [][]byte
	scratch [][]byte // per-slot buffers for decoded string text
	plain   bool     // the line has no backslash: strings need no unescaping
}

// text returns the kind and text form of slot i.
func (r *row) text(i int) (storage.Kind, []byte) {
	raw := r.vals[i]
	k := storage.KindOf(raw)
	switch k {
	case storage.Missing, storage.Null:
		return k, nil
	case storage.String:
		body := raw[1 : len(raw)-1]
		// Text is what encoding/json decodes, as for partition values:
		// escapes resolved, each byte of invalid UTF-8 read as U+FFFD.
		if (r.plain || bytes.IndexByte(body, '\\') < 0) && utf8.Valid(body) {
			return k, body
		}
		r.scratch[i] = storage.AppendText(r.scratch[i][:0], raw)
		return k, r.scratch[i]
	}
	return k, raw
}

// slots maps field names to positions in row.vals.
type slots struct {
	names []string
}

func (s *slots) slot(name string) int {
	for i, n := range s.names {
		if n == name {
			return i
		}
	}
	s.names = append(s.names, name)
	return len(s.names) - 1
}

// compilePred turns a predicate into a row evaluator, assigning slots.
func compilePred(e Expr, s *slots) (rowPred, error) {
	switch e := e.(type) {
	case And:
		l, err := compilePred(e.L, s)
		if err != nil {
			return nil, err
		}
		r, err := compilePred(e.R, s)
		if err != nil {
			return nil, err
		}
		return func(x *row) Truth {
			a := l(x)
			if a == False {
				return False
			}
			return a.And(r(x))
		}, nil
	case Or:
		l, err := compilePred(e.L, s)
		if err != nil {
			return nil, err
		}
		r, err := compilePred(e.R, s)
		if err != nil {
			return nil, err
		}
		return func(x *row) Truth {
			a := l(x)
			if a == True {
				return True
			}
			return a.Or(r(x))
		}, nil
	case Not:
		inner, err := compilePred(e.E, s)
		if err != nil {
			return nil, err
		}
		return func(x *row) Truth { return inner(x).Not() }, nil
	case IsNull:
		c, ok := e.E.(Col)
		if !ok {
			return nil, fmt.Errorf("IS NULL needs a field, not %s", e.E)
		}
		i := s.slot(c.Name)
		want := True
		if e.Not {
			want = False
		}
		return func(x *row) Truth {
			k := storage.KindOf(x.vals[i])
			if k == storage.Missing || k == storage.Null {
				return want
			}
			return want.Not()
		}, nil
	case In:
		var alts Expr
		for _, item := range e.List {
			alts = orExpr(alts, Compare{Op: "=", L: e.L, R: item})
		}
		if e.Not {
			alts = Not{alts}
		}
		return compilePred(alts, s)
	case Compare:
		return compileCompare(e, s)
	case Lit:
		t := litTruth(e)
		return func(*row) Truth { return t }, nil
	case Col:
		return nil, fmt.Errorf("field %s used as a condition", e)
	}
	return nil, fmt.Errorf("unsupported condition %s", e)
}

func orExpr(a, b Expr) Expr {
	if a == nil {
		return b
	}
	return Or{a, b}
}

// litTruth is the truth of a literal used as a condition.
func litTruth(l Lit) Truth {
	switch l.Kind {
	case LitBool:
		return truth(l.Bool)
	case LitNumber:
		return truth(l.Num != 0)
	}
	return Unknown
}

func compileCompare(e Compare, s *slots) (rowPred, error) {
	op := e.Op
	lc, lIsCol := e.L.(Col)
	rc, rIsCol := e.R.(Col)
	ll, lIsLit := e.L.(Lit)
	rl, rIsLit := e.R.(Lit)
	switch {
	case lIsCol && rIsLit:
		i := s.slot(lc.Name)
		if rl.Kind == LitString && (op == "=" || op == "!=") {
			// The common case, without the generic comparison.
			want, eq := rl.Str, op == "="
			return func(x *row) Truth {
				k, t := x.text(i)
				if k == storage.Missing || k == storage.Null {
					return Unknown
				}
				return truth((string(t) == want) == eq)
			}, nil
		}
		return func(x *row) Truth { k, t := x.text(i); return compareLit(k, t, op, rl) }, nil
	case lIsLit && rIsCol:
		i := s.slot(rc.Name)
		op = flip(op)
		return func(x *row) Truth { k, t := x.text(i); return compareLit(k, t, op, ll) }, nil
	case lIsCol && rIsCol:
		i, j := s.slot(lc.Name), s.slot(rc.Name)
		return func(x *row) Truth {
			ka, ta := x.text(i)
			kb, tb := x.text(j)
			return compareVals(ka, ta, op, kb, tb)
		}, nil
	case lIsLit && rIsLit:
		k, t := litKind(ll)
		res := compareLit(k, t, op, rl)
		return func(*row) Truth { return res }, nil
	}
	return nil, fmt.Errorf("unsupported comparison %s", e)
}
