// Command lakesql is the SQL shell over the lake: an interactive shell with
// history and completion when stdin is a terminal, a script runner otherwise
// (docs/sql.md, "Running lakesql", and .help).
package main

import (
	"os"
	"runtime/debug"

	_ "github.com/lakesql/lakesql/internal/hugepage/early" // the heap's advice, first
)

func main() {
	setGCPercent()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// gcPercent is the collector's GOGC for lakesql (unless GOGC says
// otherwise): it lets the heap grow to five times what it holds before
// the next collection, where Go's 100 collects at twice, and at least
// every 4 MB. The soft memory limit (setRuntimeLimit) bounds the heap
// all the same, so a process near its limit collects as often as before;
// a small one collects far less (TPC-H at SF 0.1: Q13 collected six times
// in its first 100 ms).
const gcPercent = 400

// setGCPercent sets gcPercent, unless GOGC is set.
func setGCPercent() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

// setRuntimeLimit sets the Go runtime's soft memory limit from the query
// memory limit (SET memory_limit), unless GOMEMLIMIT says otherwise: the
// operators spill at half of it, and the soft limit keeps the collector
// from letting garbage double the heap past it.
func setRuntimeLimit(limit int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit)
	}
}
