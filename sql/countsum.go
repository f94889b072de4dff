package sql

import "context"

// CountSumResult is the answer of pq query.
type CountSumResult struct {
	FilesTotal   int
	FilesScanned int
	Rows         int64
	Sum          Value
}

// CountSum answers SELECT COUNT(*), SUM(field) FROM src WHERE where: the
// query behind pq query, planned and run exactly as lakesql runs that SELECT.
func CountSum(ctx context.Context, src Source, where Expr, field string) (CountSumResult, error) {
	sel := &Select{
		Items: []SelectItem{{Agg: &Agg{Func: CountStar}}, {Agg: &Agg{Func: Sum, Arg: field}}},
		Lake:  src.Name(), Where: where, Limit: -1,
	}
	_, res, err := RunPinned(ctx, src, sel)
	if err != nil {
		return CountSumResult{}, err
	}
	return CountSumResult{FilesTotal: res.Stats.FilesTotal, FilesScanned: res.Stats.FilesScanned,
		Rows: res.Rows[0][0].Int, Sum: res.Rows[0][1]}, nil
}

// JSON returns the value as pq writes it: an integer, a float, a string,
// or 0 for NULL (a sum over no rows).
func (v Value) JSON() any {
	if v.Kind == VNull {
		return 0
	}
	return v.JSONValue()
}
