package hugepage

import (
	"bufio"
	"os"
	"strconv"
	"strings"
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
