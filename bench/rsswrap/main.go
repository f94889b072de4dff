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
//
// It starts the command with syscall.ForkExec and waits with Wait4, as a
// shell does, and not through os/exec: Go's os.StartProcess checks once
// per process, at its first start, that pidfds work, by starting and
// waiting for a child of its own (pidfd_open, a vfork, waitid), which
// the clock would count against the command; rsswrap reported Q13 at
// SF 0.1 4 ms slower than Python's subprocess timing the same binary.
package main

import (
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
	path, err := exec.LookPath(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "rsswrap: %v\n", err)
		return 127
	}
	attr := &syscall.ProcAttr{Env: os.Environ(), Files: []uintptr{0, 1, 2}}
	start := time.Now()
	pid, err := syscall.ForkExec(path, args, attr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "rsswrap: %s: %v\n", path, err)
		return 127
	}
	var status syscall.WaitStatus
	var ru syscall.Rusage
	for {
		_, err = syscall.Wait4(pid, &status, 0, &ru)
		if err != syscall.EINTR {
			break
		}
	}
	wall := time.Since(start)
	if err != nil {
		fmt.Fprintf(os.Stderr, "rsswrap: wait: %v\n", err)
		return 127
	}
	if report != nil {
		fmt.Fprintf(report, "%d %d\n", wall.Nanoseconds(), ru.Maxrss)
		report.Close()
	}
	switch {
	case status.Exited():
		return status.ExitStatus()
	case status.Signaled():
		return 128 + int(status.Signal())
	}
	return 128 + 9
}
