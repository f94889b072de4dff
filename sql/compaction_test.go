package sql

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// padRows returns n rows of partition g of about 50 bytes each.
func padRows(g string, from, n int) []string {
	var out []string
	for i := from; i < from+n; i++ {
		out = append(out, fmt.Sprintf(`{"g":"%s","i":%d,"pad":"%s"}`, g, 1000+i, strings.Repeat("x", 24)))
	}
	return out
}

// grownLake makes lake t the way appends grow a lake: a large first load
// of partitions a and b (about 10 KB each), then COPYs of a few rows, a
// middle-sized batch (about 6.5 KB, between small files of a) and a
// batch cut into files of 2 rows.
func grownLake(t *testing.T) *Session {
	t.Helper()
	s := fixedLake(t, []string{"g"}, slices.Concat(padRows("a", 0, 200), padRows("b", 0, 200))...)
	for i, batch := range [][]string{
		slices.Concat(padRows("a", 200, 5), padRows("b", 200, 5), padRows("c", 0, 3)),
		padRows("a", 300, 130),
		slices.Concat(padRows("a", 500, 5), padRows("c", 100, 5)),
		padRows("b", 300, 6),
	} {
		name := fmt.Sprintf("batch%d.jsonl", i)
		writeRows(t, s, name, batch...)
		q := "COPY t FROM '" + name + "'"
		if i == 3 {
			q += " MAX ROWS 2"
		}
		if _, err := s.Exec(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// resultRow returns the single row of a result by column name.
func resultRow(t *testing.T, res *Result) map[string]int64 {
	t.Helper()
	if len(res.Rows) != 1 {
		t.Fatalf("got %d rows, want 1:\n%s", len(res.Rows), table(res))
	}
	out := map[string]int64{}
	for i, c := range res.Columns {
		out[c.Name] = res.Rows[0][i].I
	}
	return out
}

// TestCompactLake runs EXPLAIN ALTER LAKE … COMPACT and then the
// compaction itself, for the default ratio, other ratios and REWRITE ALL.
// EXPLAIN changes nothing on disk and takes no lock; its totals are those
// of compact.Groups with the options the statement stands for, and the
// compaction reports the same; kept files keep their names and bytes,
// rewritten ones are gone; every answer stays the same.
func TestCompactLake(t *testing.T) {
	tests := map[string]struct {
		opts string          // after COMPACT
		want compact.Options // what they stand for
		kept []string        // some of the files that must be kept
	}{
		"default ratio":  {"TARGET 8000", compact.Options{Target: 8000, SmallRatio: 0.7}, []string{"g=a/part-0000.jsonl", "g=b/part-0000.jsonl"}},
		"higher ratio":   {"TARGET 8000 SMALL RATIO 0.9", compact.Options{Target: 8000, SmallRatio: 0.9}, []string{"g=a/part-0000.jsonl"}},
		"ratio 1":        {"SMALL RATIO 1 TARGET 8000", compact.Options{Target: 8000, SmallRatio: 1}, []string{"g=a/part-0000.jsonl"}},
		"rewrite all":    {"TARGET 8000 REWRITE ALL", compact.Options{Target: 8000}, nil},
		"default target": {"", compact.Options{Target: DefaultTarget, SmallRatio: DefaultSmallRatio}, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			s := grownLake(t)
			ctx := context.Background()
			stmt := strings.TrimSpace("ALTER LAKE t COMPACT " + tc.opts)
			snap, err := s.Catalog.Snapshot("t")
			if err != nil {
				t.Fatal(err)
			}
			before := snap.Files()
			content := map[string]string{}
			for _, f := range before {
				data, err := os.ReadFile(snap.Path(f.Path))
				if err != nil {
					t.Fatal(err)
				}
				content[f.Path] = string(data)
			}
			answer := func() string {
				res, err := s.Exec(ctx, "SELECT g, COUNT(*), SUM(i), MIN(pad) FROM t GROUP BY g ORDER BY g")
				if err != nil {
					t.Fatal(err)
				}
				return table(res)
			}
			wantAnswer := answer()

			// The plan, counted here from compact.Groups.
			var keptFiles, rewrittenFiles, newFiles int
			var keptBytes, rewrittenBytes int64
			var kept, rewritten []string
			for _, g := range compact.Groups(before, tc.want) {
				for _, f := range g.Files {
					if g.Keep {
						kept = append(kept, f.Path)
					} else {
						rewritten = append(rewritten, f.Path)
					}
				}
				if g.Keep {
					keptFiles += len(g.Files)
					keptBytes += g.Bytes
				} else {
					rewrittenFiles += len(g.Files)
					rewrittenBytes += g.Bytes
					newFiles++
				}
			}
			if rewrittenFiles == 0 {
				t.Fatalf("%s: the fixture leaves nothing to rewrite", stmt)
			}
			for _, p := range tc.kept {
				if !slices.Contains(kept, p) {
					t.Fatalf("%s: compact.Groups does not keep %s (kept %v): the fixture is not what the test needs", stmt, p, kept)
				}
			}

			// EXPLAIN: nothing changes on disk.
			tree := treeOf(t, s.Catalog.Dir)
			res, err := s.Exec(ctx, "EXPLAIN "+stmt)
			if err != nil {
				t.Fatal(err)
			}
			if after := treeOf(t, s.Catalog.Dir); after != tree {
				t.Fatalf("EXPLAIN %s changed the disk:\nbefore %s\nafter  %s", stmt, tree, after)
			}
			plan := table(res)
			for _, want := range []string{
				fmt.Sprintf("\nFiles kept: %d (%d bytes, not read)\n", keptFiles, keptBytes),
				fmt.Sprintf("\nFiles rewritten: %d (%d bytes) into %d new file", rewrittenFiles, rewrittenBytes, newFiles),
				fmt.Sprintf("\nBytes to write: %d\n", rewrittenBytes),
				fmt.Sprintf("\nFiles after: %d (now %d)\n", keptFiles+newFiles, len(before)),
				fmt.Sprintf("\nGeneration after: %d", snap.Generation()+1),
			} {
				if !strings.Contains(plan, want) {
					t.Errorf("EXPLAIN %s: missing %q in\n%s", stmt, strings.TrimSpace(want), plan)
				}
			}
			for _, p := range kept {
				if !strings.Contains(plan, fmt.Sprintf("\n  Keep %s (", filepath.Base(p))) {
					t.Errorf("EXPLAIN %s: %s not shown as kept in\n%s", stmt, p, plan)
				}
			}

			// EXPLAIN takes no lock: it runs while a writer holds one.
			s.Catalog.Wait = 20 * time.Millisecond
			lock, err := s.Catalog.Lock("t")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Exec(ctx, "EXPLAIN "+stmt); err != nil {
				t.Errorf("EXPLAIN while another writer holds the lock: %v", err)
			}
			if _, err := s.Exec(ctx, stmt); !errors.Is(err, storage.ErrLocked) {
				t.Errorf("%s while another writer holds the lock: got %v, want ErrLocked", stmt, err)
			}
			lock.Unlock()

			// The compaction does and reports what EXPLAIN said.
			res, err = s.Exec(ctx, stmt)
			if err != nil {
				t.Fatal(err)
			}
			row := resultRow(t, res)
			for col, want := range map[string]int64{
				"before_files": int64(len(before)), "after_files": int64(keptFiles + newFiles),
				"rewritten_files": int64(rewrittenFiles), "rewritten_bytes": rewrittenBytes,
				"kept_files": int64(keptFiles), "kept_bytes": keptBytes, "generation": snap.Generation() + 1,
			} {
				if row[col] != want {
					t.Errorf("%s: %s %d, want %d (EXPLAIN's)", stmt, col, row[col], want)
				}
			}
			after := lakeFiles(t, s, "t")
			for _, p := range kept {
				data, err := os.ReadFile(snap.Path(p))
				if !slices.Contains(after, p) || err != nil || string(data) != content[p] {
					t.Errorf("%s: kept file %s is not in the manifest as it was (read: %v)", stmt, p, err)
				}
			}
			for _, p := range rewritten {
				if slices.Contains(after, p) {
					t.Errorf("%s: rewritten file %s is still in the manifest", stmt, p)
				}
				if _, err := os.Stat(snap.Path(p)); !os.IsNotExist(err) {
					t.Errorf("%s: rewritten file %s is still on disk (%v)", stmt, p, err)
				}
			}
			if tc.want.SmallRatio == 0 {
				for _, f := range before {
					if slices.Contains(after, f.Path) {
						t.Errorf("%s: %s kept its name under the lab's rule", stmt, f.Path)
					}
				}
			}
			if got := answer(); got != wantAnswer {
				t.Errorf("%s changed the answer:\ngot\n%s\nwant\n%s", stmt, got, wantAnswer)
			}
		})
	}
}

// TestCompactNothingToRewrite: when the default ratio keeps every file,
// EXPLAIN and the compaction both say so, and the generation stays.
func TestCompactNothingToRewrite(t *testing.T) {
	s := fixedLake(t, []string{"g"}, slices.Concat(padRows("a", 0, 200), padRows("b", 0, 3))...)
	ctx := context.Background()
	lakeDir := filepath.Join(s.Catalog.Dir, "t")
	tree := treeOf(t, lakeDir)
	res, err := s.Exec(ctx, "EXPLAIN ALTER LAKE t COMPACT TARGET 8000")
	if err != nil {
		t.Fatal(err)
	}
	plan := table(res)
	for _, want := range []string{
		"Keep: files of at least 5600 bytes (TARGET 8000 × SMALL RATIO 0.7), not read",
		"\n  Keep part-0000.jsonl (156 bytes; small, but alone in its group)\n",
		"\nFiles rewritten: 0 (0 bytes) into 0 new files\n",
		"\nGeneration after: 0 (unchanged: nothing to rewrite)",
	} {
		if !strings.Contains(plan, want) {
			t.Errorf("EXPLAIN: missing %q in\n%s", want, plan)
		}
	}
	res, err = s.Exec(ctx, "ALTER LAKE t COMPACT TARGET 8000")
	if err != nil {
		t.Fatal(err)
	}
	if row := resultRow(t, res); row["generation"] != 0 || row["kept_files"] != 2 || row["rewritten_files"] != 0 {
		t.Errorf("ALTER LAKE … COMPACT: got\n%s", table(res))
	}
	if !strings.Contains(res.Note, "nothing to rewrite") {
		t.Errorf("note %q, want one saying nothing was rewritten", res.Note)
	}
	if after := treeOf(t, lakeDir); after != tree {
		t.Errorf("a compaction that rewrites nothing changed the lake:\nbefore %s\nafter  %s", tree, after)
	}
}
