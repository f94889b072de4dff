package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The random query generator: typed expressions over the lake of
// sgSchema, rendered twice, once in our spelling and once in DuckDB's.
//
// The text must read the same in DuckDB and in our MySQL-flavoured parser
// (github.com/xwb1989/sqlparser): every operation is parenthesised (the two
// grammars' precedences differ), unary minus is -(x) (so that - -1 never
// becomes the comment --1), no ||, ::, // or backslash. Where one spelling
// cannot serve both, sgDuckSpelling lists what the DuckDB text says instead.

// sgDuckSpelling is every difference between our text and DuckDB's, each
// with its reason. Only the DuckDB side is rewritten.
var sgDuckSpelling = [][3]string{
	{"1.5 (a decimal literal)", "CAST(1.5 AS DOUBLE)",
		"DuckDB types a decimal literal DECIMAL (exact arithmetic: 0.1 + 0.2 = 0.3; CAST AS VARCHAR keeps its scale), our engine a DOUBLE (sql/types has no decimal kind)"},
	{"CAST(x AS SIGNED)", "CAST(x AS BIGINT)",
		"MySQL's name (sqlparser's convert_type: BINARY, CHAR, DATE, DATETIME, DECIMAL, JSON, NCHAR, SIGNED, TIME, UNSIGNED), which DuckDB does not know; our engine reads it as BIGINT"},
	{"CAST(x AS CHAR)", "CAST(x AS VARCHAR)", "the same: MySQL's CHAR is our VARCHAR; DuckDB's CHAR is VARCHAR too, but kept apart to be sure"},
}

// CAST(x AS DOUBLE) is the same on both sides: sql/parser's pre-parse
// reads DuckDB's type names (sqlparser alone has no DOUBLE; the engine
// refuses CAST AS DECIMAL, DuckDB's exact type it does not have).

// sgType is an expression's static type.
type sgType uint8

const (
	sgInt sgType = iota
	sgFloat
	sgStr
	sgBool
	sgMixed // mx: any JSON type (TLP only)
)

func (t sgType) String() string {
	return [...]string{"int", "float", "str", "bool", "mixed"}[t]
}

type sgKind uint8

const (
	sgkCol sgKind = iota
	sgkLit
	sgkNull
	sgkBin     // text is the operator: arithmetic, comparison, AND, OR
	sgkNeg     // -(x)
	sgkNot     // (NOT x)
	sgkIsNull  // text "IS NULL" or "IS NOT NULL"
	sgkIn      // text "IN" or "NOT IN"; args[0] IN (args[1:])
	sgkBetween // text "BETWEEN" or "NOT BETWEEN"
	sgkLike    // text "LIKE" or "NOT LIKE"
	sgkCase    // searched: WHEN args[2i] THEN args[2i+1] …, ELSE last if odd
	sgkCaseOf  // simple: CASE args[0] WHEN args[1] THEN args[2] … [ELSE last]
	sgkFunc    // text is the name
	sgkCast    // text is our type name
	sgkAgg     // text is the aggregate; distinct; no args for COUNT(*)
	sgkRaw     // text as it is, the same in both dialects
	sgkWindow  // win: a window function's call
)

// sgExpr is one typed expression.
type sgExpr struct {
	kind     sgKind
	t        sgType
	text     string
	duckText string // a literal's DuckDB text when it differs
	args     []*sgExpr
	distinct bool // COUNT(DISTINCT x)
	// huge: an integer beyond 2^53 may occur; it must not meet a DOUBLE
	// (DuckDB compares a BIGINT with a DOUBLE as doubles, our engine
	// exactly: 2^53+1 = CAST(2^53+1 AS DOUBLE) is true only in DuckDB).
	huge bool
	// dyn: a DOUBLE in DuckDB whose rows our dynamically typed engine may
	// hold as integers (CASE of an int and a float, FLOOR of an int): equal
	// as numbers, but CAST AS CHAR would spell 3 and 3.0.
	dyn   bool
	agg   bool // holds an aggregate
	cols  bool // refers to a column
	mixed bool // refers to mx
	win   *sgWin
}

var sgDuckCast = map[string]string{"SIGNED": "BIGINT", "CHAR": "VARCHAR", "DOUBLE": "DOUBLE"}

// sql renders e in our spelling (duck false) or DuckDB's.
func (e *sgExpr) sql(duck bool) string {
	var b strings.Builder
	e.write(&b, duck)
	return b.String()
}

func (e *sgExpr) write(b *strings.Builder, duck bool) {
	arg := func(i int) { e.args[i].write(b, duck) }
	switch e.kind {
	case sgkCol:
		b.WriteString(e.text)
	case sgkRaw:
		if duck && e.duckText != "" {
			b.WriteString("(" + e.duckText + ")")
		} else {
			b.WriteString("(" + e.text + ")")
		}
	case sgkLit:
		if duck && e.duckText != "" {
			b.WriteString(e.duckText)
		} else {
			b.WriteString(e.text)
		}
	case sgkNull:
		b.WriteString("NULL")
	case sgkBin:
		b.WriteByte('(')
		arg(0)
		b.WriteString(" " + e.text + " ")
		arg(1)
		b.WriteByte(')')
	case sgkNeg:
		b.WriteString("-(")
		arg(0)
		b.WriteByte(')')
	case sgkNot:
		b.WriteString("(NOT ")
		arg(0)
		b.WriteByte(')')
	case sgkIsNull:
		b.WriteByte('(')
		arg(0)
		b.WriteString(" " + e.text + ")")
	case sgkIn:
		b.WriteByte('(')
		arg(0)
		b.WriteString(" " + e.text + " (")
		for i := 1; i < len(e.args); i++ {
			if i > 1 {
				b.WriteString(", ")
			}
			arg(i)
		}
		b.WriteString("))")
	case sgkBetween:
		b.WriteByte('(')
		arg(0)
		b.WriteString(" " + e.text + " ")
		arg(1)
		b.WriteString(" AND ")
		arg(2)
		b.WriteByte(')')
	case sgkLike:
		b.WriteByte('(')
		arg(0)
		b.WriteString(" " + e.text + " ")
		arg(1)
		b.WriteByte(')')
	case sgkCase, sgkCaseOf:
		b.WriteString("CASE")
		i := 0
		if e.kind == sgkCaseOf {
			b.WriteByte(' ')
			arg(0)
			i = 1
		}
		for ; i+1 < len(e.args); i += 2 {
			b.WriteString(" WHEN ")
			arg(i)
			b.WriteString(" THEN ")
			arg(i + 1)
		}
		if i < len(e.args) {
			b.WriteString(" ELSE ")
			arg(i)
		}
		b.WriteString(" END")
	case sgkFunc:
		b.WriteString(e.text + "(")
		for i := range e.args {
			if i > 0 {
				b.WriteString(", ")
			}
			arg(i)
		}
		b.WriteByte(')')
	case sgkCast:
		b.WriteString("CAST(")
		if a := e.args[0]; duck && a.kind == sgkLit && a.t == sgFloat && (e.text == "SIGNED" || e.text == "CHAR") &&
			!strings.ContainsAny(a.text, "eE") {
			// Directly under a CAST to BIGINT or VARCHAR, our engine reads a
			// decimal literal as DuckDB does, a DECIMAL (2.5 → 3, not 2).
			b.WriteString(a.text)
		} else {
			arg(0)
		}
		t := e.text
		if duck {
			t = sgDuckCast[t]
		}
		b.WriteString(" AS " + t + ")")
	case sgkWindow:
		e.win.write(b, duck)
	case sgkAgg:
		b.WriteString(e.text + "(")
		switch {
		case len(e.args) == 0:
			b.WriteByte('*')
		default:
			if e.distinct {
				b.WriteString("DISTINCT ")
			}
			arg(0)
		}
		b.WriteByte(')')
	}
}

// sgMark sets the derived flags of e from its arguments.
func sgMark(e *sgExpr) *sgExpr {
	for _, a := range e.args {
		e.agg = e.agg || a.agg
		e.cols = e.cols || a.cols
		e.mixed = e.mixed || a.mixed
	}
	return e
}

// sgGen generates expressions and queries.
type sgGen struct {
	r     *rand.Rand
	cols  []sgColumn
	qual  string   // the table's name or alias for qualified names
	quals []string // a join's tables: every name qualified by one of them
	tlp   bool     // mx may be used
	// simple: columns and literals only, a comparison's right side a
	// literal (what today's engine reads; the rest of the grammar still
	// comes in the other queries)
	simple bool
	// In an aggregate context (select list, HAVING and ORDER BY of a
	// grouped query) the leaves are the group keys, aggregates and literals.
	aggCtx bool
	keys   []*sgExpr
}

func (g *sgGen) pct(p int) bool { return g.r.IntN(100) < p }
func (g *sgGen) pick(n int) int { return g.r.IntN(n) }

// column returns a reference to a column of type t, or nil.
func (g *sgGen) column(t sgType, noHuge bool) *sgExpr {
	var c []sgColumn
	for _, col := range g.cols {
		if col.t == t && !(noHuge && col.huge) && (col.t != sgMixed || g.tlp) {
			c = append(c, col)
		}
	}
	if len(c) == 0 {
		return nil
	}
	col := c[g.pick(len(c))]
	name := col.name
	if len(g.quals) > 0 {
		name = g.quals[g.pick(len(g.quals))] + "." + name
	} else if g.qual != "" && g.pct(25) {
		name = g.qual + "." + name
	}
	return &sgExpr{kind: sgkCol, t: t, text: name, huge: col.huge, cols: true, mixed: t == sgMixed}
}

// columnPool returns the literal pool of a random column of type t.
func (g *sgGen) columnPool(t sgType) []string {
	var pools [][]string
	for _, col := range g.cols {
		if col.t == t && len(col.pool) > 0 {
			pools = append(pools, col.pool)
		}
	}
	if len(pools) == 0 {
		return nil
	}
	return pools[g.pick(len(pools))]
}

// literal returns a literal of type t.
func (g *sgGen) literal(t sgType, noHuge bool) *sgExpr {
	switch t {
	case sgInt:
		if pool := g.columnPool(sgInt); pool != nil && g.pct(50) {
			s := pool[g.pick(len(pool))]
			v, _ := strconv.ParseInt(s, 10, 64)
			if !noHuge || v > -sgPow53 && v < sgPow53 {
				return &sgExpr{kind: sgkLit, t: sgInt, text: s, huge: v <= -sgPow53 || v >= sgPow53}
			}
		}
		return &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(g.pick(21) - 5)}
	case sgFloat:
		var s string
		if pool := g.columnPool(sgFloat); pool != nil && g.pct(50) {
			s = pool[g.pick(len(pool))]
		} else {
			s = sgJSONFloat(float64(g.pick(41)-20) / 4)
		}
		return &sgExpr{kind: sgkLit, t: sgFloat, text: s, duckText: "CAST(" + s + " AS DOUBLE)"}
	case sgStr:
		var s string
		if pool := g.columnPool(sgStr); pool != nil && g.pct(70) {
			s = pool[g.pick(len(pool))]
		} else {
			s = sqlString(sgStrings[g.pick(len(sgStrings))])
		}
		return &sgExpr{kind: sgkLit, t: sgStr, text: s}
	case sgBool:
		return &sgExpr{kind: sgkLit, t: sgBool, text: []string{"TRUE", "FALSE"}[g.pick(2)]}
	}
	// sgMixed: any literal
	return g.literal([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], noHuge)
}

// litOrNull is a literal, or now and then NULL.
func (g *sgGen) litOrNull(t sgType, noHuge bool) *sgExpr {
	if g.pct(10) {
		return &sgExpr{kind: sgkNull, t: t}
	}
	return g.literal(t, noHuge)
}

// leaf is a column, a literal or, in an aggregate context, a group key or
// an aggregate.
func (g *sgGen) leaf(t sgType, noHuge bool) *sgExpr {
	if g.aggCtx {
		var keys []*sgExpr
		for _, k := range g.keys {
			if k.t == t && !(noHuge && k.huge) {
				keys = append(keys, k)
			}
		}
		switch x := g.pick(100); {
		case x < 35 && len(keys) > 0:
			return keys[g.pick(len(keys))]
		case x < 85:
			if a := g.aggregate(t, noHuge); a != nil {
				return a
			}
		}
		return g.literal(t, noHuge)
	}
	if g.pct(75) || g.simple && g.pct(90) {
		if c := g.column(t, noHuge); c != nil {
			return c
		}
	}
	return g.literal(t, noHuge)
}

// aggregate returns an aggregate of type t over row expressions, or nil.
func (g *sgGen) aggregate(t sgType, noHuge bool) *sgExpr {
	row := *g
	row.aggCtx, row.keys = false, nil
	arg := func(t sgType, noHuge bool) *sgExpr {
		for range 10 {
			if e := row.expr(t, g.pick(3), noHuge); e.cols {
				return e
			}
		}
		return row.column(t, noHuge)
	}
	mk := func(name string, t sgType, a *sgExpr) *sgExpr {
		e := &sgExpr{kind: sgkAgg, t: t, text: name, agg: true, cols: true}
		if a != nil {
			e.args = []*sgExpr{a}
			e.mixed = a.mixed
		}
		return e
	}
	switch t {
	case sgInt:
		switch x := g.pick(100); {
		case x < 20:
			return mk("COUNT", sgInt, nil)
		case x < 35:
			return mk("COUNT", sgInt, arg([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], false))
		case x < 50:
			e := mk("COUNT", sgInt, arg([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], false))
			e.distinct = true
			return e
		case x < 75:
			a := arg(sgInt, noHuge)
			e := mk("SUM", sgInt, a)
			e.huge = a.huge
			return e
		default:
			a := arg(sgInt, noHuge)
			e := mk([]string{"MIN", "MAX"}[g.pick(2)], sgInt, a)
			e.huge = a.huge
			return e
		}
	case sgFloat:
		switch x := g.pick(100); {
		case x < 35:
			// No huge ints: DuckDB divides their exact sum once, we may
			// round twice, and CAST(AVG(…) AS BIGINT) shows the last bit.
			a := arg([]sgType{sgInt, sgFloat}[g.pick(2)], true)
			return mk("AVG", sgFloat, a)
		case x < 65:
			a := arg(sgFloat, true) // see floatExpr
			e := mk("SUM", sgFloat, a)
			e.dyn = a.dyn
			return e
		default:
			a := arg(sgFloat, false)
			e := mk([]string{"MIN", "MAX"}[g.pick(2)], sgFloat, a)
			e.dyn = a.dyn
			return e
		}
	case sgStr:
		return mk([]string{"MIN", "MAX"}[g.pick(2)], sgStr, arg(sgStr, false))
	case sgBool:
		return nil // booleans come from comparisons of aggregates
	}
	return nil
}

// sharedTotal is a HAVING that compares a group's aggregate with the
// same over all the query's rows, a subquery of its FROM and WHERE (TPC-H
// Q11's, which our engine answers from the groups' own); nil when the
// WHERE holds a subquery.
func (g *sgGen) sharedTotal(q *sgQuery) *sgExpr {
	if q.where != nil && strings.Contains(q.where.sql(false), "SELECT") {
		return nil
	}
	a := g.aggregate(sgInt, true)
	text := func(duck bool) string {
		s := a.sql(duck) + " * 20 >= (SELECT " + a.sql(duck) + " FROM " + q.from
		if q.where != nil {
			s += " WHERE " + q.where.sql(duck)
		}
		return s + ")"
	}
	return &sgExpr{kind: sgkRaw, t: sgBool, text: text(false), duckText: text(true), agg: true, cols: true, mixed: a.mixed}
}

// numType picks int or float.
func (g *sgGen) numType() sgType { return []sgType{sgInt, sgFloat}[g.pick(2)] }

// expr returns an expression of type t, at most depth levels deep.
// noHuge keeps integers beyond 2^53 out (for an int that meets a float).
func (g *sgGen) expr(t sgType, depth int, noHuge bool) *sgExpr {
	if t == sgMixed {
		return g.column(sgMixed, false)
	}
	if depth <= 0 || g.pct(30) || g.simple {
		return g.leaf(t, noHuge)
	}
	d := depth - 1
	switch t {
	case sgInt:
		return g.intExpr(d, noHuge)
	case sgFloat:
		return g.floatExpr(d, noHuge)
	case sgStr:
		return g.strExpr(d)
	}
	return g.pred(d)
}

func (g *sgGen) intExpr(d int, noHuge bool) *sgExpr {
	switch x := g.pick(100); {
	case x < 30:
		a, b := g.expr(sgInt, d, noHuge), g.expr(sgInt, d, noHuge)
		if g.pct(10) {
			b = g.litOrNull(sgInt, noHuge)
		}
		op := []string{"+", "-", "*", "%", "+", "-"}[g.pick(6)]
		if op == "*" && (a.huge || b.huge) {
			op = "-"
		}
		return sgMark(&sgExpr{kind: sgkBin, t: sgInt, text: op, args: []*sgExpr{a, b}, huge: a.huge || b.huge})
	case x < 37:
		a := g.expr(sgInt, d, noHuge)
		return sgMark(&sgExpr{kind: sgkNeg, t: sgInt, args: []*sgExpr{a}, huge: a.huge})
	case x < 44:
		a := g.expr(sgInt, d, noHuge)
		return sgMark(&sgExpr{kind: sgkFunc, t: sgInt, text: "ABS", args: []*sgExpr{a}, huge: a.huge})
	case x < 54:
		return sgMark(&sgExpr{kind: sgkFunc, t: sgInt, text: "LENGTH", args: []*sgExpr{g.expr(sgStr, d, false)}})
	case x < 60:
		a := g.expr(sgInt, d, noHuge)
		n := &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(g.pick(4) - 2)}
		return sgMark(&sgExpr{kind: sgkFunc, t: sgInt, text: "ROUND", args: []*sgExpr{a, n}, huge: a.huge})
	case x < 68:
		src := []sgType{sgFloat, sgBool, sgInt}[g.pick(3)]
		a := g.expr(src, d, noHuge)
		return sgMark(&sgExpr{kind: sgkCast, t: sgInt, text: "SIGNED", args: []*sgExpr{a}, huge: a.huge})
	}
	return g.union(sgInt, d, noHuge)
}

// floatExpr returns a DOUBLE expression. With noHuge, no integer beyond
// 2^53 goes into it: a sum of such DOUBLEs cancels near 2^53 (2^53 / 100.25
// and its negative), and the order of its additions, which neither engine
// fixes, decides far more than the last bits of what is left.
func (g *sgGen) floatExpr(d int, noHuge bool) *sgExpr {
	switch x := g.pick(100); {
	case x < 30:
		// arithmetic with at least one float operand, or / of any numbers
		op := []string{"+", "-", "*", "/", "/", "%"}[g.pick(6)]
		ta, tb := sgFloat, g.numType()
		if op == "/" {
			ta = g.numType()
		}
		if g.pct(50) {
			ta, tb = tb, ta
		}
		a, b := g.expr(ta, d, noHuge), g.expr(tb, d, noHuge)
		if g.pct(10) {
			b = g.litOrNull(tb, noHuge)
		}
		if op == "*" && (a.huge || b.huge) {
			op = "+"
		}
		return sgMark(&sgExpr{kind: sgkBin, t: sgFloat, text: op, args: []*sgExpr{a, b}, dyn: op != "/" && (a.dyn || b.dyn)})
	case x < 36:
		a := g.expr(sgFloat, d, noHuge)
		return sgMark(&sgExpr{kind: sgkNeg, t: sgFloat, args: []*sgExpr{a}, dyn: a.dyn})
	case x < 42:
		a := g.expr(sgFloat, d, noHuge)
		return sgMark(&sgExpr{kind: sgkFunc, t: sgFloat, text: "ABS", args: []*sgExpr{a}, dyn: a.dyn})
	case x < 52:
		a := g.expr(sgFloat, d, noHuge)
		args := []*sgExpr{a}
		if g.pct(70) {
			args = append(args, &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(g.pick(5) - 1)})
		}
		return sgMark(&sgExpr{kind: sgkFunc, t: sgFloat, text: "ROUND", args: args, dyn: a.dyn})
	case x < 60:
		// FLOOR and CEIL of an int are DOUBLEs in DuckDB (and lose the
		// digits past 2^53): no huge ints.
		ta := g.numType()
		a := g.expr(ta, d, true)
		name := []string{"FLOOR", "CEIL", "CEILING"}[g.pick(3)]
		return sgMark(&sgExpr{kind: sgkFunc, t: sgFloat, text: name, args: []*sgExpr{a}, dyn: ta == sgInt || a.dyn})
	case x < 68:
		a := g.expr([]sgType{sgInt, sgFloat, sgBool}[g.pick(3)], d, noHuge)
		return sgMark(&sgExpr{kind: sgkCast, t: sgFloat, text: "DOUBLE", args: []*sgExpr{a}})
	}
	return g.union(sgFloat, d, noHuge)
}

func (g *sgGen) strExpr(d int) *sgExpr {
	fn := func(name string, args ...*sgExpr) *sgExpr {
		return sgMark(&sgExpr{kind: sgkFunc, t: sgStr, text: name, args: args})
	}
	small := func(lo, hi int) *sgExpr {
		return &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(lo + g.pick(hi-lo+1))}
	}
	switch x := g.pick(100); {
	case x < 15:
		return fn([]string{"LOWER", "UPPER", "TRIM"}[g.pick(3)], g.expr(sgStr, d, false))
	case x < 30 && g.strColumn() != nil:
		start := small(1, 5)
		if g.pct(15) {
			start = small(-3, 0)
		}
		// sqlparser reads SUBSTR(column_name, …) only
		args := []*sgExpr{g.strColumn(), start}
		if g.pct(70) {
			args = append(args, small(0, 5))
		}
		return fn([]string{"SUBSTR", "SUBSTRING"}[g.pick(2)], args...)
	case x < 45:
		n := 2 + g.pick(2)
		var args []*sgExpr
		for range n {
			args = append(args, g.expr(sgStr, d, false))
		}
		return fn("CONCAT", args...)
	case x < 55:
		from := g.literal(sgStr, false)
		if from.text == "''" {
			from = &sgExpr{kind: sgkLit, t: sgStr, text: "'a'"}
		}
		return fn("REPLACE", g.expr(sgStr, d, false), from, g.literal(sgStr, false))
	case x < 70:
		src := []sgType{sgInt, sgFloat, sgBool, sgStr}[g.pick(4)]
		a := g.expr(src, d, false)
		for range 5 {
			if !a.dyn {
				break
			}
			a = g.expr(src, d, false)
		}
		if a.dyn {
			a = g.leaf(src, false)
		}
		return sgMark(&sgExpr{kind: sgkCast, t: sgStr, text: "CHAR", args: []*sgExpr{a}})
	}
	return g.union(sgStr, d, false)
}

// strColumn is a string column for SUBSTR (sqlparser reads only a column
// there); in an aggregate context a group key that is one; or nil.
func (g *sgGen) strColumn() *sgExpr {
	if !g.aggCtx {
		return g.column(sgStr, false)
	}
	var keys []*sgExpr
	for _, k := range g.keys {
		if k.kind == sgkCol && k.t == sgStr {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return keys[g.pick(len(keys))]
}

// union is a CASE, COALESCE, IFNULL, NULLIF, GREATEST or LEAST of values of
// type t (for a float, some of them may be ints: not huge ones).
func (g *sgGen) union(t sgType, d int, noHuge bool) *sgExpr {
	dyn := false
	val := func() *sgExpr {
		vt := t
		if t == sgFloat && g.pct(30) {
			vt = sgInt
		}
		e := g.expr(vt, d, noHuge || t == sgFloat)
		if vt != t || e.dyn {
			dyn = true
		}
		return e
	}
	valOrNull := func() *sgExpr {
		if g.pct(15) {
			return &sgExpr{kind: sgkNull, t: t}
		}
		return val()
	}
	var e *sgExpr
	switch x := g.pick(100); {
	case x < 30:
		e = &sgExpr{kind: sgkCase, t: t}
		for range 1 + g.pick(3) {
			e.args = append(e.args, g.pred(d), valOrNull())
		}
		if g.pct(70) {
			e.args = append(e.args, valOrNull())
		}
	case x < 45:
		e = &sgExpr{kind: sgkCaseOf, t: t}
		st := []sgType{sgInt, sgStr, sgFloat, sgBool}[g.pick(4)]
		subj := g.expr(st, d, true)
		e.args = append(e.args, subj)
		for range 1 + g.pick(3) {
			e.args = append(e.args, g.litOrNull(st, true), valOrNull())
		}
		if g.pct(70) {
			e.args = append(e.args, valOrNull())
		}
	case x < 60:
		e = &sgExpr{kind: sgkFunc, t: t, text: "COALESCE"}
		for range 2 + g.pick(2) {
			e.args = append(e.args, valOrNull())
		}
		if e.args[len(e.args)-1].kind == sgkNull {
			e.args[len(e.args)-1] = g.literal(t, true)
		}
	case x < 70:
		e = &sgExpr{kind: sgkFunc, t: t, text: "IFNULL", args: []*sgExpr{val(), g.literal(t, true)}}
	case x < 80:
		e = &sgExpr{kind: sgkFunc, t: t, text: "NULLIF", args: []*sgExpr{val(), val()}}
	default:
		if t == sgBool {
			return g.pred(d)
		}
		e = &sgExpr{kind: sgkFunc, t: t, text: []string{"GREATEST", "LEAST"}[g.pick(2)]}
		for range 2 + g.pick(2) {
			e.args = append(e.args, val())
		}
	}
	sgMark(e)
	for _, a := range e.args {
		if a.t == sgInt && t == sgInt && a.huge {
			e.huge = true
		}
	}
	e.dyn = dyn && t == sgFloat
	return e
}

// pred returns a boolean expression.
func (g *sgGen) pred(d int) *sgExpr {
	if d <= 0 || g.pct(20) {
		return g.simplePred(0)
	}
	if g.simple && g.pct(40) {
		return g.simplePred(0)
	}
	switch x := g.pick(100); {
	case x < 30:
		return sgMark(&sgExpr{kind: sgkBin, t: sgBool, text: []string{"AND", "OR"}[g.pick(2)], args: []*sgExpr{g.pred(d - 1), g.pred(d - 1)}})
	case x < 40:
		return sgMark(&sgExpr{kind: sgkNot, t: sgBool, args: []*sgExpr{g.pred(d - 1)}})
	case x < 45:
		return g.union(sgBool, d-1, false)
	}
	return g.simplePred(d)
}

// pair returns two operands of one family for a comparison.
func (g *sgGen) pair(d int) (*sgExpr, *sgExpr) {
	switch x := g.pick(100); {
	case x < 50:
		ta, tb := g.numType(), g.numType()
		mix := ta != tb
		a := g.expr(ta, d, mix)
		var b *sgExpr
		if g.pct(50) || g.simple {
			b = g.litOrNull(tb, mix)
		} else {
			b = g.expr(tb, d, mix)
		}
		return a, b
	case x < 85:
		a := g.expr(sgStr, d, false)
		if g.pct(50) || g.simple {
			return a, g.litOrNull(sgStr, false)
		}
		return a, g.expr(sgStr, d, false)
	}
	return g.expr(sgBool, d, false), g.expr(sgBool, d, false)
}

// simplePred is a comparison, IS NULL, IN, BETWEEN, LIKE or a bool leaf.
func (g *sgGen) simplePred(d int) *sgExpr {
	if g.tlp && g.pct(25) {
		return g.mixedPred()
	}
	if g.aggCtx {
		d = max(d, 1) // reach the aggregates
	}
	switch x := g.pick(100); {
	case x < 40:
		a, b := g.pair(d)
		op := []string{"=", "!=", "<>", "<", "<=", ">", ">="}[g.pick(7)]
		return sgMark(&sgExpr{kind: sgkBin, t: sgBool, text: op, args: []*sgExpr{a, b}})
	case x < 52:
		a := g.expr([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], d, false)
		return sgMark(&sgExpr{kind: sgkIsNull, t: sgBool, text: []string{"IS NULL", "IS NOT NULL"}[g.pick(2)], args: []*sgExpr{a}})
	case x < 66:
		t := []sgType{sgInt, sgFloat, sgStr, sgStr}[g.pick(4)]
		a := g.expr(t, d, t == sgInt && g.pct(50))
		e := &sgExpr{kind: sgkIn, t: sgBool, text: []string{"IN", "NOT IN"}[g.pick(2)], args: []*sgExpr{a}}
		for range 1 + g.pick(4) {
			lt := t
			if t != sgStr && !a.huge && g.pct(20) {
				lt = g.numType()
			}
			e.args = append(e.args, g.litOrNull(lt, lt != t))
		}
		return sgMark(e)
	case x < 76:
		t := []sgType{sgInt, sgFloat, sgStr}[g.pick(3)]
		a := g.expr(t, d, false)
		lo, hi := g.literal(t, true), g.literal(t, true)
		if t == sgInt && a.huge {
			lo, hi = g.literal(t, false), g.literal(t, false)
		}
		return sgMark(&sgExpr{kind: sgkBetween, t: sgBool, text: []string{"BETWEEN", "NOT BETWEEN"}[g.pick(2)], args: []*sgExpr{a, lo, hi}})
	case x < 90:
		a := g.expr(sgStr, d, false)
		p := sgLikePatterns[g.pick(len(sgLikePatterns))]
		if g.pct(30) {
			p = g.likeFrom(sgStrings[g.pick(len(sgStrings))])
		}
		pat := &sgExpr{kind: sgkLit, t: sgStr, text: sqlString(p)}
		return sgMark(&sgExpr{kind: sgkLike, t: sgBool, text: []string{"LIKE", "NOT LIKE"}[g.pick(2)], args: []*sgExpr{a, pat}})
	}
	if g.aggCtx {
		a, b := g.pair(1)
		return sgMark(&sgExpr{kind: sgkBin, t: sgBool, text: ">", args: []*sgExpr{a, b}})
	}
	return g.leaf(sgBool, false)
}

// likeFrom turns a value into a pattern, some characters replaced by % or _.
func (g *sgGen) likeFrom(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch x := g.pick(10); {
		case x < 2:
			b.WriteByte('_')
		case x < 3:
			b.WriteByte('%')
		default:
			b.WriteRune(c)
		}
	}
	if g.pct(50) {
		b.WriteByte('%')
	}
	return b.String()
}

// mixedPred compares mx, the mixed-type field.
func (g *sgGen) mixedPred() *sgExpr {
	mx := g.column(sgMixed, false)
	if mx == nil {
		return g.leaf(sgBool, false)
	}
	switch x := g.pick(100); {
	case x < 50:
		op := []string{"=", "!=", "<", "<=", ">", ">="}[g.pick(6)]
		return sgMark(&sgExpr{kind: sgkBin, t: sgBool, text: op, args: []*sgExpr{mx, g.literal(sgMixed, false)}})
	case x < 65:
		return sgMark(&sgExpr{kind: sgkIsNull, t: sgBool, text: []string{"IS NULL", "IS NOT NULL"}[g.pick(2)], args: []*sgExpr{mx}})
	case x < 80:
		e := &sgExpr{kind: sgkIn, t: sgBool, text: []string{"IN", "NOT IN"}[g.pick(2)], args: []*sgExpr{mx}}
		for range 1 + g.pick(3) {
			e.args = append(e.args, g.literal(sgMixed, false))
		}
		return sgMark(e)
	case x < 90:
		return sgMark(&sgExpr{kind: sgkBetween, t: sgBool, text: "BETWEEN", args: []*sgExpr{mx, g.literal(sgInt, false), g.literal(sgInt, false)}})
	}
	return sgMark(&sgExpr{kind: sgkLike, t: sgBool, text: "LIKE", args: []*sgExpr{mx, {kind: sgkLit, t: sgStr, text: sqlString(sgLikePatterns[g.pick(len(sgLikePatterns))])}}})
}

// sgItem is one select item.
type sgItem struct {
	e     *sgExpr
	alias string
}

// sgOrder is one ORDER BY key: what is written and the expression it
// stands for (an item's, for a position or an alias).
type sgOrder struct {
	text, duckText string
	e              *sgExpr
	desc           bool
}

// sgQuery is one generated query.
type sgQuery struct {
	distinct      bool
	items         []sgItem
	from          string
	where         *sgExpr
	group         []string // GROUP BY terms as written (ours, DuckDB's)
	groupDuck     []string
	having        *sgExpr
	qualify       *sgExpr // DuckDB's QUALIFY, over a window function's value
	order         []sgOrder
	limit, offset int // -1: none
	agg           bool
	// wrap runs the query through a construct whose answer is the
	// query's own rows: 1 a derived table (SELECT * FROM (q) AS d), 2
	// q UNION ALL q (each row twice), 3 a scalar subquery beside, 4 a
	// derived table whose columns are named (SELECT d.w0, … FROM (q) AS
	// d: the query of a join merges into it); 5 a derived table grouped
	// again (its rows go straight into the outer GROUP BY).
	wrap int
}

// sql renders the query. keys appends the ORDER BY keys to the select list
// and drops LIMIT and OFFSET: the DuckDB answer that settles ties.
func (q *sgQuery) sql(duck, keys bool) string {
	switch q.wrap {
	case 1:
		return "SELECT * FROM (" + q.inner(duck, keys) + ") AS d"
	case 2:
		return q.inner(duck, keys) + " UNION ALL " + q.inner(duck, keys)
	case 4:
		names := make([]string, len(q.items))
		for i := range q.items {
			names[i] = "d." + q.itemName(i)
		}
		return "SELECT " + strings.Join(names, ", ") + " FROM (" + q.inner(duck, keys) + ") AS d"
	case 5:
		first, last := "d."+q.itemName(0), "d."+q.itemName(len(q.items)-1)
		return "SELECT " + first + ", COUNT(*) AS n, COUNT(" + last + ") AS c FROM (" + q.inner(duck, keys) + ") AS d GROUP BY " + first
	}
	return q.inner(duck, keys)
}

// itemName is item i's alias, or the name it takes in a derived table.
func (q *sgQuery) itemName(i int) string {
	if a := q.items[i].alias; a != "" {
		return a
	}
	return fmt.Sprintf("w%d", i)
}

func (q *sgQuery) inner(duck, keys bool) string {
	var b strings.Builder
	b.WriteString("SELECT ")
	if q.distinct {
		b.WriteString("DISTINCT ")
	}
	for i, it := range q.items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(it.e.sql(duck))
		if it.alias != "" || q.wrap == 1 || q.wrap == 4 || q.wrap == 5 {
			b.WriteString(" AS " + q.itemName(i)) // a derived table's columns need names of their own
		}
	}
	if q.wrap == 3 {
		b.WriteString(", (SELECT MAX(id) FROM t WHERE id < 1000)")
	}
	if keys {
		for _, o := range q.order {
			b.WriteString(", " + o.e.sql(duck))
		}
	}
	b.WriteString(" FROM " + q.from)
	if q.where != nil {
		b.WriteString(" WHERE " + q.where.sql(duck))
	}
	if len(q.group) > 0 {
		g := q.group
		if duck {
			g = q.groupDuck
		}
		b.WriteString(" GROUP BY " + strings.Join(g, ", "))
	}
	if q.having != nil {
		b.WriteString(" HAVING " + q.having.sql(duck))
	}
	if q.qualify != nil {
		b.WriteString(" QUALIFY " + q.qualify.sql(duck))
	}
	if len(q.order) > 0 {
		b.WriteString(" ORDER BY ")
		for i, o := range q.order {
			if i > 0 {
				b.WriteString(", ")
			}
			if duck {
				b.WriteString(o.duckText)
			} else {
				b.WriteString(o.text)
			}
			if o.desc {
				b.WriteString(" DESC")
			} else if g := i; g%3 == 1 {
				b.WriteString(" ASC")
			}
		}
	}
	if q.limit >= 0 && !keys {
		fmt.Fprintf(&b, " LIMIT %d", q.limit)
		if q.offset >= 0 {
			fmt.Fprintf(&b, " OFFSET %d", q.offset)
		}
	}
	return b.String()
}

// newQueryGen starts a generator for one query: the table, maybe aliased.
func newQueryGen(r *rand.Rand, tlp bool) (*sgGen, string) {
	g := &sgGen{r: r, tlp: tlp}
	for _, c := range sgSchema() {
		if c.t != sgMixed || tlp {
			g.cols = append(g.cols, c)
		}
	}
	from := "t"
	g.qual = "t"
	if g.pct(25) {
		g.qual = []string{"x", "u", "lake"}[g.pick(3)]
		from = "t " + g.qual
		if g.pct(50) {
			from = "t AS " + g.qual
		}
	}
	return g, from
}

// sgGenQuery generates one query for the comparison with DuckDB.
func sgGenQuery(r *rand.Rand) *sgQuery {
	g, from := newQueryGen(r, false)
	g.simple = g.pct(35)
	q := &sgQuery{from: from, limit: -1, offset: -1}
	depth := func() int { return []int{0, 0, 1, 1, 1, 2, 2, 3}[g.pick(8)] }
	corr := ""
	switch x := g.pick(100); {
	case x < 15:
		q.from, corr = g.join()
	case x < 25:
		q.from, g.qual = "t a", "a"
		corr = g.correlated()
	}
	if g.pct(60) {
		q.where = g.pred(depth() + 1)
	}
	if corr != "" {
		c := &sgExpr{kind: sgkRaw, t: sgBool, text: corr, cols: true}
		if q.where == nil {
			q.where = c
		} else {
			q.where = &sgExpr{kind: sgkBin, text: "AND", t: sgBool, args: []*sgExpr{q.where, c}, cols: true}
		}
	}
	anyType := func() sgType { return []sgType{sgInt, sgInt, sgFloat, sgStr, sgStr, sgBool}[g.pick(6)] }
	alias := func(i int) string {
		if g.pct(35) {
			return "c" + strconv.Itoa(i)
		}
		return ""
	}
	switch x := g.pick(100); {
	case x < 45: // plain rows
		q.distinct = g.pct(15)
		for i := range 1 + g.pick(4) {
			e := g.expr(anyType(), depth(), false)
			for try := 0; try < 3 && !e.cols; try++ {
				e = g.expr(anyType(), depth(), false)
			}
			q.items = append(q.items, sgItem{e: e, alias: alias(i)})
		}
		if g.pct(20) {
			w, positional := g.window()
			q.items = append(q.items, sgItem{e: w, alias: alias(len(q.items))})
			if positional {
				q.where = g.notNullID(q.where)
			}
			if g.pct(30) {
				q.qualify = g.qualify(w)
			}
		}
		g.orderBy(q, func() *sgExpr {
			for range 10 {
				if e := g.expr(anyType(), depth(), false); e.cols {
					return e
				}
			}
			return g.column(sgInt, false)
		})
	default: // aggregates, grouped or not
		q.agg = true
		grouped := x < 85
		if grouped {
			for range 1 + g.pick(3) {
				var k *sgExpr
				if g.pct(65) {
					k = g.column([]sgType{sgInt, sgStr, sgStr, sgBool, sgFloat}[g.pick(5)], false)
				} else {
					for range 10 {
						if k = g.expr(anyType(), 1+g.pick(2), false); k.cols {
							break
						}
					}
				}
				if k.cols {
					g.keys = append(g.keys, k)
				}
			}
		}
		g.aggCtx = true
		var keyItem = map[*sgExpr]int{} // key -> item index
		for _, k := range g.keys {
			if g.pct(70) {
				keyItem[k] = len(q.items)
				q.items = append(q.items, sgItem{e: k, alias: alias(len(q.items))})
			}
		}
		for range 1 + g.pick(3) {
			q.items = append(q.items, sgItem{e: g.expr(anyType(), g.pick(3), false), alias: alias(len(q.items))})
		}
		if g.pct(20) {
			w, _ := g.window()
			q.items = append(q.items, sgItem{e: w, alias: alias(len(q.items))})
			if g.pct(30) {
				q.qualify = g.qualify(w)
			}
		}
		if len(q.items) > 1 && g.pct(50) {
			r.Shuffle(len(q.items), func(a, b int) { q.items[a], q.items[b] = q.items[b], q.items[a] })
			for i, it := range q.items {
				if _, ok := keyItem[it.e]; ok {
					keyItem[it.e] = i
				}
			}
		}
		for _, k := range g.keys {
			ours, duck := k.sql(false), k.sql(true)
			if i, ok := keyItem[k]; ok {
				switch x := g.pick(3); {
				case x == 0:
					ours, duck = strconv.Itoa(i+1), strconv.Itoa(i+1)
				case x == 1 && q.items[i].alias != "":
					ours, duck = q.items[i].alias, q.items[i].alias
				}
			}
			q.group = append(q.group, ours)
			q.groupDuck = append(q.groupDuck, duck)
		}
		if !grouped && len(q.items) > 0 {
			// Every item of an ungrouped aggregate query must be an
			// aggregate (or constant): ensured by the leaves of aggCtx.
		}
		if g.pct(30) {
			q.having = g.pred(1 + g.pick(2))
		} else if grouped && g.pct(10) {
			q.having = g.sharedTotal(q)
		}
		g.orderBy(q, func() *sgExpr {
			for range 10 {
				if e := g.expr(anyType(), g.pick(2), false); e.cols {
					return e
				}
			}
			return g.aggregate(sgInt, false)
		})
	}
	if g.pct(30) {
		q.limit = g.pick(21)
		if g.pct(30) {
			q.offset = g.pick(11)
		}
	}
	if len(q.order) == 0 && q.limit < 0 && g.pct(25) {
		q.wrap = 1 + g.pick(5)
	}
	return q
}

// join returns a FROM of two tables joined, t a and t b or a part of t,
// and the WHERE term of a comma join, and makes every column name
// qualified by one of them. The keys hold
// duplicates and NULLs; a side is narrowed where its key repeats much,
// so that the joined rows stay in the thousands.
func (g *sgGen) join() (string, string) {
	g.quals = []string{"l", "r"}
	part := func(name string, n int) string {
		return fmt.Sprintf("(SELECT * FROM t WHERE id < %d) %s", n, name)
	}
	var left, right, key string
	switch g.pick(5) {
	case 0:
		left, right, key = "t l", "t r", "id"
	case 1:
		left, right, key = "t l", part("r", 40+g.pick(200)), "n"
	case 2:
		left, right, key = part("l", 300+g.pick(500)), part("r", 20+g.pick(40)), "region"
	case 3:
		left, right, key = "t l", part("r", 30+g.pick(100)), "s"
	default:
		left, right, key = "t l", part("r", 100+g.pick(300)), "n"
	}
	on := fmt.Sprintf("l.%s = r.%s", key, key)
	exprKey := g.pct(20)
	if exprKey && g.pct(25) {
		// No equality at all: every pair tried, by a comparison of
		// the two tables (on the smaller inputs).
		left, right = part("l", 30+g.pick(60)), part("r", 20+g.pick(40))
		on = fmt.Sprintf("l.id %s r.id + %d", []string{"<", ">=", "<>"}[g.pick(3)], g.pick(5))
	} else if exprKey {
		// A key that is an expression of each table.
		switch key {
		case "id", "n":
			on = fmt.Sprintf("l.%s + %d = r.%s", key, g.pick(3), key)
		default:
			on = fmt.Sprintf("UPPER(l.%s) = UPPER(r.%s)", key, key)
		}
	}
	switch g.pick(10) {
	case 0:
		return left + ", " + right, on
	case 1:
		return fmt.Sprintf("%s CROSS JOIN %s", part("l", 20+g.pick(30)), part("r", 5+g.pick(20))), ""
	}
	kind := []string{"JOIN", "INNER JOIN", "LEFT JOIN", "LEFT OUTER JOIN", "RIGHT JOIN", "FULL JOIN", "FULL OUTER JOIN"}[g.pick(7)]
	if !exprKey && g.pct(25) && !strings.HasPrefix(kind, "RIGHT") {
		return fmt.Sprintf("%s %s %s USING (%s)", left, kind, right, key), ""
	}
	if g.pct(30) {
		// One more ON term of one table: in an outer join, of the table
		// whose rows may join NULLs (it narrows that table) or of the one
		// whose rows are all kept (it decides which may match).
		side := []string{"l", "r"}[g.pick(2)]
		on += fmt.Sprintf(" AND %s.n %s %d", side, []string{"<", ">", "<>", ">="}[g.pick(4)], g.pick(40)-20)
	}
	if g.pct(15) {
		// A term of both tables beyond the keys: of an outer join, it
		// decides which pairs match.
		on += fmt.Sprintf(" AND l.n %s r.n", []string{"<", ">", "<>", "<="}[g.pick(4)])
	}
	return fmt.Sprintf("%s %s %s ON %s", left, kind, right, on), ""
}

// correlated returns a term reading the row of t a through a correlated
// subquery over t z: a scalar aggregate, EXISTS or NOT EXISTS (with a
// comparison of its own value with a's, sometimes), or IN.
func (g *sgGen) correlated() string {
	key := []string{"region", "n", "s", "day"}[g.pick(4)]
	tie := fmt.Sprintf("z.%s = a.%s", key, key)
	if g.pct(30) {
		tie = fmt.Sprintf("a.%s = z.%s", key, key)
	}
	if g.pct(25) {
		tie += " AND z.day = a.day"
	}
	filter := ""
	if g.pct(40) {
		filter = fmt.Sprintf(" AND z.n %s %d", []string{"<", ">", "<>"}[g.pick(3)], g.pick(40)-20)
	}
	switch g.pick(6) {
	case 0:
		agg := []string{"AVG(z.f)", "MAX(z.n)", "MIN(z.s)", "SUM(z.n)", "COUNT(z.f)"}[g.pick(5)]
		col := map[string]string{"AVG(z.f)": "a.f", "MAX(z.n)": "a.n", "MIN(z.s)": "a.s", "SUM(z.n)": "a.n", "COUNT(z.f)": "a.n"}[agg]
		return fmt.Sprintf("%s %s (SELECT %s FROM t z WHERE %s%s)", col, []string{"<", ">=", "=", "<>"}[g.pick(4)], agg, tie, filter)
	case 1:
		return fmt.Sprintf("(SELECT COUNT(*) FROM t z WHERE %s%s) %s %d", tie, filter, []string{">", "=", "<"}[g.pick(3)], g.pick(30))
	case 2, 3:
		not := ""
		if g.pct(40) {
			not = "NOT "
		}
		if g.pct(50) {
			filter += fmt.Sprintf(" AND z.%s %s a.%s", []string{"id", "n", "f"}[g.pick(3)], []string{"<>", "<", ">", "<=", ">="}[g.pick(5)], []string{"id", "n", "f"}[g.pick(3)])
		}
		return fmt.Sprintf("%sEXISTS (SELECT 1 FROM t z WHERE %s%s)", not, tie, filter)
	case 4:
		return fmt.Sprintf("a.id IN (SELECT z.id + %d FROM t z WHERE %s%s)", g.pick(3), tie, filter)
	}
	return fmt.Sprintf("COALESCE((SELECT MAX(z.id) FROM t z WHERE %s%s), -1) > a.id", tie, filter)
}

// orderBy adds 0–3 ORDER BY keys: items by position, alias or expression,
// or other expressions (not with DISTINCT, where only the items are valid).
func (g *sgGen) orderBy(q *sgQuery, other func() *sgExpr) {
	if g.pct(45) {
		return
	}
	for range 1 + g.pick(3) {
		var o sgOrder
		i := g.pick(len(q.items))
		it := q.items[i]
		switch x := g.pick(100); {
		case x < 30:
			o = sgOrder{text: strconv.Itoa(i + 1), duckText: strconv.Itoa(i + 1), e: it.e}
		case x < 50 && it.alias != "":
			o = sgOrder{text: it.alias, duckText: it.alias, e: it.e}
		case x < 70 || q.distinct:
			if !it.e.cols && !it.e.agg {
				o = sgOrder{text: strconv.Itoa(i + 1), duckText: strconv.Itoa(i + 1), e: it.e}
			} else {
				o = sgOrder{text: it.e.sql(false), duckText: it.e.sql(true), e: it.e}
			}
		default:
			e := other()
			o = sgOrder{text: e.sql(false), duckText: e.sql(true), e: e}
		}
		o.desc = g.pct(40)
		q.order = append(q.order, o)
	}
}

// sgTLP is one ternary logic partitioning check on our engine alone: the
// rows of whole, and of whole's WHERE combined with p, NOT p and p IS NULL.
// The DuckDB texts serve as a control of the check itself, where no mx is
// used.
type sgTLP struct {
	aggregate bool     // the aggregate form: COUNT(*), SUM, MIN, MAX
	sumFloat  bool     // the SUM is of a DOUBLE (added in another order by part)
	whole     string   // the query over every row
	parts     []string // WHERE … AND p, AND NOT p, AND p IS NULL
	duckWhole string
	duckParts []string
	mixed     bool // mx is used: no DuckDB control
}

// sgGenTLP generates a TLP check; mx, the mixed-type field, is usable. In
// a simple check p compares a column with literals that are not NULL, so
// that "p IS NULL" can also be written as "column IS NULL", which today's
// engine reads.
func sgGenTLP(r *rand.Rand) sgTLP {
	g, from := newQueryGen(r, true)
	g.simple = g.pct(50)
	var where *sgExpr
	if g.pct(40) {
		where = g.pred(1 + g.pick(2))
	}
	var p, isNull *sgExpr
	if g.simple {
		for range 20 {
			p = g.simplePred(0)
			if col := sgNullIff(p); col != nil && !col.mixed {
				if g.pct(70) {
					isNull = &sgExpr{kind: sgkIsNull, t: sgBool, text: "IS NULL", args: []*sgExpr{col}}
				}
				break
			}
		}
	} else {
		p = g.pred(g.pick(4))
	}
	if isNull == nil {
		isNull = &sgExpr{kind: sgkIsNull, t: sgBool, text: "IS NULL", args: []*sgExpr{p}}
	}
	var c sgTLP
	var items []*sgExpr
	if g.pct(40) {
		c.aggregate = true
		sum := g.expr(g.numType(), g.pick(2), false)
		c.sumFloat = sum.t == sgFloat
		mm := g.expr([]sgType{sgInt, sgFloat, sgStr, sgMixed}[g.pick(4)], g.pick(2), false)
		items = []*sgExpr{
			{kind: sgkAgg, t: sgInt, text: "COUNT"},
			{kind: sgkAgg, t: sum.t, text: "SUM", args: []*sgExpr{sum}},
			{kind: sgkAgg, t: mm.t, text: "MIN", args: []*sgExpr{mm}},
			{kind: sgkAgg, t: mm.t, text: "MAX", args: []*sgExpr{mm}},
		}
	} else {
		for range 1 + g.pick(3) {
			items = append(items, g.expr([]sgType{sgInt, sgFloat, sgStr, sgBool, sgMixed}[g.pick(5)], g.pick(3), false))
		}
	}
	c.mixed = p.mixed || where != nil && where.mixed
	for _, it := range items {
		sgMark(it)
		c.mixed = c.mixed || it.mixed
	}
	render := func(duck bool) (string, []string) {
		var sel []string
		for _, it := range items {
			sel = append(sel, it.sql(duck))
		}
		base := "SELECT " + strings.Join(sel, ", ") + " FROM " + from + " WHERE "
		w := ""
		whole := strings.TrimSuffix(base, " WHERE ")
		if where != nil {
			w = where.sql(duck)
			whole = base + w
			w += " AND "
		}
		return whole, []string{
			base + w + p.sql(duck),
			base + w + "(NOT " + p.sql(duck) + ")",
			base + w + isNull.sql(duck),
		}
	}
	c.whole, c.parts = render(false)
	c.duckWhole, c.duckParts = render(true)
	return c
}

// sgNullIff returns the column whose NULL makes p NULL and nothing else
// does (a column compared with literals that are not NULL), or nil.
func sgNullIff(p *sgExpr) *sgExpr {
	switch p.kind {
	case sgkBin, sgkIn, sgkBetween, sgkLike:
		if p.kind == sgkBin && (p.text == "AND" || p.text == "OR") {
			return nil
		}
		if p.args[0].kind != sgkCol {
			return nil
		}
		for _, a := range p.args[1:] {
			if a.kind != sgkLit {
				return nil
			}
		}
		return p.args[0]
	}
	return nil
}
