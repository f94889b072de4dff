package storage

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExchangeByRenames(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for p, content := range map[string]string{a: "new", b: "old"} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "f"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := exchangeByRenames(a, b); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{a: "old", b: "new"} {
		got, err := os.ReadFile(filepath.Join(p, "f"))
		if err != nil || string(got) != want {
			t.Fatalf("%s: got %q, %v; want %q", p, got, err, want)
		}
	}
	if _, err := os.Stat(b + "~swap"); !os.IsNotExist(err) {
		t.Fatalf("temporary name left behind: %v", err)
	}
}
