package function

import (
	"time"

	"github.com/lakesql/lakesql/sql/types"
)

// The clock: CURRENT_DATE and NOW with their DuckDB names. DuckDB gives
// the moment the transaction (a statement, outside BEGIN) started, one
// value however often the statement reads it; the session does the same
// by replacing each call with a constant of the statement's start before
// it binds (sql's stampClock; ClockValue is that constant). A call bound
// outside a session's statement reads the clock when it is bound.
//
// Time zone: DuckDB's NOW is a TIMESTAMP WITH TIME ZONE, shown in the
// session's zone; the engine has TIMESTAMP alone, and NOW is the UTC time
// (CURRENT_DATE the UTC date), which is what DuckDB shows where the zone
// is UTC, as on our machines. LOCALTIMESTAMP is the same TIMESTAMP.

func init() {
	clock := func(name string, aliases []string, summary string) *Scalar {
		return &Scalar{Name: name, Aliases: aliases, MinArgs: 0, MaxArgs: 0,
			Bind: func([]*types.Value) (Eval, error) {
				v, _ := ClockValue(name, time.Now())
				return func([]types.Value) (types.Value, error) { return v, nil }, nil
			},
			Signature: name + "()", Summary: summary}
	}
	register(
		clock("CURRENT_DATE", []string{"TODAY"},
			"The DATE (UTC) when the statement started: one value for the whole statement; CURRENT_DATE may be written without ()."),
		clock("NOW", []string{"CURRENT_TIMESTAMP", "GET_CURRENT_TIMESTAMP", "TRANSACTION_TIMESTAMP"},
			"The TIMESTAMP (UTC, to the microsecond) when the statement started: one value for the whole statement; CURRENT_TIMESTAMP may be written without () (DuckDB's is WITH TIME ZONE, shown in its zone)."),
		clock("CURRENT_LOCALTIMESTAMP", []string{"LOCALTIMESTAMP"},
			"The TIMESTAMP when the statement started, as NOW(): the local time of a UTC machine; LOCALTIMESTAMP may be written without ()."),
	)
}

// ClockValue is the value of the clock function name (any case, an alias
// too) at t; false when name is not one.
func ClockValue(name string, t time.Time) (types.Value, bool) {
	f, ok := Lookup(name)
	if !ok {
		return types.Value{}, false
	}
	us := t.UnixMicro()
	switch f.Name {
	case "CURRENT_DATE":
		d := us / microsPerDay
		if us < 0 && us%microsPerDay != 0 {
			d--
		}
		return types.DateValue(d), true
	case "NOW", "CURRENT_LOCALTIMESTAMP":
		return types.TimestampValue(us), true
	}
	return types.Value{}, false
}
