package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// How an answer of ours is checked against DuckDB's: the query's shape
// (ORDER BY keys, LIMIT, OFFSET), DuckDB's cells with their types, ours
// parsed from `--format jsonlines` in column order, and the comparison of the
// two that lets rows tied on the sort keys at a LIMIT differ.

//go:embed testdata/clickbench/queries.sql
var cbQueriesSQL string

// cbRewrite is one change to the text our side runs, where DuckDB's dialect
// and ours (github.com/xwb1989/sqlparser, MySQL's) cannot read the same
// text. DuckDB always runs the query verbatim.
type cbRewrite struct {
	query    int // 1-based
	old, new string
	why      string
}

// cbRewrites is the one table of rewrites.
var cbRewrites = []cbRewrite{
	{29, `'^https?://(?:www\.)?([^/]+)/.*$', '\1'`, `'^https?://(?:www\\.)?([^/]+)/.*$', '\\1'`,
		`MySQL's dialect reads a backslash in a string literal as an escape ('\.' is '.', '\1' is '1'), DuckDB as itself: doubled, our literals hold DuckDB's text`},
}

// cbQuery is one query (of ClickBench's 43, or TPC-H's 22) and its shape.
type cbQuery struct {
	n       int
	text    string // verbatim, what DuckDB runs
	ours    string // what lakesql runs: text after the rewrites
	rewrite string // why ours differs from text, or ""
	keys    []string
	dirs    []string // " DESC", " ASC" or "" per key
	limit   int      // -1: no LIMIT
	offset  int
	body    string // the query without ';', ORDER BY, LIMIT and OFFSET
	// wrap: tieSQL reads body as a derived table (the keys are columns of
	// its answer) instead of adding the keys to its select list (which
	// must then be body's only one, before " FROM hits").
	wrap bool
	// duck is the statement DuckDB answers with ("": text); setup and
	// teardown run around it and around the tie query (TPC-H's Q15 makes
	// its view and drops it), inside the time.
	duck            string
	setup, teardown []string
}

var (
	cbLimitRE = regexp.MustCompile(`(?i)\s+LIMIT\s+(\d+)(?:\s+OFFSET\s+(\d+))?$`)
	cbOrderRE = regexp.MustCompile(`(?i)\s+ORDER\s+BY\s+(.+)$`)
	cbDirRE   = regexp.MustCompile(`(?i)\s+(ASC|DESC)$`)
)

// cbQueries reads the embedded queries.sql: every line that is not a
// comment is one query.
func cbQueries() ([]cbQuery, error) {
	var qs []cbQuery
	for _, line := range strings.Split(cbQueriesSQL, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "--") {
			continue
		}
		q, err := cbParse(len(qs)+1, line)
		if err != nil {
			return nil, err
		}
		qs = append(qs, q)
	}
	if len(qs) != 43 {
		return nil, fmt.Errorf("queries.sql: %d queries, want 43", len(qs))
	}
	for _, rw := range cbRewrites {
		q := &qs[rw.query-1]
		if strings.Count(q.ours, rw.old) != 1 {
			return nil, fmt.Errorf("rewrite of query %d: %q is not in it exactly once", rw.query, rw.old)
		}
		q.ours = strings.Replace(q.ours, rw.old, rw.new, 1)
		q.rewrite = rw.why
	}
	return qs, nil
}

// cbBigQueries are not ClickBench's: the bounded-memory checks of issue
// 13 on the same lake, a GROUP BY with a group per row and a full sort.
var cbBigQueries = []string{
	"SELECT WatchID, COUNT(*) AS c FROM hits GROUP BY WatchID ORDER BY WatchID;",
	"SELECT WatchID, EventTime, ClientIP FROM hits ORDER BY EventTime, WatchID;",
}

// cbSelect keeps the queries numbered in only ("5,6,44"; "" keeps all).
func cbSelect(qs []cbQuery, only string) ([]cbQuery, error) {
	if only == "" {
		return qs, nil
	}
	var out []cbQuery
	for _, f := range strings.Split(only, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > len(qs) {
			return nil, fmt.Errorf("-cb-queries: %q is not a query number 1…%d", f, len(qs))
		}
		out = append(out, qs[n-1])
	}
	return out, nil
}

// cbParse finds the ORDER BY keys, LIMIT and OFFSET of a query. The 43
// queries have no subquery, so the last ORDER BY and LIMIT are the query's.
func cbParse(n int, text string) (cbQuery, error) {
	q := cbQuery{n: n, text: text, ours: text, limit: -1}
	q.parseShape(text)
	if !strings.Contains(q.body, " FROM hits") {
		return q, fmt.Errorf("query %d: no ' FROM hits' in %q", n, text)
	}
	return q, nil
}

// parseShape sets q's keys, dirs, limit, offset and body from the text of
// one statement of one line, whose ORDER BY (if any) is its only one.
func (q *cbQuery) parseShape(text string) {
	q.limit = -1
	body := strings.TrimSuffix(strings.TrimSpace(text), ";")
	if m := cbLimitRE.FindStringSubmatchIndex(body); m != nil {
		q.limit, _ = strconv.Atoi(body[m[2]:m[3]])
		if m[4] >= 0 {
			q.offset, _ = strconv.Atoi(body[m[4]:m[5]])
		}
		body = body[:m[0]]
	}
	if m := cbOrderRE.FindStringSubmatchIndex(body); m != nil {
		for _, k := range splitTopLevel(body[m[2]:m[3]]) {
			dir := ""
			if d := cbDirRE.FindStringIndex(k); d != nil {
				k, dir = k[:d[0]], " "+strings.ToUpper(strings.TrimSpace(k[d[0]:]))
			}
			q.keys = append(q.keys, strings.TrimSpace(k))
			q.dirs = append(q.dirs, dir)
		}
		body = body[:m[0]]
	}
	q.body = body
}

// splitTopLevel splits s at the commas outside parentheses and quotes.
func splitTopLevel(s string) []string {
	var out []string
	depth, quote, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			quote = !quote
		case quote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// tieSQL is the DuckDB query that settles ties: the query without its
// LIMIT, OFFSET and ORDER BY, its sort keys added as columns, each row
// given the position its tie group starts at (rank, 1-based) and the
// group's size; only the groups overlapping the window [OFFSET, OFFSET +
// LIMIT) are kept. A query without ORDER BY is one tie group. The result
// has the query's columns, then the keys, then __cb_rank and __cb_cnt.
func (q cbQuery) tieSQL() string {
	sel := strings.Replace(q.body, " FROM hits", q.keyColumns()+" FROM hits", 1)
	if q.wrap {
		sel = "SELECT *" + q.keyColumns() + " FROM (" + q.body + ") AS __cb_b"
	}
	var order, part []string
	for i := range q.keys {
		k := fmt.Sprintf("__cb_k%d", i+1)
		order = append(order, k+q.dirs[i])
		part = append(part, k)
	}
	over, by := "", ""
	if len(order) > 0 {
		over, by = "ORDER BY "+strings.Join(order, ", "), "PARTITION BY "+strings.Join(part, ", ")
	}
	where := fmt.Sprintf("__cb_rank + __cb_cnt > %d", q.offset+1)
	if q.limit >= 0 {
		where += fmt.Sprintf(" AND __cb_rank <= %d", q.offset+q.limit)
	}
	return fmt.Sprintf("SELECT * FROM (SELECT *, rank() OVER (%s) AS __cb_rank, count(*) OVER (%s) AS __cb_cnt FROM (%s) AS __cb_q) AS __cb_r WHERE %s",
		over, by, sel, where)
}

func (q cbQuery) keyColumns() string {
	var b strings.Builder
	for i, k := range q.keys {
		fmt.Fprintf(&b, ", %s AS __cb_k%d", k, i+1)
	}
	return b.String()
}

// needsTies says whether the answer is checked against tieSQL rather than
// against DuckDB's own answer as a multiset.
func (q cbQuery) needsTies() bool { return len(q.keys) > 0 || q.limit >= 0 || q.offset > 0 }

// cbCell is one DuckDB cell: its Go value from the driver (nil for NULL)
// and the column's type name.
type cbCell struct {
	v   any
	typ string
}

// cbDuckQuery runs q on DuckDB and returns the cells with their types and
// how long it took, from sending the statement to reading the last row.
func cbDuckQuery(ctx context.Context, d *duck, q string) ([][]cbCell, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	start := time.Now()
	rows, err := d.conn.QueryContext(ctx, q)
	if err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb: %w", err)
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb column types: %w", err)
	}
	var out [][]cbCell
	for rows.Next() {
		vals := make([]any, len(types))
		ptrs := make([]any, len(types))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, time.Since(start), fmt.Errorf("duckdb scan: %w", err)
		}
		row := make([]cbCell, len(types))
		for i, v := range vals {
			row[i] = cbCell{v: v, typ: types[i].DatabaseTypeName()}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb: %w", err)
	}
	return out, time.Since(start), nil
}

// parseJSONRows reads lakesql's `--format jsonlines` output: one object per row,
// keys in column order (names may repeat, so it is read token by token).
// Cells are json.Number, string, bool, nil, or for an object or array its
// JSON text as json.RawMessage.
func parseJSONRows(out []byte) ([][]any, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var rows [][]any
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
		}
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			return nil, fmt.Errorf("row %d: want an object, got %v", len(rows)+1, tok)
		}
		var row []any
		for dec.More() {
			if _, err := dec.Token(); err != nil { // the key
				return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
			}
			var v any
			switch raw[0] {
			case '{', '[':
				v = raw
			default:
				d := json.NewDecoder(bytes.NewReader(raw))
				d.UseNumber()
				if err := d.Decode(&v); err != nil {
					return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
				}
			}
			row = append(row, v)
		}
		if _, err := dec.Token(); err != nil { // '}'
			return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
		}
		rows = append(rows, row)
	}
}

// relTol is the relative tolerance for floating-point cells, of
// ClickBench and of -sqlgen (DuckDB's DECIMAL, or its order of summation,
// against our DOUBLE).
const relTol = 1e-9

// cellEqual compares one of our cells with DuckDB's. DuckDB's type decides:
// an integer must be the same integer exactly (a float detour past 2^53
// shows), a float or decimal the same number within relTol, text the same
// text, a DATE or TIMESTAMP the same ISO text, NULL NULL.
func cellEqual(ours any, c cbCell) bool {
	switch v := c.v.(type) {
	case nil:
		return ours == nil
	case string:
		s, ok := ours.(string)
		return ok && s == v
	case bool:
		b, ok := ours.(bool)
		return ok && b == v
	case time.Time:
		s, ok := ours.(string)
		return ok && s == duckTime(v, c.typ)
	case float64, float32:
		f, ok := oursFloat(ours)
		return ok && floatsClose(f, reflect.ValueOf(v).Float())
	}
	if n, ok := duckInt(c.v); ok {
		r, ok := oursRat(ours)
		return ok && r.IsInt() && r.Num().Cmp(n) == 0
	}
	// A DECIMAL or anything else: by its printed value.
	f, err := strconv.ParseFloat(fmt.Sprint(c.v), 64)
	if err != nil {
		return fmt.Sprint(ours) == fmt.Sprint(c.v)
	}
	g, ok := oursFloat(ours)
	return ok && floatsClose(g, f)
}

func duckTime(t time.Time, typ string) string {
	if typ == "DATE" {
		return t.Format("2006-01-02")
	}
	if t.Nanosecond() != 0 {
		return t.Format("2006-01-02 15:04:05.999999")
	}
	return t.Format("2006-01-02 15:04:05")
}

// duckInt is DuckDB's integer cell as a big.Int.
func duckInt(v any) (*big.Int, bool) {
	switch v := v.(type) {
	case *big.Int:
		return v, v != nil
	case int, int8, int16, int32, int64:
		return big.NewInt(reflect.ValueOf(v).Int()), true
	case uint, uint8, uint16, uint32, uint64:
		return new(big.Int).SetUint64(reflect.ValueOf(v).Uint()), true
	}
	return nil, false
}

// oursRat is our JSON number exactly.
func oursRat(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

func oursFloat(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil
}

// floatsClose compares doubles within relTol (and 1e-12 of absolute slack
// for values near 0); NaN equals NaN, an infinity only itself.
func floatsClose(a, b float64) bool {
	switch {
	case a == b:
		return true
	case math.IsNaN(a) || math.IsNaN(b):
		return math.IsNaN(a) && math.IsNaN(b)
	case math.IsInf(a, 0) || math.IsInf(b, 0):
		return false
	}
	return math.Abs(a-b) <= relTol*math.Max(math.Abs(a), math.Abs(b))+1e-12
}

func rowEqual(ours []any, theirs []cbCell) bool {
	if len(ours) != len(theirs) {
		return false
	}
	for i := range ours {
		if !cellEqual(ours[i], theirs[i]) {
			return false
		}
	}
	return true
}

// compareMultiset: the same rows, in any order.
func compareMultiset(ours [][]any, theirs [][]cbCell) error {
	if len(ours) != len(theirs) {
		return fmt.Errorf("%d rows, DuckDB %d", len(ours), len(theirs))
	}
	used := make([]bool, len(theirs))
	for i, r := range ours {
		if !matchOne(r, theirs, used, 0, len(theirs)) {
			return fmt.Errorf("row %d (%s) is not in DuckDB's answer", i+1, showOurs(r))
		}
	}
	return nil
}

func matchOne(r []any, theirs [][]cbCell, used []bool, lo, hi int) bool {
	for j := lo; j < hi; j++ {
		if !used[j] && rowEqual(r, theirs[j]) {
			used[j] = true
			return true
		}
	}
	return false
}

// compareTies checks an answer of ncol columns against tieSQL's rows
// (ncol columns, the keys, rank, count): want rows in all, and row i (at position
// OFFSET+i of the whole answer) must be a row, not used before, of the tie
// group that covers that position.
func compareTies(ours [][]any, ties [][]cbCell, want, offset, ncol int) error {
	if len(ours) != want {
		return fmt.Errorf("%d rows, DuckDB %d", len(ours), want)
	}
	for i, r := range ours {
		if len(r) != ncol {
			return fmt.Errorf("row %d has %d columns, DuckDB's %d", i+1, len(r), ncol)
		}
	}
	used := make([]bool, len(ties))
	for i, r := range ours {
		pos := offset + i // 0-based
		found := false
		for j, t := range ties {
			if used[j] || len(t) < 2 {
				continue
			}
			rank, ok1 := duckInt(t[len(t)-2].v)
			cnt, ok2 := duckInt(t[len(t)-1].v)
			if !ok1 || !ok2 {
				continue
			}
			first := rank.Int64() - 1
			if int64(pos) < first || int64(pos) >= first+cnt.Int64() {
				continue
			}
			if len(t) >= ncol && rowEqual(r, t[:ncol]) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return fmt.Errorf("row %d (%s) is not a row of DuckDB's answer at position %d, ties included", i+1, showOurs(r), pos+1)
		}
	}
	return nil
}

// cellsOf turns DuckDB's own answer into our form (for checking DuckDB's
// answer with the same comparison: the harness's self-check).
func cellsOf(rows [][]cbCell) [][]any {
	out := make([][]any, len(rows))
	for i, r := range rows {
		out[i] = make([]any, len(r))
		for j, c := range r {
			out[i][j] = duckAsOurs(c)
		}
	}
	return out
}

func duckAsOurs(c cbCell) any {
	switch v := c.v.(type) {
	case nil, string, bool:
		return v
	case time.Time:
		return duckTime(v, c.typ)
	case float64:
		return json.Number(strconv.FormatFloat(v, 'g', -1, 64))
	case float32:
		return json.Number(strconv.FormatFloat(float64(v), 'g', -1, 32))
	}
	return json.Number(fmt.Sprint(c.v))
}

func showOurs(r []any) string {
	parts := make([]string, len(r))
	for i, v := range r {
		parts[i] = showValue(v)
	}
	return strings.Join(parts, ", ")
}

func showDuck(r []cbCell) string {
	parts := make([]string, len(r))
	for i, c := range r {
		parts[i] = showValue(duckAsOurs(c))
	}
	return strings.Join(parts, ", ")
}

func showValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case string:
		return strconv.Quote(v)
	case json.RawMessage:
		return string(v)
	}
	return fmt.Sprint(v)
}

// errFirstLine is the first line our binary printed on stderr for a refused
// query, without the command line the runner puts first.
func errFirstLine(err error, stderr []byte) string {
	if s := firstLine(string(stderr)); s != "" {
		return s
	}
	var msg string
	if err != nil {
		msg = err.Error()
	}
	if i := strings.LastIndex(firstLine(msg), ": "); i >= 0 {
		return firstLine(msg)[i+2:]
	}
	return firstLine(msg)
}
