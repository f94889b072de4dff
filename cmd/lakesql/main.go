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
	followHeap()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
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
