package hugepage

import (
	"runtime"
	"syscall"
	"unsafe"
)

// arenaBytes is the alignment of the Go heap's arenas on linux/amd64
// and arm64 (runtime.heapArenaBytes).
const arenaBytes = 64 << 20

// advise maps n bytes of heap by allocating them (the runtime maps fresh
// address space for a block that size, and the kernel gives it no page
// until it is touched), advises the range from the start of the first
// arena through the block's end, and gives the block back. The advice
// belongs to the mapping, so it stays with the range whoever uses it
// next; the runtime never maps that range again. Untouched, the block
// costs no resident memory: a collection frees it (not FreeOSMemory,
// whose package runtime/debug imports os and fmt, and so would hold
// package early's start back behind theirs).
func advise(n int) {
	b := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	advised.lo = p &^ (arenaBytes - 1)
	advised.hi = p + uintptr(n)
	// An error (a kernel without transparent huge pages) leaves the
	// heap as it was.
	madvise(madvHugepage)
	b = nil
	runtime.GC()
}

func forget() {
	if advised.hi != 0 {
		madvise(madvNoHugepage)
		advised.lo, advised.hi = 0, 0
	}
}

// advised is the range that advise advised (none: zero).
var advised struct{ lo, hi uintptr }

func madvise(advice uintptr) {
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, advised.lo, advised.hi-advised.lo, advice)
}

// MADV_HUGEPAGE and MADV_NOHUGEPAGE (the syscall package does not name
// them).
const (
	madvHugepage   = 14
	madvNoHugepage = 15
)
