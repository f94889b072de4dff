// Command pq is the scriptable face of the lake: each command prints exactly
// one JSON object on stdout (docs/pq.md is its contract).
package main

import (
	"os"
	"runtime/debug"

	"github.com/lakesql/lakesql/sql"
)

func main() {
	// Memory is bounded by design (buffers, not rows); a soft limit keeps
	// the collector from letting garbage double the heap past it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(sql.DefaultMemoryLimit)
	}
	// A query spills past its budget (to $TMPDIR): what a killed lakesql
	// or pq left there goes first.
	sql.SweepSpills("")
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
