package copyout

import "github.com/lakesql/lakesql/sql/types"

// colType is a Parquet column's type.
type colType uint8

const (
	tString    colType = iota // BYTE_ARRAY (STRING): text, JSON text, and any mix
	tInt64                    // INT64
	tDouble                   // DOUBLE
	tBool                     // BOOLEAN
	tDate                     // INT32 (DATE)
	tTimestamp                // INT64 (TIMESTAMP(MICROS), not adjusted to UTC: DuckDB's TIMESTAMP)
)

var colTypeNames = [...]string{tString: "VARCHAR", tInt64: "BIGINT", tDouble: "DOUBLE", tBool: "BOOLEAN",
	tDate: "DATE", tTimestamp: "TIMESTAMP"}

func (t colType) String() string { return colTypeNames[t] }

// planTypes gives each of n columns its type from the kinds of the values
// rows hold (NULLs aside):
//
//   - one kind of Int, Float, Bool, Date or Timestamp: its type (BIGINT,
//     DOUBLE, BOOLEAN, DATE, TIMESTAMP);
//   - Int and Float: DOUBLE; Date and Timestamp: TIMESTAMP;
//   - anything else (strings, an integer beyond int64, JSON objects and
//     arrays, intervals, a mix of kinds) and a column of NULLs only:
//     VARCHAR, each value as its text.
func planTypes(rows [][]types.Value, n int) []colType {
	seen := make([]uint32, n) // bit per kind
	for _, r := range rows {
		for j, v := range r {
			if v.K != types.Null {
				seen[j] |= 1 << v.K
			}
		}
	}
	out := make([]colType, n)
	for j, s := range seen {
		out[j] = typeOfKinds(s)
	}
	return out
}

func typeOfKinds(s uint32) colType {
	bit := func(k types.Kind) uint32 { return 1 << k }
	switch s {
	case bit(types.Int):
		return tInt64
	case bit(types.Float), bit(types.Int) | bit(types.Float):
		return tDouble
	case bit(types.Bool):
		return tBool
	case bit(types.Date):
		return tDate
	case bit(types.Timestamp), bit(types.Date) | bit(types.Timestamp):
		return tTimestamp
	}
	return tString
}
