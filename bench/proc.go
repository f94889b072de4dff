package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// procResult is one timed run of a whole process.
type procResult struct {
	dur    time.Duration
	rssKiB int64 // peak resident set size of the child, KiB
	stdout []byte
	stderr []byte
}

// runner starts child processes. With wrap set (the rsswrap binary), every
// child is started through it, so that its peak RSS is its own and its time
// is measured next to it; without, both are measured here.
type runner struct {
	wrap    string
	timeout time.Duration
}

// run runs name with args as a child process and times it from start to exit,
// the way a user's shell would see it. A non-zero exit is an error that
// carries the command line, the exit status and the child's output. The child
// gets its own process group, killed as a whole on timeout or interrupt.
func (p runner) run(ctx context.Context, name string, args ...string) (procResult, error) {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	argv := append([]string{name}, args...)
	var report, w *os.File
	if p.wrap != "" {
		var err error
		if report, w, err = os.Pipe(); err != nil {
			return procResult{}, fmt.Errorf("%s: %w", commandLine(name, args), err)
		}
		defer report.Close()
		defer w.Close()
		argv = append([]string{p.wrap}, argv...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if w != nil {
		cmd.ExtraFiles = []*os.File{w} // fd 3 in the wrapper
	}
	var out, errb bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errb
	start := time.Now()
	err := cmd.Start()
	if err == nil {
		if w != nil {
			w.Close() // only the wrapper holds it now, so reading ends when it exits
		}
		err = cmd.Wait()
	}
	res := procResult{dur: time.Since(start), stdout: out.Bytes(), stderr: errb.Bytes()}
	if cmd.ProcessState != nil {
		res.rssKiB = maxRSSKiB(cmd.ProcessState.SysUsage())
		if report != nil {
			data, rerr := io.ReadAll(report)
			var ns, rss int64
			if _, serr := fmt.Sscan(string(data), &ns, &rss); rerr == nil && serr == nil {
				res.dur, res.rssKiB = time.Duration(ns), rssKiB(rss)
			} else if err == nil {
				err = fmt.Errorf("no report from %s (got %q)", p.wrap, data)
			}
		}
	}
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			err = fmt.Errorf("timed out after %v", p.timeout)
		}
		return res, fmt.Errorf("%s: %w%s", commandLine(name, args), err, indent(res.stdout, res.stderr))
	}
	return res, nil
}

// maxRSSKiB reads ru_maxrss from the child's rusage: KiB on Linux, bytes on
// macOS.
func maxRSSKiB(u any) int64 {
	ru, ok := u.(*syscall.Rusage)
	if !ok || ru == nil {
		return 0
	}
	return rssKiB(int64(ru.Maxrss))
}

func rssKiB(maxrss int64) int64 {
	if runtime.GOOS == "darwin" {
		return maxrss / 1024
	}
	return maxrss
}

func commandLine(name string, args []string) string {
	parts := append([]string{name}, args...)
	for i, p := range parts {
		if strings.ContainsAny(p, " \t'\"*") {
			parts[i] = "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
		}
	}
	return strings.Join(parts, " ")
}

// indent formats a child's output for an error message.
func indent(outs ...[]byte) string {
	var b strings.Builder
	for _, o := range outs {
		s := strings.TrimSpace(string(o))
		if s == "" {
			continue
		}
		if len(s) > 2000 {
			s = s[:2000] + " …"
		}
		for _, line := range strings.Split(s, "\n") {
			b.WriteString("\n    | ")
			b.WriteString(line)
		}
	}
	return b.String()
}
