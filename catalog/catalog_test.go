package catalog_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// workdir returns a new work folder holding raw.jsonl with the given lines.
func workdir(t *testing.T, lines ...string) (*catalog.Catalog, string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "raw.jsonl")
	writeLines(t, src, lines...)
	return catalog.New(dir), src
}

func writeLines(t *testing.T, p string, lines ...string) {
	t.Helper()
	data := strings.Join(lines, "\n")
	if len(lines) > 0 {
		data += "\n"
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mkfile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// leftovers returns the names in the work folder that start with ".tmp~".
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp~") {
			out = append(out, e.Name())
		}
	}
	return out
}

var rawOrders = []string{
	`{"id":1,"day":"d1","region":"seoul","amount":10}`,
	`{"id":2,"day":"d2","region":"busan","amount":20}`,
	`{"id":3,"day":"d1","region":"seoul","amount":30}`,
	`{"id":4,"day":"d1","region":"busan","amount":40}`,
	`{"id":5,"region":"seoul","amount":50}`,
}

func TestCheckName(t *testing.T) {
	for name, tc := range map[string]struct {
		name string
		ok   bool
	}{
		"simple":        {"orders", true},
		"all classes":   {"Orders_2026-01.v2", true},
		"one letter":    {"a", true},
		"leading dot":   {".hidden", true},
		"three dots":    {"...", true},
		"digits":        {"2026", true},
		"empty":         {"", false},
		"dot":           {".", false},
		"dot dot":       {"..", false},
		"slash":         {"a/b", false},
		"parent":        {"../x", false},
		"backslash":     {`a\b`, false},
		"space":         {"a b", false},
		"tilde":         {".tmp~orders~1", false},
		"colon":         {"a:b", false},
		"equals":        {"a=b", false},
		"korean":        {"주문", false},
		"nul":           {"a\x00", false},
		"newline":       {"a\n", false},
		"percent":       {"a%2F", false},
		"absolute":      {"/etc", false},
		"invalid utf-8": {"\xff", false},
	} {
		t.Run(name, func(t *testing.T) {
			err := catalog.CheckName(tc.name)
			if tc.ok && err != nil {
				t.Errorf("CheckName(%q): got %v, want nil", tc.name, err)
			}
			if !tc.ok && !errors.Is(err, catalog.ErrBadName) {
				t.Errorf("CheckName(%q): got %v, want ErrBadName", tc.name, err)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	mkfile(t, file, "x")
	for name, tc := range map[string]struct {
		dir string
		err error
	}{
		"exists":  {dir, nil},
		"missing": {filepath.Join(dir, "nope"), catalog.ErrWorkdirNotFound},
		"a file":  {file, catalog.ErrWorkdirNotFound},
	} {
		t.Run(name, func(t *testing.T) {
			if err := catalog.New(tc.dir).Check(); !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Errorf("Check: got %v, want %v", err, tc.err)
			}
		})
	}
}

func TestLakes(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	for _, name := range []string{"b", "a", "A.1"} {
		if _, err := c.Create(name, []string{"day"}, src, 0); err != nil {
			t.Fatal(err)
		}
	}
	manifest := string(storage.EncodeManifest(&storage.Manifest{Lake: "x", Key: []string{"k"}, Files: []storage.FileEntry{}}))
	mkfile(t, filepath.Join(c.Dir, ".tmp~a~deadbeef", storage.ManifestName), manifest) // being built
	mkfile(t, filepath.Join(c.Dir, "bad name", storage.ManifestName), manifest)        // not a lake name
	mkfile(t, filepath.Join(c.Dir, "nomanifest", "day=d1", "part-0000.jsonl"), "{}\n") // no manifest
	mkfile(t, filepath.Join(c.Dir, "_history.jsonl"), "")
	mkfile(t, filepath.Join(c.Dir, "plainfile"), "")

	got, err := c.Lakes()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"A.1", "a", "b"}; !slices.Equal(got, want) {
		t.Errorf("Lakes: got %q, want %q", got, want)
	}
	if err := c.Drop("a"); err != nil {
		t.Fatal(err)
	}
	got, err = c.Lakes()
	if want := []string{"A.1", "b"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Lakes after Drop: got %q, %v, want %q", got, err, want)
	}

	empty := catalog.New(t.TempDir())
	if got, err := empty.Lakes(); err != nil || len(got) != 0 {
		t.Errorf("Lakes of an empty work folder: got %q, %v, want none", got, err)
	}
	if _, err := catalog.New(filepath.Join(c.Dir, "nope")).Lakes(); !errors.Is(err, catalog.ErrWorkdirNotFound) {
		t.Errorf("Lakes of a missing work folder: got %v, want ErrWorkdirNotFound", err)
	}
}

func TestSnapshot(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	want, err := c.Create("orders", []string{"day", "region"}, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	mkfile(t, filepath.Join(c.Dir, "corrupt", storage.ManifestName), `{"lake":"corrupt","key":["day"],"generation":0,"files":[`)
	mkfile(t, filepath.Join(c.Dir, "escape", storage.ManifestName),
		`{"lake":"escape","key":["day"],"generation":0,"files":[{"path":"../../etc/passwd","partition":{"day":"x"},"rows":1,"bytes":1}]}`)
	if err := os.Mkdir(filepath.Join(c.Dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}

	for name, tc := range map[string]struct {
		c    *catalog.Catalog
		lake string
		err  error
	}{
		"lake":            {c, "orders", nil},
		"missing":         {c, "nope", catalog.ErrLakeNotFound},
		"no manifest":     {c, "empty", catalog.ErrLakeNotFound},
		"bad name":        {c, "../orders", catalog.ErrBadName},
		"corrupt":         {c, "corrupt", storage.ErrCorrupt},
		"escaping path":   {c, "escape", storage.ErrCorrupt},
		"missing workdir": {catalog.New(filepath.Join(c.Dir, "nope")), "orders", catalog.ErrWorkdirNotFound},
	} {
		t.Run(name, func(t *testing.T) {
			s, err := tc.c.Snapshot(tc.lake)
			if tc.err != nil {
				if !errors.Is(err, tc.err) || s != nil {
					t.Errorf("Snapshot(%q): got %v, %v, want nil, %v", tc.lake, s, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Manifest, want) {
				t.Errorf("Snapshot(%q).Manifest:\ngot  %+v\nwant %+v", tc.lake, s.Manifest, want)
			}
			if s.Glob || s.Dir != c.LakeDir("orders") || !slices.Equal(s.Key(), []string{"day", "region"}) || len(s.Files()) != 4 {
				t.Errorf("Snapshot(%q): got Glob %v, Dir %q, Key %q, %d files, want false, %q, [day region], 4",
					tc.lake, s.Glob, s.Dir, s.Key(), len(s.Files()), c.LakeDir("orders"))
			}
		})
	}
}

func TestSnapshotOpen(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"region"}, src, 0); err != nil {
		t.Fatal(err)
	}
	s, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range s.Files() {
		r, err := s.Open(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		b := make([]byte, f.Bytes+1)
		n, _ := r.Read(b)
		r.Close()
		if int64(n) != f.Bytes {
			t.Errorf("Open(%q): got %d bytes, want %d", f.Path, n, f.Bytes)
		}
		got = append(got, strings.Split(strings.TrimSuffix(string(b[:n]), "\n"), "\n")...)
		if want := filepath.Join(c.Dir, "orders", filepath.FromSlash(f.Path)); s.Path(f.Path) != want {
			t.Errorf("Path(%q): got %q, want %q", f.Path, s.Path(f.Path), want)
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(rawOrders))
	if !slices.Equal(got, want) {
		t.Errorf("rows read through the snapshot:\ngot  %q\nwant %q", got, want)
	}
}

func TestDrop(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.Drop("orders"); err != nil {
		t.Fatalf("Drop: got %v, want nil", err)
	}
	if _, err := os.Stat(c.LakeDir("orders")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lake folder after Drop: got %v, want it gone", err)
	}
	if _, err := c.Snapshot("orders"); !errors.Is(err, catalog.ErrLakeNotFound) {
		t.Errorf("Snapshot after Drop: got %v, want ErrLakeNotFound", err)
	}
	if err := c.Drop("orders"); !errors.Is(err, catalog.ErrLakeNotFound) {
		t.Errorf("second Drop: got %v, want ErrLakeNotFound", err)
	}
	if err := c.Drop(".."); !errors.Is(err, catalog.ErrBadName) {
		t.Errorf("Drop(\"..\"): got %v, want ErrBadName", err)
	}
	if _, err := os.Stat(src); err != nil {
		t.Errorf("raw.jsonl after Drop: got %v, want it kept", err)
	}
}

// TestDropFaults fails each operation of Drop: the lake is whole (its manifest
// and files), or it is no lake at all (no manifest).
func TestDropFaults(t *testing.T) {
	c0, src := workdir(t, rawOrders...)
	if _, err := c0.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	before := storagetest.Tree(t, c0.LakeDir("orders"))
	for i := 1; ; i++ {
		c, src := workdir(t, rawOrders...)
		if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
			t.Fatal(err)
		}
		fault := storagetest.NewFaultFS(storage.OS, i)
		c.FS = fault
		err := c.Drop("orders")
		if i > fault.Count() {
			if err != nil {
				t.Fatalf("Drop without a fault: got %v, want nil", err)
			}
			if i < 3 {
				t.Fatalf("Drop took %d operations, want at least 3", fault.Count())
			}
			break
		}
		op := fault.Ops()[i-1]
		if !errors.Is(err, storagetest.ErrInjected) {
			t.Errorf("fault at %s: got %v, want ErrInjected", op, err)
		}
		c.FS = storage.OS
		if _, serr := c.Snapshot("orders"); serr == nil {
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.LakeDir("orders")), before); diff != "" {
				t.Errorf("fault at %s: the lake still has a manifest but changed:\n%s", op, diff)
			}
		} else if !errors.Is(serr, catalog.ErrLakeNotFound) {
			t.Errorf("fault at %s: Snapshot got %v, want the lake or ErrLakeNotFound", op, serr)
		}
	}
}

// TestMovedSeesAFolderThatTookTheOldOnesNumber: a whole-lake rewrite that
// removes the pinned folder and makes a new one in its place (ext4 gives
// the new folder the freed number at once) is seen by Moved: the snapshot
// keeps its folder open, so the number is not free while it pins it. The
// stress test of cmd/pq once read a lake through such a folder: one row
// twice.
func TestMovedSeesAFolderThatTookTheOldOnesNumber(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	for round := range 20 {
		snap, err := c.Snapshot("orders")
		if err != nil {
			t.Fatal(err)
		}
		if snap.Moved() {
			t.Fatalf("round %d: a fresh snapshot is Moved", round)
		}
		dir := c.LakeDir("orders")
		old := dir + ".old"
		if err := os.Rename(dir, old); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(old); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create("orders", []string{"day"}, src, 0); err != nil {
			t.Fatal(err)
		}
		if !snap.Moved() {
			t.Fatalf("round %d: the lake was rewritten into a new folder, and the snapshot does not see it", round)
		}
		runtime.KeepAlive(snap)
	}
}
