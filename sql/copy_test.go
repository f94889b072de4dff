package sql

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeRows writes rows as a JSON Lines file in the session's work folder.
func writeRows(t *testing.T, s *Session, name string, rows ...string) string {
	t.Helper()
	p := filepath.Join(s.Catalog.Dir, name)
	if err := os.WriteFile(p, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// lakeFiles lists the paths in a lake's manifest.
func lakeFiles(t *testing.T, s *Session, lake string) []string {
	t.Helper()
	snap, err := s.Catalog.Snapshot(lake)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range snap.Files() {
		out = append(out, f.Path)
	}
	return out
}

func fileSize(t *testing.T, p string) int64 {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func TestCopy(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","n":1}`, `{"g":"b","n":2}`)
	ctx := context.Background()
	before := lakeFiles(t, s, "t")
	more := writeRows(t, s, "more.jsonl", `{"g":"a","n":10}`, `{"g":"c","n":20}`, `{"g":"c","n":30}`, `{"n":40}`)

	// A relative name is in the work folder, wherever the process runs.
	res, err := s.Exec(ctx, "COPY t FROM 'more.jsonl'")
	if err != nil {
		t.Fatal(err)
	}
	// Rows pass byte for byte: the bytes added are the file's.
	if got, want := table(res), fmt.Sprintf("lake|files_added|rows_added|bytes_added|generation\nt|3|4|%d|1", fileSize(t, more)); got != want {
		t.Fatalf("COPY: got\n%s\nwant\n%s", got, want)
	}
	after := lakeFiles(t, s, "t")
	for _, p := range before {
		if !slices.Contains(after, p) {
			t.Errorf("COPY dropped %s from the manifest: %v", p, after)
		}
	}
	if len(after) != len(before)+3 {
		t.Errorf("got %d files after COPY, want %d: %v", len(after), len(before)+3, after)
	}
	// The rows are in once: new partitions and old ones.
	res, err = s.Exec(ctx, "SELECT g, COUNT(*), SUM(n) FROM t GROUP BY g ORDER BY g")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := table(res), "g|count_star()|sum(n)\na|2|11\nb|1|2\nc|2|50\nNULL|1|40"; got != want {
		t.Errorf("after COPY: got\n%s\nwant\n%s", got, want)
	}

	// An absolute name, MAX ROWS: one file per row here.
	abs := writeRows(t, s, "three.jsonl", `{"g":"a","n":1}`, `{"g":"a","n":1}`, `{"g":"a","n":1}`)
	res, err = s.Exec(ctx, "COPY t FROM '"+abs+"' MAX ROWS 1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := table(res), fmt.Sprintf("lake|files_added|rows_added|bytes_added|generation\nt|3|3|%d|2", fileSize(t, abs)); got != want {
		t.Fatalf("COPY … MAX ROWS 1: got\n%s\nwant\n%s", got, want)
	}
	res, err = s.Exec(ctx, "SELECT COUNT(*) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	if got := table(res); got != "count_star()\n9" {
		t.Errorf("COUNT(*) after two copies: got %s, want 9", got)
	}
}

// TestCopyFailsChangingNothing: a malformed line, a missing file or a
// missing lake leave every byte of the work folder as it was.
func TestCopyFailsChangingNothing(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","n":1}`, `{"g":"b","n":2}`)
	writeRows(t, s, "bad.jsonl", `{"g":"a","n":1}`, `{"g":"c","n":`, `{"g":"d","n":3}`)
	writeRows(t, s, "good.jsonl", `{"g":"a","n":1}`)
	for name, c := range map[string]struct{ q, want string }{
		"malformed line": {"COPY t FROM 'bad.jsonl'", filepath.Join(s.Catalog.Dir, "bad.jsonl") + " line 2: "},
		"missing file":   {"COPY t FROM 'nope.jsonl'", "file not found"},
		"missing lake":   {"COPY nope FROM 'good.jsonl'", `unknown lake "nope" (lakes: t)`},
	} {
		t.Run(name, func(t *testing.T) {
			before := treeOf(t, s.Catalog.Dir)
			_, err := s.Exec(context.Background(), c.q)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%s: got error %v, want one containing %q", c.q, err, c.want)
			}
			if after := treeOf(t, s.Catalog.Dir); after != before {
				t.Fatalf("%s changed the disk:\nbefore %s\nafter  %s", c.q, before, after)
			}
		})
	}
}
