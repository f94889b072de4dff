package catalog_test

import (
	"fmt"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// layoutManifest returns a manifest with one file per size, in partitions
// p=0, p=1, ... cycling over parts.
func layoutManifest(parts int, sizes ...int64) *storage.Manifest {
	m := &storage.Manifest{Lake: "l", Key: []string{"p"}}
	for i, b := range sizes {
		p := fmt.Sprint(i % parts)
		m.Files = append(m.Files, storage.FileEntry{
			Path:      "p=" + p + "/" + storage.PartName(i),
			Partition: []storage.PartValue{{Str: p}},
			Rows:      int64(i + 1),
			Bytes:     b,
		})
	}
	storage.SortFiles(m.Files)
	return m
}

func TestMeasureLayout(t *testing.T) {
	for name, tc := range map[string]struct {
		m     *storage.Manifest
		small int64
		want  catalog.Layout
	}{
		"no files": {layoutManifest(1), 100, catalog.Layout{}},
		"n=1": {layoutManifest(1, 5), 5,
			catalog.Layout{Files: 1, Partitions: 1, Rows: 1, Bytes: 5, AvgBytes: 5, P50Bytes: 5, MinBytes: 5, MaxBytes: 5, SmallFiles: 0}},
		"n=2 lower middle": {layoutManifest(2, 10, 3), 4,
			catalog.Layout{Files: 2, Partitions: 2, Rows: 3, Bytes: 13, AvgBytes: 6, P50Bytes: 3, MinBytes: 3, MaxBytes: 10, SmallFiles: 1}},
		"n=3": {layoutManifest(1, 7, 1, 4), 0,
			catalog.Layout{Files: 3, Partitions: 1, Rows: 6, Bytes: 12, AvgBytes: 4, P50Bytes: 4, MinBytes: 1, MaxBytes: 7, SmallFiles: 0}},
		"n=4 no interpolation": {layoutManifest(4, 40, 10, 30, 20), 1000,
			catalog.Layout{Files: 4, Partitions: 4, Rows: 10, Bytes: 100, AvgBytes: 25, P50Bytes: 20, MinBytes: 10, MaxBytes: 40, SmallFiles: 4}},
		"n=5": {layoutManifest(2, 5, 1, 4, 2, 3), 3,
			catalog.Layout{Files: 5, Partitions: 2, Rows: 15, Bytes: 15, AvgBytes: 3, P50Bytes: 3, MinBytes: 1, MaxBytes: 5, SmallFiles: 2}},
		"avg truncated": {layoutManifest(1, 1, 2, 2), 2,
			catalog.Layout{Files: 3, Partitions: 1, Rows: 6, Bytes: 5, AvgBytes: 1, P50Bytes: 2, MinBytes: 1, MaxBytes: 2, SmallFiles: 1}},
		"small strictly less": {layoutManifest(1, 99, 100, 101), 100,
			catalog.Layout{Files: 3, Partitions: 1, Rows: 6, Bytes: 300, AvgBytes: 100, P50Bytes: 100, MinBytes: 99, MaxBytes: 101, SmallFiles: 1}},
		"zero sizes": {layoutManifest(3, 0, 0, 7), 1,
			catalog.Layout{Files: 3, Partitions: 3, Rows: 6, Bytes: 7, AvgBytes: 2, P50Bytes: 0, MinBytes: 0, MaxBytes: 7, SmallFiles: 2}},
		"small zero": {layoutManifest(1, 0, 3), 0,
			catalog.Layout{Files: 2, Partitions: 1, Rows: 3, Bytes: 3, AvgBytes: 1, P50Bytes: 0, MinBytes: 0, MaxBytes: 3, SmallFiles: 0}},
		"n=6 equal sizes": {layoutManifest(3, 8, 8, 8, 8, 8, 8), 9,
			catalog.Layout{Files: 6, Partitions: 3, Rows: 21, Bytes: 48, AvgBytes: 8, P50Bytes: 8, MinBytes: 8, MaxBytes: 8, SmallFiles: 6}},
		"n=6": {layoutManifest(1, 600, 100, 500, 200, 400, 300), 250,
			catalog.Layout{Files: 6, Partitions: 1, Rows: 21, Bytes: 2100, AvgBytes: 350, P50Bytes: 300, MinBytes: 100, MaxBytes: 600, SmallFiles: 2}},
	} {
		t.Run(name, func(t *testing.T) {
			sizes := make([]int64, len(tc.m.Files))
			for i, f := range tc.m.Files {
				sizes[i] = f.Bytes
			}
			got := catalog.MeasureLayout(tc.m, tc.small)
			if got != tc.want {
				t.Errorf("MeasureLayout(%v, small=%d):\ngot  %+v\nwant %+v", sizes, tc.small, got, tc.want)
			}
			// Measuring does not reorder the manifest.
			for i, f := range tc.m.Files {
				if f.Bytes != sizes[i] {
					t.Fatalf("file %d: got %d bytes after MeasureLayout, want %d", i, f.Bytes, sizes[i])
				}
			}
		})
	}
}
