package sql

import (
	"context"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestDoubleConstantBranch: a CASE, COALESCE, IFNULL or IF with a DOUBLE
// constant among its results gives an integer row's value as a DOUBLE,
// as DuckDB's common type does (so % 0 is NaN, not NULL); without one the
// integer stays an integer, and text passes unchanged.
func TestDoubleConstantBranch(t *testing.T) {
	s := fixedLake(t, []string{"d"}, `{"d":"a","n":5,"s":"x"}`)
	for _, tc := range []struct {
		expr string
		kind types.Kind
		text string
	}{
		{"CASE WHEN n > 0 THEN n ELSE 0.5 END", types.Float, "5.0"},
		{"CASE WHEN n > 0 THEN n ELSE -3.25 END % 0", types.Float, ""},
		{"CASE WHEN n > 0 THEN n ELSE 3 END", types.Int, "5"},
		{"COALESCE(n, 0.25)", types.Float, "5.0"},
		{"IFNULL(n, 0.25) % 0", types.Float, ""},
		{"IFNULL(n, 2)", types.Int, "5"},
		{"IF(n > 0, n, 1.5)", types.Float, "5.0"},
		{"IF(n > 0.5, n, 1)", types.Int, "5"},
		{"CASE WHEN n > 0 THEN s ELSE 0.5 END", types.String, "x"},
	} {
		res, err := s.Exec(context.Background(), "SELECT "+tc.expr+" FROM t")
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		v := res.Rows[0][0]
		if v.K != tc.kind || tc.text != "" && v.String() != tc.text {
			t.Errorf("%s = %s (%s), want %s %s", tc.expr, v.String(), v.K, tc.kind, tc.text)
		}
	}
}
