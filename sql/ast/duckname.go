package ast

import (
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckName is the name DuckDB gives the column of a select item e that has
// no alias: a column's name, else the expression as DuckDB prints it
// (count_star(), sum(amount), (n + 1), CAST(x AS "DOUBLE"), CASE  WHEN
// ((n > 1)) THEN ('a') ELSE 'b' END): function names in lower case,
// operators in parentheses, names that are DuckDB's keywords quoted. A
// form the pre-parse rewrote before this sees it (FILTER, STRING_AGG
// with ORDER BY) is named by what it became.
func DuckName(e Expr) string {
	if c, ok := e.(Column); ok {
		return c.Name()
	}
	return duckText(e)
}

func duckText(e Expr) string {
	switch e := e.(type) {
	case Column:
		parts := make([]string, len(e.Path))
		for i, p := range e.Path {
			parts[i] = duckIdent(p)
		}
		return strings.Join(parts, ".")
	case Literal:
		return duckLiteral(e)
	case Compare:
		switch e.Op {
		case "<=>":
			return "(" + duckText(e.L) + " IS NOT DISTINCT FROM " + duckText(e.R) + ")"
		case "<>":
			return "(" + duckText(e.L) + " != " + duckText(e.R) + ")"
		}
		return "(" + duckText(e.L) + " " + e.Op + " " + duckText(e.R) + ")"
	case And:
		return "(" + strings.Join(duckChain(e, func(x Expr) (Expr, Expr, bool) { a, ok := x.(And); return a.L, a.R, ok }), " AND ") + ")"
	case Or:
		return "(" + strings.Join(duckChain(e, func(x Expr) (Expr, Expr, bool) { o, ok := x.(Or); return o.L, o.R, ok }), " OR ") + ")"
	case Not:
		return duckNot(e.X)
	case IsNull:
		if e.Not {
			return "(" + duckText(e.X) + " IS NOT NULL)"
		}
		return "(" + duckText(e.X) + " IS NULL)"
	case In:
		op := " IN ("
		if e.Not {
			op = " NOT IN ("
		}
		return "(" + duckText(e.X) + op + duckList(e.List) + "))"
	case Between:
		s := "(" + duckText(e.X) + " BETWEEN " + duckText(e.Lo) + " AND " + duckText(e.Hi) + ")"
		if e.Not {
			return "(NOT " + s + ")"
		}
		return s
	case Like:
		if e.Regexp || e.Escape != nil {
			break
		}
		op := " ~~ "
		if e.Not {
			op = " !~~ "
		}
		return "(" + duckText(e.X) + op + duckText(e.Pattern) + ")"
	case Arith:
		op := e.Op.String()
		if e.Op == types.IntDiv {
			op = "//"
		}
		return "(" + duckText(e.L) + " " + op + " " + duckText(e.R) + ")"
	case Neg:
		if l, ok := e.X.(Literal); ok && l.Value.K.Numeric() {
			return "-" + duckLiteral(l)
		}
		return "-(" + duckText(e.X) + ")"
	case *Func:
		return duckFunc(e)
	case *Case:
		var b strings.Builder
		b.WriteString("CASE ")
		for _, w := range e.Whens {
			cond := w.Cond
			if e.Operand != nil {
				cond = Compare{Op: "=", L: e.Operand, R: w.Cond}
			}
			b.WriteString(" WHEN (" + duckText(cond) + ") THEN (" + duckText(w.Then) + ")")
		}
		els := "NULL"
		if e.Else != nil {
			els = duckText(e.Else)
		}
		b.WriteString(" ELSE " + els + " END")
		return b.String()
	case Cast:
		name := "CAST("
		if e.Try {
			name = "TRY_CAST("
		}
		return name + duckText(e.X) + " AS " + duckType(e.Type) + ")"
	case JSONExtract:
		op := " -> "
		if e.Text {
			op = " ->> "
		}
		return "(" + duckText(e.X) + op + duckText(e.Path) + ")"
	case *Window:
		return e.text(duckText)
	case Exists:
		return "EXISTS(" + e.Select.String() + ")"
	}
	return e.String()
}

// duckChain flattens a chain of one connective, as DuckDB prints it:
// ((a) AND (b) AND (c)).
func duckChain(e Expr, split func(Expr) (l, r Expr, ok bool)) []string {
	l, r, ok := split(e)
	if !ok {
		return []string{duckText(e)}
	}
	return append(duckChain(l, split), duckChain(r, split)...)
}

// duckNot is NOT x: DuckDB's parser turns NOT a comparison into the
// opposite comparison, NOT IS DISTINCT into IS DISTINCT, NOT IN into NOT
// IN and NOT LIKE into !~~.
func duckNot(x Expr) string {
	switch x := x.(type) {
	case Compare:
		if x.Op == "<=>" {
			return "(" + duckText(x.L) + " IS DISTINCT FROM " + duckText(x.R) + ")"
		}
		if op, ok := map[string]string{"=": "!=", "!=": "=", "<>": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}[x.Op]; ok {
			return "(" + duckText(x.L) + " " + op + " " + duckText(x.R) + ")"
		}
	case In:
		x.Not = !x.Not
		return duckText(x)
	case *Func:
		if x.Name == "ILIKE" && len(x.Args) == 2 {
			return "(" + duckText(x.Args[0]) + " !~~* " + duckText(x.Args[1]) + ")"
		}
	}
	return "(NOT " + duckText(x) + ")"
}

func duckList(es []Expr) string {
	parts := make([]string, len(es))
	for i, x := range es {
		parts[i] = duckText(x)
	}
	return strings.Join(parts, ", ")
}

func duckFunc(f *Func) string {
	if f.As != "" {
		return f.As
	}
	if own, cond := f.Filter(); cond != nil {
		g := *f
		g.Args = own
		return duckFunc(&g) + " FILTER (WHERE " + duckText(cond) + ")"
	}
	if c, ok := firstArg(f).(*Case); ok && c.Filter && len(c.Whens) == 1 {
		// agg(x) FILTER (WHERE c), which the pre-parse made
		// agg(CASE WHEN c THEN x END).
		g := *f
		g.Args = append([]Expr{c.Whens[0].Then}, f.Args[1:]...)
		if c.FilterStar {
			g.Args, g.Star = nil, true
		}
		return duckFunc(&g) + " FILTER (WHERE " + duckText(c.Whens[0].Cond) + ")"
	}
	switch {
	case f.Name == LambdaFunc && len(f.Args) >= 2 && f.Shown == "lambda":
		return "(lambda " + strings.Join(LambdaParams(f), ", ") + ": " + duckText(LambdaBody(f)) + ")"
	case f.Name == LambdaFunc && len(f.Args) == 2:
		return "(" + LambdaParams(f)[0] + " -> " + duckText(LambdaBody(f)) + ")"
	case f.Name == LambdaFunc && len(f.Args) > 2:
		// DuckDB reads (x, y) as a row.
		return `(main."row"(` + strings.Join(LambdaParams(f), ", ") + ") -> " + duckText(LambdaBody(f)) + ")"
	case len(f.Args) == 2 && (f.Name == ConcatOp || f.Name == "&" || f.Name == "<<" || f.Name == ">>"):
		return "(" + duckText(f.Args[0]) + " " + f.Name + " " + duckText(f.Args[1]) + ")"
	case (f.Shown == "^" || f.Shown == "^@" || f.Shown == "~~~") && len(f.Args) == 2:
		return "(" + duckText(f.Args[0]) + " " + f.Shown + " " + duckText(f.Args[1]) + ")"
	case f.Shown != "":
		return f.Shown + "(" + duckList(f.Args) + ")"
	case f.Name == "ILIKE" && len(f.Args) == 2:
		return "(" + duckText(f.Args[0]) + " ~~* " + duckText(f.Args[1]) + ")"
	case f.Name == "COUNT" && f.Star:
		return "count_star()"
	case f.Name == "ARRAY_EXTRACT" && len(f.Args) == 2: // x[i], x['k']
		return duckText(f.Args[0]) + "[" + duckText(f.Args[1]) + "]"
	case f.Name == "ARRAY_SLICE" && len(f.Args) == 3: // x[a:b]
		return duckText(f.Args[0]) + "[" + duckText(f.Args[1]) + ":" + duckText(f.Args[2]) + "]"
	case f.Name == "COALESCE" || f.Name == "IFNULL" && len(f.Args) == 2:
		return "COALESCE(" + duckList(f.Args) + ")"
	case f.Name == "IF" && len(f.Args) == 3:
		return duckText(&Case{Whens: []When{{Cond: f.Args[0], Then: f.Args[1]}}, Else: f.Args[2]})
	case f.Name == GroupingSets || f.Name == GroupingSet || f.Separator != nil || f.Name == "~" || strings.HasPrefix(f.Name, "__"):
		return f.String()
	}
	var b strings.Builder
	b.WriteString(duckIdent(strings.ToLower(f.Name)) + "(")
	if f.Distinct {
		b.WriteString("DISTINCT ")
	}
	b.WriteString(duckList(f.Args))
	if len(f.OrderBy) > 0 {
		b.WriteString(" ORDER BY " + duckOrder(f.OrderBy))
	}
	b.WriteString(")")
	return b.String()
}

func duckOrder(os []OrderItem) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = o.text(duckText)
	}
	return strings.Join(parts, ", ")
}

func duckLiteral(l Literal) string {
	switch l.Value.K {
	case types.Null:
		return "NULL"
	case types.Bool:
		if l.Value.I != 0 {
			return "CAST('t' AS BOOLEAN)"
		}
		return "CAST('f' AS BOOLEAN)"
	case types.String:
		if l.Text != "" { // a clock function's moment: NOW(), CURRENT_DATE
			return duckClock(l.Text)
		}
		return Quote(l.Value.S)
	case types.Date, types.Timestamp:
		if l.Text != "" {
			return duckClock(l.Text)
		}
	case types.Float:
		if strings.ContainsAny(l.Text, "eE") || l.Text == "" {
			s := strconv.FormatFloat(l.Value.F(), 'f', -1, 64)
			if !strings.ContainsAny(s, ".naNI") {
				s += ".0"
			}
			return s
		}
	}
	return l.String()
}

// duckClock is the name of a call of a clock function that the session
// put its moment in place of (its Text): now(), current_date.
func duckClock(text string) string {
	name := strings.ToLower(strings.TrimSuffix(text, "()"))
	switch name {
	case "current_date", "current_timestamp", "current_time", "localtimestamp", "localtime":
		return name
	}
	return name + "()"
}

// duckIdent is a name as DuckDB prints it in an expression: quoted when
// it is a keyword or not a plain name.
func duckIdent(s string) string {
	if isIdent(s) && !duckKeywords()[strings.ToLower(s)] {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// duckTypes are the types DuckDB's grammar names itself, which it prints
// bare, by the names they are written by; any other type prints quoted.
var duckTypes = map[string]string{
	"INT": "INTEGER", "INTEGER": "INTEGER", "INT4": "INTEGER", "INT32": "INTEGER", "SIGNED": "INTEGER",
	"BIGINT": "BIGINT", "INT8": "BIGINT", "INT64": "BIGINT", "LONG": "BIGINT",
	"SMALLINT": "SMALLINT", "INT2": "SMALLINT", "SHORT": "SMALLINT",
	"VARCHAR": "VARCHAR", "TEXT": "VARCHAR", "STRING": "VARCHAR", "BPCHAR": "VARCHAR", "NVARCHAR": "VARCHAR",
	"FLOAT": "FLOAT", "REAL": "FLOAT", "FLOAT4": "FLOAT",
	"DOUBLE": `"DOUBLE"`, "FLOAT8": `"DOUBLE"`, "DOUBLE PRECISION": `"DOUBLE"`,
	"DECIMAL": "DECIMAL", "NUMERIC": "DECIMAL",
	"BOOLEAN": "BOOLEAN", "BOOL": "BOOLEAN", "LOGICAL": "BOOLEAN",
	"TIMESTAMP": "TIMESTAMP", "DATETIME": "TIMESTAMP",
	"TIME": "TIME", "INTERVAL": "INTERVAL",
}

func duckType(written string) string {
	t := strings.Join(strings.Fields(strings.ToUpper(written)), " ")
	base, args, hasArgs := strings.Cut(t, "(")
	base = strings.TrimSpace(base)
	if name, ok := duckTypes[base]; ok {
		if hasArgs {
			nums := strings.Split(strings.TrimSuffix(args, ")"), ",")
			for i := range nums {
				nums[i] = strings.TrimSpace(nums[i])
			}
			return name + "(" + strings.Join(nums, ", ") + ")"
		}
		return name
	}
	return `"` + t + `"`
}

// firstArg is f's first argument, or nil.
func firstArg(f *Func) Expr {
	if len(f.Args) == 0 {
		return nil
	}
	return f.Args[0]
}
