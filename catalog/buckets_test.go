package catalog_test

import (
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

func TestSizeBuckets(t *testing.T) {
	sizes := []int64{0, 1, 3, 4, 7, 1000, 1023, 1024, 5000}
	var files []storage.FileEntry
	for _, s := range sizes {
		files = append(files, storage.FileEntry{Bytes: s})
	}
	got := catalog.SizeBuckets(files)
	total := 0
	for i, b := range got {
		total += b.Files
		if i > 0 && b.From != got[i-1].To {
			t.Errorf("bucket %d starts at %d, not at %d", i, b.From, got[i-1].To)
		}
		n := 0
		for _, s := range sizes {
			if s >= b.From && s < b.To {
				n++
			}
		}
		if n != b.Files {
			t.Errorf("bucket [%d, %d): %d files, want %d", b.From, b.To, b.Files, n)
		}
	}
	if total != len(sizes) || got[0].From != 0 || got[len(got)-1].To != 8192 {
		t.Errorf("buckets %+v: want every file once, from 0 to 8192", got)
	}
	if catalog.SizeBuckets(nil) != nil {
		t.Error("buckets of no files")
	}
}
