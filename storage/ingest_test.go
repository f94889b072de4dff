package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sequential writes a lake the simple way, line by line, as a reference.
func sequential(t *testing.T, raw []byte, key []string, maxRows int64) map[string]string {
	t.Helper()
	dir := t.TempDir()
	w := NewLakeWriter(OS, dir, key, WriterOptions{MaxRows: maxRows})
	lr := NewLineReader(bytes.NewReader(raw), 64)
	vals := make([][]byte, len(key))
	for {
		line, err := lr.Next()
		if err != nil {
			break
		}
		if err := Fields(line, key, vals); err != nil {
			t.Fatal(err)
		}
		if err := w.Add(vals, line); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return readTree(t, dir)
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIngestBlocks cuts the input into tiny blocks, so that block edges
// fall everywhere, and checks the lake is byte for byte what a line-by-line
// writer makes: rows in order, CRLF kept, a last line without '\n'.
func TestIngestBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	old := ingestBlock
	defer func() { ingestBlock = old }()
	for trial := range 30 {
		var lines []string
		for i := range rng.IntN(200) {
			end := "\n"
			if rng.IntN(10) == 0 {
				end = "\r\n"
			}
			pad := strings.Repeat("x", rng.IntN(80))
			lines = append(lines, fmt.Sprintf(`{"k":"%c","i":%d,"pad":"%s"}%s`, 'a'+rng.IntN(5), i, pad, end))
		}
		raw := strings.Join(lines, "")
		if rng.IntN(2) == 0 {
			raw = strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
		}
		maxRows := int64(rng.IntN(4))
		want := sequential(t, []byte(raw), []string{"k"}, maxRows)
		ingestBlock = 1 + rng.IntN(300)
		dir := t.TempDir()
		w := NewLakeWriter(OS, dir, []string{"k"}, WriterOptions{MaxRows: maxRows})
		rows, n, err := w.AddLines(strings.NewReader(raw), "raw.jsonl")
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if _, err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if rows != int64(len(lines)) || n != int64(len(raw)) {
			t.Fatalf("trial %d: got %d rows %d bytes, want %d rows %d bytes", trial, rows, n, len(lines), len(raw))
		}
		got := readTree(t, dir)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d (block %d): lake differs from the line-by-line writer's", trial, ingestBlock)
		}
	}
}

func TestIngestErrorLine(t *testing.T) {
	old := ingestBlock
	defer func() { ingestBlock = old }()
	var lines []string
	for i := range 50 {
		lines = append(lines, fmt.Sprintf(`{"k":"a","i":%d}`, i))
	}
	lines[36] = `{"k":"a","i":}`
	lines[44] = `{"k":{"nested":1}}`
	raw := strings.Join(lines, "\n") + "\n"
	for _, size := range []int{1, 7, 40, 1 << 20} {
		ingestBlock = size
		w := NewLakeWriter(OS, t.TempDir(), []string{"k"}, WriterOptions{})
		_, _, err := w.AddLines(strings.NewReader(raw), "raw.jsonl")
		w.Abort()
		var le *LineError
		if !errors.As(err, &le) || le.Line != 37 || !errors.Is(err, ErrSyntax) {
			t.Fatalf("block %d: got %v, want a syntax error on line 37", size, err)
		}
	}
	lines[36] = `{"k":"a","i":36}`
	raw = strings.Join(lines, "\n") + "\n"
	w := NewLakeWriter(OS, t.TempDir(), []string{"k"}, WriterOptions{})
	_, _, err := w.AddLines(strings.NewReader(raw), "raw.jsonl")
	w.Abort()
	var le *LineError
	if !errors.As(err, &le) || le.Line != 45 || !errors.Is(err, ErrKeyValue) {
		t.Fatalf("got %v, want a key value error on line 45", err)
	}
}
