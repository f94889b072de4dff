package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// env is the state shared by the jobs of one scale (one generated data set).
type env struct {
	cfg     config
	log     io.Writer
	proc    runner
	root    string // temporary folder of this scale
	work    string // the work folder W holding raw.jsonl and every lake
	saved   string // untimed copies used to restore inputs between runs
	pq      string
	lakesql string // "" if it did not build
	noSQL   string // why lakesql is unavailable
	duck    *duck
	rows    int
	raw     *stats            // expected answers, read from raw.jsonl
	lakes   map[string]*stats // verified lakes (ours and DuckDB's), by folder name
}

// result is one row of the table.
type result struct {
	id, title  string
	baseline   string // "DuckDB" or "cp -r + sync"
	ours       []time.Duration
	theirs     []time.Duration
	oursRSS    int64  // KiB, max over runs
	oursNA     string // non-empty: ours could not run, and why
	oursAgg    agg
	theirsAgg  agg
	scanOurs   int64 // bytes scanned, for GB/s; 0 for jobs that are not full scans
	scanTheirs int64
	noScanGoal bool // GB/s shown but not held to goalScanGBs
	notes      []string
}

func (r *result) note(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// report is everything printed for one scale.
type report struct {
	rows     int
	rawBytes int64
	results  []*result
}

// benchmark builds, generates, runs every selected job at every scale, and
// prints and saves the tables. Temporary folders are removed unless -keep.
func benchmark(ctx context.Context, cfg config, stdout, stderr io.Writer) (err error) {
	top, err := os.MkdirTemp(cfg.dir, "lakesql-bench-")
	if err != nil {
		return fmt.Errorf("create work folder: %w", err)
	}
	defer func() {
		if cfg.keep {
			fmt.Fprintf(stderr, "bench: kept %s\n", top)
			return
		}
		if rerr := os.RemoveAll(top); rerr != nil {
			err = errors.Join(err, fmt.Errorf("remove %s: %w", top, rerr))
		}
	}()
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "bench: "+format+"\n", args...) }

	bin := filepath.Join(top, "bin")
	pq, lakesql, wrap := filepath.Join(bin, "pq"), filepath.Join(bin, "lakesql"), filepath.Join(bin, "rsswrap")
	logf("building pq and lakesql from %s", cfg.repo)
	if err := buildBinary(ctx, filepath.Join(cfg.repo, "bench"), "./rsswrap", wrap); err != nil {
		return err
	}
	if err := buildBinary(ctx, cfg.repo, "./cmd/pq", pq); err != nil {
		return err
	}
	noSQL := ""
	if err := buildBinary(ctx, cfg.repo, "./cmd/lakesql", lakesql); err != nil {
		noSQL = "lakesql does not build"
		logf("WARNING: %v", err)
		lakesql = ""
	}

	d, err := openDuck(ctx, cfg.timeout, cfg.duckOpenFiles)
	if err != nil {
		return err
	}
	defer d.close()
	logf("DuckDB %s in-process, threads=2", d.version)

	scales := []int{cfg.rows}
	if cfg.scale > 1 {
		scales = append(scales, cfg.rows*cfg.scale)
	}
	var reports []*report
	defer func() {
		if err != nil && len(reports) > 0 {
			fmt.Fprintf(stderr, "\nbench: results so far:\n\n%s", renderTables(cfg, d.version, reports))
		}
	}()
	for i, rows := range scales {
		e := &env{
			cfg: cfg, log: stderr, proc: runner{wrap: wrap, timeout: cfg.timeout}, pq: pq, lakesql: lakesql, noSQL: noSQL, duck: d, rows: rows,
			root:  filepath.Join(top, fmt.Sprintf("rows-%d", rows)),
			lakes: map[string]*stats{},
		}
		e.work = filepath.Join(e.root, "W")
		e.saved = filepath.Join(e.root, "saved")
		rep := &report{rows: rows}
		reports = append(reports, rep)
		if err := e.runAll(ctx, rep); err != nil {
			return err
		}
		if i < len(scales)-1 && !cfg.keep {
			if err := os.RemoveAll(e.root); err != nil {
				return fmt.Errorf("remove %s: %w", e.root, err)
			}
		}
	}

	out := renderTables(cfg, d.version, reports)
	fmt.Fprint(stdout, out)
	if err := os.WriteFile(cfg.out, []byte(out), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", cfg.out, err)
	}
	logf("wrote %s", cfg.out)
	return nil
}

// runAll generates the data and runs the selected jobs in table order.
func (e *env) runAll(ctx context.Context, rep *report) error {
	e.logf("generating %d rows: pq gen %s --rows=%d", e.rows, e.work, e.rows)
	res, err := e.proc.run(ctx, e.pq, "gen", e.work, fmt.Sprintf("--rows=%d", e.rows))
	if err != nil {
		return fmt.Errorf("generate data: %w", err)
	}
	var gen struct {
		Rows  int64 `json:"rows"`
		Bytes int64 `json:"bytes"`
	}
	if err := decodeOne(res.stdout, &gen); err != nil {
		return fmt.Errorf("pq gen output: %w", err)
	}
	if err := os.MkdirAll(e.saved, 0o755); err != nil {
		return err
	}
	e.raw, err = readRaw(e.rawPath())
	if err != nil {
		return fmt.Errorf("check raw.jsonl: %w", err)
	}
	if e.raw.total.rows != int64(e.rows) || gen.Rows != int64(e.rows) {
		return fmt.Errorf("pq gen --rows=%d: printed %d rows, raw.jsonl has %d", e.rows, gen.Rows, e.raw.total.rows)
	}
	rep.rawBytes = e.raw.bytes
	e.logf("raw.jsonl: %d rows, %d bytes, %d days × %d regions × %d channels (%d combinations)",
		e.raw.total.rows, e.raw.bytes, len(e.raw.byDay), len(e.raw.byRegion), len(e.raw.byChannel), len(e.raw.byDRC))

	for _, id := range e.cfg.jobs {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := jobByID(id)
		r := &result{id: j.id, title: j.title, baseline: "DuckDB"}
		e.logf("[%s] %s", j.id, j.title)
		if err := j.run(ctx, e, r); err != nil {
			return fmt.Errorf("job %s: %w", j.id, err)
		}
		rep.results = append(rep.results, r)
		e.logf("[%s] ours median %s, %s median %s", j.id, fmtMedian(r.ours, r.oursNA), r.baseline, fmtMedian(r.theirs, ""))
	}
	return nil
}

func (e *env) logf(format string, args ...any) {
	fmt.Fprintf(e.log, "bench: "+format+"\n", args...)
}

func (e *env) rawPath() string         { return filepath.Join(e.work, "raw.jsonl") }
func (e *env) path(name string) string { return filepath.Join(e.work, name) }

// side is one contender of a job: prep runs untimed before every run, run is
// timed. A nil run means the side is skipped.
type side struct {
	prep func() error
	run  func() (time.Duration, error)
	// optional: a failing run marks ours n/a instead of failing the job.
	optional bool
}

// alternate runs ours then theirs, -runs times, recording the times. Before
// every timed run it syncs the file system, untimed, so that one side's dirty
// pages are not written back on the other side's clock.
func (e *env) alternate(ctx context.Context, r *result, ours, theirs side) error {
	for i := 1; i <= e.cfg.runs; i++ {
		for _, s := range []struct {
			name  string
			side  side
			times *[]time.Duration
		}{{"ours", ours, &r.ours}, {r.baseline, theirs, &r.theirs}} {
			if err := ctx.Err(); err != nil {
				return err
			}
			if s.side.run == nil || (s.name == "ours" && r.oursNA != "") {
				continue
			}
			if s.side.prep != nil {
				if err := s.side.prep(); err != nil {
					return fmt.Errorf("prepare %s run %d: %w", s.name, i, err)
				}
			}
			syscall.Sync()
			d, err := s.side.run()
			if err != nil {
				if s.side.optional {
					r.oursNA = naReason(err)
					e.logf("[%s] ours is n/a: %v", r.id, err)
					continue
				}
				return fmt.Errorf("%s run %d: %w", s.name, i, err)
			}
			*s.times = append(*s.times, d)
			e.logf("[%s] run %d/%d %-12s %s", r.id, i, e.cfg.runs, s.name, fmtDur(d))
		}
	}
	return nil
}

// pqRun returns a timed run of pq with args that records the peak RSS in r
// and the last stdout in *out.
func (e *env) pqRun(ctx context.Context, r *result, out *[]byte, args ...string) func() (time.Duration, error) {
	return e.procRun(ctx, r, out, e.pq, args...)
}

func (e *env) procRun(ctx context.Context, r *result, out *[]byte, name string, args ...string) func() (time.Duration, error) {
	return func() (time.Duration, error) {
		res, err := e.proc.run(ctx, name, args...)
		if err != nil {
			return 0, err
		}
		r.oursRSS = max(r.oursRSS, res.rssKiB)
		if out != nil {
			*out = res.stdout
		}
		return res.dur, nil
	}
}

// duckRun returns a timed run of one DuckDB statement whose rows land in *out.
func (e *env) duckRun(ctx context.Context, q string, out *[][]string) func() (time.Duration, error) {
	return func() (time.Duration, error) {
		rows, d, err := e.duck.query(ctx, q)
		if err != nil {
			return 0, err
		}
		*out = rows
		return d, nil
	}
}

// removeAll is an untimed prep step: start from nothing.
func removeAll(paths ...string) func() error {
	return func() error {
		for _, p := range paths {
			if err := os.RemoveAll(p); err != nil {
				return err
			}
		}
		return nil
	}
}

// untimed runs a command whose time does not count (setup and restores).
func (e *env) untimed(ctx context.Context, name string, args ...string) ([]byte, error) {
	res, err := e.proc.run(ctx, name, args...)
	return res.stdout, err
}

// decodeOne decodes the single JSON object pq prints on success.
func decodeOne(out []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(out)))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode %.200q: %w", out, err)
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// naReason shortens a failed run's error to its exit status and the first
// line the child printed.
func naReason(err error) string {
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	reason := lines[0]
	if i := strings.LastIndex(reason, ": "); i >= 0 {
		reason = reason[i+2:]
	}
	for _, l := range lines[1:] {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "|")); l != "" {
			return reason + ": " + l
		}
	}
	return reason
}
