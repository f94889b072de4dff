package aggregate

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// quantile is QUANTILE_CONT(x, p) and QUANTILE_DISC(x, p) (QUANTILE), and
// MEDIAN(x) (fixed: CONT of 0.5, one argument), as DuckDB answers them: of
// the group's values that are not NULL, in order, the one at p of the way
// (disc: the ceil(p·n)-th, a value of the group) or the interpolation
// between the two around it (cont: a DOUBLE; of text, the lower). p is a
// constant between 0 and 1.
//
// It keeps the values: in memory up to its Runs' RunBytes, then as sorted
// runs on disk (see Runs), which the result merges.
type quantile struct {
	mad   bool // MAD: the median of the distances from the median
	cont  bool
	fixed bool // p is given: the call has no second argument
	hasP  bool
	p     float64
	// ps: the fractions of a list of them (QUANTILE_DISC(x, [0.1, 0.9])),
	// whose result is the list of their quantiles; psText the text they
	// were read from, which a row that repeats it is not parsed again for
	// ("" after a merge from a spill file: the next row's is parsed).
	ps     []float64
	psText string
	vals   []types.Value
	bytes  int64       // what vals hold, as accounted
	runs   []sortedRun // in store
	store  *Runs       // nil: every value stays in memory
	err    error       // of writing a run, given as the result's
	acct   *int64
}

func (s *quantile) account(acct *int64) { s.acct = acct }
func (s *quantile) useRuns(r *Runs)     { s.store = r }

func (s *quantile) Add(args []types.Value) error {
	if !s.fixed && args[1].K == types.JSON && (!s.hasP || args[1].S != s.psText) {
		ps, err := fractions(args[1].S)
		switch {
		case err != nil:
			return err
		case s.hasP && !slices.Equal(ps, s.ps):
			return fmt.Errorf("%w: the fraction of QUANTILE must be one constant", ErrArgs)
		}
		s.ps, s.psText, s.hasP = ps, args[1].S, true
	} else if !s.fixed && args[1].K != types.JSON && (!s.hasP || args[1].K != types.Float || args[1].F() != s.p || s.ps != nil) {
		p, ok := args[1].Float()
		switch {
		case args[1].K == types.Null:
			return fmt.Errorf("%w: the fraction of QUANTILE is NULL", ErrArgs)
		case !ok || p < 0 || p > 1 || math.IsNaN(p):
			return fmt.Errorf("%w: the fraction of QUANTILE must be a number between 0 and 1, not %s", ErrArgs, args[1])
		case s.hasP && (p != s.p || s.ps != nil):
			return fmt.Errorf("%w: the fraction of QUANTILE must be one constant", ErrArgs)
		}
		s.p, s.hasP = p, true
	}
	if args[0].K != types.Null {
		s.keep(args[0].Clone())
		return s.flush()
	}
	return nil
}

// fractions reads a list of QUANTILE's fractions, each a number between 0
// and 1.
func fractions(list string) ([]float64, error) {
	d := json.NewDecoder(strings.NewReader(list))
	d.UseNumber()
	var xs []any
	if err := d.Decode(&xs); err != nil || len(xs) == 0 {
		return nil, fmt.Errorf("%w: the fractions of QUANTILE are a list of numbers between 0 and 1, not %s", ErrArgs, list)
	}
	ps := make([]float64, len(xs))
	for i, x := range xs {
		n, ok := x.(json.Number)
		p, err := n.Float64()
		if !ok || err != nil || p < 0 || p > 1 {
			return nil, fmt.Errorf("%w: the fractions of QUANTILE are a list of numbers between 0 and 1, not %s", ErrArgs, list)
		}
		ps[i] = p
	}
	return ps, nil
}

// valueBytes is what a value held costs.
func valueBytes(v types.Value) int64 { return 40 + int64(len(v.S)) }

// keep holds v, which is the state's.
func (s *quantile) keep(v types.Value) {
	s.vals = append(s.vals, v)
	n := valueBytes(v)
	s.bytes += n
	grow(s.acct, int(n))
}

// flush writes the values held as a run when they pass the store's
// RunBytes, and merges the runs into one when they are too many.
func (s *quantile) flush() error {
	if s.store == nil || s.bytes < s.store.RunBytes {
		return s.err
	}
	run, err := s.store.writeRun(s.vals)
	if err != nil {
		s.err = err
		return err
	}
	s.runs = append(s.runs, run)
	s.drop()
	if len(s.runs) >= runFanIn {
		run, err := s.store.merge(s.runs)
		if err != nil {
			s.err = err
			return err
		}
		s.runs = append(s.runs[:0], run)
	}
	return nil
}

// drop lets go of the values held.
func (s *quantile) drop() {
	clear(s.vals)
	s.vals = s.vals[:0]
	if cap(s.vals) > 1024 {
		s.vals = nil
	}
	grow(s.acct, -int(s.bytes))
	s.bytes = 0
}

func (s *quantile) Merge(o State) {
	t := o.(*quantile)
	if !s.hasP {
		s.p, s.ps, s.psText, s.hasP = t.p, t.ps, t.psText, t.hasP
	}
	for _, v := range t.vals {
		s.keep(v)
	}
	s.runs = append(s.runs, t.runs...)
	t.runs = nil
	if s.err == nil {
		s.err = t.err
	}
	s.flush() // an error stays in s.err, for the result
}

func (s *quantile) Result() types.Value {
	v, _ := s.Final()
	return v
}

// Final is Result with the error of reading or writing a run.
func (s *quantile) Final() (types.Value, error) {
	if s.mad {
		return s.madFinal()
	}
	if s.ps == nil {
		return s.at(s.p)
	}
	out := make([]types.Value, len(s.ps))
	for i, p := range s.ps {
		v, err := s.at(p)
		if err != nil {
			return types.Value{}, err
		}
		out[i] = v
	}
	if s.n() == 0 {
		return types.Value{}, nil
	}
	return types.ListValue(out), nil
}

// n is the number of values held and in runs.
func (s *quantile) n() int64 {
	n := int64(len(s.vals))
	for _, r := range s.runs {
		n += r.n
	}
	return n
}

// madFinal is MAD's result: the median (continuous) of the values'
// distances from their median, found as that of a second state, which
// keeps the distances (in the same store, so that they go to runs as the
// values do). A value that is not a number is an error (DuckDB's MAD
// takes numbers, and dates and times, which it gives intervals of).
func (s *quantile) madFinal() (types.Value, error) {
	m, err := s.at(s.p)
	if err != nil || m.K == types.Null {
		return m, err
	}
	mid, ok := m.Float()
	if !ok {
		return types.Value{}, fmt.Errorf("%w: MAD takes numbers, not %s", ErrArgs, m)
	}
	d := &quantile{cont: true, fixed: true, hasP: true, p: 0.5, store: s.store, acct: s.acct}
	defer d.drop()
	add := func(_ int64, v types.Value, _ *runSource) (bool, error) {
		x, ok := v.Float()
		if !ok {
			return false, fmt.Errorf("%w: MAD takes numbers, not %s", ErrArgs, v)
		}
		d.keep(types.FloatValue(math.Abs(x - mid)))
		return true, d.flush()
	}
	if s.runs == nil {
		for _, v := range s.vals {
			if _, err := add(0, v, nil); err != nil {
				return types.Value{}, err
			}
		}
	} else if _, err := s.store.each(s.runs, s.vals, false, false, add); err != nil {
		return types.Value{}, err
	}
	return d.at(d.p)
}

// at is the quantile p of the values held and in runs.
func (s *quantile) at(p float64) (types.Value, error) {
	if s.err != nil {
		return types.Value{}, s.err
	}
	n := s.n()
	if n == 0 {
		return types.Value{}, nil
	}
	var lo, hi int64 // the positions that make the result
	pos := p * float64(n-1)
	if s.cont {
		lo, hi = int64(math.Floor(pos)), int64(math.Ceil(pos))
	} else {
		// DuckDB's index, written so that p·n a hair past a whole
		// number (0.3·10) is not taken for the next one.
		lo = min(max(1, n-int64(math.Floor(float64(n)-p*float64(n))))-1, n-1)
		hi = lo
	}
	var a, b types.Value
	if s.runs == nil {
		slices.SortFunc(s.vals, types.Compare)
		a, b = s.vals[lo], s.vals[hi]
	} else {
		// The runs stay: the state may yet go on encoded (see
		// Runs.open), and the aggregate's folder removes them.
		_, err := s.store.each(s.runs, s.vals, false, false, func(i int64, v types.Value, _ *runSource) (bool, error) {
			if i == lo {
				a = v
			}
			if i == hi {
				b = v
			}
			return i < hi, nil
		})
		if err != nil {
			s.err = err
			return types.Value{}, err
		}
	}
	if !s.cont {
		return a, nil
	}
	x, aok := a.Float()
	y, bok := b.Float()
	if !aok || !bok {
		return a, nil
	}
	return types.FloatValue(x + (y-x)*(pos-float64(lo))), nil
}

func (s *quantile) AppendState(dst []byte) []byte {
	dst = appendFloat(appendBool(dst, s.hasP), s.p)
	dst = binary.AppendVarint(dst, int64(len(s.ps)))
	for _, p := range s.ps {
		dst = appendFloat(dst, p)
	}
	dst = appendValues(dst, s.vals)
	dst = binary.AppendVarint(dst, int64(len(s.runs)))
	for _, r := range s.runs {
		dst = binary.AppendVarint(binary.AppendVarint(dst, r.id), r.n)
	}
	return dst
}

func (s *quantile) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := quantile{hasP: r.byte() == 1, p: r.float()}
	for range r.count() {
		t.ps = append(t.ps, r.float())
	}
	t.vals = r.values()
	for range r.count() {
		t.runs = append(t.runs, sortedRun{id: r.varint(), n: r.varint()})
	}
	if r.err == nil {
		if t.runs != nil && s.store == nil {
			return nil, fmt.Errorf("aggregate: runs of a quantile with no store: %w", types.ErrCorrupt)
		}
		s.Merge(&t)
	}
	return r.b, r.err
}

// mode is MODE(x): the value that most rows hold (NULLs aside), and of
// values held equally often the one that came first, as DuckDB answers.
// It keeps each distinct value and its count: in memory up to its Runs'
// RunBytes, then as sorted runs on disk (see Runs), which the result
// merges, a value's counts meeting there.
//
// With entropy set it is ENTROPY(x): the base-2 entropy of the values'
// frequencies, 0 of none, as in DuckDB.
type mode struct {
	entropy bool
	counts  map[string]*modeEntry
	seq     int64 // the rows taken, which number the values as they come
	key     []byte
	bytes   int64       // what counts holds, as accounted
	runs    []sortedRun // in store: each record a value, its count and first row
	store   *Runs
	err     error
	acct    *int64
}

type modeEntry struct {
	v        types.Value
	n, first int64
}

func (s *mode) account(acct *int64) { s.acct = acct }
func (s *mode) useRuns(r *Runs)     { s.store = r }

func (s *mode) Add(args []types.Value) error {
	if args[0].K != types.Null {
		s.add(args[0], 1, s.seq)
	}
	s.seq++
	return s.flush(false)
}

func (s *mode) add(v types.Value, n, first int64) {
	if s.counts == nil {
		s.counts = map[string]*modeEntry{}
	}
	s.key = types.AppendKey(s.key[:0], v)
	e := s.counts[string(s.key)]
	if e == nil {
		e = &modeEntry{v: v.Clone(), first: first}
		s.counts[string(s.key)] = e
		b := 96 + 2*len(v.S)
		s.bytes += int64(b)
		grow(s.acct, b)
	}
	e.n += n
	e.first = min(e.first, first)
}

// flush writes the values held as a run when they pass the store's
// RunBytes (or, with all, when there are any and runs already), and
// merges the runs into one when they are too many.
func (s *mode) flush(all bool) error {
	if s.err != nil || s.store == nil || len(s.counts) == 0 || !(s.bytes >= s.store.RunBytes || all && s.runs != nil) {
		return s.err
	}
	es := s.entries()
	slices.SortFunc(es, func(a, b *modeEntry) int {
		if c := types.Compare(a.v, b.v); c != 0 {
			return c
		}
		return bytes.Compare(types.AppendKey(nil, a.v), types.AppendKey(nil, b.v))
	})
	var rec []byte
	record := func(v types.Value, n, first int64) []byte {
		rec = binary.AppendVarint(binary.AppendVarint(types.AppendValue(rec[:0], v), n), first)
		return rec
	}
	run, err := s.store.write(func(put func([]byte) error) (rows int64, err error) {
		for _, e := range es {
			rows += e.n
			if err := put(record(e.v, e.n, e.first)); err != nil {
				return 0, err
			}
		}
		return rows, nil
	})
	if err != nil {
		s.err = err
		return err
	}
	s.runs = append(s.runs, run)
	clear(s.counts)
	grow(s.acct, -int(s.bytes))
	s.bytes = 0
	if len(s.runs) >= runFanIn {
		// The runs merged into one, a value's records into one record.
		run, err := s.store.write(func(put func([]byte) error) (rows int64, err error) {
			err = s.eachValue(true, func(v types.Value, n, first int64) error {
				rows += n
				return put(record(v, n, first))
			})
			return rows, err
		})
		if err != nil {
			s.err = err
			return err
		}
		s.runs = append(s.runs[:0], run)
	}
	return nil
}

// eachValue passes each value of the runs to f with its count and first
// row, the records of one value (by key) taken together. With consume it
// removes the runs.
func (s *mode) eachValue(consume bool, f func(v types.Value, n, first int64) error) error {
	var (
		cur      types.Value
		key      []byte
		n, first int64
		has      bool
	)
	_, err := s.store.each(s.runs, nil, consume, true, func(_ int64, v types.Value, src *runSource) (bool, error) {
		c, k := binary.Varint(src.tail)
		fst, k2 := binary.Varint(src.tail[max(k, 0):])
		if k <= 0 || k2 <= 0 {
			return false, fmt.Errorf("aggregate: a run's count: %w", types.ErrCorrupt)
		}
		fst += src.offset
		if has && bytes.Equal(src.key, key) {
			n += c
			first = min(first, fst)
			return true, nil
		}
		if has {
			if err := f(cur, n, first); err != nil {
				return false, err
			}
		}
		cur, key, n, first, has = v, append(key[:0], src.key...), c, fst, true
		return true, nil
	})
	if err == nil && has {
		err = f(cur, n, first)
	}
	return err
}

// Merge takes the other's values as coming after this one's.
func (s *mode) Merge(o State) {
	t := o.(*mode)
	for _, e := range t.entries() {
		s.add(e.v, e.n, s.seq+e.first)
	}
	for _, r := range t.runs {
		r.offset += s.seq
		s.runs = append(s.runs, r)
	}
	t.runs = nil
	s.seq += t.seq
	if s.err == nil {
		s.err = t.err
	}
	s.flush(false) // an error stays in s.err, for the result
}

// entries is the values in the order they came.
func (s *mode) entries() []*modeEntry {
	es := make([]*modeEntry, 0, len(s.counts))
	for _, e := range s.counts {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b *modeEntry) int { return int(a.first - b.first) })
	return es
}

func (s *mode) Result() types.Value {
	v, _ := s.Final()
	return v
}

// Final is Result with the error of reading or writing a run.
func (s *mode) Final() (types.Value, error) {
	if err := s.flush(true); err != nil {
		return types.Value{}, err
	}
	if s.runs != nil {
		return s.finalOfRuns()
	}
	if s.entropy {
		var n float64
		for _, e := range s.counts {
			n += float64(e.n)
		}
		var h entropySum
		for _, e := range s.counts {
			h.add(float64(e.n), n)
		}
		return types.FloatValue(float64(h)), nil
	}
	var best *modeEntry
	for _, e := range s.counts {
		if best == nil || e.n > best.n || e.n == best.n && e.first < best.first {
			best = e
		}
	}
	if best == nil {
		return types.Value{}, nil
	}
	return best.v, nil
}

// finalOfRuns is Final of a state whose values are all in runs. The runs
// stay, as a quantile's do.
func (s *mode) finalOfRuns() (types.Value, error) {
	var rows float64
	for _, r := range s.runs {
		rows += float64(r.n)
	}
	var (
		h    entropySum
		best modeEntry
		has  bool
	)
	err := s.eachValue(false, func(v types.Value, n, first int64) error {
		h.add(float64(n), rows)
		if !has || n > best.n || n == best.n && first < best.first {
			best, has = modeEntry{v: v, n: n, first: first}, true
		}
		return nil
	})
	switch {
	case err != nil:
		s.err = err
		return types.Value{}, err
	case s.entropy:
		return types.FloatValue(float64(h)), nil
	}
	return best.v, nil
}

func (s *mode) AppendState(dst []byte) []byte {
	es := s.entries()
	dst = binary.AppendVarint(binary.AppendVarint(dst, s.seq), int64(len(es)))
	for _, e := range es {
		dst = binary.AppendVarint(binary.AppendVarint(types.AppendValue(dst, e.v), e.n), e.first)
	}
	dst = binary.AppendVarint(dst, int64(len(s.runs)))
	for _, r := range s.runs {
		dst = binary.AppendVarint(binary.AppendVarint(binary.AppendVarint(dst, r.id), r.n), r.offset)
	}
	return dst
}

func (s *mode) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := mode{seq: r.varint()}
	for range r.count() {
		v, n, first := r.value(), r.varint(), r.varint()
		if r.err != nil {
			break
		}
		t.add(v, n, first)
	}
	for range r.count() {
		t.runs = append(t.runs, sortedRun{id: r.varint(), n: r.varint(), offset: r.varint()})
	}
	if r.err == nil {
		if t.runs != nil && s.store == nil {
			return nil, fmt.Errorf("aggregate: runs of a MODE with no store: %w", types.ErrCorrupt)
		}
		s.Merge(&t)
	}
	return r.b, r.err
}

// entropySum is -Σ p·log2(p) over the values' shares p of the rows
// counted, added a value at a time (DuckDB sums (c/n)·log2(n/c), which
// is the same).
type entropySum float64

// add adds a value held by c of the n rows.
func (h *entropySum) add(c, n float64) { *h += entropySum(c / n * math.Log2(n/c)) }

// Kinds of comoments: the covariances and correlation, and the REGR_
// family of linear regression of y on x.
const (
	covarPop = iota
	covarSamp
	corr
	regrCount
	regrAvgX
	regrAvgY
	regrSXX
	regrSYY
	regrSXY
	regrSlope
	regrIntercept
	regrR2
)

var regrKinds = map[string]int{"REGR_COUNT": regrCount, "REGR_AVGX": regrAvgX, "REGR_AVGY": regrAvgY, "REGR_SXX": regrSXX,
	"REGR_SYY": regrSYY, "REGR_SXY": regrSXY, "REGR_SLOPE": regrSlope, "REGR_INTERCEPT": regrIntercept, "REGR_R2": regrR2}

// comoments is COVAR_POP(y, x), COVAR_SAMP(y, x) and CORR(y, x), of the
// rows where both are numbers: the co-moment of the two and each one's
// second moment, by Welford's method (merged by Chan's formula). CORR is
// NaN where either does not vary, as in DuckDB.
type comoments struct {
	kind        int
	n, mx, my   float64
	c, m2x, m2y float64
}

func (s *comoments) Add(args []types.Value) error {
	y, yok := args[0].Float()
	x, xok := args[1].Float()
	if !xok || !yok {
		return nil
	}
	s.n++
	dx := x - s.mx
	s.mx += dx / s.n
	dy := y - s.my
	s.my += dy / s.n
	s.c += dx * (y - s.my)
	s.m2x += dx * (x - s.mx)
	s.m2y += dy * (y - s.my)
	return nil
}

func (s *comoments) Merge(o State) {
	t := o.(*comoments)
	if t.n == 0 {
		return
	}
	if s.n == 0 {
		kind := s.kind
		*s = *t
		s.kind = kind
		return
	}
	n := s.n + t.n
	dx, dy := t.mx-s.mx, t.my-s.my
	w := s.n * t.n / n
	s.c += t.c + dx*dy*w
	s.m2x += t.m2x + dx*dx*w
	s.m2y += t.m2y + dy*dy*w
	s.mx += dx * t.n / n
	s.my += dy * t.n / n
	s.n = n
}

func (s *comoments) Result() types.Value {
	if s.kind >= regrCount {
		return s.regr()
	}
	switch {
	case s.n == 0, s.kind == covarSamp && s.n < 2:
		return types.Value{}
	case s.kind == covarPop:
		return types.FloatValue(s.c / s.n)
	case s.kind == covarSamp:
		return types.FloatValue(s.c / (s.n - 1))
	}
	return types.FloatValue(s.c / math.Sqrt(s.m2x*s.m2y))
}

// regr is a REGR_ aggregate's result, as DuckDB defines each: REGR_COUNT
// the rows where both are numbers (0 of none, the rest NULL of none); the
// sums of squares and products n times the population (co)variances;
// REGR_SLOPE COVAR_POP(y, x) / VAR_POP(x), NaN where x does not vary;
// REGR_INTERCEPT AVG(y) - slope · AVG(x), NULL where the slope is NaN;
// REGR_R2 NULL where x does not
// vary, 1 where y does not, else CORR(y, x)².
func (s *comoments) regr() types.Value {
	if s.kind == regrCount {
		return types.IntValue(int64(s.n))
	}
	if s.n == 0 {
		return types.Value{}
	}
	varX, varY := s.m2x/s.n, s.m2y/s.n
	var v float64
	switch s.kind {
	case regrAvgX:
		v = s.mx
	case regrAvgY:
		v = s.my
	case regrSXX:
		v = s.n * varX
	case regrSYY:
		v = s.n * varY
	case regrSXY:
		v = s.n * (s.c / s.n)
	case regrSlope, regrIntercept:
		v = s.c / s.n / varX // NaN where x does not vary
		if s.kind == regrIntercept {
			if math.IsNaN(v) {
				return types.Value{}
			}
			v = s.my - v*s.mx
		}
	case regrR2:
		switch {
		case varX == 0:
			return types.Value{}
		case varY == 0:
			v = 1
		default:
			r := s.c / math.Sqrt(s.m2x*s.m2y)
			v = r * r
		}
	}
	return types.FloatValue(v)
}

func (s *comoments) AppendState(dst []byte) []byte {
	for _, f := range []float64{s.n, s.mx, s.my, s.c, s.m2x, s.m2y} {
		dst = appendFloat(dst, f)
	}
	return dst
}

func (s *comoments) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := comoments{n: r.float(), mx: r.float(), my: r.float(), c: r.float(), m2x: r.float(), m2y: r.float()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

// product is PRODUCT(x): the product of the numbers, a DOUBLE (NULL of
// none), as in DuckDB.
type product struct {
	has bool
	p   float64
}

func (s *product) Add(args []types.Value) error {
	if x, ok := args[0].Float(); ok {
		if !s.has {
			s.has, s.p = true, 1
		}
		s.p *= x
	}
	return nil
}

func (s *product) Merge(o State) {
	if t := o.(*product); t.has {
		if !s.has {
			s.has, s.p = true, 1
		}
		s.p *= t.p
	}
}

func (s *product) Result() types.Value {
	if !s.has {
		return types.Value{}
	}
	return types.FloatValue(s.p)
}

func (s *product) AppendState(dst []byte) []byte { return appendFloat(appendBool(dst, s.has), s.p) }

func (s *product) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := product{has: r.byte() == 1, p: r.float()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

// Kinds of powerSums, and their aggregates' names by kind.
const (
	skewness = iota
	kurtosis
	kurtosisPop
)

var powerSumNames = [...]string{"SKEWNESS", "KURTOSIS", "KURTOSIS_POP"}

// powerSums is SKEWNESS(x), KURTOSIS(x) and KURTOSIS_POP(x), of the rows
// where x is a number: from the sums of x's first four powers, by
// DuckDB's formulas (sample skewness and excess kurtosis corrected for
// bias, or KURTOSIS_POP's uncorrected), so that their results agree where
// those sums lose precision too. SKEWNESS is NULL of fewer than 3 rows and
// NaN where x does not vary; KURTOSIS NULL of fewer than 4 (KURTOSIS_POP:
// 2) or where x does not vary. A fourth power past a DOUBLE is an error,
// as DuckDB's result out of range is.
type powerSums struct {
	kind              int
	n, s1, s2, s3, s4 float64
}

func (s *powerSums) Add(args []types.Value) error {
	x, ok := args[0].Float()
	if !ok {
		return nil
	}
	s.n++
	s.s1 += x
	s.s2 += x * x
	s.s3 += x * x * x
	s.s4 += x * x * x * x
	if math.IsInf(s.s4, 0) || math.IsNaN(s.s4) {
		// DuckDB's result would not be finite, which it reports.
		return fmt.Errorf("%w: %s is out of range", types.ErrOverflow, powerSumNames[s.kind])
	}
	return nil
}

func (s *powerSums) Merge(o State) {
	t := o.(*powerSums)
	s.n += t.n
	s.s1 += t.s1
	s.s2 += t.s2
	s.s3 += t.s3
	s.s4 += t.s4
}

func (s *powerSums) Result() types.Value {
	n := s.n
	t := 1 / n
	m2 := t * (s.s2 - s.s1*s.s1*t)
	var v float64
	if s.kind == skewness {
		if n <= 2 {
			return types.Value{}
		}
		div := math.Sqrt(max(math.Pow(m2, 3), 0))
		if div == 0 {
			return types.FloatValue(math.NaN())
		}
		v = math.Sqrt(n*(n-1)) / (n - 2) * t * (s.s3 - 3*s.s2*s.s1*t + 2*math.Pow(s.s1, 3)*t*t) / div
	} else {
		if n <= 1 || s.kind == kurtosis && n <= 3 || s.s2-s.s1*s.s1*t == 0 || m2 <= 0 {
			return types.Value{}
		}
		m4 := t * (s.s4 - 4*s.s3*s.s1*t + 6*s.s2*s.s1*s.s1*t*t - 3*math.Pow(s.s1, 4)*math.Pow(t, 3))
		if s.kind == kurtosisPop {
			v = m4/(m2*m2) - 3
		} else {
			v = (n - 1) * ((n+1)*m4/(m2*m2) - 3*(n-1)) / ((n - 2) * (n - 3))
		}
	}
	return types.FloatValue(v)
}

func (s *powerSums) AppendState(dst []byte) []byte {
	for _, f := range []float64{s.n, s.s1, s.s2, s.s3, s.s4} {
		dst = appendFloat(dst, f)
	}
	return dst
}

func (s *powerSums) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := powerSums{n: r.float(), s1: r.float(), s2: r.float(), s3: r.float(), s4: r.float()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

// kahan is FSUM(x) (SUMKAHAN, KAHAN_SUM): the sum of the numbers as a
// DOUBLE by Kahan-Babuška summation, NULL of none.
type kahan struct {
	has      bool
	sum, err float64
}

func (s *kahan) Add(args []types.Value) error {
	if x, ok := args[0].Float(); ok {
		s.add(x)
		s.has = true
	}
	return nil
}

func (s *kahan) add(x float64) {
	t := s.sum + x
	if math.Abs(s.sum) >= math.Abs(x) {
		s.err += (s.sum - t) + x
	} else {
		s.err += (x - t) + s.sum
	}
	s.sum = t
}

func (s *kahan) Merge(o State) {
	t := o.(*kahan)
	if t.has {
		s.add(t.sum)
		s.err += t.err
		s.has = true
	}
}

func (s *kahan) Result() types.Value {
	if !s.has {
		return types.Value{}
	}
	return types.FloatValue(s.sum + s.err)
}

// kahanAvg is FAVG: AVG of the numbers by Kahan's summation (kahan), as
// DuckDB's, NULL of none.
type kahanAvg struct {
	kahan
	n int64
}

func (s *kahanAvg) Add(args []types.Value) error {
	if x, ok := args[0].Float(); ok {
		s.add(x)
		s.has = true
		s.n++
	}
	return nil
}

func (s *kahanAvg) Merge(o State) {
	t := o.(*kahanAvg)
	s.kahan.Merge(&t.kahan)
	s.n += t.n
}

func (s *kahanAvg) Result() types.Value {
	if s.n == 0 {
		return types.Value{}
	}
	n := float64(s.n)
	return types.FloatValue(s.sum/n + s.err/n) // DuckDB's KahanAverageOperation
}

func (s *kahanAvg) AppendState(dst []byte) []byte {
	return binary.AppendVarint(s.kahan.AppendState(dst), s.n)
}

func (s *kahanAvg) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := kahanAvg{kahan: readKahan(&r), n: r.varint()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

func (s *kahan) AppendState(dst []byte) []byte {
	return appendFloat(appendFloat(appendBool(dst, s.has), s.sum), s.err)
}

// readKahan reads what kahan.AppendState wrote.
func readKahan(r *reader) kahan { return kahan{has: r.byte() == 1, sum: r.float(), err: r.float()} }

func (s *kahan) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := readKahan(&r)
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

// Operations of bitAgg, and their aggregates' names by operation.
const (
	bitAnd = iota
	bitOr
	bitXor
)

var bitAggNames = [...]string{"BIT_AND", "BIT_OR", "BIT_XOR"}

// bitAgg is BIT_AND, BIT_OR and BIT_XOR of the integers, NULL of none; a
// value of another kind is an error, as DuckDB has them of integers only.
type bitAgg struct {
	op  int
	has bool
	v   int64
}

func (s *bitAgg) Add(args []types.Value) error {
	switch args[0].K {
	case types.Null:
		return nil
	case types.Int:
		s.take(args[0].I)
		return nil
	}
	return fmt.Errorf("%w: %s takes integers, not %s", types.ErrConvert, bitAggNames[s.op], args[0].K)
}

func (s *bitAgg) take(x int64) {
	switch {
	case !s.has:
		s.v, s.has = x, true
	case s.op == bitAnd:
		s.v &= x
	case s.op == bitOr:
		s.v |= x
	default:
		s.v ^= x
	}
}

func (s *bitAgg) Merge(o State) {
	if t := o.(*bitAgg); t.has {
		s.take(t.v)
	}
}

func (s *bitAgg) Result() types.Value {
	if !s.has {
		return types.Value{}
	}
	return types.IntValue(s.v)
}

func (s *bitAgg) AppendState(dst []byte) []byte {
	return binary.AppendVarint(appendBool(dst, s.has), s.v)
}

func (s *bitAgg) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := bitAgg{op: s.op, has: r.byte() == 1, v: r.varint()}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}
