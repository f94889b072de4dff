// Command lakesql is the SQL shell over the lake: an interactive shell with
// history and completion when stdin is a terminal, a script runner otherwise
// (see shared/spec/lakesql.md and .help).
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
