package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The random query check: queries of a typed generator (sqlgen_query.go)
// over a small seeded lake (sqlgen_data.go) run in lakesql and in DuckDB,
// whose answers must agree; and ternary logic partitioning (TLP) checks of
// our engine alone. See bench/README.md, "The random query check".

// sgOptions is one run of the check.
type sgOptions struct {
	queries int    // queries compared with DuckDB
	tlp     int    // TLP checks
	rows    int    // rows of the lake
	seed    uint64 // data and queries
	batch   int    // queries per lakesql process
	timeout time.Duration
	// memoryLimit, when set, is lakesql's --memory-limit: a tiny one makes
	// most grouped queries spill (issue 13's forced-spill run).
	memoryLimit string
}

// sgWrong is one query whose answers differ.
type sgWrong struct {
	index        int
	query, duck  string // our text and DuckDB's
	why          string
	ours, theirs [][]sgCell
}

// sgTLPFail is one TLP check that failed.
type sgTLPFail struct {
	check sgTLP
	why   string
}

// sgStats are the counts of a run.
type sgStats struct {
	seed                           uint64
	rows                           int
	duckVersion                    string
	generated, compared, equal     int
	refused, invalid, wrong        int
	crashed                        int
	refusedBy, invalidBy           map[string]int
	refusedExample, invalidExample map[string]string
	tlpChecks, tlpPassed           int
	tlpFailed, tlpRefused          int
	tlpRefusedBy                   map[string]int
	// The TLP checks that use no mx run in DuckDB too: a control of the
	// check itself (a failure there is the harness's).
	tlpDuckPassed, tlpDuckFailed int
	// DuckDB's own answer to each query (with its LIMIT) judged like ours
	// against its whole answer: a control of the judging.
	selfFailed         int
	selfFails          []sgWrong
	tlpDuckFails       []sgTLPFail
	wrongs             []sgWrong
	tlpFails           []sgTLPFail
	crashes            []string
	oursTime, duckTime time.Duration
}

// failures is what makes a run fail: wrong answers, failed TLP checks,
// crashes.
func (st *sgStats) failures() int {
	return st.wrong + st.tlpFailed + st.crashed + st.tlpDuckFailed + st.selfFailed
}

// sqlgen is the -sqlgen mode.
func sqlgen(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	sc, err := newScratch(ctx, cfg, "sqlgen", stderr)
	if err != nil {
		return err
	}
	defer sc.close(cfg, stderr)
	opt := sgOptions{queries: cfg.sqlgenQueries, tlp: max(cfg.sqlgenQueries/4, 1), rows: cfg.rows, seed: cfg.sqlgenSeed, batch: 200, timeout: cfg.timeout,
		memoryLimit: cfg.memoryLimit}
	st, err := sgRun(ctx, opt, sc.lakesql, sc.top, stderr)
	if err != nil {
		return err
	}
	text := st.markdown(opt)
	io.WriteString(stdout, st.summary())
	if err := os.WriteFile(cfg.out, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "sqlgen: wrote %s\n", cfg.out)
	if n := st.failures(); n > 0 {
		return fmt.Errorf("%d wrong answers, %d failed TLP checks, %d crashes; harness controls: %d TLP in DuckDB, %d DuckDB answers judged wrong (seed %d; see %s)",
			st.wrong, st.tlpFailed, st.crashed, st.tlpDuckFailed, st.selfFailed, st.seed, cfg.out)
	}
	return nil
}

// sgRun makes the lake under top, generates and runs the queries.
func sgRun(ctx context.Context, opt sgOptions, lakesql, top string, logw io.Writer) (*sgStats, error) {
	logf := func(format string, args ...any) { fmt.Fprintf(logw, "sqlgen: "+format+"\n", args...) }
	st := &sgStats{seed: opt.seed, rows: opt.rows, refusedBy: map[string]int{}, invalidBy: map[string]int{},
		refusedExample: map[string]string{}, invalidExample: map[string]string{}, tlpRefusedBy: map[string]int{}}
	logf("seed %d: %d rows, %d queries, %d TLP checks", opt.seed, opt.rows, opt.queries, opt.tlp)
	w, d, err := sgMakeLake(ctx, opt, lakesql, top)
	if err != nil {
		return nil, err
	}
	defer d.close()
	st.duckVersion = d.version

	// Generate. Each query comes from its own generator seeded by (seed,
	// index), so a query can be made again from the two numbers.
	var qs []*sgQuery
	var texts []string // what lakesql runs: the queries, then the TLP queries
	for i := range opt.queries {
		q := sgGenQuery(rand.New(rand.NewPCG(opt.seed, uint64(i))))
		qs = append(qs, q)
		texts = append(texts, q.sql(false, false))
	}
	var checks []sgTLP
	for i := range opt.tlp {
		c := sgGenTLP(rand.New(rand.NewPCG(opt.seed, uint64(1<<32+i))))
		checks = append(checks, c)
		texts = append(texts, c.whole)
		texts = append(texts, c.parts...)
	}
	st.generated = len(qs)

	// Ours in a goroutine (a process per batch), DuckDB here.
	oursDone := make(chan []sgOurs, 1)
	var oursErr error
	go func() {
		start := time.Now()
		var res []sgOurs
		// A batch takes seconds: a minute means a statement hangs.
		res, oursErr = sgRunOurs(ctx, runner{timeout: time.Minute}, lakesql, w, texts, opt.batch, opt.lakesqlArgs())
		st.oursTime = time.Since(start)
		oursDone <- res
	}()
	start := time.Now()
	duckAns := make([]sgDuckAnswer, len(qs))
	for i, q := range qs {
		duckAns[i] = sgDuckRun(ctx, d, q)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	var duckTLP [][]sgOurs
	for _, c := range checks {
		if c.mixed {
			duckTLP = append(duckTLP, nil)
			continue
		}
		var res []sgOurs
		for _, q := range append([]string{c.duckWhole}, c.duckParts...) {
			_, rows, err := sgDuckQuery(ctx, d, q)
			o := sgOurs{rows: rows}
			if err != nil {
				o.err = err.Error()
			}
			res = append(res, o)
		}
		duckTLP = append(duckTLP, res)
	}
	st.duckTime = time.Since(start)
	ours := <-oursDone
	if oursErr != nil {
		return nil, oursErr
	}

	for i, q := range qs {
		st.compare(i, q, ours[i], duckAns[i])
	}
	off := len(qs)
	for i, c := range checks {
		st.tlpCheck(c, ours[off:off+4])
		off += 4
		if duckTLP[i] != nil {
			st.tlpControl(c, duckTLP[i])
		}
	}
	logf("lakesql %.1f s, DuckDB %.1f s", st.oursTime.Seconds(), st.duckTime.Seconds())
	return st, nil
}

// sgMakeLake writes opt's rows as lake t of the work folder top/w, which
// it returns, with DuckDB opened on the same rows.
func sgMakeLake(ctx context.Context, opt sgOptions, lakesql, top string) (string, *duck, error) {
	w := filepath.Join(top, "w")
	if err := os.MkdirAll(w, 0o755); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(w, "raw.jsonl"), sgGenRows(opt.seed, opt.rows), 0o644); err != nil {
		return "", nil, err
	}
	p := runner{timeout: opt.timeout}
	if _, err := p.run(ctx, lakesql, "-d", w, "--no-init", "-c", "CREATE LAKE t FROM 'raw.jsonl' PARTITION BY (day, region) MAX ROWS 100;"); err != nil {
		return "", nil, err
	}
	d, err := sgOpenDuck(ctx, p, lakesql, w, opt)
	return w, d, err
}

// sgOpenDuck opens DuckDB and loads the lake into table t through the view
// SHOW CREATE LAKE t FOR duckdb prints, with the column types given.
func sgOpenDuck(ctx context.Context, p runner, lakesql, w string, opt sgOptions) (*duck, error) {
	res, err := p.run(ctx, lakesql, "-d", w, "--no-init", "-c", "SHOW CREATE LAKE t FOR duckdb;")
	if err != nil {
		return nil, err
	}
	view := string(res.stdout)
	const anchor = "format = 'newline_delimited'"
	if strings.Count(view, anchor) != 1 {
		return nil, fmt.Errorf("SHOW CREATE LAKE t FOR duckdb: no single %q to add the column types to:\n%s", anchor, view)
	}
	// DuckDB would infer the types from the rows; the generator's are
	// given, so that inference cannot differ from what it meant.
	view = strings.Replace(view, anchor, sgDuckColumns()+", "+anchor, 1)
	d, err := openDuck(ctx, opt.timeout, 0)
	if err != nil {
		return nil, err
	}
	for _, s := range []string{view, "ALTER VIEW t RENAME TO t_lake", "CREATE TABLE t AS SELECT * FROM t_lake"} {
		if _, _, err := d.query(ctx, s); err != nil {
			d.close()
			return nil, err
		}
	}
	rows, _, err := d.query(ctx, "SELECT count(*) FROM t")
	if err != nil || len(rows) != 1 || rows[0][0] != strconv.Itoa(opt.rows) {
		d.close()
		return nil, fmt.Errorf("DuckDB reads %v rows of the lake (%v), want %d", rows, err, opt.rows)
	}
	return d, nil
}

// sgDuckAnswer is DuckDB's answer to a query: the query as written, and,
// for ORDER BY or LIMIT, the answer without LIMIT and OFFSET and with the
// ORDER BY keys appended (to settle ties).
type sgDuckAnswer struct {
	err  error
	cols int
	rows [][]sgCell
	full [][]sgCell // with keys, no LIMIT
}

func sgDuckRun(ctx context.Context, d *duck, q *sgQuery) sgDuckAnswer {
	var a sgDuckAnswer
	var names []string
	names, a.rows, a.err = sgDuckQuery(ctx, d, q.sql(true, false))
	a.cols = len(names)
	if a.err == nil && (len(q.order) > 0 || q.limit >= 0) {
		_, a.full, a.err = sgDuckQuery(ctx, d, q.sql(true, true))
	}
	return a
}

// sgDuckQuery runs q on DuckDB, keeping each value's type.
func sgDuckQuery(ctx context.Context, d *duck, q string) ([]string, [][]sgCell, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	rows, err := d.conn.QueryContext(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, nil, err
	}
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, nil, err
	}
	// The driver decodes a JSON value, a number to a float64 (2 becomes
	// 2.0), and names a JSON[] (JSON_EXTRACT with a wildcard) VARCHAR[]:
	// such columns are asked again as DuckDB's JSON text of them, which
	// is a VARCHAR[]'s too (['a', NULL] is ["a",null]).
	jsonCols := map[int]bool{}
	for i, t := range types {
		if n := t.DatabaseTypeName(); n == "JSON" || n == "VARCHAR[]" {
			jsonCols[i] = true
		}
	}
	if len(jsonCols) > 0 {
		rows.Close()
		sel := make([]string, len(cols))
		for i := range cols {
			sel[i] = fmt.Sprintf("#%d", i+1)
			if jsonCols[i] {
				sel[i] = fmt.Sprintf("CAST(CAST(#%d AS JSON) AS VARCHAR)", i+1)
			}
		}
		if rows, err = d.conn.QueryContext(ctx, "SELECT "+strings.Join(sel, ", ")+" FROM ("+q+") AS sg_json"); err != nil {
			return nil, nil, err
		}
		defer rows.Close()
	}
	var out [][]sgCell
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, nil, err
		}
		row := make([]sgCell, len(cols))
		for i, v := range vals {
			row[i] = sgDuckCell(v)
			if text, ok := v.(string); ok && jsonCols[i] {
				row[i] = sgJSONCell(json.RawMessage(sgMinify(text)))
			}
			if t, ok := v.(time.Time); ok {
				row[i] = sgDuckTime(t, types[i].DatabaseTypeName())
			}
		}
		out = append(out, row)
	}
	return cols, out, rows.Err()
}

// sgMinify drops the spaces between JSON's tokens (DuckDB's text of a
// JSON[] puts one after each comma), keeping every token as written.
func sgMinify(s string) string {
	b := make([]byte, 0, len(s))
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in && c == '\\' && i+1 < len(s):
			b = append(b, c, s[i+1])
			i++
			continue
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// sgDuckTime is a DATE or TIMESTAMP as our JSON output writes it.
func sgDuckTime(t time.Time, typ string) sgCell {
	if typ == "DATE" {
		return sgCell{k: 's', s: t.Format("2006-01-02")}
	}
	s := t.Format("2006-01-02 15:04:05.999999")
	return sgCell{k: 's', s: s}
}

// sgOurs is our answer to one statement.
type sgOurs struct {
	names []string // the columns' names, from the first row (none without rows)
	rows  [][]sgCell
	err   string // the error's first line
	crash string // the process died on this statement: what it printed
}

var sgErrLine = regexp.MustCompile(`^lakesql: line (\d+)(?:, column \d+)?: (.*)$`)

// sgRunOurs runs the statements in lakesql, batch at a time: a script of
// one statement a line, each followed by .mode, which prints "jsonlines" and so
// ends the statement's rows on stdout; an error names its line on stderr.
// A process that dies part way is run again from the statement it died
// on, alone, so that a crash is pinned on one statement.
// lakesqlArgs are the flags every query process gets.
func (o sgOptions) lakesqlArgs() []string {
	if o.memoryLimit == "" {
		return nil
	}
	return []string{"--memory-limit", o.memoryLimit}
}

func sgRunOurs(ctx context.Context, p runner, lakesql, w string, qs []string, batch int, extra []string) ([]sgOurs, error) {
	out := make([]sgOurs, 0, len(qs))
	dir, err := os.MkdirTemp(filepath.Dir(w), "scripts-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for len(qs) > 0 {
		n := min(batch, len(qs))
		res, done, err := sgRunBatch(ctx, p, lakesql, w, dir, qs[:n], extra)
		if err != nil {
			return nil, err
		}
		out = append(out, res[:done]...)
		qs = qs[done:]
		if done < n {
			// Died at qs[0]: run it alone.
			one, done1, err := sgRunBatch(ctx, p, lakesql, w, dir, qs[:1], extra)
			if err != nil {
				return nil, err
			}
			_ = done1 // 1 when it dies only after others: then its answer alone is kept
			out = append(out, one[0])
			qs = qs[1:]
		}
	}
	return out, nil
}

// sgRunBatch runs qs in one process. It returns how many statements were
// settled; when the process died, the first unsettled one is res[done]
// with crash set.
func sgRunBatch(ctx context.Context, p runner, lakesql, w, dir string, qs []string, extra []string) ([]sgOurs, int, error) {
	var script strings.Builder
	for _, q := range qs {
		if strings.ContainsAny(q, "\n\r") {
			return nil, 0, fmt.Errorf("a generated statement spans lines: %q", q)
		}
		script.WriteString(q + ";\n.mode\n")
	}
	path := filepath.Join(dir, "batch.sql")
	if err := os.WriteFile(path, []byte(script.String()), 0o644); err != nil {
		return nil, 0, err
	}
	args := append([]string{"-d", w, "--no-init", "--format", "jsonlines", "--bail=false"}, extra...)
	res, err := p.run(ctx, lakesql, append(args, "-f", path)...)
	if ctx.Err() != nil {
		return nil, 0, ctx.Err()
	}
	var ee *exec.ExitError
	died := err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1)
	out := make([]sgOurs, len(qs)+1)
	errs := map[int]string{}
	for _, line := range strings.Split(string(res.stderr), "\n") {
		if m := sgErrLine.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[1])
			if _, seen := errs[(l-1)/2]; !seen {
				errs[(l-1)/2] = m[2]
			}
		}
	}
	done := 0
	var rowText []byte
	for _, line := range strings.SplitAfter(string(res.stdout), "\n") {
		if strings.TrimSuffix(line, "\n") == "jsonlines" && strings.HasSuffix(line, "\n") {
			o := &out[done]
			if msg, ok := errs[done]; ok {
				o.err = msg
			} else if names, rows, perr := sgParseOursNamed(rowText); perr != nil {
				o.err = "harness: cannot read the JSON output: " + perr.Error()
			} else {
				o.names, o.rows = names, rows
			}
			done++
			rowText = rowText[:0]
			if done == len(qs) {
				break
			}
			continue
		}
		rowText = append(rowText, line...)
	}
	if done < len(qs) {
		if !died {
			return nil, 0, fmt.Errorf("lakesql ran %d of %d statements and exited: %v%s", done, len(qs), err, indent(res.stderr))
		}
		msg := strings.TrimSpace(string(res.stderr))
		if i := strings.Index(msg, "\ngoroutine "); i >= 0 {
			msg = msg[:i]
		}
		if len(msg) > 1500 {
			msg = msg[:1500] + " …"
		}
		if msg == "" {
			msg = fmt.Sprint(err)
		}
		out[done].crash = msg
	}
	return out, done, nil
}

// sgBucketOf turns an error's first line into its kind: the construct, not
// the text of the query.
var (
	sgQuoted = regexp.MustCompile(`'(?:[^']|'')*'|"[^"]*"|` + "`[^`]*`")
	sgDigits = regexp.MustCompile(`\b\d+\b`)
)

var sgUnexpected = regexp.MustCompile(`unexpected '([^']*)'`)

func sgBucketOf(msg string) string {
	if i := strings.Index(msg, " not supported"); i >= 0 {
		msg = msg[:i+len(" not supported")]
	}
	// The token a syntax error stops at is the construct: keep it.
	msg = sgUnexpected.ReplaceAllString(msg, "unexpected «$1»")
	msg = sgQuoted.ReplaceAllString(msg, "'…'")
	msg = sgDigits.ReplaceAllString(msg, "N")
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 100 {
		msg = msg[:100] + "…"
	}
	return msg
}

// sgDuckBucket is the kind of a DuckDB error.
func sgDuckBucket(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	return sgBucketOf(msg)
}

// compare settles one query.
func (st *sgStats) compare(i int, q *sgQuery, ours sgOurs, theirs sgDuckAnswer) {
	text, duckText := q.sql(false, false), q.sql(true, false)
	if ours.crash != "" {
		st.crashed++
		st.crashes = append(st.crashes, fmt.Sprintf("%s\n    %s", text, strings.ReplaceAll(ours.crash, "\n", "\n    ")))
		return
	}
	if theirs.err == nil {
		if why := sgJudge(q, theirs.rows, theirs); why != "" {
			st.selfFailed++
			st.selfFails = append(st.selfFails, sgWrong{index: i, query: text, duck: duckText, why: why, ours: theirs.rows, theirs: theirs.full})
		}
	}
	if theirs.err != nil {
		st.invalid++
		b := sgDuckBucket(theirs.err)
		st.invalidBy[b]++
		if _, ok := st.invalidExample[b]; !ok {
			st.invalidExample[b] = duckText
		}
		return
	}
	if ours.err != "" {
		st.refused++
		b := sgBucketOf(ours.err)
		st.refusedBy[b]++
		if _, ok := st.refusedExample[b]; !ok {
			st.refusedExample[b] = text
		}
		return
	}
	st.compared++
	why := sgJudge(q, ours.rows, theirs)
	if why == "" {
		st.equal++
		return
	}
	st.wrong++
	st.wrongs = append(st.wrongs, sgWrong{index: i, query: text, duck: duckText, why: why, ours: ours.rows, theirs: theirs.rows})
}

// sgJudge compares our rows with DuckDB's answer; "" when they agree.
func sgJudge(q *sgQuery, ours [][]sgCell, theirs sgDuckAnswer) string {
	for _, r := range ours {
		if len(r) != theirs.cols {
			return fmt.Sprintf("a row of %d columns, DuckDB has %d", len(r), theirs.cols)
		}
	}
	n := theirs.cols
	switch {
	case len(q.order) == 0 && q.limit < 0:
		if !sgMultisetEq(ours, theirs.rows) {
			return "the rows differ (as multisets)"
		}
	case len(q.order) == 0:
		// LIMIT without ORDER BY: any rows of the right number will do.
		want := sgWindow(len(theirs.full), q)
		if len(ours) != want {
			return fmt.Sprintf("%d rows, want %d (LIMIT %d OFFSET %d of %d)", len(ours), want, q.limit, q.offset, len(theirs.full))
		}
		if !sgSubMultiset(ours, theirs.full) {
			return "rows that DuckDB's answer without LIMIT does not hold"
		}
	default:
		return sgJudgeOrdered(q, ours, theirs.full, n)
	}
	return ""
}

// sgWindow is how many rows LIMIT and OFFSET leave of total.
func sgWindow(total int, q *sgQuery) int {
	lo := max(q.offset, 0)
	if lo > total {
		return 0
	}
	if q.limit < 0 {
		return total - lo
	}
	return min(q.limit, total-lo)
}

// sgJudgeOrdered checks an ordered answer against DuckDB's whole ordered
// answer with its ORDER BY keys (columns n and on): our row at each
// position must come from the run of rows whose keys tie at that position.
func sgJudgeOrdered(q *sgQuery, ours, full [][]sgCell, n int) string {
	want := sgWindow(len(full), q)
	if len(ours) != want {
		return fmt.Sprintf("%d rows, want %d", len(ours), want)
	}
	lo := max(q.offset, 0)
	// groups of tying keys
	start := 0
	for start < len(full) {
		end := start + 1
		for end < len(full) && sgRowEq(full[end][n:], full[start][n:]) {
			end++
		}
		a, b := max(start, lo), min(end, lo+want)
		if a < b {
			var group [][]sgCell
			for _, r := range full[start:end] {
				group = append(group, r[:n])
			}
			if !sgSubMultiset(ours[a-lo:b-lo], group) {
				return fmt.Sprintf("rows %d to %d are not those of DuckDB's order there", a-lo+1, b-lo)
			}
		}
		start = end
	}
	return ""
}

// tlpControl settles a TLP check in DuckDB: it must pass, whatever DuckDB
// refuses (it has none of our engine's gaps, but an error such as an
// overflow may come in one part and not in the whole).
func (st *sgStats) tlpControl(c sgTLP, res []sgOurs) {
	for _, r := range res {
		if r.err != "" {
			return
		}
	}
	if why := sgTLPJudge(c, res); why != "" {
		st.tlpDuckFailed++
		c.whole, c.parts = c.duckWhole, c.duckParts
		st.tlpDuckFails = append(st.tlpDuckFails, sgTLPFail{check: c, why: why + "\n" + sgTLPShow(res)})
		return
	}
	st.tlpDuckPassed++
}

// sgTLPJudge compares the whole's answer with its parts'; "" when equal.
func sgTLPJudge(c sgTLP, res []sgOurs) string {
	if c.aggregate {
		return sgTLPAggregate(res, c.sumFloat)
	}
	var union [][]sgCell
	for _, r := range res[1:] {
		union = append(union, r.rows...)
	}
	if !sgMultisetEq(res[0].rows, union) {
		return fmt.Sprintf("%d rows, the three parts %d + %d + %d", len(res[0].rows), len(res[1].rows), len(res[2].rows), len(res[3].rows))
	}
	return ""
}

// tlpCheck settles one TLP check from the answers of whole and its parts.
func (st *sgStats) tlpCheck(c sgTLP, res []sgOurs) {
	st.tlpChecks++
	for i, r := range res {
		if r.crash != "" {
			st.crashed++
			q := c.whole
			if i > 0 {
				q = c.parts[i-1]
			}
			st.crashes = append(st.crashes, fmt.Sprintf("%s\n    %s", q, strings.ReplaceAll(r.crash, "\n", "\n    ")))
			return
		}
	}
	for _, r := range res {
		if r.err != "" {
			st.tlpRefused++
			st.tlpRefusedBy[sgBucketOf(r.err)]++
			return
		}
	}
	why := sgTLPJudge(c, res)
	if why == "" {
		st.tlpPassed++
		return
	}
	st.tlpFailed++
	st.tlpFails = append(st.tlpFails, sgTLPFail{check: c, why: why + "\n" + sgTLPShow(res)})
}

func sgTLPShow(res []sgOurs) string {
	var b strings.Builder
	for i, r := range res {
		name := []string{"whole", "p", "NOT p", "p IS NULL"}[i]
		fmt.Fprintf(&b, "    %s: %s\n", name, sgShowRows(r.rows, 8))
	}
	return b.String()
}

// sgTLPAggregate combines COUNT(*), SUM, MIN and MAX of the three parts
// and compares them with the whole's.
func sgTLPAggregate(res []sgOurs, sumFloat bool) string {
	for _, r := range res {
		if len(r.rows) != 1 || len(r.rows[0]) != 4 {
			return fmt.Sprintf("an aggregate answer of %d rows, want 1 row of 4", len(r.rows))
		}
	}
	whole := res[0].rows[0]
	count := new(big.Int)
	sum := sgCell{k: 'n'}
	lo, hi := sgCell{k: 'n'}, sgCell{k: 'n'}
	for _, r := range res[1:] {
		row := r.rows[0]
		if row[0].k != 'i' {
			return "COUNT(*) of a part is not an integer: " + row[0].String()
		}
		count.Add(count, row[0].i)
		switch s := row[1]; {
		case s.k == 'n':
		case sum.k == 'n':
			sum = s
		case sum.k == 'i' && s.k == 'i':
			sum = sgCell{k: 'i', i: new(big.Int).Add(sum.i, s.i)}
		default:
			x, ok1 := sum.num()
			y, ok2 := s.num()
			if !ok1 || !ok2 {
				return "SUM of a part is not a number: " + s.String()
			}
			sum = sgCell{k: 'f', f: x + y}
		}
		if m := row[2]; m.k != 'n' && (lo.k == 'n' || sgOrderCmp(m, lo) < 0) {
			lo = m
		}
		if m := row[3]; m.k != 'n' && (hi.k == 'n' || sgOrderCmp(m, hi) > 0) {
			hi = m
		}
	}
	want := []sgCell{{k: 'i', i: count}, sum, lo, hi}
	for i, name := range []string{"COUNT(*)", "SUM", "MIN", "MAX"} {
		a, b := whole[i], want[i]
		if i == 1 && sumFloat && a.k != 'n' && b.k != 'n' {
			// Floats added in another order: a looser tolerance. (A
			// DOUBLE may come as digits alone, 2.7e19 as
			// 27000000000000000000, so the cells' kinds do not tell.)
			x, ok1 := a.num()
			y, ok2 := b.num()
			if ok1 && ok2 && sgSumEq(x, y) {
				continue
			}
		}
		if !sgCellEq(a, b) {
			return fmt.Sprintf("%s is %s over every row, %s combined from the parts", name, a, b)
		}
	}
	return ""
}

func sgSumEq(x, y float64) bool {
	d := x - y
	if d < 0 {
		d = -d
	}
	m := max(x, -x, y, -y)
	return d <= 1e-9*m+1e-6
}

// summary is the counts, for the terminal.
func (st *sgStats) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d, %d rows\n", st.seed, st.rows)
	fmt.Fprintf(&b, "generated %d, compared %d, equal %d, wrong %d, refused %d, invalid for DuckDB %d, crashed %d\n",
		st.generated, st.compared, st.equal, st.wrong, st.refused, st.invalid, st.crashed)
	fmt.Fprintf(&b, "TLP checks %d: passed %d, failed %d, refused %d (control in DuckDB: passed %d, failed %d)\n", st.tlpChecks, st.tlpPassed, st.tlpFailed, st.tlpRefused, st.tlpDuckPassed, st.tlpDuckFailed)
	fmt.Fprintf(&b, "controls of the harness: DuckDB's own answers judged wrong %d\n", st.selfFailed)
	b.WriteString("refused by construct:\n")
	for _, kv := range sgSorted(st.refusedBy) {
		fmt.Fprintf(&b, "  %5d  %s\n", kv.n, kv.k)
	}
	if len(st.invalidBy) > 0 {
		b.WriteString("invalid for DuckDB:\n")
		for _, kv := range sgSorted(st.invalidBy) {
			fmt.Fprintf(&b, "  %5d  %s\n", kv.n, kv.k)
		}
	}
	for _, w := range st.wrongs {
		fmt.Fprintf(&b, "WRONG (seed %d, query %d): %s\n  ours:   %s\n  DuckDB: %s\n  %s\n  ours:   %s\n  DuckDB: %s\n",
			st.seed, w.index, w.why, w.query, w.duck, "answers:", sgShowRows(w.ours, 10), sgShowRows(w.theirs, 10))
	}
	for _, f := range st.tlpFails {
		fmt.Fprintf(&b, "TLP FAILED (seed %d): %s\n  whole: %s\n  parts: %s\n", st.seed, f.why, f.check.whole, strings.Join(f.check.parts, "\n         "))
	}
	for _, c := range st.crashes {
		fmt.Fprintf(&b, "CRASH (seed %d): %s\n", st.seed, c)
	}
	for _, w := range st.selfFails {
		fmt.Fprintf(&b, "HARNESS: DUCKDB'S OWN ANSWER JUDGED WRONG (seed %d, query %d): %s\n  DuckDB: %s\n  its answer: %s\n  whole, with keys: %s\n",
			st.seed, w.index, w.why, w.duck, sgShowRows(w.ours, 10), sgShowRows(w.theirs, 10))
	}
	for _, f := range st.tlpDuckFails {
		fmt.Fprintf(&b, "HARNESS: TLP FAILED IN DUCKDB (seed %d): %s\n  whole: %s\n  parts: %s\n", st.seed, f.why, f.check.whole, strings.Join(f.check.parts, "\n         "))
	}
	return b.String()
}

type sgKV struct {
	k string
	n int
}

func sgSorted(m map[string]int) []sgKV {
	var out []sgKV
	for k, n := range m {
		out = append(out, sgKV{k, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		return out[i].k < out[j].k
	})
	return out
}

// markdown is the results file.
func (st *sgStats) markdown(opt sgOptions) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Random queries: lakesql vs DuckDB, and TLP\n\n")
	limit := ""
	if opt.memoryLimit != "" {
		limit = " -memory-limit=" + opt.memoryLimit // lakesql's --memory-limit: the run's spills
	}
	fmt.Fprintf(&b, "`cd bench && go run . -sqlgen -queries=%d -seed=%d -rows=%d%s` on %s, DuckDB %s in-process. ", opt.queries, st.seed, st.rows, limit, time.Now().Format("2006-01-02 15:04"), st.duckVersion)
	fmt.Fprintf(&b, "A lake of %d generated rows (`CREATE LAKE t … PARTITION BY (day, region) MAX ROWS 100`); DuckDB reads it through `SHOW CREATE LAKE t FOR duckdb` with the column types given. ", st.rows)
	fmt.Fprintf(&b, "lakesql took %.1f s (a process per %d queries), DuckDB %.1f s.\n\n", st.oursTime.Seconds(), opt.batch, st.duckTime.Seconds())
	b.WriteString("| | queries |\n|---|--:|\n")
	for _, r := range []struct {
		k string
		n int
	}{
		{"generated", st.generated}, {"invalid for DuckDB (skipped)", st.invalid}, {"refused by lakesql", st.refused},
		{"compared (both answered)", st.compared}, {"equal", st.equal}, {"**wrong**", st.wrong}, {"**crashed lakesql**", st.crashed},
		{"TLP checks", st.tlpChecks}, {"TLP passed", st.tlpPassed}, {"TLP refused (a part refused)", st.tlpRefused}, {"**TLP failed**", st.tlpFailed},
		{"TLP control in DuckDB (no mx) passed", st.tlpDuckPassed}, {"**TLP control in DuckDB failed** (a harness bug)", st.tlpDuckFailed},
		{"**DuckDB's own answer judged wrong** (a harness bug)", st.selfFailed},
	} {
		fmt.Fprintf(&b, "| %s | %d |\n", r.k, r.n)
	}
	b.WriteString("\n## Refused by lakesql, by construct\n\n| queries | error (first line, literals and numbers masked) | example |\n|--:|---|---|\n")
	for _, kv := range sgSorted(st.refusedBy) {
		fmt.Fprintf(&b, "| %d | %s | `%s` |\n", kv.n, mdCell(kv.k), mdCell(st.refusedExample[kv.k]))
	}
	if len(st.tlpRefusedBy) > 0 {
		b.WriteString("\n## TLP checks refused, by construct\n\n| checks | error |\n|--:|---|\n")
		for _, kv := range sgSorted(st.tlpRefusedBy) {
			fmt.Fprintf(&b, "| %d | %s |\n", kv.n, mdCell(kv.k))
		}
	}
	b.WriteString("\n## Invalid for DuckDB\n\n| queries | DuckDB's error | example (DuckDB's text) |\n|--:|---|---|\n")
	for _, kv := range sgSorted(st.invalidBy) {
		fmt.Fprintf(&b, "| %d | %s | `%s` |\n", kv.n, mdCell(kv.k), mdCell(st.invalidExample[kv.k]))
	}
	if len(st.wrongs)+len(st.tlpFails)+len(st.crashes) > 0 {
		b.WriteString("\n## Failures\n\n```\n")
		b.WriteString(strings.Join(sgFailureLines(st), "\n"))
		b.WriteString("\n```\n")
	}
	b.WriteString("\n## DuckDB's spelling\n\nThe same query text goes to both, except:\n\n| ours | DuckDB | why |\n|---|---|---|\n")
	for _, s := range sgDuckSpelling {
		fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", s[0], s[1], s[2])
	}
	return b.String()
}

func sgFailureLines(st *sgStats) []string {
	s := st.summary()
	var out []string
	keep := false
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(line, "WRONG") || strings.HasPrefix(line, "TLP FAILED") || strings.HasPrefix(line, "CRASH") || strings.HasPrefix(line, "HARNESS") {
			keep = true
		}
		if keep {
			out = append(out, line)
		}
	}
	return out
}
