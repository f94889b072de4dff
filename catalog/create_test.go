package catalog_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

func TestCreate(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	m, err := c.Create("orders", []string{"day", "region"}, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	null := "day=" + storage.DefaultPartition + "/region=seoul/part-0000.jsonl"
	wantTree := map[string]string{
		storage.ManifestName:                                "",
		"day=d1":                                            "<dir>",
		"day=d1/region=busan":                               "<dir>",
		"day=d1/region=busan/part-0000.jsonl":               rawOrders[3] + "\n",
		"day=d1/region=seoul":                               "<dir>",
		"day=d1/region=seoul/part-0000.jsonl":               rawOrders[0] + "\n" + rawOrders[2] + "\n",
		"day=d2":                                            "<dir>",
		"day=d2/region=busan":                               "<dir>",
		"day=d2/region=busan/part-0000.jsonl":               rawOrders[1] + "\n",
		"day=" + storage.DefaultPartition:                   "<dir>",
		"day=" + storage.DefaultPartition + "/region=seoul": "<dir>",
		null: rawOrders[4] + "\n",
	}
	tree := storagetest.Tree(t, c.LakeDir("orders"))
	wantTree[storage.ManifestName] = string(storage.EncodeManifest(m))
	if diff := storagetest.DiffTree(tree, wantTree); diff != "" {
		t.Errorf("lake folder differs:\n%s", diff)
	}
	if m.Lake != "orders" || m.Generation != 0 || !slices.Equal(m.Key, []string{"day", "region"}) {
		t.Errorf("Create: got lake %q, generation %d, key %q, want orders, 0, [day region]", m.Lake, m.Generation, m.Key)
	}
	var paths []string
	for _, f := range m.Files {
		paths = append(paths, f.Path)
		if f.Bytes != int64(len(tree[f.Path])) {
			t.Errorf("%s: got %d bytes, want %d on disk", f.Path, f.Bytes, len(tree[f.Path]))
		}
	}
	if want := []string{null, "day=d1/region=busan/part-0000.jsonl", "day=d1/region=seoul/part-0000.jsonl", "day=d2/region=busan/part-0000.jsonl"}; !slices.Equal(paths, want) {
		t.Errorf("Create: got files %q, want %q", paths, want)
	}
	s, err := c.Snapshot("orders")
	if err != nil || !reflect.DeepEqual(s.Manifest, m) {
		t.Errorf("Snapshot after Create: got %+v, %v, want %+v", s, err, m)
	}
	if got := leftovers(t, c.Dir); len(got) != 0 {
		t.Errorf("work folder: got leftovers %q, want none", got)
	}
}

func TestCreateRolls(t *testing.T) {
	var lines []string
	for i := range 7 {
		lines = append(lines, fmt.Sprintf(`{"i":%d,"k":"a"}`, i))
	}
	c, src := workdir(t, lines...)
	m, err := c.Create("l", []string{"k"}, src, 3)
	if err != nil {
		t.Fatal(err)
	}
	var rows []int64
	for i, f := range m.Files {
		if want := "k=a/" + storage.PartName(i); f.Path != want {
			t.Errorf("file %d: got %q, want %q", i, f.Path, want)
		}
		rows = append(rows, f.Rows)
	}
	if want := []int64{3, 3, 1}; !slices.Equal(rows, want) {
		t.Errorf("rows per file: got %v, want %v", rows, want)
	}
}

func TestCreateErrors(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	for name, tc := range map[string]struct {
		c    *catalog.Catalog
		lake string
		key  []string
		src  string
		err  error // nil: any error
	}{
		"bad name":        {c, "a/b", []string{"day"}, src, catalog.ErrBadName},
		"dot dot":         {c, "..", []string{"day"}, src, catalog.ErrBadName},
		"empty key":       {c, "l", nil, src, nil},
		"repeated key":    {c, "l", []string{"day", "day"}, src, nil},
		"empty field":     {c, "l", []string{""}, src, nil},
		"missing source":  {c, "l", []string{"day"}, filepath.Join(c.Dir, "nope.jsonl"), catalog.ErrSourceNotFound},
		"missing workdir": {catalog.New(filepath.Join(c.Dir, "nope")), "l", []string{"day"}, src, catalog.ErrWorkdirNotFound},
	} {
		t.Run(name, func(t *testing.T) {
			before := storagetest.Tree(t, c.Dir)
			m, err := tc.c.Create(tc.lake, tc.key, tc.src, 0)
			if err == nil || m != nil || (tc.err != nil && !errors.Is(err, tc.err)) {
				t.Errorf("Create: got %v, %v, want nil and error %v", m, err, tc.err)
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
				t.Errorf("work folder changed:\n%s", diff)
			}
		})
	}
}

// TestCreateKeepsOldLake checks that a lake is replaced only by a complete
// new one: a bad line leaves the old lake byte for byte as it was.
func TestCreateKeepsOldLake(t *testing.T) {
	for name, tc := range map[string]struct {
		lines []string
		line  int
		err   error
	}{
		"malformed first line": {[]string{`{"day":`}, 1, storage.ErrSyntax},
		"malformed later line": {append(slices.Clone(rawOrders), `{"day":"d9"`, `{"day":"d1"}`), 6, storage.ErrSyntax},
		"not an object":        {[]string{`{"day":"d1"}`, `["d1"]`}, 2, storage.ErrSyntax},
		"object key value":     {[]string{`{"day":"d1"}`, `{"day":"d2"}`, `{"day":{"y":2026}}`}, 3, storage.ErrKeyValue},
		"array key value":      {[]string{`{"day":[1]}`}, 1, storage.ErrKeyValue},
		"blank line":           {[]string{`{"day":"d1"}`, ``, `{"day":"d1"}`}, 2, storage.ErrSyntax},
	} {
		t.Run(name, func(t *testing.T) {
			c, src := workdir(t, rawOrders...)
			if _, err := c.Create("orders", []string{"day"}, src, 2); err != nil {
				t.Fatal(err)
			}
			before := storagetest.Tree(t, c.Dir)
			bad := filepath.Join(c.Dir, "bad.jsonl")
			writeLines(t, bad, tc.lines...)
			before["bad.jsonl"] = storagetest.Tree(t, c.Dir)["bad.jsonl"]

			m, err := c.Create("orders", []string{"day"}, bad, 0)
			var le *storage.LineError
			if m != nil || !errors.As(err, &le) || !errors.Is(err, tc.err) {
				t.Fatalf("Create: got %v, %v, want a LineError wrapping %v", m, err, tc.err)
			}
			if le.Line != tc.line || le.File != bad {
				t.Errorf("Create: got %s line %d, want %s line %d", le.File, le.Line, bad, tc.line)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("line %d", tc.line)) {
				t.Errorf("Create: got message %q, want it to name line %d", err, tc.line)
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
				t.Errorf("work folder changed by a failed Create:\n%s", diff)
			}
		})
	}
}

func TestCreateReplaces(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(c.Dir, "other.jsonl")
	writeLines(t, other, `{"region":"x","n":1}`, `{"region":"y","n":2}`)
	m, err := c.Create("orders", []string{"region"}, other, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		storage.ManifestName:       string(storage.EncodeManifest(m)),
		"region=x":                 "<dir>",
		"region=x/part-0000.jsonl": `{"region":"x","n":1}` + "\n",
		"region=y":                 "<dir>",
		"region=y/part-0000.jsonl": `{"region":"y","n":2}` + "\n",
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.LakeDir("orders")), want); diff != "" {
		t.Errorf("replaced lake differs (nothing of the old one may stay):\n%s", diff)
	}
	if got := leftovers(t, c.Dir); len(got) != 0 {
		t.Errorf("work folder: got leftovers %q, want none", got)
	}
}

// TestCreateReplacesOnlyLakes: a lake's name taken by a file (its own
// source among them), by a folder without a manifest (the user's, or a
// lake whose manifest was lost) or by the history is refused with
// ErrNotALake, and nothing on disk changes; a lake is replaced.
func TestCreateReplacesOnlyLakes(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	mkfile(t, filepath.Join(c.Dir, "notes.txt"), "keep me")
	mkfile(t, filepath.Join(c.Dir, "mine", "f.txt"), "keep me too")
	mkfile(t, filepath.Join(c.Dir, "lost", "day=d1", "part-0000.jsonl"), rawOrders[0]+"\n")
	before := storagetest.Tree(t, c.Dir)
	for _, name := range []string{filepath.Base(src), "notes.txt", "mine", "lost", catalog.HistoryName} {
		_, err := c.Create(name, []string{"day"}, src, 0)
		if !errors.Is(err, catalog.ErrNotALake) {
			t.Errorf("Create %s: got %v, want ErrNotALake", name, err)
		}
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
		t.Errorf("a refused create changed the work folder:\n%s", diff)
	}
	for range 2 {
		if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCreateRemovesLeftovers(t *testing.T) {
	for name, ok := range map[string]bool{"success": true, "failure": false} {
		t.Run(name, func(t *testing.T) {
			c, src := workdir(t, rawOrders...)
			mkfile(t, filepath.Join(c.Dir, ".tmp~orders~deadbeef", "day=d1", "part-0000.jsonl"), "{}\n")
			mkfile(t, filepath.Join(c.Dir, ".tmp~orders~0badf00d", storage.ManifestName), "{}")
			mkfile(t, filepath.Join(c.Dir, ".tmp~orders2~deadbeef", "x"), "") // another lake's
			mkfile(t, filepath.Join(c.Dir, ".tmp~orders~file"), "")           // not a folder
			if !ok {
				writeLines(t, src, `{"day":"d1"}`, `nope`)
			}
			_, err := c.Create("orders", []string{"day"}, src, 0)
			if (err == nil) != ok {
				t.Fatalf("Create: got %v, want success %v", err, ok)
			}
			got := leftovers(t, c.Dir)
			if want := []string{".tmp~orders2~deadbeef", ".tmp~orders~file"}; !slices.Equal(got, want) {
				t.Errorf("work folder: got %q, want %q", got, want)
			}
		})
	}
}

func TestCreateInvalidUTF8Key(t *testing.T) {
	c, src := workdir(t, "{\"k\":\"\xff\"}", `{"k":"\ud800"}`, `{"k":"\ufffd"}`)
	m, err := c.Create("l", []string{"k"}, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Snapshot("l")
	if err != nil {
		t.Fatalf("Snapshot: got %v, want the manifest Create wrote to read back", err)
	}
	if !reflect.DeepEqual(s.Manifest, m) {
		t.Errorf("Snapshot: got %+v, want %+v", s.Manifest, m)
	}
	if len(m.Files) != 1 || m.Files[0].Rows != 3 {
		t.Errorf("Create: got %+v, want one file of 3 rows (all three values are U+FFFD)", m.Files)
	}
}

// TestReplaceBuildError checks that an error of build leaves the old lake and
// no folder aside.
func TestReplaceBuildError(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	before := storagetest.Tree(t, c.Dir)
	boom := errors.New("boom")
	var aside string
	m, err := c.Replace("orders", catalog.Crash{}, func(dir string) (*storage.Manifest, error) {
		aside = dir
		mkfile(t, filepath.Join(dir, "k=1", "part-0000.jsonl"), "{}\n")
		return nil, boom
	})
	if m != nil || !errors.Is(err, boom) {
		t.Errorf("Replace: got %v, %v, want nil, %v", m, err, boom)
	}
	if filepath.Dir(aside) != c.Dir || !strings.HasPrefix(filepath.Base(aside), ".tmp~orders~") {
		t.Errorf("Replace built in %q, want a .tmp~orders~ folder in the work folder", aside)
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
		t.Errorf("work folder changed by a failed Replace:\n%s", diff)
	}
}

// TestCreateFaults fails each file operation of a Create that replaces a lake
// and checks that the lake reads back whole, old or new, and that the next
// Create succeeds and leaves no folder aside.
func TestCreateFaults(t *testing.T) {
	newRaw := []string{`{"day":"d7","n":1}`, `{"day":"d8","n":2}`, `{"day":"d7","n":3}`, `{"n":4}`}
	setup := func(t *testing.T) (*catalog.Catalog, string) {
		c, src := workdir(t, rawOrders...)
		if _, err := c.Create("orders", []string{"day"}, src, 2); err != nil {
			t.Fatal(err)
		}
		newSrc := filepath.Join(c.Dir, "new.jsonl")
		writeLines(t, newSrc, newRaw...)
		return c, newSrc
	}
	c, newSrc := setup(t)
	oldLake := storagetest.Tree(t, c.LakeDir("orders"))
	clean := storagetest.NewFaultFS(storage.OS, 0)
	c.FS = clean
	if _, err := c.Create("orders", []string{"day"}, newSrc, 0); err != nil {
		t.Fatal(err)
	}
	newLake := storagetest.Tree(t, c.LakeDir("orders"))
	n := clean.Count()
	if n < 10 {
		t.Fatalf("Create took %d operations, want at least 10: %q", n, clean.Ops())
	}

	for i := 1; i <= n; i++ {
		c, newSrc := setup(t)
		fault := storagetest.NewFaultFS(storage.OS, i)
		c.FS = fault
		_, err := c.Create("orders", []string{"day"}, newSrc, 0)
		op := fault.Ops()[i-1]
		if !errors.Is(err, storagetest.ErrInjected) {
			t.Errorf("fault at op %d %s: got %v, want ErrInjected", i, op, err)
		}
		c.FS = storage.OS
		lake := storagetest.Tree(t, c.LakeDir("orders"))
		if storagetest.DiffTree(lake, oldLake) != "" && storagetest.DiffTree(lake, newLake) != "" {
			t.Errorf("fault at op %d %s: the lake is neither the old nor the new one:\nvs old:\n%s\nvs new:\n%s",
				i, op, storagetest.DiffTree(lake, oldLake), storagetest.DiffTree(lake, newLake))
		}
		if _, err := c.Snapshot("orders"); err != nil {
			t.Errorf("fault at op %d %s: Snapshot got %v, want the old or new lake", i, op, err)
		}
		if !strings.HasPrefix(op, "RemoveAll") {
			if got := leftovers(t, c.Dir); len(got) != 0 {
				t.Errorf("fault at op %d %s: got leftovers %q, want none", i, op, got)
			}
		}
		// The next rewrite cleans up whatever the failed one left.
		if _, err := c.Create("orders", []string{"day"}, newSrc, 0); err != nil {
			t.Fatalf("Create after the fault at op %d %s: %v", i, op, err)
		}
		if got := leftovers(t, c.Dir); len(got) != 0 {
			t.Errorf("after the fault at op %d %s and a new Create: got leftovers %q, want none", i, op, got)
		}
	}
}

func TestGlob(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	m, err := c.Create("orders", []string{"day", "region"}, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	lake := c.LakeDir("orders")
	// An orphan of an interrupted compaction, and files the manifest never knew.
	mkfile(t, filepath.Join(lake, "day=d1", "region=seoul", "part-g0001-abcd1234-0000.jsonl"), rawOrders[0]+"\n")
	mkfile(t, filepath.Join(lake, "day=d3", "part-0000.jsonl"), "{}\n")
	mkfile(t, filepath.Join(lake, "day=d1", "region=seoul", "notes.txt"), "x")

	g, err := c.Glob("orders")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Glob || g.Manifest.Generation != -1 || g.Manifest.Lake != "orders" || g.Dir != lake {
		t.Errorf("Glob: got Glob %v, generation %d, lake %q, dir %q, want true, -1, orders, %q", g.Glob, g.Manifest.Generation, g.Manifest.Lake, g.Dir, lake)
	}
	if !slices.Equal(g.Key(), []string{"day", "region"}) {
		t.Errorf("Glob key: got %q, want [day region]", g.Key())
	}
	got := make(map[string][]storage.PartValue)
	for _, f := range g.Files() {
		got[f.Path] = f.Partition
		if f.Rows != 0 || f.Bytes != 0 {
			t.Errorf("Glob %s: got rows %d, bytes %d, want 0, 0 (unknown)", f.Path, f.Rows, f.Bytes)
		}
	}
	want := make(map[string][]storage.PartValue)
	for _, f := range m.Files {
		want[f.Path] = f.Partition
	}
	want["day=d1/region=seoul/part-g0001-abcd1234-0000.jsonl"] = []storage.PartValue{{Str: "d1"}, {Str: "seoul"}}
	want["day=d3/part-0000.jsonl"] = nil // other fields: never pruned
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Glob files:\ngot  %v\nwant %v", got, want)
	}
	if _, err := c.Glob("nope"); !errors.Is(err, catalog.ErrLakeNotFound) {
		t.Errorf("Glob of a missing lake: got %v, want ErrLakeNotFound", err)
	}
}

func TestGlobEmptyLake(t *testing.T) {
	c, src := workdir(t)
	if _, err := c.Create("empty", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	g, err := c.Glob("empty")
	if err != nil || len(g.Files()) != 0 || len(g.Key()) != 0 {
		t.Errorf("Glob of an empty lake: got %+v, %v, want no files and no key (the folder spells none)", g, err)
	}
}

// TestGlobIgnoresManifest: the glob reader needs a manifest to exist but
// never reads it, so a corrupt one does not stop it.
func TestGlobIgnoresManifest(t *testing.T) {
	c, src := workdir(t, `{"day":"a"}`, `{"day":"b"}`)
	if _, err := c.Create("l", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	want, err := c.Glob("l")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.Dir, "l", storage.ManifestName), []byte("{torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := c.Glob("l")
	if err != nil || len(g.Files()) != 2 || len(want.Files()) != 2 || !slices.Equal(g.Key(), []string{"day"}) {
		t.Fatalf("Glob with a corrupt manifest: got %v files, key %v, err %v; want 2 files, key [day]", len(g.Files()), g.Key(), err)
	}
}

// rewriteFiles writes the rows of s again as one new file per partition,
// named for generation gen, as a compaction would, and returns the entries.
func rewriteFiles(t *testing.T, s *catalog.Snapshot, gen int64) []storage.FileEntry {
	t.Helper()
	byDir := make(map[string][]storage.FileEntry)
	for _, f := range s.Files() {
		d := filepath.ToSlash(filepath.Dir(f.Path))
		byDir[d] = append(byDir[d], f)
	}
	var out []storage.FileEntry
	for d, files := range byDir {
		var data []byte
		var rows int64
		for _, f := range files {
			b, err := os.ReadFile(s.Path(f.Path))
			if err != nil {
				t.Fatal(err)
			}
			data = append(data, b...)
			rows += f.Rows
		}
		rel := d + "/" + storage.RewriteName(gen, "test", 0)
		mkfile(t, s.Path(rel), string(data))
		out = append(out, storage.FileEntry{Path: rel, Partition: files[0].Partition, Rows: rows, Bytes: int64(len(data))})
	}
	return out
}

func TestCommit(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 1); err != nil {
		t.Fatal(err)
	}
	s0, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	files := rewriteFiles(t, s0, 1)
	slices.Reverse(files) // Commit sorts
	s1, err := c.Commit(s0, files)
	if err != nil {
		t.Fatalf("Commit: got %v, want nil", err)
	}
	if s1.Manifest.Generation != 1 || s1.Manifest.Rows() != s0.Manifest.Rows() || !slices.Equal(s1.Key(), s0.Key()) {
		t.Errorf("Commit: got generation %d, %d rows, key %q, want 1, %d, %q", s1.Manifest.Generation, s1.Manifest.Rows(), s1.Key(), s0.Manifest.Rows(), s0.Key())
	}
	read, err := c.Snapshot("orders")
	if err != nil || !reflect.DeepEqual(read.Manifest, s1.Manifest) {
		t.Fatalf("Snapshot after Commit: got %+v, %v, want %+v", read, err, s1.Manifest)
	}
	if !slices.IsSortedFunc(read.Files(), func(a, b storage.FileEntry) int { return strings.Compare(a.Path, b.Path) }) {
		t.Errorf("Commit: files not sorted by path")
	}
	if s0.Manifest.Generation != 0 {
		t.Errorf("Commit changed the snapshot it started from: generation %d", s0.Manifest.Generation)
	}

	// A writer that started from generation 0 must not publish over 1.
	manifest := storagetest.Tree(t, c.LakeDir("orders"))[storage.ManifestName]
	stale := rewriteFiles(t, s0, 9)
	if s, err := c.Commit(s0, stale); !errors.Is(err, catalog.ErrChanged) || s != nil {
		t.Errorf("Commit from a stale snapshot: got %v, %v, want nil, ErrChanged", s, err)
	}
	if got := storagetest.Tree(t, c.LakeDir("orders"))[storage.ManifestName]; got != manifest {
		t.Errorf("manifest after a refused Commit:\ngot  %s\nwant %s", got, manifest)
	}

	s2, err := c.Commit(s1, rewriteFiles(t, s1, 2))
	if err != nil || s2.Manifest.Generation != 2 {
		t.Fatalf("second Commit: got %+v, %v, want generation 2", s2, err)
	}
	if _, err := c.Commit(s1, nil); !errors.Is(err, catalog.ErrChanged) {
		t.Errorf("Commit from generation 1 at 2: got %v, want ErrChanged", err)
	}
	if err := c.Drop("orders"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Commit(s2, nil); !errors.Is(err, catalog.ErrLakeNotFound) {
		t.Errorf("Commit to a dropped lake: got %v, want ErrLakeNotFound", err)
	}
}

// TestCommitFaults fails each file operation of Commit: the manifest is the
// old one or the new one, whole, and no temporary file remains.
func TestCommitFaults(t *testing.T) {
	setup := func(t *testing.T) (*catalog.Catalog, *catalog.Snapshot, []storage.FileEntry, string) {
		c, src := workdir(t, rawOrders...)
		if _, err := c.Create("orders", []string{"day"}, src, 1); err != nil {
			t.Fatal(err)
		}
		s, err := c.Snapshot("orders")
		if err != nil {
			t.Fatal(err)
		}
		files := rewriteFiles(t, s, 1)
		return c, s, files, storagetest.Tree(t, s.Dir)[storage.ManifestName]
	}
	for i := 1; ; i++ {
		c, s, files, oldManifest := setup(t)
		fault := storagetest.NewFaultFS(storage.OS, i)
		c.FS = fault
		_, err := c.Commit(s, files)
		if i > fault.Count() {
			if err != nil || i != 7 {
				t.Fatalf("Commit without a fault: got %v after %d operations, want nil after 6", err, i-1)
			}
			break
		}
		op := fault.Ops()[i-1]
		if !errors.Is(err, storagetest.ErrInjected) {
			t.Errorf("fault at %s: got %v, want ErrInjected", op, err)
		}
		c.FS = storage.OS
		read, rerr := c.Snapshot("orders")
		switch {
		case rerr != nil:
			t.Errorf("fault at %s: Snapshot got %v, want the old or the new manifest", op, rerr)
		case read.Manifest.Generation == 0:
			if got := storagetest.Tree(t, s.Dir)[storage.ManifestName]; got != oldManifest {
				t.Errorf("fault at %s: generation 0 but the manifest changed", op)
			}
		case read.Manifest.Generation == 1:
			if !strings.HasPrefix(op, "SyncDir") {
				t.Errorf("fault at %s: got the new manifest after a failure before the rename", op)
			}
		default:
			t.Errorf("fault at %s: got generation %d, want 0 or 1", op, read.Manifest.Generation)
		}
		entries, _ := os.ReadDir(s.Dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp") {
				t.Errorf("fault at %s: got temporary file %s, want none", op, e.Name())
			}
		}
	}
}

// TestWritableOutside: an export may not write the work folder, a folder
// holding it, a lake, a file inside one or the history; anywhere else it
// may, a file of the work folder or a folder that is no lake included.
func TestWritableOutside(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	mkfile(t, filepath.Join(c.Dir, "mine", "f.txt"), "")
	for path, refused := range map[string]bool{
		c.Dir: true, filepath.Dir(c.Dir): true, "/": true,
		filepath.Join(c.Dir, "orders"):                              true,
		filepath.Join(c.Dir, "orders", storage.ManifestName):        true,
		filepath.Join(c.Dir, "orders", "day=d1", "part-0000.jsonl"): true,
		filepath.Join(c.Dir, "orders", "new", "x.csv"):              true,
		filepath.Join(c.Dir, catalog.HistoryName):                   true,
		filepath.Join(c.Dir, "out.csv"):                             false,
		filepath.Join(c.Dir, "mine", "out"):                         false,
		filepath.Join(c.Dir, "orders2"):                             false,
		filepath.Join(t.TempDir(), "elsewhere.parquet"):             false,
		filepath.Join(c.Dir, "orders", "..", "free.json"):           false,
	} {
		err := c.WritableOutside(path)
		if refused != errors.Is(err, catalog.ErrInLake) {
			t.Errorf("%s: got %v, want refused %v", path, err, refused)
		}
	}
}
