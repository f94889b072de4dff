package compact_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
)

// BenchmarkCompact compacts a lake of 200,000 orders keyed by day, region
// and channel in files of at most 100 rows (about 2,900 files) to 1 MB
// files; the copy runs in the kernel (copy_file_range) and all new files
// are synced at once.
func BenchmarkCompact(b *testing.B) {
	dir := b.TempDir()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, 200_000, catalog.DefaultOrderSeed); err != nil {
		b.Fatal(err)
	}
	src := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(src, raw.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	c := catalog.New(dir)
	b.SetBytes(int64(raw.Len()))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		if _, err := c.Create("l", []string{"day", "region", "channel"}, src, 100); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := compact.Compact(c, "l", compact.Options{Target: 1 << 20}); err != nil {
			b.Fatal(err)
		}
	}
}
