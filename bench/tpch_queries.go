package main

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The 22 TPC-H queries (bench/testdata/tpch/queries.sql): DuckDB runs each
// text verbatim, lakesql after tpchRewrites.

//go:embed testdata/tpch/queries.sql
var tpchQueriesSQL string

// Why the rewrites are made (tpchRewrites).
const (
	tpchWhyView = "our side runs one statement and has no views: the view becomes a WITH of the same name and columns, " +
		"which our parser reads, and its DROP goes"
)

// tpchRewrites changes the text our side runs where our parser cannot read
// TPC-H's, or reads it as something else; nothing else (a query that needs
// an engine feature we lack is refused, not rewritten). Each old text is
// replaced wherever it occurs in its query (at least once), in this
// order; DuckDB runs the verbatim text.
var tpchRewrites = []cbRewrite{
	{15, "create view revenue0 (supplier_no, total_revenue) as", "with revenue0 (supplier_no, total_revenue) as (", tpchWhyView},
	{15, "l_suppkey;\n\nselect", "l_suppkey\n)\nselect", tpchWhyView},
	{15, "\n\ndrop view revenue0;", "", tpchWhyView},
}

// tpchKnownWrong are the queries our engine answers otherwise than DuckDB
// for a known cause, and that cause. The report gives the cause next to
// the difference; TestTPCHSmall logs them instead of failing, and says
// when one is answered right. None today: the first runs had five (Q4 and
// Q22's EXISTS, Q17 and Q20's scalar subqueries, whose unqualified outer
// columns were taken for the inner table's; Q6's .06 + 0.01 added as
// DOUBLEs), all mended in the engine since.
var tpchKnownWrong = map[int]string{}

// tpchSerial are the queries whose DuckDB answer depends on its threads,
// and why: DuckDB's time is its verbatim run's, with the benchmark's
// threads=2, but the answer compared with ours is of a run with threads=1
// (untimed), which is the same every time.
var tpchSerial = map[int]string{
	15: "DuckDB computes the view revenue0 twice, for the join and for MAX(total_revenue), and with 2 threads the two " +
		"DOUBLE sums of a supplier can differ in their last bits, so `total_revenue = (select max(total_revenue) …)` " +
		"finds no row (in 5 of 40 runs at SF 0.01, 14 of 40 with 3,000 orders); our engine computes the CTE once",
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
