package plan

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/function"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Row is the input of a bound expression: the values of one row's slots
// (fields read from a scanned line, or the columns of an operator's
// output).
type Row []types.Value

// Expr is a bound expression: names resolved to slots, functions bound,
// literals converted for the side they are compared with.
type Expr interface {
	Eval(r Row) (types.Value, error)
	String() string
}

// ErrEval marks errors raised while evaluating an expression on a row.
var ErrEval = errors.New("evaluation error")

// Slot reads slot I of the row.
type Slot struct {
	I    int
	Name string // for printing
}

func (s *Slot) Eval(r Row) (types.Value, error) { return r[s.I], nil }

func (s *Slot) String() string { return s.Name }

// Const is a constant.
type Const struct {
	V       types.Value
	Text    string // how it prints
	Decimal bool   // a number as written (DuckDB's DECIMAL when it has a point), or folded from such
	JSON    bool   // folded from an expression DuckDB types JSON (see jsonTyped)
}

func (c *Const) Eval(Row) (types.Value, error) { return c.V, nil }
func (c *Const) String() string                { return c.Text }

// Member reads a member of a JSON object value: user.tier.
type Member struct {
	X    Expr
	Name string
	ex   *storage.Extractor
	buf  []byte // scratch for a decoded string; Member is evaluated by one goroutine (see Clone)
	vals [][]byte
}

// NewMember returns x.name.
func NewMember(x Expr, name string) *Member {
	return &Member{X: x, Name: name, ex: storage.NewExtractor([]string{name}), vals: make([][]byte, 1)}
}

func (m *Member) Eval(r Row) (types.Value, error) {
	v, err := m.X.Eval(r)
	if err != nil || v.K != types.JSON || v.S == "" || v.S[0] != '{' {
		return types.Value{}, err
	}
	if err := m.ex.Extract(unsafe.Slice(unsafe.StringData(v.S), len(v.S)), m.vals); err != nil {
		return types.Value{}, nil
	}
	return types.FromJSON(m.vals[0], false, &m.buf), nil
}

func (m *Member) String() string { return m.X.String() + "." + identText(m.Name) }

// identText prints a name as SQL.
var identText = func(s string) string { return s }

// Truthy maps a value used as a condition to SQL's three truth values: a
// boolean is itself, NULL is unknown, a number is true when it is not
// zero, text is read as CAST(text AS BOOLEAN) would read it.
func Truthy(v types.Value) (types.Truth, error) {
	switch v.K {
	case types.Bool:
		return types.TruthOf(v.I != 0), nil
	case types.Null:
		return types.Unknown, nil
	case types.Int:
		return types.TruthOf(v.I != 0), nil
	case types.Float:
		return types.TruthOf(v.F() != 0), nil
	case types.String:
		if b, ok := types.ParseBool(v.S); ok {
			return types.TruthOf(b), nil
		}
	}
	return types.Unknown, fmt.Errorf("%w: %s %s used as a condition", ErrEval, v.K, quoted(v))
}

func quoted(v types.Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	if v.K == types.String {
		return "'" + s + "'"
	}
	return s
}

// EvalTruth evaluates a condition.
func EvalTruth(e Expr, r Row) (types.Truth, error) {
	// AND and OR of truths make no value between them (a filter is mostly
	// these, over comparisons).
	switch x := e.(type) {
	case *AndExpr:
		a, err := EvalTruth(x.L, r)
		if err != nil || a == types.False {
			return types.False, err
		}
		b, err := EvalTruth(x.R, r)
		return a.And(b), err
	case *OrExpr:
		a, err := EvalTruth(x.L, r)
		if err != nil || a == types.True {
			return types.True, err
		}
		b, err := EvalTruth(x.R, r)
		return a.Or(b), err
	}
	v, err := e.Eval(r)
	if err != nil {
		return types.Unknown, err
	}
	return Truthy(v)
}

// Logical connectives, with SQL's three-valued logic; AND and OR do not
// evaluate their right side when the left decides.
type (
	AndExpr struct{ L, R Expr }
	OrExpr  struct{ L, R Expr }
	NotExpr struct{ X Expr }
)

// AND and OR are evaluated by EvalTruth.
func (e *AndExpr) Eval(r Row) (types.Value, error) {
	t, err := EvalTruth(e, r)
	return t.Value(), err
}

func (e *OrExpr) Eval(r Row) (types.Value, error) {
	t, err := EvalTruth(e, r)
	return t.Value(), err
}

func (e *NotExpr) Eval(r Row) (types.Value, error) {
	a, err := EvalTruth(e.X, r)
	return a.Not().Value(), err
}

func (e *AndExpr) String() string {
	return operand(e.L, ast.PrecAnd) + " AND " + operand(e.R, ast.PrecAnd+1)
}
func (e *OrExpr) String() string {
	return operand(e.L, ast.PrecOr) + " OR " + operand(e.R, ast.PrecOr+1)
}
func (e *NotExpr) String() string { return "NOT " + operand(e.X, ast.PrecAtom) } // NOT (a = b): clearer than NOT a = b

func prec(e Expr) int {
	switch e := e.(type) {
	case *OrExpr:
		return ast.PrecOr
	case *AndExpr:
		return ast.PrecAnd
	case *NotExpr:
		return ast.PrecNot
	case *IsNullExpr, *IsBoolExpr:
		return ast.PrecIs
	case *Compare, *InExpr, *LikeExpr:
		return ast.PrecCompare
	case *ArithExpr:
		if e.Op == types.Add || e.Op == types.Sub {
			return ast.PrecAdd
		}
		return ast.PrecMul
	case *NegExpr:
		return ast.PrecUnary
	case *Const:
		if strings.HasPrefix(e.Text, "-") {
			return ast.PrecUnary
		}
	case *named:
		return ast.PrecUnary
	}
	return ast.PrecAtom
}

// operand prints e, in parentheses when it binds looser than min.
func operand(e Expr, min int) string {
	if prec(e) < min {
		return "(" + e.String() + ")"
	}
	return e.String()
}

// paren prints an operand of a unary or postfix operator.
func paren(e Expr) string { return operand(e, ast.PrecUnary) }

// Compare is L op R under the one comparison of package types. A string
// constant compared with a value of another family is converted to that
// family first (Lit: the forms it can take), as DuckDB converts a literal
// to the type of the column it meets: amount > '60' compares numbers.
type Compare struct {
	Op   string // = != < <= > >= <=>
	L, R Expr
	// Text compares the text forms of both sides (pq's --where).
	Text bool
	lit  *litForms // when R is a string constant
	// slot >= 0: L is that slot and R a string constant, eq the text, for
	// the common field = 'text' whose string rows need no conversion.
	slot int
	eq   string
	// dslot >= 0: L is that slot and R the DATE days (dts: the TIMESTAMP
	// micros), for the common date_field <= DATE '…' (< DATE '…' +
	// INTERVAL …) over rows whose dates are ISO text.
	dslot int
	days  int64
	dts   bool
	ymd   int64 // the day's types.ISOYmd number, when ymdOK: a DATE or a TIMESTAMP at midnight
	ymdOK bool
	// nslot >= 0: L is that slot and R the number num, for field < 24.
	nslot int
	num   types.Value
}

// litForms are the readings of a string constant.
type litForms struct {
	num   types.Value // Null when it is not a number
	date  types.Value
	ts    types.Value
	boolv types.Value
	iv    types.Value // an INTERVAL: '1 day' = INTERVAL 24 HOUR
}

func newLitForms(s string) *litForms {
	f := &litForms{}
	if n, ok := types.ParseNumber(s); ok {
		f.num = n
	}
	if d, ok := types.ParseDate(s); ok && len(strings.TrimSpace(s)) == 10 {
		f.date = types.DateValue(d)
	}
	if t, ok := types.ParseTimestamp(s); ok {
		f.ts = types.TimestampValue(t)
	}
	if b, ok := types.ParseBool(s); ok {
		f.boolv = types.BoolValue(b)
	}
	if iv, err := types.ParseInterval(s); err == nil {
		f.iv = iv
	}
	return f
}

// coerce returns the literal lit as it compares with v.
func (f *litForms) coerce(lit, v types.Value) types.Value {
	var alt types.Value
	switch v.K {
	case types.Int, types.Float, types.Huge:
		alt = f.num
	case types.Date:
		alt = f.date
		if alt.K == types.Null && f.ts.K != types.Null {
			// A timestamp's text cast to the DATE it meets, as DuckDB
			// casts it: its day ('2024-01-05 10:00:00' = DATE
			// '2024-01-05').
			alt = types.DateValue(types.DayOf(f.ts.I))
		}
	case types.Timestamp:
		alt = f.ts
	case types.Bool:
		alt = f.boolv
	case types.Interval:
		alt = f.iv
	}
	if alt.K != types.Null {
		return alt
	}
	return lit
}

// NewCompare binds l op r, noting a string constant on the right.
func NewCompare(op string, l, r Expr, text bool) *Compare {
	c := &Compare{Op: op, L: l, R: r, Text: text, slot: -1, dslot: -1, nslot: -1}
	if k, ok := r.(*Const); ok && (k.V.K == types.Int || k.V.K == types.Float) && !text {
		if s, ok := l.(*Slot); ok {
			c.nslot, c.num = s.I, k.V
		}
	}
	if k, ok := r.(*Const); ok && (k.V.K == types.Date || k.V.K == types.Timestamp) && !text {
		if s, ok := l.(*Slot); ok {
			c.dslot, c.days, c.dts = s.I, k.V.I, k.V.K == types.Timestamp
			// A DATE, or a TIMESTAMP at midnight (DATE '…' + INTERVAL '1'
			// YEAR): a date compares with it as with its day.
			if !c.dts {
				c.ymd, c.ymdOK = types.YmdOf(c.days), true
			} else if c.days%86400e6 == 0 {
				c.ymd, c.ymdOK = types.YmdOf(c.days/86400e6), true
			}
		}
	}
	if k, ok := r.(*Const); ok && k.V.K == types.String && !text {
		c.lit = newLitForms(k.V.S)
		if s, ok := l.(*Slot); ok && (op == "=" || op == "!=") {
			c.slot, c.eq = s.I, k.V.S
		}
	}
	return c
}

// RawDay reports a comparison of a field with a DATE or a TIMESTAMP (the
// operator any but <=>) that a scan may decide on a row's raw JSON when
// it is a string of an ISO date: slot is the field's, and DayHolds the
// comparison of the day that string spells, as Eval decides it on the
// decoded string.
func (c *Compare) RawDay() (slot int, ok bool) {
	return c.dslot, c.dslot >= 0 && c.Op != "<=>"
}

// DayHolds is the comparison of a RawDay for a field of day d.
func (c *Compare) DayHolds(d int64) bool { return cmpOp(c.Op, c.dayOrder(d)) }

// YmdHolds is DayHolds for the day that types.ISOYmd read as ymd (ISO
// text, raw or decoded): with a DATE (or a TIMESTAMP at midnight) its
// order is the day's, and no count of days is made (a tenth of a filter's
// time over TPC-H's lineitem).
func (c *Compare) YmdHolds(ymd int64) bool {
	if !c.ymdOK {
		return c.DayHolds(types.ISOYmdDay(ymd))
	}
	return cmpOp(c.Op, cmp.Compare(ymd, c.ymd))
}

// dayOrder compares the day d with the comparison's DATE, or its
// TIMESTAMP (dts) as types.Compare compares a date with a timestamp.
func (c *Compare) dayOrder(d int64) int {
	if c.dts {
		return cmp.Compare(float64(d)*86400e6, float64(c.days))
	}
	return cmp.Compare(d, c.days)
}

// RawEq reports a comparison that a scan may decide on one field's raw
// JSON: L is a slot, R a string constant (or, outside pq's comparison of
// text forms, an integer), the operator = or != (eq says which).
func (c *Compare) RawEq() (slot int, lit types.Value, eq, text, ok bool) {
	s, isSlot := c.L.(*Slot)
	k, isConst := c.R.(*Const)
	if !isSlot || !isConst || (k.V.K != types.String && (k.V.K != types.Int || c.Text)) || (c.Op != "=" && c.Op != "!=") {
		return 0, types.Value{}, false, false, false
	}
	return s.I, k.V, c.Op == "=", c.Text, true
}

func (c *Compare) Eval(r Row) (types.Value, error) {
	if c.nslot >= 0 {
		// What CompareValues makes of two numbers, without the calls.
		if v := r[c.nslot]; v.K == types.Int || v.K == types.Float {
			return types.BoolValue(cmpOp(c.Op, types.Compare(v, c.num))), nil
		}
	}
	if c.dslot >= 0 {
		// What temporalPair and CompareValues make of a date or of ISO
		// text that is one, without their calls.
		switch v := r[c.dslot]; v.K {
		case types.Date:
			return types.BoolValue(c.DayHolds(v.I)), nil
		case types.String:
			if ymd, ok := types.ISOYmd(v.S); ok {
				return types.BoolValue(c.YmdHolds(ymd)), nil
			}
		}
	}
	if c.slot >= 0 {
		if v := r[c.slot]; v.K == types.String {
			return types.BoolValue((v.S == c.eq) == (c.Op == "=")), nil
		}
	}
	a, err := c.L.Eval(r)
	if err != nil {
		return types.Value{}, err
	}
	b, err := c.R.Eval(r)
	if err != nil {
		return types.Value{}, err
	}
	if !c.Text && c.lit == nil {
		if a, b, err = temporalPair(a, b); err != nil {
			return types.Value{}, err
		}
	}
	return CompareValues(c.Op, a, b, c.lit, c.Text), nil
}

// temporalPair reads a text compared with a DATE or TIMESTAMP as one, as
// DuckDB casts a VARCHAR to the DATE it meets: o_orderdate >= DATE
// '1993-07-01' compares dates when o_orderdate holds ISO text. Text that
// is no date or timestamp is an error, as in DuckDB.
func temporalPair(a, b types.Value) (types.Value, types.Value, error) {
	temporal := func(k types.Kind) bool { return k == types.Date || k == types.Timestamp }
	var err error
	switch {
	case a.K == types.String && temporal(b.K):
		a, err = textAsTime(a)
	case b.K == types.String && temporal(a.K):
		b, err = textAsTime(b)
	}
	return a, b, err
}

// textAsTime is ISO text as a DATE when it has no time, else a TIMESTAMP.
func textAsTime(v types.Value) (types.Value, error) {
	if t, ok := types.ParseTime(v.S); ok {
		return t, nil
	}
	return types.Value{}, fmt.Errorf("%w: %s is not a date or timestamp (YYYY-MM-DD[ HH:MM:SS])", types.ErrConvert, ast.Quote(v.S))
}

// CompareValues applies op to two values (see Compare).
func CompareValues(op string, a, b types.Value, lit *litForms, text bool) types.Value {
	if a.K == types.Null || b.K == types.Null {
		if op == "<=>" {
			return types.BoolValue(a.K == b.K)
		}
		return types.Value{}
	}
	if a.K == types.JSON || b.K == types.JSON {
		a, b = jsonScalars(a, b)
	}
	var c int
	switch {
	case text:
		c = strings.Compare(a.Text(), b.Text())
	case lit != nil && a.K != types.JSON && b.K != types.JSON:
		c = types.Compare(a, lit.coerce(b, a))
	default:
		c = types.Compare(a, b)
	}
	return types.BoolValue(cmpOp(op, c))
}

// jsonScalars readies a comparison of a JSON scalar (JSON_EXTRACT's 5,
// true, "x") with another value as DuckDB's: beside a number or a
// boolean it is read as one (JSON_EXTRACT(j, '$.n') = 5), beside text
// both are compared as text, the JSON's as written ('"x"'). Objects and
// arrays are left as they are.
func jsonScalars(a, b types.Value) (types.Value, types.Value) {
	scalar := func(v types.Value) bool {
		return v.K == types.JSON && v.S != "" && v.S[0] != '{' && v.S[0] != '['
	}
	read := func(j, other types.Value) types.Value {
		switch other.K {
		case types.Int, types.Huge, types.Float, types.Bool:
			var scratch []byte
			if c := j.S[0]; c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' {
				return types.FromJSON([]byte(j.S), false, &scratch)
			}
			// A JSON string of a number, as DuckDB casts it ("5" = 5).
			if j.S[0] == '"' && other.K != types.Bool {
				if f, err := strconv.ParseFloat(strings.TrimSpace(types.FromJSON([]byte(j.S), false, &scratch).S), 64); err == nil {
					return types.FloatValue(f)
				}
			}
		case types.String:
			return types.StringValue(j.S)
		}
		return j
	}
	if scalar(a) && !scalar(b) {
		return read(a, b), b
	}
	if scalar(b) && !scalar(a) {
		return a, read(b, a)
	}
	return a, b
}

func cmpOp(op string, c int) bool {
	switch op {
	case "=", "<=>":
		return c == 0
	case "!=", "<>":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	panic("plan: unknown comparison " + op) // the binder builds only the ops above
}

func (c *Compare) String() string {
	return operand(c.L, ast.PrecCompare) + " " + c.Op + " " + operand(c.R, ast.PrecCompare+1)
}

// Flip returns the operator for swapped operands: a < b is b > a.
func Flip(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// IsNullExpr is X IS [NOT] NULL.
type IsNullExpr struct {
	X   Expr
	Not bool
}

func (e *IsNullExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	return types.BoolValue((v.K == types.Null) != e.Not), err
}

func (e *IsNullExpr) String() string {
	if e.Not {
		return operand(e.X, ast.PrecIs) + " IS NOT NULL"
	}
	return operand(e.X, ast.PrecIs) + " IS NULL"
}

// IsBoolExpr is X IS [NOT] TRUE|FALSE: never NULL.
type IsBoolExpr struct {
	X    Expr
	True bool
	Not  bool
}

func (e *IsBoolExpr) Eval(r Row) (types.Value, error) {
	t, err := EvalTruth(e.X, r)
	want := types.False
	if e.True {
		want = types.True
	}
	return types.BoolValue((t == want) != e.Not), err
}

func (e *IsBoolExpr) String() string {
	s := operand(e.X, ast.PrecIs) + " IS "
	if e.Not {
		s += "NOT "
	}
	if e.True {
		return s + "TRUE"
	}
	return s + "FALSE"
}

// InExpr is X [NOT] IN (List): true if X equals an item, else NULL if X or
// an item is NULL, else false.
type InExpr struct {
	X    Expr
	List []Expr
	Not  bool
	lits []*litForms
	// A long list of constants of one family (the answer of IN (SELECT
	// …)) is also a set of their keys: a value of that family is found
	// by its key (types.AppendKey: equal keys are equal values), not by
	// comparing it with each.
	set     map[string]struct{}
	setKind types.Kind // a kind of the family
	key     []byte
	// ints: a short list of integer constants (and NULLs; a long one is
	// a set), which an integer is compared with directly, not through
	// CompareValues for each (TPC-H Q16's p_size IN (49, 14, …),
	// ps_suppkey NOT IN (…)).
	ints    []int64
	allInts bool
	// strs: a short list of text constants (and NULLs), in which a text
	// is looked for directly (TPC-H Q22's substring(c_phone …) IN ('13',
	// '31', …)): a text equals another text constant by its bytes alone.
	strs    []string
	allStrs bool
	nulls   bool // a NULL constant is among the list's
}

// minInSet is the shortest list of constants IN looks up in a set.
const minInSet = 16

// NewIn binds X IN (list).
func NewIn(x Expr, list []Expr, not bool) *InExpr {
	short := len(list) > 0 && len(list) < minInSet
	e := &InExpr{X: x, List: list, Not: not, lits: make([]*litForms, len(list)), allInts: short, allStrs: short}
	for i, it := range list {
		k, ok := it.(*Const)
		if ok && k.V.K == types.String {
			e.lits[i] = newLitForms(k.V.S)
			e.strs = append(e.strs, k.V.S)
		} else if !ok || k.V.K != types.Null {
			e.allStrs = false
		}
		switch {
		case ok && k.V.K == types.Int:
			e.ints = append(e.ints, k.V.I)
		case ok && k.V.K == types.Null:
			e.nulls = true
		default:
			e.allInts = false
		}
	}
	if !e.allInts {
		e.ints = nil
	}
	if !e.allStrs {
		e.strs = nil
	}
	if len(list) >= minInSet {
		e.set = map[string]struct{}{}
		for _, it := range list {
			k, ok := it.(*Const)
			switch {
			case !ok || k.V.K != types.Null && len(e.set) > 0 && !types.Comparable(k.V.K, e.setKind):
				e.set = nil // not constants, or of several families
			case k.V.K == types.Null:
				continue
			default:
				e.setKind = k.V.K
				e.set[string(types.AppendKey(nil, k.V))] = struct{}{}
				continue
			}
			break
		}
	}
	return e
}

func (e *InExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	if err != nil || v.K == types.Null {
		return types.Value{}, err
	}
	if e.allInts && v.K == types.Int {
		return e.answer(slices.Contains(e.ints, v.I)), nil
	}
	if e.allStrs && v.K == types.String {
		return e.answer(slices.Contains(e.strs, v.S)), nil
	}
	if e.set != nil && types.Comparable(v.K, e.setKind) {
		e.key = types.AppendKey(e.key[:0], v)
		_, found := e.set[string(e.key)]
		return e.answer(found), nil
	}
	t := types.False
	for i, it := range e.List {
		w, err := it.Eval(r)
		if err != nil {
			return types.Value{}, err
		}
		x := v
		if e.lits[i] == nil {
			if x, w, err = temporalPair(x, w); err != nil {
				return types.Value{}, err
			}
		}
		switch c := CompareValues("=", x, w, e.lits[i], false); {
		case c.K == types.Null:
			t = types.Unknown
		case c.I != 0:
			t = types.True
		}
		if t == types.True {
			break
		}
	}
	if e.Not {
		t = t.Not()
	}
	return t.Value(), nil
}

// answer is IN's answer for a value found among the constants or not
// (unknown when not found and a NULL is among them).
func (e *InExpr) answer(found bool) types.Value {
	t := types.False
	if found {
		t = types.True
	} else if e.nulls {
		t = types.Unknown
	}
	if e.Not {
		t = t.Not()
	}
	return t.Value()
}

func (e *InExpr) String() string {
	parts := make([]string, len(e.List))
	for i, x := range e.List {
		parts[i] = x.String()
	}
	op := " IN ("
	if e.Not {
		op = " NOT IN ("
	}
	return operand(e.X, ast.PrecCompare+1) + op + strings.Join(parts, ", ") + ")"
}

// LikeExpr is X [NOT] LIKE pattern, or REGEXP; the matcher was built from
// a constant pattern when the binder had one.
type LikeExpr struct {
	X, Pattern Expr
	Not        bool
	Op         string // LIKE, REGEXP
	escape     bool   // an ESCAPE clause was given
	match      func(string) bool
	build      func(pattern string) (func(string) bool, error) // for a pattern that is not constant
}

func (e *LikeExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	if err != nil || v.K == types.Null {
		return types.Value{}, err
	}
	m := e.match
	if m == nil {
		p, err := e.Pattern.Eval(r)
		if err != nil || p.K == types.Null {
			return types.Value{}, err
		}
		if m, err = e.build(p.String()); err != nil {
			return types.Value{}, err
		}
	}
	s := v.S
	if v.K != types.String {
		s = v.String()
	}
	return types.BoolValue(m(s) != e.Not), nil
}

// RawMatch returns, for X [NOT] LIKE (or REGEXP) a constant pattern
// where X is a slot, the slot and the matcher of a text, and whether the
// operator is negated: the scan's raw filter runs it on a JSON string's
// bytes where those are its text (see exec's rawCmp).
func (e *LikeExpr) RawMatch() (slot int, match func(string) bool, not, ok bool) {
	sl, isSlot := e.X.(*Slot)
	if !isSlot || e.match == nil {
		return 0, nil, false, false
	}
	return sl.I, e.match, e.Not, true
}

// HasEscape reports whether the LIKE has an ESCAPE clause.
func (e *LikeExpr) HasEscape() bool { return e.escape }

func (e *LikeExpr) String() string {
	op := " " + e.Op + " "
	if e.Not {
		op = " NOT" + op
	}
	return operand(e.X, ast.PrecCompare+1) + op + operand(e.Pattern, ast.PrecCompare+1)
}

// ArithExpr is L op R.
type ArithExpr struct {
	Op   types.Op
	L, R Expr
}

func (e *ArithExpr) Eval(r Row) (types.Value, error) {
	// A slot or a constant is read here, not by a dynamic call: the call
	// and the copy of its result through memory cost more than the
	// arithmetic.
	var a, b types.Value
	var err error
	if x, ok := e.L.(*Slot); ok {
		a = r[x.I]
	} else if c, ok := e.L.(*Const); ok {
		a = c.V
	} else if a, err = e.L.Eval(r); err != nil {
		return types.Value{}, err
	}
	if x, ok := e.R.(*Slot); ok {
		b = r[x.I]
	} else if c, ok := e.R.(*Const); ok {
		b = c.V
	} else if b, err = e.R.Eval(r); err != nil {
		return types.Value{}, err
	}
	// DOUBLE arithmetic, the common case of money and ratios, without
	// the general call: what types.Arith does for these operands.
	if e.Op <= types.Div && (a.K == types.Float || b.K == types.Float) &&
		(a.K == types.Float || a.K == types.Int) && (b.K == types.Float || b.K == types.Int) {
		x, y := a.F(), b.F()
		if a.K == types.Int {
			x = float64(a.I)
		}
		if b.K == types.Int {
			y = float64(b.I)
		}
		switch e.Op {
		case types.Add:
			return types.FloatValue(x + y), nil
		case types.Sub:
			return types.FloatValue(x - y), nil
		case types.Mul:
			return types.FloatValue(x * y), nil
		}
		return types.FloatValue(x / y), nil
	}
	v, err := types.Arith(e.Op, a, b)
	if err != nil {
		return v, fmt.Errorf("%w: %w", ErrEval, err)
	}
	return v, nil
}

func (e *ArithExpr) String() string {
	p := prec(e)
	return operand(e.L, p) + " " + e.Op.String() + " " + operand(e.R, p+1)
}

// NegExpr is -X.
type NegExpr struct{ X Expr }

func (e *NegExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	if err != nil {
		return v, err
	}
	if v, err = types.Negate(v); err != nil {
		return v, fmt.Errorf("%w: %w", ErrEval, err)
	}
	return v, nil
}

func (e *NegExpr) String() string { return "-" + paren(e.X) }

// Call is a scalar function call.
type Call struct {
	Name     string
	Args     []Expr
	Volatile bool // a new value at each call (function.Scalar.Volatile)
	fn       function.Eval
	bind     func() (function.Eval, error) // binds the call again, for a clone
	buf      []types.Value
}

func (c *Call) Eval(r Row) (types.Value, error) {
	args := c.buf[:0]
	for _, a := range c.Args {
		v, err := a.Eval(r)
		if err != nil {
			return types.Value{}, err
		}
		args = append(args, v)
	}
	c.buf = args
	v, err := c.fn(args)
	if err != nil {
		return v, fmt.Errorf("%w: %w", ErrEval, err) // which begins with the function's name (function.Scalar.BindCall)
	}
	return v, nil
}

func (c *Call) String() string {
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		parts[i] = a.String()
	}
	return c.Name + "(" + strings.Join(parts, ", ") + ")"
}

// DoubleExpr gives X's integers as DOUBLEs: a CASE, COALESCE, IFNULL or
// IF with a DOUBLE constant among its results, whose type DuckDB makes
// DOUBLE (the common type of an integer and a DOUBLE), so that 5 % 0 is
// NaN there, not NULL, and 5 prints as 5.0. Other kinds pass unchanged.
type DoubleExpr struct{ X Expr }

func (e *DoubleExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	switch {
	case err != nil:
	case v.K == types.Int:
		v = types.FloatValue(float64(v.I))
	case v.K == types.Huge:
		f, _ := v.Float()
		v = types.FloatValue(f)
	}
	return v, err
}

func (e *DoubleExpr) String() string { return e.X.String() }

// CaseExpr is the searched CASE (the simple form is bound to it: CASE x
// WHEN v compares x = v).
type CaseExpr struct {
	Whens []WhenExpr
	Else  Expr // nil: NULL
}

// WhenExpr is one WHEN … THEN ….
type WhenExpr struct{ Cond, Then Expr }

func (e *CaseExpr) Eval(r Row) (types.Value, error) {
	for _, w := range e.Whens {
		t, err := EvalTruth(w.Cond, r)
		if err != nil {
			return types.Value{}, err
		}
		if t == types.True {
			return w.Then.Eval(r)
		}
	}
	if e.Else == nil {
		return types.Value{}, nil
	}
	return e.Else.Eval(r)
}

func (e *CaseExpr) String() string {
	var b strings.Builder
	b.WriteString("CASE")
	for _, w := range e.Whens {
		b.WriteString(" WHEN " + w.Cond.String() + " THEN " + w.Then.String())
	}
	if e.Else != nil {
		b.WriteString(" ELSE " + e.Else.String())
	}
	b.WriteString(" END")
	return b.String()
}

// CastExpr is CAST(X AS type).
type CastExpr struct {
	X    Expr
	To   types.Kind
	Type string
	Try  bool // TRY_CAST: a value that does not convert is NULL
	// Nested: X's arrays are lists (a lake's, a list function's), whose
	// text is DuckDB's ([1, 2], an object in one as a STRUCT {'k': v}),
	// not JSON's; false where X is JSON (JSON_EXTRACT, TO_JSON, CAST AS
	// JSON), whose text is its JSON. An object alone keeps its JSON text:
	// DuckDB's STRUCT of a lake's objects has every key that any row
	// has, which one row does not tell.
	Nested bool
	List   bool // a cast to a list of To: each element cast (TRY_CAST: NULL where it fails)
}

func (e *CastExpr) Eval(r Row) (types.Value, error) {
	v, err := e.X.Eval(r)
	if err != nil {
		return v, err
	}
	if e.List {
		return e.castList(v)
	}
	return e.cast(v)
}

// cast is CAST(v AS e's type), v X's value.
func (e *CastExpr) cast(v types.Value) (types.Value, error) {
	if e.Nested && e.To == types.String && function.IsList(v) {
		s, err := function.ListText(v.S)
		if err != nil {
			return types.Value{}, fmt.Errorf("%w: %w", ErrEval, err)
		}
		return types.StringValue(s), nil
	}
	in := v
	var err error
	if e.To == types.JSON && v.K == types.String {
		// DuckDB reads the text as JSON: an error if it is none, else
		// the JSON as yyjson writes it (' [1, 2] ' is [1,2]).
		v, err = function.ParseJSON(v.S)
	} else {
		v, err = types.Cast(v, e.To)
	}
	if err != nil {
		if e.Try {
			if e.To == types.Interval && errors.Is(err, types.ErrOverflow) {
				// DuckDB's TRY_CAST fails too ('-2147483648 days ago').
				return v, fmt.Errorf("%w: %w", ErrEval, err)
			}
			if !mayBeDate(in, e.To) {
				return types.Value{}, nil
			}
			return v, fmt.Errorf("%w: %w (DuckDB reads it as a day before the year 1, after the year 294000, or infinity, which lakesql does not hold)", ErrEval, err)
		}
		return v, fmt.Errorf("%w: %w", ErrEval, err)
	}
	if v.K == types.Int {
		if r, ok := intRanges[e.Type]; ok && (v.I < r[0] || v.I > r[1]) {
			if e.Try {
				return types.Value{}, nil
			}
			return types.Value{}, fmt.Errorf("%w: %w: %d is out of range for %s", ErrEval, types.ErrOverflow, v.I, e.Type)
		}
	}
	return v, nil
}

// castList casts each element of the list v (a JSON array) to e.To, as
// DuckDB's CAST(x AS INTEGER[]); NULL stays NULL, and text or another
// value is not a list (DuckDB reads '[1, 2]' as one; we do not).
func (e *CastExpr) castList(v types.Value) (types.Value, error) {
	if v.K == types.Null {
		return v, nil
	}
	if !function.IsList(v) {
		return types.Value{}, fmt.Errorf("%w: %w: CAST to %s takes a list, not %s", ErrEval, types.ErrConvert, e.Type, v.K)
	}
	els, _, err := function.ListArg("CAST", v)
	if err != nil {
		return types.Value{}, fmt.Errorf("%w: %w", ErrEval, err)
	}
	one := CastExpr{To: e.To, Type: strings.TrimSuffix(e.Type, "[]"), Try: e.Try, Nested: true}
	for i, el := range els {
		if els[i], err = one.cast(el); err != nil {
			return types.Value{}, err
		}
	}
	return types.ListValue(els), nil
}

// intRanges are the bounds of the integer types narrower than BIGINT, as
// DuckDB checks them (UNSIGNED is UBIGINT, as MySQL's).
var intRanges = map[string][2]int64{
	"TINYINT": {-1 << 7, 1<<7 - 1}, "SMALLINT": {-1 << 15, 1<<15 - 1}, "INTEGER": {-1 << 31, 1<<31 - 1},
	"INT": {-1 << 31, 1<<31 - 1}, "INT4": {-1 << 31, 1<<31 - 1}, "UNSIGNED": {0, 1<<63 - 1},
	"UNSIGNED INTEGER": {0, 1<<63 - 1}, "UBIGINT": {0, 1<<63 - 1}, "UINTEGER": {0, 1<<32 - 1},
}

func (e *CastExpr) String() string {
	name := "CAST("
	if e.Try {
		name = "TRY_CAST("
	}
	return name + e.X.String() + " AS " + e.Type + ")"
}

// CloneExpr returns a copy of e that can be evaluated by another
// goroutine: the nodes that keep scratch space are copied.
func CloneExpr(e Expr) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *Slot, *Const, *LambdaParam:
		return e
	case *LambdaCall:
		c := *e
		c.List, c.Body, c.Init = CloneExpr(e.List), CloneExpr(e.Body), CloneExpr(e.Init)
		return &c
	case *Member:
		return NewMember(CloneExpr(e.X), e.Name)
	case *DoubleExpr:
		return &DoubleExpr{CloneExpr(e.X)}
	case *AndExpr:
		return &AndExpr{CloneExpr(e.L), CloneExpr(e.R)}
	case *OrExpr:
		return &OrExpr{CloneExpr(e.L), CloneExpr(e.R)}
	case *NotExpr:
		return &NotExpr{CloneExpr(e.X)}
	case *Compare:
		c := *e
		c.L, c.R = CloneExpr(e.L), CloneExpr(e.R)
		return &c
	case *IsNullExpr:
		return &IsNullExpr{CloneExpr(e.X), e.Not}
	case *IsBoolExpr:
		return &IsBoolExpr{CloneExpr(e.X), e.True, e.Not}
	case *InExpr:
		// Field by field: e's scratch key may be written by the goroutine
		// that evaluates e while this one clones it; the set is shared,
		// read only.
		return &InExpr{X: CloneExpr(e.X), List: cloneAll(e.List), Not: e.Not, lits: e.lits,
			set: e.set, setKind: e.setKind, ints: e.ints, allInts: e.allInts, strs: e.strs, allStrs: e.allStrs, nulls: e.nulls}
	case *LikeExpr:
		c := *e
		c.X, c.Pattern = CloneExpr(e.X), CloneExpr(e.Pattern)
		return &c
	case *ArithExpr:
		return &ArithExpr{e.Op, CloneExpr(e.L), CloneExpr(e.R)}
	case *NegExpr:
		return &NegExpr{CloneExpr(e.X)}
	case *Call:
		fn, err := e.bind()
		if err != nil {
			panic("plan: a call that bound once fails to bind again: " + err.Error())
		}
		return &Call{Name: e.Name, Args: cloneAll(e.Args), fn: fn, bind: e.bind}
	case *named:
		return &named{CloneExpr(e.Call).(*Call), e.text}
	case *CaseExpr:
		c := &CaseExpr{Else: CloneExpr(e.Else)}
		for _, w := range e.Whens {
			c.Whens = append(c.Whens, WhenExpr{CloneExpr(w.Cond), CloneExpr(w.Then)})
		}
		return c
	case *CastExpr:
		return &CastExpr{CloneExpr(e.X), e.To, e.Type, e.Try, e.Nested, e.List}
	case *KeyIn:
		return &KeyIn{Args: cloneAll(e.Args), Has: e.Has, Text: e.Text}
	}
	panic(fmt.Sprintf("plan: CloneExpr of %T", e))
}

func cloneAll(es []Expr) []Expr {
	out := make([]Expr, len(es))
	for i, e := range es {
		out[i] = CloneExpr(e)
	}
	return out
}

// Children returns the direct subexpressions of e.
func Children(e Expr) []Expr {
	switch e := e.(type) {
	case *Member:
		return []Expr{e.X}
	case *DoubleExpr:
		return []Expr{e.X}
	case *AndExpr:
		return []Expr{e.L, e.R}
	case *OrExpr:
		return []Expr{e.L, e.R}
	case *NotExpr:
		return []Expr{e.X}
	case *Compare:
		return []Expr{e.L, e.R}
	case *IsNullExpr:
		return []Expr{e.X}
	case *IsBoolExpr:
		return []Expr{e.X}
	case *InExpr:
		return append([]Expr{e.X}, e.List...)
	case *LikeExpr:
		return []Expr{e.X, e.Pattern}
	case *ArithExpr:
		return []Expr{e.L, e.R}
	case *NegExpr:
		return []Expr{e.X}
	case *Call:
		return e.Args
	case *LambdaCall:
		if e.Init != nil {
			return []Expr{e.List, e.Body, e.Init}
		}
		return []Expr{e.List, e.Body}
	case *KeyIn:
		return e.Args
	case *named:
		return e.Args
	case *CaseExpr:
		var out []Expr
		for _, w := range e.Whens {
			out = append(out, w.Cond, w.Then)
		}
		if e.Else != nil {
			out = append(out, e.Else)
		}
		return out
	case *CastExpr:
		return []Expr{e.X}
	}
	return nil
}

// Slots returns the slots e reads.
func Slots(e Expr) []int {
	var out []int
	var walk func(Expr)
	walk = func(e Expr) {
		if s, ok := e.(*Slot); ok {
			if !slices.Contains(out, s.I) {
				out = append(out, s.I)
			}
			return
		}
		for _, c := range Children(e) {
			walk(c)
		}
	}
	walk(e)
	return out
}

// KeyIn is TRUE when the key of its arguments' values (types.AppendJoinKey of
// each, in order) may be in a set, Has, and FALSE when it is not or a
// value is NULL: a join's filter of the rows that probe its table, which
// the engine makes (no statement spells it), so that a scan decodes the
// rest of a row only when its key may match (Has may say yes for a key
// that is not there, never no for one that is). Has must be safe for
// concurrent calls; a KeyIn keeps a scratch key, and so is evaluated by
// one goroutine (see CloneExpr).
type KeyIn struct {
	Args []Expr
	Has  func(key []byte) bool
	Text string // how it prints
	key  []byte
	// A filter that keeps nearly every row costs a lookup a row for
	// nothing: after keyInSample rows, one that kept more than 9 in 10
	// keeps every row (TRUE is always a right answer of a filter that may
	// say yes for a key that is not there).
	tried, kept int
	off         bool
}

// keyInSample is the rows a KeyIn judges its worth by.
const keyInSample = 4096

func (k *KeyIn) Eval(r Row) (types.Value, error) {
	if k.off {
		return types.BoolValue(true), nil
	}
	if k.tried++; k.tried == keyInSample && k.kept*10 > k.tried*9 {
		k.off = true
	}
	b := k.key[:0]
	for _, a := range k.Args {
		v, err := a.Eval(r)
		if err != nil {
			return types.Value{}, err
		}
		if v.K == types.Null {
			return types.BoolValue(false), nil
		}
		b = types.AppendJoinKey(b, v)
	}
	k.key = b
	has := k.Has(b)
	if has {
		k.kept++
	}
	return types.BoolValue(has), nil
}

func (k *KeyIn) String() string { return k.Text }

// Off reports a KeyIn that judged itself worthless on its first rows and
// keeps every row since: a scan may drop it.
func (k *KeyIn) Off() bool { return k.off }

// Volatile reports an expression that calls a volatile function (RANDOM,
// UUID): its value is new at each evaluation, so it is never decided
// once for many rows (a file's partition, a constant).
func Volatile(e Expr) bool {
	switch c := e.(type) {
	case *Call:
		if c.Volatile {
			return true
		}
	case *named:
		if c.Volatile {
			return true
		}
	}
	for _, x := range Children(e) {
		if Volatile(x) {
			return true
		}
	}
	return false
}

// mayBeDate reports a text that TRY_CAST to a DATE or TIMESTAMP cannot
// call no date, though lakesql cannot read it (types.DuckDBOnlyTime): an
// error, not NULL, lest the NULL be a wrong answer.
func mayBeDate(v types.Value, to types.Kind) bool {
	return v.K == types.String && (to == types.Date || to == types.Timestamp) && types.DuckDBOnlyTime(v.S, to)
}

// LambdaCall is LIST_TRANSFORM(List, x -> Body), the list of Body's
// values for each element of List; LIST_FILTER (lambdaFilter), the
// elements for which Body is true; LIST_REDUCE (lambdaReduce), Body of
// the value so far and each element, from Init (or from the first
// element). Body reads its parameters as LambdaParams: the row it is
// given is the row with the parameters' values after its last slot (and
// a lambda's within, after those): x, or x and its place (from 1); acc,
// x, or acc, x and x's place.
type LambdaCall struct {
	Name   string
	List   Expr
	Params []string
	Body   Expr
	Kind   lambdaKind
	Init   Expr   // LIST_REDUCE's initial value; nil: the first element
	Shown  string // the lambda as written, for String
}

// lambdaKind is what a LambdaCall makes of its body's values.
type lambdaKind int

const (
	lambdaTransform lambdaKind = iota
	lambdaFilter
	lambdaReduce
)

func (e *LambdaCall) Eval(r Row) (types.Value, error) {
	v, err := e.List.Eval(r)
	if err != nil || v.K == types.Null {
		return types.Value{}, err
	}
	if !function.IsList(v) {
		return types.Value{}, fmt.Errorf("%w: %s takes a list, not %s", ErrEval, e.Name, v.K)
	}
	els, _, err := function.ListArg(e.Name, v)
	if err != nil {
		return types.Value{}, fmt.Errorf("%w: %w", ErrEval, err)
	}
	row := make(Row, len(r)+len(e.Params))
	copy(row, r)
	if e.Kind == lambdaReduce {
		return e.reduce(r, row, els)
	}
	params := row[len(r):]
	out := make([]types.Value, 0, len(els))
	for k, el := range els {
		params[0] = el
		if len(params) == 2 {
			params[1] = types.IntValue(int64(k + 1))
		}
		x, err := e.Body.Eval(row)
		if err != nil {
			return types.Value{}, err
		}
		if e.Kind == lambdaTransform {
			out = append(out, x)
			continue
		}
		t, err := Truthy(x)
		if err != nil {
			return types.Value{}, fmt.Errorf("%w: %s: %w", ErrEval, e.Name, err)
		}
		if t == types.True {
			out = append(out, el)
		}
	}
	return types.ListValue(out), nil
}

// reduce is LIST_REDUCE of the elements els, row the row r with room
// for the parameters.
func (e *LambdaCall) reduce(r, row Row, els []types.Value) (types.Value, error) {
	params := row[len(r):]
	start := 0
	var acc types.Value
	if e.Init != nil {
		var err error
		if acc, err = e.Init.Eval(r); err != nil {
			return types.Value{}, err
		}
	} else {
		if len(els) == 0 {
			return types.Value{}, fmt.Errorf("%w: %s of an empty list, without an initial value", ErrEval, e.Name)
		}
		acc, start = els[0], 1
	}
	for k := start; k < len(els); k++ {
		params[0], params[1] = acc, els[k]
		if len(params) == 3 {
			params[2] = types.IntValue(int64(k + 1))
		}
		var err error
		if acc, err = e.Body.Eval(row); err != nil {
			return types.Value{}, err
		}
	}
	return acc, nil
}

func (e *LambdaCall) String() string {
	s := strings.ToLower(e.Name) + "(" + e.List.String() + ", " + e.Shown
	if e.Init != nil {
		s += ", " + e.Init.String()
	}
	return s + ")"
}

// LambdaParam is a lambda's parameter in its body: the element after the
// row's last slot, Depth lambdas out (0: the innermost).
type LambdaParam struct {
	Name  string
	Depth int
}

func (p *LambdaParam) Eval(r Row) (types.Value, error) {
	if k := len(r) - 1 - p.Depth; k >= 0 {
		return r[k], nil
	}
	return types.Value{}, fmt.Errorf("%w: the lambda parameter %s outside its lambda", ErrEval, p.Name)
}

func (p *LambdaParam) String() string { return p.Name }
