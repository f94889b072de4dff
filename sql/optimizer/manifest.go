package optimizer

import (
	"slices"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// fromManifest marks a scan whose aggregate the manifest answers without
// opening a file: no GROUP BY, every aggregate COUNT(*) or MIN/MAX of a key
// field, and a filter (if any) that the partitions decide for every file
// kept. The manifest's row counts give COUNT(*); a key field's values are
// in the partitions' names, which a MIN or MAX may read when each names one
// value (text that no number, boolean or null spells the same; NULL is
// skipped). ClickHouse and DuckDB answer such queries from their metadata
// in the same way.
func fromManifest(p *plan.Plan, a *plan.Aggregate) {
	s := p.Scan
	if _, made := s.Src.(plan.Producer); made {
		return // its rows are counted as they are made
	}
	if a == nil || len(a.Groups) > 0 || s.Star || s.IgnoreSizes || len(a.Aggs) == 0 {
		return
	}
	key := s.Src.Key()
	var keys []int // by aggregate: the key field's index for MIN/MAX, -1 for COUNT(*)
	for _, c := range a.Aggs {
		switch {
		case c.Func.Name == "COUNT" && len(c.Args) == 0 && !c.Func.Distinct:
			keys = append(keys, -1)
		case (c.Func.Name == "MIN" || c.Func.Name == "MAX") && len(c.Args) == 1:
			sl, ok := c.Args[0].(*plan.Slot)
			if !ok {
				return
			}
			k := slices.Index(key, s.Fields[sl.I])
			if k < 0 {
				return
			}
			keys = append(keys, k)
		default:
			return
		}
	}
	values := make([][]types.Value, len(s.Files))
	for i, f := range s.Files {
		if f.Pred != nil || len(f.Partition) != len(key) {
			return
		}
		values[i] = make([]types.Value, len(key))
		for _, k := range keys {
			if k < 0 || f.Rows == 0 {
				continue
			}
			c := candidates(f.Partition[k])
			if len(c) != 1 {
				return
			}
			values[i][k] = c[0]
		}
	}
	for i := range s.Files {
		s.Files[i].KeyValues = values[i]
	}
	s.FromManifest = true
}
