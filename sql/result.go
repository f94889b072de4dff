package sql

import (
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Value is one cell of a result: the engine's value model.
type Value = types.Value

// Stats are what a query's scan measured.
type Stats = exec.Stats

// Column is a result column. Numeric columns are right-aligned in tables.
type Column struct {
	Name    string
	Numeric bool
}

// Result is what a statement returns: a table (possibly with no columns,
// for statements that only report) and an optional note printed after it.
type Result struct {
	Columns []Column
	Rows    [][]Value
	Note    string // free text after the table: EXPLAIN's plan, a histogram
	Stats   Stats  // for queries: what the scan measured
	// Profile is what each operator of the plan did (EXPLAIN ANALYZE).
	Profile map[plan.Node]exec.OpStats
}

// IntValue, StrValue and RawValue build values.
func IntValue(i int64) Value  { return types.IntValue(i) }
func StrValue(s string) Value { return types.StringValue(s) }
func RawValue(s string) Value { return types.JSONValue(s) }

// markNumeric marks the columns whose values that are not NULL are all
// numbers (at least one, unless the column was numeric already).
func markNumeric(res *Result) {
	for j := range res.Columns {
		num, some := true, false
		for _, r := range res.Rows {
			switch {
			case r[j].K.Numeric():
				some = true
			case r[j].K != types.Null:
				num = false
			}
		}
		res.Columns[j].Numeric = num && (some || res.Columns[j].Numeric)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
