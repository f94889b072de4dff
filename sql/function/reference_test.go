package function

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the function table of ../../docs/sql.md from Docs()")

// referencePath is the SQL reference whose function table Docs() writes.
const referencePath = "../../docs/sql.md"

// The function table of the reference lies between these two lines.
const (
	tableBegin = "<!-- BEGIN FUNCTIONS: generated from function.Docs() by `go test ./sql/function -run TestReference -update`; do not edit -->"
	tableEnd   = "<!-- END FUNCTIONS -->"
)

// referenceTable renders docs as the Markdown table of the reference.
func referenceTable(docs []Doc) string {
	var b strings.Builder
	b.WriteString("| function | signature | what it returns |\n|---|---|---|\n")
	for _, d := range docs {
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", d.Name, cell(d.Signature), cell(d.Summary))
	}
	return b.String()
}

// cell escapes text for a Markdown table cell: a | would end the cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// spliceTable returns doc with the text between the marker lines replaced
// by table.
func spliceTable(doc, table string) (string, error) {
	i := strings.Index(doc, tableBegin+"\n")
	j := strings.Index(doc, tableEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("the marker lines %q and %q are missing or out of order", tableBegin, tableEnd)
	}
	start := i + len(tableBegin) + 1
	return doc[:start] + table + doc[j:], nil
}

// TestReference keeps the function table of docs/sql.md equal to what
// Docs() says: every registered function and alias, with its signature
// and summary, and nothing else.
func TestReference(t *testing.T) {
	old, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatal(err)
	}
	got, err := spliceTable(string(old), referenceTable(Docs()))
	if err != nil {
		t.Fatalf("%s: %v", referencePath, err)
	}
	if got == string(old) {
		return
	}
	if *update {
		if err := os.WriteFile(referencePath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the function table differs from function.Docs(); run\n\tgo test ./sql/function -run TestReference -update\n%s",
		referencePath, firstDiff(string(old), got))
}

// TestReferenceTableRows checks the table by its rows, in the other
// direction: each row of the reference names a registered function.
func TestReferenceTableRows(t *testing.T) {
	doc, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := bytes.Cut(doc, []byte(tableBegin+"\n"))
	table, _, ok2 := bytes.Cut(rest, []byte(tableEnd))
	if !ok || !ok2 {
		t.Fatalf("%s: no function table between the markers", referencePath)
	}
	rows := 0
	for _, line := range strings.Split(string(table), "\n")[2:] {
		if line == "" {
			continue
		}
		name := strings.TrimSpace(strings.Split(line, "|")[1])
		if _, ok := Lookup(name); !ok {
			t.Errorf("%s lists %s, which is no registered function", referencePath, name)
		}
		rows++
	}
	if n := len(Names()); rows != n {
		t.Errorf("%s lists %d functions, the registry has %d", referencePath, rows, n)
	}
}

func TestSpliceTable(t *testing.T) {
	doc := "intro\n" + tableBegin + "\nold\n" + tableEnd + "\nafter\n"
	got, err := spliceTable(doc, "new\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "intro\n" + tableBegin + "\nnew\n" + tableEnd + "\nafter\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := spliceTable("no markers", "x"); err == nil {
		t.Error("a document without markers: got no error")
	}
	if got := referenceTable([]Doc{{Name: "F", Signature: "F(a) | F(a, b)", Summary: "x | y"}}); !strings.Contains(got, "| F | `F(a) \\| F(a, b)` | x \\| y |") {
		t.Errorf("a | in a cell is not escaped: %q", got)
	}
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n\thave %s\n\twant %s", i+1, x, y)
		}
	}
	return ""
}
