// Command lakesql is the SQL shell over the lake: an interactive shell with
// history and completion when stdin is a terminal, a script runner otherwise
// (see shared/spec/lakesql.md and .help).
package main

import (
	"os"
	"runtime/debug"
)

func main() {
	// Memory is bounded by design (buffers, not rows); a soft limit keeps
	// the collector from letting garbage double the heap past it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(100 << 20)
	}
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	atExit()
	os.Exit(code)
}

// atExit runs before the process exits (a profiling build sets it).
var atExit = func() {}
