package sql

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

var update = flag.Bool("update", false, "rewrite testdata/plans.txt with the plans of today's planner")

// TestPlans is the golden file of the planner: each query of
// testdata/plans.txt with its EXPLAIN over two fixed lakes (orders by
// day, orders_fine by region and channel), so that every change to the
// binder or the optimizer shows as a diff. Run with -update to rewrite the
// file, then read the diff.
func TestPlans(t *testing.T) {
	dir := t.TempDir()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, 2000, catalog.DefaultOrderSeed); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(src, raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Create("orders_fine", []string{"region", "channel"}, src, 50); err != nil {
		t.Fatal(err)
	}
	s := NewSession(c)
	golden := filepath.Join("testdata", "plans.txt")
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, block := range strings.Split(string(data), "\n\n") {
		block = strings.TrimSpace(block)
		if block == "" {
			continue
		}
		lines := strings.Split(block, "\n")
		var head []string // comments and the query, up to ----
		for _, l := range lines {
			if l == "----" {
				break
			}
			head = append(head, l)
		}
		var query []string
		for _, l := range head {
			if !strings.HasPrefix(l, "#") {
				query = append(query, l)
			}
		}
		q := strings.Join(query, "\n")
		got := explain(s, q)
		out.WriteString(strings.Join(head, "\n") + "\n----\n" + got + "\n\n")
		if !*update {
			want := strings.Join(lines[min(len(head)+1, len(lines)):], "\n")
			if got != want {
				t.Errorf("%s\n got:\n%s\nwant:\n%s", q, got, want)
			}
		}
	}
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// explain returns the plan of q, or its error.
func explain(s *Session, q string) string {
	res, err := s.Exec(context.Background(), "EXPLAIN "+q)
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for i, r := range res.Rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(r[0].String())
	}
	return b.String()
}
