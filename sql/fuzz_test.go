package sql

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Seeds shared by the fuzz targets of this file, all read from the repo's
// testdata: the statements of parser/testdata/statements.txt, the
// statements of lakesql's golden scripts, and the --where values of pq's
// test scripts. (FuzzLakeCommand moved to sql/parser, with its corpus.)

// scriptStatements returns the statements of cmd/lakesql/testdata/*.sql,
// cut with Split after dropping the shell's dot commands.
func scriptStatements(tb testing.TB) []string {
	files, err := filepath.Glob("../cmd/lakesql/testdata/*.sql")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		var kept []string
		for _, line := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), ".") {
				kept = append(kept, line)
			}
		}
		for _, p := range parser.Split(strings.Join(kept, "\n")) {
			out = append(out, p.Text)
		}
	}
	return out
}

var whereFlagRE = regexp.MustCompile(`--where[= ]('[^']*'|"[^"]*"|[^\s']*)`)

// pqWhereValues returns the --where values of cmd/pq/testdata/script.
func pqWhereValues(tb testing.TB) []string {
	files, err := filepath.Glob("../cmd/pq/testdata/script/*.txtar")
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		for _, m := range whereFlagRE.FindAllStringSubmatch(string(data), -1) {
			v := m[1]
			if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') {
				v = v[1 : len(v)-1]
			}
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// allStatements is every statement text of the testdata, good and bad.
func allStatements(tb testing.TB) []string {
	var out []string
	for _, c := range loadStatements(tb) {
		out = append(out, c.in)
	}
	return append(out, scriptStatements(tb)...)
}

// FuzzParseWhereExact: pq's --where parser accepts exactly the lists of
// field=value conditions with a non-empty field, gives back one text
// equality per condition (field and value as typed, split at the first
// '='), points errors at the offending condition, and prints a WHERE that
// lakesql's SQL parser reads back as the same field, operator and value.
// (The SQL reads back as SQL's typed comparison, where pq compares the
// value's text: see TestOneEngine. The old engine had one comparison.)
func FuzzParseWhereExact(f *testing.F) {
	for _, s := range pqWhereValues(f) {
		f.Add(s)
	}
	for _, s := range []string{"a=1,b=2", "a=", "=x", "a", "a=b=c,d=e", "", ",", "a=1,", "`x`=y", "a b=c d", "a='x'", `a=x\y`, "é=ü", "a=--x", "a=/*", "a=1;b=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseWhere(s)
		parts := strings.Split(s, ",")
		bad, pos := -1, 0
		for i, part := range parts {
			if field, _, ok := strings.Cut(part, "="); !ok || field == "" {
				bad = i
				break
			}
			pos += len(part) + 1
		}
		if bad >= 0 {
			var se *parser.SyntaxError
			if err == nil {
				t.Fatalf("%q: accepted as %s, but condition %q is malformed", s, e, parts[bad])
			}
			if !errors.As(err, &se) {
				t.Fatalf("%q: got %v (%T), want a *SyntaxError", s, err, err)
			}
			if se.Pos != pos {
				t.Fatalf("%q: error at byte %d, want %d (condition %q): %v", s, se.Pos, pos, parts[bad], err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v, want it accepted", s, err)
		}
		cs := ast.Conjuncts(e)
		if len(cs) != len(parts) {
			t.Fatalf("%q: %d conditions, want %d: %s", s, len(cs), len(parts), e)
		}
		for i, c := range cs {
			field, value, _ := strings.Cut(parts[i], "=")
			want := ast.Compare{Op: "=", L: ast.Col(field), R: ast.Str(value), Text: true}
			if !reflect.DeepEqual(c, want) {
				t.Fatalf("%q: condition %d is %#v, want %#v", s, i, c, want)
			}
		}
		// The same condition typed as SQL: what EXPLAIN would show for it
		// must mean the same to lakesql.
		if !utf8Printable(s) {
			return // SQL text cannot hold every byte
		}
		q := "SELECT COUNT(*) FROM t WHERE " + e.String()
		st, err := parser.Parse(q)
		if err != nil {
			t.Fatalf("%q: printed as %q, which does not parse: %v", s, q, err)
		}
		got := st.(*ast.Select).Where
		back := ast.Conjuncts(got)
		for i, c := range back {
			// The same field, operator and value: the position of the
			// column in the SQL text, and SQL's typed comparison, aside.
			if cmp, ok := c.(ast.Compare); ok {
				if col, ok := cmp.L.(ast.Column); ok {
					col.Pos = 0
					cmp.L = col
				}
				cmp.Text = true
				back[i] = cmp
			}
		}
		if !reflect.DeepEqual(back, cs) {
			t.Fatalf("%q: printed as %q, which reads back as %s (%#v)", s, q, got, back)
		}
	})
}

// utf8Printable reports whether s is valid UTF-8 without control
// characters or NUL, which a SQL statement can carry in a quoted string.
func utf8Printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0xfffd {
			return false
		}
	}
	return true
}

// planLake is a lake of the FuzzPlan fixture.
type planLake struct {
	name string
	key  []string
	snap *catalog.Snapshot
}

// oddRows are rows whose key fields take every kind of value the pruner
// must get right: numbers, strings that look like numbers or like NULL,
// booleans, null, missing, escapes, non-ASCII, characters that folders
// escape; and amounts that are not all integers (all exact in binary, so
// that sums do not depend on the order of the workers).
func oddRows(n int) []string {
	keys := append(slices.Clone(keyValues), `"seoul"`, `"app"`, `"a\"b"`, `"\u0041"`, `-0`, `1e1`, `1.50`,
		`"2026-01-03"`, `false`, `"__HIVE_DEFAULT_PARTITION__"`, `" "`, `"%"`, `"a=b"`, `"."`)
	amounts := []string{`1`, `-3`, `2.5`, `0.25`, `1e2`, `"7"`, `null`, ``, `true`, `{"n":1}`, `[1]`, `999`}
	notes := []string{`"plain"`, `"back\\slash"`, `"quote\"d"`, `"\u00e9"`, `"서울"`, `null`, ``}
	rng := rand.New(rand.NewPCG(5, 8))
	var out []string
	for i := range n {
		var m []string
		add := func(name, raw string) {
			if raw != "" {
				m = append(m, strconv.Quote(name)+":"+raw)
			}
		}
		add("order_id", fmt.Sprintf(`"x-%03d"`, i))
		add("day", keys[rng.IntN(len(keys))])
		add("region", keys[rng.IntN(len(keys))])
		add("channel", keys[rng.IntN(len(keys))])
		add("amount", amounts[rng.IntN(len(amounts))])
		add("qty", keys[rng.IntN(len(keys))])
		add("note", notes[rng.IntN(len(notes))])
		rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		out = append(out, "{"+strings.Join(m, ",")+"}")
	}
	return out
}

// planFixture writes, once per fuzzing process, three lakes in a work
// folder: orders (300 sample orders keyed by day), orders_fine (the same
// orders and 60 odd rows keyed by region and channel) and misc (the same
// rows keyed by qty and day, two files at most per partition).
func planFixture(f *testing.F) (*Session, []planLake) {
	dir := f.TempDir()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, 300, catalog.DefaultOrderSeed); err != nil {
		f.Fatal(err)
	}
	orders := filepath.Join(dir, "orders.jsonl")
	if err := os.WriteFile(orders, raw.Bytes(), 0o644); err != nil {
		f.Fatal(err)
	}
	raw.WriteString(strings.Join(oddRows(60), "\n") + "\n")
	mixed := filepath.Join(dir, "mixed.jsonl")
	if err := os.WriteFile(mixed, raw.Bytes(), 0o644); err != nil {
		f.Fatal(err)
	}
	// Lakes are written to disk as usual, then read through a catalog
	// whose data files are served from memory once read: the fixture never
	// changes, and a fuzzer's time is better spent on statements than on
	// open(2).
	c := &catalog.Catalog{FS: &cachedFS{FS: storage.OS, files: map[string]*cachedFile{}}, Dir: dir}
	w := catalog.New(dir)
	lakes := []planLake{
		{name: "orders", key: []string{"day"}},
		{name: "orders_fine", key: []string{"region", "channel"}},
		{name: "misc", key: []string{"qty", "day"}},
	}
	for i, l := range lakes {
		src, maxRows := mixed, int64(0)
		switch l.name {
		case "orders":
			src = orders
		case "misc":
			maxRows = 8
		}
		if _, err := w.Create(l.name, l.key, src, maxRows); err != nil {
			f.Fatal(err)
		}
		snap, err := c.Snapshot(l.name)
		if err != nil {
			f.Fatal(err)
		}
		lakes[i].snap = snap
	}
	return NewSession(c), lakes
}

// cachedFS serves the lake files (*.jsonl) of a fixture that never
// changes from memory, and everything else from FS.
type cachedFS struct {
	storage.FS
	mu    sync.Mutex
	files map[string]*cachedFile
}

type cachedFile struct {
	data []byte
	info fs.FileInfo
}

func (c *cachedFS) Open(name string) (storage.File, error) {
	if !strings.HasSuffix(name, ".jsonl") {
		return c.FS.Open(name)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cf := c.files[name]
	if cf == nil {
		info, err := c.FS.Stat(name)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		cf = &cachedFile{data: data, info: info}
		c.files[name] = cf
	}
	return &memFile{Reader: bytes.NewReader(cf.data), cf: cf, name: name}, nil
}

// memFile is a read-only storage.File over bytes; it can seek, as a scan
// that starts in the middle of a file needs.
type memFile struct {
	*bytes.Reader
	cf   *cachedFile
	name string
}

func (m *memFile) Write([]byte) (int, error)  { return 0, errors.ErrUnsupported }
func (m *memFile) Close() error               { return nil }
func (m *memFile) Sync() error                { return nil }
func (m *memFile) Stat() (fs.FileInfo, error) { return m.cf.info, nil }
func (m *memFile) Name() string               { return m.name }

// FuzzPlan parses a statement and, when it is a SELECT (or EXPLAIN of
// one), plans and runs it over each lake of a small fixture twice: with
// partition pruning, and with the partition values hidden so that nothing
// can be pruned (prune_test.go's unpruned). Nothing may panic, and pruning
// must not change the answer: the same error or the same columns and rows
// (aggregate rows compared as a set, since ties in their order depend on
// which worker saw a group first). An expression that fails on a row
// (NOT 'text') is an evaluation error on both sides, or none with pruning
// when the failing rows were pruned: which row fails first is the
// workers' race, and SQL does not promise to evaluate a condition on rows
// that cannot match. Read-only statements also run through
// a Session over the fixture, for the code paths around the plan.
func FuzzPlan(f *testing.F) {
	for _, s := range allStatements(f) {
		f.Add(s)
	}
	for _, w := range pqWhereValues(f) {
		if e, err := ParseWhere(w); err == nil {
			f.Add("SELECT COUNT(*), SUM(amount) FROM orders_fine WHERE " + e.String())
		}
	}
	for _, s := range []string{
		"SELECT qty, COUNT(*), SUM(amount), MIN(amount), MAX(note), AVG(amount) FROM misc WHERE qty >= 2 OR day IS NULL GROUP BY qty",
		"SELECT * FROM misc WHERE qty IN ('1', 10, true) ORDER BY order_id LIMIT 7 OFFSET 1",
		"SELECT region, channel, COUNT(DISTINCT amount) FROM orders_fine WHERE NOT (region = 'NULL' OR channel != '1') GROUP BY region, channel",
		"SELECT order_id FROM orders_fine WHERE region = channel AND region > 'a' ORDER BY order_id DESC LIMIT 3",
		"SELECT COUNT(*) FROM misc WHERE qty = 10 AND day = '2026-01-03' OR qty IS NOT NULL AND NOT day IN ('x/y', '')",
		"SELECT COUNT(*) FROM misc WHERE 1 = 1 AND qty = -0 AND qty < 1e1",
		"EXPLAIN ANALYZE SELECT region, SUM(amount) FROM orders_fine WHERE region BETWEEN 'a' AND 'z' GROUP BY region ORDER BY 2",
	} {
		f.Add(s)
	}
	sess, lakes := planFixture(f)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, text string) {
		st, err := parser.Parse(text)
		if err != nil {
			return
		}
		var sel *ast.Select
		switch st := st.(type) {
		case *ast.Select:
			sel = st
		case *ast.Explain:
			sel = st.Select
		case ast.ShowLakes, ast.ShowPartitions, ast.ShowFiles, ast.ShowLayout, ast.Describe:
		default:
			return // lake commands that write are not run here
		}
		sess.Run(ctx, st) // must not panic; errors are fine
		if sel == nil {
			return
		}
		for _, l := range lakes {
			if isAggregate(sel) && (sel.Limit >= 0 || sel.Offset > 0) {
				// Which groups survive LIMIT may depend on ties in their
				// order; how many, and the whole answer, may not.
				comparePruning(t, ctx, l, sel, false)
				whole := *sel
				whole.Limit, whole.Offset = -1, 0
				comparePruning(t, ctx, l, &whole, true)
				continue
			}
			comparePruning(t, ctx, l, sel, true)
		}
	})
}

// isAggregate reports whether sel aggregates: GROUP BY, HAVING, or an
// aggregate function in the select list or ORDER BY.
func isAggregate(sel *ast.Select) bool {
	if len(sel.GroupBy) > 0 || sel.Having != nil {
		return true
	}
	names := aggregate.Names()
	found := false
	look := func(e ast.Expr) {
		ast.Walk(e, func(e ast.Expr) bool {
			if f, ok := e.(*ast.Func); ok && slices.Contains(names, f.Name) {
				found = true
			}
			return !found
		})
	}
	for _, it := range sel.Items {
		look(it.Expr)
	}
	for _, o := range sel.OrderBy {
		look(o.Expr)
	}
	return found
}

// comparePruning runs sel over lake l with and without pruning and fails
// when the answers differ (with !rows, when their sizes differ).
func comparePruning(t *testing.T, ctx context.Context, l planLake, sel *ast.Select, rows bool) {
	t.Helper()
	pruned, perr := planRun(ctx, l.snap, sel)
	full, ferr := planRun(ctx, unpruned{l.snap}, sel)
	if errors.Is(ferr, plan.ErrEval) {
		// An expression failed on some row (NOT 'text'): which row fails
		// first depends on the workers, and the pruned scan reads fewer
		// rows, so it may not fail at all; but it must not fail otherwise.
		if perr != nil && !errors.Is(perr, plan.ErrEval) {
			t.Fatalf("lake %s (key %v): %s\npruned:   %v\nunpruned: %v", l.name, l.key, sel, perr, ferr)
		}
		return
	}
	if (perr == nil) != (ferr == nil) || perr != nil && perr.Error() != ferr.Error() {
		t.Fatalf("lake %s (key %v): %s\npruned:   %v\nunpruned: %v", l.name, l.key, sel, perr, ferr)
	}
	if perr != nil {
		return
	}
	agg := isAggregate(sel)
	p, u := canonical(pruned, agg), canonical(full, agg)
	if !rows {
		// The names only: which rows survive the LIMIT (and so whether a
		// column's values are all numbers) may depend on ties.
		names := func(res *Result) string {
			var ns []string
			for _, c := range res.Columns {
				ns = append(ns, c.Name)
			}
			return strings.Join(ns, "|")
		}
		p, u = []string{names(pruned)}, []string{names(full)}
		if len(pruned.Rows) != len(full.Rows) {
			t.Fatalf("lake %s (key %v): %s: %d rows with pruning, %d without", l.name, l.key, sel, len(pruned.Rows), len(full.Rows))
		}
	}
	if !slices.Equal(p, u) {
		t.Fatalf("lake %s (key %v): %s\npruned:   %q\nunpruned: %q", l.name, l.key, sel, p, u)
	}
	if pruned.Stats.FilesScanned > full.Stats.FilesScanned {
		t.Fatalf("lake %s: %s: pruning opened %d files, no pruning %d", l.name, sel, pruned.Stats.FilesScanned, full.Stats.FilesScanned)
	}
	// (HAVING without GROUP BY, which the engine in stages runs, may
	// leave no row.)
	if agg && sel.Limit < 0 && sel.Offset == 0 && len(sel.GroupBy) == 0 && sel.Having == nil && len(pruned.Rows) != 1 {
		t.Fatalf("lake %s: %s: %d rows without GROUP BY", l.name, sel, len(pruned.Rows))
	}
}

// planRun plans sel over src as lakesql does (Prepare: bind, optimize)
// and runs the plan.
func planRun(ctx context.Context, src Source, sel *ast.Select) (*Result, error) {
	p, err := Prepare(src, sel)
	if err != nil {
		return nil, err
	}
	r, err := exec.Run(ctx, p)
	if err != nil {
		return nil, err
	}
	return toResult(r), nil
}

// canonical renders a result as comparable lines: the columns, then one
// line per row (sorted when the row order may legitimately vary). Numbers
// are compared by value, so that MIN over 1 and 1.0 may give either.
func canonical(res *Result, sorted bool) []string {
	var cols []string
	for _, c := range res.Columns {
		cols = append(cols, fmt.Sprintf("%s:%v", c.Name, c.Numeric))
	}
	var rows []string
	for _, r := range res.Rows {
		cells := make([]string, len(r))
		for i, v := range r {
			switch v.K {
			case types.Int, types.Float:
				n, _ := v.Float()
				if n == 0 {
					n = 0 // -0
				}
				// 12 digits: a float aggregate merged from workers in
				// another order differs in its last bits.
				cells[i] = "n" + strconv.FormatFloat(n, 'g', 12, 64)
				if v.K == types.Int && math.Abs(float64(v.I)) > 1<<53 {
					cells[i] = "n" + strconv.FormatInt(v.I, 10)
				}
			case types.Huge:
				cells[i] = "n" + v.S
			case types.Null:
				cells[i] = "NULL"
			default:
				cells[i] = fmt.Sprintf("%d%q", v.K, v.String())
			}
		}
		rows = append(rows, strings.Join(cells, "|"))
	}
	if sorted {
		slices.Sort(rows)
	}
	return append([]string{strings.Join(cols, "|")}, rows...)
}
