package compact_test

import (
	"encoding/json"
	"errors"
	"io"
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

// diskBytes sums the sizes on disk of the files a snapshot lists.
func diskBytes(t *testing.T, s *catalog.Snapshot) int64 {
	t.Helper()
	var n int64
	for _, f := range s.Files() {
		st, err := os.Stat(s.Path(f.Path))
		if err != nil {
			t.Fatal(err)
		}
		n += st.Size()
	}
	return n
}

// field returns the string value of a member of a row.
func field(t *testing.T, row, name string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(row), &m); err != nil {
		t.Fatalf("row %q: %v", row, err)
	}
	s, _ := m[name].(string)
	return s
}

// checkPartitioned fails unless every row of every file of s belongs to the
// partition the file is listed under (key fields hold string values).
func checkPartitioned(t *testing.T, s *catalog.Snapshot) {
	t.Helper()
	for _, f := range s.Files() {
		rc, err := s.Open(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		buf, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range splitLines(buf) {
			for i, k := range s.Key() {
				if got, want := field(t, row, k), f.Partition[i].Str; got != want {
					t.Errorf("%s: row with %s=%q, want %q", f.Path, k, got, want)
				}
			}
		}
	}
}

// checkNoBuildFolders fails if a folder aside (.tmp~...) is left in the work
// folder.
func checkNoBuildFolders(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp~") {
			t.Errorf("folder aside %s left in the work folder", e.Name())
		}
	}
}

func TestRepartition(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	src := fx.snapshot(t)
	srcTree := tree(t, fx.lakeDir())
	srcBytes := diskBytes(t, src)
	// The manifest is the source, not raw.jsonl.
	if err := os.Remove(fx.rawPath); err != nil {
		t.Fatal(err)
	}
	regions := make(map[string]bool)
	for _, r := range fx.rows {
		regions[field(t, r, "region")] = true
	}

	res, err := compact.Repartition(fx.c, lakeName, "by_region", []string{"region"}, compact.RepartitionOptions{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	dst, err := fx.c.Snapshot("by_region")
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(fx.rows))
	if res.RowsRead != n || res.RowsWritten != n {
		t.Errorf("rows: got read %d, written %d, want %d both", res.RowsRead, res.RowsWritten, n)
	}
	if res.BytesRead != srcBytes {
		t.Errorf("bytes_read: got %d, want %d (the source files on disk)", res.BytesRead, srcBytes)
	}
	var onDisk int64
	for _, p := range partFiles(t, dst.Dir) {
		st, err := os.Stat(filepath.Join(dst.Dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		onDisk += st.Size()
	}
	if res.BytesWritten != onDisk || dst.Manifest.Bytes() != onDisk {
		t.Errorf("bytes_written: got %d (manifest %d), want %d (the new files on disk)", res.BytesWritten, dst.Manifest.Bytes(), onDisk)
	}
	want := compact.RepartitionResult{From: lakeName, To: "by_region", RowsRead: n, RowsWritten: n,
		FilesBefore: len(src.Files()), FilesAfter: len(regions), PartitionsAfter: len(regions),
		BytesRead: srcBytes, BytesWritten: onDisk}
	if res != want {
		t.Errorf("result: got %+v, want %+v", res, want)
	}
	if dst.Manifest.Generation != 0 || !slices.Equal(dst.Key(), []string{"region"}) || len(dst.Files()) != len(regions) {
		t.Errorf("new lake: got generation %d, key %v, %d files; want generation 0, key [region], one file per region (%d)",
			dst.Manifest.Generation, dst.Key(), len(dst.Files()), len(regions))
	}
	checkNoLeftovers(t, fx.c, "by_region")
	checkSameRows(t, "new lake", readRows(t, dst), fx.rows)
	checkPartitioned(t, dst)
	checkIntact(t, fx.lakeDir(), srcTree)
	if got := tree(t, fx.lakeDir()); len(got) != len(srcTree) {
		t.Errorf("source lake: got %d files, want %d", len(got), len(srcTree))
	}
	checkNoBuildFolders(t, fx.c.Dir)

	hist, err := fx.c.History()
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 1 || hist[0].Op != "repartition" || !hist[0].Time.Equal(testNow) {
		t.Fatalf("history: got %+v, want one repartition event at %v", hist, testNow)
	}
	var recorded compact.RepartitionResult
	if err := json.Unmarshal(hist[0].Result, &recorded); err != nil || recorded != res {
		t.Errorf("recorded result: got %+v (%v), want %+v", recorded, err, res)
	}
}

// TestRepartitionInPlace rewrites a lake under a new key into itself: built
// aside, swapped in, the old files gone, the generation one up each time.
func TestRepartitionInPlace(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	old := fx.snapshot(t)
	srcBytes := diskBytes(t, old)
	steps := []struct {
		key     []string
		compact bool // compact before repartitioning
		gen     int64
	}{
		{key: []string{"region"}, gen: 1},
		{key: []string{"day", "channel"}, compact: true, gen: 3},
		{key: []string{"day", "channel"}, gen: 4},
	}
	for _, st := range steps {
		if st.compact {
			if _, err := compact.Compact(fx.c, lakeName, compact.Options{Target: testTarget, Now: fixedNow}); err != nil {
				t.Fatal(err)
			}
			old = fx.snapshot(t)
		}
		res, err := compact.Repartition(fx.c, lakeName, lakeName, st.key, compact.RepartitionOptions{Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		s := fx.snapshot(t)
		if s.Manifest.Generation != st.gen || !slices.Equal(s.Key(), st.key) {
			t.Errorf("repartition by %v: got generation %d, key %v; want %d, %v", st.key, s.Manifest.Generation, s.Key(), st.gen, st.key)
		}
		if res.RowsRead != int64(len(fx.rows)) || res.RowsWritten != int64(len(fx.rows)) || res.BytesRead != srcBytes || res.FilesBefore != len(old.Files()) {
			t.Errorf("repartition by %v: got %+v, want %d rows read and written, %d bytes read from %d files",
				st.key, res, len(fx.rows), srcBytes, len(old.Files()))
		}
		if res.BytesWritten != diskBytes(t, s) {
			t.Errorf("bytes_written: got %d, want %d", res.BytesWritten, diskBytes(t, s))
		}
		// Old files gone: only the new manifest's files are in the folder.
		for _, f := range old.Files() {
			if !slices.Contains(paths(s.Files()), f.Path) {
				if _, err := os.Stat(old.Path(f.Path)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("old file %s: got %v, want it gone", f.Path, err)
				}
			}
		}
		entries, err := os.ReadDir(fx.lakeDir())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != storage.ManifestName && !strings.HasPrefix(e.Name(), st.key[0]+"=") {
				t.Errorf("lake folder holds %s after repartitioning by %v", e.Name(), st.key)
			}
		}
		checkNoLeftovers(t, fx.c, lakeName)
		checkNoBuildFolders(t, fx.c.Dir)
		checkSameRows(t, "repartitioned lake", manifestRows(t, fx.c, lakeName), fx.rows)
		checkSameRows(t, "repartitioned lake, glob", globRows(t, fx.c, lakeName), fx.rows)
		checkPartitioned(t, s)
		old = s
		srcBytes = diskBytes(t, s)
	}
}

// TestRepartitionFails checks that a failed repartition changes nothing: not
// the target lake, not the source, not the history.
func TestRepartitionFails(t *testing.T) {
	tests := map[string]struct {
		to     string
		key    []string
		damage func(t *testing.T, fx *fixture) // damages the source lake
		check  func(t *testing.T, fx *fixture, err error)
	}{
		"malformed line":           {to: "target", key: []string{"region"}, damage: breakLine3, check: checkLine3},
		"malformed line, in place": {to: lakeName, key: []string{"region"}, damage: breakLine3, check: checkLine3},
		"file longer than the manifest says": {to: "target", key: []string{"region"},
			damage: func(t *testing.T, fx *fixture) {
				f, err := os.OpenFile(victim(t, fx), os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				if _, err := f.WriteString(fx.rows[0] + "\n"); err != nil {
					t.Fatal(err)
				}
			},
			check: func(t *testing.T, fx *fixture, err error) {
				if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), victim(t, fx)) {
					t.Errorf("got error %v, want one wrapping storage.ErrCorrupt naming %s", err, victim(t, fx))
				}
			}},
		"empty key": {to: "target", key: nil, check: func(t *testing.T, fx *fixture, err error) {
			if err == nil {
				t.Error("got no error, want one")
			}
		}},
		"repeated key field": {to: "target", key: []string{"day", "day"}, check: func(t *testing.T, fx *fixture, err error) {
			if err == nil {
				t.Error("got no error, want one")
			}
		}},
		"bad lake name": {to: "../x", key: []string{"region"}, check: func(t *testing.T, fx *fixture, err error) {
			if !errors.Is(err, catalog.ErrBadName) {
				t.Errorf("got error %v, want one wrapping catalog.ErrBadName", err)
			}
		}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fx := newFixture(t, testRows, testKey, testMaxRows)
			if _, err := fx.c.Create("target", []string{"day"}, fx.rawPath, 0); err != nil {
				t.Fatal(err)
			}
			if tc.damage != nil {
				tc.damage(t, fx)
			}
			before := tree(t, fx.c.Dir)
			_, err := compact.Repartition(fx.c, lakeName, tc.to, tc.key, compact.RepartitionOptions{Now: fixedNow})
			tc.check(t, fx, err)
			after := tree(t, fx.c.Dir)
			for p, data := range after {
				if before[p] != data {
					t.Errorf("%s: changed or created by a failed repartition", p)
				}
			}
			for p := range before {
				if _, ok := after[p]; !ok {
					t.Errorf("%s: deleted by a failed repartition", p)
				}
			}
			checkNoBuildFolders(t, fx.c.Dir)
		})
	}
}

// victim is the source file the failure tests damage: one in the middle.
func victim(t *testing.T, fx *fixture) string {
	t.Helper()
	s := fx.snapshot(t)
	return s.Path(s.Files()[len(s.Files())/2].Path)
}

// breakLine3 makes line 3 of the victim file malformed, keeping its size.
func breakLine3(t *testing.T, fx *fixture) {
	t.Helper()
	p := victim(t, fx)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 3 {
		t.Fatalf("%s has %d lines, want at least 3", p, len(lines))
	}
	lines[2] = "x" + lines[2][1:]
	if err := os.WriteFile(p, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func checkLine3(t *testing.T, fx *fixture, err error) {
	t.Helper()
	var le *storage.LineError
	if !errors.As(err, &le) || le.File != victim(t, fx) || le.Line != 3 {
		t.Fatalf("got error %v, want a storage.LineError for %s line 3", err, victim(t, fx))
	}
	if msg := err.Error(); !strings.Contains(msg, victim(t, fx)) || !strings.Contains(msg, "line 3") {
		t.Errorf("error %q does not name %s and line 3", msg, victim(t, fx))
	}
}

// recordFS records the paths a rewrite creates and the folders it exchanges.
type recordFS struct {
	storage.FS
	mu        sync.Mutex
	created   []string
	exchanged [][2]string
}

func (r *recordFS) note(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.created = append(r.created, name)
}

func (r *recordFS) OpenFile(name string, flag int) (storage.File, error) {
	r.note(name)
	return r.FS.OpenFile(name, flag)
}

func (r *recordFS) CreateTemp(dir, pattern string) (storage.File, error) {
	r.note(filepath.Join(dir, pattern))
	return r.FS.CreateTemp(dir, pattern)
}

func (r *recordFS) MkdirAll(name string) error {
	r.note(name)
	return r.FS.MkdirAll(name)
}

func (r *recordFS) Exchange(a, b string) error {
	r.mu.Lock()
	r.exchanged = append(r.exchanged, [2]string{a, b})
	r.mu.Unlock()
	return r.FS.Exchange(a, b)
}

// TestRepartitionInPlaceBuildsAside checks that repartitioning a lake into
// itself creates nothing inside the lake folder and swaps a folder aside in.
func TestRepartitionInPlaceBuildsAside(t *testing.T) {
	fx := newFixture(t, testRows, testKey, testMaxRows)
	rfs := &recordFS{FS: storage.OS}
	c := &catalog.Catalog{FS: rfs, Dir: fx.c.Dir}
	if _, err := compact.Repartition(c, lakeName, lakeName, []string{"region"}, compact.RepartitionOptions{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	lake := fx.lakeDir()
	for _, p := range rfs.created {
		if p == lake || strings.HasPrefix(p, lake+string(filepath.Separator)) {
			t.Errorf("created %s inside the lake folder, want everything built aside", p)
		}
	}
	if len(rfs.exchanged) != 1 || rfs.exchanged[0][1] != lake || filepath.Dir(rfs.exchanged[0][0]) != fx.c.Dir {
		t.Errorf("exchanges: got %v, want one of a folder aside in %s with %s", rfs.exchanged, fx.c.Dir, lake)
	}
	if len(rfs.created) == 0 {
		t.Error("recorded no created files")
	}
	checkSameRows(t, "repartitioned lake", manifestRows(t, fx.c, lakeName), fx.rows)
}
