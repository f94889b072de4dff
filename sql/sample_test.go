package sql

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/parser"
)

// TestSelectivitySample: the share of a lake's rows that WHERE terms
// keep, estimated on its files' first lines, is near the true share for
// a text filter, a partition condition (the files it prunes keep
// nothing), both, and a filter that keeps no row, of a lake of a few
// files and of one of more than are sampled; a term with a subquery is
// left to the caller's rule.
func TestSelectivitySample(t *testing.T) {
	c, write := rowLakes(t)
	write("p", 5000, func(i int) string {
		name := "plain"
		if (i/10)%20 == 3 { // 5% of each part
			name = "dark green tie"
		}
		return fmt.Sprintf(`{"id":%d,"name":"%s","part":%d}`, i, name, i%10)
	})
	s := NewSession(c)
	// A lake of more files than are sampled: a spread of sampleFiles.
	write("many", 4000, func(i int) string { return fmt.Sprintf(`{"id":%d,"part":%d}`, i, i%200) })
	for _, tc := range []struct {
		lake, where string
		lo, hi      float64
		estimate    bool
	}{
		{"p", "name LIKE '%green%'", 0.03, 0.08, true},
		{"p", "part = 3", 0.09, 0.11, true},
		{"p", "part = 3 AND name LIKE '%green%'", 0.003, 0.008, true},
		{"p", "name = 'none'", 0, 0.002, true},
		{"p", "id IN (SELECT id FROM p WHERE part = 1)", 0, 0, false},
		{"many", "part < 50", 0.2, 0.3, true},
		{"many", "part < 50 AND id % 3 = 0", 0.05, 0.12, true},
	} {
		snap, err := s.snapshot(tc.lake)
		if err != nil {
			t.Fatal(err)
		}
		st, err := parser.Parse("SELECT id FROM " + tc.lake + " WHERE " + tc.where)
		if err != nil {
			t.Fatal(err)
		}
		sel := st.(*ast.Select)
		got, ok := s.selectivity(context.Background(), snap, sel.From, ast.Conjuncts(sel.Where))
		if ok != tc.estimate || ok && (got < tc.lo || got > tc.hi) {
			t.Errorf("%s: %.4f (%v), want %v in [%g, %g]", tc.where, got, ok, tc.estimate, tc.lo, tc.hi)
		}
	}
}

// TestFirstLines: a sampled file gives its first lines whole, however
// its reads are cut, and counts them, a last line without its newline
// too; long lines end it at the first line that ends past
// sampleFileBytes.
func TestFirstLines(t *testing.T) {
	text := strings.Repeat("{\"a\":1}\n", 50) + "{\"a\":2}"
	for _, c := range []struct{ lines, want int }{{10, 10}, {50, 50}, {51, 51}, {100, 51}, {200, 0}} {
		if c.lines == 200 {
			// Lines past sampleFileBytes are not read.
			text = strings.Repeat("{\"a\":\""+strings.Repeat("x", 100<<10)+"\"}\n", 12)
			c.want = sampleFileBytes/(100<<10) + 1
		}
		var n int64
		f := &firstLines{r: io.NopCloser(iotestHalf{strings.NewReader(text)}), left: c.lines, done: func(k int64) { n = k }}
		got, err := io.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if lines := strings.Count(string(got), "\n") + min(1, len(got)-strings.LastIndexByte(string(got), '\n')-1); lines != c.want || n != int64(c.want) {
			t.Errorf("first %d lines: read %d lines, counted %d, want %d", c.lines, lines, n, c.want)
		}
	}
}

// iotestHalf reads at most 5 bytes at a time.
type iotestHalf struct{ r io.Reader }

func (h iotestHalf) Read(p []byte) (int, error) { return h.r.Read(p[:min(len(p), 5)]) }

// TestJoinBuildsNarrowedChain: a chain whose dimension's filter keeps few
// rows (sampled: 5%, where the rule of a quarter a term would say 25%)
// is built, and the lake after it, smaller than its fact lake but larger
// than the chain, streams through its table (TPC-H Q9's partsupp).
func TestJoinBuildsNarrowedChain(t *testing.T) {
	c, write := rowLakes(t)
	write("d", 2000, func(i int) string {
		name := "plain"
		if i%20 == 7 {
			name = "green"
		}
		return fmt.Sprintf(`{"id":%d,"name":"%s","part":%d}`, i, name, i%4)
	})
	write("f", 20000, func(i int) string {
		return fmt.Sprintf(`{"did":%d,"gid":%d,"x":%d,"part":%d}`, (i*7)%2000, (i*13)%3000, i%11, i%8)
	})
	write("g", 3000, func(i int) string { return fmt.Sprintf(`{"id":%d,"y":%d,"part":%d}`, i, i%17, i%4) })
	s := NewSession(c)
	q := "SELECT COUNT(*), SUM(g.y) FROM d, f, g WHERE d.id = f.did AND f.gid = g.id AND d.name LIKE '%green%'"
	text := table(query(t, s, "EXPLAIN "+q))
	if !strings.Contains(text, "Join input, streamed through the table of the other: SELECT g.id AS `g.id`") {
		t.Errorf("g is not streamed through the chain:\n%s", text)
	}
	var n, sum int64
	for i := range 20000 {
		if did, gid := (i*7)%2000, (i*13)%3000; did%20 == 7 {
			n++
			sum += int64(gid % 17)
		}
	}
	res := query(t, s, q)
	if got := rowsText(res); len(got) != 1 || got[0] != fmt.Sprintf("%d|%d", n, sum) {
		t.Errorf("%s: %q, want %d|%d", q, got, n, sum)
	}
}
