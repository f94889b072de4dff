package plan_test

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// fakeSource is a lake "orders" keyed by day with no files: the binder
// reads only its name and key.
type fakeSource struct{}

func (fakeSource) Name() string               { return "orders" }
func (fakeSource) Generation() int64          { return 0 }
func (fakeSource) Key() []string              { return []string{"day"} }
func (fakeSource) Files() []storage.FileEntry { return nil }
func (fakeSource) Open(string) (io.ReadCloser, error) {
	return nil, errors.New("fakeSource has no files")
}
func (fakeSource) Path(rel string) string { return rel }

func bind(q string) (*plan.Plan, error) {
	sel, err := parser.ParseSelect(q, 0)
	if err != nil {
		return nil, err
	}
	return plan.Bind(sel, fakeSource{})
}

// The binder's answers: a plan tree (plan.Tree, lines joined by "\n"),
// the result's columns and the scan's fields; or an error.
var bindCases = map[string]struct {
	q      string
	tree   string
	cols   string // the result's columns, joined by "|"
	fields string // the scan's fields, joined by "|"
	err    string // the error contains this; "" when the query binds
	unsup  bool   // the error wraps plan.ErrUnsupported
	skip   string // an engine bug: the reason
}{
	"alias.field": {
		q:      "SELECT o.id, o.user.tier FROM orders o WHERE o.amount > 3",
		tree:   "Project id, user.tier AS tier\n  Scan orders (fields amount, id, user) WHERE amount > 3",
		cols:   "id|tier",
		fields: "amount|id|user",
	},
	"table.field": {
		q:      "SELECT orders.id, orders.user.tier FROM orders",
		tree:   "Project id, user.tier AS tier\n  Scan orders (fields id, user)",
		cols:   "id|tier",
		fields: "id|user",
	},
	"nested member": {
		q:      "SELECT user.tier, user.age, user.a.b FROM orders",
		tree:   "Project user.tier AS tier, user.age AS age, user.a.b AS b\n  Scan orders (fields user)",
		cols:   "tier|age|b",
		fields: "user",
	},
	"alias of one field shared": {
		q:      "SELECT o.user.tier AS t, user.age FROM orders AS o",
		tree:   "Project user.tier AS t, user.age AS age\n  Scan orders (fields user)",
		cols:   "t|age",
		fields: "user",
	},
	"a field named like the table": {
		q:      "SELECT orders.orders.x FROM orders",
		tree:   "Project orders.x AS x\n  Scan orders (fields orders)",
		cols:   "x",
		fields: "orders",
	},
	"the lake by its name when aliased": {
		q:   "SELECT orders.id FROM orders o",
		err: "orders.id: the lake is called o in this query",
	},
	"the lake by its name when aliased, in WHERE": {
		q:   "SELECT id FROM orders AS o WHERE orders.amount > 1",
		err: "orders.amount: the lake is called o in this query",
	},
	"alias star": {
		q:    "SELECT o.* FROM orders o LIMIT 2",
		tree: "Limit 2\n  Scan orders (every field) (stops after 2 rows)",
	},
	"star of another table": {
		q:   "SELECT x.* FROM orders",
		err: "x.*: no table x in FROM",
	},
	"group by position": {
		q:      "SELECT region, COUNT(*) FROM orders GROUP BY 1",
		tree:   "Project region, COUNT(*)\n  Aggregate COUNT(*) GROUP BY region\n    Scan orders (fields region)",
		cols:   "region|COUNT(*)",
		fields: "region",
	},
	"group by alias": {
		q:    "SELECT UPPER(region) AS r, COUNT(*) FROM orders GROUP BY r",
		tree: "Project UPPER(region) AS r, COUNT(*)\n  Aggregate COUNT(*) GROUP BY UPPER(region)\n    Scan orders (fields region)",
		cols: "r|COUNT(*)",
	},
	"group by expression": {
		q:    "SELECT amount * 2, COUNT(*) FROM orders GROUP BY amount * 2",
		tree: "Project amount * 2, COUNT(*)\n  Aggregate COUNT(*) GROUP BY amount * 2\n    Scan orders (fields amount)",
	},
	"an expression over a group expression": {
		q:    "SELECT amount * 2 + 1 FROM orders GROUP BY amount * 2",
		tree: "Project amount * 2 + 1\n  Aggregate  GROUP BY amount * 2\n    Scan orders (fields amount)",
	},
	"alias that is a column name groups by the column": {
		q:    "SELECT UPPER(region) AS region, COUNT(*) FROM orders GROUP BY region",
		tree: "Project UPPER(region) AS region, COUNT(*)\n  Aggregate COUNT(*) GROUP BY region\n    Scan orders (fields region)",
	},
	"group by position out of range": {
		q:   "SELECT region FROM orders GROUP BY 3",
		err: "GROUP BY 3: the select list has 1 item",
	},
	"group by an aggregate": {
		q:   "SELECT region, COUNT(*) FROM orders GROUP BY COUNT(*)",
		err: "GROUP BY COUNT(*): aggregate functions are not allowed in GROUP BY",
	},
	"group by an alias of an aggregate": {
		q:   "SELECT COUNT(*) AS n FROM orders GROUP BY n",
		err: "GROUP BY n: the alias names an aggregate",
	},
	"column outside group by": {
		q:   "SELECT region, amount FROM orders GROUP BY region",
		err: "column amount must appear in GROUP BY or be used in an aggregate function",
	},
	"column outside group by in an expression": {
		q:   "SELECT amount + 1 FROM orders GROUP BY region",
		err: "column amount must appear in GROUP BY",
	},
	"column outside group by in ORDER BY": {
		q:   "SELECT SUM(amount) FROM orders ORDER BY region",
		err: "column region must appear in GROUP BY",
	},
	"column outside group by in HAVING": {
		q:   "SELECT region FROM orders GROUP BY region HAVING amount > 1",
		err: "column amount must appear in GROUP BY",
	},
	"constant with group by": {
		q:    "SELECT 1 + 2 FROM orders GROUP BY region",
		tree: "Project 1 + 2\n  Aggregate  GROUP BY region\n    Scan orders (fields region)",
	},
	"aggregate in WHERE": {
		q:   "SELECT region FROM orders WHERE SUM(amount) > 3",
		err: "aggregate functions are not allowed in WHERE: SUM(amount) > 3",
	},
	"aggregate in a function in WHERE": {
		q:   "SELECT region FROM orders WHERE ABS(MAX(amount)) > 3",
		err: "aggregate functions are not allowed in WHERE",
	},
	"nested aggregate": {
		q:   "SELECT SUM(COUNT(*)) FROM orders",
		err: "SUM(COUNT(*)): an aggregate inside an aggregate",
	},
	"nested aggregate deeper": {
		q:   "SELECT MAX(1 + MIN(amount)) FROM orders GROUP BY region",
		err: "an aggregate inside an aggregate",
	},
	"order by position": {
		q:    "SELECT region, amount FROM orders ORDER BY 2 DESC, 1",
		tree: "Sort: ORDER BY amount DESC, region\n  Project region, amount\n    Scan orders (fields region, amount)",
	},
	"order by position out of range": {
		q:   "SELECT region FROM orders ORDER BY 2",
		err: "ORDER BY 2: the result has only 1 column",
	},
	"order by position zero": {
		q:   "SELECT region, id FROM orders ORDER BY 0",
		err: "ORDER BY 0: the result has only 2 columns",
	},
	"order by a field not selected is a hidden column": {
		q:      "SELECT region FROM orders ORDER BY amount DESC LIMIT 3",
		tree:   "TopN 3: ORDER BY amount DESC\n  Project region, amount (sort key)\n    Scan orders (fields region, amount)",
		cols:   "region",
		fields: "region|amount",
	},
	"order by an alias": {
		q:    "SELECT region AS r, COUNT(*) AS n FROM orders GROUP BY r ORDER BY n DESC, r LIMIT 2 OFFSET 1",
		tree: "TopN 3: ORDER BY n DESC, r\n  Project region AS r, COUNT(*) AS n\n    Aggregate COUNT(*) GROUP BY region\n      Scan orders (fields region)",
	},
	"order by an aggregate not selected": {
		q:    "SELECT region FROM orders GROUP BY region ORDER BY COUNT(*) DESC",
		tree: "Sort: ORDER BY COUNT(*) DESC\n  Project region, COUNT(*) (sort key)\n    Aggregate COUNT(*) GROUP BY region\n      Scan orders (fields region)",
	},
	"order by an expression equal to an item": {
		q:    "SELECT amount + 1 FROM orders ORDER BY amount + 1",
		tree: "Sort: ORDER BY amount + 1\n  Project amount + 1\n    Scan orders (fields amount)",
	},
	"distinct with order by not selected": {
		q:   "SELECT DISTINCT region FROM orders ORDER BY amount",
		err: "ORDER BY amount: with SELECT DISTINCT, ORDER BY terms must be in the select list",
	},
	"distinct with order by selected": {
		q:    "SELECT DISTINCT region FROM orders ORDER BY region DESC",
		tree: "Sort: ORDER BY region DESC\n  Distinct\n    Project region\n      Scan orders (fields region)",
	},
	"distinct with limit": {
		q:    "SELECT DISTINCT region FROM orders LIMIT 2",
		tree: "Limit 2\n  Distinct\n    Project region\n      Scan orders (fields region)",
	},
	"unknown function with did-you-mean": {
		q:     "SELECT LENGHT(region) FROM orders",
		err:   "unknown function LENGHT; did you mean LENGTH?",
		unsup: true,
	},
	"a window function without OVER": {
		q:     "SELECT row_number() FROM orders",
		err:   "ROW_NUMBER is a window function: it needs OVER (…), as in ROW_NUMBER() OVER (ORDER BY …)",
		unsup: true,
	},
	"unknown aggregate-like function with did-you-mean": {
		q:     "SELECT COUNTT(region) FROM orders",
		err:   "unknown function COUNTT; did you mean COUNT?",
		unsup: true,
	},
	"unknown function": {
		q:     "SELECT NOSUCHTHING(region) FROM orders",
		err:   "unknown function NOSUCHTHING",
		unsup: true,
	},
	"having without group by is one group": {
		q:      "SELECT COUNT(*) FROM orders HAVING COUNT(*) > 1",
		tree:   "Project COUNT(*)\n  Filter COUNT(*) > 1\n    Aggregate COUNT(*)\n      Scan orders",
		cols:   "COUNT(*)",
		fields: "",
	},
	"having with an aggregate not selected": {
		q:    "SELECT region FROM orders GROUP BY region HAVING MAX(amount) > 1",
		tree: "Project region\n  Filter MAX(amount) > 1\n    Aggregate MAX(amount) GROUP BY region\n      Scan orders (fields region, amount)",
	},
	"group_concat ordered": {
		q:    "SELECT GROUP_CONCAT(region ORDER BY id DESC SEPARATOR '-') FROM orders",
		tree: "Project GROUP_CONCAT(region ORDER BY id DESC SEPARATOR '-')\n  Aggregate GROUP_CONCAT(region ORDER BY id DESC SEPARATOR '-')\n    Scan orders (fields region, id)",
	},
	"having an alias of an aggregate": {
		q:    "SELECT region, SUM(amount) AS s FROM orders GROUP BY region HAVING s > 10",
		tree: "Project region, SUM(amount) AS s\n  Filter SUM(amount) > 10\n    Aggregate SUM(amount) GROUP BY region\n      Scan orders (fields region, amount)",
	},
	"one aggregate computed once": {
		q:    "SELECT SUM(amount), SUM(amount) + 1 FROM orders HAVING SUM(amount) > 0 ORDER BY SUM(amount)",
		tree: "Sort: ORDER BY SUM(amount)\n  Project SUM(amount), SUM(amount) + 1\n    Filter SUM(amount) > 0\n      Aggregate SUM(amount)\n        Scan orders (fields amount)",
	},
	"star with other items": {
		q:     "SELECT *, id FROM orders",
		err:   "* together with other columns is not supported",
		unsup: true,
	},
	"item then star": {
		q:     "SELECT id, * FROM orders",
		err:   "* together with other columns is not supported",
		unsup: true,
	},
	"star with an aggregate": {
		q:     "SELECT * FROM orders GROUP BY region",
		err:   "* in a query with aggregates, GROUP BY or DISTINCT is not supported",
		unsup: true,
	},
	"star with distinct": {
		q:     "SELECT DISTINCT * FROM orders",
		err:   "* in a query with aggregates, GROUP BY or DISTINCT is not supported",
		unsup: true,
	},
	"star order by a field": {
		q:      "SELECT * FROM orders ORDER BY amount LIMIT 2",
		tree:   "TopN 2: ORDER BY amount\n  Project amount (sort key)\n    Scan orders (every field)",
		fields: "amount",
	},
	"star order by position": {
		q:     "SELECT * FROM orders ORDER BY 1",
		err:   "ORDER BY 1 with SELECT *: order by a field name",
		unsup: true,
	},
	"star limit offset": {
		q:    "SELECT * FROM orders LIMIT 2 OFFSET 1",
		tree: "Limit 2 OFFSET 1\n  Scan orders (every field) (stops after 3 rows)",
	},
	"limit stops the scan": {
		q:    "SELECT id FROM orders WHERE day = '2026-01-01' LIMIT 5",
		tree: "Limit 5\n  Project id\n    Scan orders (fields day, id) WHERE day = '2026-01-01' (stops after 5 rows)",
	},
	"limit over an aggregate does not stop the scan": {
		q:    "SELECT region, COUNT(*) FROM orders GROUP BY region LIMIT 1",
		tree: "Limit 1\n  Project region, COUNT(*)\n    Aggregate COUNT(*) GROUP BY region\n      Scan orders (fields region)",
	},
	"literal on the left is flipped": {
		q:    "SELECT id FROM orders WHERE 3 < amount",
		tree: "Project id\n  Scan orders (fields amount, id) WHERE amount > 3",
	},
	"arity of an aggregate": {
		q:   "SELECT SUM(amount, 2) FROM orders",
		err: "SUM takes 1 arguments, not 2",
	},
	"count of nothing": {
		q:   "SELECT COUNT() FROM orders",
		err: "COUNT(): COUNT takes * or an argument",
	},
	"distinct on a scalar function": {
		q:   "SELECT LENGTH(DISTINCT region) FROM orders",
		err: "DISTINCT, *, ORDER BY and SEPARATOR belong to aggregates",
	},
	"order by inside a distinct aggregate": {
		q:     "SELECT GROUP_CONCAT(DISTINCT region ORDER BY id) FROM orders",
		err:   "with DISTINCT, ORDER BY inside an aggregate orders by its argument only",
		unsup: true,
	},
	"escape not a constant": {
		q:     "SELECT id FROM orders WHERE region LIKE 'a' ESCAPE region",
		err:   "ESCAPE region: the escape must be a string constant",
		unsup: true,
	},
	"bad regexp constant": {
		q:   "SELECT id FROM orders WHERE region REGEXP '('",
		err: "invalid regular expression",
	},
	"scalar function arity": {
		q:   "SELECT DATE('2026-01-01', 3) FROM orders",
		err: "DATE takes 1 argument, not 2",
	},
}

func TestBind(t *testing.T) {
	for name, c := range bindCases {
		t.Run(name, func(t *testing.T) {
			if c.skip != "" {
				t.Skip(c.skip)
			}
			p, err := bind(c.q)
			if c.err != "" {
				if err == nil {
					t.Fatalf("%s: bound, want an error containing %q:\n%s", c.q, c.err, strings.Join(plan.Tree(p.Root), "\n"))
				}
				if !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%s: error %q, want one containing %q", c.q, err, c.err)
				}
				var be *plan.BindError
				if !errors.As(err, &be) {
					t.Errorf("%s: error %T is not a *plan.BindError", c.q, err)
				}
				if got := errors.Is(err, plan.ErrUnsupported); got != c.unsup {
					t.Errorf("%s: errors.Is(ErrUnsupported) = %v, want %v", c.q, got, c.unsup)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", c.q, err)
			}
			if got := strings.Join(plan.Tree(p.Root), "\n"); got != c.tree {
				t.Errorf("%s: tree\n%s\nwant\n%s", c.q, got, c.tree)
			}
			if c.cols != "" {
				if got := strings.Join(p.Columns, "|"); got != c.cols {
					t.Errorf("%s: columns %s, want %s", c.q, got, c.cols)
				}
			}
			if c.fields != "" || strings.Contains(name, "one group") {
				if got := strings.Join(p.Scan.Fields, "|"); got != c.fields {
					t.Errorf("%s: fields %s, want %s", c.q, got, c.fields)
				}
			}
			if p.Scan.Src == nil || p.Scan.Table != "orders" {
				t.Errorf("%s: scan of %q", c.q, p.Scan.Table)
			}
		})
	}
}

// TestBindAggCalls: the Aggregate node's calls carry the function from
// aggregate.Lookup and their arguments bound over the scan's slots.
func TestBindAggCalls(t *testing.T) {
	p, err := bind("SELECT region, COUNT(*), COUNT(DISTINCT user.tier, region), GROUP_CONCAT(id SEPARATOR '; ') FROM orders GROUP BY region")
	if err != nil {
		t.Fatal(err)
	}
	var agg *plan.Aggregate
	for n := p.Root; n != nil; {
		if a, ok := n.(*plan.Aggregate); ok {
			agg = a
			break
		}
		in := n.Inputs()
		if len(in) == 0 {
			break
		}
		n = in[0]
	}
	if agg == nil {
		t.Fatalf("no Aggregate in\n%s", strings.Join(plan.Tree(p.Root), "\n"))
	}
	if len(agg.Aggs) != 3 {
		t.Fatalf("%d aggregate calls, want 3", len(agg.Aggs))
	}
	for k, want := range []struct {
		name     string
		distinct bool
		nargs    int
	}{{"COUNT", false, 0}, {"COUNT", true, 1}, {"GROUP_CONCAT", false, 1}} { // COUNT(DISTINCT a, b) counts the rows' keys (rowKey)
		c := agg.Aggs[k]
		if c.Func.Name != want.name || c.Func.Distinct != want.distinct || len(c.Args) != want.nargs {
			t.Errorf("call %d %s: %s distinct %v with %d args, want %+v", k, c.Text, c.Func.Name, c.Func.Distinct, len(c.Args), want)
		}
	}
	// GROUP_CONCAT's separator reached the state.
	st := agg.Aggs[2].Func.New()
	for _, v := range []string{"a", "b"} {
		if err := st.Add([]types.Value{types.StringValue(v)}); err != nil {
			t.Fatal(err)
		}
	}
	if got := st.Result().String(); got != "a; b" {
		t.Errorf("GROUP_CONCAT with SEPARATOR '; ' gave %q", got)
	}
	if len(p.GroupCols) != 1 || p.GroupCols[0] != 0 {
		t.Errorf("GroupCols %v, want [0]", p.GroupCols)
	}
}

// TestBindAmbiguous: a qualifier that names the lake (or its alias) is
// the lake even where a field has that name too, as in DuckDB (the table
// wins): o.region reads the field region, not the member region of a
// field o.
func TestBindAmbiguous(t *testing.T) {
	for q, want := range map[string][]string{
		"SELECT o.region FROM orders o":       {"region"},
		"SELECT orders.region FROM orders":    {"region"},
		"SELECT o.o FROM orders o":            {"o"},
		"SELECT region FROM orders o":         {"region"},
		"SELECT x.region FROM orders o":       {"x"},
		"SELECT o.region FROM orders WHERE 1": {"o"},
	} {
		sel, err := parser.ParseSelect(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.BindFields(sel, fakeSource{}, []string{"o", "orders", "region"})
		if err != nil {
			t.Errorf("%s: %v", q, err)
		} else if !slices.Equal(p.Scan.Fields, want) {
			t.Errorf("%s: reads %v, want %v", q, p.Scan.Fields, want)
		}
	}
}
