package sql

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"
)

// TestManifestAnswersAsTheScan: COUNT(*), MIN and MAX of key fields under
// random partition predicates on random lakes (keys that look like numbers,
// booleans, null, missing) answer from the manifest exactly what the scan
// answers: the same query with arguments the manifest cannot answer
// (COUNT(1), MIN(IF(TRUE, k1, NULL))) opens the files.
func TestManifestAnswersAsTheScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	fromManifest, scanned := 0, 0
	for range 150 {
		snap, _ := randomLake(t, rng)
		for range 8 {
			where := ""
			if rng.IntN(4) > 0 {
				where = " WHERE " + randomPred(rng, []string{"k1", "k2"}, false, 2).String()
			}
			fast := "SELECT COUNT(*), MIN(k1), MAX(k1), MIN(k2), MAX(k2) FROM l" + where
			slow := "SELECT COUNT(1), MIN(IF(TRUE, k1, NULL)), MAX(IF(TRUE, k1, NULL)), MIN(IF(TRUE, k2, NULL)), MAX(IF(TRUE, k2, NULL)) FROM l" + where
			if rng.IntN(2) == 0 {
				fast, slow = "SELECT COUNT(*) FROM l"+where, "SELECT COUNT(1) FROM l"+where
			}
			run := func(q string) (*Result, bool) {
				sel, err := parser.ParseSelect(q, 0)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				p, res, err := RunPinned(context.Background(), snap, sel)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				return res, p.Scan.FromManifest
			}
			want, slowFromManifest := run(slow)
			got, ok := run(fast)
			if slowFromManifest {
				t.Fatalf("%s: answered from the manifest", slow)
			}
			if ok {
				fromManifest++
				if got.Stats.FilesScanned != 0 {
					t.Errorf("%s: from the manifest, yet %d files opened", fast, got.Stats.FilesScanned)
				}
			} else {
				scanned++
			}
			for i := range want.Rows[0] {
				w, g := want.Rows[0][i], got.Rows[0][i]
				if w.K != g.K || w.String() != g.String() {
					t.Fatalf("%s (manifest: %v): column %d is %v, the scan says %v", fast, ok, i, g, w)
				}
			}
		}
	}
	if fromManifest < 100 || scanned < 100 {
		t.Errorf("%d queries from the manifest, %d scanned: want many of both", fromManifest, scanned)
	}
}
