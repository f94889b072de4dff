package catalog_test

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// crashedLake makes lake orders from rawOrders and then leaves in and
// beside it what crashed writers leave: it returns the orphans, as Vacuum
// must list them (paths relative to the lake folder), and the things that
// look alike but must stay (relative to the work folder).
func crashedLake(t *testing.T) (c *catalog.Catalog, orphans []catalog.Orphan, keep []string) {
	t.Helper()
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day", "region"}, src, 0); err != nil {
		t.Fatal(err)
	}
	lake := c.LakeDir("orders")
	add := func(rel, content string) {
		mkfile(t, filepath.Join(lake, filepath.FromSlash(rel)), content)
	}
	// A compaction that died before its swap, one that died writing a
	// partition of its own, a manifest write that died before its rename.
	add("day=d1/region=seoul/part-g0001-deadbeef-0000.jsonl", rawOrders[0]+"\n"+rawOrders[2]+"\n")
	add("day=d3/region=x/part-0000.jsonl", "{}\n")
	add("._manifest.json.tmp1234567", `{"lake":"orders"`)
	// A whole-lake rewrite that died while building aside, and an exchange
	// by renames that died half way.
	mkfile(t, filepath.Join(c.Dir, ".tmp~orders~abc", "day=d1", "part-0000.jsonl"), "12345\n")
	mkfile(t, filepath.Join(c.Dir, ".tmp~orders~abc", storage.ManifestName), "123\n")
	mkfile(t, filepath.Join(c.Dir, "orders~swap", storage.ManifestName), "1234567\n")
	orphans = []catalog.Orphan{
		{Path: "../.tmp~orders~abc/", Bytes: 10},
		{Path: "../orders~swap/", Bytes: 8},
		{Path: "._manifest.json.tmp1234567", Bytes: 16},
		{Path: "day=d1/region=seoul/part-g0001-deadbeef-0000.jsonl", Bytes: int64(len(rawOrders[0]) + len(rawOrders[2]) + 2)},
		{Path: "day=d3/region=x/part-0000.jsonl", Bytes: 3},
	}
	// Look-alikes that are not ours to remove.
	keep = []string{
		"orders/day=d1/notes.txt",
		"orders/.manifest.json.tmp",
		".tmp~orders2~abc/part-0000.jsonl",
		"orders2~swap/part-0000.jsonl",
		".raw.jsonl.tmp42",
	}
	for _, k := range keep {
		mkfile(t, filepath.Join(c.Dir, filepath.FromSlash(k)), "x\n")
	}
	return c, orphans, keep
}

func TestVacuum(t *testing.T) {
	c, want, keep := crashedLake(t)
	before := storagetest.Tree(t, c.Dir)
	manifest := before["orders/"+storage.ManifestName]
	s, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	live := s.Files()

	// A dry run lists and removes nothing.
	res, err := c.Vacuum("orders", true)
	if err != nil {
		t.Fatal(err)
	}
	if !res.DryRun || res.Lake != "orders" || !reflect.DeepEqual(res.Orphans, want) {
		t.Errorf("dry run: got %+v, want orders, dry run, %+v", res, want)
	}
	var total int64
	for _, o := range want {
		total += o.Bytes
	}
	if res.Bytes() != total {
		t.Errorf("dry run: got %d bytes, want %d", res.Bytes(), total)
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
		t.Errorf("a dry run changed the work folder:\n%s", diff)
	}

	// The real run removes exactly those, and the folders they leave empty.
	res, err = c.Vacuum("orders", false)
	if err != nil {
		t.Fatal(err)
	}
	if res.DryRun || !reflect.DeepEqual(res.Orphans, want) {
		t.Errorf("vacuum: got %+v, want %+v", res, want)
	}
	wantTree := maps.Clone(before)
	for _, o := range want {
		p := "orders/" + o.Path
		if o.Dir() {
			p = strings.TrimPrefix(strings.TrimSuffix(p, "/"), "orders/../")
		}
		for k := range wantTree {
			if k == p || strings.HasPrefix(k, p+"/") {
				delete(wantTree, k)
			}
		}
	}
	delete(wantTree, "orders/day=d3/region=x")
	delete(wantTree, "orders/day=d3")
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), wantTree); diff != "" {
		t.Errorf("after vacuum the work folder differs:\n%s", diff)
	}
	for _, k := range keep {
		if _, err := os.Stat(filepath.Join(c.Dir, filepath.FromSlash(k))); err != nil {
			t.Errorf("%s: %v, want it kept", k, err)
		}
	}
	s, err = c.Snapshot("orders")
	if err != nil || !reflect.DeepEqual(s.Files(), live) {
		t.Errorf("after vacuum: got %+v, %v, want the same files", s, err)
	}
	if got := storagetest.Tree(t, c.Dir)["orders/"+storage.ManifestName]; got != manifest {
		t.Errorf("vacuum changed the manifest")
	}

	// Nothing is left to find.
	res, err = c.Vacuum("orders", false)
	if err != nil || len(res.Orphans) != 0 {
		t.Errorf("second vacuum: got %+v, %v, want no orphans", res, err)
	}
	if _, err := os.Stat(filepath.Join(c.Dir, catalog.LockName("orders"))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file after vacuum: %v, want it gone", err)
	}
}

func TestVacuumWaitsForWriter(t *testing.T) {
	c, want, _ := crashedLake(t)
	c.Wait = 50 * time.Millisecond
	other := catalog.New(c.Dir) // another writer, as another process would be
	lock, err := other.Lock("orders")
	if err != nil {
		t.Fatal(err)
	}
	before := storagetest.Tree(t, c.Dir)
	for _, dry := range []bool{true, false} {
		if _, err := c.Vacuum("orders", dry); !errors.Is(err, storage.ErrLocked) {
			t.Errorf("vacuum (dry run %v) while locked: got %v, want %v", dry, err, storage.ErrLocked)
		}
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
		t.Errorf("a vacuum that found the lake locked changed the work folder:\n%s", diff)
	}
	if err := lock.Unlock(); err != nil {
		t.Fatal(err)
	}
	res, err := c.Vacuum("orders", false)
	if err != nil || !reflect.DeepEqual(res.Orphans, want) {
		t.Errorf("vacuum after unlock: got %+v, %v, want %+v", res, err, want)
	}
}

// TestVacuumSeesCommit: a writer that publishes while vacuum waits for its
// lock does not lose its new files: vacuum reads the manifest again.
func TestVacuumSeesCommit(t *testing.T) {
	c, _, _ := crashedLake(t)
	lock, err := c.Lock("orders")
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	// The writer's new file is an orphan until it commits.
	rel := "day=d1/region=seoul/part-g0001-feedf00d-0000.jsonl"
	mkfile(t, s.Path(rel), rawOrders[0]+"\n")
	done := make(chan error)
	var res catalog.VacuumResult
	go func() {
		var err error
		res, err = c.Vacuum("orders", false)
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	files := slices.Clone(s.Files())
	files = append(files, storage.FileEntry{Path: rel, Partition: []storage.PartValue{{Str: "d1"}, {Str: "seoul"}}, Rows: 1, Bytes: int64(len(rawOrders[0]) + 1)})
	if _, err := c.Commit(s, files); err != nil {
		t.Fatal(err)
	}
	lock.Unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(res.Orphans, func(o catalog.Orphan) bool { return o.Path == rel }) {
		t.Errorf("vacuum took the committed file %s for an orphan", rel)
	}
	if _, err := os.Stat(s.Path(rel)); err != nil {
		t.Errorf("committed file: %v", err)
	}
}

func TestVacuumErrors(t *testing.T) {
	c, _ := workdir(t, rawOrders...)
	mkfile(t, filepath.Join(c.Dir, "half", "p=a", "part-0000.jsonl"), "{}\n")
	mkfile(t, filepath.Join(c.Dir, "torn", storage.ManifestName), `{"lake":"torn","key":["p"],`)
	mkfile(t, filepath.Join(c.Dir, "torn", "p=a", "part-0000.jsonl"), "{}\n")
	before := storagetest.Tree(t, c.Dir)
	tests := map[string]struct {
		c    *catalog.Catalog
		lake string
		err  error
	}{
		"missing lake":     {c, "nolake", catalog.ErrLakeNotFound},
		"no manifest":      {c, "half", catalog.ErrLakeNotFound},
		"bad name":         {c, "../x", catalog.ErrBadName},
		"missing workdir":  {catalog.New(filepath.Join(c.Dir, "nowhere")), "orders", catalog.ErrWorkdirNotFound},
		"corrupt manifest": {c, "torn", storage.ErrCorrupt},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			for _, dry := range []bool{true, false} {
				if _, err := tc.c.Vacuum(tc.lake, dry); !errors.Is(err, tc.err) {
					t.Errorf("dry run %v: got %v, want %v", dry, err, tc.err)
				}
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
				t.Errorf("the work folder changed:\n%s", diff)
			}
		})
	}
}

// TestVacuumFaults: a failed removal or folder sync is an error.
func TestVacuumFaults(t *testing.T) {
	c, _, _ := crashedLake(t)
	count := storagetest.NewFaultFS(storage.OS, 0)
	c.FS = count
	if _, err := c.Vacuum("orders", true); err != nil {
		t.Fatal(err)
	}
	if n := count.Count(); n != 0 {
		t.Fatalf("a dry run did %d operations that change the disk (%q), want none", n, count.Ops())
	}
	for failAt := 1; ; failAt++ {
		c, _, _ := crashedLake(t)
		f := storagetest.NewFaultFS(storage.OS, failAt)
		c.FS = f
		_, err := c.Vacuum("orders", false)
		if failAt > f.Count() {
			if err != nil {
				t.Fatalf("no fault injected, got %v", err)
			}
			break
		}
		if !errors.Is(err, storagetest.ErrInjected) {
			t.Errorf("fault at op %d (%s): got %v, want %v", failAt, f.Ops()[failAt-1], err, storagetest.ErrInjected)
		}
		c.FS = storage.OS
		if s, err := c.Snapshot("orders"); err != nil || len(s.Files()) != 4 {
			t.Errorf("fault at op %d: the lake reads back as %+v, %v", failAt, s, err)
		}
	}
}
