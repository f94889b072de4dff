package main

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMemoryLimitSpills: a query over many groups under the smallest
// memory limit (flag or SET) prints what it prints in memory, leaves
// nothing in the temporary folder, and a spill folder of a dead process
// is swept as lakesql starts.
func TestMemoryLimitSpills(t *testing.T) {
	dir := demoWork(t, 5000)
	tmp := t.TempDir()
	dead := filepath.Join(tmp, "lakesql-spill-"+strconv.Itoa(1<<22-3)+"-zzzzzz")
	if err := os.MkdirAll(dead, 0o755); err != nil {
		t.Fatal(err)
	}
	q := "SELECT order_id, region, COUNT(*) AS n, SUM(amount) AS s, MIN(day) FROM orders GROUP BY order_id, region ORDER BY s DESC, order_id LIMIT 20"
	want, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--format", "csv", "-c", q)
	if code != 0 || strings.Count(want, "\n") != 21 {
		t.Fatalf("in memory: exit %d, %q, %s", code, want, stderr)
	}
	runs := map[string][]string{
		"flag": {"--memory-limit", "64KiB", "--temp-dir", tmp, "-c", q},
		"SET":  {"-c", "SET memory_limit = '64KiB'", "-c", "SET temp_directory TO '" + tmp + "'", "-c", q},
	}
	for name, args := range runs {
		got, stderr, code := lakesql(t, "", append([]string{"-d", dir, "--no-init", "--format", "csv"}, args...)...)
		if code != 0 || got != want {
			t.Errorf("%s: exit %d, %q (%s), want %q", name, code, got, stderr, want)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%s: left %v in the temporary folder", name, ents)
		}
	}
	plan, _, _ := lakesql(t, "", "-d", dir, "--no-init", "--memory-limit", "64KiB", "--temp-dir", tmp, "-c", "EXPLAIN ANALYZE "+q)
	if !strings.Contains(plan, "spilled") {
		t.Errorf("EXPLAIN ANALYZE under 64KiB shows no spill:\n%s", plan)
	}
	for _, bad := range []string{"SET memory_limit = 'lots'", "SET memory_limit = '1KB'", "SET memroy_limit = '1GB'", "SET memory_limit"} {
		_, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "-c", bad)
		if code != 1 || stderr == "" {
			t.Errorf("%s: exit %d, stderr %q; want 1 and an error", bad, code, stderr)
		}
	}
	if _, stderr, _ := lakesql(t, "", "-d", dir, "--no-init", "-c", "SET memroy_limit = '1GB'"); !strings.Contains(stderr, "did you mean memory_limit") {
		t.Errorf("a misspelt setting: %q", stderr)
	}
	if _, stderr, code := lakesql(t, "", "-d", dir, "--memory-limit", "tiny"); code != 2 || !strings.Contains(stderr, "--memory-limit") {
		t.Errorf("--memory-limit tiny: exit %d, %q", code, stderr)
	}
}

// TestMemoryLimitFromRC: a SET in ~/.lakesqlrc applies to the run (and
// survives .open); --memory-limit wins over it.
func TestMemoryLimitFromRC(t *testing.T) {
	dir := demoWork(t, 3000)
	tmp := t.TempDir()
	withRC(t, "SET memory_limit = '64KiB';\nSET temp_directory = '"+tmp+"';\n.open "+dir+"\n")
	q := "EXPLAIN ANALYZE SELECT order_id, COUNT(*) FROM orders GROUP BY order_id"
	plan, stderr, code := lakesql(t, "", "-c", q)
	if code != 0 || !strings.Contains(plan, "spilled") {
		t.Errorf("the rc's 64KiB: exit %d (%s), no spill in\n%s", code, stderr, plan)
	}
	plan, stderr, code = lakesql(t, "", "--memory-limit", "1GB", "-c", q)
	if code != 0 || strings.Contains(plan, "spilled") {
		t.Errorf("--memory-limit 1GB over the rc: exit %d (%s), spilled:\n%s", code, stderr, plan)
	}
}

// TestSortsSpillEndToEnd: ORDER BY without LIMIT, SELECT * ORDER BY,
// SELECT DISTINCT and a grouped result in GROUP BY order print under the
// smallest memory limit what they print in memory (JSON, streamed), in
// order, leaving nothing in the temporary folder; EXPLAIN ANALYZE shows
// the sort's runs.
func TestSortsSpillEndToEnd(t *testing.T) {
	dir := demoWork(t, 5000)
	tmp := t.TempDir()
	for _, q := range []string{
		"SELECT order_id, region, amount FROM orders ORDER BY amount DESC, order_id",
		"SELECT * FROM orders ORDER BY order_id DESC",
		"SELECT DISTINCT region, channel FROM orders ORDER BY 2, 1",
		"SELECT order_id, COUNT(*) AS n FROM orders GROUP BY order_id",
	} {
		want, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--format", "json", "-c", q)
		if code != 0 || strings.Count(want, "\n") < 10 {
			t.Fatalf("%s in memory: exit %d, %d lines, %s", q, code, strings.Count(want, "\n"), stderr)
		}
		got, stderr, code := lakesql(t, "", "-d", dir, "--no-init", "--memory-limit", "64KiB", "--temp-dir", tmp, "--format", "json", "-c", q)
		if code != 0 || got != want {
			t.Errorf("%s under 64KiB: exit %d (%s), %d bytes, want the %d bytes in memory", q, code, stderr, len(got), len(want))
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%s: left %v in the temporary folder", q, ents)
		}
	}
	// The first query's rows are in its order.
	out, _, _ := lakesql(t, "", "-d", dir, "--no-init", "--memory-limit", "64KiB", "--temp-dir", tmp, "--format", "csv", "-c",
		"SELECT amount, order_id FROM orders ORDER BY amount DESC, order_id")
	lines := strings.Split(strings.TrimSpace(out), "\n")[1:]
	prev := 1e300
	for i, l := range lines {
		a, err := strconv.ParseFloat(strings.Split(l, ",")[0], 64)
		if err != nil {
			continue // a NULL amount sorts last
		}
		if a > prev {
			t.Fatalf("line %d: amount %v after %v: not in ORDER BY amount DESC", i+2, a, prev)
		}
		prev = a
	}
	plan, _, _ := lakesql(t, "", "-d", dir, "--no-init", "--memory-limit", "64KiB", "--temp-dir", tmp, "-c",
		"EXPLAIN ANALYZE SELECT order_id, region, amount FROM orders ORDER BY amount DESC, order_id")
	if !strings.Contains(plan, " runs") || !strings.Contains(plan, "peak memory") {
		t.Errorf("EXPLAIN ANALYZE under 64KiB shows no sort runs:\n%s", plan)
	}
}

// demoWork makes a work folder with the demo lakes of rows orders.
func demoWork(t *testing.T, rows int) string {
	t.Helper()
	old := demoRows
	demoRows = rows
	t.Cleanup(func() { demoRows = old })
	dir := filepath.Join(t.TempDir(), "w")
	if _, stderr, code := lakesql(t, "", "--demo", "-d", dir, "--no-init", "-c", "SELECT 1"); code != 0 {
		t.Fatal(stderr)
	}
	return dir
}

// TestGCPercentFollowsTheHeap: the collector's GOGC is smallGCPercent
// while a collection finds little alive, 100 once it finds smallHeap or
// more, and smallGCPercent again when that is gone; GOGC set in the
// environment stands.
func TestGCPercentFollowsTheHeap(t *testing.T) {
	prev := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(prev); gcPercent.Store(0) })
	if gcPercentFor(smallHeap-1) != smallGCPercent || gcPercentFor(smallHeap) != 100 {
		t.Fatalf("gcPercentFor: %d below smallHeap, %d at it", gcPercentFor(smallHeap-1), gcPercentFor(smallHeap))
	}
	t.Setenv("GOGC", "150")
	gcPercent.Store(0)
	followHeap()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GOGC=150 set: the percent was changed to %d", got)
	}
	os.Unsetenv("GOGC")
	followHeap()
	// percent reads the collector's GOGC, after a collection and its
	// finalizers.
	percent := func() int {
		runtime.GC()
		for range 100 {
			runtime.Gosched()
			time.Sleep(time.Millisecond)
		}
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	if p := percent(); p != smallGCPercent {
		t.Errorf("a small heap: GOGC %d, want %d", p, smallGCPercent)
	}
	held := make([]byte, 2*smallHeap)
	for i := range held {
		held[i] = 1
	}
	if p := percent(); p != 100 {
		t.Errorf("%d MB alive: GOGC %d, want 100", len(held)>>20, p)
	}
	runtime.KeepAlive(held)
	held = nil
	runtime.GC() // finds held gone
	if p := percent(); p != smallGCPercent {
		t.Errorf("the large heap gone: GOGC %d, want %d", p, smallGCPercent)
	}
}

// TestLiveHeapAsMetrics: liveHeap, read from the runtime by name, is what
// runtime/metrics reads, before and after a collection that finds more
// alive.
func TestLiveHeapAsMetrics(t *testing.T) {
	read := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	// Both, read between the same two collections: the tests that run
	// in parallel collect too, and the live heap changes with each.
	both := func() (got, want uint64) {
		for range 50 {
			got, want = liveHeap(), read()
			if liveHeap() == got {
				break
			}
		}
		return got, want
	}
	runtime.GC()
	if got, want := both(); got != want || got == 0 {
		t.Fatalf("liveHeap %d, runtime/metrics %d", got, want)
	}
	held := make([]byte, 3*smallHeap)
	for i := range held {
		held[i] = 1
	}
	runtime.GC()
	if got, want := both(); got != want || got < uint64(len(held)) {
		t.Fatalf("holding %d bytes: liveHeap %d, runtime/metrics %d", len(held), got, want)
	}
	runtime.KeepAlive(held)
}
