package compact_test

import (
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

var update = flag.Bool("update", false, "rewrite the expected output of testdata/pick/*.txt")

// TestPlan runs compact.Plan on every case in testdata/pick. A case file is
//
//	# comments
//	target <bytes>
//	ratio <r>            (optional: compact.PlanKeep with that ratio)
//	<path> <bytes> <rows>
//	...
//	----
//	<the groups, printed as a tree by printPlan>
//
// With -update the part after ---- is rewritten from what Plan returns;
// check the diff by hand before keeping it. Whatever the golden output says,
// checkPlan also verifies the packing rules on every case.
func TestPlan(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "pick", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata/pick")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input, want, ok := strings.Cut(string(data), "----\n")
			if !ok {
				t.Fatalf("%s: no ---- line", file)
			}
			target, ratio, entries, err := parsePickInput(input)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			before := slices.Clone(entries)
			var groups []compact.Group
			if ratio > 0 {
				groups = compact.PlanKeep(entries, target, ratio)
				checkKeepPlan(t, entries, target, ratio, groups)
			} else {
				groups = compact.Plan(entries, target)
				checkPlan(t, entries, target, groups)
			}
			if !slices.EqualFunc(entries, before, sameEntry) {
				t.Errorf("the plan changed its input: got %v, want %v", entries, before)
			}
			got := printPlan(groups)
			if *update {
				if err := os.WriteFile(file, []byte(input+"----\n"+got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != want {
				t.Errorf("%s: got\n%s\nwant\n%s", file, got, want)
			}
		})
	}
}

// parsePickInput reads the target line and the file lines of a case.
func parsePickInput(s string) (target int64, ratio float64, files []storage.FileEntry, err error) {
	target = -1
	for i, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
		case f[0] == "target" && len(f) == 2:
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return 0, 0, nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			target = n
		case f[0] == "ratio" && len(f) == 2:
			r, err := strconv.ParseFloat(f[1], 64)
			if err != nil || r <= 0 || r > 1 {
				return 0, 0, nil, fmt.Errorf("line %d: ratio must be in (0, 1]: %q", i+1, f[1])
			}
			ratio = r
		case len(f) == 3:
			b, err1 := strconv.ParseInt(f[1], 10, 64)
			r, err2 := strconv.ParseInt(f[2], 10, 64)
			if err1 != nil || err2 != nil {
				return 0, 0, nil, fmt.Errorf("line %d: want <path> <bytes> <rows>: %q", i+1, line)
			}
			files = append(files, storage.FileEntry{Path: f[0], Partition: partitionOf(f[0]), Bytes: b, Rows: r})
		default:
			return 0, 0, nil, fmt.Errorf("line %d: cannot parse %q", i+1, line)
		}
	}
	if target < 0 {
		return 0, 0, nil, fmt.Errorf("no target line")
	}
	return target, ratio, files, nil
}

// partitionOf spells the partition values of a path's folders, as a manifest
// would hold them.
func partitionOf(p string) []storage.PartValue {
	var vals []storage.PartValue
	for _, seg := range strings.Split(path.Dir(p), "/") {
		if _, v, ok := storage.ParseSegment(seg); ok {
			vals = append(vals, v)
		}
	}
	return vals
}

func sameEntry(a, b storage.FileEntry) bool {
	return a.Path == b.Path && a.Bytes == b.Bytes && a.Rows == b.Rows && slices.Equal(a.Partition, b.Partition)
}

// printPlan prints groups as a tree: the partition folder each time it
// changes, then its groups numbered from 1, then their files.
func printPlan(groups []compact.Group) string {
	if len(groups) == 0 {
		return "(no groups)\n"
	}
	var b strings.Builder
	n := 0
	for i, g := range groups {
		if i == 0 || g.Dir != groups[i-1].Dir {
			fmt.Fprintf(&b, "%s\n", g.Dir)
			n = 0
		}
		n++
		if g.Keep {
			fmt.Fprintf(&b, "  kept: %s %d bytes, %d rows\n", path.Base(g.Files[0].Path), g.Bytes, g.Rows)
			continue
		}
		fmt.Fprintf(&b, "  group %d: %d files, %d bytes, %d rows\n", n, len(g.Files), g.Bytes, g.Rows)
		for _, f := range g.Files {
			fmt.Fprintf(&b, "    %s %d bytes, %d rows\n", path.Base(f.Path), f.Bytes, f.Rows)
		}
	}
	return b.String()
}

// checkPlan verifies the packing rules independently of the golden output:
// every file in exactly one group; partitions whole and in folder order;
// files in path order; totals right; a group over target only when it is a
// single file; a group closed only because the next file would take it over
// target.
func checkPlan(t *testing.T, files []storage.FileEntry, target int64, groups []compact.Group) {
	t.Helper()
	var got []string
	for i, g := range groups {
		if len(g.Files) == 0 {
			t.Errorf("group %d is empty", i)
			continue
		}
		var bytes, rows int64
		for j, f := range g.Files {
			got = append(got, f.Path)
			bytes += f.Bytes
			rows += f.Rows
			if d := path.Dir(f.Path); d != g.Dir {
				t.Errorf("group %d (%s): file %s is in folder %s", i, g.Dir, f.Path, d)
			}
			if j > 0 && f.Path <= g.Files[j-1].Path {
				t.Errorf("group %d: got %s after %s, want path order", i, f.Path, g.Files[j-1].Path)
			}
		}
		if g.Bytes != bytes || g.Rows != rows {
			t.Errorf("group %d: got %d bytes, %d rows, want %d bytes, %d rows", i, g.Bytes, g.Rows, bytes, rows)
		}
		if g.Bytes > target && len(g.Files) > 1 {
			t.Errorf("group %d: got %d files and %d bytes, want at most %d bytes or one file", i, len(g.Files), g.Bytes, target)
		}
		if i == 0 {
			continue
		}
		prev := groups[i-1]
		switch {
		case g.Dir == prev.Dir:
			if first, last := g.Files[0].Path, prev.Files[len(prev.Files)-1].Path; first <= last {
				t.Errorf("group %d starts with %s, not after %s", i, first, last)
			}
			if prev.Bytes+g.Files[0].Bytes <= target {
				t.Errorf("group %d (%d bytes) closed although %s (%d bytes) fits in target %d", i-1, prev.Bytes, g.Files[0].Path, g.Files[0].Bytes, target)
			}
		case g.Dir < prev.Dir:
			t.Errorf("partition %s after %s, want folder order", g.Dir, prev.Dir)
		case slices.ContainsFunc(groups[:i], func(h compact.Group) bool { return h.Dir == g.Dir }):
			t.Errorf("partition %s split around %s", g.Dir, prev.Dir)
		}
	}
	var want []string
	for _, f := range files {
		want = append(want, f.Path)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("files in groups: got %v, want each of %v once", got, want)
	}
}

// checkKeepPlan verifies the rules of compact.PlanKeep independently of the
// golden output: every file in exactly one group, partitions whole and in
// folder order, files in path order; a file of at least the threshold is
// always kept alone; a kept group is one file; a rewritten group has two
// or more small files, at most target bytes, and was closed only because
// the next file is large, would take it over target, or is in another
// partition.
func checkKeepPlan(t *testing.T, files []storage.FileEntry, target int64, ratio float64, groups []compact.Group) {
	t.Helper()
	threshold := compact.KeepThreshold(target, ratio)
	var got []string
	for i, g := range groups {
		var bytes, rows int64
		for j, f := range g.Files {
			got = append(got, f.Path)
			bytes += f.Bytes
			rows += f.Rows
			if path.Dir(f.Path) != g.Dir {
				t.Errorf("group %d (%s): file %s is in another folder", i, g.Dir, f.Path)
			}
			if j > 0 && f.Path <= g.Files[j-1].Path {
				t.Errorf("group %d: %s after %s, want path order", i, f.Path, g.Files[j-1].Path)
			}
			if f.Bytes >= threshold && (!g.Keep || len(g.Files) != 1) {
				t.Errorf("group %d: large file %s (%d ≥ %d bytes) not kept alone", i, f.Path, f.Bytes, threshold)
			}
		}
		if g.Bytes != bytes || g.Rows != rows {
			t.Errorf("group %d: totals %d bytes %d rows, want %d and %d", i, g.Bytes, g.Rows, bytes, rows)
		}
		if g.Keep != (len(g.Files) == 1) {
			t.Errorf("group %d: %d files, keep %v: a group of one is kept, a larger one rewritten", i, len(g.Files), g.Keep)
		}
		if !g.Keep && g.Bytes > target {
			t.Errorf("group %d: %d bytes over target %d", i, g.Bytes, target)
		}
		if i > 0 {
			prev := groups[i-1]
			switch {
			case g.Dir == prev.Dir:
				if g.Files[0].Path <= prev.Files[len(prev.Files)-1].Path {
					t.Errorf("group %d does not follow group %d in path order", i, i-1)
				}
				next := g.Files[0]
				if !prev.Keep && next.Bytes < threshold && prev.Bytes+next.Bytes <= target {
					t.Errorf("group %d closed although small %s fits in target", i-1, next.Path)
				}
			case g.Dir < prev.Dir || slices.ContainsFunc(groups[:i], func(h compact.Group) bool { return h.Dir == g.Dir }):
				t.Errorf("partition %s out of folder order or split", g.Dir)
			}
		}
	}
	var want []string
	for _, f := range files {
		want = append(want, f.Path)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("files in groups: got %v, want each of %v once", got, want)
	}
}
