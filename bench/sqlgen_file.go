package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// sqlgenFile runs the queries of a file, hand-written, through lakesql and
// DuckDB over the random-query check's lake (seed and -rows as for
// -sqlgen) and compares their answers: as multisets, or row by row when
// the query ends in an ORDER BY (write one whose keys leave no ties). The
// file holds a query a line; blank lines and lines from "--" are skipped.
// It prints every query that differs, or that one side refuses, with both
// answers.
func sqlgenFile(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	qs, err := sgReadQueries(cfg.sqlgenFile)
	if err != nil {
		return err
	}
	sc, err := newScratch(ctx, cfg, "sqlgen", stderr)
	if err != nil {
		return err
	}
	defer sc.close(cfg, stderr)
	opt := sgOptions{rows: cfg.rows, seed: cfg.sqlgenSeed, batch: 200, timeout: cfg.timeout, memoryLimit: cfg.memoryLimit}
	n, err := sgCompareFile(ctx, opt, sc.lakesql, sc.top, qs, stdout)
	if err != nil {
		return err
	}
	if n.wrong > 0 {
		return fmt.Errorf("%d wrong answers or crashes", n.wrong)
	}
	return nil
}

// sgReadQueries reads a file of queries, one a line; blank lines and
// lines from "--" are skipped, and a final ';' dropped.
func sgReadQueries(path string) ([]string, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qs []string
	for _, line := range strings.Split(string(text), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "--") {
			continue
		}
		qs = append(qs, strings.TrimSuffix(line, ";"))
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("%s: no queries", path)
	}
	return qs, nil
}

// sgFileCounts are the outcomes of sgCompareFile.
type sgFileCounts struct {
	equal, wrong, refused, invalid int // invalid: DuckDB refuses
	headers                        int // equal, but a column named otherwise than DuckDB names it
}

// sgCompareFile makes the random-query lake under top (opt's seed and
// rows), runs qs through lakesql and DuckDB, and prints on w each query
// whose answers differ or that a side refuses, with both answers.
func sgCompareFile(ctx context.Context, opt sgOptions, lakesql, top string, qs []string, w io.Writer) (sgFileCounts, error) {
	var n sgFileCounts
	dir, d, err := sgMakeLake(ctx, opt, lakesql, top)
	if err != nil {
		return n, err
	}
	defer d.close()
	ours, err := sgRunOurs(ctx, runner{timeout: time.Minute}, lakesql, dir, qs, opt.batch, opt.lakesqlArgs())
	if err != nil {
		return n, err
	}
	for i, q := range qs {
		names, theirs, derr := sgDuckQuery(ctx, d, q)
		o := ours[i]
		switch {
		case o.crash != "":
			n.wrong++
			fmt.Fprintf(w, "CRASH %s\n    %s\n", q, o.crash)
		case derr != nil && o.err != "":
			n.invalid++
			fmt.Fprintf(w, "both refuse %s\n    ours: %s\n    DuckDB: %s\n", q, o.err, firstLine(derr.Error()))
		case derr != nil:
			n.invalid++
			fmt.Fprintf(w, "DuckDB refuses %s\n    DuckDB: %s\n    ours: %v\n", q, firstLine(derr.Error()), sgShow(o.rows))
		case o.err != "":
			n.refused++
			fmt.Fprintf(w, "REFUSED %s\n    ours: %s\n    DuckDB: %v\n", q, o.err, sgShow(theirs))
		case sgOrdered(q) && !slices.EqualFunc(o.rows, theirs, sgRowEq), !sgOrdered(q) && !sgMultisetEq(o.rows, theirs):
			n.wrong++
			fmt.Fprintf(w, "WRONG %s\n    ours:   %v\n    DuckDB: %v\n", q, sgShow(o.rows), sgShow(theirs))
			if sgOrdered(q) {
				fmt.Fprintf(w, "    %s\n", sgFirstDiff(o.rows, theirs))
			}
		default:
			n.equal++
			if len(o.rows) > 0 && !slices.Equal(o.names, names) {
				n.headers++
				fmt.Fprintf(w, "HEADER %s\n    ours:   %s\n    DuckDB: %s\n", q, strings.Join(o.names, " | "), strings.Join(names, " | "))
			}
		}
	}
	fmt.Fprintf(w, "%d queries: %d equal, %d wrong or crashed, %d refused by us alone, %d refused by DuckDB; of the equal, %d name a column otherwise\n", len(qs), n.equal, n.wrong, n.refused, n.invalid, n.headers)
	return n, nil
}

// sgOrdered tells whether a query ends in an ORDER BY of its own (outside
// any parentheses).
func sgOrdered(q string) bool {
	u := strings.ToUpper(q)
	depth, last := 0, -1
	for i := 0; i < len(u); i++ {
		switch u[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '\'':
			for i++; i < len(u) && u[i] != '\''; i++ {
			}
		default:
			if depth == 0 && strings.HasPrefix(u[i:], "ORDER BY") {
				last = i
			}
		}
	}
	return last >= 0
}

// sgFirstDiff says where two answers compared row by row part.
func sgFirstDiff(ours, theirs [][]sgCell) string {
	for i := range min(len(ours), len(theirs)) {
		if !sgRowEq(ours[i], theirs[i]) {
			return fmt.Sprintf("first difference, row %d: ours %v, DuckDB %v", i+1, ours[i], theirs[i])
		}
	}
	return fmt.Sprintf("ours has %d rows, DuckDB %d", len(ours), len(theirs))
}

// sgShow prints at most 8 rows.
func sgShow(rows [][]sgCell) string {
	var b strings.Builder
	for i, r := range rows {
		if i == 8 {
			fmt.Fprintf(&b, " … (%d rows)", len(rows))
			break
		}
		fmt.Fprintf(&b, "%v", r)
	}
	if len(rows) == 0 {
		return "(no rows)"
	}
	return b.String()
}
