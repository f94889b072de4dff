package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := map[string]struct {
		in   []time.Duration
		want time.Duration
	}{
		"empty": {nil, 0},
		"one":   {[]time.Duration{3}, 3},
		"odd":   {[]time.Duration{5, 1, 3}, 3},
		"even":  {[]time.Duration{4, 1, 3, 2}, 2}, // (2+3)/2 truncated
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := median(tc.in); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSelectJobs(t *testing.T) {
	got, err := selectJobs("compact, write_day")
	if err != nil || strings.Join(got, ",") != "write_day,compact" {
		t.Errorf("got %v, %v; want table order write_day,compact", got, err)
	}
	if _, err := selectJobs("nope"); err == nil {
		t.Error("unknown job: got no error")
	}
	if got, _ := selectJobs("all"); len(got) != len(allJobs) {
		t.Errorf("all: got %d jobs, want %d", len(got), len(allJobs))
	}
}

func TestParseGroupCSV(t *testing.T) {
	got, err := parseGroupCSV([]byte("region,COUNT(*),SUM(amount)\nbusan,2,10\nseoul,1,7\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got["busan"] != (agg{2, 10}) || got["seoul"] != (agg{1, 7}) || len(got) != 2 {
		t.Errorf("got %v", got)
	}
	for _, bad := range []string{"", "a,b\n", "region,c,s\nbusan,x,1\n"} {
		if _, err := parseGroupCSV([]byte(bad)); err == nil {
			t.Errorf("%q: got no error", bad)
		}
	}
}

func TestNAReason(t *testing.T) {
	err := errors.New("/tmp/x/lakesql -d W -c 'SELECT 1': exit status 1\n    | lakesql: line 1: boom\n    | more")
	if got, want := naReason(err), "exit status 1: lakesql: line 1: boom"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadLake(t *testing.T) {
	row := func(day string, amount string) string {
		return `{"order_id":"o-1","day":"` + day + `","region":"seoul","channel":"app","amount":` + amount + `,"qty":1}` + "\n"
	}
	t.Run("hive folders", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "day=2026-01-01/data_0.jsonl"), row("2026-01-01", "5")+row("2026-01-01", "7"))
		writeFile(t, filepath.Join(dir, "day=2026-01-02/data_0.jsonl"), row("2026-01-02", "1"))
		s, err := readLake(dir)
		if err != nil {
			t.Fatal(err)
		}
		if s.total != (agg{3, 13}) || s.partitions != 2 || s.files != 2 {
			t.Errorf("got %v in %d partitions, %d files; want 3 rows, sum 13 in 2, 2", s.total, s.partitions, s.files)
		}
	})
	t.Run("manifest", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "day=2026-01-01/part-0000.jsonl"), row("2026-01-01", "5"))
		writeFile(t, filepath.Join(dir, "day=2026-01-01/part-stray.jsonl"), row("2026-01-01", "100"))
		writeFile(t, filepath.Join(dir, "_manifest.json"),
			`{"lake":"l","key":["day"],"generation":0,"files":[{"path":"day=2026-01-01/part-0000.jsonl","partition":{"day":"2026-01-01"},"rows":1,"bytes":1}]}`)
		s, err := readLake(dir)
		if err != nil {
			t.Fatal(err)
		}
		if s.total != (agg{1, 5}) {
			t.Errorf("got %v, want only the manifest's file: 1 rows, sum 5", s.total)
		}
	})
	bad := map[string]string{
		"wrong partition":  row("2026-01-02", "5"),
		"invalid JSON":     `{"order_id":"o-1","day":"2026-01-01",` + "\n",
		"no final newline": strings.TrimSuffix(row("2026-01-01", "5"), "\n"),
		"csv quoting":      `"{""order_id"":""o-1""}"` + "\n",
	}
	for name, data := range bad {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "day=2026-01-01/data_0.jsonl"), data)
			if _, err := readLake(dir); err == nil {
				t.Error("got no error")
			}
		})
	}
}

// TestDuckCopyPartitioned checks the PARTITION_BY workaround end to end: the
// CSV writer's output must be valid JSON lines, partitioned correctly, and
// readable back through duckReadLake with hive pruning.
func TestDuckCopyPartitioned(t *testing.T) {
	ctx := t.Context()
	d, err := openDuck(ctx, time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.jsonl")
	writeFile(t, raw, `{"order_id":"o-1","day":"2026-01-01","region":"seoul","channel":"app","amount":5,"qty":1}
{"order_id":"o-\"2\"","day":"2026-01-02","region":"busan","channel":"web","amount":7,"qty":2}
{"order_id":"o-3","day":"2026-01-01","region":"busan","channel":"app","amount":11,"qty":3}
`)
	out := filepath.Join(dir, "out")
	rows, _, err := d.query(ctx, duckCopyPartitioned(duckReadRaw(raw), out, []string{"day", "region"}))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := duckCount(rows); err != nil || n != 3 {
		t.Fatalf("COPY: got %v (%v), want 3 rows", rows, err)
	}
	s, err := readLake(out)
	if err != nil {
		t.Fatal(err)
	}
	if s.total != (agg{3, 23}) || s.partitions != 3 {
		t.Errorf("got %v in %d partitions, want 3 rows, sum 23 in 3", s.total, s.partitions)
	}
	rows, _, err = d.query(ctx, "SELECT count(*), sum(amount) FROM "+duckReadLake(out)+" WHERE day = '2026-01-01'")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := parseAgg(rows[0][0], rows[0][1]); err != nil || got != (agg{2, 16}) {
		t.Errorf("WHERE day: got %v (%v), want 2 rows, sum 16", rows, err)
	}
}
