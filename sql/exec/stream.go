package exec

import (
	"context"
	"strings"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Emitter receives a streamed result: its columns once, then each row.
// A row's texts are valid only during the call.
type Emitter interface {
	Columns(names []string) error
	Row(r []types.Value) error
}

// Streams reports whether Stream sends p's rows as the scan reads them:
// a projection or SELECT * without ORDER BY, DISTINCT or aggregates, whose
// memory is then bounded whatever the lake's size. Other plans hold their
// state (groups, a sort, both spilling past the budget) and send their
// rows once the scan ends: a sort's as its merge produces them, never
// whole in memory.
// SELECT * with a LIMIT holds its few lines and shows the fields they
// have, without the first pass over the whole lake that learns them all.
func Streams(p *plan.Plan) bool {
	sh, err := shapeOf(p.Root)
	return err == nil && sh.agg == nil && sh.sort == nil && sh.distinct == nil && !(sh.scan.Star && sh.limit != nil)
}

// Stream runs p and sends its result to e: row by row as the scan reads
// when Streams(p), else once the scan ends.
func Stream(ctx context.Context, p *plan.Plan, e Emitter) (Stats, error) {
	sh, err := shapeOf(p.Root)
	if err != nil {
		return Stats{}, err
	}
	if !Streams(p) {
		return execute(ctx, p, sh, newProfiler(ctx), e, false)
	}
	ctx = producing(ctx, sh.scan)
	var skip, want int64 = 0, -1
	if sh.limit != nil {
		skip, want = sh.limit.Offset, sh.limit.N
	}
	ss := &streamSink{e: e, skip: skip, want: want}
	if sh.scan.Star {
		// The columns are every top-level field, in order of first
		// appearance: a first pass over the files learns them, reading
		// names only, so that the rows can go out as the second reads
		// them, none kept.
		names, st, err := starNames(ctx, sh.scan)
		if err != nil {
			return st, err
		}
		ss.star = map[string]int{}
		for i, n := range names {
			ss.star[n] = i
		}
		ss.row = make([]types.Value, len(names))
		if err := e.Columns(names); err != nil {
			return st, err
		}
	} else {
		ss.pr = newProjector(sh.project, false)
		if err := e.Columns(p.Columns); err != nil {
			return Stats{}, err
		}
	}
	if want == 0 {
		return Stats{FilesTotal: sh.scan.FilesTotal}, nil
	}
	if want < 0 {
		// No LIMIT: every core reads, the rows still go out in path order.
		width := len(ss.row)
		if ss.pr != nil {
			width = len(ss.pr.exprs)
		}
		r := newReorder(e, skip, width)
		return scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
			o := &orderedStream{r: r, streamRow: streamRow{star: ss.star}}
			if ss.star != nil {
				o.row = make([]types.Value, width)
			} else {
				o.pr = newProjector(sh.project, w > 0)
			}
			return o
		})
	}
	return scan(ctx, sh.scan, true, sh.needed(), func(int) rowSink { return ss })
}

// StreamEach runs p as Stream does, but when p streams (a projection
// without ORDER BY, LIMIT or SELECT *), or is an aggregate of unordered
// rows (p.Unordered) without ORDER BY or LIMIT, the rows go, in no order,
// to an Emitter per worker, each(w), that the worker calls alone; its
// Columns is not called. Other plans send their rows to each(0). A join's
// inputs and a derived table's rows are made so: their order does not
// matter, and no rows wait for the one due, or for a lock (TPC-H Q13 at
// SF 1 wrote its 150,000 groups of customers through one, 16 ms).
func StreamEach(ctx context.Context, p *plan.Plan, each func(w int) Emitter) (Stats, error) {
	sh, err := shapeOf(p.Root)
	if err != nil {
		return Stats{}, err
	}
	if sh.agg != nil && sh.sort == nil && sh.limit == nil && p.Unordered && !sh.scan.Star {
		ctx = producing(ctx, sh.scan)
		return groupsOf(ctx, sh, newProfiler(ctx))(func(w int) func([]types.Value) error {
			return visibleRows(each(w), len(p.Columns))
		}, nil)
	}
	if !Streams(p) || sh.scan.Star || sh.limit != nil {
		return Stream(ctx, p, each(0))
	}
	ctx = producing(ctx, sh.scan)
	lend(ctx, 0) // its rows go out as the scan reads them
	return scan(ctx, sh.scan, false, sh.needed(), func(w int) rowSink {
		return &eachSink{e: each(w), streamRow: streamRow{pr: newProjector(sh.project, w > 0)}}
	})
}

// eachSink sends one worker's rows to its own Emitter.
type eachSink struct {
	e Emitter
	streamRow
}

func (s *eachSink) push(r plan.Row, line []byte) (bool, error) {
	out, err := s.out(r, line)
	if err != nil {
		return false, err
	}
	return false, s.e.Row(out)
}

// streamSink sends rows to an Emitter as the (sequential) scan reads them.
type streamSink struct {
	e Emitter
	streamRow
	skip, want int64
	err        error
}

// streamRow makes a streamed row from a scan's row: the projection, or
// for SELECT * the line's fields by column.
type streamRow struct {
	pr      *projector
	star    map[string]int // SELECT *: the column of each field
	row     []types.Value
	buf     []types.Value
	scratch [][]byte
}

// out returns the row to send; its texts may point into the scan's
// buffers and the row's scratch.
func (s *streamRow) out(r plan.Row, line []byte) ([]types.Value, error) {
	if s.star != nil {
		err := starRow(line, s.star, s.row, &s.scratch)
		return s.row, err
	}
	out, err := s.pr.eval(r, s.buf[:0])
	s.buf = out
	return out, err
}

func (s *streamSink) push(r plan.Row, line []byte) (bool, error) {
	if s.skip > 0 {
		s.skip--
		return false, nil
	}
	out, err := s.out(r, line)
	if err != nil {
		return false, err
	}
	if err := s.e.Row(out); err != nil {
		return false, err
	}
	if s.want > 0 {
		s.want--
	}
	return s.want == 0, nil
}

// starRow decodes a line of SELECT * into row, by the column of each
// field (the first pass saw every name); the texts may point into scratch.
func starRow(line []byte, star map[string]int, row []types.Value, scratch *[][]byte) error {
	clear(row)
	i := 0
	return storage.Members(line, func(name string, raw []byte) {
		j, ok := star[name]
		if !ok {
			return // cannot happen: the first pass saw every name
		}
		for len(*scratch) <= i {
			*scratch = append(*scratch, nil)
		}
		row[j] = types.FromJSON(raw, false, &(*scratch)[i])
		i++
	})
}

// starNames returns the top-level member names of every row the scan
// passes, in order of first appearance.
func starNames(ctx context.Context, s *plan.Scan) ([]string, Stats, error) {
	ns := &nameSink{seen: map[string]bool{}}
	st, err := scan(ctx, s, true, make([]bool, len(s.Fields)), func(int) rowSink { return ns })
	return ns.names, st, err
}

type nameSink struct {
	seen  map[string]bool
	names []string
}

func (n *nameSink) push(_ plan.Row, line []byte) (bool, error) {
	return false, storage.Members(line, func(name string, _ []byte) {
		if !n.seen[name] {
			n.seen[name] = true
			n.names = append(n.names, strings.Clone(name))
		}
	})
}
