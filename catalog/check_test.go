package catalog_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// The files of the lake orders made from rawOrders.
const (
	fileNull  = "day=" + storage.DefaultPartition + "/region=seoul/part-0000.jsonl"
	fileBusan = "day=d1/region=busan/part-0000.jsonl" // one row
	fileSeoul = "day=d1/region=seoul/part-0000.jsonl" // two rows
	fileD2    = "day=d2/region=busan/part-0000.jsonl"
)

func TestCheckLake(t *testing.T) {
	tests := map[string]struct {
		damage   func(t *testing.T, c *catalog.Catalog, lake string)
		problems []string // each as "path: start of the message"
		orphans  []string
		gen      int64
	}{
		"sound": {
			damage: func(*testing.T, *catalog.Catalog, string) {},
		},
		"missing file": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				rm(t, filepath.Join(lake, fileBusan))
			},
			problems: []string{fileBusan + ": missing"},
		},
		"size differs, lines agree": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				mkfile(t, filepath.Join(lake, fileBusan), `{"id":4,"day":"d1","region":"busan","amount":400}`+"\n")
			},
			problems: []string{fileBusan + ": 50 bytes on disk, the manifest says 49"},
		},
		"rows differ, size agrees": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				p := filepath.Join(lake, fileSeoul)
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				data[3] = '\n'
				mkfile(t, p, string(data))
			},
			problems: []string{
				fileSeoul + ": 3 lines on disk, the manifest says 2",
				fileSeoul + ": line 1: invalid JSON: unterminated string at end of line (and 1 more line that is not a JSON object)",
			},
		},
		"a line not JSON, size and lines agree": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				p := filepath.Join(lake, fileSeoul)
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				end := bytes.IndexByte(data, '\n')
				copy(data[end+1:], "[1,2]")
				copy(data[end+6:], bytes.Repeat([]byte(" "), len(data)-end-7))
				mkfile(t, p, string(data))
			},
			problems: []string{fileSeoul + ": line 2: invalid JSON: a row must be a JSON object"},
		},
		"cut short": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				p := filepath.Join(lake, fileSeoul)
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				mkfile(t, p, string(data[:len(data)-5]))
			},
			problems: []string{
				fileSeoul + ": 93 bytes on disk, the manifest says 98",
				fileSeoul + ": the last line does not end in a newline",
			},
		},
		"corrupt manifest": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				p := filepath.Join(lake, storage.ManifestName)
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				mkfile(t, p, string(data[:len(data)/2]))
			},
			problems: []string{storage.ManifestName + ": corrupt: manifest:"},
			gen:      -1,
		},
		"path out of the lake": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				mkfile(t, filepath.Join(c.Dir, "outside", "part-0000.jsonl"), rawOrders[0]+"\n")
				mkfile(t, filepath.Join(lake, storage.ManifestName), `{"lake":"orders","key":["day"],"generation":0,"files":[
{"path":"../outside/part-0000.jsonl","partition":{"day":"d1"},"rows":1,"bytes":48}
]}
`)
			},
			problems: []string{storage.ManifestName + ": corrupt: manifest: \"../outside/part-0000.jsonl\" is not in its partition folder"},
			gen:      -1,
		},
		"folder links out of the lake": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				outside := filepath.Join(c.Dir, "outside")
				if err := os.MkdirAll(outside, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(lake, "day=d2", "region=busan"), filepath.Join(outside, "region=busan")); err != nil {
					t.Fatal(err)
				}
				symlink(t, filepath.Join(outside, "region=busan"), filepath.Join(lake, "day=d2", "region=busan"))
			},
			problems: []string{fileD2 + ": cannot be read: path escapes from parent"},
		},
		"file links out of the lake": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				p := filepath.Join(lake, fileD2)
				outside := filepath.Join(c.Dir, "outside.jsonl")
				if err := os.Rename(p, outside); err != nil {
					t.Fatal(err)
				}
				symlink(t, outside, p)
			},
			problems: []string{fileD2 + ": is a symbolic link, not a data file"},
		},
		"manifest of another lake": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				s, err := c.Snapshot("orders")
				if err != nil {
					t.Fatal(err)
				}
				m := *s.Manifest
				m.Lake = "other"
				mkfile(t, filepath.Join(lake, storage.ManifestName), string(storage.EncodeManifest(&m)))
			},
			problems: []string{storage.ManifestName + `: names the lake "other", but its folder is "orders"`},
		},
		"orphans are no problem": {
			damage: func(t *testing.T, c *catalog.Catalog, lake string) {
				mkfile(t, filepath.Join(lake, "day=d1", "region=seoul", "part-g0001-deadbeef-0000.jsonl"), "{}\n")
				mkfile(t, filepath.Join(lake, "day=d9", "part-0000.jsonl"), "{}\n")
				mkfile(t, filepath.Join(lake, "._manifest.json.tmp99"), "{")
				mkfile(t, filepath.Join(c.Dir, ".tmp~orders~0badf00d", "_manifest.json"), "{")
			},
			orphans: []string{"../.tmp~orders~0badf00d/", "._manifest.json.tmp99", "day=d1/region=seoul/part-g0001-deadbeef-0000.jsonl", "day=d9/part-0000.jsonl"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, src := workdir(t, rawOrders...)
			m, err := c.Create("orders", []string{"day", "region"}, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			lake := c.LakeDir("orders")
			tc.damage(t, c, lake)
			before := storagetest.Tree(t, c.Dir)
			res, err := c.CheckLake("orders")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range res.Problems {
				got = append(got, p.String())
			}
			if len(got) != len(tc.problems) {
				t.Fatalf("got problems %q, want %q", got, tc.problems)
			}
			for i, want := range tc.problems {
				if !strings.HasPrefix(got[i], want) {
					t.Errorf("problem %d: got %q, want it to start with %q", i, got[i], want)
				}
			}
			var orphans []string
			for _, o := range res.Orphans {
				orphans = append(orphans, o.Path)
			}
			if !reflect.DeepEqual(orphans, tc.orphans) {
				t.Errorf("got orphans %q, want %q", orphans, tc.orphans)
			}
			wantRes := catalog.CheckResult{Lake: "orders", Generation: 0, Files: len(m.Files), Rows: m.Rows(), Bytes: m.Bytes()}
			if tc.gen < 0 {
				wantRes = catalog.CheckResult{Lake: "orders", Generation: -1}
			}
			res.Problems, res.Orphans = nil, nil
			if !reflect.DeepEqual(res, wantRes) {
				t.Errorf("got %+v, want %+v", res, wantRes)
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
				t.Errorf("check changed the work folder:\n%s", diff)
			}
		})
	}
}

func TestCheckLakeErrors(t *testing.T) {
	c, _ := workdir(t, rawOrders...)
	mkfile(t, filepath.Join(c.Dir, "half", "p=a", "part-0000.jsonl"), "{}\n")
	before := storagetest.Tree(t, c.Dir)
	tests := map[string]struct {
		c    *catalog.Catalog
		lake string
		err  error
	}{
		"missing lake":    {c, "nolake", catalog.ErrLakeNotFound},
		"no manifest":     {c, "half", catalog.ErrLakeNotFound},
		"bad name":        {c, "..", catalog.ErrBadName},
		"missing workdir": {catalog.New(filepath.Join(c.Dir, "nowhere")), "orders", catalog.ErrWorkdirNotFound},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := tc.c.CheckLake(tc.lake); !errors.Is(err, tc.err) {
				t.Errorf("got %v, want %v", err, tc.err)
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, c.Dir), before); diff != "" {
				t.Errorf("the work folder changed:\n%s", diff)
			}
		})
	}
}

// TestCheckLakeAfterVacuum: what check lists as orphans, vacuum removes,
// and then check finds none.
func TestCheckLakeAfterVacuum(t *testing.T) {
	c, want, _ := crashedLake(t)
	res, err := c.CheckLake("orders")
	if err != nil || len(res.Problems) != 0 || !reflect.DeepEqual(res.Orphans, want) {
		t.Fatalf("check: got %+v, %v, want no problems and orphans %+v", res, err, want)
	}
	if _, err := c.Vacuum("orders", false); err != nil {
		t.Fatal(err)
	}
	res, err = c.CheckLake("orders")
	if err != nil || len(res.Problems) != 0 || len(res.Orphans) != 0 {
		t.Fatalf("check after vacuum: got %+v, %v, want nothing", res, err)
	}
}

func rm(t *testing.T, p string) {
	t.Helper()
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}
