package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// ClickBench (-clickbench): the 43 queries of the standard single-table
// analytics benchmark (bench/testdata/clickbench/queries.sql), on a lake
// shaped like its `hits` table (clickbench_gen.go), through our lakesql as
// a whole process and through DuckDB in-process over exactly the same
// files; every answer we give is checked against DuckDB's.

// cbSeed is the generator's seed: the same rows every run.
const cbSeed = 20130701

// cbLake is the generated lake and DuckDB's view over it.
type cbLake struct {
	p        runner
	lakesql  string
	work     string
	d        *duck
	rows     int
	rawBytes int64
	files    int
	lakeTime time.Duration // CREATE LAKE, untimed for the table
}

// cbStatus is what became of one query.
type cbStatus string

const (
	cbEqual     cbStatus = "yes"
	cbDifferent cbStatus = "NO"
	cbRefused   cbStatus = "refused"
	cbKilled    cbStatus = "killed" // ours ran out of time (or of disk, -tpch)
	cbDuckError cbStatus = "DuckDB error"
	cbHarness   cbStatus = "harness error"
)

// cbResult is one query's runs and verdict.
type cbResult struct {
	q      cbQuery
	status cbStatus
	reason string // the refusal's first line, or why the answers differ
	ours   []time.Duration
	theirs []time.Duration
	// shell are our times inside one running lakesql (.timer), after a
	// first run untimed: the engine as DuckDB's in-process side is timed,
	// without a process's start (TPC-H only; nil elsewhere).
	shell []time.Duration
	// duckProc are DuckDB's times as a whole process (bench/duckrun),
	// as ours are timed, and duckRSSKiB its peak RSS so (TPC-H only).
	duckProc   []time.Duration
	duckRSSKiB int64
	rssKiB     int64
	rows       int // rows of DuckDB's answer
	// Kept for the report of a difference.
	oursRows [][]any
	duckRows [][]cbCell
}

// cbSetup generates rows into work/raw.jsonl, makes the lake `hits` keyed
// by EventDate with our own binary, and creates DuckDB's view `hits` over
// the files of its manifest. DuckDB's view is checked, untimed, against the
// one our exporter prints (SHOW CREATE LAKE hits FOR duckdb): the same
// rows per EventDate.
func cbSetup(ctx context.Context, p runner, lakesql, work string, rows int, d *duck, logf func(string, ...any), reuse bool) (*cbLake, error) {
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	l := &cbLake{p: p, lakesql: lakesql, work: work, d: d, rows: rows}
	raw := filepath.Join(work, "raw.jsonl")
	lake := filepath.Join(work, "hits")
	if reuse {
		// An earlier run's lake, as it made it: the rows it holds are
		// counted from its manifest, the bytes from raw.jsonl.
		fi, err := os.Stat(raw)
		if err != nil {
			return nil, fmt.Errorf("-lake: %w", err)
		}
		l.rawBytes = fi.Size()
		n, err := manifestRows(lake)
		if err != nil {
			return nil, fmt.Errorf("-lake: %w", err)
		}
		l.rows = int(n)
		logf("reusing %s: %d rows", work, l.rows)
	} else {
		logf("generating %d rows into %s", rows, raw)
		var err error
		if l.rawBytes, err = writeClickBenchRaw(raw, rows, cbSeed); err != nil {
			return nil, fmt.Errorf("generate %s: %w", raw, err)
		}
		res, err := p.run(ctx, lakesql, "-d", work, "--no-init", "-c", "CREATE LAKE hits FROM 'raw.jsonl' PARTITION BY (EventDate);")
		if err != nil {
			return nil, err
		}
		l.lakeTime = res.dur
	}
	files, err := manifestFiles(lake)
	if err != nil {
		return nil, fmt.Errorf("read the manifest of %s: %w", lake, err)
	}
	l.files = len(files)
	logf("raw.jsonl %.1f MB; CREATE LAKE hits: %d files in %s", float64(l.rawBytes)/1e6, l.files, fmtDur(l.lakeTime))

	// Our exporter's view first: DuckDB infers its columns.
	res, err := p.run(ctx, lakesql, "-d", work, "--no-init", "-c", "SHOW CREATE LAKE hits FOR duckdb;")
	if err != nil {
		return nil, err
	}
	if _, _, err := d.query(ctx, string(res.stdout)); err != nil {
		return nil, fmt.Errorf("the exported DuckDB text does not run: %w", err)
	}
	const perDay = "SELECT CAST(EventDate AS VARCHAR), count(*) FROM hits GROUP BY ALL ORDER BY ALL"
	exported, _, err := d.query(ctx, perDay)
	if err != nil {
		return nil, err
	}
	if _, _, err := d.query(ctx, cbDuckView(lake, files)); err != nil {
		return nil, err
	}
	typed, _, err := d.query(ctx, perDay)
	if err != nil {
		return nil, err
	}
	if !slices.EqualFunc(exported, typed, slices.Equal[[]string]) || len(typed) != cbDays {
		return nil, fmt.Errorf("DuckDB's typed view and the exported one disagree on the rows per EventDate: %v vs %v", typed, exported)
	}
	return l, nil
}

// cbDuckView is DuckDB's view of the lake, built as our exporter builds
// it (read_json of the manifest's files, each by absolute path, never a
// glob; hive_partitioning off) but with the columns typed as in
// ClickBench's create.sql instead of inferred from a sample: the exporter
// lets DuckDB guess (BIGINT for every integer, VARCHAR or TIMESTAMP by
// the sample), which would change result types (SUM of SMALLINT, INTEGER
// arithmetic on ClientIP) from ClickBench's. EventDate is a DATE, as in
// create.sql, read from the row's own field (every row of a file holds its
// partition's value; cbSetup checks the rows per day against the
// exporter's view, whose EventDate comes from the manifest): the queries
// compare it with ISO text, which orders like the dates, so both sides
// answer the same; a DATE is shown as yyyy-mm-dd to compare.
func cbDuckView(lake string, files map[string]int64) string {
	cols := make([][2]string, len(cbColumns))
	for i, c := range cbColumns {
		cols[i] = [2]string{c.name, c.duck}
	}
	return duckJSONView("hits", lake, files, cols)
}

// duckJSONView is a DuckDB view named name over read_json of the lake's
// files (the manifest's, by absolute path), the columns (name, DuckDB type)
// given rather than inferred; fields of the rows not among them are not
// read.
func duckJSONView(name, lake string, files map[string]int64, cols [][2]string) string {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, sqlString(filepath.Join(lake, filepath.FromSlash(p))))
	}
	slices.Sort(paths)
	cs := make([]string, len(cols))
	for i, c := range cols {
		cs[i] = fmt.Sprintf("%s: '%s'", c[0], c[1])
	}
	return fmt.Sprintf("CREATE OR REPLACE VIEW %s AS SELECT * FROM read_json([%s], columns = {%s}, format = 'newline_delimited', hive_partitioning = false)",
		name, strings.Join(paths, ", "), strings.Join(cs, ", "))
}

// run times q runs times on each side, alternating, and compares the
// answers. A query we refuse is run once. Only ctx's end is an error.
func (l *cbLake) run(ctx context.Context, q cbQuery, runs int) (cbResult, error) {
	ours := func(ctx context.Context) (procResult, cbStatus, string) {
		res, err := l.p.run(ctx, l.lakesql, "-d", l.work, "--no-init", "--format", "jsonlines", "-c", q.ours)
		if err != nil {
			return res, cbRefused, errFirstLine(err, res.stderr)
		}
		return res, "", ""
	}
	duck := func(ctx context.Context, sql string) ([][]cbCell, time.Duration, error) {
		return cbDuckQuery(ctx, l.d, sql)
	}
	return compareQuery(ctx, q, runs, ours, duck)
}

// compareQuery times q runs times on each side, alternating, and compares
// the answers. ours runs our side once: on failure it says what became of
// the query (refused, killed) and why, and our side is not run again.
// duck runs one statement on DuckDB: q's answer (q.duck, or q.text) and,
// with ORDER BY or LIMIT, its tie query. Only ctx's end is an error.
func compareQuery(ctx context.Context, q cbQuery, runs int,
	runOurs func(context.Context) (procResult, cbStatus, string),
	duck func(context.Context, string) ([][]cbCell, time.Duration, error)) (cbResult, error) {
	r := cbResult{q: q}
	var oursOut []byte
	var duckRows [][]cbCell
	var duckErr error
	duckSQL := q.text
	if q.duck != "" {
		duckSQL = q.duck
	}
	for i := 0; i < runs; i++ {
		if r.status == "" {
			res, status, reason := runOurs(ctx)
			if ctx.Err() != nil {
				return r, ctx.Err()
			}
			if status != "" {
				r.status, r.reason = status, reason
			} else {
				r.ours = append(r.ours, res.dur)
				r.rssKiB = max(r.rssKiB, res.rssKiB)
				oursOut = res.stdout
			}
		}
		rows, dur, err := duck(ctx, duckSQL)
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		if err != nil {
			duckErr = err
			break
		}
		r.theirs = append(r.theirs, dur)
		duckRows = rows
	}
	r.rows = len(duckRows)
	r.duckRows = duckRows
	switch {
	case duckErr != nil:
		r.status, r.reason = cbDuckError, firstLine(duckErr.Error())
		return r, nil
	case r.status != "":
		return r, nil
	}
	ours, err := parseJSONRows(oursOut)
	if err != nil {
		r.status, r.reason = cbDifferent, fmt.Sprintf("our output is not JSON lines: %v", err)
		return r, nil
	}
	r.oursRows = ours
	if !q.needsTies() {
		if err := compareMultiset(ours, duckRows); err != nil {
			r.status, r.reason = cbDifferent, err.Error()
			return r, nil
		}
		r.status = cbEqual
		return r, nil
	}
	ties, _, err := duck(ctx, q.tieSQL())
	if err != nil {
		r.status, r.reason = cbHarness, "the tie query: "+firstLine(err.Error())
		return r, nil
	}
	ncol := 0
	if len(duckRows) > 0 {
		ncol = len(duckRows[0])
	} else if len(ties) > 0 {
		ncol = len(ties[0]) - len(q.keys) - 2
	}
	// DuckDB's own answer must pass the check it is held to: if not, the
	// harness is wrong, not the engine.
	if err := compareTies(cellsOf(duckRows), ties, len(duckRows), q.offset, ncol); err != nil {
		r.status, r.reason = cbHarness, "DuckDB's own answer fails the tie check: "+err.Error()
		return r, nil
	}
	if err := compareTies(ours, ties, len(duckRows), q.offset, ncol); err != nil {
		r.status, r.reason = cbDifferent, err.Error()
		return r, nil
	}
	r.status = cbEqual
	return r, nil
}

// ratio is DuckDB's median over ours: above 1 ours is faster.
func (r cbResult) ratio() (float64, bool) {
	if r.status != cbEqual && r.status != cbDifferent || len(r.ours) == 0 || len(r.theirs) == 0 {
		return 0, false
	}
	return median(r.theirs).Seconds() / median(r.ours).Seconds(), true
}

// procRatio is ratio with DuckDB's times as a whole process, of an
// answer that is right.
func (r cbResult) procRatio() (float64, bool) { return r.rightRatio(r.duckProc, r.ours) }

// shellRatio is ratio with our times in the shell, of an answer that is
// right.
func (r cbResult) shellRatio() (float64, bool) { return r.rightRatio(r.theirs, r.shell) }

// rightRatio is the median of theirs over the median of ours, of an
// answer that is right and times on both sides.
func (r cbResult) rightRatio(theirs, ours []time.Duration) (float64, bool) {
	if r.status != cbEqual || len(ours) == 0 || len(theirs) == 0 {
		return 0, false
	}
	return median(theirs).Seconds() / median(ours).Seconds(), true
}

// cbCounts are the summary counts.
type cbCounts struct{ equal, different, refused, killed, other int }

func countResults(rs []cbResult) cbCounts {
	var c cbCounts
	for _, r := range rs {
		switch r.status {
		case cbEqual:
			c.equal++
		case cbDifferent:
			c.different++
		case cbRefused:
			c.refused++
		case cbKilled:
			c.killed++
		default:
			c.other++
		}
	}
	return c
}

func (c cbCounts) String() string {
	s := fmt.Sprintf("%d equal, %d different, %d refused", c.equal, c.different, c.refused)
	if c.killed > 0 {
		s += fmt.Sprintf(", %d killed", c.killed)
	}
	if c.other > 0 {
		s += fmt.Sprintf(", %d DuckDB or harness errors", c.other)
	}
	return s
}

// geoMean is the geometric mean of the ratios of the queries both sides
// answered, and how many there were.
func geoMean(rs []cbResult) (float64, int) {
	return geoMeanOf(rs, func(r cbResult) bool { return r.q.n <= 43 })
}

// geoMeanOf is the geometric mean of the ratios of the queries both sides
// answered and keep keeps, and how many there were.
func geoMeanOf(rs []cbResult, keep func(cbResult) bool) (float64, int) {
	return geoMeanBy(rs, cbResult.ratio, keep)
}

// geoMeanBy is the geometric mean of ratio over the results that keep
// keeps and that have one, and how many those are.
func geoMeanBy(rs []cbResult, ratio func(cbResult) (float64, bool), keep func(cbResult) bool) (float64, int) {
	var sum float64
	n := 0
	for _, r := range rs {
		if x, ok := ratio(r); ok && x > 0 && keep(r) {
			sum += math.Log(x)
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return math.Exp(sum / float64(n)), n
}

// runAndReport runs each query with run (cfg.runs times a side), logs
// it, prints and writes (to cfg.out) the report of the results, and fails
// when an answer differs from DuckDB's or a run failed otherwise.
func runAndReport(ctx context.Context, cfg config, qs []cbQuery, run func(context.Context, cbQuery, int) (cbResult, error),
	report func([]cbResult) string, stdout io.Writer, logf func(string, ...any)) error {
	var results []cbResult
	for _, q := range qs {
		r, err := run(ctx, q, cfg.runs)
		if err != nil {
			return err
		}
		results = append(results, r)
		logf("Q%d: %s %s; ours %s, DuckDB %s", q.n, r.status, firstLine(r.reason), fmtMedian(r.ours, ""), fmtMedian(r.theirs, ""))
	}
	text := report(results)
	io.WriteString(stdout, text)
	if err := os.WriteFile(cfg.out, []byte(text), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", cfg.out, err)
	}
	c := countResults(results)
	logf("%s; wrote %s", c, cfg.out)
	if c.different > 0 || c.other > 0 {
		return fmt.Errorf("%s (see %s)", c, cfg.out)
	}
	return nil
}

// modeBinaries makes the work folder of a benchmark mode and builds our
// binaries into it (lakesql and rsswrap, the peak-RSS wrapper); done
// removes the folder, or with -keep says where it is.
func modeBinaries(ctx context.Context, cfg config, mode string, logf func(string, ...any), stderr io.Writer) (top, lakesql, wrap string, done func(), err error) {
	top, err = os.MkdirTemp(cfg.dir, "lakesql-"+mode+"-")
	if err != nil {
		return "", "", "", nil, fmt.Errorf("create work folder: %w", err)
	}
	done = func() {
		if cfg.keep {
			fmt.Fprintf(stderr, "bench: kept %s\n", top)
			return
		}
		os.RemoveAll(top)
	}
	bin := filepath.Join(top, "bin")
	lakesql, wrap = filepath.Join(bin, "lakesql"), filepath.Join(bin, "rsswrap")
	logf("building lakesql from %s", cfg.repo)
	if err = buildBinary(ctx, filepath.Join(cfg.repo, "bench"), "./rsswrap", wrap); err == nil {
		err = buildBinary(ctx, cfg.repo, "./cmd/lakesql", lakesql)
	}
	if err != nil {
		done()
		return "", "", "", nil, err
	}
	return top, lakesql, wrap, done, nil
}

// clickbench is the -clickbench mode: build, generate, run the 43 queries,
// print and save the table. It fails (after writing the table) if an answer
// we gave differs from DuckDB's, or on a DuckDB or harness error.
func clickbench(ctx context.Context, cfg config, stdout, stderr io.Writer) (err error) {
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "clickbench: "+format+"\n", args...) }
	top, lakesql, wrap, done, err := modeBinaries(ctx, cfg, "clickbench", logf, stderr)
	if err != nil {
		return err
	}
	defer done()
	qs, err := cbQueries()
	if err != nil {
		return err
	}
	if cfg.cbBig {
		for _, text := range cbBigQueries {
			q, err := cbParse(len(qs)+1, text)
			if err != nil {
				return err
			}
			qs = append(qs, q)
		}
	}
	if qs, err = cbSelect(qs, cfg.cbOnly); err != nil {
		return err
	}
	d, err := openDuck(ctx, cfg.timeout, 0)
	if err != nil {
		return err
	}
	defer d.close()
	logf("DuckDB %s in-process, threads=2", d.version)
	work := filepath.Join(top, "W")
	if cfg.cbLake != "" {
		work = cfg.cbLake
	}
	l, err := cbSetup(ctx, runner{wrap: wrap, timeout: cfg.timeout}, lakesql, work, cfg.rows, d, logf, cfg.cbLake != "")
	if err != nil {
		return err
	}
	if !cfg.keep && cfg.cbLake == "" {
		os.Remove(filepath.Join(l.work, "raw.jsonl")) // the lake holds the same bytes
	}
	return runAndReport(ctx, cfg, qs, l.run, func(rs []cbResult) string { return clickbenchTable(cfg, d.version, l, rs) }, stdout, logf)
}

func clickbenchTable(cfg config, version string, l *cbLake, rs []cbResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# ClickBench: lakesql vs DuckDB\n\n")
	command := fmt.Sprintf("`cd bench && go run . -clickbench -rows=%d -runs=%d`", l.rows, cfg.runs)
	if cfg.cbLake != "" {
		command = fmt.Sprintf("`cd bench && go run . -clickbench -lake W -runs=%d` (W kept from `-clickbench -rows=%d -keep`)", cfg.runs, l.rows)
	}
	fmt.Fprintf(&b, "%s on %s: %s, %d CPUs, %s/%s, %s; DuckDB %s in-process (threads=2).\n\n",
		command, time.Now().Format("2006-01-02 15:04"), cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), version)
	fmt.Fprintf(&b, "The 43 queries of ClickBench (`bench/testdata/clickbench/queries.sql`, DuckDB's text, verbatim) on %d generated rows shaped like `hits` (%d columns, %.1f MB of JSON Lines, seed %d), laid out by our own `CREATE LAKE hits FROM 'raw.jsonl' PARTITION BY (EventDate)` into %d files. ",
		l.rows, len(cbColumns), float64(l.rawBytes)/1e6, cbSeed, l.files)
	b.WriteString("Ours: `lakesql -d W --no-init --format jsonlines -c <query>`, a whole process each, timed from start to exit (peak RSS through rsswrap). ")
	b.WriteString("DuckDB: the same query on a view over `read_json` of the manifest's files, columns typed as in ClickBench's `create.sql` (EventDate DATE, EventTime TIMESTAMP), timed from sending it to reading the last row; every query reads the JSON files anew on both sides. ")
	fmt.Fprintf(&b, "Each side ran %d time(s), alternating; times are medians; DuckDB/ours > 1: ours is faster.\n\n", cfg.runs)
	b.WriteString("Equal: the same rows, numbers by value (integers exactly, floats within 1e-9 relative), text exactly, NULL as NULL; without ORDER BY as multisets; with ORDER BY … LIMIT rows tied on the sort keys may differ, each row checked against DuckDB's whole answer (ties included) at its position. A query we refuse (exit ≠ 0) is refused, shown with the first line of the error.\n\n")
	b.WriteString("| # | query | equal | ours | DuckDB | DuckDB/ours | ours peak RSS | rows |\n|--:|---|---|--:|--:|--:|--:|--:|\n")
	for _, r := range rs {
		eq := string(r.status)
		switch r.status {
		case cbDifferent:
			eq = "**NO**: " + mdCell(shorten(r.reason, 120))
		case cbRefused, cbKilled, cbDuckError, cbHarness:
			eq = string(r.status) + ": " + mdCell(shorten(r.reason, 120))
		}
		ratio, rss := "", ""
		if x, ok := r.ratio(); ok {
			ratio = fmt.Sprintf("%.2f×", x)
		}
		if len(r.ours) > 0 {
			rss = fmtRSS(r.rssKiB)
		}
		ours := ""
		if len(r.ours) > 0 {
			ours = fmtDur(median(r.ours))
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s | %s | %s | %d |\n", r.q.n, mdCell(shorten(r.q.text, 70)), eq, ours, fmtMedian(r.theirs, ""), ratio, rss, r.rows)
	}
	c := countResults(rs)
	fmt.Fprintf(&b, "\n**%s** (of %d).", c, len(rs))
	if g, n := geoMean(rs); n > 0 {
		fmt.Fprintf(&b, " Geometric mean of DuckDB/ours over the %d queries both answered: **%.2f×**.", n, g)
	}
	b.WriteString("\n")
	b.WriteString("\n## Rewrites for our side\n\nDuckDB runs every query verbatim; lakesql runs the same text except:\n\n")
	for _, rw := range cbRewrites {
		fmt.Fprintf(&b, "- query %d: `%s` → `%s`: %s.\n", rw.query, mdCell(rw.old), mdCell(rw.new), rw.why)
	}
	var diff []cbResult
	for _, r := range rs {
		if r.status == cbDifferent || r.status == cbHarness {
			diff = append(diff, r)
		}
	}
	if len(diff) > 0 {
		b.WriteString("\n## Answers that differ\n")
		for _, r := range diff {
			fmt.Fprintf(&b, "\n### Query %d: %s\n\n```sql\n%s\n```\n\n%s\n\n", r.q.n, r.status, r.q.ours, r.reason)
			writeRows(&b, "ours", len(r.oursRows), func(i int) string { return showOurs(r.oursRows[i]) })
			writeRows(&b, "DuckDB", len(r.duckRows), func(i int) string { return showDuck(r.duckRows[i]) })
		}
	}
	return b.String()
}

func writeRows(b *strings.Builder, who string, n int, row func(int) string) {
	fmt.Fprintf(b, "%s (%d rows):\n\n```\n", who, n)
	for i := 0; i < min(n, 12); i++ {
		fmt.Fprintf(b, "%s\n", shorten(row(i), 400))
	}
	if n > 12 {
		fmt.Fprintf(b, "… %d more\n", n-12)
	}
	b.WriteString("```\n\n")
}

func shorten(s string, n int) string {
	s = firstLine(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
