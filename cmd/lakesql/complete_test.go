package main

import (
	"slices"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

func TestComplete(t *testing.T) {
	sess := sql.NewSession(catalog.New(template(t)))
	tests := map[string]struct {
		pending string // lines typed before
		line    string // the line; the cursor is at its end, or at '|'
		want    []string
	}{
		"keyword, lower case":          {"", "sel", []string{"ect "}},
		"keyword, upper case":          {"", "SEL", []string{"ECT "}},
		"keyword, case of last":        {"", "SeL", []string{"ECT "}},
		"several keywords":             {"", "SELECT COUNT(*) FROM orders GROUP BY day ORDER BY 2 de", []string{"sc ", "scribe "}},
		"lake after FROM":              {"", "SELECT COUNT(*) FROM ord", []string{"ers ", "ers_fine "}},
		"every lake after FROM":        {"", "SELECT COUNT(*) FROM ", []string{"misc ", "orders ", "orders_fine "}},
		"lake after DESCRIBE":          {"", "describe m", []string{"isc "}},
		"lake after SHOW PARTITIONS":   {"", "SHOW PARTITIONS orders_", []string{"fine "}},
		"field of any lake":            {"", "SELECT reg", []string{"ion "}},
		"field of the lake named":      {"", "SELECT c| FROM misc", []string{"heck ", "ompact ", "opy ", "ount ", "reate "}},
		"field of no lake named":       {"", "SELECT c", []string{"hannel ", "heck ", "ompact ", "opy ", "ount ", "reate "}},
		"maintenance keywords":         {"", "VACUUM LAKE orders dr", []string{"op ", "y "}},
		"lake after VACUUM LAKE":       {"", "vacuum lake orders_", []string{"fine "}},
		"lake after COPY":              {"", "COPY ", []string{"misc ", "orders ", "orders_fine "}},
		"compaction keywords":          {"", "ALTER LAKE orders COMPACT SMALL RA", []string{"TIO "}},
		"rewrite":                      {"", "alter lake orders compact rewr", []string{"ite "}},
		"field, lake on a line before": {"SELECT COUNT(*)\nFROM misc\n", "WHERE no", []string{"t ", "te "}},
		"nothing typed":                {"", "SELECT ", nil},
		"no match":                     {"", "SELECT zzz", nil},
		"keyword that is whole":        {"", "FROM", []string{" "}},
		"show create lake":             {"", "SHOW CREATE LAKE orders_", []string{"fine "}},
		"engine after FOR":             {"", "show create lake orders for ", []string{"duckdb ", "spark ", "trino "}},
		"engine, upper case":           {"", "SHOW CREATE LAKE orders FOR DU", []string{"CKDB "}},
		"engine, lower case":           {"", "show create lake orders for t", []string{"rino "}},
		"engine keywords elsewhere":    {"", "SHOW CREATE LAKE orders FO", []string{"R "}},
		"dot command":                  {"", ".m", []string{"axrows ", "axwidth ", "ode "}},
		"dot command, indented":        {"", "  .he", []string{"aders ", "lp "}},
		"every mode":                   {"", ".mode ", []string{"box ", "table ", "markdown ", "line ", "list ", "csv ", "json ", "jsonlines ", "jsonarray "}},
		"a mode":                       {"", ".mode js", []string{"on ", "onlines ", "onarray "}},
		"on or off":                    {"", ".headers o", []string{"n ", "ff "}},
		"lake of .schema":              {"", ".schema orders", []string{" ", "_fine "}},
		"nothing after the argument":   {"", ".mode csv ", nil},
		"no dot in a statement":        {"SELECT\n", ".5", nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c := &completer{}
			c.set(sess, tc.pending)
			line := []rune(tc.line)
			pos := slices.Index(line, '|')
			if pos >= 0 {
				line = slices.Delete(line, pos, pos+1)
			} else {
				pos = len(line)
			}
			out, n := c.Do(line, pos)
			var got []string
			for _, r := range out {
				got = append(got, string(r))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Do(%q) = %q, want %q", tc.line, got, tc.want)
			}
			word := 0
			for i := pos - 1; i >= 0 && isWordRune(line[i]); i-- {
				word++
			}
			if n != word {
				t.Errorf("Do(%q) length %d, want %d", tc.line, n, word)
			}
		})
	}
}
