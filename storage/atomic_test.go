package storage_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFileAtomic(t *testing.T) {
	for name, tc := range map[string]struct {
		old  *string // nil: no file before
		data string
	}{
		"create":        {nil, `{"a":1}`},
		"create empty":  {nil, ""},
		"replace":       {ptr("old content, longer than the new"), "new"},
		"replace empty": {ptr("old"), ""},
		"replace large": {ptr("old"), strings.Repeat("0123456789", 100_000)},
		"same content":  {ptr("same"), "same"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, storage.ManifestName)
			if tc.old != nil {
				if err := os.WriteFile(p, []byte(*tc.old), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := storage.WriteFileAtomic(storage.OS, p, []byte(tc.data)); err != nil {
				t.Fatalf("WriteFileAtomic: got error %v, want nil", err)
			}
			got, err := os.ReadFile(p)
			if err != nil || string(got) != tc.data {
				t.Errorf("content: got %d bytes (%v), want %d bytes", len(got), err, len(tc.data))
			}
			if got := names(t, dir); !slices.Equal(got, []string{storage.ManifestName}) {
				t.Errorf("folder: got %q, want only %q (no temporary file)", got, storage.ManifestName)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestWriteFileAtomicMissingFolder(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "nope", "f")
	if err := storage.WriteFileAtomic(storage.OS, p, []byte("x")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFileAtomic into a missing folder: got %v, want an error wrapping ErrNotExist", err)
	}
	if got := names(t, dir); len(got) != 0 {
		t.Errorf("folder: got %q, want it empty", got)
	}
}

// TestWriteFileAtomicFaults fails each file operation of WriteFileAtomic in
// turn (pebble TestMarker_FaultTolerance): the call must fail, the file must
// hold the old content or the new one, and no temporary file may remain.
func TestWriteFileAtomicFaults(t *testing.T) {
	const oldData, newData = "old manifest\n", "new manifest, longer\n"
	wantOps := []string{"CreateTemp", "Write", "Sync", "Close", "Rename", "SyncDir"}

	for name, tc := range map[string]struct {
		old bool // a file exists before
	}{
		"replace": {old: true},
		"create":  {old: false},
	} {
		t.Run(name, func(t *testing.T) {
			setup := func(t *testing.T) (string, string) {
				dir := t.TempDir()
				p := filepath.Join(dir, storage.ManifestName)
				if tc.old {
					if err := os.WriteFile(p, []byte(oldData), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return dir, p
			}

			// A clean run, to count and name the operations.
			_, p := setup(t)
			clean := storagetest.NewFaultFS(storage.OS, 0)
			if err := storage.WriteFileAtomic(clean, p, []byte(newData)); err != nil {
				t.Fatal(err)
			}
			var ops []string
			for _, op := range clean.Ops() {
				ops = append(ops, strings.Fields(op)[0])
			}
			if !slices.Equal(ops, wantOps) {
				t.Fatalf("operations: got %q, want %q", ops, wantOps)
			}

			for i := 1; i <= len(wantOps); i++ {
				t.Run(wantOps[i-1], func(t *testing.T) {
					dir, p := setup(t)
					fsys := storagetest.NewFaultFS(storage.OS, i)
					err := storage.WriteFileAtomic(fsys, p, []byte(newData))
					if !errors.Is(err, storagetest.ErrInjected) {
						t.Fatalf("got error %v, want ErrInjected", err)
					}
					// Up to the rename the old state stands; after it, the new.
					renamed := i-1 > slices.Index(wantOps, "Rename") // i is 1-based
					got, rerr := os.ReadFile(p)
					switch {
					case renamed && rerr == nil && string(got) == newData:
					case !renamed && tc.old && rerr == nil && string(got) == oldData:
					case !renamed && !tc.old && errors.Is(rerr, os.ErrNotExist):
					default:
						t.Errorf("content: got %q, %v, want the %s content", got, rerr, map[bool]string{true: "new", false: "old"}[renamed])
					}
					var want []string
					if tc.old || renamed {
						want = []string{storage.ManifestName}
					}
					if got := names(t, dir); !slices.Equal(got, want) {
						t.Errorf("folder after the failure: got %q, want %q (no temporary file)", got, want)
					}
				})
			}
		})
	}
}

// tempNameFS records the names of the temporary files created through it.
type tempNameFS struct {
	storage.FS
	names []string
}

func (f *tempNameFS) CreateTemp(dir, pattern string) (storage.File, error) {
	file, err := f.FS.CreateTemp(dir, pattern)
	if err == nil {
		f.names = append(f.names, filepath.Base(file.Name()))
	}
	return file, err
}

// TestIsTempName: the temporary files WriteFileAtomic makes are what
// IsTempName recognizes (vacuum removes those a crash left), and nothing a
// lake or a work folder holds otherwise is.
func TestIsTempName(t *testing.T) {
	fsys := &tempNameFS{FS: storage.OS}
	dir := t.TempDir()
	for _, name := range []string{storage.ManifestName, "raw.jsonl", "partition_report.md"} {
		if err := storage.WriteFileAtomic(fsys, filepath.Join(dir, name), []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range fsys.names {
		if !storage.IsTempName(name) {
			t.Errorf("IsTempName(%q) = false for a temporary file of WriteFileAtomic", name)
		}
	}
	for name, want := range map[string]bool{
		"._manifest.json.tmp1234567": true,
		".raw.jsonl.tmp0":            true,
		"._manifest.json.tmp":        false,
		"._manifest.json.tmpx1":      false,
		"_manifest.json.tmp123":      false,
		".tmp123":                    false,
		"part-0000.jsonl":            false,
		".tmp~orders~0badf00d":       false,
		storage.ManifestName:         false,
	} {
		if got := storage.IsTempName(name); got != want {
			t.Errorf("IsTempName(%q) = %v, want %v", name, got, want)
		}
	}
}
