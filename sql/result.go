package sql

import (
	"encoding/json"
)

// VRaw is a JSON value shown as its text: a boolean, an object or an array.
const VRaw ValueKind = VString + 1

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
}

// JSONValue returns the value for a JSON encoder: numbers as numbers,
// NULL as nil, raw JSON as json.RawMessage, text as a string.
func (v Value) JSONValue() any {
	switch v.Kind {
	case VInt:
		return v.Int
	case VFloat:
		return v.F
	case VString:
		return v.Str
	case VRaw:
		return json.RawMessage(v.Str)
	}
	return nil
}

// IntValue, StrValue and RawValue build values.
func IntValue(i int64) Value  { return Value{Kind: VInt, Int: i} }
func StrValue(s string) Value { return Value{Kind: VString, Str: s} }
func RawValue(s string) Value { return Value{Kind: VRaw, Str: s} }
