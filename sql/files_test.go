package sql

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// TestFileTables: FROM 'file.jsonl' and read_json('file.jsonl') read a
// JSON Lines file as a table, whose answers are counted here from the
// lines written; a bad line is an error naming the file and the line.
func TestFileTables(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	count, sum := map[string]int{}, map[string]int{}
	for i := range 500 {
		g := fmt.Sprintf("g%d", i%7)
		fmt.Fprintf(&b, `{"id":%d,"g":"%s","n":%d}`+"\n", i, g, i%13)
		count[g]++
		sum[g] += i % 13
	}
	os.WriteFile(filepath.Join(dir, "raw.jsonl"), []byte(b.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte("{\"a\":1}\n{\"a\":2}\n[3]\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "blank.jsonl"), []byte("{\"a\":1}\n\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "small.jsonl"), []byte(`{"g":"g1","label":"one"}`+"\n"+`{"g":"g2","label":"two"}`+"\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	os.MkdirAll(filepath.Join(dir, "logs"), 0o755)
	os.MkdirAll(filepath.Join(dir, "hive", "day=1"), 0o755)
	var parts [3]strings.Builder
	for i := range 500 {
		fmt.Fprintf(&parts[i%3], `{"id":%d,"g":"g%d","n":%d}`+"\n", i, i%7, i%13)
	}
	for i := range parts {
		os.WriteFile(filepath.Join(dir, "logs", fmt.Sprintf("part%d.jsonl", i)), []byte(parts[i].String()), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "logs", "other.txt"), []byte("not JSON\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "hive", "day=1", "p.jsonl"), []byte(`{"a":1}`+"\n"), 0o644)
	c := catalog.New(dir)
	if _, err := c.Create("lk", []string{"g"}, filepath.Join(dir, "small.jsonl"), 0); err != nil {
		t.Fatal(err)
	}
	s := NewSession(c)
	var grouped []string
	for i := range 7 {
		g := fmt.Sprintf("g%d", i)
		grouped = append(grouped, fmt.Sprintf("%s|%d|%d", g, count[g], sum[g]))
	}
	for q, want := range map[string]string{
		"SELECT COUNT(*) FROM 'raw.jsonl'":                                                         "500",
		"SELECT COUNT(*), SUM(n) FROM read_json('raw.jsonl') WHERE g = 'g3'":                       fmt.Sprintf("%d|%d", count["g3"], sum["g3"]),
		"SELECT g, COUNT(*), SUM(n) FROM read_json_auto('raw.jsonl') GROUP BY g ORDER BY g":        strings.Join(grouped, "\n"),
		"SELECT raw.g, COUNT(*), SUM(raw.n) FROM read_ndjson('raw.jsonl') GROUP BY 1 ORDER BY 1":   strings.Join(grouped, "\n"),
		"SELECT r.id FROM 'raw.jsonl' AS r WHERE r.id > 497 ORDER BY r.id":                         "498\n499",
		"SELECT * FROM 'raw.jsonl' WHERE id = 3":                                                   "3|g3|3",
		"SELECT lk.label, COUNT(*) FROM 'raw.jsonl' f JOIN lk ON f.g = lk.g GROUP BY 1 ORDER BY 1": fmt.Sprintf("one|%d\ntwo|%d", count["g1"], count["g2"]),
		"SELECT COUNT(*) FROM (SELECT g FROM read_ndjson_auto('raw.jsonl') WHERE n > 6) x":         fmt.Sprint(500 - countBelow(500, 13, 7)),
		// A pattern's files, the same rows in three.
		"SELECT g, COUNT(*), SUM(n) FROM 'logs/*.jsonl' GROUP BY g ORDER BY g":    strings.Join(grouped, "\n"),
		"SELECT COUNT(*) FROM read_json('logs/part?.jsonl') AS p WHERE p.id < 10": "10",
		"SELECT COUNT(read_json.id) FROM 'logs/part[01].jsonl'":                   "334",
	} {
		res, err := s.Exec(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if got := strings.Join(rowsText(res), "\n"); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"SELECT * FROM 'bad.jsonl'":        "bad.jsonl line 3: invalid JSON",
		"SELECT * FROM 'blank.jsonl'":      "blank.jsonl line 2: invalid JSON: a blank line",
		"SELECT * FROM 'nosuch.jsonl'":     "no file nosuch.jsonl",
		"SELECT * FROM 'folder'":           "folder is a folder",
		"SELECT COUNT(*) FROM 'bad.jsonl'": "bad.jsonl line 3",
		"SELECT * FROM 'logs/*'":           "other.txt line 1: invalid JSON",
		"SELECT * FROM 'none/*.jsonl'":     "no file matches none/*.jsonl",
		"SELECT * FROM 'hive/*/*.jsonl'":   "Hive partition folders (day=1)",
	} {
		if _, err := s.Exec(context.Background(), q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", q, err, want)
		}
	}
}

// countBelow is how many of 0 … n-1 have i % mod below limit.
func countBelow(n, mod, limit int) int {
	c := 0
	for i := range n {
		if i%mod < limit {
			c++
		}
	}
	return c
}
