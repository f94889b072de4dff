package storage_test

import (
	"fmt"
	"testing"

	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// TestLakeWriter10000Partitions writes 10,000 distinct partition values
// (two rows each, the second pass after every partition is seen) with the
// default options: it never has more than 256 files open, and every row
// lands in the one file of its partition.
func TestLakeWriter10000Partitions(t *testing.T) {
	const parts = 10000
	lines := make([]string, 0, 2*parts)
	for pass := range 2 {
		for i := range parts {
			lines = append(lines, fmt.Sprintf(`{"p":"v%05d","i":%d}`, i, pass*parts+i))
		}
	}
	fsys := storagetest.NewCountingFS(storage.OS, true)
	dir, files, err := writeLake(t, fsys, []string{"p"}, storage.WriterOptions{}, lines)
	if err != nil {
		t.Fatal(err)
	}
	if got := fsys.Max(); got > 256 {
		t.Errorf("files open at once: got %d, want at most 256", got)
	}
	if got := fsys.OpenNow(); got != 0 {
		t.Errorf("files open after Close: got %d, want 0", got)
	}
	if len(files) != parts {
		t.Fatalf("got %d files, want %d", len(files), parts)
	}
	tree := storagetest.Tree(t, dir)
	for i, f := range files {
		want := fmt.Sprintf("{\"p\":\"v%05d\",\"i\":%d}\n{\"p\":\"v%05d\",\"i\":%d}\n", i, i, i, parts+i)
		if f.Rows != 2 || tree[f.Path] != want || f.Path != fmt.Sprintf("p=v%05d/part-0000.jsonl", i) {
			t.Fatalf("file %d: %+v holds %q, want %q", i, f, tree[f.Path], want)
		}
	}
}
