package compact

import (
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
}

// Plan packs each partition's files, in path order, into groups: a group is
// closed when adding the next file would take it over target bytes, so a
// file larger than target forms a group alone. Partitions come in folder
// order. Plan is pure: it reads no file.
func Plan(files []storage.FileEntry, target int64) []Group {
	var groups []Group
	for _, part := range byPartition(files) {
		var cur Group
		for _, f := range part {
			if len(cur.Files) > 0 && cur.Bytes+f.Bytes > target {
				groups = append(groups, cur)
				cur = Group{}
			}
			cur.Dir = path.Dir(f.Path)
			cur.Files = append(cur.Files, f)
			cur.Bytes += f.Bytes
			cur.Rows += f.Rows
		}
		if len(cur.Files) > 0 {
			groups = append(groups, cur)
		}
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
