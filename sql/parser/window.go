package parser

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/xwb1989/sqlparser"
)

// A window function's call, f(…) OVER (PARTITION BY p, … ORDER BY o
// [ASC|DESC] [NULLS FIRST|LAST], … frame), has no rule in the grammar:
// the pre-parse makes it overMarker(f(…), partitionMarker(p, …),
// orderMarker(keyMarker(o, desc, nulls), …), 'frame'), which the
// converter reads back as an ast.Window (desc 1 for DESC; nulls 1 for
// NULLS FIRST, 2 for LAST, 0 for neither; the frame's words upper case,
// ” for none).
const (
	overMarker = "__lakesql_over"
	// offsetsMarker holds a frame's offsets that are not whole numbers.
	offsetsMarker = "__lakesql_offsets"
	// ignoreNullsFrame begins the frame's text of a call with IGNORE
	// NULLS.
	ignoreNullsFrame = "IGNORE_NULLS"
	partitionMarker  = "__lakesql_partition"
	orderMarker      = "__lakesql_order"
	keyMarker        = "__lakesql_key"
	qualifyMarker    = "__lakesql_qualify"
)

// frameWords are the words a frame may have, beside whole numbers.
var frameWords = map[string]bool{"ROWS": true, "RANGE": true, "GROUPS": true, "BETWEEN": true, "AND": true, "UNBOUNDED": true,
	"PRECEDING": true, "FOLLOWING": true, "CURRENT": true, "ROW": true}

// windowAt, at token i, reports whether it is the OVER of a window
// function's call (OVER after a call's ')'), and returns the edits that
// make the call and its window overMarker(…), or, when it cannot read the
// window, none and why.
func windowAt(tk tokens, i int) (edits []edit, why string, ok bool) {
	// f(x) IGNORE NULLS OVER and f(x IGNORE NULLS) OVER: the words go,
	// and the frame's text says it (ignoreNullsFrame). RESPECT NULLS is
	// the default.
	nullsAt := func(k int) bool {
		return tk.word(k+1, "NULLS") && (tk.word(k, "IGNORE") || tk.word(k, "RESPECT"))
	}
	if !tk.word(i, "OVER") {
		return nil, "", false
	}
	closeAt, ignore := i-1, false // the call's ')', and IGNORE NULLS
	if nullsAt(i - 2) {
		edits = append(edits, edit{pos: tk.toks[i-2].pos, end: tk.toks[i-1].end})
		ignore, closeAt = tk.word(i-2, "IGNORE"), i-3
	}
	if !tk.punct(closeAt, ")") {
		return nil, "", false
	}
	if nullsAt(closeAt - 2) {
		edits = append(edits, edit{pos: tk.toks[closeAt-2].pos, end: tk.toks[closeAt-1].end})
		ignore = ignore || tk.word(closeAt-2, "IGNORE")
	}
	open := tk.opening(closeAt)
	if tk.word(open-1, "FILTER") && tk.punct(open-2, ")") {
		// agg(…) FILTER (WHERE c) OVER (…): the pre-parse's FILTER edits
		// go inside the call, whose name the marker goes before.
		open = tk.opening(open - 2)
	}
	if open < 1 || !tk.toks[open-1].word || tk.word(open-1, "FILTER") || tk.word(open-1, "OVER") {
		return nil, "OVER after this not supported: it follows a function's call, f(…) OVER (…)", true
	}
	if !tk.punct(i+1, "(") {
		return nil, "a named window (OVER name) not supported: write the window in parentheses", true
	}
	end := tk.closing(i + 1)
	if end < 0 {
		return nil, "OVER ( without its )", true
	}
	sub := func(lo, hi int) string { return prepass(tk.text[tk.toks[lo].pos:tk.toks[hi-1].end]).text }
	k := i + 2
	var parts, keys []string
	if tk.word(k, "PARTITION") && tk.word(k+1, "BY") {
		stop := tk.firstOf(k+2, end, nil, "ORDER", "ROWS", "RANGE", "GROUPS")
		for _, r := range listItems(tk, k+2, stop) {
			parts = append(parts, sub(r[0], r[1]))
		}
		if len(parts) == 0 {
			return nil, "PARTITION BY without a term", true
		}
		k = stop
	}
	if tk.word(k, "ORDER") && tk.word(k+1, "BY") {
		stop := tk.firstOf(k+2, end, nil, "ROWS", "RANGE", "GROUPS")
		for _, r := range listItems(tk, k+2, stop) {
			lo, last := r[0], r[1]-1
			nulls, desc := 0, 0
			if tk.word(last-1, "NULLS") && (tk.word(last, "FIRST") || tk.word(last, "LAST")) {
				nulls = 2
				if tk.word(last, "FIRST") {
					nulls = 1
				}
				last -= 2
			}
			if tk.word(last, "DESC") {
				desc, last = 1, last-1
			} else if tk.word(last, "ASC") {
				last--
			}
			if last < lo {
				return nil, "an ORDER BY term of the window without its expression", true
			}
			keys = append(keys, keyMarker+"("+sub(lo, last+1)+", "+strconv.Itoa(desc)+", "+strconv.Itoa(nulls)+")")
		}
		if len(keys) == 0 {
			return nil, "ORDER BY without a term", true
		}
		k = stop
	}
	var frame, offsets []string
	for j := k; j < end; j++ {
		w := strings.ToUpper(tk.at(j))
		if j > k && !frameWords[w] {
			// An offset that is not a whole number (INTERVAL 7 DAY, 1.5):
			// an expression up to its PRECEDING or FOLLOWING, which goes
			// to the converter as an argument of offsetsMarker, $n in the
			// frame's text.
			if p := tk.firstOf(j, end, nil, "PRECEDING", "FOLLOWING"); p > j && p < end {
				if _, err := strconv.ParseInt(w, 10, 64); err != nil || p > j+1 {
					frame = append(frame, "$"+strconv.Itoa(len(offsets)))
					offsets = append(offsets, sub(j, p))
					j = p - 1
					continue
				}
			}
		}
		if _, err := strconv.ParseInt(w, 10, 64); !frameWords[w] && err != nil || j == k && w != "ROWS" && w != "RANGE" && w != "GROUPS" {
			if j == k && tk.word(j, "EXCLUDE") || w == "EXCLUDE" {
				return nil, "EXCLUDE in a window not supported (ROWS, RANGE and GROUPS frames are)", true
			}
			return nil, "this window not supported: (PARTITION BY … ORDER BY … ROWS|RANGE|GROUPS BETWEEN … AND …) is", true
		}
		frame = append(frame, w)
	}
	if ignore {
		frame = append([]string{ignoreNullsFrame}, frame...)
	}
	edits = append(edits,
		edit{pos: tk.toks[open-1].pos, end: tk.toks[open-1].pos, repl: overMarker + "("},
		edit{pos: tk.toks[i].pos, end: tk.toks[end].end, repl: ", " + partitionMarker + "(" + strings.Join(parts, ", ") + "), " +
			orderMarker + "(" + strings.Join(keys, ", ") + "), '" + strings.Join(frame, " ") + "', " + offsetsMarker + "(" + strings.Join(offsets, ", ") + "))"},
	)
	return edits, "", true
}

// listItems splits the tokens [lo, hi) at their commas outside
// parentheses, into ranges [lo, hi) of tokens, none empty.
func listItems(tk tokens, lo, hi int) [][2]int {
	var out [][2]int
	for lo < hi {
		c := tk.firstOf(lo, hi, []string{","})
		if c > lo {
			out = append(out, [2]int{lo, c})
		}
		lo = c + 1
	}
	return out
}

// window converts overMarker(…), as windowAt writes it, to an
// ast.Window.
func (c *converter) window(e *sqlparser.FuncExpr) (ast.Expr, error) {
	if len(e.Exprs) != 5 {
		return nil, c.unsupported(e, "this window")
	}
	// Errors point at the call before OVER.
	fail := func(what string) error {
		p, s := c.pos(e.Exprs[0])
		return NewSyntaxError(c.text, p, "%s not supported: %s OVER (…)", what, s)
	}
	var args [5]ast.Expr
	for i, a := range e.Exprs {
		ae, ok := a.(*sqlparser.AliasedExpr)
		if !ok {
			return nil, fail("this window")
		}
		x, err := c.expr(ae.Expr)
		if err != nil {
			return nil, err
		}
		args[i] = x
	}
	f, ok := args[0].(*ast.Func)
	part, ok1 := args[1].(*ast.Func)
	order, ok2 := args[2].(*ast.Func)
	frame, ok3 := args[3].(ast.Literal)
	offs, ok4 := args[4].(*ast.Func)
	if !ok || !ok1 || !ok2 || !ok3 || !ok4 || f.Name == ast.ConcatOp {
		return nil, fail("OVER after this expression")
	}
	if !isWindowFunc(f.Name) {
		return nil, fail(f.Name + " over a window (window functions: " + strings.Join(ast.WindowFuncs, ", ") + ", and the aggregates)")
	}
	w := &ast.Window{Func: f, Partition: part.Args}
	for _, k := range order.Args {
		kf, ok := k.(*ast.Func)
		if !ok || len(kf.Args) != 3 {
			return nil, fail("this window's ORDER BY")
		}
		desc, _ := kf.Args[1].(ast.Literal)
		nulls, _ := kf.Args[2].(ast.Literal)
		w.Order = append(w.Order, ast.OrderItem{Expr: kf.Args[0], Desc: desc.Value.I == 1, Nulls: int(nulls.Value.I)})
	}
	text := frame.Value.S
	if rest, ok := strings.CutPrefix(text, ignoreNullsFrame); ok {
		switch f.Name {
		case "LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE":
		default:
			return nil, fail("IGNORE NULLS with " + f.Name + " (LAG, LEAD, FIRST_VALUE and LAST_VALUE take it)")
		}
		w.IgnoreNulls, text = true, strings.TrimSpace(rest)
	}
	if text != "" {
		var offsets []ast.FrameBound
		for _, o := range offs.Args {
			v, x, ok := frameOffset(o)
			if !ok {
				return nil, fail("a frame's offset of " + o.String() + " (a number or an INTERVAL is)")
			}
			offsets = append(offsets, ast.FrameBound{Value: v, Offset: x})
		}
		fr, err := parseFrame(text, offsets)
		if err != nil {
			return nil, fail(err.Error())
		}
		w.Frame = fr
	}
	for _, x := range ast.Children(w) {
		if ast.HasWindow(x) {
			return nil, fail("a window function inside another's call or window")
		}
	}
	return w, nil
}

// isWindowFunc reports whether a function of this name (upper case) may
// take a window: a window function, or an aggregate.
func isWindowFunc(name string) bool {
	return slices.Contains(ast.WindowFuncs, name) || slices.Contains(ast.Aggregates, name)
}

// frameError is why a frame cannot be read.
type frameError string

func (e frameError) Error() string { return string(e) }

// parseFrame reads the words of a frame (windowAt's, upper case):
// ROWS|RANGE bound, or ROWS|RANGE BETWEEN bound AND bound.
func parseFrame(text string, offsets []ast.FrameBound) (*ast.Frame, error) {
	ws := strings.Fields(text)
	fr := &ast.Frame{Rows: ws[0] == "ROWS", Groups: ws[0] == "GROUPS"}
	ws = ws[1:]
	bound := func() (ast.FrameBound, error) {
		var b ast.FrameBound
		if len(ws) < 2 {
			return b, frameError("this frame")
		}
		switch {
		case ws[0] == "UNBOUNDED" && ws[1] == "PRECEDING":
			b.Kind = ast.UnboundedPreceding
		case ws[0] == "UNBOUNDED" && ws[1] == "FOLLOWING":
			b.Kind = ast.UnboundedFollowing
		case ws[0] == "CURRENT" && ws[1] == "ROW":
			b.Kind = ast.CurrentRow
		case ws[1] == "PRECEDING" || ws[1] == "FOLLOWING":
			b.Kind = ast.Preceding
			if ws[1] == "FOLLOWING" {
				b.Kind = ast.Following
			}
			if k, ok := strings.CutPrefix(ws[0], "$"); ok {
				n, _ := strconv.Atoi(k)
				if fr.Rows || fr.Groups || n >= len(offsets) {
					return b, frameError("a ROWS or GROUPS frame's offset that is not a whole number")
				}
				b.Value, b.Offset = offsets[n].Value, offsets[n].Offset
				break
			}
			n, err := strconv.ParseInt(ws[0], 10, 64)
			if err != nil || n < 0 {
				return b, frameError("a frame's offset that is not a whole number")
			}
			b.N = n
			if !fr.Rows && !fr.Groups {
				b.Value = types.IntValue(n)
			}
		default:
			return b, frameError("this frame")
		}
		ws = ws[2:]
		return b, nil
	}
	var err error
	if len(ws) > 0 && ws[0] == "BETWEEN" {
		ws = ws[1:]
		if fr.Start, err = bound(); err != nil {
			return nil, err
		}
		if len(ws) == 0 || ws[0] != "AND" {
			return nil, frameError("this frame")
		}
		ws = ws[1:]
		if fr.End, err = bound(); err != nil {
			return nil, err
		}
	} else {
		if fr.Start, err = bound(); err != nil {
			return nil, err
		}
		fr.End = ast.FrameBound{Kind: ast.CurrentRow}
	}
	switch {
	case len(ws) > 0:
		return nil, frameError("this frame")
	case fr.Start.Kind == ast.UnboundedFollowing:
		return nil, frameError("a frame that starts at UNBOUNDED FOLLOWING")
	case fr.End.Kind == ast.UnboundedPreceding:
		return nil, frameError("a frame that ends at UNBOUNDED PRECEDING")
	case fr.Start.Kind > fr.End.Kind && !(fr.Start.Kind == ast.CurrentRow && fr.End.Kind == ast.Preceding && fr.End.N == 0) ||
		fr.Start.Kind == ast.Following && fr.End.Kind == ast.CurrentRow:
		return nil, frameError("a frame whose start follows its end")
	}
	return fr, nil
}

// qualifyEdits makes each QUALIFY c (DuckDB's filter on the rows after
// window functions, before ORDER BY and LIMIT) a last select item
// qualifyMarker(c) of its SELECT, which the grammar reads; the converter
// takes it out again as the Select's Qualify.
func qualifyEdits(tk tokens) []edit {
	var edits []edit
	depth := make([]int, len(tk.toks)) // of each token, in parentheses (a ')' outside its own)
	d := 0
	for k := range tk.toks {
		if tk.punct(k, ")") {
			d--
		}
		depth[k] = d
		if tk.punct(k, "(") {
			d++
		}
	}
	for k := range tk.toks {
		if !tk.word(k, "QUALIFY") {
			continue
		}
		// Its SELECT and that SELECT's FROM, at its depth.
		sel := -1
		for j := k - 1; j >= 0 && depth[j] >= depth[k]; j-- {
			if depth[j] == depth[k] && tk.word(j, "SELECT") {
				sel = j
				break
			}
		}
		if sel < 0 {
			continue // the grammar names it
		}
		at := k
		for j := sel + 1; j < k; j++ {
			if depth[j] == depth[k] && tk.word(j, "FROM") {
				at = j
				break
			}
		}
		end := k + 1
		for end < len(tk.toks) && depth[end] >= depth[k] && !(depth[end] == depth[k] &&
			(tk.word(end, "ORDER") || tk.word(end, "LIMIT") || tk.word(end, "OFFSET") || tk.word(end, "UNION") ||
				tk.word(end, "WINDOW") || tk.punct(end, ";"))) {
			end++
		}
		if end == k+1 {
			continue
		}
		cond := prepass(tk.text[tk.toks[k+1].pos:tk.toks[end-1].end]).text
		edits = append(edits, edit{pos: tk.toks[at].pos, end: tk.toks[at].pos, repl: ", " + qualifyMarker + "(" + cond + ") "},
			edit{pos: tk.toks[k].pos, end: tk.toks[end-1].end, repl: ""})
	}
	return edits
}

// namedWindows expands a statement's named windows, WINDOW w AS (…) [,
// v AS (…)] after its HAVING, into the windows that name them: OVER w
// becomes OVER (…), and OVER (w ORDER BY …) the window's text followed
// by the rest. The clause goes. It reports whether it changed the text;
// an OVER of a name no WINDOW defines is left for windowAt to refuse.
func namedWindows(text string) (string, bool) {
	toks := sqlTokens(text)
	tk := tokens{text, toks}
	defs := map[string]string{}
	var edits []edit
	for k := 0; k < len(toks); k++ {
		if !tk.word(k, "WINDOW") || !(k+2 < len(toks) && toks[k+1].word && tk.word(k+2, "AS") && tk.punct(k+3, "(")) {
			continue
		}
		start, j := k, k
		for toks[j+1].word && tk.word(j+2, "AS") && tk.punct(j+3, "(") {
			end := tk.closing(j + 3)
			if end < 0 {
				return text, false
			}
			body := ""
			if end > j+4 {
				body = text[toks[j+4].pos:toks[end-1].end]
			}
			defs[strings.ToLower(tk.at(j+1))] = body
			j = end
			if !tk.punct(j+1, ",") {
				break
			}
			j++
		}
		edits = append(edits, edit{pos: toks[start].pos, end: toks[j].end, repl: ""})
		k = j
	}
	if len(defs) == 0 {
		return text, false
	}
	for k := range toks {
		if !tk.word(k, "OVER") {
			continue
		}
		if body, ok := defs[strings.ToLower(tk.at(k+1))]; ok && toks[k+1].word {
			edits = append(edits, edit{pos: toks[k+1].pos, end: toks[k+1].end, repl: "(" + body + ")"})
		} else if body, ok := defs[strings.ToLower(tk.at(k+2))]; ok && tk.punct(k+1, "(") && toks[k+2].word {
			edits = append(edits, edit{pos: toks[k+2].pos, end: toks[k+2].end, repl: body})
		}
	}
	return applyEdits(text, edits).text, true
}

// frameOffset checks a RANGE frame's offset: a number not negative (its
// value), or an INTERVAL n unit, DuckDB's INTERVAL '1 day 2 hours' (a
// CAST of its text), or a sum of them, whose value the session computes
// (FrameBound.Offset).
func frameOffset(e ast.Expr) (types.Value, ast.Expr, bool) {
	switch x := e.(type) {
	case ast.Literal:
		if x.Value.K.Numeric() && types.Compare(x.Value, types.IntValue(0)) >= 0 {
			return x.Value, nil, true
		}
	case ast.Interval:
		if _, ok := x.X.(ast.Literal); ok {
			return types.Value{}, e, true
		}
	case ast.Cast:
		if l, ok := x.X.(ast.Literal); ok && x.To == types.Interval && l.Value.K == types.String {
			return types.Value{}, e, true
		}
	case ast.Arith:
		_, l, ok1 := frameOffset(x.L)
		_, r, ok2 := frameOffset(x.R)
		if ok1 && ok2 && l != nil && r != nil && x.Op == types.Add {
			return types.Value{}, e, true
		}
	}
	return types.Value{}, nil, false
}
