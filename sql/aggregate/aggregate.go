// Package aggregate holds the aggregate functions: their states, how a
// state takes a row, merges with another worker's state, and gives its
// result, answering as DuckDB does (where MySQL differs, DuckDB's answer:
// STDDEV is the sample deviation, SUM of integers never overflows).
package aggregate

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// ErrArgs reports an aggregate called with the wrong arguments.
var ErrArgs = errors.New("bad arguments")

// State accumulates one aggregate of one group.
type State interface {
	// Add takes one row's argument values (NULLs included; the state
	// decides). It must copy any text it keeps (types.Value.Clone).
	Add(args []types.Value) error
	// Merge adds another state of the same aggregate.
	Merge(o State)
	Result() types.Value
	// AppendState appends the state, for a spill file; MergeState of a
	// state of the same aggregate merges what it wrote (at the start of
	// b) as Merge would, and returns the rest of b.
	AppendState(dst []byte) []byte
	MergeState(b []byte) ([]byte, error)
}

// OneArg is implemented by the states of one argument that can take it
// without a slice, the executor's fast path.
type OneArg interface {
	AddOne(v types.Value) error
}

// Func is an aggregate function bound to a call: its name as printed and a
// maker of fresh states.
type Func struct {
	Name     string
	Distinct bool
	New      func() State
	// col, when set, makes typed columns of the states (see NewColumn).
	col  func() Column
	plus *types.Value // SumPlus's constant
}

// accounted is a state that counts the bytes it keeps.
type accounted interface{ account(acct *int64) }

// runner is a state that writes its values to runs (see Runs).
type runner interface{ useRuns(r *Runs) }

// Final is st's result, or the error of a state that can fail as it
// gives it (a quantile reading its runs back).
func Final(st State) (types.Value, error) {
	if f, ok := st.(interface{ Final() (types.Value, error) }); ok {
		return f.Final()
	}
	return st.Result(), nil
}

// grow adds n bytes to an account that may be nil.
func grow(acct *int64, n int) {
	if acct != nil {
		*acct += int64(n)
	}
}

// OrderSensitive reports an aggregate (by name, any case) whose result
// depends on the order its rows come in: ANY_VALUE (FIRST, ARBITRARY)
// keeps the first, GROUP_CONCAT (STRING_AGG, LISTAGG) joins them in
// their order. The others take their rows in any order (up to the last
// bits of a DOUBLE sum).
func OrderSensitive(name string) bool {
	switch strings.ToUpper(name) {
	case "ANY_VALUE", "FIRST", "ARBITRARY", "LAST", "GROUP_CONCAT", "STRING_AGG", "LISTAGG", "ARG_MAX", "MAX_BY", "ARGMAX", "ARG_MIN", "MIN_BY", "ARGMIN", "MODE",
		"ARG_MAX_NULL", "ARG_MIN_NULL", "ARG_MAX_NULLS_LAST", "ARG_MIN_NULLS_LAST",
		"ARRAY_AGG", "LIST", "ARG_MAX_N", "ARG_MIN_N":
		return true // ARG_MAX and ARG_MIN: the first of tying rows; MODE: the first of values as frequent
	}
	return false
}

// Double reports an aggregate (by name, upper case) whose results are
// DOUBLEs whatever its argument's type, as DuckDB types them: the binder
// gives an integer beside one in COALESCE, GREATEST, CASE, … DuckDB's
// common type, a NULL result too.
func Double(name string) bool {
	switch name {
	case "AVG", "MEAN", "STDDEV", "STDDEV_SAMP", "STDDEV_POP", "VARIANCE", "VAR_SAMP", "VAR_POP", "CORR", "COVAR_POP",
		"COVAR_SAMP", "REGR_AVGX", "REGR_AVGY", "REGR_SXX", "REGR_SYY", "REGR_SXY", "REGR_SLOPE", "REGR_INTERCEPT",
		"REGR_R2", "SKEWNESS", "KURTOSIS", "KURTOSIS_POP", "ENTROPY", "PRODUCT", "FSUM", "SUMKAHAN", "KAHAN_SUM", "FAVG", "MAD", "SEM":
		return true
	}
	return false
}

// Lookup binds an aggregate call: name (upper case), the number of
// arguments, DISTINCT, and GROUP_CONCAT's separator. ok is false when name
// is not an aggregate.
func Lookup(name string, nargs int, distinct bool, sep *string) (f *Func, ok bool, err error) {
	name = strings.ToUpper(name)
	arity := func(min, max int) error {
		if nargs < min || max >= 0 && nargs > max {
			return fmt.Errorf("%w: %s takes %s arguments, not %d", ErrArgs, name, arityText(min, max), nargs)
		}
		return nil
	}
	var (
		mk  func() State
		col func() Column // for the states of fixed size, typed columns
	)
	switch name {
	case "COUNT":
		if err := arity(0, -1); err != nil {
			return nil, true, err
		}
		if nargs > 1 && !distinct {
			return nil, true, fmt.Errorf("%w: COUNT of several arguments needs DISTINCT", ErrArgs)
		}
		mk, col = typed(count{})
	case "SUM":
		mk, col = typed(sum{})
	case "AVG", "MEAN":
		mk, col = typed(avg{})
	case "MIN":
		mk, col = typed(minmax{want: -1})
	case "MAX":
		mk, col = typed(minmax{want: 1})
	case "ANY_VALUE":
		mk, col = typed(firstValue{skipNulls: true})
	case "FIRST", "ARBITRARY":
		mk, col = typed(firstValue{})
	case "LAST":
		mk, col = typed(firstValue{last: true})
	case "STDDEV", "STDDEV_SAMP":
		mk, col = typed(moments{sample: true, sqrt: true})
	case "STDDEV_POP":
		mk, col = typed(moments{sqrt: true})
	case "VARIANCE", "VAR_SAMP":
		mk, col = typed(moments{sample: true})
	case "VAR_POP":
		mk, col = typed(moments{})
	case "SEM":
		mk, col = typed(moments{sem: true})
	case "GROUP_CONCAT", "STRING_AGG", "LISTAGG":
		s := ","
		if sep != nil {
			s = *sep
		}
		if nargs == 2 {
			// STRING_AGG(x, sep): the separator arrives as a second
			// argument, which the binder must make constant.
			return nil, true, fmt.Errorf("%w: %s(x, separator): write GROUP_CONCAT(x SEPARATOR '…')", ErrArgs, name)
		}
		if err := arity(1, 1); err != nil {
			return nil, true, err
		}
		mk = func() State { return &concat{sep: s} }
	case "MAX_N", "MIN_N", "ARG_MAX_N", "ARG_MIN_N":
		// MAX(x, n) and the others with an n, as the converter names them.
		arg := strings.HasPrefix(name, "ARG_")
		if err := arity(2+btoi(arg), 2+btoi(arg)); err != nil {
			return nil, true, err
		}
		want := 1
		if strings.Contains(name, "MIN") {
			want = -1
		}
		mk = func() State { return &topN{want: want, arg: arg} }
	case "ARRAY_AGG", "LIST":
		mk = func() State { return &concatOrdered{list: true} }
	case "MEDIAN":
		// QUANTILE_CONT(x, 0.5): the middle value, or the mean of the two
		// middle numbers; of text the lower.
		mk = func() State { return &quantile{cont: true, fixed: true, hasP: true, p: 0.5} }
	case "QUANTILE_CONT", "QUANTILE_DISC", "QUANTILE":
		if err := arity(2, 2); err != nil {
			return nil, true, err
		}
		cont := name == "QUANTILE_CONT"
		mk = func() State { return &quantile{cont: cont} }
	case "MODE":
		mk = func() State { return &mode{} }
	case "COVAR_POP", "COVAR_SAMP", "CORR":
		if err := arity(2, 2); err != nil {
			return nil, true, err
		}
		kind := map[string]int{"COVAR_POP": covarPop, "COVAR_SAMP": covarSamp, "CORR": corr}[name]
		mk = func() State { return &comoments{kind: kind} }
	case "PRODUCT":
		mk = func() State { return &product{} }
	case "ARG_MAX", "MAX_BY", "ARGMAX", "ARG_MIN", "MIN_BY", "ARGMIN", "ARG_MAX_NULL", "ARG_MIN_NULL", "ARG_MAX_NULLS_LAST", "ARG_MIN_NULLS_LAST":
		if err := arity(2, 2); err != nil {
			return nil, true, err
		}
		want := 1
		if strings.Contains(name, "MIN") {
			want = -1
		}
		nullsLast := strings.HasSuffix(name, "_NULLS_LAST")
		nullArg := nullsLast || strings.HasSuffix(name, "_NULL")
		mk = func() State { return &argBest{want: want, nullArg: nullArg, nullsLast: nullsLast} }
	case "REGR_COUNT", "REGR_AVGX", "REGR_AVGY", "REGR_SXX", "REGR_SYY", "REGR_SXY", "REGR_SLOPE", "REGR_INTERCEPT", "REGR_R2":
		if err := arity(2, 2); err != nil {
			return nil, true, err
		}
		kind := regrKinds[name]
		mk = func() State { return &comoments{kind: kind} }
	case "SKEWNESS", "KURTOSIS", "KURTOSIS_POP":
		mk, col = typed(powerSums{kind: slices.Index(powerSumNames[:], name)})
	case "ENTROPY":
		mk = func() State { return &mode{entropy: true} }
	case "FSUM", "SUMKAHAN", "KAHAN_SUM":
		mk, col = typed(kahan{})
	case "FAVG":
		mk, col = typed(kahanAvg{})
	case "MAD":
		mk = func() State { return &quantile{mad: true, cont: true, fixed: true, hasP: true, p: 0.5} }
	case "BIT_AND", "BIT_OR", "BIT_XOR":
		mk, col = typed(bitAgg{op: slices.Index(bitAggNames[:], name)})
	case "BOOL_AND", "EVERY":
		mk, col = typed(boolAgg{and: true})
	case "BOOL_OR":
		mk, col = typed(boolAgg{})
	default:
		return nil, false, nil
	}
	if name != "COUNT" && !strings.HasSuffix(name, "_N") && !strings.Contains(name, "CONCAT") && name != "STRING_AGG" && name != "LISTAGG" && !strings.HasPrefix(name, "ARG") && !strings.HasSuffix(name, "_BY") &&
		!strings.HasPrefix(name, "QUANTILE") && !strings.HasPrefix(name, "COVAR") && name != "CORR" && !strings.HasPrefix(name, "REGR_") {
		if err := arity(1, 1); err != nil {
			return nil, true, err
		}
	}
	f = &Func{Name: name, Distinct: distinct, New: mk, col: col}
	if distinct {
		f.col = nil
		f.New = distinctOf(mk, IsList(name))
	}
	return f, true, nil
}

func arityText(min, max int) string {
	switch {
	case max < 0:
		return fmt.Sprintf("at least %d", min)
	case min == max:
		return fmt.Sprint(min)
	}
	return fmt.Sprintf("%d to %d", min, max)
}

// Names lists the aggregate names, for completion.
func Names() []string {
	return []string{"ANY_VALUE", "ARG_MAX", "ARG_MAX_NULL", "ARG_MAX_NULLS_LAST", "ARG_MIN", "ARG_MIN_NULL", "ARG_MIN_NULLS_LAST", "ARGMAX", "ARGMIN", "AVG", "BIT_AND", "BIT_OR", "BIT_XOR", "BOOL_AND", "BOOL_OR", "CORR", "COUNT", "COVAR_POP", "COVAR_SAMP",
		"ENTROPY", "FAVG", "FIRST", "FSUM", "GROUP_CONCAT", "KURTOSIS", "KURTOSIS_POP", "LAST", "MAD", "MAX", "MEDIAN", "MIN", "MODE", "PRODUCT", "QUANTILE", "QUANTILE_CONT", "QUANTILE_DISC",
		"REGR_AVGX", "REGR_AVGY", "REGR_COUNT", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX", "REGR_SXY", "REGR_SYY", "SEM", "SKEWNESS",
		"STDDEV", "STDDEV_POP", "STDDEV_SAMP", "STRING_AGG", "SUM", "VARIANCE", "VAR_POP", "VAR_SAMP", "ARRAY_AGG", "LIST",
		"MAX_N", "MIN_N", "ARG_MAX_N", "ARG_MIN_N"}
}

// count is COUNT(*) (no arguments) and COUNT(x, …): rows where no argument
// is NULL.
type count struct{ n int64 }

// Count, Sum and Avg name the states of COUNT, SUM and AVG for the
// executor's hot loop, which calls Inc and AddInt on them directly rather
// than through the State interface.
type (
	Count = count
	Sum   = sum
	Avg   = avg
)

// Inc counts one row.
func (s *count) Inc() { s.n++ }

// AddN counts n rows (COUNT(*) from a manifest's row counts).
func (s *count) AddN(n int64) { s.n += n }

func (s *count) AddOne(v types.Value) error {
	if v.K != types.Null {
		s.n++
	}
	return nil
}

func (s *count) Add(args []types.Value) error {
	for _, a := range args {
		if a.K == types.Null {
			return nil
		}
	}
	s.n++
	return nil
}
func (s *count) Merge(o State)       { s.n += o.(*count).n }
func (s *count) Result() types.Value { return types.IntValue(s.n) }

// sum is SUM: exact over integers (widening past int64, as DuckDB's
// HUGEINT), a double once a value is not an integer. Values that are not
// numbers are skipped, as NULL is (a JSON field may mix kinds).
type sum struct {
	n     int64
	isum  int64
	big   *big.Int // the integer sum once it left int64
	fsum  float64
	float bool
}

func (s *sum) Add(args []types.Value) error { return s.AddOne(args[0]) }

// AddInt is AddOne of an integer.
func (s *sum) AddInt(i int64) {
	if !s.float && s.big == nil {
		if t := s.isum + i; (t > s.isum) == (i > 0) {
			s.n++
			s.isum = t
			return
		}
	}
	s.AddOne(types.IntValue(i))
}

// AddInt feeds an integer to a state of COUNT(x), SUM, AVG or SUM(x + c)
// without making a value of it (the executor's path for a field that holds
// a JSON integer); false for any other state, which takes the value.
func AddInt(st State, i int64) bool {
	switch s := st.(type) {
	case *count:
		s.n++
	case *sum:
		s.AddInt(i)
	case *avg:
		s.AddInt(i)
	case *sumPlus:
		s.AddInt(i)
	default:
		return false
	}
	return true
}

// AddOne feeds a value to a state of one argument: COUNT, SUM and AVG
// called directly (the executor's hot loop: an assertion to OneArg costs
// more than the addition), any other through OneArg.
func AddOne(st State, v types.Value) error {
	switch s := st.(type) {
	case *sum:
		return s.AddOne(v)
	case *avg:
		return s.AddOne(v)
	case *count:
		return s.AddOne(v)
	}
	return st.(OneArg).AddOne(v)
}

func (s *sum) AddOne(v types.Value) error {
	if v.K == types.Float {
		// A column of decimals, the other common case.
		s.n++
		if !s.float {
			s.float = true
			s.fsum = s.intTotal()
		}
		s.fsum += v.F()
		return nil
	}
	if v.K == types.Int && !s.float && s.big == nil {
		// The common case first: an integer while the sum fits.
		if t := s.isum + v.I; (t > s.isum) == (v.I > 0) {
			s.n++
			s.isum = t
			return nil
		}
	}
	switch v.K {
	case types.Int:
		s.n++
		if s.float {
			s.fsum += float64(v.I)
			return nil
		}
		if s.big != nil {
			s.big.Add(s.big, big.NewInt(v.I))
			return nil
		}
		t := s.isum + v.I
		if (t > s.isum) != (v.I > 0) {
			s.big = big.NewInt(s.isum)
			s.big.Add(s.big, big.NewInt(v.I))
			return nil
		}
		s.isum = t
	case types.Huge:
		s.n++
		if s.float {
			f, _ := v.Float()
			s.fsum += f
			return nil
		}
		if s.big == nil {
			s.big = big.NewInt(s.isum)
		}
		s.big.Add(s.big, v.Big())
	case types.Bool:
		// DuckDB sums booleans as integers.
		return s.AddOne(types.IntValue(v.I))
	}
	return nil
}

func (s *sum) intTotal() float64 {
	if s.big != nil {
		f, _ := new(big.Float).SetInt(s.big).Float64()
		return f
	}
	return float64(s.isum)
}

func (s *sum) Merge(o State) {
	t := o.(*sum)
	s.n += t.n
	switch {
	case s.float || t.float:
		a, b := s.total(), t.total()
		s.float, s.fsum = true, a+b
	case s.big != nil || t.big != nil:
		x := s.bigTotal()
		s.big = x.Add(x, t.bigTotal())
	default:
		if r := s.isum + t.isum; (r > s.isum) == (t.isum > 0) {
			s.isum = r
		} else {
			x := big.NewInt(s.isum)
			s.big = x.Add(x, big.NewInt(t.isum))
		}
	}
}

func (s *sum) bigTotal() *big.Int {
	if s.big != nil {
		return new(big.Int).Set(s.big)
	}
	return big.NewInt(s.isum)
}

func (s *sum) total() float64 {
	if s.float {
		return s.fsum
	}
	return s.intTotal()
}

func (s *sum) Result() types.Value {
	switch {
	case s.n == 0:
		return types.Value{}
	case s.float:
		return types.FloatValue(s.fsum)
	case s.big != nil:
		return types.BigValue(s.big)
	}
	return types.IntValue(s.isum)
}

// avg is AVG: the exact sum divided by the count, a double.
type avg struct{ sum }

func (s *avg) Merge(o State) { s.sum.Merge(&o.(*avg).sum) }
func (s *avg) Result() types.Value {
	if s.n == 0 {
		return types.Value{}
	}
	if s.float {
		return types.FloatValue(s.fsum / float64(s.n))
	}
	if s.big == nil && s.isum > -1<<53 && s.isum < 1<<53 {
		return types.FloatValue(float64(s.isum) / float64(s.n)) // one rounding
	}
	// The exact sum divided once, as DuckDB divides its HUGEINT sum in
	// extended precision: not the sum rounded to a double, then divided.
	q := new(big.Float).SetPrec(256).SetInt(s.bigTotal())
	q.Quo(q, new(big.Float).SetPrec(256).SetInt64(s.n))
	f, _ := q.Float64()
	return types.FloatValue(f)
}

// minmax is MIN (want -1) and MAX (want 1) under types.Compare.
type minmax struct {
	want int
	has  bool
	best types.Value
}

func (s *minmax) Add(args []types.Value) error { return s.AddOne(args[0]) }

func (s *minmax) AddOne(v types.Value) error {
	if v.K == types.Null {
		return nil
	}
	if !s.has || types.Compare(v, s.best) == s.want {
		s.best, s.has = v.Clone(), true
	}
	return nil
}

func (s *minmax) Merge(o State) {
	t := o.(*minmax)
	if t.has && (!s.has || types.Compare(t.best, s.best) == s.want) {
		s.best, s.has = t.best, true
	}
}

func (s *minmax) Result() types.Value { return s.best }

// argBest is ARG_MAX(arg, val) (want 1) and ARG_MIN (want -1), DuckDB's:
// arg of the row of the greatest (least) val, of the rows where neither is
// NULL; the first such row of those that tie. With nullArg, ARG_MAX_NULL:
// of the rows where val is not NULL, a NULL arg too; with nullsLast as
// well, ARG_MAX_NULLS_LAST: of all rows, a NULL val after every other.
type argBest struct {
	want               int
	nullArg, nullsLast bool
	has                bool
	arg, val           types.Value
}

func (s *argBest) Add(args []types.Value) error {
	if args[0].K == types.Null && !s.nullArg || args[1].K == types.Null && !s.nullsLast {
		return nil
	}
	if s.better(args[1]) {
		s.arg, s.val, s.has = args[0].Clone(), args[1].Clone(), true
	}
	return nil
}

// better reports a row of val that comes before the state's.
func (s *argBest) better(val types.Value) bool {
	switch {
	case !s.has:
		return true
	case val.K == types.Null || s.val.K == types.Null:
		return s.val.K == types.Null && val.K != types.Null // NULLS LAST
	}
	return types.Compare(val, s.val) == s.want
}

func (s *argBest) Merge(o State) {
	t := o.(*argBest)
	if t.has && s.better(t.val) {
		s.arg, s.val, s.has = t.arg, t.val, true
	}
}

func (s *argBest) Result() types.Value { return s.arg }

// firstValue is FIRST(x) (ARBITRARY(x)): the value of the first row, NULL
// or not, as DuckDB's; with last set, LAST(x): of the last row; with
// skipNulls set, ANY_VALUE(x): the first value that is not NULL.
type firstValue struct {
	last, skipNulls, has bool
	v                    types.Value
}

func (s *firstValue) Add(args []types.Value) error {
	if (s.last || !s.has) && !(s.skipNulls && args[0].K == types.Null) {
		s.v, s.has = args[0].Clone(), true
	}
	return nil
}

// Merge takes the other's rows as coming after this one's.
func (s *firstValue) Merge(o State) {
	if t := o.(*firstValue); t.has && (s.last || !s.has) {
		s.v, s.has = t.v, true
	}
}

func (s *firstValue) Result() types.Value { return s.v }

// moments is VARIANCE and STDDEV, sample or population, by Welford's
// method (merged by Chan's formula).
type moments struct {
	sample, sqrt bool
	sem          bool // SEM: the population deviation over the root of the count
	n            float64
	mean, m2     float64
}

func (s *moments) Add(args []types.Value) error {
	x, ok := args[0].Float()
	if !ok {
		return nil
	}
	s.n++
	d := x - s.mean
	s.mean += d / s.n
	s.m2 += d * (x - s.mean)
	return nil
}

func (s *moments) Merge(o State) {
	t := o.(*moments)
	if t.n == 0 {
		return
	}
	if s.n == 0 {
		s.n, s.mean, s.m2 = t.n, t.mean, t.m2
		return
	}
	n := s.n + t.n
	d := t.mean - s.mean
	s.m2 += t.m2 + d*d*s.n*t.n/n
	s.mean += d * t.n / n
	s.n = n
}

func (s *moments) Result() types.Value {
	if s.sem {
		// DuckDB's StandardErrorOfTheMeanOperation.
		if s.n == 0 {
			return types.Value{}
		}
		return types.FloatValue(math.Sqrt(s.m2/s.n) / math.Sqrt(s.n))
	}
	div := s.n
	if s.sample {
		div--
	}
	if div <= 0 {
		return types.Value{}
	}
	v := s.m2 / div
	if s.sqrt {
		v = math.Sqrt(v)
	}
	return types.FloatValue(v)
}

// concat is GROUP_CONCAT: the text of the values that are not NULL, in the
// order the rows came, joined by the separator.
type concat struct {
	sep   string
	parts []string
	size  int64 // the joined text's bytes so far
	acct  *int64
}

// MaxJoined is the most text GROUP_CONCAT and STRING_AGG join into one
// value, as much as a function may build: a group's text is held whole
// until its result is given, so more is an error rather than a process
// past its memory (the comments of TPC-H's lineitem at SF 1, 165 MB,
// took lakesql to 530 MB).
const MaxJoined = 16 << 20

// errJoined is the error of a joined text past MaxJoined.
func errJoined(size int64) error {
	return fmt.Errorf("%w: the joined text would be %d bytes or more, past the %d (16 MiB) one value may hold", ErrArgs, size, MaxJoined)
}

func (s *concat) account(acct *int64) { s.acct = acct }

func (s *concat) Add(args []types.Value) error {
	if args[0].K != types.Null {
		text := args[0].String()
		if s.size += int64(len(text) + len(s.sep)); s.size > MaxJoined {
			return errJoined(s.size)
		}
		p := strings.Clone(text)
		s.parts = append(s.parts, p)
		grow(s.acct, 16+len(p))
	}
	return nil
}
func (s *concat) Merge(o State) {
	s.parts = append(s.parts, o.(*concat).parts...)
	s.size += o.(*concat).size
}
func (s *concat) Result() types.Value {
	if len(s.parts) == 0 {
		return types.Value{}
	}
	return types.StringValue(strings.Join(s.parts, s.sep))
}

// Final is Result, or the error of a text past MaxJoined (merged states
// that each kept within it).
func (s *concat) Final() (types.Value, error) {
	if s.size > MaxJoined {
		return types.Value{}, errJoined(s.size)
	}
	return s.Result(), nil
}

// ConcatOrdered is GROUP_CONCAT(x ORDER BY k1 [DESC], …): its arguments
// are x then the keys; the values are joined in the keys' order (NULLs
// last, as ORDER BY puts them, or first where nullsFirst says), rows of
// equal keys in the order they came.
// With distinct, over the distinct values of x, whose keys must be x
// itself (GROUP_CONCAT(DISTINCT x ORDER BY x)): the distinct tuples of (x,
// x, …) are those of x.
func ConcatOrdered(name, sep string, desc, nullsFirst []bool, distinct bool) *Func {
	list := IsList(name)
	f := &Func{Name: name, Distinct: distinct, New: func() State {
		return &concatOrdered{sep: sep, desc: desc, nullsFirst: nullsFirst, list: list}
	}}
	if distinct {
		f.New = distinctOf(f.New, list)
	}
	return f
}

// FirstOrdered is FIRST, ARBITRARY, LAST or ANY_VALUE with an ORDER BY
// of its own, FIRST(x ORDER BY k…), as DuckDB answers it: x of the first
// row (LAST: the last) in the order of the keys (desc: descending;
// nullsFirst: NULL before the other values, else after them, in either
// direction), rows of equal keys in the order they came; ANY_VALUE's the
// first whose x is not NULL. Its arguments are x, then the keys. It keeps
// one row.
func FirstOrdered(name string, desc, nullsFirst []bool, distinct bool) *Func {
	proto := firstOrdered{last: name == "LAST", skipNulls: name == "ANY_VALUE", desc: desc, nullsFirst: nullsFirst}
	f := &Func{Name: name, Distinct: distinct, New: func() State { st := proto; return &st }}
	if distinct {
		f.New = distinctOf(f.New, false)
	}
	return f
}

type firstOrdered struct {
	last, skipNulls  bool
	desc, nullsFirst []bool
	has              bool
	row              []types.Value // x, then the keys
}

func (s *firstOrdered) Add(args []types.Value) error {
	if s.skipNulls && args[0].K == types.Null {
		return nil
	}
	if s.takes(args) {
		s.row = s.row[:0]
		for _, a := range args {
			s.row = append(s.row, a.Clone())
		}
		s.has = true
	}
	return nil
}

// takes reports whether a row that comes after the one kept replaces it.
func (s *firstOrdered) takes(r []types.Value) bool {
	if !s.has {
		return true
	}
	c := 0
	for i, d := range s.desc {
		x, y := r[i+1], s.row[i+1]
		switch {
		case x.K == types.Null && y.K == types.Null:
			continue
		case x.K == types.Null || y.K == types.Null:
			c = 1
			if x.K == types.Null == s.nullsFirst[i] {
				c = -1
			}
		default:
			c = types.Compare(x, y)
			if d {
				c = -c
			}
		}
		if c != 0 {
			break
		}
	}
	if s.last {
		return c >= 0
	}
	return c < 0
}

func (s *firstOrdered) Merge(o State) {
	if t := o.(*firstOrdered); t.has && s.takes(t.row) {
		s.row, s.has = append(s.row[:0], t.row...), true
	}
}

func (s *firstOrdered) Result() types.Value {
	if !s.has {
		return types.Value{}
	}
	return s.row[0]
}

func (s *firstOrdered) AppendState(dst []byte) []byte {
	return appendValues(appendBool(dst, s.has), s.row)
}

func (s *firstOrdered) MergeState(b []byte) ([]byte, error) {
	r := reader{b: b}
	t := firstOrdered{has: r.byte() == 1, row: r.values()}
	if r.err == nil && t.has && len(t.row) != len(s.desc)+1 {
		r.fail()
	}
	if r.err == nil {
		s.Merge(&t)
	}
	return r.b, r.err
}

// distinctOf makes the states of mk take each distinct tuple of
// arguments once; with nulls, NULL is a value of its own (ARRAY_AGG's
// list of the distinct values holds it once, as DuckDB's does).
func distinctOf(mk func() State, nulls bool) func() State {
	return func() State { return &distinctState{inner: mk(), nulls: nulls} }
}

// IsList reports ARRAY_AGG and LIST (by name, upper case), which make
// the list (a JSON array) of their values, NULLs kept.
func IsList(name string) bool { return name == "ARRAY_AGG" || name == "LIST" }

type concatOrdered struct {
	sep              string
	list             bool // ARRAY_AGG: the list of the values, NULLs kept
	desc, nullsFirst []bool
	rows             [][]types.Value // x, then the keys
	size             int64           // the joined text's bytes so far
	acct             *int64
}

func (s *concatOrdered) account(acct *int64) { s.acct = acct }

func (s *concatOrdered) Add(args []types.Value) error {
	if args[0].K == types.Null && !s.list {
		return nil
	}
	if s.size += int64(len(args[0].String()) + len(s.sep)); s.size > MaxJoined {
		return errJoined(s.size)
	}
	r := make([]types.Value, len(args))
	for i, a := range args {
		r[i] = a.Clone()
		grow(s.acct, 40+len(a.S))
	}
	grow(s.acct, 24)
	s.rows = append(s.rows, r)
	return nil
}

func (s *concatOrdered) Merge(o State) {
	s.rows = append(s.rows, o.(*concatOrdered).rows...)
	s.size += o.(*concatOrdered).size
}

// Final is Result, or the error of a text past MaxJoined.
func (s *concatOrdered) Final() (types.Value, error) {
	if s.size > MaxJoined {
		return types.Value{}, errJoined(s.size)
	}
	return s.Result(), nil
}

func (s *concatOrdered) Result() types.Value {
	if len(s.rows) == 0 {
		return types.Value{}
	}
	slices.SortStableFunc(s.rows, func(a, b []types.Value) int {
		for i, d := range s.desc {
			x, y := a[i+1], b[i+1]
			switch {
			case x.K == types.Null && y.K == types.Null:
				continue
			case x.K == types.Null || y.K == types.Null:
				c := 1 // NULL after
				if s.nullsFirst[i] {
					c = -1
				}
				if y.K == types.Null {
					c = -c
				}
				return c
			}
			c := types.Compare(x, y)
			if d {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	if s.list {
		els := make([]types.Value, len(s.rows))
		for i, r := range s.rows {
			els[i] = r[0]
		}
		return types.ListValue(els)
	}
	parts := make([]string, len(s.rows))
	for i, r := range s.rows {
		parts[i] = r[0].String()
	}
	return types.StringValue(strings.Join(parts, s.sep))
}

// boolAgg is BOOL_AND and BOOL_OR.
type boolAgg struct {
	and, has, v bool
}

func (s *boolAgg) Add(args []types.Value) error {
	if args[0].K == types.Null {
		return nil
	}
	b := args[0].K == types.Bool && args[0].I != 0 || args[0].K == types.Int && args[0].I != 0
	if !s.has {
		s.v, s.has = b, true
	} else if s.and {
		s.v = s.v && b
	} else {
		s.v = s.v || b
	}
	return nil
}

func (s *boolAgg) Merge(o State) {
	t := o.(*boolAgg)
	if t.has {
		s.Add([]types.Value{types.BoolValue(t.v)})
	}
}

func (s *boolAgg) Result() types.Value {
	if !s.has {
		return types.Value{}
	}
	return types.BoolValue(s.v)
}

// SumPlus is SUM(x + c) for a constant c, computed as SUM(x) + c·COUNT(x)
// (DuckDB rewrites it the same way, so an x + c past int64 is no overflow
// there either): the states of SUM(x), SUM(x + 1), … SUM(x + 89) then share
// one evaluation of x per row. A value of x that x + c would reject (text,
// a boolean) is the same error here.
func SumPlus(c types.Value, name string) *Func {
	mk, col := typed(sumPlus{c: c})
	return &Func{Name: name, New: mk, plus: &c, col: col}
}

// SumPlusOf returns the c of a SumPlus(c).
func (f *Func) SumPlusOf() (types.Value, bool) {
	if f.plus == nil {
		return types.Value{}, false
	}
	return *f.plus, true
}

type sumPlus struct {
	c types.Value
	sum
}

func (s *sumPlus) Add(args []types.Value) error { return s.AddOne(args[0]) }

func (s *sumPlus) AddOne(v types.Value) error {
	switch v.K {
	case types.Null:
		return nil
	case types.Int, types.Float, types.Huge:
		return s.sum.AddOne(v)
	}
	_, err := types.Arith(types.Add, v, s.c)
	if err == nil {
		err = fmt.Errorf("%w: cannot compute %s + %s", types.ErrConvert, v.K, s.c)
	}
	return err
}

func (s *sumPlus) Merge(o State) { s.sum.Merge(&o.(*sumPlus).sum) }

// Shifted gives SUM(x + c) from the state of another SUM(x + c0) over the
// same x (a SumPlus state holds the sum and count of x itself): ClickBench's
// 90 sums of one field then keep one state, not 90.
func Shifted(c types.Value) func(State) types.Value {
	return func(st State) types.Value {
		t := sumPlus{c: c, sum: st.(*sumPlus).sum}
		return t.Result()
	}
}

func (s *sumPlus) Result() types.Value {
	r := s.sum.Result()
	if r.K == types.Null {
		return r
	}
	shift, err := types.Arith(types.Mul, s.c, types.IntValue(s.n))
	if err != nil { // beyond int64: in HUGEINT
		shift = types.BigValue(new(big.Int).Mul(s.c.Big(), big.NewInt(s.n)))
	}
	if out, err := types.Arith(types.Add, r, shift); err == nil {
		return out
	}
	return types.BigValue(new(big.Int).Add(r.Big(), shift.Big()))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
