package sql

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/copyout"
)

func TestCopyTo(t *testing.T) {
	s := fixedLake(t, []string{"g"}, `{"g":"a","n":1,"x":"1"}`, `{"g":"b/c","n":2,"x":"2"}`, `{"g":"a","n":3,"x":"3"}`)
	ctx := context.Background()
	dir := s.Catalog.Dir
	for q, want := range map[string]string{
		// A relative path is in the work folder, as COPY … FROM reads.
		"COPY (SELECT g, n * 2 AS m FROM t ORDER BY n) TO 'o.csv'": "path|format|files_written|rows_written|bytes_written\no.csv|csv|1|3|18",
		"COPY t TO 'all.json'": "path|format|files_written|rows_written|bytes_written\nall.json|json|1|3|74",
		"COPY (SELECT n FROM t UNION ALL SELECT n FROM t) TO 'u.parquet'":                         "path|format|files_written|rows_written|bytes_written\nu.parquet|parquet|1|6|",
		"COPY t TO 'parts' (FORMAT parquet, PARTITION_BY (g))":                                    "path|format|files_written|rows_written|bytes_written\nparts|parquet|2|3|",
		"COPY (SELECT g, n FROM t WHERE n > 1) TO 'q' (FORMAT csv, HEADER false, PARTITION_BY g)": "path|format|files_written|rows_written|bytes_written\nq|csv|2|2|4",
	} {
		res, err := s.Exec(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got := table(res); !strings.HasPrefix(got, want) {
			t.Errorf("%s: got\n%s\nwant\n%s", q, got, want)
		}
	}
	if got, want := readFile(t, filepath.Join(dir, "o.csv")), "g,m\na,2\nb/c,4\na,6\n"; got != want {
		t.Errorf("o.csv: got %q, want %q", got, want)
	}
	if got, want := readFile(t, filepath.Join(dir, "all.json")), `{"g":"a","n":1,"x":"1"}`+"\n"+`{"g":"a","n":3,"x":"3"}`+"\n"+`{"g":"b/c","n":2,"x":"2"}`+"\n"; got != want {
		t.Errorf("all.json: got %q, want %q", got, want)
	}
	for _, p := range []string{"parts/g=a/data_0.parquet", "parts/g=b%2Fc/data_0.parquet", "q/g=a/data_0.csv", "q/g=b%2Fc/data_0.csv"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
	if got := readFile(t, filepath.Join(dir, "q/g=a/data_0.csv")); got != "3\n" {
		t.Errorf("q/g=a: got %q, want %q", got, "3\n")
	}
	if _, err := s.Exec(ctx, "COPY t TO 'x.txt'"); err == nil || !strings.Contains(err.Error(), "FORMAT") {
		t.Errorf("unknown extension: got %v, want an error asking for FORMAT", err)
	}
	if _, err := s.Exec(ctx, "COPY nope TO 'x.csv'"); err == nil || !strings.Contains(err.Error(), "unknown lake") {
		t.Errorf("unknown lake: got %v", err)
	}
}

// TestCopyToFailure runs COPYs that fail on a late row, after thousands
// went out: no file or folder is left, and a file that was there keeps
// its content.
func TestCopyToFailure(t *testing.T) {
	rows := make([]string, 5000)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"g":"k%d","x":"%d"}`, i%3, i)
	}
	rows = append(rows, `{"g":"k0","x":"not a number"}`)
	s := fixedLake(t, []string{"g"}, rows...)
	ctx := context.Background()
	dir := s.Catalog.Dir
	if err := os.WriteFile(filepath.Join(dir, "o.csv"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := dirNames(t, dir)
	for _, q := range []string{
		"COPY (SELECT g, CAST(x AS BIGINT) AS x FROM t) TO 'o.csv'",
		"COPY (SELECT g, CAST(x AS BIGINT) AS x FROM t) TO 'o.parquet'",
		"COPY (SELECT g, CAST(x AS BIGINT) AS x FROM t) TO 'p' (FORMAT parquet, PARTITION_BY (g))",
		"COPY (SELECT g, CAST(x AS BIGINT) AS x FROM t) TO 'j' (FORMAT json, PARTITION_BY (g))",
	} {
		if _, err := s.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "not a number") {
			t.Errorf("%s: got %v, want the cast's error", q, err)
		}
		if got := dirNames(t, dir); !slices.Equal(got, before) {
			t.Errorf("%s: left %q, want %q", q, got, before)
		}
	}
	if got := readFile(t, filepath.Join(dir, "o.csv")); got != "old" {
		t.Errorf("o.csv: got %q, want the old content", got)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestCopyToPartitionOrder sends rows of more partitions than may be open
// at once, interleaved: sorted by the partition columns first, each
// partition is one file; a LIMIT picks the rows of the query's own order.
func TestCopyToPartitionOrder(t *testing.T) {
	defer func(old int) { copyout.MaxOpen = old }(copyout.MaxOpen)
	copyout.MaxOpen = 2
	var rows []string
	for i := range 50 {
		rows = append(rows, fmt.Sprintf(`{"g":"x","k":"k%d","n":%d}`, i%5, i))
	}
	s := fixedLake(t, []string{"g"}, rows...)
	ctx := context.Background()
	for q, want := range map[string]string{
		"COPY t TO 'a' (FORMAT csv, PARTITION_BY (k))":                                                          "a|csv|5|50|",
		"COPY (SELECT k, n FROM t UNION ALL SELECT k, n FROM t) TO 'u' (FORMAT csv, PARTITION_BY (k))":          "u|csv|5|100|",
		"COPY (SELECT k, n FROM t ORDER BY n DESC LIMIT 3) TO 'l' (FORMAT csv, HEADER false, PARTITION_BY (k))": "l|csv|3|3|",
	} {
		res, err := s.Exec(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got := table(res); !strings.Contains(got, "\n"+want) {
			t.Errorf("%s: got\n%s\nwant a row %s…", q, got, want)
		}
	}
	for p, want := range map[string]string{"l/k=k4/data_0.csv": "49\n", "l/k=k3/data_0.csv": "48\n", "l/k=k2/data_0.csv": "47\n"} {
		if got := readFile(t, filepath.Join(s.Catalog.Dir, p)); got != want {
			t.Errorf("%s: got %q, want %q", p, got, want)
		}
	}
}

// TestCopyToNeverOverLakes: COPY … TO a lake, a file inside one, the
// work folder or the history is refused, OVERWRITE or not, and the lake
// answers as before.
func TestCopyToNeverOverLakes(t *testing.T) {
	s := fixedLake(t, []string{"day"}, `{"day":"a","x":1}`, `{"day":"b","x":2}`)
	for _, q := range []string{
		"COPY t TO 't' (FORMAT parquet, PARTITION_BY (day), OVERWRITE)",
		"COPY t TO '.' (FORMAT csv, PARTITION_BY (day), OVERWRITE)",
		"COPY (SELECT 1 AS a) TO 't/_manifest.json' (FORMAT json)",
		"COPY (SELECT 1 AS a) TO 't/day=a/part-0000.jsonl' (FORMAT json)",
		"COPY (SELECT 1 AS a) TO '_history.jsonl' (FORMAT json)",
	} {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), "would overwrite a lake") {
			t.Errorf("%s: got %v, want a refusal", q, err)
		}
	}
	res, err := s.Exec(context.Background(), "SELECT SUM(x) FROM t")
	if err != nil || res.Rows[0][0].String() != "3" {
		t.Fatalf("the lake after the refusals: %v, %v", res, err)
	}
	if _, err := s.Exec(context.Background(), "COPY t TO 'out.csv'"); err != nil {
		t.Errorf("a file beside the lakes: %v", err)
	}
}
