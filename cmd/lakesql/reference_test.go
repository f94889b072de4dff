package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// referencePath is the SQL reference whose examples TestReferenceExamples
// runs.
const referencePath = "../../docs/sql.md"

// fence is one fenced block of a Markdown file.
type fence struct {
	lang       string
	body       string
	start, end int // the lines of the body: lines[start:end]
}

// fences returns the fenced blocks of the lines of a Markdown file, and
// for each whether the one after it follows with only blank lines
// between.
func fences(lines []string) (blocks []fence, adjacent []bool) {
	lastEnd := -10
	for i := 0; i < len(lines); i++ {
		lang, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		j := i + 1
		for j < len(lines) && lines[j] != "```" {
			j++
		}
		touching := lastEnd >= 0 && strings.TrimSpace(strings.Join(lines[lastEnd+1:i], "")) == ""
		if len(blocks) > 0 {
			adjacent = append(adjacent, touching)
		}
		body := strings.Join(lines[i+1:min(j, len(lines))], "\n")
		blocks = append(blocks, fence{lang: strings.TrimSpace(lang), body: body, start: i + 1, end: j})
		lastEnd = j
		i = j
	}
	return blocks, append(adjacent, false)
}

// TestReferenceExamples runs every ```sql block of docs/sql.md that is
// followed by a ```text block, in order, in one work folder holding the
// document's ```jsonl block as raw.jsonl, and compares what lakesql prints
// (stdout, then stderr) with the text block. With -update it rewrites the
// text blocks.
func TestReferenceExamples(t *testing.T) {
	doc, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(doc), "\n")
	blocks, next := fences(lines)
	dir := t.TempDir()
	fixture := false
	for _, b := range blocks {
		if b.lang == "jsonl" {
			if err := os.WriteFile(filepath.Join(dir, "raw.jsonl"), []byte(b.body+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			fixture = true
			break
		}
	}
	if !fixture {
		t.Fatalf("%s: no ```jsonl block to run the examples on", referencePath)
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	ran := 0
	for i, b := range blocks {
		if b.lang != "sql" || !next[i] || blocks[i+1].lang != "text" {
			continue
		}
		want := blocks[i+1]
		var out bytes.Buffer
		run([]string{"-d", dir, "--no-init", "-c", b.body}, strings.NewReader(""), &out, &out)
		got := strings.TrimRight(out.String(), "\n")
		ran++
		if got == want.body {
			continue
		}
		if *update {
			edits = append(edits, edit{want.start, want.end, got})
			continue
		}
		t.Errorf("%s:%d: the example\n%s\nprints\n%s\nnot, as the reference says,\n%s\n(go test ./cmd/lakesql -run TestReferenceExamples -update rewrites the outputs)",
			referencePath, b.start, b.body, got, want.body)
	}
	if ran < 5 {
		t.Errorf("%s: only %d runnable examples found", referencePath, ran)
	}
	if len(edits) == 0 {
		return
	}
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		lines = append(lines[:e.start], append(strings.Split(e.text, "\n"), lines[e.end:]...)...)
	}
	if err := os.WriteFile(referencePath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %d outputs of %s", len(edits), referencePath)
}

func TestFences(t *testing.T) {
	doc := "text\n```sql\nSELECT 1;\n```\n\n```text\none\ntwo\n```\nprose\n```sql\nSELECT 2;\n```\nprose\n```text\nx\n```\n"
	blocks, next := fences(strings.Split(doc, "\n"))
	if len(blocks) != 4 {
		t.Fatalf("got %d blocks, want 4: %+v", len(blocks), blocks)
	}
	if blocks[0].lang != "sql" || blocks[0].body != "SELECT 1;" || blocks[1].body != "one\ntwo" || blocks[1].start != 6 || blocks[1].end != 8 {
		t.Errorf("blocks: %+v", blocks)
	}
	if want := []bool{true, false, false, false}; len(next) != 4 || next[0] != want[0] || next[1] || next[2] || next[3] {
		t.Errorf("adjacent: got %v, want %v", next, want)
	}
}
