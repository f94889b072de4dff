package compact_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

const lakeName = "orders"

var testNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// The test lake: 160 order rows keyed by channel (4 partitions), at most 4
// rows a file, so about 10 files of about 400 bytes per partition; with
// target 1000 two files make a group.
const (
	testRows    = 160
	testMaxRows = 4
	testTarget  = 1000
)

var testKey = []string{"channel"}

// fixture is a work folder holding raw.jsonl and the lake "orders" built
// from it.
type fixture struct {
	c       *catalog.Catalog
	rawPath string
	raw     []byte   // raw.jsonl
	rows    []string // its lines, without '\n'
}

// newFixture writes rows sample orders to raw.jsonl in a new work folder and
// creates the lake "orders" from it with catalog.Create.
func newFixture(t *testing.T, rows int, key []string, maxRows int64) *fixture {
	t.Helper()
	return newFixtureOn(t, storage.OS, rows, key, maxRows)
}

// newFixtureOn is newFixture with the catalog on fsys.
func newFixtureOn(t *testing.T, fsys storage.FS, rows int, key []string, maxRows int64) *fixture {
	t.Helper()
	dir := t.TempDir()
	var b bytes.Buffer
	if err := catalog.WriteOrders(&b, rows, 7); err != nil {
		t.Fatal(err)
	}
	fx := &fixture{c: &catalog.Catalog{FS: fsys, Dir: dir}, rawPath: filepath.Join(dir, "raw.jsonl"), raw: b.Bytes(), rows: splitLines(b.Bytes())}
	if err := os.WriteFile(fx.rawPath, fx.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fx.c.Create(lakeName, key, fx.rawPath, maxRows); err != nil {
		t.Fatal(err)
	}
	return fx
}

// fastFS skips every fsync. The crash tests stop the code at named points,
// not the machine, so durability is not what they check, and without the
// syncs their many lakes build in a fraction of the time.
type fastFS struct{ storage.FS }

type noSyncFile struct{ storage.File }

func (noSyncFile) Sync() error { return nil }

func (f fastFS) wrap(fl storage.File, err error) (storage.File, error) {
	if err != nil {
		return nil, err
	}
	return noSyncFile{fl}, nil
}

func (f fastFS) Open(name string) (storage.File, error) { return f.wrap(f.FS.Open(name)) }
func (f fastFS) OpenFile(name string, flag int) (storage.File, error) {
	return f.wrap(f.FS.OpenFile(name, flag))
}
func (f fastFS) CreateTemp(dir, pattern string) (storage.File, error) {
	return f.wrap(f.FS.CreateTemp(dir, pattern))
}
func (fastFS) SyncDir(string) error { return nil }

func (fx *fixture) lakeDir() string { return fx.c.LakeDir(lakeName) }

func (fx *fixture) snapshot(t *testing.T) *catalog.Snapshot {
	t.Helper()
	s, err := fx.c.Snapshot(lakeName)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func splitLines(data []byte) []string {
	s := string(data)
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// readRows reads every file a snapshot lists and returns their lines.
func readRows(t *testing.T, s *catalog.Snapshot) []string {
	t.Helper()
	var rows []string
	for _, f := range s.Files() {
		rc, err := s.Open(f.Path)
		if err != nil {
			t.Fatalf("open %s: %v", f.Path, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("read %s: %v", f.Path, err)
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			t.Errorf("%s does not end in a newline", f.Path)
		}
		rows = append(rows, splitLines(data)...)
	}
	return rows
}

// manifestRows reads the lake as the manifest reader does.
func manifestRows(t *testing.T, c *catalog.Catalog, lake string) []string {
	t.Helper()
	s, err := c.Snapshot(lake)
	if err != nil {
		t.Fatal(err)
	}
	return readRows(t, s)
}

// globRows reads the lake as the glob reader does.
func globRows(t *testing.T, c *catalog.Catalog, lake string) []string {
	t.Helper()
	s, err := c.Glob(lake)
	if err != nil {
		t.Fatal(err)
	}
	return readRows(t, s)
}

// checkSameRows fails unless got and want hold the same lines the same
// number of times each.
func checkSameRows(t *testing.T, what string, got, want []string) {
	t.Helper()
	count := make(map[string]int)
	for _, r := range want {
		count[r]++
	}
	for _, r := range got {
		count[r]--
	}
	var diffs []string
	for _, r := range slices.Sorted(maps.Keys(count)) {
		if n := count[r]; n != 0 {
			diffs = append(diffs, fmt.Sprintf("%+d × %s", -n, r))
		}
	}
	if len(diffs) > 0 {
		if len(diffs) > 3 {
			diffs = append(diffs[:3], "…")
		}
		t.Errorf("%s: got %d rows, want %d, each once; surplus(+)/missing(-):\n%s", what, len(got), len(want), strings.Join(diffs, "\n"))
	}
}

// tree returns every regular file under dir with its content, by path
// relative to dir with '/'.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// partFiles lists the part-*.jsonl files in a lake folder.
func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	found, err := storage.WalkLake(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range found {
		out = append(out, f.Path)
	}
	return out
}

func paths(files []storage.FileEntry) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

// checkIntact fails unless every file of before is on disk under dir with
// the same content.
func checkIntact(t *testing.T, dir string, before map[string]string) {
	t.Helper()
	now := tree(t, dir)
	for p, want := range before {
		got, ok := now[p]
		switch {
		case !ok:
			t.Errorf("%s: gone, want it intact", p)
		case got != want:
			t.Errorf("%s: changed (%d bytes, want %d)", p, len(got), len(want))
		}
	}
}

// checkNoLeftovers fails unless the lake folder holds exactly the part
// files its manifest lists.
func checkNoLeftovers(t *testing.T, c *catalog.Catalog, lake string) {
	t.Helper()
	s, err := c.Snapshot(lake)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := partFiles(t, s.Dir), paths(s.Files()); !slices.Equal(got, want) {
		t.Errorf("part files on disk: got %v, want exactly the manifest's %v", got, want)
	}
}

var rewriteRE = regexp.MustCompile(`^part-g(\d{4,})-([0-9a-f]+)-(\d{4,})\.jsonl$`)

// runIDs returns the run ids in the names of rewritten files of generation
// gen among names.
func runIDs(names []string, gen int64) map[string]bool {
	ids := make(map[string]bool)
	for _, n := range names {
		if m := rewriteRE.FindStringSubmatch(path.Base(n)); m != nil && m[1] == fmt.Sprintf("%04d", gen) {
			ids[m[2]] = true
		}
	}
	return ids
}

func TestCompact(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	old := fx.snapshot(t)
	if len(old.Files()) < 20 {
		t.Fatalf("fixture has %d files, want many small ones", len(old.Files()))
	}
	before := tree(t, fx.lakeDir())
	groups := compact.Plan(old.Files(), testTarget)
	if len(groups) == len(old.Files()) {
		t.Fatalf("fixture: every group has one file; want groups of several")
	}

	res, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	next := fx.snapshot(t)
	wantRes := compact.Result{Lake: lakeName, BeforeFiles: len(old.Files()), AfterFiles: len(groups),
		Partitions: old.Manifest.Partitions(), Rows: int64(len(fx.rows)), Bytes: int64(len(fx.raw)), Generation: 1,
		RewrittenFiles: len(old.Files()), RewrittenBytes: int64(len(fx.raw))}
	if res != wantRes {
		t.Errorf("result: got %+v, want %+v", res, wantRes)
	}
	if next.Manifest.Generation != 1 {
		t.Errorf("generation: got %d, want 1", next.Manifest.Generation)
	}
	if next.Manifest.Rows() != old.Manifest.Rows() || next.Manifest.Bytes() != old.Manifest.Bytes() {
		t.Errorf("manifest totals: got %d rows, %d bytes, want %d rows, %d bytes",
			next.Manifest.Rows(), next.Manifest.Bytes(), old.Manifest.Rows(), old.Manifest.Bytes())
	}

	// New names: fresh, generation 1, one run id.
	oldNames := make(map[string]bool)
	for _, f := range old.Files() {
		oldNames[f.Path] = true
		oldNames[path.Base(f.Path)] = true
		if _, err := os.Stat(old.Path(f.Path)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("old file %s: got stat error %v, want it deleted", f.Path, err)
		}
	}
	ids := runIDs(paths(next.Files()), 1)
	if len(ids) != 1 {
		t.Errorf("run ids of generation 1: got %v, want exactly one", ids)
	}
	for _, f := range next.Files() {
		if oldNames[f.Path] || oldNames[path.Base(f.Path)] {
			t.Errorf("new file %s reuses an old name", f.Path)
		}
		if !rewriteRE.MatchString(path.Base(f.Path)) || !strings.HasPrefix(path.Base(f.Path), "part-g0001-") {
			t.Errorf("new file %s: want a part-g0001-<run>-NNNN.jsonl name", f.Path)
		}
	}
	checkNoLeftovers(t, fx.c, lakeName)

	// Each group became one file: its members' bytes concatenated in order.
	var run string
	for id := range ids {
		run = id
	}
	got := make(map[string]storage.FileEntry)
	for _, f := range next.Files() {
		got[f.Path] = f
	}
	idx := make(map[string]int)
	for _, g := range groups {
		rel := path.Join(g.Dir, storage.RewriteName(1, run, idx[g.Dir]))
		idx[g.Dir]++
		var want strings.Builder
		for _, m := range g.Files {
			want.WriteString(before[m.Path])
		}
		e, ok := got[rel]
		if !ok {
			t.Errorf("group of %v: no file %s in the manifest", paths(g.Files), rel)
			continue
		}
		delete(got, rel)
		data, err := os.ReadFile(next.Path(rel))
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != want.String() {
			t.Errorf("%s: got %q, want the concatenation of %v", rel, data, paths(g.Files))
		}
		if e.Bytes != int64(len(data)) || e.Rows != g.Rows || !slices.Equal(e.Partition, g.Files[0].Partition) {
			t.Errorf("%s: got %d bytes, %d rows, partition %v; want %d bytes, %d rows, partition %v",
				rel, e.Bytes, e.Rows, e.Partition, len(data), g.Rows, g.Files[0].Partition)
		}
	}
	for p := range got {
		t.Errorf("manifest lists %s, which no group explains", p)
	}
	checkSameRows(t, "manifest reader", manifestRows(t, fx.c, lakeName), fx.rows)
	checkSameRows(t, "glob reader", globRows(t, fx.c, lakeName), fx.rows)

	// The history records what was returned.
	hist, err := fx.c.History()
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 1 || hist[0].Op != "compact" || !hist[0].Time.Equal(testNow) {
		t.Fatalf("history: got %+v, want one compact event at %v", hist, testNow)
	}
	var recorded compact.Result
	if err := json.Unmarshal(hist[0].Result, &recorded); err != nil || recorded != res {
		t.Errorf("recorded result: got %+v (%v), want %+v", recorded, err, res)
	}

	// A second compaction moves on to generation 2 under new names.
	res2, err := compact.Compact(fx.c, lakeName, compact.Options{Target: 1 << 20, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	third := fx.snapshot(t)
	if res2.Generation != 2 || third.Manifest.Generation != 2 {
		t.Errorf("second compaction: got generation %d (manifest %d), want 2", res2.Generation, third.Manifest.Generation)
	}
	if res2.AfterFiles != res2.Partitions || res2.BeforeFiles != len(next.Files()) {
		t.Errorf("second compaction: got %d -> %d files for %d partitions, want %d -> one per partition",
			res2.BeforeFiles, res2.AfterFiles, res2.Partitions, len(next.Files()))
	}
	for _, f := range third.Files() {
		if !strings.HasPrefix(path.Base(f.Path), "part-g0002-") {
			t.Errorf("generation 2 file %s: want a part-g0002- name", f.Path)
		}
	}
	if ids2 := runIDs(paths(third.Files()), 2); len(ids2) != 1 {
		t.Errorf("run ids of generation 2: got %v, want exactly one", ids2)
	}
	checkNoLeftovers(t, fx.c, lakeName)
	checkSameRows(t, "manifest reader after a second compaction", manifestRows(t, fx.c, lakeName), fx.rows)
}

func TestCompactEmptyLake(t *testing.T) {
	fx := newFixture(t, 0, testKey, 0)
	res, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	want := compact.Result{Lake: lakeName, Generation: 1}
	if res != want {
		t.Errorf("got %+v, want %+v", res, want)
	}
	if s := fx.snapshot(t); s.Manifest.Generation != 1 || len(s.Files()) != 0 {
		t.Errorf("got generation %d with %d files, want generation 1 with none", s.Manifest.Generation, len(s.Files()))
	}
}

func TestCompactCrash(t *testing.T) {
	probe := newFixtureOn(t, fastFS{storage.OS}, testRows, testKey, testMaxRows)
	nFiles := len(probe.snapshot(t).Files())
	nGroups := len(compact.Plan(probe.snapshot(t).Files(), testTarget))

	var crashes []compact.Crash
	for k := 1; k <= nGroups; k++ {
		crashes = append(crashes, compact.Crash{Point: compact.CrashAfterFile, K: k})
	}
	crashes = append(crashes, compact.Crash{Point: compact.CrashBeforeSwap}, compact.Crash{Point: compact.CrashAfterSwap})
	for k := 1; k <= nFiles; k++ {
		crashes = append(crashes, compact.Crash{Point: compact.CrashMidDelete, K: k})
	}
	for _, crash := range crashes {
		name := crash.Point
		if crash.Point == compact.CrashAfterFile || crash.Point == compact.CrashMidDelete {
			name = fmt.Sprintf("%s=%d", crash.Point, crash.K)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fx := newFixtureOn(t, fastFS{storage.OS}, testRows, testKey, testMaxRows)
			before := tree(t, fx.lakeDir())
			swapped := crash.Point == compact.CrashAfterSwap || crash.Point == compact.CrashMidDelete

			_, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Crash: crash, Now: fixedNow})
			if !errors.Is(err, compact.ErrCrashed) {
				t.Fatalf("got error %v, want one wrapping compact.ErrCrashed", err)
			}
			s := fx.snapshot(t)
			checkSameRows(t, "manifest reader after the crash", readRows(t, s), fx.rows)
			onDisk := partFiles(t, fx.lakeDir())
			newFiles := slices.DeleteFunc(slices.Clone(onDisk), func(p string) bool { _, ok := before[p]; return ok })
			switch crash.Point {
			case compact.CrashAfterFile, compact.CrashBeforeSwap:
				// Nothing published: the manifest and old files as they were.
				checkIntact(t, fx.lakeDir(), before)
				if s.Manifest.Generation != 0 {
					t.Errorf("generation: got %d, want 0", s.Manifest.Generation)
				}
				want := nGroups
				if crash.Point == compact.CrashAfterFile {
					want = crash.K
				}
				if len(newFiles) != want {
					t.Errorf("new files left on disk: got %d (%v), want %d", len(newFiles), newFiles, want)
				}
				if crash.Point == compact.CrashBeforeSwap {
					// The glob reader sees the old and the new files: every row twice.
					checkSameRows(t, "glob reader after the crash", globRows(t, fx.c, lakeName), slices.Concat(fx.rows, fx.rows))
				}
			default:
				if s.Manifest.Generation != 1 {
					t.Errorf("generation: got %d, want 1", s.Manifest.Generation)
				}
				deleted := 0
				for p := range before {
					if storage.IsPartFile(path.Base(p)) && !slices.Contains(onDisk, p) {
						deleted++
					}
				}
				if want := max(crash.K, 0); deleted != want {
					t.Errorf("old files deleted: got %d, want %d", deleted, want)
				}
			}

			// A normal compaction finishes the job and leaves nothing behind.
			res, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
			if err != nil {
				t.Fatalf("compaction after the crash: %v", err)
			}
			wantGen := int64(1)
			if swapped {
				wantGen = 2
			}
			if res.Generation != wantGen || res.Rows != int64(len(fx.rows)) || res.Bytes != int64(len(fx.raw)) {
				t.Errorf("compaction after the crash: got generation %d, %d rows, %d bytes; want %d, %d, %d",
					res.Generation, res.Rows, res.Bytes, wantGen, len(fx.rows), len(fx.raw))
			}
			checkNoLeftovers(t, fx.c, lakeName)
			checkSameRows(t, "glob reader after recovery", globRows(t, fx.c, lakeName), fx.rows)
			checkSameRows(t, "manifest reader after recovery", manifestRows(t, fx.c, lakeName), fx.rows)
			for _, f := range fx.snapshot(t).Files() {
				if slices.Contains(onDisk, f.Path) {
					t.Errorf("recovery published %s, a name that was on disk after the crash", f.Path)
				}
			}
		})
	}
}

// TestCompactLeftoversNotReused puts files named like the output of
// interrupted runs in every partition, of this generation and the next, and
// checks that a compaction neither overwrites nor reuses them, and that the
// following one removes them.
func TestCompactLeftoversNotReused(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	// A real interrupted run...
	_, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Crash: compact.Crash{Point: compact.CrashAfterFile, K: 2}})
	if !errors.Is(err, compact.ErrCrashed) {
		t.Fatalf("got %v, want compact.ErrCrashed", err)
	}
	// ...and made-up ones.
	for _, f := range fx.snapshot(t).Files() {
		dir := path.Dir(f.Path)
		for _, name := range []string{
			storage.RewriteName(1, "00000000", 0), storage.RewriteName(1, "00000000", 1),
			storage.RewriteName(1, "ffffffff", 0), storage.RewriteName(2, "00000000", 0),
			storage.PartName(99),
		} {
			p := filepath.Join(fx.lakeDir(), filepath.FromSlash(path.Join(dir, name)))
			row := fmt.Sprintf("{\"leftover\":%q}\n", path.Join(dir, name))
			if err := os.WriteFile(p, []byte(row), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := tree(t, fx.lakeDir())
	leftovers := slices.DeleteFunc(partFiles(t, fx.lakeDir()), func(p string) bool {
		return slices.Contains(paths(fx.snapshot(t).Files()), p)
	})
	oldIDs := runIDs(leftovers, 1)
	if len(oldIDs) != 3 {
		t.Fatalf("leftover run ids: got %v, want 3", oldIDs)
	}

	_, err = compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Crash: compact.Crash{Point: compact.CrashBeforeSwap}})
	if !errors.Is(err, compact.ErrCrashed) {
		t.Fatalf("got %v, want compact.ErrCrashed", err)
	}
	checkIntact(t, fx.lakeDir(), before)
	var fresh []string
	for _, p := range partFiles(t, fx.lakeDir()) {
		if _, ok := before[p]; !ok {
			fresh = append(fresh, p)
		}
	}
	newIDs := runIDs(fresh, 1)
	if len(newIDs) != 1 || len(fresh) != len(compact.Plan(fx.snapshot(t).Files(), testTarget)) {
		t.Fatalf("files of the second run: got %v (run ids %v), want one per group under one run id", fresh, newIDs)
	}
	for id := range newIDs {
		if oldIDs[id] {
			t.Errorf("run id %s reused from a leftover", id)
		}
	}

	if _, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	checkNoLeftovers(t, fx.c, lakeName)
	checkSameRows(t, "glob reader", globRows(t, fx.c, lakeName), fx.rows)
}

// collideFS creates a leftover under the name of the first new part file
// just before the compaction creates it, as if the name had been taken.
type collideFS struct {
	storage.FS
	once sync.Once
	name string // the leftover made
}

func (c *collideFS) OpenFile(name string, flag int) (storage.File, error) {
	if flag&os.O_EXCL != 0 && strings.HasPrefix(filepath.Base(name), "part-g") {
		c.once.Do(func() {
			c.name = name
			if err := os.WriteFile(name, []byte("{\"leftover\":true}\n"), 0o644); err != nil {
				panic(err)
			}
		})
	}
	return c.FS.OpenFile(name, flag)
}

func TestCompactNeverOverwrites(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	before := tree(t, fx.lakeDir())
	cfs := &collideFS{FS: storage.OS}
	c := &catalog.Catalog{FS: cfs, Dir: fx.c.Dir}
	_, err := compact.Compact(c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("got error %v, want one wrapping fs.ErrExist", err)
	}
	if cfs.name == "" {
		t.Fatal("no new file was created")
	}
	if data, err := os.ReadFile(cfs.name); err != nil || string(data) != "{\"leftover\":true}\n" {
		t.Errorf("%s: got %q (%v), want the leftover untouched", cfs.name, data, err)
	}
	checkIntact(t, fx.lakeDir(), before)

	if _, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cfs.name); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s: got %v, want it cleaned up", cfs.name, err)
	}
	checkNoLeftovers(t, fx.c, lakeName)
	checkSameRows(t, "glob reader", globRows(t, fx.c, lakeName), fx.rows)
}

func TestCompactCorrupt(t *testing.T) {
	tests := map[string]struct {
		// tamper breaks the lake and returns the path named in the error.
		tamper func(t *testing.T, fx *fixture, victim storage.FileEntry) string
	}{
		"file longer than the manifest says": {func(t *testing.T, fx *fixture, v storage.FileEntry) string {
			p := filepath.Join(fx.lakeDir(), filepath.FromSlash(v.Path))
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := f.WriteString(fx.rows[0] + "\n"); err != nil {
				t.Fatal(err)
			}
			return v.Path
		}},
		"file shorter than the manifest says": {func(t *testing.T, fx *fixture, v storage.FileEntry) string {
			p := filepath.Join(fx.lakeDir(), filepath.FromSlash(v.Path))
			if err := os.Truncate(p, v.Bytes-1); err != nil {
				t.Fatal(err)
			}
			return v.Path
		}},
		"manifest bytes off by one": {func(t *testing.T, fx *fixture, v storage.FileEntry) string {
			m := fx.snapshot(t).Manifest
			for i := range m.Files {
				if m.Files[i].Path == v.Path {
					m.Files[i].Bytes++
				}
			}
			if err := storage.WriteFileAtomic(storage.OS, filepath.Join(fx.lakeDir(), storage.ManifestName), storage.EncodeManifest(m)); err != nil {
				t.Fatal(err)
			}
			return v.Path
		}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fx := newFixture(t, testRows, testKey, testMaxRows)
			files := fx.snapshot(t).Files()
			// A file in the middle of the lake, so that groups before it
			// have been written when the compaction finds it.
			victim := files[len(files)/2]
			where := tc.tamper(t, fx, victim)
			before := tree(t, fx.lakeDir())

			_, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow})
			if !errors.Is(err, storage.ErrCorrupt) {
				t.Fatalf("got error %v, want one wrapping storage.ErrCorrupt", err)
			}
			if !strings.Contains(err.Error(), filepath.FromSlash(where)) {
				t.Errorf("error %q does not name %s", err, where)
			}
			checkIntact(t, fx.lakeDir(), before)
			if got, want := partFiles(t, fx.lakeDir()), paths(fx.snapshot(t).Files()); !slices.Equal(got, want) {
				t.Errorf("part files after the failed compaction: got %v, want only the old %v", got, want)
			}
			if g := fx.snapshot(t).Manifest.Generation; g != 0 {
				t.Errorf("generation: got %d, want 0", g)
			}
			if hist, err := fx.c.History(); err != nil || len(hist) != 0 {
				t.Errorf("history: got %v (%v), want nothing recorded", hist, err)
			}
		})
	}
}
