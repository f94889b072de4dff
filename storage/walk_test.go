package storage_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/lakesql/lakesql/storage"
)

func TestWalkLake(t *testing.T) {
	dir := t.TempDir()
	files := []string{
		storage.ManifestName,
		"day=b/region=x/part-0000.jsonl",
		"day=a/region=y/part-0001.jsonl",
		"day=a/region=y/part-0000.jsonl",
		"day=a/region=y/part-g0001-abcd-0000.jsonl",
		"day=a/region=y/.part-0000.jsonl.tmp1",
		"day=a/region=y/notes.txt",
		"day=" + storage.DefaultPartition + "/region=%2F%3D/part-0000.jsonl",
		"day=%5F_HIVE_DEFAULT_PARTITION__/region=/part-0000.jsonl",
		"misc/part-0000.jsonl",
		"day=c/extra/part-0000.jsonl",
		"day=%zz/part-0000.jsonl",
		"part-0000.jsonl",
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A folder named like a part file and a link to one are not data files.
	if err := os.MkdirAll(filepath.Join(dir, "day=d", "part-0000.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "part-0000.jsonl"), filepath.Join(dir, "day=d", "part-0001.jsonl")); err != nil {
		t.Fatal(err)
	}

	got, err := storage.WalkLake(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	v := func(s string) storage.PartValue { return storage.PartValue{Str: s} }
	null := storage.PartValue{Null: true}
	want := []storage.FoundFile{
		{Path: "day=%5F_HIVE_DEFAULT_PARTITION__/region=/part-0000.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{v(storage.DefaultPartition), v("")}},
		{Path: "day=%zz/part-0000.jsonl"},
		{Path: "day=" + storage.DefaultPartition + "/region=%2F%3D/part-0000.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{null, v("/=")}},
		{Path: "day=a/region=y/part-0000.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{v("a"), v("y")}},
		{Path: "day=a/region=y/part-0001.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{v("a"), v("y")}},
		{Path: "day=a/region=y/part-g0001-abcd-0000.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{v("a"), v("y")}},
		{Path: "day=b/region=x/part-0000.jsonl", Fields: []string{"day", "region"}, Values: []storage.PartValue{v("b"), v("x")}},
		{Path: "day=c/extra/part-0000.jsonl", Fields: []string{"day"}, Values: []storage.PartValue{v("c")}},
		{Path: "misc/part-0000.jsonl"},
		{Path: "part-0000.jsonl"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("WalkLake:\ngot  %+v\nwant %+v", got, want)
	}
}

func TestWalkLakeMissing(t *testing.T) {
	_, err := storage.WalkLake(storage.OS, filepath.Join(t.TempDir(), "nope"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WalkLake of a missing folder: got %v, want an error wrapping ErrNotExist", err)
	}
}

func TestWalkLakeEmpty(t *testing.T) {
	got, err := storage.WalkLake(storage.OS, t.TempDir())
	if err != nil || len(got) != 0 {
		t.Errorf("WalkLake of an empty folder: got %+v, %v, want none, nil", got, err)
	}
}
