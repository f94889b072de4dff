package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// TPC-H (-tpch): the 22 queries on the 8 tables made by go-tpc's dbgen
// (tpch_gen.go), a lake each, made by our own lakesql; through our lakesql
// as a whole process and through DuckDB in-process over exactly the same
// files; every answer we give is checked against DuckDB's. The runs and
// the comparison are ClickBench's (compareQuery).

// tpchNames are the queries' names in the specification.
var tpchNames = [...]string{"", "Pricing Summary Report", "Minimum Cost Supplier", "Shipping Priority",
	"Order Priority Checking", "Local Supplier Volume", "Forecasting Revenue Change", "Volume Shipping",
	"National Market Share", "Product Type Profit Measure", "Returned Item Reporting",
	"Important Stock Identification", "Shipping Modes and Order Priority", "Customer Distribution",
	"Promotion Effect", "Top Supplier", "Parts/Supplier Relationship", "Small-Quantity-Order Revenue",
	"Large Volume Customer", "Discounted Revenue", "Potential Part Promotion",
	"Suppliers Who Kept Orders Waiting", "Global Sales Opportunity"}

// tpchMinFree: our side is killed when the disk its spill files are on has
// less free space than this, whatever -tpch-spill-gb says.
const tpchMinFree = 4 << 30

// tpchGenFile, in the work folder, says how its data was made, so that a
// kept folder (-lake) is reported as it was generated.
const tpchGenFile = "tpch-gen.json"

// tpchGenInfo is what tpchGenFile holds.
type tpchGenInfo struct {
	SF       int64            `json:"sf"`
	Permille int64            `json:"permille,omitempty"`
	GoTPC    string           `json:"go_tpc"`
	GenSecs  float64          `json:"gen_seconds"`
	LakeSecs float64          `json:"lake_seconds"`
	RawBytes map[string]int64 `json:"raw_bytes"`
}

// tpchScale reads -tpch-sf: a whole number, or a scale below 1 in
// thousandths (0.1), which dbgen makes from scale 1 as the C dbgen does.
func tpchScale(sf float64) (tpchGenOptions, error) {
	switch {
	case sf >= 1 && sf == math.Trunc(sf):
		return tpchGenOptions{sf: int64(sf)}, nil
	case sf > 0 && sf < 1 && math.Abs(sf*1000-math.Round(sf*1000)) < 1e-9:
		return tpchGenOptions{sf: 1, permille: int64(math.Round(sf * 1000))}, nil
	}
	return tpchGenOptions{}, fmt.Errorf("-tpch-sf must be a whole number ≥ 1 or a scale below 1 in thousandths (0.1), got %g", sf)
}

func (g tpchGenInfo) scale() string {
	if g.Permille > 0 {
		return strings.TrimRight(fmt.Sprintf("0.%03d", g.Permille), "0")
	}
	return fmt.Sprint(g.SF)
}

// tpchLake is a work folder's 8 lakes and DuckDB's views over them.
type tpchLake struct {
	p        runner
	lakesql  string
	work     string
	spill    string // --temp-dir of our runs, watched
	spillMax int64
	timeout  time.Duration // ours, per run
	d        *duck
	duckrun  string   // bench/duckrun, built
	views    []string // DuckDB's views over the lakes' files
	gen      tpchGenInfo
	rows     map[string]int64
	bytes    map[string]int64 // of the lake's files
	files    map[string]int
	reused   bool
}

// tpchSetup generates the tables into work (unless reuse: the folder of an
// earlier run), makes a lake of each with our own binary (CREATE LAKE …
// PARTITION BY the table's key), and creates DuckDB's views over the
// files of the manifests, checking that DuckDB counts the rows the
// manifests list. Without keepRaw the generated files go once the lakes
// hold their rows.
func tpchSetup(ctx context.Context, p runner, lakesql, work string, opt tpchGenOptions, d *duck, logf func(string, ...any), reuse, keepRaw bool) (*tpchLake, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	l := &tpchLake{p: p, lakesql: lakesql, work: work, spill: filepath.Join(work, "spill"), d: d, reused: reuse,
		rows: map[string]int64{}, bytes: map[string]int64{}, files: map[string]int{}}
	info := filepath.Join(work, tpchGenFile)
	if reuse {
		data, err := os.ReadFile(info)
		if err != nil {
			return nil, fmt.Errorf("-lake: %w", err)
		}
		if err := json.Unmarshal(data, &l.gen); err != nil {
			return nil, fmt.Errorf("-lake: %s: %w", info, err)
		}
		logf("reusing %s: SF %s", work, l.gen.scale())
	} else {
		l.gen = tpchGenInfo{SF: opt.sf, Permille: opt.permille, GoTPC: goTPCVersion()}
		logf("generating SF %s into %s (go-tpc %s)", l.gen.scale(), work, l.gen.GoTPC)
		start := time.Now()
		res, err := writeTPCH(work, opt)
		if err != nil {
			return nil, fmt.Errorf("generate: %w", err)
		}
		l.gen.GenSecs = time.Since(start).Seconds()
		l.gen.RawBytes = res.bytes
		logf("generated in %s: %v", fmtDur(time.Since(start)), res.rows)
		var lakeTime time.Duration
		for _, t := range tpchTables {
			res, err := p.run(ctx, lakesql, "-d", work, "--no-init", "-c",
				fmt.Sprintf("CREATE LAKE %s FROM '%s.jsonl' PARTITION BY (%s);", t.name, t.name, t.key))
			if err != nil {
				return nil, err
			}
			lakeTime += res.dur
			if !keepRaw {
				os.Remove(filepath.Join(work, t.name+".jsonl")) // the lake holds the same rows
			}
		}
		l.gen.LakeSecs = lakeTime.Seconds()
		data, _ := json.MarshalIndent(l.gen, "", "  ")
		if err := os.WriteFile(info, append(data, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	for _, t := range tpchTables {
		lake := filepath.Join(work, t.name)
		files, err := manifestFiles(lake)
		if err != nil {
			return nil, fmt.Errorf("read the manifest of %s: %w", lake, err)
		}
		if l.rows[t.name], err = manifestRows(lake); err != nil {
			return nil, err
		}
		l.files[t.name] = len(files)
		for _, n := range files {
			l.bytes[t.name] += n
		}
		cols := make([][2]string, len(t.cols))
		for i, c := range t.cols {
			cols[i] = [2]string{c.name, c.duck}
		}
		view := duckJSONView(t.name, lake, files, cols)
		if _, _, err := d.query(ctx, view); err != nil {
			return nil, err
		}
		l.views = append(l.views, view)
		got, _, err := d.query(ctx, "SELECT count(*) FROM "+t.name)
		if err != nil {
			return nil, err
		}
		if want := fmt.Sprint(l.rows[t.name]); len(got) != 1 || got[0][0] != want {
			return nil, fmt.Errorf("DuckDB's view %s counts %v rows, its manifest %s", t.name, got, want)
		}
	}
	var total int64
	for _, n := range l.bytes {
		total += n
	}
	logf("lakes: %v rows, %.1f MB of files", l.rows, float64(total)/1e6)
	return l, nil
}

// goTPCVersion is the version of go-tpc built into this binary.
func goTPCVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == "github.com/pingcap/go-tpc" {
				return m.Version
			}
		}
	}
	return "unknown"
}

// Why our side was killed.
var (
	errTPCHTime  = errors.New("no answer in time")
	errTPCHSpill = errors.New("spilled too much")
)

// ours runs q's text through our binary, with its spill files in l.spill:
// killed when it runs past l.timeout, when they pass l.spillMax bytes or
// when the disk has less than tpchMinFree left (the engine may write every
// row of a join to disk, and a join without keys is a cross product).
func (l *tpchLake) ours(ctx context.Context, text string) (procResult, cbStatus, string) {
	if err := os.MkdirAll(l.spill, 0o755); err != nil {
		return procResult{}, cbHarness, err.Error()
	}
	defer clearDir(l.spill)
	wctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	wctx, cancelTime := context.WithTimeoutCause(wctx, l.timeout, errTPCHTime)
	defer cancelTime()
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if n := dirBytes(l.spill); n > l.spillMax {
					cancel(fmt.Errorf("%w: its spill files passed %.1f GB", errTPCHSpill, float64(n)/1e9))
					return
				}
				if free, ok := freeBytes(l.spill); ok && free < tpchMinFree {
					cancel(fmt.Errorf("%w: the disk had %.1f GB left", errTPCHSpill, float64(free)/1e9))
					return
				}
			}
		}
	}()
	res, err := l.p.run(wctx, l.lakesql, "-d", l.work, "--no-init", "--format", "jsonlines", "--temp-dir", l.spill, "-c", text)
	close(done)
	if err == nil {
		return res, "", ""
	}
	if cause := context.Cause(wctx); ctx.Err() == nil && cause != nil {
		if errors.Is(cause, errTPCHTime) {
			return res, cbKilled, fmt.Sprintf("no answer after %v", l.timeout)
		}
		if errors.Is(cause, errTPCHSpill) {
			return res, cbKilled, strings.TrimPrefix(cause.Error(), errTPCHSpill.Error()+": ")
		}
	}
	return res, cbRefused, errFirstLine(err, res.stderr)
}

// duck returns q's DuckDB side: its setup statements, the statement, its
// teardown, timed together. For a query of tpchSerial the rows are of a
// second run, untimed, with threads=1.
func (l *tpchLake) duck(q cbQuery) func(context.Context, string) ([][]cbCell, time.Duration, error) {
	once := func(ctx context.Context, sql string) ([][]cbCell, time.Duration, error) {
		start := time.Now()
		for _, s := range q.setup {
			if _, _, err := l.d.query(ctx, s); err != nil {
				return nil, time.Since(start), err
			}
		}
		rows, _, err := cbDuckQuery(ctx, l.d, sql)
		for _, s := range q.teardown {
			if _, _, terr := l.d.query(ctx, s); terr != nil && err == nil {
				err = terr
			}
		}
		return rows, time.Since(start), err
	}
	if _, ok := tpchSerial[q.n]; !ok {
		return once
	}
	return func(ctx context.Context, sql string) ([][]cbCell, time.Duration, error) {
		_, dur, err := once(ctx, sql)
		if err != nil {
			return nil, dur, err
		}
		if _, _, err := l.d.query(ctx, "SET threads=1"); err != nil {
			return nil, dur, err
		}
		rows, _, err := once(ctx, sql)
		if _, _, terr := l.d.query(ctx, "SET threads=2"); terr != nil && err == nil {
			err = terr
		}
		return rows, dur, err
	}
}

func (l *tpchLake) run(ctx context.Context, q cbQuery, runs int) (cbResult, error) {
	r, err := compareQuery(ctx, q, runs, func(ctx context.Context) (procResult, cbStatus, string) { return l.ours(ctx, q.ours) }, l.duck(q))
	if err == nil && r.status == cbEqual {
		r.shell, err = l.inShell(ctx, q.ours, runs)
	}
	if err == nil && r.status == cbEqual {
		r.duckProc, r.duckRSSKiB, err = l.duckProcess(ctx, q, runs, r.rows)
	}
	return r, err
}

// duckProcess times q runs times through duckrun, DuckDB as a whole
// process, as our side is timed: its views over the lakes' files, the
// query's setup, the query, its rows written, from start to exit. It
// returns the times and the peak RSS. Each run must write as many rows
// as DuckDB's answer in-process had (a query of tpchSerial may find
// none).
func (l *tpchLake) duckProcess(ctx context.Context, q cbQuery, runs, rows int) ([]time.Duration, int64, error) {
	query := q.text
	if q.duck != "" {
		query = q.duck
	}
	data, err := json.Marshal(append(append(slices.Clone(l.views), q.setup...), query))
	if err != nil {
		return nil, 0, err
	}
	file := filepath.Join(l.spill, "duckrun.json")
	if err := os.MkdirAll(l.spill, 0o755); err != nil {
		return nil, 0, err
	}
	defer clearDir(l.spill)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return nil, 0, err
	}
	var ts []time.Duration
	var rss int64
	for range runs {
		res, err := l.p.run(ctx, l.duckrun, file)
		if err != nil {
			return nil, 0, fmt.Errorf("DuckDB as a process: %w", err)
		}
		if _, serial := tpchSerial[q.n]; !serial {
			if n := bytes.Count(res.stdout, []byte("\n")); n != rows {
				return nil, 0, fmt.Errorf("DuckDB as a process: Q%d wrote %d rows, in-process %d", q.n, n, rows)
			}
		}
		ts, rss = append(ts, res.dur), max(rss, res.rssKiB)
	}
	return ts, rss, nil
}

// inShell times q's text runs times inside one lakesql process, as a user
// of the shell runs it with .timer on, after one run untimed: the engine
// warm, as DuckDB's in-process side is, without a process's start (some
// 13 ms of a small query at SF 0.1). The times are the shell's own
// (.timer: from the statement's start to its last row written).
func (l *tpchLake) inShell(ctx context.Context, text string, runs int) ([]time.Duration, error) {
	if err := os.MkdirAll(l.spill, 0o755); err != nil {
		return nil, err
	}
	defer clearDir(l.spill)
	args := []string{"-d", l.work, "--no-init", "--format", "jsonlines", "--temp-dir", l.spill, "-c", ".timer on"}
	for range runs + 1 {
		args = append(args, "-c", text)
	}
	wctx, cancel := context.WithTimeout(ctx, time.Duration(runs+1)*l.timeout)
	defer cancel()
	res, err := l.p.run(wctx, l.lakesql, args...)
	if err != nil {
		return nil, fmt.Errorf("in the shell: %v: %s", err, errFirstLine(err, res.stderr))
	}
	ts, err := shellTimes(res.stderr)
	if err != nil {
		return nil, err
	}
	if len(ts) != runs+1 {
		return nil, fmt.Errorf("in the shell: %d times for %d runs of one statement: %q", len(ts), runs+1, res.stderr)
	}
	return ts[1:], nil
}

// shellTimes reads the times that .timer printed ("Time: 12.345 ms").
func shellTimes(stderr []byte) ([]time.Duration, error) {
	var ts []time.Duration
	for line := range strings.Lines(string(stderr)) {
		ms, ok := strings.CutPrefix(strings.TrimSpace(line), "Time: ")
		if !ok {
			continue
		}
		ms, ok = strings.CutSuffix(ms, " ms")
		x, err := strconv.ParseFloat(ms, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("in the shell: not a time: %q", line)
		}
		ts = append(ts, time.Duration(x*float64(time.Millisecond)))
	}
	return ts, nil
}

// dirBytes is the size of the files under dir.
func dirBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if fi, err := e.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// freeBytes is the space left to an unprivileged user on dir's disk.
func freeBytes(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}

// clearDir removes what is in dir (a killed run's spill files).
func clearDir(dir string) {
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// tpchSelect keeps the queries numbered in only ("1,3,5"; "" keeps all).
func tpchSelect(qs []cbQuery, only string) ([]cbQuery, error) {
	out, err := cbSelect(qs, only)
	if err != nil {
		err = errors.New(strings.Replace(err.Error(), "-cb-queries", "-tpch-queries", 1))
	}
	return out, err
}

// tpch is the -tpch mode: build, generate (or reuse -lake), run the 22
// queries, print and save the table. It fails (after writing the table) if
// an answer we gave differs from DuckDB's, or on a DuckDB or harness error.
func tpch(ctx context.Context, cfg config, stdout, stderr io.Writer) (err error) {
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "tpch: "+format+"\n", args...) }
	top, lakesql, wrap, done, err := modeBinaries(ctx, cfg, "tpch", logf, stderr)
	if err != nil {
		return err
	}
	defer done()
	qs, err := tpchQueries()
	if err != nil {
		return err
	}
	if qs, err = tpchSelect(qs, cfg.tpchOnly); err != nil {
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
	// The runner's own limit is past ours, which says why it killed.
	p := runner{wrap: wrap, timeout: cfg.timeout + time.Minute}
	scale, err := tpchScale(cfg.tpchSF)
	if err != nil {
		return err
	}
	l, err := tpchSetup(ctx, p, lakesql, work, scale, d, logf, cfg.cbLake != "", cfg.keep)
	if err != nil {
		return err
	}
	l.timeout, l.spillMax = cfg.timeout, int64(cfg.tpchSpillGB*1e9)
	l.duckrun = filepath.Join(top, "bin", "duckrun")
	logf("building duckrun, DuckDB as a process")
	if err := buildDuckrun(ctx, cfg.repo, l.duckrun); err != nil {
		return err
	}
	return runAndReport(ctx, cfg, qs, l.run, func(rs []cbResult) string { return tpchReport(cfg, d.version, l, rs) }, stdout, logf)
}

// repoCommit is the commit our binary was built from, "" if unknown.
func repoCommit(repo string) string {
	out, err := exec.Command("git", "-C", repo, "log", "-1", "--format=%h %cs").Output()
	if err != nil {
		return ""
	}
	s := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", repo, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		s += ", with uncommitted changes"
	}
	return s
}

func tpchReport(cfg config, version string, l *tpchLake, rs []cbResult) string {
	var b strings.Builder
	b.WriteString("# TPC-H: lakesql vs DuckDB\n\n")
	command := fmt.Sprintf("`cd bench && go run . -tpch -tpch-sf=%s -runs=%d`", l.gen.scale(), cfg.runs)
	if l.reused {
		command = fmt.Sprintf("`cd bench && go run . -tpch -lake W -runs=%d` (W kept from `-tpch -tpch-sf=%s -keep`)", cfg.runs, l.gen.scale())
	}
	if cfg.tpchOnly != "" {
		command = strings.TrimSuffix(command, "`") + fmt.Sprintf(" -tpch-queries=%s`", cfg.tpchOnly)
	}
	lakesqlAt := ""
	if c := repoCommit(cfg.repo); c != "" {
		lakesqlAt = " lakesql at " + c + ";"
	}
	fmt.Fprintf(&b, "%s on %s: %s, %d CPUs, %s/%s, %s;%s DuckDB %s in-process (threads=2); data by github.com/pingcap/go-tpc %s (`tpch/dbgen`, a Go port of TPC-H's dbgen).\n\n",
		command, time.Now().Format("2006-01-02 15:04"), cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), lakesqlAt, version, l.gen.GoTPC)

	b.WriteString("## Data\n\n")
	fmt.Fprintf(&b, "Scale factor %s, generated in %s and laid out by our own `lakesql -d W --no-init -c \"CREATE LAKE <table> FROM '<table>.jsonl' PARTITION BY (<key>);\"` in %s (all 8). ",
		l.gen.scale(), fmtDur(time.Duration(l.gen.GenSecs*float64(time.Second))), fmtDur(time.Duration(l.gen.LakeSecs*float64(time.Second))))
	b.WriteString("Rows are JSON Lines with TPC-H's column names: integers as JSON integers (l_quantity too, as dbgen makes it), money and the other decimal columns as JSON numbers (dbgen's text, `172799.49`), dates as `\"YYYY-MM-DD\"` strings, text as strings. ")
	b.WriteString("CREATE LAKE needs a partition key: lineitem and orders are partitioned by month of l_shipdate and o_orderdate, and partsupp (no column of few values) by block of part keys, fields added to their rows for that (`l_shipmonth`, `o_ordermonth`, `ps_partgroup`: not TPC-H columns, no query reads them, DuckDB's view leaves them out); the other tables by a column of few values that no query filters on, so that no file is pruned on our side either. ")
	b.WriteString("DuckDB reads the same files: a view per table over `read_json` of its manifest's files (absolute paths, `hive_partitioning = false`), the columns typed BIGINT (integers), DOUBLE (money and decimals: our engine's numbers are int64 and float64, not DECIMAL), DATE (dates) and VARCHAR (text), given rather than inferred (our exporter's view, `SHOW CREATE LAKE … FOR duckdb`, lets DuckDB infer them: l_quantity comes out BIGINT, and the key columns c_nationkey, s_nationkey, n_regionkey, r_regionkey VARCHAR, from the manifest's partition values); before the queries, untimed, each view must count the rows its manifest lists.\n\n")
	b.WriteString("| table | rows | lake key | files | bytes |\n|---|--:|---|--:|--:|\n")
	var rows, bytes int64
	var files int
	for _, t := range tpchTables {
		key := "`" + t.key + "`"
		if t.added {
			key += " (added)"
		}
		fmt.Fprintf(&b, "| %s | %d | %s: %s | %d | %d |\n", t.name, l.rows[t.name], key, t.why, l.files[t.name], l.bytes[t.name])
		rows, bytes, files = rows+l.rows[t.name], bytes+l.bytes[t.name], files+l.files[t.name]
	}
	fmt.Fprintf(&b, "| all | %d | | %d | %d |\n\n", rows, files, bytes)

	b.WriteString("## Queries\n\n")
	b.WriteString("The 22 queries with the specification's validation parameters (`bench/testdata/tpch/queries.sql`; Q1's `interval '90' day (3)` without its `(3)`, which DuckDB cannot parse). DuckDB runs each verbatim (Q15: its CREATE VIEW, the query and the DROP VIEW, timed together). ")
	fmt.Fprintf(&b, "Ours: `lakesql -d W --no-init --format jsonlines --temp-dir W/spill -c <query>`, a whole process each, timed from start to exit (peak RSS through rsswrap), after the rewrites below; killed after %v, or when its spill files pass %.0f GB or the disk has less than %d GB free. ", l.timeout, float64(l.spillMax)/1e9, tpchMinFree>>30)
	b.WriteString("DuckDB: timed from sending the query to reading the last row; every query reads the JSON files anew on both sides. ")
	for _, n := range slices.Sorted(maps.Keys(tpchSerial)) {
		fmt.Fprintf(&b, "Q%d: DuckDB's time is of its run with threads=2, but the answer compared with ours is of a second run with threads=1, untimed, because %s. ", n, tpchSerial[n])
	}
	fmt.Fprintf(&b, "Each side ran %d time(s), alternating; times are medians; DuckDB/ours > 1: ours is faster. ", cfg.runs)
	fmt.Fprintf(&b, "In the shell: a query answered right, run %d more times in one lakesql process with `.timer on` (`-c .timer on -c <query> -c <query> …`), the first untimed; the median of the times the shell printed (from the statement's start to its last row written). That is the engine warm, as DuckDB's in-process side is timed, without the start of a process (some 13 ms at SF 0.1, the most of a small query's difference). ", cfg.runs+1)
	fmt.Fprintf(&b, "DuckDB as a process: a query answered right, run %d times more through `bench/duckrun`, a program that links DuckDB through duckdb-go as the bench does and does what its shell would: a new in-memory database (threads=2), the views, the query's setup, the query, its rows written to stdout, timed from start to exit as ours (peak RSS through rsswrap); DuckDB's own shell is not on this machine, and this one starts the Go runtime besides DuckDB's (some 6 ms). Its column compares the two sides each as a whole process.\n\n", cfg.runs)
	b.WriteString("Equal: the same rows, numbers by value (integers exactly, floats within 1e-9 relative), text exactly, dates as ISO text, NULL as NULL; without ORDER BY as multisets; with ORDER BY in order, rows tied on the sort keys in any order among themselves (and at a LIMIT any of the tied rows), each row checked against DuckDB's whole answer at its position. A query we refuse (exit ≠ 0) is refused, shown with the first line of the error.\n\n")
	b.WriteString("| # | query | equal | ours | DuckDB | DuckDB/ours | ours in the shell | DuckDB/ours in the shell | DuckDB as a process | DuckDB/ours, both processes | ours peak RSS | DuckDB's as a process | rows |\n|--:|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range rs {
		eq := string(r.status)
		switch r.status {
		case cbDifferent:
			eq = "**NO**: " + mdCell(shorten(r.reason, 160))
			if why, ok := tpchKnownWrong[r.q.n]; ok {
				eq += " (known: " + why + ")"
			}
		case cbRefused, cbKilled, cbDuckError, cbHarness:
			eq = string(r.status) + ": " + mdCell(shorten(r.reason, 160))
		}
		ratio, rss, ours := "", "", ""
		if x, ok := r.ratio(); ok {
			ratio = fmt.Sprintf("%.2f×", x)
		}
		if len(r.ours) > 0 {
			rss, ours = fmtRSS(r.rssKiB), fmtDur(median(r.ours))
		}
		shell, shellRatio := "", ""
		if x, ok := r.shellRatio(); ok {
			shell, shellRatio = fmtDur(median(r.shell)), fmt.Sprintf("%.2f×", x)
		}
		proc, procRatio, duckRSS := "", "", ""
		if x, ok := r.procRatio(); ok {
			proc, procRatio, duckRSS = fmtDur(median(r.duckProc)), fmt.Sprintf("%.2f×", x), fmtRSS(r.duckRSSKiB)
		}
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |\n", r.q.n, tpchNames[r.q.n], eq, ours, fmtMedian(r.theirs, ""), ratio, shell, shellRatio, proc, procRatio, rss, duckRSS, r.rows)
	}
	c := countResults(rs)
	fmt.Fprintf(&b, "\n**%s** (of %d).", c, len(rs))
	if g, n := geoMeanOf(rs, func(r cbResult) bool { return r.status == cbEqual }); n > 0 {
		fmt.Fprintf(&b, " Geometric mean of DuckDB/ours over the %d queries we answered right: **%.2f×**", n, g)
		if g2, n2 := geoMeanOf(rs, func(cbResult) bool { return true }); n2 > n {
			fmt.Fprintf(&b, " (%.2f× over the %d we answered, wrong answers too)", g2, n2)
		}
		b.WriteString(".")
	}
	for _, by := range []struct {
		name  string
		ratio func(cbResult) (float64, bool)
	}{{"In the shell", cbResult.shellRatio}, {"Both as processes", cbResult.procRatio}} {
		if g, n := geoMeanBy(rs, by.ratio, func(cbResult) bool { return true }); n > 0 {
			slower := 0
			for _, r := range rs {
				if x, ok := by.ratio(r); ok && x < 1 {
					slower++
				}
			}
			fmt.Fprintf(&b, " %s: **%.2f×** over %d, %d slower than DuckDB.", by.name, g, n, slower)
		}
	}
	b.WriteString("\n\n## Rewrites for our side\n\n")
	b.WriteString("DuckDB runs every query verbatim; lakesql runs the same text except where our parser (github.com/xwb1989/sqlparser, MySQL's grammar) cannot read it or reads it otherwise; a query that needs an engine feature we lack is not rewritten, it is refused. Each old text is replaced wherever it is in its query:\n\n")
	b.WriteString("| # | instead of | ours runs | why |\n|--:|---|---|---|\n")
	var whys []string // each reason once, numbered below the table
	for _, rw := range tpchRewrites {
		i := slices.Index(whys, rw.why)
		if i < 0 {
			i, whys = len(whys), append(whys, rw.why)
		}
		code := func(s string) string {
			if s = mdCell(strings.Join(strings.Fields(s), " ")); s == "" {
				return "(nothing)"
			}
			return "`" + s + "`"
		}
		fmt.Fprintf(&b, "| %d | %s | %s | (%d) |\n", rw.query, code(rw.old), code(rw.new), i+1)
	}
	b.WriteString("\n")
	for i, why := range whys {
		fmt.Fprintf(&b, "(%d) %s.\n", i+1, strings.ToUpper(why[:1])+why[1:])
		if i+1 < len(whys) {
			b.WriteString("\n")
		}
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
			fmt.Fprintf(&b, "\n### Q%d: %s\n\n```sql\n%s\n```\n\n%s\n\n", r.q.n, r.status, r.q.ours, r.reason)
			writeRows(&b, "ours", len(r.oursRows), func(i int) string { return showOurs(r.oursRows[i]) })
			writeRows(&b, "DuckDB", len(r.duckRows), func(i int) string { return showDuck(r.duckRows[i]) })
		}
	}
	return b.String()
}
