package sql

import (
	"context"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// A STRING_AGG or GROUP_CONCAT past 16 MiB is an error naming the
// function, in memory and spilled, ordered, DISTINCT, grouped and over a
// window; one within it is answered.
func TestJoinedTextBoundedQueries(t *testing.T) {
	for _, limit := range []int64{0, MinMemoryLimit} {
		s := NewSession(catalog.New(t.TempDir()))
		s.Memory = Memory{Limit: limit, TempDir: t.TempDir()}
		for _, q := range []string{
			"SELECT length(string_agg(repeat('x', 1000000), ',')) FROM generate_series(1, 20)",
			"SELECT length(group_concat(repeat('x', 1000000) ORDER BY g DESC)) FROM generate_series(1, 20) t(g)",
			"SELECT length(string_agg(DISTINCT repeat('x', 1000000) || g, ',')) FROM generate_series(1, 20) t(g)",
			"SELECT g % 2, length(string_agg(repeat('x', 2000000), '')) FROM generate_series(1, 20) t(g) GROUP BY 1",
			"SELECT g, length(string_agg(repeat('x', 1000000), ',') OVER (ORDER BY g ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)) FROM generate_series(1, 20) t(g)",
		} {
			_, err := s.Exec(context.Background(), q)
			if err == nil || !strings.Contains(err.Error(), "16 MiB") || !strings.Contains(err.Error(), "STRING_AGG") && !strings.Contains(err.Error(), "GROUP_CONCAT") {
				t.Errorf("limit %d: %s: err %v", limit, q, err)
			}
		}
		res, err := s.Exec(context.Background(), "SELECT length(string_agg(repeat('x', 1000000), ',')) FROM generate_series(1, 16)")
		if err != nil || res.Rows[0][0].I != 16_000_015 {
			t.Errorf("limit %d: 16 MB: %v, %v", limit, res, err)
		}
	}
}
