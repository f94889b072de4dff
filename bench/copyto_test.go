package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestInteropCopyTo writes a lake with awkward values out with COPY … TO
// in each format, one file and Hive folders, and has DuckDB read every
// output back (read_csv, read_json, read_parquet, hive_partitioning for
// the folders): its rows must be lakesql's answer to the same query,
// value for value, and a Parquet file's columns must have the types the
// values had. It builds lakesql from the repository, which Go's test cache
// does not see: run it with -count=1 after changing the main module.
func TestInteropCopyTo(t *testing.T) {
	dir, lakesql, d := builtWithDuck(t)
	w := filepath.Join(dir, "w")
	if err := os.MkdirAll(w, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w, "raw.jsonl"), []byte(copyRowsJSONL(3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(q string) [][]string {
		t.Helper()
		out, err := exec.CommandContext(t.Context(), lakesql, "-d", w, "--format", "csv", "-c", q).Output()
		if err != nil {
			t.Fatalf("lakesql %s: %v", q, err)
		}
		recs, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
		if err != nil || len(recs) == 0 {
			t.Fatalf("lakesql %s: %q: %v", q, out, err)
		}
		return recs[1:]
	}
	run("CREATE LAKE t FROM 'raw.jsonl' PARTITION BY (k)")
	typed := "SELECT s, i, f, b, CAST(d AS DATE) AS d, CAST(ts AS TIMESTAMP) AS ts, j FROM t"
	in := func(p string) string { return sqlString(filepath.Join(w, p)) }
	// RFC 4180 as written, not sniffed from a small file; "" is the empty
	// string, which DuckDB reads as NULL unless told.
	const csvDialect = ", header = true, quote = '\"', escape = '\"', allow_quoted_nulls = false"
	for _, c := range []struct {
		name, copy, ours, theirs string
		types                    string // a Parquet file's DuckDB column types
	}{
		{"parquet", "COPY (" + typed + ") TO 'o.parquet'", typed,
			"read_parquet(" + in("o.parquet") + ")", "VARCHAR BIGINT DOUBLE BOOLEAN DATE TIMESTAMP VARCHAR"},
		{"csv", "COPY (" + typed + ") TO 'o.csv' (FORMAT csv, HEADER)", typed, "read_csv(" + in("o.csv") + csvDialect + ")", ""},
		{"json", "COPY (SELECT s, i, f, b, d, ts FROM t) TO 'o.json'", "SELECT s, i, f, b, d, ts FROM t",
			"read_json(" + in("o.json") + ", format = 'newline_delimited')", ""},
		{"lake", "COPY t TO 'all.parquet'", "SELECT * FROM t", "read_parquet(" + in("all.parquet") + ")", ""},
		{"hive parquet", "COPY t TO 'parts' (FORMAT parquet, PARTITION_BY (k))", "SELECT s, i, f, b, d, ts, j, k FROM t",
			"read_parquet(" + in("parts/**/*.parquet") + ", hive_partitioning = true, hive_types_autocast = false)", ""},
		{"hive json", "COPY (SELECT k, b, i FROM t WHERE i > 0) TO 'pj' (FORMAT json, PARTITION_BY (k, b))",
			"SELECT i, b, k FROM t WHERE i > 0", // DuckDB's hive columns come in name order
			"read_json(" + in("pj/**/*.json") + ", format = 'newline_delimited', hive_partitioning = true, hive_types_autocast = false)", ""},
		{"hive csv", "COPY (SELECT s, f, k FROM t) TO 'pc' (FORMAT csv, PARTITION_BY (k))", "SELECT s, f, k FROM t",
			"read_csv(" + in("pc/**/*.csv") + csvDialect + ", hive_partitioning = true, hive_types_autocast = false)", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			run(c.copy)
			ours := canonCopy(run(c.ours))
			rows, _, err := d.query(t.Context(), "SELECT COLUMNS(*)::VARCHAR FROM "+c.theirs)
			if err != nil {
				t.Fatal(err)
			}
			theirs := canonCopy(rows)
			if len(ours) < 2000 || !slices.EqualFunc(ours, theirs, slices.Equal[[]string]) {
				t.Errorf("%d rows from lakesql, %d from DuckDB; first differences:%s", len(ours), len(theirs), firstDiffs(ours, theirs))
			}
			// NULL and the empty string are both "" above: count each.
			for _, q := range []string{"SELECT COUNT(*) FROM %s WHERE s IS NULL", "SELECT COUNT(*) FROM %s WHERE s = ''"} {
				if !strings.Contains(c.ours, " s,") && !strings.Contains(c.ours, "*") {
					break
				}
				src := "t"
				if !strings.HasPrefix(c.ours, "SELECT *") {
					src = "(" + c.ours + ") AS q"
				}
				mine, theirs := run(fmt.Sprintf(q, src)), mustQuery(t, d, fmt.Sprintf(q, c.theirs))
				if !slices.EqualFunc(mine, theirs, slices.Equal[[]string]) {
					t.Errorf("%s: lakesql %q, DuckDB %q", q, mine, theirs)
				}
			}
			if c.types != "" {
				rows := mustQuery(t, d, "SELECT column_type FROM (DESCRIBE SELECT * FROM "+c.theirs+")")
				var got []string
				for _, r := range rows {
					got = append(got, r[0])
				}
				if strings.Join(got, " ") != c.types {
					t.Errorf("column types: got %s, want %s", strings.Join(got, " "), c.types)
				}
			}
		})
	}
}

func mustQuery(t *testing.T, d *duck, q string) [][]string {
	t.Helper()
	rows, _, err := d.query(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// copyRowsJSONL makes n rows whose values are hard to carry: partition
// values with '/', '=' and a quote, missing and null; quotes, commas, line
// breaks (one in a field with nothing else to quote), tabs, non-ASCII and
// the empty string; integers beyond 2^53;
// doubles, some written as integers; booleans, dates, timestamps, JSON.
func copyRowsJSONL(n int) string {
	keys := []string{`"k":"a/b",`, `"k":"c=d",`, `"k":"plain",`, `"k":"it's",`, `"k":null,`, ``}
	strs := []string{`"say \"hi\", then\ngo"`, `"two\nlines"`, `"首尔 ü"`, `""`, `"x,y"`, `"tab\tq"`, `null`}
	var b strings.Builder
	for r := range n {
		s := strs[r%len(strs)]
		if r%len(strs) == len(strs)-1 && r%4 != 1 {
			s = strconv.Quote(fmt.Sprintf("s%04d", r))
		}
		i := strconv.Itoa(r * 7919)
		switch r % 10 {
		case 3:
			i = "9007199254740993"
		case 7:
			i = "-1"
		}
		f := strconv.FormatFloat(float64(r)/7, 'g', -1, 64)
		if r%5 == 0 {
			f = strconv.Itoa(r) // a double column's integer
		}
		j := `{"a":[1,2]}`
		if r%3 > 0 {
			j = "null"
		}
		fmt.Fprintf(&b, `{%s"s":%s,"i":%s,"f":%s,"b":%t,"d":"2026-01-%02d","ts":"2026-01-03 04:05:%02d.5","j":%s}`+"\n",
			keys[r%len(keys)], s, i, f, r%3 == 0, 1+r%28, r%60, j)
	}
	return b.String()
}

// canonCopy writes each cell in one form, numbers by value (an integer
// exactly, a double in its shortest form, 2.0 and 2 alike), and sorts the
// rows.
func canonCopy(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			if n, err := strconv.ParseInt(c, 10, 64); err == nil {
				c = strconv.FormatInt(n, 10)
			} else if f, err := strconv.ParseFloat(c, 64); err == nil {
				c = strconv.FormatFloat(f, 'g', -1, 64)
			}
			out[i][j] = c
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// firstDiffs shows the first rows that differ.
func firstDiffs(a, b [][]string) string {
	var s strings.Builder
	for i, n := 0, 0; i < max(len(a), len(b)) && n < 3; i++ {
		var x, y []string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if !slices.Equal(x, y) {
			fmt.Fprintf(&s, "\n  lakesql %q\n  DuckDB  %q", x, y)
			n++
		}
	}
	return s.String()
}
