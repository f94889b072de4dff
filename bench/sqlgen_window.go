package main

import (
	"fmt"
	"strconv"
	"strings"
)

// Window functions in the random queries: f(…) OVER (PARTITION BY …
// ORDER BY … frame), DuckDB's syntax and ours being the same.

// sgWin is a window function's call and its window.
type sgWin struct {
	name  string
	star  bool // COUNT(*)
	args  []*sgExpr
	part  []*sgExpr
	order []*sgExpr
	desc  []bool
	nulls []string // "", " NULLS FIRST" or " NULLS LAST" after each order key
	frame string
}

func (w *sgWin) write(b *strings.Builder, duck bool) {
	b.WriteString(w.name + "(")
	if w.star {
		b.WriteByte('*')
	}
	for i, a := range w.args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b, duck)
	}
	b.WriteString(") OVER (")
	sep := ""
	if len(w.part) > 0 {
		b.WriteString("PARTITION BY ")
		for i, p := range w.part {
			if i > 0 {
				b.WriteString(", ")
			}
			p.write(b, duck)
		}
		sep = " "
	}
	if len(w.order) > 0 {
		b.WriteString(sep + "ORDER BY ")
		for i, o := range w.order {
			if i > 0 {
				b.WriteString(", ")
			}
			o.write(b, duck)
			if w.desc[i] {
				b.WriteString(" DESC")
			}
			b.WriteString(w.nulls[i])
		}
		sep = " "
	}
	if w.frame != "" {
		b.WriteString(sep + w.frame)
	}
	b.WriteByte(')')
}

// window returns a window function's call for a select item, and
// whether its answer depends on the order of rows that tie on every key
// but id (ROW_NUMBER, LAG, a ROWS frame, …): its ORDER BY then ends in
// id, and the caller must keep the rows whose id is NULL out. In an
// aggregate context its arguments and window are over the groups, and
// it is one that ties leave alone.
func (g *sgGen) window() (*sgExpr, bool) {
	over := func(t sgType, noHuge bool) *sgExpr {
		for range 10 {
			if e := g.expr(t, g.pick(2), noHuge); e.cols || e.agg {
				return e
			}
		}
		return g.leaf(t, noHuge)
	}
	w := &sgWin{}
	for range g.pick(3) {
		w.part = append(w.part, over([]sgType{sgStr, sgStr, sgInt, sgBool}[g.pick(4)], false))
	}
	addOrder := func(n int) {
		for range n {
			w.order = append(w.order, over([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], false))
			w.desc = append(w.desc, g.pct(40))
			w.nulls = append(w.nulls, []string{"", "", " NULLS FIRST", " NULLS LAST"}[g.pick(4)])
		}
	}
	e := &sgExpr{kind: sgkWindow, t: sgInt, win: w, cols: true}
	arg := func(t sgType, noHuge bool) *sgExpr {
		a := over(t, noHuge)
		w.args = append(w.args, a)
		e.huge, e.dyn = a.huge, a.dyn
		e.t = t
		return a
	}
	// aggregate makes w an aggregate's call: COUNT(*), COUNT, SUM, MIN
	// or MAX, and AVG where avg (its DOUBLE, which the order of a moving
	// frame's sums would show in its last bits, only over fixed ones).
	aggregate := func(avg bool) {
		switch x := g.pick(5); {
		case x == 0:
			w.name, w.star = "COUNT", true
		case x == 1:
			w.name = "COUNT"
			w.args = append(w.args, over([]sgType{sgInt, sgFloat, sgStr, sgBool}[g.pick(4)], false))
		case x == 2:
			w.name = "SUM"
			arg(sgInt, false)
		case x == 3 && avg:
			w.name = "AVG"
			arg(sgInt, true)
			e.t = sgFloat
		default:
			w.name = []string{"MIN", "MAX"}[g.pick(2)]
			arg([]sgType{sgInt, sgStr, sgFloat}[g.pick(3)], false)
		}
	}
	positional := !g.aggCtx && len(g.quals) == 0 && g.pct(55)
	if positional {
		addOrder(g.pick(2))
		id := "id"
		if g.qual != "" && g.pct(25) {
			id = g.qual + ".id"
		}
		w.order = append(w.order, &sgExpr{kind: sgkCol, t: sgInt, text: id, cols: true})
		w.desc = append(w.desc, g.pct(30))
		w.nulls = append(w.nulls, "")
		rows := func() string {
			bound := func(start bool) string {
				switch x := g.pick(5); {
				case x == 0 && start:
					return "UNBOUNDED PRECEDING"
				case x == 0:
					return "UNBOUNDED FOLLOWING"
				case x == 1:
					return "CURRENT ROW"
				case x == 2 || start && x == 3:
					return strconv.Itoa(g.pick(4)) + " PRECEDING"
				}
				return strconv.Itoa(g.pick(4)) + " FOLLOWING"
			}
			s, f := bound(true), bound(false)
			if strings.HasSuffix(s, "FOLLOWING") && !strings.HasSuffix(f, "FOLLOWING") {
				f = "UNBOUNDED FOLLOWING"
			}
			if s == "CURRENT ROW" && strings.HasSuffix(f, "PRECEDING") {
				f = "CURRENT ROW"
			}
			return "ROWS BETWEEN " + s + " AND " + f
		}
		anyType := []sgType{sgInt, sgInt, sgFloat, sgStr, sgBool}[g.pick(5)]
		switch x := g.pick(9); x {
		case 0:
			w.name = "ROW_NUMBER"
		case 1:
			w.name = "NTILE"
			w.args = append(w.args, &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(1 + g.pick(6))})
		case 2, 3:
			w.name = []string{"LAG", "LEAD"}[g.pick(2)]
			arg(anyType, false)
			if g.pct(60) {
				w.args = append(w.args, &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(g.pick(4))})
				if g.pct(50) && anyType != sgFloat {
					w.args = append(w.args, g.literal(anyType, false))
				}
			}
		case 4, 5:
			w.name = []string{"FIRST_VALUE", "LAST_VALUE", "NTH_VALUE"}[g.pick(3)]
			arg(anyType, false)
			if w.name == "NTH_VALUE" {
				w.args = append(w.args, &sgExpr{kind: sgkLit, t: sgInt, text: strconv.Itoa(1 + g.pick(3))})
			}
			if g.pct(60) {
				w.frame = rows()
			}
		default:
			aggregate(false)
			w.frame = rows()
			if w.star {
				w.frame = sgNoEmptyFrame(w.frame)
			}
		}
	} else {
		addOrder(g.pick(3))
		switch x := g.pick(9); x {
		case 0, 1:
			w.name = []string{"RANK", "DENSE_RANK"}[g.pick(2)]
		case 2:
			w.name = []string{"PERCENT_RANK", "CUME_DIST"}[g.pick(2)]
			e.t = sgFloat
		default:
			aggregate(true)
			w.frame = []string{"", "", "RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING",
				"RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING", "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"}[g.pick(5)]
		}
	}
	for _, x := range append(append(append([]*sgExpr{}, w.args...), w.part...), w.order...) {
		e.agg = e.agg || x.agg
		e.mixed = e.mixed || x.mixed
	}
	return e, positional
}

// notNullID is the WHERE term that keeps rows of a NULL id out, ANDed
// with where (nil: none).
func (g *sgGen) notNullID(where *sgExpr) *sgExpr {
	c := &sgExpr{kind: sgkIsNull, t: sgBool, text: "IS NOT NULL", args: []*sgExpr{{kind: sgkCol, t: sgInt, text: "id", cols: true}}, cols: true}
	if where == nil {
		return c
	}
	return &sgExpr{kind: sgkBin, text: "AND", t: sgBool, args: []*sgExpr{where, c}, cols: true, agg: where.agg}
}

// qualify is a QUALIFY that compares the window function's value w with
// a literal of its type, or tests it for NULL.
func (g *sgGen) qualify(w *sgExpr) *sgExpr {
	if w.t == sgBool || g.pct(20) {
		return sgMark(&sgExpr{kind: sgkIsNull, t: sgBool, text: []string{"IS NULL", "IS NOT NULL"}[g.pick(2)], args: []*sgExpr{w}})
	}
	op := []string{"=", "<", "<=", ">", ">=", "<>"}[g.pick(6)]
	return sgMark(&sgExpr{kind: sgkBin, t: sgBool, text: op, args: []*sgExpr{w, g.literal(w.t, true)}})
}

// sgNoEmptyFrame turns a ROWS frame whose start is after its end (0
// PRECEDING AND 3 PRECEDING, 3 FOLLOWING AND 1 FOLLOWING), empty for
// every row, into its reverse, for COUNT(*): DuckDB 1.5.6 counts such a
// frame as end minus start, a negative count (-1, -2; COUNT(x) of it is
// 0, as ours; seed 3591).
func sgNoEmptyFrame(frame string) string {
	var a, b int
	var da, db string
	if n, _ := fmt.Sscanf(frame, "ROWS BETWEEN %d %s AND %d %s", &a, &da, &b, &db); n != 4 || da != db {
		return frame
	}
	if da == "PRECEDING" && a < b || da == "FOLLOWING" && a > b {
		return fmt.Sprintf("ROWS BETWEEN %d %s AND %d %s", b, da, a, db)
	}
	return frame
}
