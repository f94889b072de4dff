package main

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The 22 TPC-H queries (bench/testdata/tpch/queries.sql): DuckDB runs each
// text verbatim, lakesql after tpchRewrites.

//go:embed testdata/tpch/queries.sql
var tpchQueriesSQL string

// Why the rewrites are made (tpchRewrites).
const (
	tpchWhyDate = "our dates are ISO text (JSON has none), and a DATE is not cast to compare with a text column " +
		"(`o_orderdate >= date '1993-07-01'` holds for every order: text sorts after every date); ISO text orders like the dates"
	tpchWhyInterval = "the date it comes to, as ISO text: date ± interval is a DATE (a TIMESTAMP in DuckDB), " +
		"which does not compare with our text dates either"
	tpchWhyColumns = "our parser (MySQL's grammar) reads no column list after a derived table's alias: the names go into its select list"
	tpchWhyView    = "lakesql runs one statement and has no views: the view becomes a WITH of the same name and columns, " +
		"which our parser reads, and its DROP goes"
)

// tpchRewrites changes the text our side runs where our parser cannot read
// TPC-H's, or reads it as something else; nothing else (a query that needs
// an engine feature we lack is refused, not rewritten). Each old text is
// replaced wherever it occurs in its query (at least once), in this
// order; DuckDB runs the verbatim text.
var tpchRewrites = []cbRewrite{
	tpchInterval(1, "1998-12-01", "-", 90, "day"),
	tpchDateLit(3, "1995-03-15"),
	tpchInterval(4, "1993-07-01", "+", 3, "month"),
	tpchDateLit(4, "1993-07-01"),
	tpchInterval(5, "1994-01-01", "+", 1, "year"),
	tpchDateLit(5, "1994-01-01"),
	tpchInterval(6, "1994-01-01", "+", 1, "year"),
	tpchDateLit(6, "1994-01-01"),
	tpchDateLit(7, "1995-01-01"),
	tpchDateLit(7, "1996-12-31"),
	tpchDateLit(8, "1995-01-01"),
	tpchDateLit(8, "1996-12-31"),
	tpchInterval(10, "1993-10-01", "+", 3, "month"),
	tpchDateLit(10, "1993-10-01"),
	tpchInterval(12, "1994-01-01", "+", 1, "year"),
	tpchDateLit(12, "1994-01-01"),
	{13, "count(o_orderkey)", "count(o_orderkey) as c_count", tpchWhyColumns},
	{13, "as c_orders (c_custkey, c_count)", "as c_orders", tpchWhyColumns},
	tpchInterval(14, "1995-09-01", "+", 1, "month"),
	tpchDateLit(14, "1995-09-01"),
	{15, "create view revenue0 (supplier_no, total_revenue) as", "with revenue0 (supplier_no, total_revenue) as (", tpchWhyView},
	{15, "l_suppkey;\n\nselect", "l_suppkey\n)\nselect", tpchWhyView},
	{15, "\n\ndrop view revenue0;", "", tpchWhyView},
	tpchInterval(15, "1996-01-01", "+", 3, "month"),
	tpchDateLit(15, "1996-01-01"),
	tpchInterval(20, "1994-01-01", "+", 1, "year"),
	tpchDateLit(20, "1994-01-01"),
}

// tpchDateLit rewrites the literal date 'd' to 'd'.
func tpchDateLit(q int, d string) cbRewrite {
	return cbRewrite{q, "date '" + d + "'", "'" + d + "'", tpchWhyDate}
}

// tpchInterval rewrites date 'd' op interval 'n' unit to the date it is.
func tpchInterval(q int, d, op string, n int, unit string) cbRewrite {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		panic(err)
	}
	if op == "-" {
		n = -n
	}
	switch unit {
	case "day":
		t = t.AddDate(0, 0, n)
	case "month":
		t = t.AddDate(0, n, 0)
	case "year":
		t = t.AddDate(n, 0, 0)
	default:
		panic("unit " + unit)
	}
	if op == "-" {
		n = -n
	}
	return cbRewrite{q, fmt.Sprintf("date '%s' %s interval '%d' %s", d, op, n, unit), "'" + t.Format(time.DateOnly) + "'", tpchWhyInterval}
}

// tpchKnownWrong are the queries our engine answers, today, otherwise than
// DuckDB, and why (found with TestTPCHSmall and the SF 1 run). The report
// gives the cause next to the difference; TestTPCHSmall logs them instead
// of failing, and says when one is answered right. Remove a query when the
// engine is mended.
var tpchKnownWrong = map[int]string{
	4: "the EXISTS subquery's unqualified outer column o_orderkey is taken for a field of lineitem (which no row has: NULL), " +
		"so the subquery is not correlated, finds no row, and no order is kept",
	6: "decimal literals are DOUBLEs here: `.06 + 0.01` is 0.06999999999999999, so the lines with l_discount 0.07 drop out " +
		"(DuckDB adds the DECIMALs exactly)",
	17: "the scalar subquery's unqualified outer column p_partkey is taken for a field of lineitem (NULL), " +
		"so the subquery is not correlated, its bound is NULL, no line passes and the sum is NULL",
	20: "the scalar subquery's unqualified outer columns ps_partkey, ps_suppkey are taken for fields of lineitem (NULL), " +
		"so the subquery is not correlated, its sum is NULL, and no partsupp row passes",
	22: "the NOT EXISTS subquery's unqualified outer column c_custkey is taken for a field of orders (NULL), " +
		"so the subquery finds no row and every customer passes",
}

var (
	tpchMarkRE = regexp.MustCompile(`(?m)^-- Q(\d+)\s*$`)
	tpchStmtRE = regexp.MustCompile(`;\s*(?:\n|$)`)
)

// tpchQueries reads the embedded queries.sql into the 22 queries, in
// order: text verbatim (DuckDB's), ours after tpchRewrites, the shape
// (ORDER BY keys, LIMIT) from the statement that answers.
func tpchQueries() ([]cbQuery, error) {
	marks := tpchMarkRE.FindAllStringSubmatchIndex(tpchQueriesSQL, -1)
	var qs []cbQuery
	for i, m := range marks {
		n, _ := strconv.Atoi(tpchQueriesSQL[m[2]:m[3]])
		if n != i+1 {
			return nil, fmt.Errorf("queries.sql: Q%d where Q%d was expected", n, i+1)
		}
		end := len(tpchQueriesSQL)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		q, err := tpchParse(n, strings.TrimSpace(tpchQueriesSQL[m[1]:end]))
		if err != nil {
			return nil, err
		}
		qs = append(qs, q)
	}
	if len(qs) != 22 {
		return nil, fmt.Errorf("queries.sql: %d queries, want 22", len(qs))
	}
	for _, rw := range tpchRewrites {
		q := &qs[rw.query-1]
		if !strings.Contains(q.ours, rw.old) {
			return nil, fmt.Errorf("rewrite of Q%d: %q is not in it", rw.query, rw.old)
		}
		q.ours = strings.ReplaceAll(q.ours, rw.old, rw.new)
		if q.rewrite == "" {
			q.rewrite = rw.why
		} else if !strings.Contains(q.rewrite, rw.why) {
			q.rewrite += "; " + rw.why
		}
	}
	return qs, nil
}

// tpchParse makes one query of its text: one statement, or (Q15) CREATE
// VIEW statements, the query, and DROP VIEW statements.
func tpchParse(n int, text string) (cbQuery, error) {
	q := cbQuery{n: n, text: text, ours: text, wrap: true}
	for _, st := range tpchStmtRE.Split(text, -1) {
		st = strings.TrimSpace(st)
		low := strings.ToLower(st)
		switch {
		case st == "":
		case strings.HasPrefix(low, "create view "):
			q.setup = append(q.setup, st)
		case strings.HasPrefix(low, "drop view "):
			q.teardown = append(q.teardown, st)
		case q.duck != "":
			return q, fmt.Errorf("Q%d: more than one query", n)
		default:
			q.duck = st
		}
	}
	if q.duck == "" {
		return q, fmt.Errorf("Q%d: no query", n)
	}
	// The shape from the query on one line (no literal holds two spaces or
	// a newline); no subquery of the 22 has an ORDER BY or LIMIT.
	q.parseShape(strings.Join(strings.Fields(q.duck), " "))
	return q, nil
}
