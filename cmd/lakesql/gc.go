package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"unsafe" // and go:linkname
)

// The collector's GOGC for lakesql (unless GOGC says otherwise) follows
// the heap: while what a collection finds alive is small, the heap may
// grow to five times it before the next (smallGCPercent), where Go's 100
// collects at twice it and at least every 4 MB; once it holds more
// (smallHeap), Go's 100 again. A small query then collects far less
// (TPC-H Q13 at SF 0.1 collected six times in its first 100 ms), and a
// large one keeps its heap, and the fresh memory it would touch, about
// as it was: before it falls back, the heap grows to at most five times
// smallHeap (a GROUP BY of lineitem that spills peaked at 55 MB with
// 100, at 102 with 400 throughout and was no faster, at 50-53 so). The
// soft memory limit (setRuntimeLimit) bounds the heap either way.
const (
	smallGCPercent = 400
	smallHeap      = 8 << 20
)

// gcPercentFor is the GOGC for a heap that a collection found live bytes
// of.
func gcPercentFor(live uint64) int {
	if live < smallHeap {
		return smallGCPercent
	}
	return 100
}

// gcPercent is the GOGC set last (0: none yet).
var gcPercent atomic.Int64

// followHeap sets the GOGC for the heap now, and again after each
// collection (a finalizer that arms itself anew runs after each), unless
// GOGC is set.
func followHeap() {
	if os.Getenv("GOGC") != "" {
		return
	}
	setGCPercentFor(liveHeap())
	armGCHook()
}

// armGCHook makes an object that no one holds, whose finalizer, run after
// the collection that finds it, sets the GOGC and arms the next.
func armGCHook() {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		setGCPercentFor(liveHeap())
		armGCHook()
	})
}

func setGCPercentFor(live uint64) {
	if p := int64(gcPercentFor(live)); gcPercent.Swap(p) != p {
		debug.SetGCPercent(int(p))
	}
}

// liveHeap is the heap the last collection found alive: the runtime's
// "/gc/heap/live:bytes", read as runtime/metrics.Read reads it, without
// importing that package, whose start (a table of descriptions that it
// builds, before the heap has its huge-page advice) took 0.4-0.8 ms of
// every run (GODEBUG=inittrace=1).
func liveHeap() uint64 {
	s := []metricSample{{name: "/gc/heap/live:bytes"}}
	readMetrics(unsafe.Pointer(&s[0]), len(s), cap(s))
	if s[0].kind != metricKindUint64 {
		return 0
	}
	return s[0].scalar
}

// metricSample is runtime/metrics.Sample as the runtime reads it (its
// metricSample): a name, the value's kind, a scalar and a pointer.
type metricSample struct {
	name    string
	kind    int
	scalar  uint64
	pointer unsafe.Pointer
}

// metricKindUint64 is runtime/metrics.KindUint64.
const metricKindUint64 = 1

// readMetrics is the runtime's reader of samples, which it gives
// runtime/metrics by name.
//
//go:linkname readMetrics runtime/metrics.runtime_readMetrics
func readMetrics(samples unsafe.Pointer, n, capacity int)
