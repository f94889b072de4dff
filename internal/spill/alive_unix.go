//go:build unix

package spill

import (
	"errors"
	"os"
	"syscall"
)

// alive reports whether a process with this pid exists (one that reused a
// dead one's pid keeps that folder for a later sweep).
func alive(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
