package hugepage

import (
	"runtime"
	"syscall"
	"unsafe" // and go:linkname
)

// arenaBytes is the alignment of the Go heap's arenas on linux/amd64
// and arm64 (runtime.heapArenaBytes).
const arenaBytes = 64 << 20

// hugeBytes is the size of a transparent huge page on linux/amd64 and
// arm64 with 4 KiB pages.
const hugeBytes = 2 << 20

// chunkBytes is the unit in which the runtime maps its heap
// (runtime.pallocChunkBytes): the heap's mapping ends on a multiple of
// it past its arena's start.
const chunkBytes = 4 << 20

// advise maps n bytes of heap by allocating them (the runtime maps fresh
// address space for a block that size, and the kernel gives it no page
// until it is touched), advises the range from the start of the first
// arena through the end of the mapping that holds the block, and gives
// the block back. The space between the block's end and the mapping's
// is where the runtime puts what it allocates while the block lives (the
// collection's own): left out, the 2 MiB region there took small pages,
// some 80 faults of `SELECT 1`'s 500 at 16 µs each on the virtual
// machines we measure on. The advice
// belongs to the mapping, so it stays with the range whoever uses it
// next; the runtime never maps that range again. Untouched, the block
// costs no resident memory: a collection frees it (not FreeOSMemory,
// whose package runtime/debug imports os and fmt, and so would hold
// package early's start back behind theirs).
func advise(n int) {
	// The block would start a collection of its own as it is made,
	// which finds it alive: no collection until it is given back, and
	// then the one that frees it.
	gcPercent := setGCPercent(-1)
	b := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	advised.lo = p &^ (arenaBytes - 1)
	advised.block = p
	advised.hi = (p + uintptr(n) + chunkBytes - 1) &^ (chunkBytes - 1)
	// An error (a kernel without transparent huge pages) leaves the
	// heap as it was.
	madvise(madvHugepage)
	b = nil
	setGCPercent(gcPercent)
	runtime.GC()
	collapse(advised.lo, p)
}

// collapse makes huge pages of the 2 MiB regions of [lo, upTo] that the
// heap has touched already. The runtime's start and the packages started
// before package early use the heap's first few hundred KB; a region
// that holds a small page takes small pages at every later fault too,
// and a query that keeps its state in that region (all of it, for a
// small one) pays a fault per 4 KiB: 100 to 360 of them in `SELECT 1`,
// on virtual machines where a fault costs 10 µs. MADV_COLLAPSE (Linux
// 6.1) copies the region's pages into a huge page at once: `SELECT 1`
// faulted 647 to 983 times (8 runs), 574 to 763 with the collapse. It
// comes after the collection that frees the block: the runtime gives
// the freed block's pages back as it goes on, which splits a huge page
// of the region where the block starts, made before. A region that the
// heap has not mapped (the arena's space below the heap's randomized
// start) gives an error, as does an older kernel; either leaves the
// region as it was.
func collapse(lo, upTo uintptr) {
	for r := lo; r <= upTo; r += hugeBytes {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, r, hugeBytes, madvCollapse)
	}
}

func forget() {
	if advised.hi != 0 {
		madvise(madvNoHugepage)
		advised.lo, advised.block, advised.hi = 0, 0, 0
	}
}

// setGCPercent is runtime/debug.SetGCPercent, which the runtime
// implements and gives that package by name. Importing runtime/debug
// would make package early wait for os, fmt and some fifty others, and
// the ready packages start in the order of their paths: the
// dependencies under github.com, tablewriter's 660 KB width cache among
// them, would then all start before the advice (TestHugePageAdviceComesFirst).
// Without it the block starts a collection as it is made, which finds the
// block alive, and the runtime.GC that frees it is a second: 3.9-5.1 ms
// for the advice against 3.3-3.5 (GODEBUG=inittrace=1, 4 runs each),
// and `SELECT 1` 31 -> 27 ms (median of 30 alternating runs).
//
//go:linkname setGCPercent runtime/debug.setGCPercent
func setGCPercent(int32) int32

// advised is the range that advise advised, and where in it the block
// lay (none: zero).
var advised struct{ lo, block, hi uintptr }

func madvise(advice uintptr) {
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, advised.lo, advised.hi-advised.lo, advice)
}

// MADV_HUGEPAGE, MADV_NOHUGEPAGE and MADV_COLLAPSE (the syscall package
// does not name them).
const (
	madvHugepage   = 14
	madvNoHugepage = 15
	madvCollapse   = 25
)
