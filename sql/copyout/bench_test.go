package copyout

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// BenchmarkCopy writes 100,000 rows of six columns (BIGINT, DOUBLE, two
// strings, BOOLEAN, DATE) in each format; MB/s is of the values' text as
// CSV spells it.
func BenchmarkCopy(b *testing.B) {
	regions := []string{"seoul", "busan", "it's", "daegu", "incheon"}
	rows := make([][]types.Value, 100000)
	var size int64
	for i := range rows {
		rows[i] = []types.Value{types.IntValue(int64(i) * 7919), types.FloatValue(float64(i) / 7),
			types.StringValue(regions[i%len(regions)]), types.StringValue(fmt.Sprintf("o-%07d", i)),
			types.BoolValue(i%3 == 0), types.DateValue(int64(20000 + i%365))}
		for _, v := range rows[i] {
			size += int64(len(v.String())) + 1
		}
	}
	names := []string{"id", "amount", "region", "order_id", "flag", "day"}
	for _, f := range []Format{CSV, JSON, Parquet} {
		b.Run("format="+string(f), func(b *testing.B) {
			dir := b.TempDir()
			b.ReportAllocs()
			b.SetBytes(size)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c, err := New(Options{Path: filepath.Join(dir, "o."+string(f)), Format: f})
				if err != nil {
					b.Fatal(err)
				}
				if err := c.Columns(names); err != nil {
					b.Fatal(err)
				}
				for _, r := range rows {
					if err := c.Row(r); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := c.Commit(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
