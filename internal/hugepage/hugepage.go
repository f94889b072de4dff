// Package hugepage asks the kernel to back the Go heap with transparent
// huge pages.
//
// Where transparent huge pages are given only on request (Linux's
// "madvise" mode, the common default), every 4 KiB of heap that a query
// touches for the first time costs a page fault. On the virtual machines
// we measure on one costs about 15 µs, so a query whose process peaks
// at 100 MB spends a third of a second in the kernel before it computes
// anything (TPC-H Q13 at SF 1: 23,700 faults). With the heap advised,
// a fault maps 2 MiB: Q13 takes 2,000.
//
// The Go runtime gave its heap this advice itself in Go 1.21.0 and took
// it back (golang/go#61718: a fault can stall on the kernel's compaction
// when memory is fragmented; golang/go#64332: a long-lived process whose
// heap shrinks grows back in the kernel's count). Our processes are
// short (one script) and keep their state in large blocks that they fill
// (group tables, hash tables, scan buffers). Their peak resident memory,
// huge pages counted, grows by a little where the runtime gives memory
// back and touches it again (ClickBench's Q17 on 3M rows, which spills:
// 111 MB to 128), and the advised span bounds it (heapSpan). The
// interactive shell, which lives on, takes the advice back (Forget).
//
// Giving the advice costs a few milliseconds at the start (the runtime
// maps heapSpan, and a collection gives it back). lakesql gives it as its
// packages start (package early), before its dependencies make their
// tables; pq, whose commands are small, does without.
package hugepage

// It imports only syscall (for the environment and madvise) and runtime,
// so that the Go runtime can initialize it, and package early with it,
// ahead of the dependencies that allocate at their start: even strings
// would hold it back behind os and some fifty packages, and
// TestHugePageAdviceComesFirst fails.
import "syscall"

// heapSpan is how much address space past the heap's start gets the
// advice: most of the heap of a process under the default memory limit
// lives there (ClickBench's heaviest GROUP BYs and TPC-H Q13 gained as
// much from 96 MiB as from 256; 64 left half the faults). Space past it
// keeps the kernel's small pages. The span bounds what huge pages can add
// to the resident memory of a heap that the runtime gives back in part
// and touches again: at worst the whole span resident (a light query of
// the TPC-H run once peaked at 148 MB with a span of 128 MiB, where it
// otherwise takes 30).
const heapSpan = 96 << 20

// Advise maps the program's image at once (see prefault) and advises the
// heap for huge pages, unless GODEBUG says disablethp=1 (the Go runtime's
// own switch against them). It is called first thing in main, while the
// heap is new: the advice goes with the runtime's mappings, so it must be
// given to space that the runtime has mapped and not used yet (see
// advise). Elsewhere than on Linux it does nothing.
func Advise() {
	_, _ = prefault()
	if v, _ := syscall.Getenv("GODEBUG"); contains(v, "disablethp=1") {
		return
	}
	advise(heapSpan)
}

// Forget takes the advice back, for a process that lives on after its
// work, as the interactive shell does: the kernel's khugepaged collapses
// an advised range that holds a page or a few into a whole huge page, so
// a heap that the runtime gave back in part would grow back in the
// kernel's count over hours (golang/go#64332). The huge pages already
// made stay. Advise and Forget run on main's goroutine, one after the
// other.
func Forget() { forget() }

// contains is strings.Contains, which this package does without (see its
// imports).
func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
