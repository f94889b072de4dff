package main

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The interop check (issue 7): the text `pq export --engine=duckdb` prints
// is run in DuckDB, in-process, and 20 queries must give lakesql's answers,
// on lakes with awkward partition values (null, quotes, glob characters)
// and right after a compaction that crashed before its manifest swap.

// interopExtra are rows appended to every lake: a key value with a quote,
// glob characters, a backslash, a double quote, the string
// __HIVE_DEFAULT_PARTITION__; a missing and a null region; a missing day.
const interopExtra = `{"order_id":"x-1","day":"2026-01-03","region":"it's","channel":"app","amount":11,"qty":1}
{"order_id":"x-2","day":"2026-01-03","channel":"app","amount":12,"qty":2}
{"order_id":"x-3","day":"2026-01-04","region":null,"channel":"web","amount":13,"qty":3}
{"order_id":"x-4","day":"2026-01-04","region":"a*b","channel":"web","amount":14,"qty":4}
{"order_id":"x-5","day":"2026-01-05","region":"[x]?","channel":"store","amount":15,"qty":5}
{"order_id":"x-6","day":"2026-01-05","region":"back\\slash","channel":"store","amount":16,"qty":1}
{"order_id":"x-7","region":"seoul","channel":"app","amount":17,"qty":2}
{"order_id":"x-8","day":"2026-01-06","region":"__HIVE_DEFAULT_PARTITION__","channel":"app","amount":18,"qty":3}
{"order_id":"x-9","day":"2026-01-06","region":"say \"hi\"","channel":"phone","amount":19,"qty":4}
`

// interopQueries are the 20 queries, %s standing for the lake: the same text
// goes to lakesql and to DuckDB (where the lake is the exported view). No
// literal holds a backslash: lakesql reads one as an escape (MySQL's
// dialect), DuckDB as itself; GROUP BY region shows the value back\slash.
var interopQueries = []string{
	"SELECT COUNT(*) FROM %s",
	"SELECT COUNT(*), SUM(amount) FROM %s WHERE day = '2026-01-03'",
	"SELECT COUNT(*), SUM(amount) FROM %s WHERE channel = 'app'",
	"SELECT COUNT(*), SUM(qty) FROM %s WHERE region = 'seoul' AND amount > 500",
	"SELECT COUNT(*) FROM %s WHERE day IN ('2026-01-01', '2026-01-15', '2026-01-30')",
	"SELECT COUNT(*), SUM(amount) FROM %s WHERE day BETWEEN '2026-01-10' AND '2026-01-12' AND channel != 'web'",
	"SELECT COUNT(*), SUM(amount) FROM %s WHERE region IS NULL",
	"SELECT COUNT(*) FROM %s WHERE day IS NULL OR region = 'it''s'",
	"SELECT MIN(amount), MAX(amount) FROM %s",
	"SELECT MIN(day), MAX(day) FROM %s",
	"SELECT MIN(order_id), MAX(order_id), MAX(qty) FROM %s WHERE region = 'busan'",
	"SELECT day, COUNT(*), SUM(amount) FROM %s GROUP BY day",
	"SELECT region, COUNT(*), SUM(amount) FROM %s GROUP BY region",
	"SELECT channel, COUNT(*), MIN(amount), MAX(amount) FROM %s GROUP BY channel",
	"SELECT day, region, COUNT(*) FROM %s WHERE channel = 'store' GROUP BY day, region",
	"SELECT qty, COUNT(*), SUM(amount) FROM %s GROUP BY qty",
	"SELECT region, channel, SUM(qty) FROM %s WHERE day = '2026-01-07' GROUP BY region, channel",
	"SELECT COUNT(DISTINCT region) FROM %s",
	"SELECT COUNT(*), SUM(amount) FROM %s WHERE amount BETWEEN 100 AND 200 OR region IN ('a*b', '[x]?', 'say \"hi\"')",
	"SELECT COUNT(*) FROM %s WHERE NOT (channel = 'app' OR channel = 'web')",
}

// interopCheck is one query's answers on both sides.
type interopCheck struct {
	query         string
	lakesql, duck string // shown in the table
	equal         bool
	lakesqlErr    error
	duckErr       error
	lakesqlDur    time.Duration
	duckDur       time.Duration
}

// interopState is one lake at one moment and its 20 checks.
type interopState struct {
	title      string
	lake       string
	generation int64
	files      int
	orphans    int
	textBytes  int
	checks     []interopCheck
}

// interopGlob is the naive reader after the crash, to show why the
// export lists files.
type interopGlob struct {
	lake                      string
	lakesql, manifest, glob   string
	manifestEqual, globDouble bool
}

// interop runs the check and prints (and saves) its tables. Any answer that
// differs makes it fail, after the tables are written.
func interop(ctx context.Context, cfg config, stdout, stderr io.Writer) (err error) {
	sc, err := newScratch(ctx, cfg, "interop", stderr)
	if err != nil {
		return err
	}
	defer sc.close(cfg, stderr)
	top, pq, lakesql := sc.top, sc.pq, sc.lakesql
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "interop: "+format+"\n", args...) }
	d, err := openDuck(ctx, cfg.timeout, 0)
	if err != nil {
		return err
	}
	defer d.close()
	p := runner{timeout: cfg.timeout}
	w := filepath.Join(top, "w")
	if _, err := p.run(ctx, pq, "gen", w, "--rows="+strconv.Itoa(cfg.interopRows)); err != nil {
		return err
	}
	extra := filepath.Join(top, "extra.jsonl")
	if err := os.WriteFile(extra, []byte(interopExtra), 0o644); err != nil {
		return err
	}
	lakes := []struct{ name, key, rows string }{
		{"by_day", "day", "0"},
		{"by_drc", "day,region,channel", "50"},
	}
	for _, l := range lakes {
		if _, err := p.run(ctx, pq, "write", w, "--lake="+l.name, "--key="+l.key, "--rows="+l.rows); err != nil {
			return err
		}
		if _, err := p.run(ctx, pq, "append", w, "--lake="+l.name, "--from="+extra, "--rows="+l.rows); err != nil {
			return err
		}
	}
	var states []interopState
	check := func(title, lake string) error {
		st, err := interopRun(ctx, p, d, pq, lakesql, w, title, lake)
		if err != nil {
			return err
		}
		bad := 0
		for _, c := range st.checks {
			if !c.equal {
				bad++
			}
		}
		logf("%s: %d files, %d orphans, %d/%d answers equal", title, st.files, st.orphans, len(st.checks)-bad, len(st.checks))
		states = append(states, st)
		return nil
	}
	for _, l := range lakes {
		if err := check(fmt.Sprintf("`%s` (key %s, `--rows=%s`, %d rows appended)", l.name, l.key, l.rows, strings.Count(interopExtra, "\n")), l.name); err != nil {
			return err
		}
	}
	// A compaction that crashes before its manifest swap leaves every new
	// file on disk: the manifest (and the export) must still give the old
	// answers, while a glob over the folder counts the rows twice.
	crashLake := "by_drc"
	_, err = p.run(ctx, pq, "compact", w, "--lake="+crashLake, "--target=1000000", "--crash=before-swap")
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 9 {
		return fmt.Errorf("pq compact --crash=before-swap: want exit 9, got %v", err)
	}
	if err := check(fmt.Sprintf("`%s` right after `pq compact --target=1000000 --crash=before-swap` (exit 9)", crashLake), crashLake); err != nil {
		return err
	}
	glob, err := interopGlobCheck(ctx, p, d, lakesql, w, crashLake)
	if err != nil {
		return err
	}
	if _, err := p.run(ctx, pq, "compact", w, "--lake="+crashLake, "--target=1000000"); err != nil {
		return err
	}
	if err := check(fmt.Sprintf("`%s` after a finished `pq compact --target=1000000`", crashLake), crashLake); err != nil {
		return err
	}
	text := interopTable(cfg, d.version, states, glob)
	io.WriteString(stdout, text)
	if err := os.WriteFile(cfg.out, []byte(text), 0o644); err != nil {
		return err
	}
	var bad []string
	for _, st := range states {
		for i, c := range st.checks {
			if !c.equal {
				bad = append(bad, fmt.Sprintf("%s, query %d", st.lake, i+1))
			}
		}
	}
	if !glob.manifestEqual || !glob.globDouble {
		bad = append(bad, "the glob check after the crash")
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d answers differ: %s (see %s)", len(bad), strings.Join(bad, "; "), cfg.out)
	}
	return nil
}

// interopRun exports a lake for DuckDB, creates the view and compares the
// 20 queries.
func interopRun(ctx context.Context, p runner, d *duck, pq, lakesql, w, title, lake string) (interopState, error) {
	out, err := p.run(ctx, pq, "export", w, "--lake="+lake, "--engine=duckdb")
	if err != nil {
		return interopState{}, err
	}
	var e struct {
		Lake       string `json:"lake"`
		Engine     string `json:"engine"`
		Generation int64  `json:"generation"`
		Files      int    `json:"files"`
		Text       string `json:"text"`
	}
	if err := json.Unmarshal(out.stdout, &e); err != nil {
		return interopState{}, fmt.Errorf("pq export output %.200q: %w", out.stdout, err)
	}
	st := interopState{title: title, lake: lake, generation: e.Generation, files: e.Files, textBytes: len(e.Text)}
	if st.orphans, err = countOrphans(filepath.Join(w, lake)); err != nil {
		return st, err
	}
	if _, _, err := d.query(ctx, e.Text); err != nil {
		return st, fmt.Errorf("the exported DuckDB text does not run: %w", err)
	}
	for _, q := range interopQueries {
		q = fmt.Sprintf(q, lake)
		c := interopCheck{query: q}
		res, lerr := p.run(ctx, lakesql, "-d", w, "--format", "csv", "-c", q)
		c.lakesqlDur = res.dur
		var ours, theirs [][]string
		if lerr == nil {
			ours, lerr = parseCSVAnswer(res.stdout)
		}
		c.lakesqlErr = lerr
		rows, dur, derr := d.query(ctx, q)
		c.duckDur, c.duckErr = dur, derr
		if derr == nil {
			theirs = canonRows(rows)
		}
		c.lakesql, c.duck = showAnswer(ours, lerr), showAnswer(theirs, derr)
		c.equal = lerr == nil && derr == nil && slices.EqualFunc(ours, theirs, slices.Equal[[]string])
		st.checks = append(st.checks, c)
	}
	return st, nil
}

// interopGlobCheck counts rows and sums amount three ways after the crash:
// lakesql, the exported view and a DuckDB glob over the lake folder.
func interopGlobCheck(ctx context.Context, p runner, d *duck, lakesql, w, lake string) (interopGlob, error) {
	g := interopGlob{lake: lake}
	q := "SELECT COUNT(*), SUM(amount) FROM %s"
	res, err := p.run(ctx, lakesql, "-d", w, "--format", "csv", "-c", fmt.Sprintf(q, lake))
	if err != nil {
		return g, err
	}
	ours, err := parseCSVAnswer(res.stdout)
	if err != nil {
		return g, err
	}
	rows, _, err := d.query(ctx, fmt.Sprintf(q, lake))
	if err != nil {
		return g, err
	}
	manifest := canonRows(rows)
	glob := fmt.Sprintf("read_json(%s, format = 'newline_delimited', hive_partitioning = false, union_by_name = true)",
		sqlString(filepath.Join(w, lake)+"/**/*.jsonl"))
	rows, _, err = d.query(ctx, fmt.Sprintf(q, glob))
	if err != nil {
		return g, err
	}
	globbed := canonRows(rows)
	g.lakesql, g.manifest, g.glob = showAnswer(ours, nil), showAnswer(manifest, nil), showAnswer(globbed, nil)
	g.manifestEqual = slices.EqualFunc(ours, manifest, slices.Equal[[]string])
	// The glob must count more: the orphans hold a second copy of every
	// row the compaction rewrote.
	if len(ours) == 1 && len(globbed) == 1 {
		nl, err1 := strconv.ParseInt(ours[0][0], 10, 64)
		ng, err2 := strconv.ParseInt(globbed[0][0], 10, 64)
		g.globDouble = err1 == nil && err2 == nil && ng > nl
	}
	return g, nil
}

// countOrphans counts part files under a lake folder that its manifest
// does not list.
func countOrphans(lake string) (int, error) {
	listed, err := manifestFiles(lake)
	if err != nil {
		return 0, err
	}
	n := 0
	err = filepath.WalkDir(lake, func(p string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasPrefix(de.Name(), "part-") || !strings.HasSuffix(de.Name(), ".jsonl") {
			return err
		}
		rel, _ := filepath.Rel(lake, p)
		if _, ok := listed[filepath.ToSlash(rel)]; !ok {
			n++
		}
		return nil
	})
	return n, err
}

// parseCSVAnswer reads lakesql's CSV output (a header, then rows) into
// canonical rows.
func parseCSVAnswer(out []byte) ([][]string, error) {
	recs, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%w in %.200q", err, out)
	}
	if len(recs) < 1 {
		return nil, fmt.Errorf("no header in %.200q", out)
	}
	return canonRows(recs[1:]), nil
}

// canonRows writes each cell in one form (numbers as their value, a DuckDB
// DATE as yyyy-mm-dd, NULL as the empty string) and sorts the rows, so
// answers compare whatever the order of GROUP BY's groups.
func canonRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			out[i][j] = canonCell(c)
		}
	}
	slices.SortFunc(out, func(a, b []string) int { return slices.Compare(a, b) })
	return out
}

func canonCell(c string) string {
	if f, err := strconv.ParseFloat(c, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
		if f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return strconv.FormatInt(int64(f), 10)
		}
		return strconv.FormatFloat(f, 'g', 12, 64)
	}
	// DuckDB infers a DATE for day where day is not a key; the driver
	// gives a time.Time, printed as "2026-01-03 00:00:00 +0000 UTC".
	if t, err := time.Parse("2006-01-02 15:04:05 -0700 MST", c); err == nil && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return c
}

// showAnswer writes an answer for the table: one row in full, more as a
// count and a digest.
func showAnswer(rows [][]string, err error) string {
	switch {
	case err != nil:
		return "error: " + firstLine(err.Error())
	case len(rows) == 1:
		cells := make([]string, len(rows[0]))
		for i, c := range rows[0] {
			cells[i] = c
			if c == "" {
				cells[i] = "NULL"
			}
		}
		return strings.Join(cells, ", ")
	}
	h := sha256.New()
	for _, r := range rows {
		for _, c := range r {
			fmt.Fprintf(h, "%q,", c)
		}
		h.Write([]byte{'\n'})
	}
	return fmt.Sprintf("%d rows, sha256 %x", len(rows), h.Sum(nil)[:4])
}

// mdCell escapes a table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "`", "'").Replace(s)
}

func interopTable(cfg config, version string, states []interopState, g interopGlob) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Reading the lake from DuckDB: the exported view vs lakesql (issue 7)\n\n")
	fmt.Fprintf(&b, "`cd bench && go run . -interop -interop-rows=%d` on %s, DuckDB %s in-process (`github.com/duckdb/duckdb-go/v2`).\n",
		cfg.interopRows, time.Now().Format("2006-01-02 15:04"), version)
	fmt.Fprintf(&b, "For each lake: `pq export W --lake=L --engine=duckdb`, its text run as is (a `CREATE OR REPLACE VIEW` over the manifest's file list), then the same 20 queries through `lakesql -d W --format csv -c …` and through DuckDB on the view. ")
	fmt.Fprintf(&b, "Answers are compared as sorted rows (numbers by value, NULL as NULL); one row is shown in full, more as a count and a digest. ")
	fmt.Fprintf(&b, "`pq gen --rows=%d` rows, then %d appended rows with awkward key values (a quote, `*`, `[x]?`, a backslash, a double quote, the string `__HIVE_DEFAULT_PARTITION__`, a null and a missing region, a missing day).\n",
		cfg.interopRows, strings.Count(interopExtra, "\n"))
	total, equal := 0, 0
	for _, st := range states {
		var ours, theirs time.Duration
		for _, c := range st.checks {
			ours += c.lakesqlDur
			theirs += c.duckDur
		}
		fmt.Fprintf(&b, "\n## %s\n\ngeneration %d, %d files in the manifest, %d orphan files on disk; export text %d bytes; the 20 queries took %.1f s in lakesql (a process each), %.1f s in DuckDB (2 threads; each query reads the JSON files anew)\n\n",
			st.title, st.generation, st.files, st.orphans, st.textBytes, ours.Seconds(), theirs.Seconds())
		b.WriteString("| # | query | lakesql | DuckDB | equal |\n|--:|---|---|---|:-:|\n")
		for i, c := range st.checks {
			mark := "yes"
			if !c.equal {
				mark = "**NO**"
			} else {
				equal++
			}
			total++
			fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, mdCell(c.query), mdCell(c.lakesql), mdCell(c.duck), mark)
		}
	}
	fmt.Fprintf(&b, "\n## Why the file list: a glob after the crash\n\n")
	fmt.Fprintf(&b, "`SELECT COUNT(*), SUM(amount)` on `%s` right after the crash, before the finishing compaction:\n\n", g.lake)
	b.WriteString("| reader | answer | equal to lakesql |\n|---|---|:-:|\n")
	fmt.Fprintf(&b, "| lakesql (manifest) | %s | |\n", mdCell(g.lakesql))
	fmt.Fprintf(&b, "| DuckDB, the exported view (manifest's file list) | %s | %s |\n", mdCell(g.manifest), yesNo(g.manifestEqual))
	fmt.Fprintf(&b, "| DuckDB, a glob: `read_json('W/%s/**/*.jsonl', …)` | %s | %s |\n", g.lake, mdCell(g.glob), yesNo(!g.globDouble))
	fmt.Fprintf(&b, "\nThe glob also reads the orphans the crashed compaction left (a second copy of the rows it rewrote), so it counts rows twice; the exported view lists only the manifest's files.\n")
	fmt.Fprintf(&b, "\n**%d/%d answers equal**", equal, total)
	if equal == total && g.manifestEqual && g.globDouble {
		b.WriteString(": the exported DuckDB view reads exactly the lake's current snapshot, also right after a crashed compaction.\n")
	} else {
		b.WriteString(": MISMATCH.\n")
	}
	return b.String()
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}
