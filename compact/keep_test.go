package compact_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// openFS records the files opened for reading.
type openFS struct {
	storage.FS
	mu     sync.Mutex
	opened []string
}

func (f *openFS) Open(name string) (storage.File, error) {
	f.mu.Lock()
	f.opened = append(f.opened, name)
	f.mu.Unlock()
	return f.FS.Open(name)
}

// mixedLake is the test lake compacted once by the lab's rule (files of
// about the target), then grown by an append of small files.
func mixedLake(t *testing.T) *fixture {
	t.Helper()
	fx := newFixtureOn(t, fastFS{storage.OS}, testRows, testKey, testMaxRows)
	if _, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	if _, err := fx.c.Append(lakeName, fx.rawPath, catalog.AppendOptions{MaxRows: 3}); err != nil {
		t.Fatal(err)
	}
	fx.rows = slices.Concat(fx.rows, fx.rows)
	return fx
}

// TestCompactKeepsLarge: with a small ratio, files of at least target ×
// ratio keep their names and bytes and are never opened; only the small
// ones are rewritten, and the accounting says so.
func TestCompactKeepsLarge(t *testing.T) {
	fx := mixedLake(t)
	before := fx.snapshot(t)
	opt := compact.Options{Target: testTarget, SmallRatio: 0.7, Now: fixedNow}
	plan := compact.Groups(before.Files(), opt)
	var keep []storage.FileEntry
	var rewriteBytes int64
	rewriteFiles := 0
	for _, g := range plan {
		if g.Keep {
			keep = append(keep, g.Files...)
		} else {
			rewriteFiles += len(g.Files)
			rewriteBytes += g.Bytes
		}
	}
	if len(keep) == 0 || rewriteFiles == 0 {
		t.Fatalf("fixture: %d kept, %d rewritten; want some of each", len(keep), rewriteFiles)
	}
	content := map[string]string{}
	for _, f := range keep {
		data, _ := os.ReadFile(before.Path(f.Path))
		content[f.Path] = string(data)
	}
	rec := &openFS{FS: fx.c.FS}
	fx.c.FS = rec
	res, err := compact.Compact(fx.c, lakeName, opt)
	if err != nil {
		t.Fatal(err)
	}
	want := compact.Result{Lake: lakeName, BeforeFiles: len(before.Files()), AfterFiles: len(plan),
		Partitions: before.Manifest.Partitions(), Rows: before.Manifest.Rows(), Bytes: before.Manifest.Bytes(),
		Generation:     before.Manifest.Generation + 1,
		RewrittenFiles: rewriteFiles, RewrittenBytes: rewriteBytes, KeptFiles: len(keep), KeptBytes: before.Manifest.Bytes() - rewriteBytes}
	if res != want {
		t.Errorf("result:\n got %+v\nwant %+v", res, want)
	}
	after := fx.snapshot(t)
	for _, f := range keep {
		if !slices.ContainsFunc(after.Files(), func(g storage.FileEntry) bool { return sameEntry(g, f) }) {
			t.Errorf("kept file %s is not in the new manifest as it was", f.Path)
		}
		if data, _ := os.ReadFile(after.Path(f.Path)); string(data) != content[f.Path] {
			t.Errorf("kept file %s changed on disk", f.Path)
		}
		if slices.ContainsFunc(rec.opened, func(p string) bool { return strings.HasSuffix(p, filepath.FromSlash(f.Path)) }) {
			t.Errorf("kept file %s was opened", f.Path)
		}
	}
	checkSameRows(t, "manifest reader", readRows(t, after), fx.rows)
	checkSameRows(t, "glob reader", globRows(t, fx.c, lakeName), fx.rows)

	// Again at once: every file is now large or alone, nothing is
	// rewritten and the generation stays.
	res2, err := compact.Compact(fx.c, lakeName, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res2.RewrittenFiles != 0 || res2.Generation != res.Generation || res2.KeptFiles != res.AfterFiles {
		t.Errorf("second compaction: %+v; want nothing rewritten at generation %d", res2, res.Generation)
	}
}

// TestCompactKeepCrash: a keep-large compaction stopped at each point
// never loses a kept file (it is the new manifest's too) and never counts
// a row twice through the manifest.
func TestCompactKeepCrash(t *testing.T) {
	probe := mixedLake(t)
	opt := compact.Options{Target: testTarget, SmallRatio: 0.7, Now: fixedNow}
	rewritten := 0
	for _, g := range compact.Groups(probe.snapshot(t).Files(), opt) {
		if !g.Keep {
			rewritten += len(g.Files)
		}
	}
	points := []compact.Crash{{Point: compact.CrashAfterFile, K: 1}, {Point: compact.CrashBeforeSwap}, {Point: compact.CrashAfterSwap}}
	for k := 1; k <= rewritten; k += max(1, rewritten/4) {
		points = append(points, compact.Crash{Point: compact.CrashMidDelete, K: k})
	}
	for _, crash := range points {
		t.Run(fmt.Sprintf("%s=%d", crash.Point, crash.K), func(t *testing.T) {
			t.Parallel()
			fx := mixedLake(t)
			o := opt
			o.Crash = crash
			if _, err := compact.Compact(fx.c, lakeName, o); !errors.Is(err, compact.ErrCrashed) {
				t.Fatalf("got %v, want ErrCrashed", err)
			}
			checkSameRows(t, "manifest reader after the crash", readRows(t, fx.snapshot(t)), fx.rows)
			if _, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, SmallRatio: 0.7, Now: fixedNow}); err != nil {
				t.Fatal(err)
			}
			checkSameRows(t, "glob reader after the next compaction", globRows(t, fx.c, lakeName), fx.rows)
		})
	}
}
