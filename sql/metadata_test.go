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

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
)

// metaLake is a work folder with lake t (keyed by day and region, two rows
// a file, a NULL region among them) and its session.
func metaLake(t *testing.T) (*Session, *catalog.Catalog) {
	t.Helper()
	dir := t.TempDir()
	c := catalog.New(dir)
	if _, err := c.CreateWith("t", []string{"day", "region"}, writeRaw(t, dir, "raw.jsonl", 60, 0), catalog.CreateOptions{MaxRows: 2}); err != nil {
		t.Fatal(err)
	}
	return NewSession(c), c
}

// writeRaw writes n rows to dir/name, ids from first, and returns the path.
func writeRaw(t *testing.T, dir, name string, n, first int) string {
	t.Helper()
	var b strings.Builder
	for i := first; i < first+n; i++ {
		region := fmt.Sprintf(`"region":"r%d"`, i%3)
		if i%7 == 0 {
			region = `"region":null`
		}
		fmt.Fprintf(&b, `{"id":%d,"day":"2026-01-0%d",%s,"note":"%s"}`+"\n", i, 1+i%2, region, strings.Repeat("x", i%40))
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func query(t *testing.T, s *Session, q string) *Result {
	t.Helper()
	res, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return res
}

// wantMetaFiles checks t$files (both spellings) against the manifest: a row
// per file, with its partition values, rows and bytes, and the generation
// that wrote it (gen of each path).
func wantMetaFiles(t *testing.T, s *Session, c *catalog.Catalog, gen func(path string) int64) {
	t.Helper()
	snap, err := c.Snapshot("t")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range snap.Files() {
		part := make([]string, len(f.Partition))
		for i, v := range f.Partition {
			part[i] = v.String()
		}
		want = append(want, fmt.Sprintf("%s|%s|%d|%d|%d", f.Path, strings.Join(part, "|"), f.Rows, f.Bytes, gen(f.Path)))
	}
	for _, from := range []string{"t.files", "`t$files`", "t$FILES", "t.files AS f"} {
		got := rowsText(query(t, s, "SELECT path, "+strings.Join(snap.Key(), ", ")+", rows, bytes, generation FROM "+from+" ORDER BY path"))
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n%s\nwant\n%s", from, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// history returns t$history as generation|operation|files_added|…
// lines.
func history(t *testing.T, s *Session) []string {
	t.Helper()
	return rowsText(query(t, s, "SELECT generation, operation, files_added, bytes_added, files_removed, bytes_removed, time IS NOT NULL FROM t.history ORDER BY generation"))
}

func TestMetadataTablesFollowTheLake(t *testing.T) {
	s, c := metaLake(t)
	snap0, _ := c.Snapshot("t")
	wantMetaFiles(t, s, c, func(string) int64 { return 0 })
	if h := history(t, s); !slices.Equal(h, []string{fmt.Sprintf("0|write|%d|%d|NULL|NULL|false", len(snap0.Files()), snap0.Manifest.Bytes())}) {
		t.Fatalf("history after write: %v", h)
	}

	// partitions: a row per partition, as the files sum it up.
	want := table(query(t, s, "SELECT day, region, COUNT(*) AS files, SUM(rows) AS rows, SUM(bytes) AS bytes FROM t.files GROUP BY day, region ORDER BY day, region"))
	if got := table(query(t, s, "SELECT day, region, files, rows, bytes FROM t.partitions ORDER BY day, region")); got != want {
		t.Fatalf("partitions:\n%s\nwant\n%s", got, want)
	}
	if n := len(query(t, s, "SELECT * FROM t.partitions").Rows); n != snap0.Manifest.Partitions() {
		t.Fatalf("%d partitions, want %d", n, snap0.Manifest.Partitions())
	}
	// SHOW LAYOUT's numbers are what a query over t.files gives.
	layout := query(t, s, "SHOW LAYOUT t")
	files := query(t, s, fmt.Sprintf("SELECT COUNT(*), SUM(rows), SUM(bytes), CAST(FLOOR(SUM(bytes) / COUNT(*)) AS BIGINT), MIN(bytes), MAX(bytes), SUM(CASE WHEN bytes < %d THEN 1 ELSE 0 END) FROM t.files", DefaultSmall)).Rows[0]
	l := layout.Rows[0] // lake, files, partitions, rows, bytes, avg, p50, min, max, small
	for i, j := range []int{1, 3, 4, 5, 7, 8, 9} {
		if l[j].String() != files[i].String() {
			t.Errorf("SHOW LAYOUT column %s is %v, t.files gives %v", layout.Columns[j].Name, l[j], files[i])
		}
	}
	if l[2].String() != fmt.Sprint(len(query(t, s, "SELECT * FROM t.partitions").Rows)) {
		t.Errorf("SHOW LAYOUT partitions %v, t.partitions has %d rows", l[2], len(query(t, s, "SELECT * FROM t.partitions").Rows))
	}

	// append: new files of generation 1.
	dir := c.Dir
	res, err := c.Append("t", writeRaw(t, dir, "more.jsonl", 9, 1000), catalog.AppendOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantMetaFiles(t, s, c, func(p string) int64 {
		if strings.Contains(p, "part-g0001-") {
			return 1
		}
		return 0
	})
	h := history(t, s)
	if len(h) != 2 || h[1] != fmt.Sprintf("1|append|%d|%d|0|0|true", res.FilesAdded, res.BytesAdded) || !strings.HasPrefix(h[0], fmt.Sprintf("0|write|%d|%d|", len(snap0.Files()), snap0.Manifest.Bytes())) {
		t.Fatalf("history after append: %v", h)
	}

	// compact, keeping large files, then by the lab's rule; then one that
	// finds nothing to do (no new generation).
	cr, err := compact.Compact(c, "t", compact.Options{Target: 400, SmallRatio: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := c.Snapshot("t")
	if cr.KeptFiles == 0 || cr.RewrittenFiles == 0 {
		t.Fatalf("want some kept and some rewritten: %+v", cr)
	}
	cr3, err := compact.Compact(c, "t", compact.Options{Target: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := compact.Compact(c, "t", compact.Options{Target: 1 << 20, SmallRatio: 1e-9}); err != nil {
		t.Fatal(err)
	}
	last, _ := c.Snapshot("t")
	if last.Manifest.Generation != 3 {
		t.Fatalf("generation %d, want 3", last.Manifest.Generation)
	}
	wantMetaFiles(t, s, c, func(string) int64 { return 3 })
	h = history(t, s)
	want2 := fmt.Sprintf("2|compact|%d|%d|%d|%d|true", len(after.Files())-cr.KeptFiles, after.Manifest.Bytes()-cr.KeptBytes, cr.RewrittenFiles, cr.RewrittenBytes)
	want3 := fmt.Sprintf("3|compact|%d|%d|%d|%d|true", cr3.AfterFiles, last.Manifest.Bytes(), len(after.Files()), after.Manifest.Bytes())
	if len(h) != 4 || h[2] != want2 || h[3] != want3 || !strings.HasPrefix(h[0], fmt.Sprintf("0|write|%d|%d|", len(snap0.Files()), snap0.Manifest.Bytes())) {
		t.Fatalf("history after compactions:\n%s\nwant generation 2 %s, 3 %s", strings.Join(h, "\n"), want2, want3)
	}
	// Every generation's files added less removed is what the lake gained.
	sum := query(t, s, "SELECT SUM(files_added - COALESCE(files_removed, 0)), SUM(bytes_added - COALESCE(bytes_removed, 0)) FROM t.history").Rows[0]
	if sum[0].String() != fmt.Sprint(len(last.Files())) || sum[1].String() != fmt.Sprint(last.Manifest.Bytes()) {
		t.Fatalf("history sums to %v files and %v bytes; the lake has %d and %d", sum[0], sum[1], len(last.Files()), last.Manifest.Bytes())
	}

	// An interrupted compaction: its new files are orphans, which t.files
	// never shows, and no generation is made.
	if _, err := compact.Compact(c, "t", compact.Options{Target: 100, Crash: compact.Crash{Point: compact.CrashBeforeSwap}}); !errors.Is(err, catalog.ErrCrashed) {
		t.Fatalf("compact with a crash: %v", err)
	}
	if o, _ := last.Orphans(); len(o) == 0 {
		t.Fatal("want orphans after the crash")
	}
	wantMetaFiles(t, s, c, func(string) int64 { return 3 })
	// One that stops after its swap: a generation the history has no
	// record of, NULL in t.history; its files carry it in their names.
	if _, err := compact.Compact(c, "t", compact.Options{Target: 300, Crash: compact.Crash{Point: compact.CrashAfterSwap}}); !errors.Is(err, catalog.ErrCrashed) {
		t.Fatalf("compact with a crash: %v", err)
	}
	wantMetaFiles(t, s, c, func(string) int64 { return 4 })
	if h := history(t, s); len(h) != 5 || h[4] != "4|NULL|NULL|NULL|NULL|NULL|false" {
		t.Fatalf("history after a crash past the swap: %v", h)
	}

	// A repartition into a new lake is its generation 0; over itself, the
	// next generation, whose files are all new.
	if _, err := compact.Repartition(c, "t", "u", []string{"region"}, compact.RepartitionOptions{}); err != nil {
		t.Fatal(err)
	}
	u := query(t, s, "SELECT generation, operation, files_added, files_removed FROM u.history")
	uf, _ := c.Snapshot("u")
	if got := table(u); got != fmt.Sprintf("generation|operation|files_added|files_removed\n0|repartition|%d|0", len(uf.Files())) {
		t.Fatalf("u.history:\n%s", got)
	}
	if got := table(query(t, s, "SELECT DISTINCT generation FROM u.files")); got != "generation\n0" {
		t.Fatalf("u.files generations:\n%s", got)
	}
	if _, err := compact.Repartition(c, "t", "t", []string{"day"}, compact.RepartitionOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := table(query(t, s, "SELECT DISTINCT generation FROM t.files")); got != "generation\n5" {
		t.Fatalf("t.files generations after repartitioning t over itself:\n%s", got)
	}
	tf, _ := c.Snapshot("t")
	if h := history(t, s); len(h) != 6 || h[5] != fmt.Sprintf("5|repartition|%d|%d|%d|%d|true", len(tf.Files()), tf.Manifest.Bytes(), len(last.Files()), last.Manifest.Bytes()) {
		// Generation 4 stopped after its swap, so the files repartition
		// read are generation 4's, not last's: check the count alone.
		if len(h) != 6 || !strings.HasPrefix(h[5], fmt.Sprintf("5|repartition|%d|%d|", len(tf.Files()), tf.Manifest.Bytes())) {
			t.Fatalf("history after repartitioning t over itself: %v", h)
		}
	}
	// The files named without a generation are the repartition's, not
	// generation 0's.
	wantFiles2 := query(t, s, "SELECT COUNT(*) FROM t.files WHERE path LIKE '%part-0%' AND generation = 5").Rows[0][0]
	if wantFiles2.String() != fmt.Sprint(len(tf.Files())) {
		t.Fatalf("t.files: %v files of generation 5 named part-NNNN, want %d", wantFiles2, len(tf.Files()))
	}

	// Writing the lake anew starts its history again.
	if _, err := c.CreateWith("t", []string{"day"}, filepath.Join(dir, "raw.jsonl"), catalog.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if h := history(t, s); len(h) != 1 || !strings.HasPrefix(h[0], "0|write|") {
		t.Fatalf("history of a lake written anew: %v", h)
	}
	wantMetaFiles(t, s, c, func(string) int64 { return 0 })
}

func TestMetadataTablesAnswerSQL(t *testing.T) {
	s, c := metaLake(t)
	// The example, and the lab's question: where the small files
	// are.
	res := query(t, s, "SELECT day, COUNT(*) AS files, SUM(bytes) FROM t.files WHERE bytes < 4096 GROUP BY day ORDER BY files DESC, day")
	snap, _ := c.Snapshot("t")
	count := map[string]int64{}
	size := map[string]int64{}
	for _, f := range snap.Files() {
		if f.Bytes < 4096 {
			count[f.Partition[0].Str]++
			size[f.Partition[0].Str] += f.Bytes
		}
	}
	if len(res.Rows) != len(count) {
		t.Fatalf("%d days, want %d", len(res.Rows), len(count))
	}
	for _, r := range res.Rows {
		d := r[0].String()
		if r[1].String() != fmt.Sprint(count[d]) || r[2].String() != fmt.Sprint(size[d]) {
			t.Errorf("day %s: %v files, %v bytes; want %d, %d", d, r[1], r[2], count[d], size[d])
		}
	}
	// NULL partition values are SQL NULL; functions and LIKE work.
	nulls := query(t, s, "SELECT COUNT(*) FROM t.partitions WHERE region IS NULL").Rows[0][0]
	var want int
	parts := map[string]bool{}
	for _, f := range snap.Files() {
		if f.Partition[1].Null && !parts[f.Partition[0].Str] {
			parts[f.Partition[0].Str] = true
			want++
		}
	}
	if nulls.String() != fmt.Sprint(want) || want == 0 {
		t.Fatalf("%v partitions with a NULL region, want %d (> 0)", nulls, want)
	}
	if got := query(t, s, "SELECT COUNT(*) FROM t$files WHERE path LIKE 'day=2026-01-01/%' AND UPPER(region) = 'R1'").Rows[0][0]; got.String() == "0" {
		t.Fatal("no file of day 2026-01-01, region r1")
	}
	// A key field named as a column of the table is key_<field>.
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.jsonl")
	os.WriteFile(raw, []byte("{\"rows\":\"a\",\"x\":1}\n{\"rows\":\"b\",\"x\":2}\n"), 0o644)
	c2 := catalog.New(dir)
	if _, err := c2.Create("k", []string{"rows"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	s2 := NewSession(c2)
	if got := table(query(t, s2, "SELECT key_rows, rows, files FROM k.partitions ORDER BY 1")); got != "key_rows|rows|files\na|1|1\nb|1|1" {
		t.Fatalf("k.partitions:\n%s", got)
	}
	// An empty lake's tables have no rows, and say nothing of unseen fields.
	os.WriteFile(raw, nil, 0o644)
	if _, err := c2.Create("e", []string{"day"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	if r := query(t, s2, "SELECT COUNT(*), SUM(bytes) FROM e.files"); table(r) != "count_star()|sum(bytes)\n0|NULL" || r.Note != "" {
		t.Fatalf("e.files: %s (note %q)", table(r), r.Note)
	}
	// Errors: an unknown table of a lake, a lake that is not there.
	for q, want := range map[string]string{
		"SELECT * FROM t.snapshots":      "metadata tables are files, partitions, history",
		"SELECT * FROM nosuch.files":     "nosuch",
		"SELECT * FROM `nosuch$history`": "nosuch",
	} {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", q, err, want)
		}
	}
}
