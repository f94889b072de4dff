package sql

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"strconv"

	"github.com/lakesql/lakesql/storage"
)

// AggFunc is an aggregate function.
type AggFunc uint8

const (
	CountStar AggFunc = iota
	Count
	Sum
	Min
	Max
	Avg
)

var aggNames = [...]string{CountStar: "COUNT", Count: "COUNT", Sum: "SUM", Min: "MIN", Max: "MAX", Avg: "AVG"}

// Agg is one aggregate of a query.
type Agg struct {
	Func     AggFunc
	Arg      string // the field; empty for COUNT(*)
	Distinct bool   // COUNT(DISTINCT Arg)
}

func (a Agg) String() string {
	if a.Func == CountStar {
		return "COUNT(*)"
	}
	arg := Col{Name: a.Arg}.String()
	if a.Distinct {
		arg = "DISTINCT " + arg
	}
	return aggNames[a.Func] + "(" + arg + ")"
}

// ValueKind is the type of a result value.
type ValueKind uint8

const (
	VNull ValueKind = iota
	VInt
	VFloat
	VString
)

// Value is one cell of a result.
type Value struct {
	Kind ValueKind
	Int  int64
	F    float64
	Str  string
}

func (v Value) String() string {
	switch v.Kind {
	case VInt:
		return strconv.FormatInt(v.Int, 10)
	case VFloat:
		return strconv.FormatFloat(v.F, 'f', -1, 64)
	case VString, VRaw:
		return v.Str
	}
	return "NULL"
}

// aggState accumulates one aggregate.
type aggState struct {
	agg      Agg
	n        int64   // values seen (rows for COUNT(*))
	isum     int64   // exact sum while every value is an integer
	fsum     float64 // sum once a value is not an integer or isum overflowed
	float    bool
	minmax   []byte // MIN/MAX: the JSON text of the best value so far
	mmKind   storage.Kind
	distinct map[string]struct{}
	sums     bool // SUM or AVG
}

func newAggState(a Agg) *aggState {
	s := &aggState{agg: a, sums: a.Func == Sum || a.Func == Avg}
	if a.Distinct {
		s.distinct = make(map[string]struct{})
	}
	return s
}

// add feeds one row's value (kind and text as row.text returns them).
func (s *aggState) add(k storage.Kind, text []byte) {
	if s.agg.Func == CountStar {
		s.n++
		return
	}
	if k == storage.Missing || k == storage.Null {
		return
	}
	switch s.agg.Func {
	case Count:
		if s.distinct != nil {
			if _, ok := s.distinct[string(text)]; !ok {
				s.distinct[string(text)] = struct{}{}
			}
			return
		}
		s.n++
	case Sum, Avg:
		if k != storage.Number {
			return
		}
		s.n++
		s.addNumber(text)
	case Min, Max:
		if s.n == 0 || s.better(k, text) {
			s.minmax = append(s.minmax[:0], text...)
			s.mmKind = k
		}
		s.n++
	}
}

func (s *aggState) addNumber(text []byte) {
	if !s.float {
		if i, ok := parseInt(text); ok {
			sum := s.isum + i
			if (i > 0 && sum < s.isum) || (i < 0 && sum > s.isum) {
				s.float = true
				s.fsum = float64(s.isum) + float64(i)
				return
			}
			s.isum = sum
			return
		}
		s.float = true
		s.fsum = float64(s.isum)
	}
	f, _ := strconv.ParseFloat(string(text), 64)
	s.fsum += f
}

// parseInt parses a JSON integer without allocating.
func parseInt(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	neg := b[0] == '-'
	if neg {
		b = b[1:]
		if len(b) == 0 {
			return 0, false
		}
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// better reports whether a value beats the current MIN/MAX: numbers compare
// numerically among themselves and sort before text, text compares bytewise.
func (s *aggState) better(k storage.Kind, text []byte) bool {
	c := compareOrder(k, text, s.mmKind, s.minmax)
	if s.agg.Func == Min {
		return c < 0
	}
	return c > 0
}

func compareOrder(ka storage.Kind, a []byte, kb storage.Kind, b []byte) int {
	an, bn := ka == storage.Number, kb == storage.Number
	switch {
	case an && bn:
		fa, _ := strconv.ParseFloat(string(a), 64)
		fb, _ := strconv.ParseFloat(string(b), 64)
		return cmp.Compare(fa, fb)
	case an:
		return -1
	case bn:
		return 1
	}
	return bytes.Compare(a, b)
}

// merge adds the state of another worker.
func (s *aggState) merge(o *aggState) {
	switch s.agg.Func {
	case CountStar, Count:
		s.n += o.n
		for k := range o.distinct {
			s.distinct[k] = struct{}{}
		}
	case Sum, Avg:
		s.n += o.n
		switch {
		case !s.float && !o.float:
			sum := s.isum + o.isum
			if (o.isum > 0 && sum < s.isum) || (o.isum < 0 && sum > s.isum) {
				s.float, s.fsum = true, float64(s.isum)+float64(o.isum)
			} else {
				s.isum = sum
			}
		default:
			s.fsum = s.total() + o.total()
			s.float = true
		}
	case Min, Max:
		if o.n > 0 && (s.n == 0 || s.better(o.mmKind, o.minmax)) {
			s.minmax, s.mmKind = o.minmax, o.mmKind
		}
		s.n += o.n
	}
}

func (s *aggState) total() float64 {
	if s.float {
		return s.fsum
	}
	return float64(s.isum)
}

// result returns the aggregate's value.
func (s *aggState) result() Value {
	switch s.agg.Func {
	case CountStar, Count:
		if s.distinct != nil {
			return Value{Kind: VInt, Int: int64(len(s.distinct))}
		}
		return Value{Kind: VInt, Int: s.n}
	case Sum:
		if s.n == 0 {
			return Value{}
		}
		if s.float {
			return floatValue(s.fsum)
		}
		return Value{Kind: VInt, Int: s.isum}
	case Avg:
		if s.n == 0 {
			return Value{}
		}
		return floatValue(s.total() / float64(s.n))
	case Min, Max:
		if s.n == 0 {
			return Value{}
		}
		if s.mmKind == storage.Number {
			if i, ok := parseInt(s.minmax); ok {
				return Value{Kind: VInt, Int: i}
			}
			f, _ := strconv.ParseFloat(string(s.minmax), 64)
			return floatValue(f)
		}
		return Value{Kind: VString, Str: string(s.minmax)}
	}
	panic(fmt.Sprintf("sql: unknown aggregate %d", s.agg.Func))
}

func floatValue(f float64) Value {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return Value{Kind: VString, Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	return Value{Kind: VFloat, F: f}
}
