package sql

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// benchLake writes n sample orders and a lake of them keyed by day, once
// per benchmark, before the timer starts.
func benchLake(b testing.TB, n int) (*Session, int64) {
	b.Helper()
	dir := b.TempDir()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, n, catalog.DefaultOrderSeed); err != nil {
		b.Fatal(err)
	}
	src := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(src, raw.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	c := catalog.New(dir)
	m, err := c.Create("orders", []string{"day"}, src, 0)
	if err != nil {
		b.Fatal(err)
	}
	return NewSession(c), m.Bytes()
}

func benchQuery(b *testing.B, q string) {
	s, size := benchLake(b, 200_000)
	ctx := context.Background()
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanAggregate is the full-scan job: every file opened, two
// fields extracted per row.
func BenchmarkScanAggregate(b *testing.B) {
	benchQuery(b, "SELECT COUNT(*), SUM(amount) FROM orders WHERE channel = 'app'")
}

func BenchmarkGroupBy(b *testing.B) {
	benchQuery(b, "SELECT region, COUNT(*), SUM(amount) FROM orders GROUP BY region")
}

func BenchmarkCountAll(b *testing.B) {
	benchQuery(b, "SELECT COUNT(*) FROM orders")
}

// BenchmarkGroupByExprs is TPC-H Q1's shape: two GROUP BY texts, sums and
// averages of fields and of expressions of them, per row.
func BenchmarkGroupByExprs(b *testing.B) {
	benchQuery(b, "SELECT region, channel, SUM(qty), SUM(amount), SUM(amount * (1 - qty / 100.0)), SUM(amount * (1 - qty / 100.0) * (1 + qty)), AVG(qty), AVG(amount), COUNT(*) FROM orders GROUP BY region, channel")
}
