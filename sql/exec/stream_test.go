package exec

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// collect is an Emitter that keeps what it is sent, as text.
type collect struct {
	cols []string
	rows []string
	err  error // returned from Row once rows reach stopAt
	stop int
}

func (c *collect) Columns(names []string) error {
	if c.cols != nil {
		return fmt.Errorf("Columns called twice")
	}
	c.cols = append([]string{}, names...)
	return nil
}

func (c *collect) Row(r []types.Value) error {
	if c.cols == nil {
		return fmt.Errorf("Row before Columns")
	}
	parts := make([]string, len(r))
	for i, v := range r {
		parts[i] = v.String()
	}
	c.rows = append(c.rows, fmt.Sprint(parts))
	if c.stop > 0 && len(c.rows) == c.stop {
		return c.err
	}
	return nil
}

// TestStream: Stream sends the same columns and rows, in the same order,
// as Run gives, for plans that stream (projections, SELECT * whose fields
// appear late, LIMIT/OFFSET) and for those that do not (aggregates,
// sorts, DISTINCT); an emitter's error stops the scan.
func TestStream(t *testing.T) {
	var lines []string
	for i := range 300 {
		line := fmt.Sprintf(`{"k":"%c","i":%d`, 'a'+i%3, i)
		if i%7 == 0 {
			line += fmt.Sprintf(`,"late%d":true`, i%3) // fields first seen on later rows
		}
		if i%5 == 0 {
			line += `,"s":"x\u00e9"`
		}
		lines = append(lines, line+"}")
	}
	snap := chunkLake(t, []string{"k"}, 40, lines)
	for _, q := range []string{
		"SELECT * FROM l",
		"SELECT * FROM l WHERE i > 250",
		"SELECT * FROM l LIMIT 7 OFFSET 3",
		"SELECT i, s, i * 2 FROM l WHERE k <> 'b'",
		"SELECT i FROM l LIMIT 5",
		"SELECT i FROM l LIMIT 0",
		"SELECT k, COUNT(*), SUM(i) FROM l GROUP BY k",
		"SELECT DISTINCT k FROM l",
		"SELECT i FROM l ORDER BY i DESC LIMIT 4",
		"SELECT * FROM l ORDER BY i LIMIT 3",
	} {
		sel, err := parser.ParseSelect(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		prep := func() *plan.Plan {
			p, err := plan.Bind(sel, snap)
			if err != nil {
				t.Fatal(err)
			}
			optimizer.Optimize(p)
			return p
		}
		res, err := Run(context.Background(), prep())
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var want []string
		for _, r := range res.Rows {
			parts := make([]string, len(r))
			for i, v := range r {
				parts[i] = v.String()
			}
			want = append(want, fmt.Sprint(parts))
		}
		c := &collect{}
		if _, err := Stream(context.Background(), prep(), c); err != nil {
			t.Fatalf("%s: Stream: %v", q, err)
		}
		if !slices.Equal(c.cols, res.Columns) {
			t.Errorf("%s: columns %q, want %q", q, c.cols, res.Columns)
		}
		if !slices.Equal(c.rows, want) {
			t.Errorf("%s: rows\n%q\nwant\n%q", q, c.rows, want)
		}
	}
	stop := fmt.Errorf("enough")
	c := &collect{stop: 10, err: stop}
	sel, _ := parser.ParseSelect("SELECT i FROM l", 0)
	p, _ := plan.Bind(sel, snap)
	optimizer.Optimize(p)
	st, err := Stream(context.Background(), p, c)
	if err == nil || len(c.rows) != 10 || st.RowsRead >= 300 {
		t.Errorf("an emitter's error: got %v after %d rows (%d read), want it after 10", err, len(c.rows), st.RowsRead)
	}
}
