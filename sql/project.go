package sql

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/storage"
)

// projSink collects the rows of a plain projection.
type projSink struct {
	p     *Plan
	want  int64 // rows to collect before stopping; -1: all
	rows  [][]Value
	lines [][]byte // SELECT *: the raw lines
}

func (s *projSink) add(r *row, line []byte) bool {
	if s.p.star {
		s.lines = append(s.lines, bytes.Clone(line))
	} else {
		out := make([]Value, len(s.p.projSlots))
		for i, slot := range s.p.projSlots {
			out[i] = valueOf(r.text(slot))
		}
		s.rows = append(s.rows, out)
	}
	n := int64(len(s.rows) + len(s.lines))
	return s.want >= 0 && n >= s.want
}

func (p *Plan) runProjection(ctx context.Context) (*Result, error) {
	s := &projSink{p: p, want: -1}
	if len(p.Sel.OrderBy) == 0 && p.Sel.Limit >= 0 {
		s.want = p.Sel.Offset + p.Sel.Limit
		if s.want == 0 {
			return &Result{Columns: p.columns, Stats: Stats{FilesTotal: p.FilesTotal}}, nil
		}
	}
	stats, err := p.scan(ctx, p.chunks(false), 1, func(int) sink { return s })
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: p.columns, Rows: s.rows, Stats: stats}
	if p.star {
		if err := starRows(res, s.lines); err != nil {
			return nil, err
		}
	}
	if err := p.order(res); err != nil {
		return nil, err
	}
	return res, nil
}

// starRows turns raw lines into a table whose columns are every top-level
// field seen, in order of first appearance.
func starRows(res *Result, lines [][]byte) error {
	index := map[string]int{}
	var parsed [][]struct {
		col int
		v   Value
	}
	for _, line := range lines {
		var cells []struct {
			col int
			v   Value
		}
		err := storage.Members(line, func(name string, raw []byte) {
			i, ok := index[name]
			if !ok {
				i = len(res.Columns)
				index[name] = i
				res.Columns = append(res.Columns, Column{Name: name})
			}
			k := storage.KindOf(raw)
			cells = append(cells, struct {
				col int
				v   Value
			}{i, valueOf(k, storage.AppendText(nil, raw))})
		})
		if err != nil {
			return err
		}
		parsed = append(parsed, cells)
	}
	for _, cells := range parsed {
		r := make([]Value, len(res.Columns))
		for _, c := range cells {
			r[c.col] = c.v
		}
		res.Rows = append(res.Rows, r)
	}
	markNumeric(res)
	return nil
}

// markNumeric marks columns whose non-NULL values are all numbers.
func markNumeric(res *Result) {
	for j := range res.Columns {
		num, any := true, false
		for _, r := range res.Rows {
			switch r[j].Kind {
			case VInt, VFloat:
				any = true
			case VNull:
			default:
				num = false
			}
		}
		res.Columns[j].Numeric = num && (any || res.Columns[j].Numeric)
	}
}

// order applies ORDER BY, OFFSET and LIMIT to a result. Without ORDER BY a
// grouped result is sorted by its group columns, so output is stable.
func (p *Plan) order(res *Result) error {
	markNumeric(res)
	type key struct {
		col  int
		desc bool
	}
	var keys []key
	for _, o := range p.Sel.OrderBy {
		col := -1
		if o.Pos > 0 {
			if o.Pos > len(res.Columns) {
				return fmt.Errorf("ORDER BY %d: the result has only %d column%s", o.Pos, len(res.Columns), plural(len(res.Columns)))
			}
			col = o.Pos - 1
		} else {
			col = slices.IndexFunc(res.Columns, func(c Column) bool { return c.Name == o.Name })
			if col < 0 {
				col = slices.IndexFunc(res.Columns, func(c Column) bool { return strings.EqualFold(c.Name, o.Name) })
			}
			if col < 0 && p.star && len(res.Rows) == 0 {
				continue
			}
			if col < 0 {
				names := make([]string, len(res.Columns))
				for i, c := range res.Columns {
					names[i] = c.Name
				}
				if c, ok := Closest(o.Name, names); ok {
					return fmt.Errorf("ORDER BY %s: no such column in the result; did you mean %s? (columns: %s)", o.Name, c, strings.Join(names, ", "))
				}
				return fmt.Errorf("ORDER BY %s: no such column in the result (columns: %s)", o.Name, strings.Join(names, ", "))
			}
		}
		keys = append(keys, key{col, o.Desc})
	}
	if len(keys) == 0 && p.aggregate {
		for j, o := range p.outputs {
			if o.group >= 0 {
				keys = append(keys, key{col: j})
			}
		}
	}
	if len(keys) > 0 {
		slices.SortStableFunc(res.Rows, func(a, b []Value) int {
			for _, k := range keys {
				c := compareValues(a[k.col], b[k.col])
				if c != 0 {
					if k.desc && a[k.col].Kind != VNull && b[k.col].Kind != VNull {
						return -c
					}
					return c
				}
			}
			return 0
		})
	}
	if off := p.Sel.Offset; off > 0 {
		res.Rows = res.Rows[min(off, int64(len(res.Rows))):]
	}
	if lim := p.Sel.Limit; lim >= 0 && int64(len(res.Rows)) > lim {
		res.Rows = res.Rows[:lim]
	}
	return nil
}

// compareValues orders result values: numbers (numerically) before text,
// NULL last.
func compareValues(a, b Value) int {
	an, bn := a.Kind == VNull, b.Kind == VNull
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	af, aNum := a.number()
	bf, bNum := b.number()
	switch {
	case aNum && bNum:
		if a.Kind == VInt && b.Kind == VInt {
			return cmp.Compare(a.Int, b.Int)
		}
		return cmp.Compare(af, bf)
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(a.Str, b.Str)
}

func (v Value) number() (float64, bool) {
	switch v.Kind {
	case VInt:
		return float64(v.Int), true
	case VFloat:
		return v.F, true
	}
	return 0, false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
