package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

type result struct {
	Lake   string `json:"lake"`
	Before int    `json:"before_files"`
}

func event(t *testing.T, at time.Time, op string, r any) catalog.Event {
	t.Helper()
	raw, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return catalog.Event{Time: at.UTC(), Op: op, Result: raw}
}

func TestHistory(t *testing.T) {
	seoul := time.FixedZone("KST", 9*3600)
	t1 := time.Date(2026, 1, 3, 9, 0, 0, 0, seoul)
	t2 := time.Date(2026, 1, 4, 10, 30, 0, 123, time.UTC)

	for name, tc := range map[string]struct {
		before string // history file content before recording; "-" for none
		want   []catalog.Event
	}{
		"no file":    {before: "-"},
		"empty file": {before: ""},
		"torn last line": {
			before: `{"time":"2026-01-02T00:00:00Z","op":"compact","result":{"lake":"old"}}` + "\n" + `{"time":"2026-01-02T01:00:00Z","op":"repart`,
			want:   []catalog.Event{{Time: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), Op: "compact", Result: json.RawMessage(`{"lake":"old"}`)}},
		},
		"garbage lines": {
			before: "not json\n{}\n" + `{"op":""}` + "\n\n",
		},
	} {
		for fsName, fsys := range map[string]storage.FS{
			"os":        storage.OS,
			"no ReadAt": storagetest.NewCountingFS(storage.OS, false), // its files are no io.ReaderAt
		} {
			t.Run(name+"/"+fsName, func(t *testing.T) {
				c := &catalog.Catalog{FS: fsys, Dir: t.TempDir()}
				p := filepath.Join(c.Dir, catalog.HistoryName)
				if tc.before != "-" {
					if err := os.WriteFile(p, []byte(tc.before), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				got, err := c.History()
				if err != nil || !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("History before recording: got %+v, %v, want %+v", got, err, tc.want)
				}
				if err := c.Record("compact", result{"orders", 12}, t1); err != nil {
					t.Fatal(err)
				}
				if err := c.Record("repartition", map[string]any{"from": "a", "to": "b"}, t2); err != nil {
					t.Fatal(err)
				}
				want := append(tc.want,
					event(t, t1, "compact", result{"orders", 12}),
					event(t, t2, "repartition", map[string]any{"from": "a", "to": "b"}))
				got, err = c.History()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("History:\ngot  %+v\nwant %+v", got, want)
				}
				if got[len(got)-2].Time.Location() != time.UTC {
					t.Errorf("recorded time: got zone %v, want UTC", got[len(got)-2].Time.Location())
				}
			})
		}
	}
}

func TestRecordLine(t *testing.T) {
	c := catalog.New(t.TempDir())
	at := time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)
	if err := c.Record("compact", result{"orders", 3}, at); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(c.Dir, catalog.HistoryName))
	want := `{"time":"2026-01-03T00:00:00Z","op":"compact","result":{"lake":"orders","before_files":3}}` + "\n"
	if err != nil || string(b) != want {
		t.Errorf("history file: got %q, %v, want %q", b, err, want)
	}
}

func TestRecordErrors(t *testing.T) {
	c := catalog.New(t.TempDir())
	if err := c.Record("compact", make(chan int), time.Now()); err == nil {
		t.Errorf("Record of an unencodable result: got nil, want an error")
	}
	if _, err := os.Stat(filepath.Join(c.Dir, catalog.HistoryName)); !os.IsNotExist(err) {
		t.Errorf("history file after a failed Record: got %v, want none", err)
	}
	missing := catalog.New(filepath.Join(c.Dir, "nope"))
	if err := missing.Record("compact", 1, time.Now()); err == nil {
		t.Errorf("Record into a missing work folder: got nil, want an error")
	}
	for _, op := range []string{"OpenFile", "Write", "Sync", "Close"} {
		t.Run(op, func(t *testing.T) {
			clean := storagetest.NewFaultFS(storage.OS, 0)
			c := &catalog.Catalog{FS: clean, Dir: t.TempDir()}
			if err := c.Record("compact", 1, time.Now()); err != nil {
				t.Fatal(err)
			}
			i := 0
			for j, o := range clean.Ops() {
				if len(o) > len(op) && o[:len(op)+1] == op+" " {
					i = j + 1
					break
				}
			}
			if i == 0 {
				t.Fatalf("Record did no %s: %q", op, clean.Ops())
			}
			c.FS = storagetest.NewFaultFS(storage.OS, i)
			if err := c.Record("compact", 2, time.Now()); err == nil {
				t.Errorf("Record with a failing %s: got nil, want an error", op)
			}
		})
	}
}
