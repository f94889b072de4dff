package sql

import (
	"context"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// TestUsingSampleCounts: a sample of n rows holds n rows (all of fewer),
// each different; a percentage keeps about that share (20,000 rows at
// 10%: 2,000 ± 42, held to ±300), 0% none and 100% all, the WHERE after it
// still applied.
func TestUsingSampleCounts(t *testing.T) {
	s := NewSession(catalog.New(t.TempDir()))
	const g = "WITH g AS (SELECT * FROM generate_series(1, 20000) t(x)) "
	count := func(q string) int64 {
		t.Helper()
		res, err := s.Exec(context.Background(), g+q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return res.Rows[0][0].I
	}
	if n := count("SELECT count(DISTINCT x) FROM g USING SAMPLE 700 ROWS"); n != 700 {
		t.Errorf("700 rows: %d distinct", n)
	}
	if n := count("SELECT count(*) FROM g AS h USING SAMPLE reservoir(50000 ROWS)"); n != 20000 {
		t.Errorf("50,000 rows of 20,000: %d", n)
	}
	if n := count("SELECT count(*) FROM g USING SAMPLE 10%"); n < 1700 || n > 2300 {
		t.Errorf("10%%: %d rows", n)
	}
	if n := count("SELECT count(*) FROM g TABLESAMPLE 0 PERCENT"); n != 0 {
		t.Errorf("0%%: %d rows", n)
	}
	if n := count("SELECT count(*) FROM g USING SAMPLE 100%"); n != 20000 {
		t.Errorf("100%%: %d rows", n)
	}
	if n := count("SELECT count(*) FROM g USING SAMPLE 50% WHERE x <= 1000 OR x > 30000"); n < 350 || n > 650 {
		t.Errorf("50%% of the 1,000 the WHERE keeps: %d rows", n)
	}
	if n := count("SELECT max(x) FROM g USING SAMPLE 5 ROWS WHERE x > 19990"); n > 20000 || n != 0 && n <= 19990 {
		t.Errorf("5 rows, then the WHERE: max %d", n)
	}
}
