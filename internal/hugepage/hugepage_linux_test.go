package hugepage

import (
	"bufio"
	"cmp"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// flagsOver returns the VmFlags of every mapping of /proc/self/smaps
// that overlaps [lo, hi).
func flagsOver(t *testing.T, lo, hi uintptr) []string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if r, _, ok := strings.Cut(line, " "); ok && strings.Contains(r, "-") && !strings.HasSuffix(r, ":") {
			a, b, _ := strings.Cut(r, "-")
			start, err1 := strconv.ParseUint(a, 16, 64)
			end, err2 := strconv.ParseUint(b, 16, 64)
			in = err1 == nil && err2 == nil && uintptr(start) < hi && uintptr(end) > lo
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			out = append(out, strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")))
		}
	}
	return out
}

func TestAdviseMarksTheHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages here")
	}
	advise(heapSpan)
	if advised.hi-advised.lo < heapSpan {
		t.Fatalf("advised %d bytes, want at least %d", advised.hi-advised.lo, heapSpan)
	}
	// A heap allocation made now lands in the advised range.
	b := make([]byte, 8<<20)
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(b))); p < advised.lo || p >= advised.hi {
		t.Errorf("a new block at %#x, outside the advised %#x-%#x", p, advised.lo, advised.hi)
	}
	flags := flagsOver(t, advised.lo, advised.hi)
	if len(flags) == 0 {
		t.Fatal("no mapping over the advised range")
	}
	for _, f := range flags {
		if !strings.Contains(" "+f+" ", " hg ") {
			t.Errorf("a mapping of the advised range lacks hg: %s", f)
		}
	}
	lo, hi := advised.lo, advised.hi
	forget()
	for _, f := range flagsOver(t, lo, hi) {
		if !strings.Contains(" "+f+" ", " nh ") {
			t.Errorf("after forget, a mapping of the range lacks nh: %s", f)
		}
	}
}

// collapseWorks skips the test unless this kernel makes a huge page of
// a touched 2 MiB region on MADV_COLLAPSE (Linux 6.1, with huge pages to
// give).
func collapseWorks(t *testing.T) {
	t.Helper()
	m, err := syscall.Mmap(-1, 0, 2*hugeBytes, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip(err)
	}
	defer syscall.Munmap(m)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(m)))
	r := (p + hugeBytes - 1) &^ (hugeBytes - 1)
	m[r-p] = 1
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, r, hugeBytes, madvCollapse); e != 0 {
		t.Skipf("MADV_COLLAPSE: %v", e)
	}
}

// mappingAround returns the bounds of the mapping of /proc/self/maps
// that holds p.
func mappingAround(t *testing.T, p uintptr) (lo, hi uintptr) {
	t.Helper()
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		r, _, _ := strings.Cut(line, " ")
		a, z, ok := strings.Cut(r, "-")
		start, err1 := strconv.ParseUint(a, 16, 64)
		end, err2 := strconv.ParseUint(z, 16, 64)
		if ok && err1 == nil && err2 == nil && uintptr(start) <= p && p < uintptr(end) {
			return uintptr(start), uintptr(end)
		}
	}
	t.Fatalf("no mapping holds %#x", p)
	return 0, 0
}

func minorFaults() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Minflt
}

// The heap's region that the program touched before the advice is a
// huge page after it: reading each of its 4 KiB pages faults no more
// (with small pages, each page not yet touched faults once). The kernel
// may refuse a collapse for a moment (EAGAIN): three tries.
func TestAdviseCollapsesTheTouchedHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages here")
	}
	collapseWorks(t)
	var failed, skipped []string
	read := map[uintptr]bool{} // regions read: their pages are in
	for range 3 {
		msg, skip := touchedRegionFaults(t, read)
		if msg == "" {
			return
		}
		if skip {
			skipped = append(skipped, msg)
		} else {
			failed = append(failed, msg)
		}
	}
	if len(failed) == 0 {
		t.Skip(strings.Join(skipped, "; "))
	}
	t.Error(strings.Join(append(failed, skipped...), "; "))
}

// touchedRegionFaults advises the heap after touching some of it and
// says what went wrong ("" for nothing), and whether that is a reason to
// skip rather than fail.
func touchedRegionFaults(t *testing.T, read map[uintptr]bool) (msg string, skip bool) {
	// Some 3 MiB of heap, in part touched before the advice, as the
	// runtime and the packages started before package early touch
	// some: the first of it lies in a region wholly below the block.
	// The chunks of earlier tries stay, so that these lie in regions
	// not read yet.
	var chunks [][]byte
	for range 48 {
		b := make([]byte, 64<<10)
		b[0] = 1 // one page of the chunk's 16: the rest fault when read
		chunks = append(chunks, b)
	}
	sink = append(sink, chunks...)
	touched := slices.MinFunc(chunks, func(a, b []byte) int {
		return cmp.Compare(uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0])))
	})
	advise(heapSpan)
	defer forget()
	p := uintptr(unsafe.Pointer(&touched[0]))
	if p < advised.lo || p >= advised.hi {
		return fmt.Sprintf("the first of the touched heap at %#x, outside the advised %#x-%#x", p, advised.lo, advised.hi), true
	}
	lo, hi := p&^(hugeBytes-1), p&^(hugeBytes-1)+hugeBytes
	if block := advised.block; hi > block {
		// The runtime gives the freed block's pages back in the
		// background, which splits the huge page of the region where
		// it starts.
		return fmt.Sprintf("the region %#x-%#x of the touched heap holds part of the block at %#x", lo, hi, block), true
	}
	if mlo, mhi := mappingAround(t, p); lo < mlo || hi > mhi {
		// The heap starts at a random place: a region it holds only
		// part of cannot be a huge page.
		return fmt.Sprintf("the region %#x-%#x of the touched heap is not all in the heap's mapping %#x-%#x", lo, hi, mlo, mhi), true
	}
	if read[lo] {
		return fmt.Sprintf("the region %#x-%#x of the touched heap was read before", lo, hi), true
	}
	read[lo] = true
	before := minorFaults()
	var sum byte
	for a := lo; a < hi; a += 4096 {
		sum += *(*byte)(unsafe.Add(unsafe.Pointer(&touched[0]), int(a)-int(p)))
	}
	faults := minorFaults() - before
	sinkByte = sum
	// Small pages: a fault for each of nearly all the region's pages.
	// The runtime may give some free pages of the region back as it
	// goes on, which splits the huge page: at most a few hundred KB.
	if pages := int64(hi-lo) / 4096; faults > pages/2 {
		return fmt.Sprintf("reading the %d pages of the touched region faulted %d times: not a huge page", pages, faults), false
	}
	return "", false
}

var (
	sink     [][]byte
	sinkByte byte
)

// The advice costs one collection, the one that frees its block (the
// block's own allocation starts none), and leaves GOGC as it was.
func TestAdviseCollectsOnce(t *testing.T) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	advise(heapSpan)
	runtime.ReadMemStats(&after)
	forget()
	if n := after.NumGC - before.NumGC; n != 1 {
		t.Errorf("the advice took %d collections, want 1", n)
	}
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("after the advice GOGC is %d, want 100 as before", p)
	}
	if after.HeapAlloc > before.HeapAlloc+heapSpan/2 {
		t.Errorf("the heap holds %d bytes after the advice, %d before: the block was not freed", after.HeapAlloc, before.HeapAlloc)
	}
}
