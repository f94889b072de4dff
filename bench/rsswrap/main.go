// Command rsswrap runs a command and reports its wall time and peak RSS.
//
//	rsswrap CMD [ARGS...]
//
// The command inherits stdin, stdout and stderr; rsswrap exits with its exit
// code and writes "<wall ns> <ru_maxrss>" to file descriptor 3.
//
// Why a wrapper: on Linux a child's ru_maxrss starts from the RSS of the
// address space it was forked from (exec records the old mm's high-water
// mark), so a child started straight from the benchmark — a large process
// with DuckDB linked in — would report at least the benchmark's own peak.
// Started from this small process it reports its own peak, plus at most the
// few MB this wrapper holds.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: rsswrap CMD [ARGS...] (report on fd 3)")
		return 2
	}
	report := os.NewFile(3, "report")
	if report != nil {
		syscall.CloseOnExec(3) // not for the command
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var rss int64
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = int64(ru.Maxrss)
		}
	}
	if report != nil {
		fmt.Fprintf(report, "%d %d\n", wall.Nanoseconds(), rss)
		report.Close()
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if code := ee.ExitCode(); code >= 0 {
			return code
		}
		return 128 + 9 // killed by a signal
	default:
		fmt.Fprintf(os.Stderr, "rsswrap: %v\n", err)
		return 127
	}
}
