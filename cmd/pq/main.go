// Command pq is the scriptable face of the lake: each command prints exactly
// one JSON object on stdout (see README.md and shared/spec/pq.md).
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
