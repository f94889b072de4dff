// Command pq is the scriptable face of the lake: each command prints exactly
// one JSON object on stdout (see README.md and shared/spec/pq.md).
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
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
