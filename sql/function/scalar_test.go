package function

import (
	"strings"
	"testing"
)

// Every function documents itself; an alias's Doc names its function.
func TestDocs(t *testing.T) {
	docs := Docs()
	if len(docs) != len(Names()) {
		t.Fatalf("%d docs for %d names", len(docs), len(Names()))
	}
	for _, d := range docs {
		if d.Signature == "" || d.Summary == "" || !strings.HasPrefix(d.Signature, d.Name+"(") {
			t.Errorf("%s: signature %q, summary %q", d.Name, d.Signature, d.Summary)
		}
	}
}
