package sql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// Defaults of lake commands that leave a size or ratio out.
const (
	DefaultSmall  = 64 << 10 // SHOW LAYOUT: files under this are small
	DefaultTarget = 64 << 20 // ALTER LAKE … COMPACT: bytes per file
	// ALTER LAKE … COMPACT keeps files of at least TARGET × this many bytes
	// (Paimon's default) unless SMALL RATIO or REWRITE ALL says otherwise.
	DefaultSmallRatio = 0.7
)

// Session runs statements against the lakes of one work folder.
type Session struct {
	Catalog *catalog.Catalog
	Now     func() time.Time // the clock for EXPLAIN ANALYZE and history; default time.Now
	// Memory is what queries may hold and where they spill (SET
	// memory_limit, SET temp_directory); the zero value is the default.
	Memory Memory
	// OnMemoryLimit, when set, is told the limit each time SET changes it
	// (the commands set the Go runtime's soft limit from it).
	OnMemoryLimit func(limit int64)

	mu     sync.Mutex
	fields map[string][]string // lake -> field names sampled, for completion
	// rowNames: lake -> the names of its first rows in their order (see
	// rowFields), read once a session as fields are.
	rowNames map[string][]string
	ndv      map[string]float64 // lake\x00field -> its few distinct values in the first rows (-1: more), for join orders
	sel      map[string]float64 // lake\x00name\x00WHERE -> the share of rows it keeps (selectivity; -1: unknown)
	// pins: lake -> the snapshot that the reading statement running
	// reads it at, while reading > 0 (see readingStatement).
	pins    map[string]*catalog.Snapshot
	reading int
	// rounds: a recursive CTE's table of its round before, by its name,
	// while the CTE is made (see deriveRecursive).
	rounds map[string]*derivedSource
}

// NewSession returns a session over a work folder.
func NewSession(c *catalog.Catalog) *Session {
	return &Session{Catalog: c, Now: time.Now}
}

func (s *Session) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Exec parses and runs one statement (without its ';').
func (s *Session) Exec(ctx context.Context, text string) (*Result, error) {
	st, err := parser.Parse(text)
	if err != nil {
		return nil, err
	}
	res, err := s.Run(ctx, st)
	if res != nil {
		res.Note = quotedNote(text, res.Note)
	}
	return res, err
}

// stoppedBy makes the error of a statement that ctx canceled ErrCanceled,
// whichever step noticed it first: the step may have returned ctx.Err()
// or a read's error, which the caller would report as a failure (exit 1)
// rather than as Ctrl-C (130).
func stoppedBy(ctx context.Context, err *error) {
	if *err != nil && ctx.Err() != nil && !errors.Is(*err, ErrCanceled) {
		*err = ErrCanceled
	}
}

// quotedNote adds to each note of a field no row has, that text writes in
// double quotes, that those enclose a name, as in DuckDB, where MySQL and SQLite may read a string: WHERE
// region = "seoul" finds no field seoul.
func quotedNote(text, note string) string {
	const head = "note: no row read has a field "
	lines := strings.Split(note, "\n")
	for i, l := range lines {
		name, ok := strings.CutPrefix(l, head)
		if !ok {
			continue
		}
		name, _, guess := strings.Cut(name, " (")
		name = strings.Trim(name, "`")
		if !strings.Contains(text, `"`+strings.ReplaceAll(name, `"`, `""`)+`"`) {
			continue
		}
		hint := fmt.Sprintf("double quotes enclose a name, as in DuckDB: write '%s' for text)", strings.ReplaceAll(name, "'", "''"))
		if guess {
			lines[i] = strings.TrimSuffix(l, ")") + "; " + hint
		} else {
			lines[i] = l + " (" + hint
		}
	}
	return strings.Join(lines, "\n")
}

// Run runs a parsed statement.
func (s *Session) Run(ctx context.Context, st ast.Statement) (_ *Result, err error) {
	defer stoppedBy(ctx, &err)
	ctx = exec.WithMemory(ctx, s.Memory)
	ctx, release := withDerivedCache(ctx)
	defer release()
	st = stampClock(st, s.now) // NOW() and CURRENT_DATE: one moment for the statement
	switch st.(type) {
	case *ast.Select, *ast.Union, *ast.Explain:
		defer s.readingStatement()()
	}
	st = s.foldNames(ctx, st)
	switch st := st.(type) {
	case *ast.Pivot:
		q, err := s.pivotQuery(ctx, st)
		if err != nil {
			return nil, err
		}
		return s.Run(ctx, q)
	case *ast.Unpivot:
		q, err := s.unpivotQuery(ctx, st)
		if err != nil {
			return nil, err
		}
		return s.Run(ctx, q)
	case ast.Set:
		return s.set(st)
	case *ast.Select:
		st, snap, done, err := s.resolve(ctx, st, nil)
		if err != nil {
			return nil, err
		}
		defer done()
		_, res, err := runPinned(ctx, snap, st, s.qualifierFields(st))
		if err != nil {
			return nil, err
		}
		res.Note = s.unseenNote(st.From.Name, res.Stats.Unseen)
		return res, nil
	case *ast.Union:
		return s.runUnion(ctx, st)
	case *ast.Explain:
		if st.Union != nil {
			return s.explainUnion(ctx, st.Union)
		}
		// The subqueries are answered (run) even for a plain EXPLAIN: the
		// plan is of the query with their answers in their place, and
		// their own plans follow it.
		var subs []subqueryPlan
		sel, snap, done, err := s.resolve(withSubqueryLog(ctx, &subs), st.Select, nil)
		if err != nil {
			return nil, err
		}
		defer done()
		st = &ast.Explain{Analyze: st.Analyze, Select: sel}
		var lines []string
		if st.Analyze {
			start := s.now()
			p, res, err := RunPinned(exec.WithoutRows(exec.WithClock(ctx, s.now)), snap, st.Select)
			if err != nil {
				return nil, err
			}
			lines = explainLines(p, &res.Stats, res.Profile, s.now().Sub(start))
		} else {
			p, err := Prepare(snap, st.Select)
			if err != nil {
				return nil, err
			}
			lines = explainLines(p, nil, nil, 0)
		}
		lines = append(lines, subqueryLines(subs)...)
		res := &Result{Columns: []Column{{Name: "plan"}}}
		for _, l := range lines {
			res.Rows = append(res.Rows, []Value{StrValue(l)})
		}
		return res, nil
	case ast.ShowLakes:
		return s.showLakes()
	case ast.ShowPartitions:
		return s.showPartitions(st.Lake)
	case ast.ShowFiles:
		return s.showFiles(st.Lake)
	case ast.ShowLayout:
		return s.showLayout(st)
	case ast.Describe:
		return s.describe(ctx, st.Lake)
	case ast.CreateLake:
		return s.createLake(ctx, st)
	case ast.CopyLake:
		return s.copyLake(ctx, st)
	case ast.CopyTo:
		return s.copyTo(ctx, st)
	case ast.CompactLake:
		return s.compactLake(ctx, st)
	case ast.ExplainCompact:
		return s.explainCompact(st)
	case ast.RepartitionLake:
		return s.repartitionLake(ctx, st)
	case ast.DropLake:
		return s.dropLake(st.Lake)
	case ast.VacuumLake:
		return s.vacuumLake(st)
	case ast.CheckLake:
		return s.checkLake(st)
	case ast.ShowCreateLake:
		return s.showCreateLake(ctx, st)
	}
	return nil, fmt.Errorf("%w: %s", ErrUnsupported, st)
}

// qualifierFields returns the sampled field names of the lake when a
// column of sel is qualified by the lake's name or alias, so that the
// binder can tell such a qualifier that is also a field (ambiguous); and
// the lake's or a derived table's columns when a GROUP BY term names a
// select item's alias, so that the binder can tell an alias that is also
// a column (the column wins, as in DuckDB: SELECT n AS region … GROUP BY
// region groups by the column region). Nil otherwise, without reading
// anything.
func (s *Session) qualifierFields(sel *ast.Select) []string {
	if groupsByAlias(sel) {
		return s.inputFields(sel)
	}
	if sel.From.Name == "" {
		return nil
	}
	table := sel.From.Name
	if sel.From.Alias != "" {
		table = sel.From.Alias
	}
	found := false
	visit := func(e ast.Expr) {
		ast.Walk(e, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok && len(c.Path) > 1 && c.Path[0] == table {
				found = true
			}
			return !found
		})
	}
	for _, it := range sel.Items {
		visit(it.Expr)
	}
	for _, e := range append([]ast.Expr{sel.Where, sel.Having}, sel.GroupBy...) {
		if e != nil {
			visit(e)
		}
	}
	for _, o := range sel.OrderBy {
		visit(o.Expr)
	}
	if !found {
		return nil
	}
	return s.Fields(sel.From.Name)
}

// inputFields is the columns sel reads from its FROM, not a join: a
// lake's fields of its first rows (and its key fields), a derived
// table's columns; nil for a join, whose names stay aliases first.
func (s *Session) inputFields(sel *ast.Select) []string {
	switch {
	case sel.From.Join != nil:
		return nil
	case sel.From.Name != "" && sel.From.Sub == nil:
		return s.rowFields(sel.From.Name, s.Fields(sel.From.Name))
	}
	var fields []string
	for _, t := range s.tablesOf(sel.From) {
		fields = append(fields, t.fields...)
	}
	return fields
}

// groupsByAlias reports a GROUP BY term, or a name of ROLLUP's, CUBE's or
// GROUPING SETS', that is a bare name some select item is aliased
// (without reading a field of that name).
func groupsByAlias(sel *ast.Select) bool {
	found := false
	for _, g := range sel.GroupBy {
		ast.Walk(g, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok {
				if _, ok := plan.AliasedItem(sel.Items, c); ok {
					found = true
				}
			}
			return !found && !isSubquery(x)
		})
	}
	return found
}

// readSource is what a SELECT reads: a pinned lake, or for no FROM one row
// without fields.
func (s *Session) readSource(ctx context.Context, lake string) (Source, error) {
	if lake == "" {
		return noFrom{}, nil
	}
	if _, ok := parser.FileCall(lake); ok {
		return s.fileSourceOf(ctx, lake)
	}
	if src, ok, err := s.seriesOf(lake); ok {
		return src, err
	}
	if base, table, ok := metaName(lake); ok {
		snap, err := s.snapshot(base)
		if err != nil {
			return nil, err
		}
		var events []catalog.Event
		if table == "history" || table == "files" {
			if events, err = s.Catalog.History(); err != nil {
				return nil, err
			}
		}
		return newMetaSource(lake, table, snap, events), nil
	}
	return s.snapshot(lake)
}

// noFrom is the source of a SELECT without FROM: one row, {}.
type noFrom struct{}

func (noFrom) Name() string      { return "" }
func (noFrom) Generation() int64 { return -1 }
func (noFrom) Key() []string     { return nil }
func (noFrom) Files() []storage.FileEntry {
	return []storage.FileEntry{{Path: "(no FROM)", Rows: 1, Bytes: 3}}
}
func (noFrom) Open(string) (io.ReadCloser, error) {
	return io.NopCloser(strings.NewReader("{}\n")), nil
}
func (noFrom) Path(rel string) string { return rel }

// snapshot pins a lake, turning "not found" into a LakeError that lists the
// lakes there are. Within a reading statement every use of a lake gets
// the snapshot of its first (readingStatement).
func (s *Session) snapshot(lake string) (*catalog.Snapshot, error) {
	s.mu.Lock()
	snap, ok := s.pins[lake]
	s.mu.Unlock()
	if ok {
		return snap, nil
	}
	snap, err := s.Catalog.Snapshot(lake)
	if errors.Is(err, catalog.ErrLakeNotFound) {
		// A lake's name ignores case, as DuckDB's tables' do, when one
		// lake alone has it so.
		if name, ok := s.lakeSpelled(lake); ok {
			if snap, err = s.snapshot(name); err == nil {
				s.mu.Lock()
				if s.reading > 0 {
					s.pins[lake] = snap
				}
				s.mu.Unlock()
			}
			return snap, err
		}
	}
	if err != nil {
		return nil, s.lakeError(lake, err)
	}
	s.mu.Lock()
	if s.reading > 0 {
		if pinned, ok := s.pins[lake]; ok {
			snap = pinned // another part of the statement pinned it first
		} else {
			s.pins[lake] = snap
		}
	}
	s.mu.Unlock()
	return snap, nil
}

// readingStatement makes the snapshot of each lake that a statement which
// only reads takes first the one its every later use gets (snapshot), until
// the returned release. A statement names a lake many times as it is
// planned: each side of a join, each subquery and derived table, the
// samples that order joins; TPC-H's Q8 read its lakes' manifests 83 times.
// Read once, each manifest costs a single open and read, and all the parts
// of the statement see the lake at one generation, as DuckDB's do in a
// transaction. A part that finds its snapshot stale starts again on a new
// one (catalog.Reread, which reads the manifest itself).
func (s *Session) readingStatement() (release func()) {
	s.mu.Lock()
	if s.reading == 0 {
		s.pins = map[string]*catalog.Snapshot{}
	}
	s.reading++
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		if s.reading--; s.reading == 0 {
			s.pins = nil
		}
		s.mu.Unlock()
	}
}

// lakeSnapshot returns the snapshot of t when t names a lake: nil, and no
// error, for a derived table, a join or a metadata table.
func (s *Session) lakeSnapshot(t ast.Table) (*catalog.Snapshot, error) {
	if t.Name == "" || t.Sub != nil || t.Join != nil {
		return nil, nil
	}
	if virtual(t.Name) {
		return nil, nil
	}
	return s.snapshot(t.Name)
}

// lakeError turns "lake not found" from any catalog or compact call on lake
// into a LakeError that lists the lakes there are.
func (s *Session) lakeError(lake string, err error) error {
	if errors.Is(err, catalog.ErrLakeNotFound) || errors.Is(err, catalog.ErrBadName) {
		lakes, _ := s.Catalog.Lakes()
		return &LakeError{Lake: lake, Lakes: lakes, Err: catalog.ErrLakeNotFound}
	}
	return err
}

func intCol(name string) Column { return Column{Name: name, Numeric: true} }

func (s *Session) showLakes() (*Result, error) {
	names, err := s.Catalog.Lakes()
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: []Column{{Name: "lake"}, {Name: "key"}, intCol("generation"), intCol("files"), intCol("rows"), intCol("bytes")}}
	var damaged []string
	for _, n := range names {
		snap, err := s.snapshot(n)
		if err != nil {
			// One damaged lake must not hide the others: list it with
			// NULLs and say why below the table.
			res.Rows = append(res.Rows, []Value{StrValue(n), {}, {}, {}, {}, {}})
			damaged = append(damaged, fmt.Sprintf("%s: %v", n, err))
			continue
		}
		m := snap.Manifest
		res.Rows = append(res.Rows, []Value{StrValue(n), StrValue(strings.Join(m.Key, ", ")),
			IntValue(m.Generation), IntValue(int64(len(m.Files))), IntValue(m.Rows()), IntValue(m.Bytes())})
	}
	if len(damaged) > 0 {
		res.Note = "cannot read: " + strings.Join(damaged, "; ") + " (CHECK LAKE says more)"
	}
	return res, nil
}

func partValue(v storage.PartValue) Value {
	if v.Null {
		return Value{}
	}
	return StrValue(v.Str)
}

func (s *Session) showPartitions(lake string) (*Result, error) {
	snap, err := s.snapshot(lake)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	for _, k := range snap.Key() {
		res.Columns = append(res.Columns, Column{Name: k})
	}
	res.Columns = append(res.Columns, intCol("files"), intCol("rows"), intCol("bytes"))
	for _, a := range partitionTotals(snap.Files()) {
		var r []Value
		for _, v := range a.vals {
			r = append(r, partValue(v))
		}
		res.Rows = append(res.Rows, append(r, IntValue(a.files), IntValue(a.rows), IntValue(a.bytes)))
	}
	return res, nil
}

// partTotal is a partition's files, rows and bytes.
type partTotal struct {
	vals               []storage.PartValue
	files, rows, bytes int64
}

// partitionTotals sums files by partition folder, in the folders' order.
func partitionTotals(files []storage.FileEntry) []*partTotal {
	byDir := map[string]*partTotal{}
	var dirs []string
	for _, f := range files {
		d := path.Dir(f.Path)
		a := byDir[d]
		if a == nil {
			a = &partTotal{vals: f.Partition}
			byDir[d] = a
			dirs = append(dirs, d)
		}
		a.files++
		a.rows += f.Rows
		a.bytes += f.Bytes
	}
	slices.Sort(dirs)
	out := make([]*partTotal, len(dirs))
	for i, d := range dirs {
		out[i] = byDir[d]
	}
	return out
}

func (s *Session) showFiles(lake string) (*Result, error) {
	snap, err := s.snapshot(lake)
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: []Column{{Name: "path"}}}
	for _, k := range snap.Key() {
		res.Columns = append(res.Columns, Column{Name: k})
	}
	res.Columns = append(res.Columns, intCol("rows"), intCol("bytes"))
	for _, f := range snap.Files() {
		r := []Value{StrValue(f.Path)}
		for _, v := range f.Partition {
			r = append(r, partValue(v))
		}
		res.Rows = append(res.Rows, append(r, IntValue(f.Rows), IntValue(f.Bytes)))
	}
	return res, nil
}

func (s *Session) showLayout(st ast.ShowLayout) (*Result, error) {
	snap, err := s.snapshot(st.Lake)
	if err != nil {
		return nil, err
	}
	small := st.Small
	if small < 0 {
		small = DefaultSmall
	}
	l := catalog.MeasureLayout(snap.Manifest, small)
	res := &Result{Columns: []Column{{Name: "lake"}, intCol("files"), intCol("partitions"), intCol("rows"), intCol("bytes"),
		intCol("avg_bytes"), intCol("p50_bytes"), intCol("min_bytes"), intCol("max_bytes"), intCol("small_files")}}
	res.Rows = [][]Value{{StrValue(st.Lake), IntValue(int64(l.Files)), IntValue(int64(l.Partitions)), IntValue(l.Rows),
		IntValue(l.Bytes), IntValue(l.AvgBytes), IntValue(l.P50Bytes), IntValue(l.MinBytes), IntValue(l.MaxBytes), IntValue(int64(l.SmallFiles))}}
	res.Note = Histogram(snap.Files(), small)
	return res, nil
}

// Histogram draws file sizes in power-of-two buckets, one bar per bucket,
// marking the buckets under the small-file threshold.
func Histogram(files []storage.FileEntry, small int64) string {
	buckets := catalog.SizeBuckets(files)
	if len(buckets) == 0 {
		return "no files"
	}
	most := 0
	for _, b := range buckets {
		most = max(most, b.Files)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "file sizes (%d files; * = small, under %s)\n", len(files), FormatBytes(small))
	for _, b := range buckets {
		mark := " "
		if b.To <= small {
			mark = "*"
		}
		bar := strings.Repeat("█", (b.Files*40+most-1)/most)
		fmt.Fprintf(&sb, "%s %9s – %-9s %6d %s\n", mark, FormatBytes(b.From), FormatBytes(b.To), b.Files, bar)
	}
	return strings.TrimRight(sb.String(), "\n")
}

// FormatBytes writes a size with a binary unit: 512 B, 64 KiB, 1.5 MiB.
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f := float64(n)
	u := 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", f), "0"), ".") + " " + units[u]
}

// describe reads every row of the lake to list the fields seen.
func (s *Session) describe(ctx context.Context, lake string) (*Result, error) {
	snap, err := s.snapshot(lake)
	if err != nil {
		return nil, err
	}
	type info struct {
		kinds  map[string]bool
		rows   int64
		nonNil int64
	}
	var (
		fields map[string]*info
		order  []string
	)
	// A file of another size than the manifest says is a writer's (read
	// the lake's new manifest, from the start) or a damaged lake's.
	if err := catalog.Reread(snap, func(sn *catalog.Snapshot) error {
		snap, fields, order = sn, map[string]*info{}, nil
		return eachMember(ctx, sn, func(name string, raw []byte) {
			in := fields[name]
			if in == nil {
				in = &info{kinds: map[string]bool{}}
				fields[name] = in
				order = append(order, name)
			}
			k := storage.KindOf(raw)
			in.kinds[kindName(k)] = true
			in.rows++
			if k != storage.Null {
				in.nonNil++
			}
		})
	}); err != nil {
		return nil, err
	}
	m := snap.Manifest
	// Key fields first, in key order; then the others as first seen.
	slices.SortStableFunc(order, func(a, b string) int {
		ia, ib := slices.Index(m.Key, a), slices.Index(m.Key, b)
		switch {
		case ia >= 0 && ib >= 0:
			return ia - ib
		case ia >= 0:
			return -1
		case ib >= 0:
			return 1
		}
		return 0
	})
	res := &Result{Columns: []Column{{Name: "field"}, {Name: "types"}, {Name: "key"}, intCol("rows_with_value")}}
	for _, name := range order {
		in := fields[name]
		types := make([]string, 0, len(in.kinds))
		for k := range in.kinds {
			types = append(types, k)
		}
		slices.Sort(types)
		isKey := "no"
		if i := slices.Index(m.Key, name); i >= 0 {
			isKey = fmt.Sprintf("yes (%d)", i+1)
		}
		res.Rows = append(res.Rows, []Value{StrValue(name), StrValue(strings.Join(types, ", ")), StrValue(isKey), IntValue(in.nonNil)})
	}
	s.mu.Lock()
	if s.fields == nil {
		s.fields = map[string][]string{}
	}
	s.fields[lake] = order
	s.mu.Unlock()
	res.Note = fmt.Sprintf("lake %s: key (%s), generation %d, %d files, %d partitions, %d rows, %d bytes",
		lake, strings.Join(m.Key, ", "), m.Generation, len(m.Files), m.Partitions(), m.Rows(), m.Bytes())
	return res, nil
}

func kindName(k storage.Kind) string {
	return [...]string{"missing", "null", "boolean", "number", "string", "object", "array"}[k]
}

// eachLine calls fn on every line of a lake file.
// eachMember calls fn for every member of every row of the snapshot.
func eachMember(ctx context.Context, snap *catalog.Snapshot, fn func(name string, raw []byte)) error {
	for _, f := range snap.Files() {
		if err := eachLine(ctx, snap, f, func(line []byte) error { return storage.Members(line, fn) }); err != nil {
			return err
		}
	}
	return nil
}

func eachLine(ctx context.Context, snap *catalog.Snapshot, f storage.FileEntry, fn func([]byte) error) error {
	r, err := snap.Open(f.Path)
	if err != nil {
		return fmt.Errorf("read lake file: %w", catalog.Stale(err))
	}
	defer r.Close()
	cr := &countingReader{r: r}
	lr := storage.NewLineReader(cr, 256<<10)
	for {
		line, err := lr.Next()
		if err == io.EOF {
			if cr.n != f.Bytes && !snap.Glob {
				return catalog.SizeMismatch(snap.Path(f.Path), snap.Path(storage.ManifestName), cr.n, f.Bytes)
			}
			return nil
		}
		if err == nil {
			err = fn(line)
		}
		if err != nil {
			return &storage.LineError{File: snap.Path(f.Path), Line: lr.Line(), Err: err}
		}
		if lr.Line()&1023 == 0 && ctx.Err() != nil {
			return ErrCanceled
		}
	}
}

// source resolves the file name of CREATE LAKE … FROM and COPY … FROM: a
// relative name is in the work folder.
func (s *Session) source(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.Catalog.Dir, name)
}

func (s *Session) createLake(ctx context.Context, st ast.CreateLake) (*Result, error) {
	src := s.source(st.From)
	m, err := s.Catalog.CreateWith(st.Lake, st.Key, src, catalog.CreateOptions{MaxRows: st.MaxRows, RequireKey: true, Progress: exec.ProgressFrom(ctx)})
	if errors.Is(err, catalog.ErrUnknownField) {
		return nil, unknownKeyHint(err, sampleFields(src))
	}
	if err != nil {
		return nil, err
	}
	s.forget(st.Lake)
	return &Result{
		Columns: []Column{{Name: "lake"}, {Name: "key"}, intCol("partitions"), intCol("files"), intCol("rows"), intCol("bytes")},
		Rows: [][]Value{{StrValue(st.Lake), StrValue(strings.Join(st.Key, ", ")), IntValue(int64(m.Partitions())),
			IntValue(int64(len(m.Files))), IntValue(m.Rows()), IntValue(m.Bytes())}},
	}, nil
}

func (s *Session) repartitionLake(ctx context.Context, st ast.RepartitionLake) (*Result, error) {
	into := st.Into
	if into == "" {
		into = st.Lake
	}
	r, err := compact.Repartition(s.Catalog, st.Lake, into, st.Key, compact.RepartitionOptions{RequireKey: true, Now: s.now, Progress: exec.ProgressFrom(ctx)})
	if errors.Is(err, catalog.ErrUnknownField) {
		return nil, unknownKeyHint(err, s.Fields(st.Lake))
	}
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	s.forget(into)
	return &Result{
		Columns: []Column{{Name: "from"}, {Name: "to"}, intCol("rows_read"), intCol("rows_written"), intCol("files_before"),
			intCol("files_after"), intCol("partitions_after"), intCol("bytes_read"), intCol("bytes_written")},
		Rows: [][]Value{{StrValue(r.From), StrValue(r.To), IntValue(r.RowsRead), IntValue(r.RowsWritten), IntValue(int64(r.FilesBefore)),
			IntValue(int64(r.FilesAfter)), IntValue(int64(r.PartitionsAfter)), IntValue(r.BytesRead), IntValue(r.BytesWritten)}},
	}, nil
}

func (s *Session) dropLake(lake string) (*Result, error) {
	snap, err := s.snapshot(lake)
	if err != nil {
		return nil, err
	}
	m := snap.Manifest
	if err := s.Catalog.Drop(lake); err != nil {
		return nil, err
	}
	s.forget(lake)
	return &Result{
		Columns: []Column{{Name: "dropped"}, intCol("files"), intCol("rows"), intCol("bytes")},
		Rows:    [][]Value{{StrValue(lake), IntValue(int64(len(m.Files))), IntValue(m.Rows()), IntValue(m.Bytes())}},
	}, nil
}

func (s *Session) forget(lake string) {
	s.mu.Lock()
	delete(s.fields, lake)
	delete(s.rowNames, lake)
	delete(s.pins, lake)
	s.mu.Unlock()
}

// Lakes lists the lakes, for completion; errors give none.
func (s *Session) Lakes() []string {
	names, _ := s.Catalog.Lakes()
	return names
}

// Fields returns the field names of a lake for completion, sampled from the
// first rows of its first file (and remembered).
func (s *Session) Fields(lake string) []string { return s.fieldsIn(context.Background(), lake) }

// fieldsIn is Fields, whose read of the first rows ends when ctx does.
func (s *Session) fieldsIn(ctx context.Context, lake string) []string {
	s.mu.Lock()
	if f, ok := s.fields[lake]; ok {
		s.mu.Unlock()
		return f
	}
	s.mu.Unlock()
	if virtual(lake) {
		return s.virtualColumns(lake)
	}
	snap, err := s.snapshot(lake)
	if err != nil {
		return nil
	}
	names := slices.Clone(snap.Key())
	for _, n := range s.firstRowNames(ctx, lake, snap) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if ctx.Err() != nil {
		return names // the first rows were not read: not kept
	}
	s.mu.Lock()
	if s.fields == nil {
		s.fields = map[string][]string{}
	}
	s.fields[lake] = names
	s.mu.Unlock()
	return names
}

// unseenNote warns about fields no row read had: with JSON rows a typo is
// not an error, just NULL everywhere, so say so and suggest a spelling.
func (s *Session) unseenNote(lake string, unseen []string) string {
	var notes []string
	meta := virtual(lake)
	for _, name := range unseen {
		if meta && slices.Contains(s.Fields(lake), name) {
			continue // a metadata table without rows
		}
		note := fmt.Sprintf("note: no row read has a field %s", ast.Ident(name))
		others := slices.DeleteFunc(slices.Clone(s.Fields(lake)), func(f string) bool { return f == name })
		if f, ok := suggest.Closest(name, others); ok {
			note += fmt.Sprintf(" (did you mean %s?)", ast.Ident(f))
		}
		notes = append(notes, note)
	}
	return strings.Join(notes, "\n")
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
