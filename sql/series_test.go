package sql

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// range(…) and generate_series(…) give DuckDB's integers: counted,
// summed and bounded against a Go loop, ranges that cross a power of ten
// or zero, run downwards, or end at int64's limits, and large enough that
// the scan starts its files in their middle (seriesReader.Seek).
func TestSeries(t *testing.T) {
	s := NewSession(catalog.New(t.TempDir()))
	s.Memory = Memory{TempDir: t.TempDir()}
	for _, c := range []struct {
		fn                string
		start, stop, step int64
		args              string
	}{
		{"range", 0, 5, 1, "5"},
		{"range", 0, -3, 1, "-3"},
		{"range", 7, 3, 1, "7, 3"},
		{"range", -1005, 1010, 1, "-1005, 1010"},
		{"range", 5, -12, -3, "5, -12, -3"},
		{"range", 0, 250000, 1, "250000"},
		{"range", -99999, 100001, 2, "-99999, 100001, 2"},
		{"range", math.MaxInt64 - 10, math.MaxInt64, 3, "9223372036854775797, 9223372036854775807, 3"},
		{"range", math.MinInt64, math.MinInt64 + 5, 1, "-9223372036854775807 - 1, -9223372036854775803"},
		{"generate_series", 0, 4, 1, "4"},
		{"generate_series", 10, 0, -5, "10, 0, -5"},
		{"generate_series", 3, 3, 1, "3, 3"},
		{"generate_series", math.MaxInt64 - 1, math.MaxInt64, 1, "9223372036854775806, 9223372036854775807"},
		{"generate_series", 1, 300000, 7, "1, 300000, 7"},
	} {
		n, sum := int64(0), new(big.Int)
		var lo, hi int64
		for v := c.start; ; v += c.step {
			if c.step > 0 && (v > c.stop || v == c.stop && c.fn == "range") || c.step < 0 && (v < c.stop || v == c.stop && c.fn == "range") {
				break
			}
			if n == 0 || v < lo {
				lo = v
			}
			if n == 0 || v > hi {
				hi = v
			}
			n++
			sum.Add(sum, big.NewInt(v))
			if v > 0 && c.step > 0 && v > math.MaxInt64-c.step || v < 0 && c.step < 0 && v < math.MinInt64-c.step {
				break // the next would overflow
			}
		}
		want := fmt.Sprintf("%d %s %d %d", n, sum, lo, hi)
		if n == 0 {
			want = "0 NULL NULL NULL"
		}
		q := fmt.Sprintf("SELECT COUNT(*), SUM(%[1]s), MIN(%[1]s), MAX(%[1]s) FROM %[1]s(%[2]s)", c.fn, c.args)
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		var got []string
		for _, v := range res.Rows[0] {
			got = append(got, v.String())
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s = %s, want %s", q, g, want)
		}
	}
	// Names, aliases and joins, as DuckDB takes them.
	wantAnswers(t, s, map[string]string{
		"SELECT * FROM range(3)":                                                  "0\n1\n2",
		"SELECT range.range FROM range(2)":                                        "0\n1",
		"SELECT x FROM generate_series(2) t(x)":                                   "0\n1\n2",
		"SELECT a.range * 10 + b.y FROM range(2) a, range(2) AS b (y) ORDER BY 1": "0\n1\n10\n11",
		"SELECT * FROM range(NULL)":                                               "",
		"SELECT * FROM range(1 + (SELECT COUNT(*) FROM range(2)))":                "0\n1\n2",
	})
	wantErrors(t, s, map[string]string{
		"SELECT * FROM range(1, 5, 0)":    "the step cannot be 0",
		"SELECT * FROM range(1.5)":        "takes integers",
		"SELECT * FROM range('a')":        "takes integers",
		"SELECT * FROM range()":           "needs 1 to 3 arguments",
		"SELECT * FROM range(1, 2, 3, 4)": "takes 1 to 3 arguments",
		"SELECT * FROM range(n)":          "not the column n",
	})
}
