package catalog_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// Snapshot keeps the manifests it decoded (by their bytes): a snapshot
// is never another's, nor the manifest of bytes the file no longer holds.
func TestSnapshotReadsTheManifestEveryTime(t *testing.T) {
	c, src := workdir(t, rawOrders...)
	want, err := c.Create("orders", []string{"day", "region"}, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	s1, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	// One snapshot's lists are its own.
	s1.Manifest.Files[0].Rows = -99
	s1.Manifest.Files = append(s1.Manifest.Files[:1], storage.FileEntry{Path: "x"})
	s1.Manifest.Key[0] = "changed"
	s2, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s2.Manifest, want) {
		t.Fatalf("a second snapshot after the first's lists were changed:\ngot  %+v\nwant %+v", s2.Manifest, want)
	}
	// An append's manifest, not the one decoded before.
	more := filepath.Join(c.Dir, "more.jsonl")
	writeLines(t, more, `{"id":6,"day":"d3","region":"seoul","amount":60}`)
	if _, err := c.Append("orders", more, catalog.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	s3, err := c.Snapshot("orders")
	if err != nil {
		t.Fatal(err)
	}
	if s3.Manifest.Generation == want.Generation || s3.Manifest.Rows() != want.Rows()+1 {
		t.Errorf("after an append: generation %d, %d rows; want a new generation (not %d) and %d rows",
			s3.Manifest.Generation, s3.Manifest.Rows(), want.Generation, want.Rows()+1)
	}
	// A manifest spoiled in place is an error, not the last good one.
	p := filepath.Join(c.LakeDir("orders"), storage.ManifestName)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err := c.Snapshot("orders"); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("a torn manifest: got %v, %v, want %v", s, err, storage.ErrCorrupt)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if s4, err := c.Snapshot("orders"); err != nil || !reflect.DeepEqual(s4.Manifest, s3.Manifest) {
		t.Errorf("the manifest written back: got %+v, %v, want %+v", s4.Manifest, err, s3.Manifest)
	}
}

// BenchmarkSnapshot reads the manifest of a lake of 80 files, as each
// use of a lake in a statement does.
func BenchmarkSnapshot(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "raw.jsonl")
	var lines []string
	for i := range 800 {
		lines = append(lines, fmt.Sprintf(`{"id":%d,"month":"m%02d","amount":%d}`, i, i%80, i))
	}
	if err := os.WriteFile(src, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.Create("orders", []string{"month"}, src, 0); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := c.Snapshot("orders"); err != nil {
			b.Fatal(err)
		}
	}
}
