package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// job is one row of the table.
type job struct {
	id, title string
	run       func(ctx context.Context, e *env, r *result) error
}

// allJobs in table order.
var allJobs = []*job{
	{"write_day", "write partitioned by day (30 partitions)", jobWriteDay},
	{"write_drc", "write partitioned by day, region, channel (720 partitions)", jobWriteDRC},
	{"query_day", "COUNT/SUM WHERE day = one day (29 of 30 files pruned)", jobQueryDay},
	{"query_channel", "COUNT/SUM WHERE channel = 'app' (full scan)", jobQueryChannel},
	{"group_region", "region, COUNT, SUM … GROUP BY region (full scan)", jobGroupRegion},
	{"repartition", "repartition by day → by region", jobRepartition},
	{"compact", "compaction of the day,region,channel lake written with --rows=1000, to 1 MB (baseline: cp -r + sync)", jobCompact},
	{"files_20k", "region, COUNT, SUM … GROUP BY region on a lake of ~20,000 files (day,region,channel, --rows=100; full scan); also its write and compaction", jobFiles20k},
}

func jobIDs() []string {
	ids := make([]string, len(allJobs))
	for i, j := range allJobs {
		ids[i] = j.id
	}
	return ids
}

func jobByID(id string) *job {
	for _, j := range allJobs {
		if j.id == id {
			return j
		}
	}
	return nil
}

// Lake and folder names inside W.
const (
	lakeByDay        = "by_day"
	lakeByDRC        = "by_drc"
	lakeByRegion     = "by_region"
	lakeSmall        = "small_drc"
	duckByDay        = "duck_by_day"
	duckByDRC        = "duck_by_drc"
	duckByRegion     = "duck_by_region"
	lakeMany         = "many_files"
	compactTarget    = 1_000_000
	compactInputRows = 1000
	manyRows         = 100 // rows per file of lakeMany: ~20,000 files at 2M rows
)

// The write jobs.

func jobWriteDay(ctx context.Context, e *env, r *result) error {
	return e.writeJob(ctx, r, lakeByDay, duckByDay, []string{"day"}, len(e.raw.byDay))
}

func jobWriteDRC(ctx context.Context, e *env, r *result) error {
	if err := e.writeJob(ctx, r, lakeByDRC, duckByDRC, []string{"day", "region", "channel"}, len(e.raw.byDRC)); err != nil {
		return err
	}
	if e.cfg.keep {
		return nil
	}
	delete(e.lakes, lakeByDRC)
	delete(e.lakes, duckByDRC)
	return removeAll(e.path(lakeByDRC), e.path(duckByDRC))() // nothing else reads them
}

// writeJob times `pq write` against DuckDB's partitioned COPY of raw.jsonl,
// each into an empty folder, then checks both outputs row by row.
func (e *env) writeJob(ctx context.Context, r *result, lake, duckDir string, keys []string, wantParts int) error {
	var out []byte
	var duckOut [][]string
	err := e.alternate(ctx, r,
		side{
			prep: removeAll(e.path(lake)),
			run: e.pqRun(ctx, r, &out, "write", e.work, "--lake="+lake,
				"--key="+strings.Join(keys, ",")),
		},
		side{
			prep: removeAll(e.path(duckDir)),
			run:  e.duckRun(ctx, duckCopyPartitioned(duckReadRaw(e.rawPath()), e.path(duckDir), keys), &duckOut),
		})
	if err != nil {
		return err
	}
	var w struct {
		Partitions int   `json:"partitions"`
		Files      int   `json:"files"`
		Rows       int64 `json:"rows"`
	}
	if err := decodeOne(out, &w); err != nil {
		return fmt.Errorf("pq write output: %w", err)
	}
	ours, theirs, err := e.verifyLakes(lake, duckDir, wantParts)
	if err != nil {
		return err
	}
	if w.Rows != ours.total.rows || w.Partitions != ours.partitions {
		return fmt.Errorf("pq write printed %d rows in %d partitions, the lake holds %d rows in %d", w.Rows, w.Partitions, ours.total.rows, ours.partitions)
	}
	if n, err := duckCount(duckOut); err != nil || n != theirs.total.rows {
		return fmt.Errorf("DuckDB COPY reported %v rows (%v), its files hold %d", duckOut, err, theirs.total.rows)
	}
	r.oursAgg, r.theirsAgg = ours.total, theirs.total
	r.note("%d partitions; ours %d files, %d bytes; DuckDB %d files, %d bytes, all valid JSON lines",
		ours.partitions, ours.files, ours.bytes, theirs.files, theirs.bytes)
	return nil
}

// verifyLakes reads our lake and DuckDB's folder and checks both against
// raw.jsonl: rows, sums, and the partition count.
func (e *env) verifyLakes(lake, duckDir string, wantParts int) (ours, theirs *stats, err error) {
	for _, p := range []struct {
		name string
		dst  **stats
	}{{lake, &ours}, {duckDir, &theirs}} {
		s, err := readLake(e.path(p.name))
		if err != nil {
			return nil, nil, fmt.Errorf("check %s: %w", p.name, err)
		}
		if err := e.expect(p.name, s.total, e.raw.total); err != nil {
			return nil, nil, err
		}
		if s.partitions != wantParts {
			return nil, nil, fmt.Errorf("%s: %d partitions, want %d", p.name, s.partitions, wantParts)
		}
		e.lakes[p.name] = s
		*p.dst = s
	}
	return ours, theirs, nil
}

// expect fails loudly when got differs from what raw.jsonl says.
func (e *env) expect(what string, got, want agg) error {
	if got != want {
		return fmt.Errorf("WRONG RESULT: %s: got %v, raw.jsonl has %v", what, got, want)
	}
	return nil
}

// ensureByDay makes sure both by-day lakes exist (untimed), for the jobs that
// read them when write_day was not selected.
func (e *env) ensureByDay(ctx context.Context) error {
	if e.lakes[lakeByDay] != nil && e.lakes[duckByDay] != nil {
		return nil
	}
	e.logf("preparing the by-day lakes (untimed)")
	if err := removeAll(e.path(lakeByDay), e.path(duckByDay))(); err != nil {
		return err
	}
	if _, err := e.untimed(ctx, e.pq, "write", e.work, "--lake="+lakeByDay, "--key=day"); err != nil {
		return err
	}
	if _, _, err := e.duck.query(ctx, duckCopyPartitioned(duckReadRaw(e.rawPath()), e.path(duckByDay), []string{"day"})); err != nil {
		return err
	}
	_, _, err := e.verifyLakes(lakeByDay, duckByDay, len(e.raw.byDay))
	return err
}

// The query jobs.

type pqQuery struct {
	FilesTotal   int         `json:"files_total"`
	FilesScanned int         `json:"files_scanned"`
	Rows         int64       `json:"rows"`
	Amount       json.Number `json:"amount"`
}

func jobQueryDay(ctx context.Context, e *env, r *result) error {
	day := "2026-01-03"
	if _, ok := e.raw.byDay[day]; !ok { // tiny data sets may miss it
		day = sortedKeys(e.raw.byDay)[0]
	}
	q, err := e.queryJob(ctx, r, "day", day)
	if err != nil {
		return err
	}
	r.note("day = %s; ours scanned %d of %d files", day, q.FilesScanned, q.FilesTotal)
	return nil
}

func jobQueryChannel(ctx context.Context, e *env, r *result) error {
	q, err := e.queryJob(ctx, r, "channel", "app")
	if err != nil {
		return err
	}
	r.scanOurs, r.scanTheirs = e.lakes[lakeByDay].bytes, e.lakes[duckByDay].bytes
	r.note("ours scanned %d of %d files", q.FilesScanned, q.FilesTotal)
	return nil
}

// queryJob times `pq query --where=field=value` on by_day against DuckDB's
// count/sum over its by-day folder with the same filter.
func (e *env) queryJob(ctx context.Context, r *result, field, value string) (pqQuery, error) {
	var q pqQuery
	if err := e.ensureByDay(ctx); err != nil {
		return q, err
	}
	var out []byte
	var duckOut [][]string
	sqlq := fmt.Sprintf("SELECT count(*), sum(amount) FROM %s WHERE %s = %s",
		duckReadLake(e.path(duckByDay)), field, sqlString(value))
	err := e.alternate(ctx, r,
		side{run: e.pqRun(ctx, r, &out, "query", e.work, "--lake="+lakeByDay, "--where="+field+"="+value)},
		side{run: e.duckRun(ctx, sqlq, &duckOut)})
	if err != nil {
		return q, err
	}
	if err := decodeOne(out, &q); err != nil {
		return q, fmt.Errorf("pq query output: %w", err)
	}
	sum, err := q.Amount.Int64()
	if err != nil {
		return q, fmt.Errorf("pq query amount %q: %w", q.Amount, err)
	}
	r.oursAgg = agg{rows: q.Rows, sum: sum}
	if len(duckOut) != 1 || len(duckOut[0]) != 2 {
		return q, fmt.Errorf("DuckDB returned %v, want one row of count, sum", duckOut)
	}
	if r.theirsAgg, err = parseAgg(duckOut[0][0], duckOut[0][1]); err != nil {
		return q, fmt.Errorf("DuckDB result: %w", err)
	}
	want := map[string]map[string]agg{"day": e.raw.byDay, "channel": e.raw.byChannel}[field][value]
	if err := e.expect("ours: pq query --where="+field+"="+value, r.oursAgg, want); err != nil {
		return q, err
	}
	return q, e.expect("DuckDB: WHERE "+field+" = "+sqlString(value), r.theirsAgg, want)
}

func jobGroupRegion(ctx context.Context, e *env, r *result) error {
	if err := e.ensureByDay(ctx); err != nil {
		return err
	}
	r.scanOurs, r.scanTheirs = e.lakes[lakeByDay].bytes, e.lakes[duckByDay].bytes
	if err := e.groupByRegion(ctx, r, lakeByDay, duckReadLake(e.path(duckByDay))); err != nil || r.oursNA != "" {
		return err
	}
	r.note("%d groups, each equal on both sides and to raw.jsonl", len(e.raw.byRegion))
	return nil
}

// groupByRegion times `lakesql … GROUP BY region` on our lake against
// DuckDB's GROUP BY region over from (a read_json call), and checks both
// against raw.jsonl.
func (e *env) groupByRegion(ctx context.Context, r *result, lake, from string) error {
	var ours map[string]agg
	var duckOut [][]string
	oursSide := side{optional: true}
	if e.lakesql == "" {
		r.oursNA = e.noSQL
	} else {
		sqlq := "SELECT region, COUNT(*), SUM(amount) FROM " + lake + " GROUP BY region"
		var out []byte
		run := e.procRun(ctx, r, &out, e.lakesql, "-d", e.work, "--format", "csv", "-c", sqlq)
		oursSide.run = func() (time.Duration, error) {
			d, err := run()
			if err != nil {
				return 0, err
			}
			if ours, err = parseGroupCSV(out); err != nil {
				return 0, fmt.Errorf("lakesql output: %w", err)
			}
			return d, nil
		}
	}
	sqlq := fmt.Sprintf("SELECT region, count(*), sum(amount) FROM %s GROUP BY region", from)
	if err := e.alternate(ctx, r, oursSide, side{run: e.duckRun(ctx, sqlq, &duckOut)}); err != nil {
		return err
	}
	theirs := map[string]agg{}
	for _, row := range duckOut {
		if len(row) != 3 {
			return fmt.Errorf("DuckDB returned %v, want region, count, sum", row)
		}
		a, err := parseAgg(row[1], row[2])
		if err != nil {
			return fmt.Errorf("DuckDB result: %w", err)
		}
		theirs[row[0]] = a
	}
	if err := e.expectGroups("DuckDB", theirs); err != nil {
		return err
	}
	r.theirsAgg = sumGroups(theirs)
	if r.oursNA != "" {
		r.note("ours n/a: %s (the job runs `lakesql -d W --format csv -c …` once lakesql -c works)", r.oursNA)
		return nil
	}
	if err := e.expectGroups("ours (lakesql, "+lake+")", ours); err != nil {
		return err
	}
	r.oursAgg = sumGroups(ours)
	return nil
}

func (e *env) expectGroups(who string, got map[string]agg) error {
	if len(got) != len(e.raw.byRegion) {
		return fmt.Errorf("WRONG RESULT: %s: %d groups, raw.jsonl has %d", who, len(got), len(e.raw.byRegion))
	}
	for _, k := range sortedKeys(e.raw.byRegion) {
		if err := e.expect(fmt.Sprintf("%s: region %s", who, k), got[k], e.raw.byRegion[k]); err != nil {
			return err
		}
	}
	return nil
}

func sumGroups(m map[string]agg) agg {
	var t agg
	for _, a := range m {
		t.rows += a.rows
		t.sum += a.sum
	}
	return t
}

// parseGroupCSV reads lakesql's csv output: a header, then region,count,sum.
func parseGroupCSV(out []byte) (map[string]agg, error) {
	recs, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%w in %.200q", err, out)
	}
	if len(recs) < 1 || len(recs[0]) != 3 {
		return nil, fmt.Errorf("want a header and rows of 3 columns, got %.200q", out)
	}
	m := map[string]agg{}
	for _, rec := range recs[1:] {
		if len(rec) != 3 {
			return nil, fmt.Errorf("want 3 columns, got %q", rec)
		}
		a, err := parseAgg(rec[1], rec[2])
		if err != nil {
			return nil, err
		}
		m[rec[0]] = a
	}
	return m, nil
}

func parseAgg(count, sum string) (agg, error) {
	c, err1 := strconv.ParseInt(strings.TrimSpace(count), 10, 64)
	s, err2 := strconv.ParseInt(strings.TrimSpace(sum), 10, 64)
	if err1 != nil || err2 != nil {
		return agg{}, fmt.Errorf("count %q, sum %q are not integers", count, sum)
	}
	return agg{rows: c, sum: s}, nil
}

func duckCount(rows [][]string) (int64, error) {
	if len(rows) != 1 || len(rows[0]) < 1 {
		return 0, fmt.Errorf("want one row")
	}
	return strconv.ParseInt(rows[0][0], 10, 64)
}

// Repartition.

func jobRepartition(ctx context.Context, e *env, r *result) error {
	if err := e.ensureByDay(ctx); err != nil {
		return err
	}
	var out []byte
	var duckOut [][]string
	err := e.alternate(ctx, r,
		side{
			prep: removeAll(e.path(lakeByRegion)),
			run: e.pqRun(ctx, r, &out, "repartition", e.work, "--from="+lakeByDay,
				"--to="+lakeByRegion, "--key=region"),
		},
		side{
			prep: removeAll(e.path(duckByRegion)),
			run: e.duckRun(ctx, duckCopyPartitioned(duckReadLake(e.path(duckByDay)),
				e.path(duckByRegion), []string{"region"}), &duckOut),
		})
	if err != nil {
		return err
	}
	var rp struct {
		RowsRead     int64 `json:"rows_read"`
		RowsWritten  int64 `json:"rows_written"`
		BytesRead    int64 `json:"bytes_read"`
		BytesWritten int64 `json:"bytes_written"`
	}
	if err := decodeOne(out, &rp); err != nil {
		return fmt.Errorf("pq repartition output: %w", err)
	}
	ours, theirs, err := e.verifyLakes(lakeByRegion, duckByRegion, len(e.raw.byRegion))
	if err != nil {
		return err
	}
	if rp.RowsRead != ours.total.rows || rp.RowsWritten != ours.total.rows {
		return fmt.Errorf("pq repartition printed rows_read %d, rows_written %d; the lake holds %d", rp.RowsRead, rp.RowsWritten, ours.total.rows)
	}
	if n, err := duckCount(duckOut); err != nil || n != theirs.total.rows {
		return fmt.Errorf("DuckDB COPY reported %v rows (%v), its files hold %d", duckOut, err, theirs.total.rows)
	}
	r.oursAgg, r.theirsAgg = ours.total, theirs.total
	r.note("%d partitions; ours read %d bytes and wrote %d; DuckDB wrote %d files, %d bytes",
		ours.partitions, rp.BytesRead, rp.BytesWritten, theirs.files, theirs.bytes)
	if !e.cfg.keep {
		delete(e.lakes, lakeByRegion)
		delete(e.lakes, duckByRegion)
		return removeAll(e.path(lakeByRegion), e.path(duckByRegion))()
	}
	return nil
}

// Compaction.

// jobCompact writes the day,region,channel lake with --rows=1000 once
// (untimed) and keeps it aside; before every run the lake is restored from
// that copy (untimed). Ours is `pq compact --target=1000000`; the baseline is
// `cp -r` of the same lake folder followed by `sync`, timed as one process.
func jobCompact(ctx context.Context, e *env, r *result) error {
	r.baseline = "cp -r + sync"
	saved := filepath.Join(e.saved, lakeSmall)
	lake := e.path(lakeSmall)
	cpDst := filepath.Join(e.saved, lakeSmall+"-copy")
	e.logf("[%s] writing the input lake with --rows=%d (untimed)", r.id, compactInputRows)
	if err := removeAll(saved, lake, cpDst)(); err != nil {
		return err
	}
	if _, err := e.untimed(ctx, e.pq, "write", e.work, "--lake="+lakeSmall,
		"--key=day,region,channel", fmt.Sprintf("--rows=%d", compactInputRows)); err != nil {
		return err
	}
	before, err := readLake(lake)
	if err != nil {
		return fmt.Errorf("check %s: %w", lakeSmall, err)
	}
	if err := e.expect(lakeSmall, before.total, e.raw.total); err != nil {
		return err
	}
	if err := os.Rename(lake, saved); err != nil {
		return err
	}
	var out []byte
	restore := func() error {
		if err := removeAll(lake)(); err != nil {
			return err
		}
		_, err := e.untimed(ctx, "cp", "-r", saved, lake)
		return err
	}
	err = e.alternate(ctx, r,
		side{
			prep: restore,
			run:  e.pqRun(ctx, r, &out, "compact", e.work, "--lake="+lakeSmall, fmt.Sprintf("--target=%d", compactTarget)),
		},
		side{
			prep: removeAll(cpDst),
			run: func() (time.Duration, error) {
				res, err := e.proc.run(ctx, "sh", "-c", `cp -r "$1" "$2" && sync`, "sh", saved, cpDst)
				return res.dur, err
			},
		})
	if err != nil {
		return err
	}
	var c struct {
		BeforeFiles int   `json:"before_files"`
		AfterFiles  int   `json:"after_files"`
		Rows        int64 `json:"rows"`
		Bytes       int64 `json:"bytes"`
	}
	if err := decodeOne(out, &c); err != nil {
		return fmt.Errorf("pq compact output: %w", err)
	}
	after, err := readLake(lake)
	if err != nil {
		return fmt.Errorf("check compacted %s: %w", lakeSmall, err)
	}
	copied, err := readLake(cpDst)
	if err != nil {
		return fmt.Errorf("check copy of %s: %w", lakeSmall, err)
	}
	if err := e.expect("ours: compacted "+lakeSmall, after.total, e.raw.total); err != nil {
		return err
	}
	if err := e.expect("cp -r copy of "+lakeSmall, copied.total, e.raw.total); err != nil {
		return err
	}
	if c.Rows != after.total.rows || c.AfterFiles != after.files || c.BeforeFiles != before.files {
		return fmt.Errorf("pq compact printed %d rows, %d → %d files; the lake holds %d rows in %d files (from %d)",
			c.Rows, c.BeforeFiles, c.AfterFiles, after.total.rows, after.files, before.files)
	}
	r.oursAgg, r.theirsAgg = after.total, copied.total
	r.note("%d → %d files, %d bytes; cp copies the same %d files", c.BeforeFiles, c.AfterFiles, before.bytes, before.files)
	if !e.cfg.keep {
		return removeAll(cpDst)()
	}
	return nil
}

// jobFiles20k is the memory check on a lake of many small files: it
// writes the day,region,channel lake with --rows=100 (untimed), times a
// GROUP BY over all of it (lakesql) against DuckDB reading the same files,
// then compacts it (untimed). Peak RSS is the largest of the three
// commands'. Its GB/s is shown but not held to the full-scan goal, which
// is about the lake's usual layout: here each file is ~10 KB, and opening
// it costs as much as reading it.
func jobFiles20k(ctx context.Context, e *env, r *result) error {
	lake := e.path(lakeMany)
	if err := removeAll(lake)(); err != nil {
		return err
	}
	e.logf("[%s] writing the lake with --rows=%d (untimed, RSS kept)", r.id, manyRows)
	res, err := e.proc.run(ctx, e.pq, "write", e.work, "--lake="+lakeMany, "--key=day,region,channel", fmt.Sprintf("--rows=%d", manyRows))
	if err != nil {
		return err
	}
	writeRSS := res.rssKiB
	before, err := readLake(lake)
	if err != nil {
		return fmt.Errorf("check %s: %w", lakeMany, err)
	}
	if err := e.expect(lakeMany, before.total, e.raw.total); err != nil {
		return err
	}
	// Right after a write the folder holds exactly the manifest's files,
	// so DuckDB's glob reads the same rows.
	from := fmt.Sprintf("read_json(%s, %s)", sqlString(lake+"/**/*.jsonl"), duckColumns)
	if err := e.groupByRegion(ctx, r, lakeMany, from); err != nil || r.oursNA != "" {
		return err
	}
	queryRSS := r.oursRSS
	r.scanOurs, r.scanTheirs = before.bytes, before.bytes
	r.noScanGoal = true
	e.logf("[%s] compacting it to %d bytes (untimed, RSS kept)", r.id, compactTarget)
	res, err = e.proc.run(ctx, e.pq, "compact", e.work, "--lake="+lakeMany, fmt.Sprintf("--target=%d", compactTarget))
	if err != nil {
		return err
	}
	after, err := readLake(lake)
	if err != nil {
		return fmt.Errorf("check compacted %s: %w", lakeMany, err)
	}
	if err := e.expect("ours: compacted "+lakeMany, after.total, e.raw.total); err != nil {
		return err
	}
	r.oursRSS = max(writeRSS, queryRSS, res.rssKiB)
	r.note("%d files (%d partitions), %d bytes; peak RSS of pq write %s, lakesql GROUP BY %s, pq compact (%d → %d files) %s; GB/s shown, not held to the full-scan goal (files of ~%d KB)",
		before.files, len(e.raw.byDRC), before.bytes, fmtRSS(writeRSS), fmtRSS(queryRSS), before.files, after.files, fmtRSS(res.rssKiB),
		before.bytes/int64(max(before.files, 1))/1000)
	return removeAll(lake)()
}
