package parser

import (
	"strings"
	"testing"
)

// TestUsingSample: DuckDB's USING SAMPLE and TABLESAMPLE of one table are
// written as the query's own draw (a percentage) or a derived table of
// uniformly drawn rows (a number of rows); what it cannot honour is an
// error at the sample.
func TestUsingSample(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT * FROM t USING SAMPLE 10%":                                  "SELECT * FROM t WHERE random() < 0.1 ",
		"SELECT * FROM t USING SAMPLE 2.5 PERCENT (bernoulli)":              "SELECT * FROM t WHERE random() < 0.025 ",
		"SELECT a FROM t x TABLESAMPLE 50% WHERE a = 1 OR b = 2":            "SELECT a FROM t x WHERE random() < 0.5 AND ( a = 1 OR b = 2) ",
		"SELECT a FROM t WHERE (a) USING SAMPLE 1%":                         "",
		"SELECT k FROM t USING SAMPLE system(5%) WHERE a GROUP BY k":        "SELECT k FROM t WHERE random() < 0.05 AND ( a ) GROUP BY k",
		"SELECT * FROM t USING SAMPLE 10 ROWS":                              "SELECT * FROM (SELECT * FROM t ORDER BY random() LIMIT 10) AS t",
		"SELECT * FROM t AS u USING SAMPLE reservoir(7 ROWS) WHERE u.a > 0": "SELECT * FROM (SELECT * FROM t ORDER BY random() LIMIT 7) AS u WHERE u.a > 0",
		"SELECT * FROM (SELECT * FROM t USING SAMPLE 3) s":                  "SELECT * FROM (SELECT * FROM (SELECT * FROM t ORDER BY random() LIMIT 3) AS t) s",
		"SELECT * FROM t USING SAMPLE 10 LIMIT 1":                           "SELECT * FROM (SELECT * FROM t ORDER BY random() LIMIT 10) AS t LIMIT 1",
		"SELECT * FROM t USING SAMPLE 10 ROWS ORDER BY a":                   "SELECT * FROM (SELECT * FROM t ORDER BY random() LIMIT 10) AS t ORDER BY a",
	} {
		got, err := samples(in)
		if want == "" {
			if err == nil {
				t.Errorf("%s: %q, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%s:\n got %q, %v\nwant %q", in, got, err, want)
		}
	}
	for in, msg := range map[string]string{
		"SELECT * FROM t USING SAMPLE 10% REPEATABLE (42)":      "REPEATABLE",
		"SELECT * FROM t USING SAMPLE 10% (system, 42)":         "REPEATABLE",
		"SELECT * FROM t USING SAMPLE reservoir(10%)":           "reservoir of a percentage",
		"SELECT * FROM t USING SAMPLE 101%":                     "from 0 to 100",
		"SELECT * FROM t USING SAMPLE bernoulli(10 ROWS)":       "number of rows not supported",
		"SELECT * FROM t USING SAMPLE":                          "needs its size",
		"SELECT * FROM t USING SAMPLE lots":                     "unexpected sample size",
		"SELECT * FROM t a JOIN u b USING (k) USING SAMPLE 10%": "samples one table",
		"SELECT * FROM t USING SAMPLE 1.5 ROWS":                 "whole number",
	} {
		if _, err := samples(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: err %v, want one saying %q", in, err, msg)
		}
	}
}
