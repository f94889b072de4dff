package exec

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// TestChunkedScan (from package sql, where the chunk size was before the
// engine in stages) cuts files into tiny chunks, so that chunk edges fall
// in every position of a line, and checks answers and error line numbers.

// chunkLake writes lines to a lake "l" keyed by key and returns its
// snapshot.
func chunkLake(t *testing.T, key []string, maxRows int64, lines []string) *catalog.Snapshot {
	t.Helper()
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(raw, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.Create("l", key, raw, maxRows); err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot("l")
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// manyChunks runs the test with workers scan workers and work items of
// about bytes bytes, until it ends.
func manyChunks(t *testing.T, workers int, bytes int64) {
	procs, old := runtime.GOMAXPROCS(workers), chunkBytes
	chunkBytes = bytes
	t.Cleanup(func() {
		runtime.GOMAXPROCS(procs)
		chunkBytes = old
	})
}

// chunkPred is a random condition over the fields of the random lakes.
func chunkPred(rng *rand.Rand, depth int) ast.Expr {
	if depth > 0 && rng.IntN(3) > 0 {
		l, r := chunkPred(rng, depth-1), chunkPred(rng, depth-1)
		switch rng.IntN(3) {
		case 0:
			return ast.And{L: l, R: r}
		case 1:
			return ast.Or{L: l, R: r}
		}
		return ast.Not{X: l}
	}
	col := ast.Col([]string{"k1", "k2", "v", "amount"}[rng.IntN(4)])
	lit := func() ast.Expr {
		if rng.IntN(2) == 0 {
			return ast.Str([]string{"a", "b", "1", "10", "NULL", "", "x/y", "서울"}[rng.IntN(8)])
		}
		return ast.Int(int64(rng.IntN(30) - 10))
	}
	switch rng.IntN(3) {
	case 0:
		return ast.IsNull{X: col, Not: rng.IntN(2) == 0}
	case 1:
		return ast.In{X: col, List: []ast.Expr{lit(), lit()}, Not: rng.IntN(2) == 0}
	}
	return ast.Compare{Op: []string{"=", "!=", "<", "<=", ">", ">="}[rng.IntN(6)], L: col, R: lit()}
}

func runSelect(t *testing.T, src plan.Source, sel *ast.Select) (*Result, error) {
	t.Helper()
	p, err := plan.Bind(sel, src)
	if err != nil {
		t.Fatalf("bind %s: %v", sel, err)
	}
	optimizer.Optimize(p)
	return Run(context.Background(), p)
}

func TestChunkedScan(t *testing.T) {
	keyValues := []string{`"a"`, `"b"`, `"1"`, `"10"`, `"NULL"`, `""`, `"x/y"`, `"서울"`, `1`, `2.5`, `10`, `true`, `null`, ``}
	plainValues := []string{`"a"`, `"b"`, `"1"`, `3`, `7`, `-2`, `null`, ``, `false`, `"esc\"aped\\"`}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		var lines []string
		for i := range 1 + rng.IntN(120) {
			var m []string
			add := func(name, raw string) {
				if raw != "" {
					m = append(m, strconv.Quote(name)+":"+raw)
				}
			}
			add("k1", keyValues[rng.IntN(len(keyValues))])
			add("k2", keyValues[rng.IntN(len(keyValues))])
			add("v", plainValues[rng.IntN(len(plainValues))])
			add("amount", strconv.Itoa(rng.IntN(200)-50))
			add("id", strconv.Itoa(i))
			rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
			lines = append(lines, "{"+strings.Join(m, ",")+"}")
		}
		snap := chunkLake(t, []string{"k1", "k2"}, int64(rng.IntN(4)), lines)
		for range 10 {
			sel := &ast.Select{From: ast.Table{Name: "l"}, Where: chunkPred(rng, 2), Limit: -1, Items: []ast.SelectItem{
				{Expr: &ast.Func{Name: "COUNT", Star: true}},
				{Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("amount")}}},
				{Expr: &ast.Func{Name: "COUNT", Args: []ast.Expr{ast.Col("v")}, Distinct: true}},
				{Expr: &ast.Func{Name: "MAX", Args: []ast.Expr{ast.Col("id")}}}}}
			whole, err := runSelect(t, snap, sel)
			if err != nil {
				t.Fatal(err)
			}
			old := chunkBytes
			chunkBytes = int64(1 + rng.IntN(60))
			split, err := runSelect(t, snap, sel)
			chunkBytes = old
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(whole.Rows, whole.Stats) != fmt.Sprint(split.Rows, split.Stats) {
				t.Fatalf("%s: whole files %v %+v, chunks %v %+v", sel, whole.Rows, whole.Stats, split.Rows, split.Stats)
			}
		}
	}

	// A bad line is named by its number whichever chunk holds it: once
	// with the file's size unchanged, once changed with the sizes not
	// checked (as sql.RunPinned looks for a bad line in a damaged lake).
	for _, sameSize := range []bool{true, false} {
		var lines []string
		for i := range 40 {
			lines = append(lines, fmt.Sprintf(`{"d":"a","i":%d}`, i))
		}
		snap := chunkLake(t, []string{"d"}, 0, lines)
		p := snap.Path(snap.Files()[0].Path)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rows := strings.SplitAfter(string(data), "\n")
		bad := `{"d":"a","i":`
		if sameSize {
			bad += strings.Repeat(" ", len(rows[30])-1-len(bad))
		}
		rows[30] = bad + "\n"
		if err := os.WriteFile(p, []byte(strings.Join(rows, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		sel := &ast.Select{From: ast.Table{Name: "l"}, Limit: -1,
			Items: []ast.SelectItem{{Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("i")}}}}}
		q, err := plan.Bind(sel, snap)
		if err != nil {
			t.Fatal(err)
		}
		optimizer.Optimize(q)
		q.Scan.IgnoreSizes = !sameSize
		old := chunkBytes
		chunkBytes = 100
		_, err = Run(context.Background(), q)
		chunkBytes = old
		if err == nil || !strings.Contains(err.Error(), "line 31") {
			t.Fatalf("same size %v: got %v, want an error naming line 31", sameSize, err)
		}
	}
}

// TestOnePhaseSameAnswers: a worker whose rows mostly pass the filter
// takes every field in one walk (onePhase), one whose rows mostly fail
// takes four names in two phases; the answers are those of the other
// way, for rows of four fields and more of mixed kinds (nulls,
// escapes, nested values, fields missing or twice), filters that pass
// most rows or few, a sink of raw values (GROUP BY of fields) and one of
// decoded values (a projection in order).
func TestOnePhaseSameAnswers(t *testing.T) {
	values := []string{`"a"`, `"b"`, `"x\"y"`, `1`, `7`, `-2`, `2.5`, `0.25`, `null`, ``, `true`, `{"n":1}`, `[1,2]`}
	rng := rand.New(rand.NewPCG(9, 10))
	var lines []string
	for i := range 9000 {
		var m []string
		add := func(name, raw string) {
			if raw != "" {
				m = append(m, strconv.Quote(name)+":"+raw)
			}
		}
		add("k", `"`+string(rune('p'+i%3))+`"`)
		for _, f := range []string{"f1", "f2", "f3", "f4", "f5"} {
			if rng.IntN(10) == 0 {
				add(f, values[rng.IntN(len(values))])
			} else {
				add(f, strconv.Itoa(rng.IntN(100)))
			}
		}
		if rng.IntN(50) == 0 {
			add("f2", values[rng.IntN(len(values))]) // the last one counts
		}
		add("id", strconv.Itoa(i))
		rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		lines = append(lines, "{"+strings.Join(m, ",")+"}")
	}
	snap := chunkLake(t, []string{"k"}, 0, lines)
	sum := func(x ast.Expr) ast.SelectItem {
		return ast.SelectItem{Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{x}}}
	}
	grouped := func(where ast.Expr) *ast.Select {
		return &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1, GroupBy: []ast.Expr{ast.Col("f5")},
			Items: []ast.SelectItem{{Expr: ast.Col("f5")}, sum(ast.Col("f1")), sum(ast.Col("f2")), sum(ast.Col("f3")),
				{Expr: &ast.Func{Name: "COUNT", Args: []ast.Expr{ast.Col("f4")}}}},
			OrderBy: []ast.OrderItem{{Expr: ast.Col("f5")}}}
	}
	computed := func(where ast.Expr) *ast.Select {
		return &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1,
			Items: []ast.SelectItem{{Expr: ast.Col("id")}, {Expr: ast.Col("f1")}, {Expr: ast.Col("f2")},
				{Expr: &ast.Func{Name: "COALESCE", Args: []ast.Expr{ast.Col("f3"), ast.Col("f4")}}}, {Expr: ast.Col("f5")}},
			OrderBy: []ast.OrderItem{{Expr: ast.Col("id")}}}
	}
	most := ast.Compare{Op: ">=", L: ast.Col("f1"), R: ast.Int(5)} // about nine rows in ten
	few := ast.Compare{Op: "<", L: ast.Col("f1"), R: ast.Int(5)}   // about one in ten
	mixed := ast.Or{L: most, R: ast.IsNull{X: ast.Col("f2")}}      // not decided on raw values alone
	// Four names, which the block masks serve in one phase until the
	// rows tell that few pass.
	narrow := func(where ast.Expr) *ast.Select {
		return &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1,
			Items:   []ast.SelectItem{{Expr: ast.Col("id")}, {Expr: ast.Col("f2")}, {Expr: ast.Col("f3")}},
			OrderBy: []ast.OrderItem{{Expr: ast.Col("id")}}}
	}
	for _, sel := range []*ast.Select{grouped(most), grouped(few), grouped(mixed), computed(most), computed(few), computed(mixed),
		narrow(most), narrow(few), narrow(mixed)} {
		old := onePhaseAfter
		onePhaseAfter = 1 << 62 // never weighed: two phases past four names, one for four
		two, err := runSelect(t, snap, sel)
		onePhaseAfter = 0 // weighed from the first row on
		one, err2 := runSelect(t, snap, sel)
		onePhaseAfter = old
		if err != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", sel, err, err2)
		}
		if len(two.Rows) == 0 || fmt.Sprint(two.Rows) != fmt.Sprint(one.Rows) {
			t.Fatalf("%s: two phases give %d rows %v\none phase %d rows %v", sel, len(two.Rows), two.Rows[:min(5, len(two.Rows))],
				len(one.Rows), one.Rows[:min(5, len(one.Rows))])
		}
	}
}

// TestShortKeysSameGroups: rows of several GROUP BY values find their
// group through recentKey's cache of short keys; the groups are those the
// table alone gives, for keys of 4 to 30 bytes (the cache takes those of
// at most 16, read as two words), values of mixed kinds and NULL, many
// groups (so that keys share places in the cache) and few, through the
// raw path (fields) and the value path (an expression among the keys).
func TestShortKeysSameGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, groups := range []int{3, 40, 3000} {
		var lines []string
		for i := range 6000 {
			g := rng.IntN(groups)
			k1 := []string{`"` + strings.Repeat("x", g%13) + `"`, strconv.Itoa(g), `null`, `"é"`}[g%4]
			k2 := `"` + strconv.Itoa(g/4) + `"`
			lines = append(lines, fmt.Sprintf(`{"k":"p","k1":%s,"k2":%s,"v":%d,"id":%d}`, k1, k2, rng.IntN(100), i))
		}
		snap := chunkLake(t, []string{"k"}, 0, lines)
		for _, keys := range [][]ast.Expr{
			{ast.Col("k1"), ast.Col("k2")},
			{ast.Col("k2"), ast.Col("k1")},
			{ast.Col("k1"), &ast.Func{Name: "LENGTH", Args: []ast.Expr{ast.Col("k2")}}},
		} {
			items := []ast.SelectItem{{Expr: &ast.Func{Name: "COUNT", Star: true}},
				{Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("v")}}}}
			var order []ast.OrderItem
			for _, k := range keys {
				items = append(items, ast.SelectItem{Expr: k})
				order = append(order, ast.OrderItem{Expr: k})
			}
			sel := &ast.Select{From: ast.Table{Name: "l"}, Limit: -1, GroupBy: keys, Items: items, OrderBy: order}
			cached, err := runSelect(t, snap, sel)
			shortKeysOn = false
			plain, err2 := runSelect(t, snap, sel)
			shortKeysOn = true
			if err != nil || err2 != nil {
				t.Fatalf("%s: %v, %v", sel, err, err2)
			}
			if len(plain.Rows) < min(groups, 3) || fmt.Sprint(plain.Rows) != fmt.Sprint(cached.Rows) {
				t.Fatalf("%s (%d groups): without the cache %d rows %v\nwith it %d rows %v", sel, groups,
					len(plain.Rows), plain.Rows[:min(6, len(plain.Rows))], len(cached.Rows), cached.Rows[:min(6, len(cached.Rows))])
			}
		}
	}
}

// TestRawDateCompare: a comparison of a field with a DATE or a TIMESTAMP
// is decided on the raw JSON of a row whose field is a string of an ISO
// date; its answers are those of the same comparison evaluated on the
// decoded values (`(cmp) = TRUE`, which no scan decides raw), for every
// operator, rows of dates about the constant, leap days, NULL, a missing
// field, a number, a timestamp's text and an escaped date, which go the
// general way.
func TestRawDateCompare(t *testing.T) {
	var lines []string
	for i := range 3000 {
		var d string
		switch i % 10 {
		case 0:
			d = `null`
		case 1:
			d = ``
		case 2:
			d = `"1996-02-29"`
		case 3:
			d = `"1996-03-01 00:00:00"`
		case 4:
			d = `"1996\u002d03-01"`
		default:
			d = fmt.Sprintf(`"1996-%02d-%02d"`, 1+i%12, 1+i%28)
		}
		field := ""
		if d != "" {
			field = `"d":` + d + `,`
		}
		lines = append(lines, fmt.Sprintf(`{%s"k":"p%d","id":%d}`, field, i%3, i))
	}
	snap := chunkLake(t, []string{"k"}, 0, lines)
	march := types.DateValue(9556)                         // 1996-03-01
	noon := types.TimestampValue(9556*86400e6 + 12*3600e6) // 1996-03-01 12:00
	for _, lit := range []types.Value{march, noon} {
		for _, op := range []string{"=", "!=", "<", "<=", ">", ">="} {
			cmp := ast.Compare{Op: op, L: ast.Col("d"), R: ast.Literal{Value: lit}}
			count := func(where ast.Expr) string {
				sel := &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1, Items: []ast.SelectItem{
					{Expr: &ast.Func{Name: "COUNT", Star: true}}, {Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col("id")}}}}}
				res, err := runSelect(t, snap, sel)
				if err != nil {
					t.Fatalf("%s: %v", sel, err)
				}
				return fmt.Sprint(res.Rows)
			}
			raw, decoded := count(cmp), count(ast.Compare{Op: "=", L: cmp, R: ast.Literal{Value: types.BoolValue(true)}})
			if raw != decoded || raw == "[[0 NULL]]" && op != "=" {
				t.Errorf("d %s %v: %s on raw values, %s decoded", op, lit, raw, decoded)
			}
			// The field read above the scan too (aggregates' arguments, one
			// of them an expression, so that the sink takes decoded rows): a
			// row the raw term passed has it decoded.
			byDay := func(where ast.Expr) string {
				sel := &ast.Select{From: ast.Table{Name: "l"}, Where: where, Limit: -1, GroupBy: []ast.Expr{ast.Col("k")}, Items: []ast.SelectItem{
					{Expr: ast.Col("k")}, {Expr: &ast.Func{Name: "MAX", Args: []ast.Expr{ast.Col("d")}}},
					{Expr: &ast.Func{Name: "MIN", Args: []ast.Expr{ast.Col("d")}}}, {Expr: &ast.Func{Name: "COUNT", Args: []ast.Expr{ast.Col("d")}}},
					// An argument that is an expression: the sink takes decoded rows.
					{Expr: &ast.Func{Name: "MAX", Args: []ast.Expr{&ast.Func{Name: "COALESCE", Args: []ast.Expr{ast.Col("d"), ast.Str("none")}}}}}}}
				res, err := runSelect(t, snap, sel)
				if err != nil {
					t.Fatalf("%s: %v", sel, err)
				}
				rows := make([]string, len(res.Rows))
				for i, r := range res.Rows {
					rows[i] = fmt.Sprint(r)
				}
				slices.Sort(rows)
				return strings.Join(rows, " ")
			}
			if raw, decoded := byDay(cmp), byDay(ast.Compare{Op: "=", L: cmp, R: ast.Literal{Value: types.BoolValue(true)}}); raw != decoded {
				t.Errorf("d %s %v, grouped: %s on raw values, %s decoded", op, lit, raw, decoded)
			}
		}
	}
}

// orderSink counts the rows that its worker pushes.
type orderSink struct{ rows int }

func (s *orderSink) push(plan.Row, []byte) (bool, error) { s.rows++; return false, nil }

// TestScanWorkersMakeTheirState: each worker makes its own scanner and
// sink (so that they come from its own processor's memory, see scan),
// one after the other in worker order, as the callers that keep a slice
// of sinks by worker expect; every row reaches one sink. Run with -race,
// it also checks that no two workers make theirs at once.
func TestScanWorkersMakeTheirState(t *testing.T) {
	manyChunks(t, 4, 200)
	var lines []string
	for i := range 2000 {
		lines = append(lines, fmt.Sprintf(`{"k":"%c","i":%d}`, 'a'+i%3, i))
	}
	snap := chunkLake(t, []string{"k"}, 100, lines)
	sh, err := shapeOf(prepareIn(t, "SELECT i FROM l", snap).Root)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		var order []int
		var sinks []*orderSink
		st, err := scan(context.Background(), sh.scan, false, sh.needed(), func(w int) rowSink {
			order = append(order, w)
			s := &orderSink{}
			sinks = append(sinks, s)
			return s
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{0, 1, 2, 3}; !slices.Equal(order, want) {
			t.Fatalf("sinks made for workers %v, want %v", order, want)
		}
		total := 0
		for _, s := range sinks {
			total += s.rows
		}
		if total != len(lines) || st.RowsRead != int64(len(lines)) {
			t.Fatalf("sinks took %d rows, stats %d; want %d", total, st.RowsRead, len(lines))
		}
	}
}
