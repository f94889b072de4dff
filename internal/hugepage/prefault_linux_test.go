package hugepage

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

var zeroedForTest [64]byte

// The image's segments, read from the program headers, hold the code of
// a function (read-only) and a zeroed variable (writable, past the file's
// bytes).
func TestImageSegments(t *testing.T) {
	segs := imageSegments()
	if len(segs) == 0 {
		t.Fatal("no segments")
	}
	in := func(p uintptr) *segment {
		for i := range segs {
			if segs[i].lo <= p && p < segs[i].hi {
				return &segs[i]
			}
		}
		t.Fatalf("no segment holds %#x: %+v", p, segs)
		return nil
	}
	code := reflect.ValueOf(TestImageSegments).Pointer()
	if s := in(code); s.writable {
		t.Errorf("the code at %#x is in a writable segment %+v", code, *s)
	}
	v := uintptr(unsafe.Pointer(&zeroedForTest))
	if s := in(v); !s.writable || v < s.fileEnd {
		t.Errorf("a zeroed variable at %#x is not in a writable segment's zeroed part: %+v", v, *s)
	}
}

// prefault maps the read-only segments whole and the start of the
// zeroed data: every byte of the code is resident after it (smaps' Rss).
func TestPrefault(t *testing.T) {
	var want uintptr
	for _, s := range imageSegments() {
		if s.writable {
			want += min(s.hi, s.fileEnd+zeroedBytes) - s.fileEnd&^(pageBytes-1)
		} else {
			want += s.hi - s.lo&^(pageBytes-1)
		}
	}
	mapped, err := prefault()
	if err == syscall.EINVAL {
		t.Skip("a kernel without MADV_POPULATE_READ (Linux 5.14)")
	}
	if err != nil || mapped != want {
		t.Fatalf("prefault mapped %d bytes, %v; want %d, nil", mapped, err, want)
	}
	code := reflect.ValueOf(TestPrefault).Pointer()
	lo, hi := mappingAround(t, code)
	if rss := rssOf(t, lo); rss < int64(hi-lo)-pageBytes {
		t.Errorf("the code's mapping [%#x, %#x) holds %d bytes, %d resident after prefault", lo, hi, hi-lo, rss)
	}
}

// rssOf returns the resident bytes of the mapping that starts at lo.
func rssOf(t *testing.T, lo uintptr) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if r, _, ok := strings.Cut(line, " "); ok && strings.Contains(r, "-") && !strings.HasSuffix(r, ":") {
			a, _, _ := strings.Cut(r, "-")
			start, err := strconv.ParseUint(a, 16, 64)
			in = err == nil && uintptr(start) == lo
			continue
		}
		if in && strings.HasPrefix(line, "Rss:") {
			kb, err := strconv.ParseInt(strings.Fields(line)[1], 10, 64)
			if err != nil {
				t.Fatal(line)
			}
			return kb << 10
		}
	}
	t.Fatalf("no Rss for the mapping at %#x", lo)
	return 0
}
