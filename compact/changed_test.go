package compact_test

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// intruderFS publishes another generation of the lake behind the writer's
// back (as a writer that ignores the lock would) when the writer creates
// its first new file.
type intruderFS struct {
	storage.FS
	t      *testing.T
	c      *catalog.Catalog
	lake   string
	mu     sync.Mutex // a compaction writes files at once
	struck bool
}

func (f *intruderFS) OpenFile(name string, flag int) (storage.File, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.struck && strings.HasPrefix(path.Base(name), "part-g") {
		f.struck = true
		s, err := f.c.Snapshot(f.lake)
		if err != nil {
			f.t.Fatal(err)
		}
		m := *s.Manifest
		m.Generation += 5
		if err := os.WriteFile(filepath.Join(s.Dir, storage.ManifestName), storage.EncodeManifest(&m), 0o644); err != nil {
			f.t.Fatal(err)
		}
	}
	return f.FS.OpenFile(name, flag)
}

// TestCompactLakeChanged: when the lake's generation moved while the
// compaction wrote, it must not swap the manifest; it removes its own new
// files only and says that the lake changed.
func TestCompactLakeChanged(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	before := tree(t, fx.lakeDir())
	fx.c.FS = &intruderFS{FS: storage.OS, t: t, c: &catalog.Catalog{FS: storage.OS, Dir: fx.c.Dir}, lake: lakeName}
	_, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
	if !errors.Is(err, catalog.ErrChanged) || !strings.Contains(err.Error(), "changed") {
		t.Fatalf("got %v, want an error wrapping catalog.ErrChanged", err)
	}
	s := fx.snapshot(t)
	if s.Manifest.Generation != 5 {
		t.Errorf("generation %d: the intruder's manifest (generation 5) was replaced", s.Manifest.Generation)
	}
	after := tree(t, fx.lakeDir())
	for p, data := range before {
		if p != storage.ManifestName && after[p] != data {
			t.Errorf("%s changed or vanished", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s left behind: the writer must remove its own new files", p)
		}
	}
	checkSameRows(t, "manifest reader", readRows(t, s), fx.rows)
}
