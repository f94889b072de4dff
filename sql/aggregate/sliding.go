package aggregate

import (
	"math"
	"math/big"

	"github.com/lakesql/lakesql/sql/types"
)

// Sliding is a state that takes rows out as well as in: an aggregate over
// a window frame whose start moves (SUM(x) OVER (ORDER BY d ROWS BETWEEN
// 6 PRECEDING AND CURRENT ROW), a RANGE frame of many peers) adds each
// row once as the frame's end passes it and removes it once as the start
// does, rather than adding the whole frame again for every row, and holds
// no row of the frame.
type Sliding interface {
	Add(args []types.Value) error
	Remove(args []types.Value) error
	Result() types.Value
}

// NewSliding returns a sliding state of f: COUNT, SUM and AVG (MEAN)
// without DISTINCT; nil for any other aggregate, whose frame the caller
// adds anew.
func NewSliding(f *Func) Sliding {
	if f.Distinct || f.plus != nil {
		return nil
	}
	switch f.Name {
	case "COUNT":
		return &slideCount{}
	case "SUM":
		return &slideSum{}
	case "AVG", "MEAN":
		return &slideSum{avg: true}
	}
	return nil
}

// slideCount is COUNT(*) (no arguments) and COUNT(x…): the rows in the
// frame where no argument is NULL.
type slideCount struct{ n int64 }

func (s *slideCount) Add(args []types.Value) error {
	if !anyNull(args) {
		s.n++
	}
	return nil
}

func (s *slideCount) Remove(args []types.Value) error {
	if !anyNull(args) {
		s.n--
	}
	return nil
}

func (s *slideCount) Result() types.Value { return types.IntValue(s.n) }

func anyNull(args []types.Value) bool {
	for _, a := range args {
		if a.K == types.Null {
			return true
		}
	}
	return false
}

// slideSum is SUM and AVG over a frame: the integers' sum exact (an int64,
// a big.Int past it), as sum's; the DOUBLEs' in a compensated sum
// (Neumaier's, as FSUM's), whose error does not grow with the rows that came in and
// went out (a plain running sum would keep the rounding of every row that
// left), and the infinities and NaNs counted apart, since inf - inf would
// poison the sum for good.
type slideSum struct {
	avg bool
	n   int64 // numbers in the frame
	// the integers (and booleans, as DuckDB sums them)
	isum int64
	big  *big.Int
	// the DOUBLEs: how many, their finite sum and its compensation, and
	// the counts of +inf, -inf and NaN
	nf              int64
	fsum            kahan // its has unused
	pinf, ninf, nan int64
	tmp             big.Int
}

func (s *slideSum) Add(args []types.Value) error    { s.add(args[0], 1); return nil }
func (s *slideSum) Remove(args []types.Value) error { s.add(args[0], -1); return nil }

// add adds v (sign 1) or takes it out (sign -1). Values that are not
// numbers are skipped, as sum skips them.
func (s *slideSum) add(v types.Value, sign int64) {
	switch v.K {
	case types.Int, types.Bool:
		s.n += sign
		s.addInt(v.I, sign)
	case types.Huge:
		s.n += sign
		s.toBig()
		if sign > 0 {
			s.big.Add(s.big, v.Big())
		} else {
			s.big.Sub(s.big, v.Big())
		}
	case types.Float:
		s.n += sign
		s.nf += sign
		f := v.F()
		switch {
		case math.IsNaN(f):
			s.nan += sign
		case math.IsInf(f, 1):
			s.pinf += sign
		case math.IsInf(f, -1):
			s.ninf += sign
		default:
			s.fsum.add(float64(sign) * f)
		}
	}
}

func (s *slideSum) addInt(i, sign int64) {
	if s.big == nil {
		if sign < 0 {
			if i != math.MinInt64 {
				i, sign = -i, 1
			}
		}
		if sign > 0 {
			if t := s.isum + i; (t > s.isum) == (i > 0) {
				s.isum = t
				return
			}
		}
		s.toBig()
	}
	s.tmp.SetInt64(i)
	if sign > 0 {
		s.big.Add(s.big, &s.tmp)
	} else {
		s.big.Sub(s.big, &s.tmp)
	}
}

func (s *slideSum) toBig() {
	if s.big == nil {
		s.big = big.NewInt(s.isum)
	}
}

func (s *slideSum) Result() types.Value {
	if s.n == 0 {
		return types.Value{}
	}
	if s.nf == 0 {
		var is sum
		is.n, is.isum = s.n, s.isum
		if s.big != nil {
			is.big = new(big.Int).Set(s.big)
			if s.big.IsInt64() {
				is.isum, is.big = s.big.Int64(), nil
			}
		}
		if s.avg {
			return (&avg{is}).Result()
		}
		return is.Result()
	}
	var f float64
	switch {
	case s.nan > 0 || s.pinf > 0 && s.ninf > 0:
		f = math.NaN()
	case s.pinf > 0:
		f = math.Inf(1)
	case s.ninf > 0:
		f = math.Inf(-1)
	default:
		f = s.fsum.sum + s.fsum.err
		if s.big != nil {
			b, _ := new(big.Float).SetInt(s.big).Float64()
			f += b
		} else {
			f += float64(s.isum)
		}
	}
	if s.avg {
		f /= float64(s.n)
	}
	return types.FloatValue(f)
}
