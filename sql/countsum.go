package sql

import (
	"context"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// CountSumResult is the answer of pq query.
type CountSumResult struct {
	FilesTotal   int
	FilesScanned int
	Rows         int64
	Sum          Value
}

// CountSum answers SELECT COUNT(*), SUM(field) FROM src WHERE where: the
// query behind pq query, planned and run exactly as lakesql runs that SELECT.
func CountSum(ctx context.Context, src Source, where ast.Expr, field string) (CountSumResult, error) {
	sel := &ast.Select{
		Items: []ast.SelectItem{{Expr: &ast.Func{Name: "COUNT", Star: true}}, {Expr: &ast.Func{Name: "SUM", Args: []ast.Expr{ast.Col(field)}}}},
		From:  ast.Table{Name: src.Name()}, Where: where, Limit: -1,
	}
	_, res, err := RunPinned(ctx, src, sel)
	if err != nil {
		return CountSumResult{}, err
	}
	return CountSumResult{FilesTotal: res.Stats.FilesTotal, FilesScanned: res.Stats.FilesScanned,
		Rows: res.Rows[0][0].I, Sum: res.Rows[0][1]}, nil
}

// SumJSON returns a sum as pq writes it: an integer, a float, or 0 for
// NULL (a sum over no rows).
func SumJSON(v Value) any {
	if v.K == types.Null {
		return 0
	}
	return v.JSON()
}
