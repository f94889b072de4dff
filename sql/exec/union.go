package exec

import (
	"context"
	"fmt"
	"hash/maphash"
	"sync"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Union is a UNION of queries: the rows of each part, one part after the
// other. The first Distinct parts are deduplicated together (UNION, and
// UNION ALL before it: DISTINCT of DISTINCT(x) and y is DISTINCT of x and
// y), through a GROUP BY of all their columns that spills as every
// aggregate does; the parts after them add their rows as they are (UNION
// ALL). Keys, Limit and Offset are the ORDER BY and LIMIT over the whole:
// an external sort, which spills too.
type Union struct {
	Parts    []*plan.Plan
	Distinct int
	Keys     []plan.SortKey
	Limit    int64 // -1: none
	Offset   int64
}

// RunUnion runs u and sends its rows to e, which names its columns after
// the first part's.
func RunUnion(ctx context.Context, u *Union, e Emitter) (Stats, error) {
	width := len(u.Parts[0].Columns)
	if err := e.Columns(u.Parts[0].Columns); err != nil {
		return Stats{}, err
	}
	// The last stage: the sort, or the window of the rows as they come.
	var (
		mu   sync.Mutex // the distinct groups come out on several cores
		srt  *sorter
		sp   *sortSpill
		seq  uint64
		skip = u.Offset
		left = u.Limit
	)
	if len(u.Keys) > 0 {
		sp = &sortSpill{dir: memoryOf(ctx).spillDir()}
		defer sp.dir.Close()
		srt = newSorter(u.Keys, memoryOf(ctx).budget()/2, sp)
		defer srt.discard()
	}
	final := func(r []types.Value) error {
		mu.Lock()
		defer mu.Unlock()
		if srt != nil {
			seq++
			return srt.add(sortItem{row: cloneRow(r), seq: seq})
		}
		if skip > 0 {
			skip--
			return nil
		}
		if left == 0 {
			return nil
		}
		left--
		return e.Row(cloneRow(r))
	}
	// The deduplicated parts go through one table of their rows.
	var dist *aggSink
	var agg *plan.Aggregate
	var asp *aggSpill
	seed := maphash.MakeSeed()
	if u.Distinct > 0 {
		agg = &plan.Aggregate{}
		for i := range width {
			agg.Groups = append(agg.Groups, &plan.Slot{I: i, Name: u.Parts[0].Columns[i]})
		}
		asp = &aggSpill{dir: memoryOf(ctx).spillDir()}
		defer asp.dir.Close()
		dist = newAggSink(agg, false, seed, memoryOf(ctx).budget()/2, asp)
		defer discardFiles(&[]*aggSink{dist})
	}
	var total Stats
	for i, p := range u.Parts {
		pe := &unionPart{width: width, n: i + 1, out: final}
		if i < u.Distinct {
			pe.out = func(r []types.Value) error {
				mu.Lock()
				defer mu.Unlock()
				_, err := dist.push(r, nil)
				return err
			}
		}
		st, err := Stream(ctx, p, pe)
		if err != nil {
			return total, err
		}
		total.FilesTotal += st.FilesTotal
		total.FilesScanned += st.FilesScanned
		total.RowsRead += st.RowsRead
		total.BytesRead += st.BytesRead
		total.RowsPassed += st.RowsPassed
		total.Unseen = append(total.Unseen, st.Unseen...)
		if i == u.Distinct-1 {
			// The deduplicated rows go on before the parts that follow.
			_, err := finishGroups(ctx, []*aggSink{dist}, agg, seed, asp, memoryOf(ctx).budget()/2, func(int) emitter {
				return emitter{row: final}
			})
			if err != nil {
				return total, err
			}
		}
	}
	if srt == nil {
		return total, nil
	}
	return total, finishSort(ctx, []*sorter{srt}, u.Keys, u.Offset, u.Limit, func(it *sortItem) error {
		return e.Row(it.row)
	})
}

// unionPart is the emitter of one part of a union: it checks the part's
// columns and passes its rows on.
type unionPart struct {
	width, n int
	out      func([]types.Value) error
}

func (p *unionPart) Columns(names []string) error {
	if len(names) != p.width {
		return fmt.Errorf("%w: UNION: query %d gives %d columns, the first %d", plan.ErrEval, p.n, len(names), p.width)
	}
	return nil
}

func (p *unionPart) Row(r []types.Value) error {
	if len(r) > p.width {
		r = r[:p.width]
	}
	return p.out(r)
}
