package storage

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// RawReader returns a reader of f, a regular file, whose reads are
// system calls that the Go scheduler does not see (syscall.RawSyscall),
// made under the file's own lock (its RawConn), so that a Close while
// one is in progress waits for it and the descriptor is not reused under
// it. A scan's worker reads its file in blocks of 256 KiB, each taking
// 30-60 µs from the page cache: long enough that the runtime's monitor
// saw a processor in a system call at two of its ticks, took the
// processor away and woke another thread, and went on waking itself every
// 20 µs (TPC-H Q6 at SF 1: some 4,500 wake-ups a second, and as many
// switches of the workers' threads; 1,900 against 360 so). A read that
// waits for the disk holds its processor meanwhile: each worker has its
// own.
func RawReader(f *os.File) io.Reader {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	r := &rawReader{rc: rc, name: f.Name()}
	r.fn = r.read
	return r
}

type rawReader struct {
	rc   syscall.RawConn
	name string
	fn   func(fd uintptr) bool // r.read, made once
	// The read's buffer and outcome, for fn.
	p     []byte
	n     int
	errno syscall.Errno
}

func (r *rawReader) read(fd uintptr) bool {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(unsafe.SliceData(r.p))), uintptr(len(r.p)))
		if e == syscall.EINTR {
			continue
		}
		r.n, r.errno = int(n), e
		return true
	}
}

func (r *rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.p = p
	err := r.rc.Read(r.fn)
	r.p = nil
	switch {
	case err != nil:
		return 0, &os.PathError{Op: "read", Path: r.name, Err: err}
	case r.errno != 0:
		return 0, &os.PathError{Op: "read", Path: r.name, Err: r.errno}
	case r.n == 0:
		return 0, io.EOF
	}
	return r.n, nil
}
