package sql

import "context"

// CountSumResult is the answer of pq query.
type CountSumResult struct {
	FilesTotal   int
	FilesScanned int
	Rows         int64
	Sum          Value
}

// CountSum runs SELECT COUNT(*), SUM(field) FROM src WHERE where: the query
// behind pq query, through the same planner and executor as SELECT.
func CountSum(ctx context.Context, src Source, where Expr, field string) (CountSumResult, error) {
	p, err := NewPlan(src, Query{Where: where, Aggs: []Agg{{Func: CountStar}, {Func: Sum, Arg: field}}})
	if err != nil {
		return CountSumResult{}, err
	}
	res, err := p.Run(ctx)
	if err != nil {
		return CountSumResult{}, err
	}
	return CountSumResult{FilesTotal: res.Stats.FilesTotal, FilesScanned: res.Stats.FilesScanned,
		Rows: res.Values[0].Int, Sum: res.Values[1]}, nil
}

// JSON returns the value as encoding/json should write it: an integer, a
// float, a string, or 0 for NULL (a sum over no rows).
func (v Value) JSON() any {
	switch v.Kind {
	case VInt:
		return v.Int
	case VFloat:
		return v.F
	case VString:
		return v.Str
	}
	return 0
}
