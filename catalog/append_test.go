package catalog_test

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// lakeLines reads every row of a lake through its manifest, checking each
// file's size and row count against it.
func lakeLines(t *testing.T, c *catalog.Catalog, lake string) []string {
	t.Helper()
	s, err := c.Snapshot(lake)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, f := range s.Files() {
		data, err := os.ReadFile(s.Path(f.Path))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if int64(len(data)) != f.Bytes || int64(len(got)) != f.Rows {
			t.Fatalf("%s: %d bytes %d rows, manifest says %d and %d", f.Path, len(data), len(got), f.Bytes, f.Rows)
		}
		lines = append(lines, got...)
	}
	slices.Sort(lines)
	return lines
}

var more = []string{
	`{"id":6,"day":"d1","region":"seoul","amount":60}`,
	`{"id":7,"day":"d3","region":"jeju","amount":70}`,
	`{"id":8,"day":"d3","region":"jeju","amount":80}`,
	`{"id":9,"day":"d3","region":"jeju","amount":90}`,
}

func TestAppend(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("o", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	before, _ := c.Snapshot("o")
	oldTree := storagetest.Tree(t, before.Dir)
	extra := filepath.Join(c.Dir, "more.jsonl")
	writeLines(t, extra, more...)
	res, err := c.Append("o", extra, catalog.AppendOptions{MaxRows: 2})
	if err != nil {
		t.Fatal(err)
	}
	// d1 gets one new file, d3 (a new partition) two of at most 2 rows.
	want := catalog.AppendResult{Lake: "o", FilesAdded: 3, RowsAdded: 4, BytesAdded: int64(len(strings.Join(more, "\n")) + 1), Generation: 1}
	if res != want {
		t.Fatalf("got %+v, want %+v", res, want)
	}
	after, _ := c.Snapshot("o")
	if after.Manifest.Generation != 1 || len(after.Files()) != len(before.Files())+3 {
		t.Fatalf("generation %d with %d files", after.Manifest.Generation, len(after.Files()))
	}
	// The old files are untouched: same names, same bytes.
	newTree := storagetest.Tree(t, after.Dir)
	for p, data := range oldTree {
		if p != storage.ManifestName && newTree[p] != data {
			t.Errorf("old file %s changed", p)
		}
	}
	name := regexp.MustCompile(`^part-g0001-[0-9a-f]{8}-000[01]\.jsonl$`)
	added := 0
	for _, f := range after.Files() {
		if _, old := oldTree[f.Path]; old {
			continue
		}
		added++
		if !name.MatchString(path.Base(f.Path)) {
			t.Errorf("new file %s: want a name carrying generation 1 and a run id", f.Path)
		}
		if f.Rows > 2 {
			t.Errorf("%s has %d rows, over --rows 2", f.Path, f.Rows)
		}
	}
	if added != 3 {
		t.Errorf("%d new files in the manifest, want 3", added)
	}
	all := slices.Sorted(slices.Values(slices.Concat(rawOrders, more)))
	if got := lakeLines(t, c, "o"); !slices.Equal(got, all) {
		t.Errorf("rows after append:\n%v\nwant\n%v", got, all)
	}
	// A second append never reuses a name.
	res2, err := c.Append("o", extra, catalog.AppendOptions{})
	if err != nil || res2.Generation != 2 || res2.FilesAdded != 2 {
		t.Fatalf("second append: %+v, %v", res2, err)
	}
	seen := map[string]bool{}
	s2, _ := c.Snapshot("o")
	for _, f := range s2.Files() {
		if seen[f.Path] {
			t.Errorf("name %s used twice", f.Path)
		}
		seen[f.Path] = true
	}
	if got := len(lakeLines(t, c, "o")); got != len(rawOrders)+2*len(more) {
		t.Errorf("%d rows after two appends, want %d", got, len(rawOrders)+2*len(more))
	}
	if len(leftovers(t, c.Dir)) != 0 {
		t.Errorf("left in the work folder: %v", leftovers(t, c.Dir))
	}
}

// TestAppendBadInputChangesNothing: a malformed line, a missing file or a
// missing lake fail with a clear error and leave the work folder as it was.
func TestAppendBadInputChangesNothing(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	if _, err := c.Create("o", []string{"day"}, src, 0); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(c.Dir, "bad.jsonl")
	writeLines(t, bad, more[0], more[1], `{"id":8,"day":"d4",`, more[3])
	before := storagetest.Tree(t, c.Dir)
	cases := []struct {
		lake, src string
		want      error
		text      string
	}{
		{"o", bad, storage.ErrSyntax, "bad.jsonl"},
		{"o", filepath.Join(c.Dir, "nope.jsonl"), catalog.ErrSourceNotFound, "nope.jsonl"},
		{"nolake", bad, catalog.ErrLakeNotFound, "nolake"},
	}
	for _, tc := range cases {
		_, err := c.Append(tc.lake, tc.src, catalog.AppendOptions{})
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("append %s from %s: got %v, want %v naming %s", tc.lake, tc.src, err, tc.want, tc.text)
		}
		if tc.want == storage.ErrSyntax && !strings.Contains(err.Error(), "3") {
			t.Errorf("error %v does not name line 3", err)
		}
		if after := storagetest.Tree(t, c.Dir); storagetest.DiffTree(after, before) != "" {
			t.Errorf("append %s from %s changed the work folder", tc.lake, tc.src)
		}
	}
}

// TestAppendCrash stops an append at each of its points: before the swap
// the lake reads as it was, after it with the new rows, never a row twice.
func TestAppendCrash(t *testing.T) {
	for _, point := range []string{catalog.CrashAfterFile, catalog.CrashBeforeSwap, catalog.CrashAfterSwap} {
		t.Run(point, func(t *testing.T) {
			c, src := workdir(t, rawOrders...)
			if _, err := c.Create("o", []string{"day"}, src, 0); err != nil {
				t.Fatal(err)
			}
			extra := filepath.Join(c.Dir, "more.jsonl")
			writeLines(t, extra, more...)
			_, err := c.Append("o", extra, catalog.AppendOptions{Crash: catalog.Crash{Point: point}})
			if !errors.Is(err, catalog.ErrCrashed) {
				t.Fatalf("got %v, want ErrCrashed", err)
			}
			want := slices.Sorted(slices.Values(rawOrders))
			if point == catalog.CrashAfterSwap {
				want = slices.Sorted(slices.Values(slices.Concat(rawOrders, more)))
			}
			if got := lakeLines(t, c, "o"); !slices.Equal(got, want) {
				t.Errorf("manifest reader after the crash: %v, want %v", got, want)
			}
			// The next append works and counts each row once.
			if _, err := c.Append("o", extra, catalog.AppendOptions{}); err != nil {
				t.Fatal(err)
			}
			if got := len(lakeLines(t, c, "o")); got != len(want)+len(more) {
				t.Errorf("after the next append: %d rows, want %d", got, len(want)+len(more))
			}
		})
	}
}

// TestAppendFaults fails every file system step of an append in turn:
// each failure is an error, and the lake reads as before or as after,
// never in between.
func TestAppendFaults(t *testing.T) {
	c0, src0 := workdir(t, rawOrders...)
	if _, err := c0.Create("o", []string{"day"}, src0, 0); err != nil {
		t.Fatal(err)
	}
	extra0 := filepath.Join(c0.Dir, "more.jsonl")
	writeLines(t, extra0, more...)
	count := storagetest.NewFaultFS(storage.OS, 0)
	c0.FS = count
	if _, err := c0.Append("o", extra0, catalog.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	steps := count.Count()
	if steps < 5 {
		t.Fatalf("only %d steps counted", steps)
	}
	oldRows := slices.Sorted(slices.Values(rawOrders))
	newRows := slices.Sorted(slices.Values(slices.Concat(rawOrders, more)))
	for i := 1; i <= steps; i++ {
		c, src := workdir(t, rawOrders...)
		if _, err := c.Create("o", []string{"day"}, src, 0); err != nil {
			t.Fatal(err)
		}
		extra := filepath.Join(c.Dir, "more.jsonl")
		writeLines(t, extra, more...)
		fault := storagetest.NewFaultFS(storage.OS, i)
		c.FS = fault
		_, err := c.Append("o", extra, catalog.AppendOptions{})
		c.FS = storage.OS
		got := lakeLines(t, c, "o")
		op := fault.Ops()[i-1]
		switch {
		case err == nil && strings.HasPrefix(op, "RemoveAll") && slices.Equal(got, newRows):
			// Cleaning the folder aside after the swap: what is left there
			// is never read, and VACUUM removes it.
		case err == nil:
			t.Errorf("step %d (%s): no error", i, op)
		case slices.Equal(got, oldRows), slices.Equal(got, newRows):
		default:
			t.Errorf("step %d: lake reads %d rows, neither before nor after", i, len(got))
		}
		if err != nil && slices.Equal(got, oldRows) {
			// Unpublished: nothing of ours may stay in the lake.
			s, _ := c.Snapshot("o")
			found, _ := storage.WalkLake(storage.OS, s.Dir)
			if len(found) != len(s.Files()) {
				t.Errorf("step %d (%v): %d part files on disk, %d listed", i, err, len(found), len(s.Files()))
			}
		}
	}
}
