package function

import "math"

// The logarithms, exp and pow as DuckDB's C library (glibc) computes them.
// Its exp, log, log2 and pow are correctly rounded in all but the rarest
// cases, and Go's math package may be one unit in the last place off
// (math.Log(3) is 1.0986122886681096, glibc's 1.0986122886681098), which
// shows in LOG(3, 81): 4.000000000000001 instead of DuckDB's 4. So these
// compute in double-double arithmetic (about 106 bits) and round once;
// log10 is glibc's own formula over that logarithm.

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func ddAdd(x, y dd) dd {
	s := twoSum(x.hi, y.hi)
	t := twoSum(x.lo, y.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func ddMul(x, y dd) dd {
	p := twoProd(x.hi, y.hi)
	p.lo += x.hi*y.lo + x.lo*y.hi
	return quickTwoSum(p.hi, p.lo)
}

func ddDiv(x, y dd) dd {
	q1 := x.hi / y.hi
	r := ddAdd(x, ddMul(dd{-q1, 0}, y))
	q2 := r.hi / y.hi
	r = ddAdd(r, ddMul(dd{-q2, 0}, y))
	q3 := r.hi / y.hi
	return ddAdd(quickTwoSum(q1, q2), dd{q3, 0})
}

// ddRecip returns 1/n to double-double precision.
func ddRecip(n float64) dd { return ddDiv(dd{1, 0}, dd{n, 0}) }

var (
	ddLn2    = dd{0.6931471805599453, 2.3190468138462996e-17}
	ddInvLn2 = dd{1.4426950408889634, 2.0355273740931033e-17}
	// oddRecip[k] = 1/(2k+1); factRecip[j] = 1/j.
	oddRecip, invInt [40]dd
)

func init() {
	for k := range oddRecip {
		oddRecip[k] = ddRecip(float64(2*k + 1))
		if k > 0 {
			invInt[k] = ddRecip(float64(k))
		}
	}
}

// lnDD is the natural logarithm of a positive finite x in double-double:
// x = m 2^e with m in [sqrt(1/2), sqrt(2)), ln m = 2 atanh((m-1)/(m+1)).
func lnDD(x float64) dd {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	s := ddDiv(dd{m - 1, 0}, twoSum(m, 1)) // m-1 is exact
	s2 := ddMul(s, s)
	n := 1
	for t := s2.hi; t > 1e-34 && n < len(oddRecip)-1; t *= s2.hi {
		n++
	}
	p := oddRecip[n]
	for k := n - 1; k >= 0; k-- {
		p = ddAdd(ddMul(p, s2), oddRecip[k])
	}
	r := ddMul(ddMul(s, p), dd{2, 0})
	if e != 0 {
		r = ddAdd(ddMul(dd{float64(e), 0}, ddLn2), r)
	}
	return r
}

// expDD is e^t for a double-double t, rounded to a double.
func expDD(t dd) float64 {
	switch {
	case math.IsNaN(t.hi):
		return t.hi
	case t.hi > 709.8:
		return math.Inf(1)
	case t.hi < -745.2:
		return 0
	}
	k := math.Round(t.hi / ddLn2.hi)
	r := ddAdd(t, ddMul(dd{-k, 0}, ddLn2))
	const halvings = 9
	r = dd{math.Ldexp(r.hi, -halvings), math.Ldexp(r.lo, -halvings)}
	// e^r - 1 = r (1 + r/2 (1 + r/3 (1 + ...))), |r| < 7e-4.
	q := dd{1, 0}
	for j := 12; j >= 2; j-- {
		q = ddAdd(dd{1, 0}, ddMul(ddMul(q, r), invInt[j]))
	}
	em1 := ddMul(r, q)
	for i := 0; i < halvings; i++ { // e^2r - 1 = (e^r - 1)(e^r + 1)
		em1 = ddMul(em1, ddAdd(em1, dd{2, 0}))
	}
	v := ddAdd(dd{1, 0}, em1)
	return math.Ldexp(v.hi+v.lo, int(k))
}

func ln(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log(x)
	}
	r := lnDD(x)
	return r.hi + r.lo
}

func log2(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log2(x)
	}
	r := ddMul(lnDD(x), ddInvLn2)
	return r.hi + r.lo
}

// log10 is glibc's __ieee754_log10: x = x' 2^y with x' in [1, 2) (in
// [1/2, 1) when y < 0), log10 x = y log10(2) + log(x')/ln(10), summed in
// glibc's order.
func log10(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log10(x)
	}
	const (
		ivln10    = 4.34294481903251816668e-01
		log10_2hi = 3.01029995663611771306e-01
		log10_2lo = 3.69423907715893078616e-13
	)
	m, e := math.Frexp(x) // x = m 2^e, m in [1/2, 1)
	k := e - 1            // x = 2m 2^k, 2m in [1, 2)
	xp, y := 2*m, float64(k)
	if k < 0 {
		xp, y = m, float64(k+1)
	}
	z := float64(y*log10_2lo) + float64(ivln10*ln(xp))
	return z + float64(y*log10_2hi)
}

func exp(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Exp(x)
	}
	return expDD(dd{x, 0})
}

// pow is C's pow: math.Pow's special cases (zeros, infinities, NaN, a
// negative base with a fractional exponent), else e^(y ln|x|) in
// double-double with the sign of an odd integer power.
func pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y):
		return math.Pow(x, y)
	case y == 1:
		return x
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		neg = math.Abs(y) < 1<<53 && math.Mod(y, 2) != 0
		x = -x
	}
	r := expDD(ddMul(lnDD(x), dd{y, 0}))
	if neg {
		return -r
	}
	return r
}

// cbrtFactor is 2^(k/3) for k = -2..2.
var cbrtFactor = [5]float64{1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0, 1.2599210498948731648, 1.5874010519681994748}

// cbrt is the C library's cube root (glibc's, which DuckDB calls), step
// for step: CBRT(27) is 3.0000000000000004 there, and here. The float64
// conversions keep Go from fusing a multiply and an add.
func cbrt(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x + x
	}
	xm, xe := math.Frexp(math.Abs(x))
	u := float64(0.354895765043919860 + float64((1.50819193781584896+float64((-2.11499494167371287+float64((2.44693122563534430+float64((-1.83469277483613086+float64((0.784932344976639262-float64(0.145263899385486377*xm))*xm))*xm))*xm))*xm))*xm))
	t2 := float64(float64(u*u) * u)
	ym := float64(float64(float64(u*float64(t2+float64(2.0*xm)))/float64(float64(2.0*t2)+xm)) * cbrtFactor[2+xe%3])
	if x < 0 {
		ym = -ym
	}
	return math.Ldexp(ym, xe/3)
}
