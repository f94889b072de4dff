package compact

import (
	"math"
	"path"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/storage"
)

// Group is a run of files of one partition, in path order, that a
// compaction turns into one new file.
type Group struct {
	Dir   string // the partition folder
	Files []storage.FileEntry
	Bytes int64
	Rows  int64
	// Keep: the group is one file that stays as it is, same name, same
	// bytes, never read (PlanKeep only).
	Keep bool
}

// Plan packs each partition's files, in path order, into groups: a group is
// closed when adding the next file would take it over target bytes, so a
// file larger than target forms a group alone. Partitions come in folder
// order. Plan is pure: it reads no file.
func Plan(files []storage.FileEntry, target int64) []Group {
	return plan(files, target, math.MaxInt64, false)
}

// KeepThreshold is the size from which PlanKeep keeps a file: target ×
// ratio, rounded up to whole bytes.
func KeepThreshold(target int64, ratio float64) int64 {
	return int64(math.Ceil(float64(target)*ratio - 1e-9))
}

// PlanKeep is Plan that does not rewrite what is already large (Paimon's
// "upgrade", Iceberg's and Delta's bin packing). Per partition, in path
// order: a file of at least KeepThreshold(target, ratio) bytes is kept,
// and it closes the group before it, so that every group stays contiguous
// in path order; the small files between kept files are packed greedily
// to target as Plan packs them; a group of one file is kept as it is, as
// rewriting it would only copy it. Kept files come back as groups of one
// with Keep set, in their place. PlanKeep is pure: it reads no file.
func PlanKeep(files []storage.FileEntry, target int64, ratio float64) []Group {
	return plan(files, target, KeepThreshold(target, ratio), true)
}

// plan is Plan and PlanKeep: files of at least threshold bytes are kept,
// and with keepSingles so is a group of one file.
func plan(files []storage.FileEntry, target, threshold int64, keepSingles bool) []Group {
	var groups []Group
	for _, part := range byPartition(files) {
		var cur Group
		flush := func() {
			if len(cur.Files) > 0 {
				cur.Keep = keepSingles && len(cur.Files) == 1
				groups = append(groups, cur)
			}
			cur = Group{}
		}
		for _, f := range part {
			if f.Bytes >= threshold {
				flush()
				groups = append(groups, Group{Dir: path.Dir(f.Path), Files: []storage.FileEntry{f}, Bytes: f.Bytes, Rows: f.Rows, Keep: true})
				continue
			}
			if len(cur.Files) > 0 && cur.Bytes+f.Bytes > target {
				flush()
			}
			cur.Dir = path.Dir(f.Path)
			cur.Files = append(cur.Files, f)
			cur.Bytes += f.Bytes
			cur.Rows += f.Rows
		}
		flush()
	}
	return groups
}

// byPartition splits files by partition folder, folders in order, files in
// path order within each.
func byPartition(files []storage.FileEntry) [][]storage.FileEntry {
	sorted := slices.Clone(files)
	slices.SortStableFunc(sorted, func(a, b storage.FileEntry) int {
		if c := strings.Compare(path.Dir(a.Path), path.Dir(b.Path)); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	var out [][]storage.FileEntry
	for i, f := range sorted {
		if i == 0 || path.Dir(f.Path) != path.Dir(sorted[i-1].Path) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], f)
	}
	return out
}

// Totals count a plan's groups as Compact reports them.
type Totals struct {
	KeptFiles      int
	KeptBytes      int64
	RewrittenFiles int
	RewrittenBytes int64 // what the compaction writes: kept files never count
	NewFiles       int   // one per rewritten group
}

// Tally counts groups (from Groups).
func Tally(groups []Group) Totals {
	var t Totals
	for _, g := range groups {
		if g.Keep {
			t.KeptFiles += len(g.Files)
			t.KeptBytes += g.Bytes
			continue
		}
		t.RewrittenFiles += len(g.Files)
		t.RewrittenBytes += g.Bytes
		t.NewFiles++
	}
	return t
}
