package sql

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// pinLake writes n orders and a lake "o" of them keyed by day, 50 rows a
// file, and returns the catalog and the raw file's path.
func pinLake(t *testing.T, n int, seed uint64) (*catalog.Catalog, string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "raw.jsonl")
	writeOrders(t, src, n, seed)
	c := catalog.New(dir)
	if _, err := c.Create("o", []string{"day"}, src, 50); err != nil {
		t.Fatal(err)
	}
	return c, src
}

func writeOrders(t *testing.T, path string, n int, seed uint64) {
	t.Helper()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, n, seed); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func countAll(t *testing.T, src Source) (CountSumResult, error) {
	t.Helper()
	return CountSum(context.Background(), src, nil, "amount")
}

// TestRunPinnedAfterCompaction reads through a snapshot taken before a
// compaction deleted every file it lists: the query starts again on the
// new manifest and answers exactly.
func TestRunPinnedAfterCompaction(t *testing.T) {
	c, _ := pinLake(t, 2000, 1)
	before, err := c.Snapshot("o")
	if err != nil {
		t.Fatal(err)
	}
	want, err := countAll(t, before)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := compact.Compact(c, "o", compact.Options{Target: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(before.Path(before.Files()[0].Path)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the compaction kept an old file: %v", err)
	}
	got, err := countAll(t, before)
	if err != nil {
		t.Fatalf("query on a snapshot whose files were compacted away: %v", err)
	}
	if got.Rows != want.Rows || got.Sum != want.Sum {
		t.Fatalf("after restart: %+v, want %+v", got, want)
	}
	if got.FilesTotal == want.FilesTotal {
		t.Fatalf("files_total %d: the answer did not come from the new generation", got.FilesTotal)
	}
}

// TestRunPinnedAfterRewrite reads through a snapshot of a lake that was
// then written anew from other rows: the folder moved, so the answer must
// be the new lake's, not a mix.
func TestRunPinnedAfterRewrite(t *testing.T) {
	c, src := pinLake(t, 2000, 1)
	before, err := c.Snapshot("o")
	if err != nil {
		t.Fatal(err)
	}
	writeOrders(t, src, 3000, 2)
	if _, err := c.Create("o", []string{"day"}, src, 50); err != nil {
		t.Fatal(err)
	}
	fresh, err := c.Snapshot("o")
	if err != nil {
		t.Fatal(err)
	}
	want, err := countAll(t, fresh)
	if err != nil {
		t.Fatal(err)
	}
	if !before.Moved() {
		t.Fatal("Moved: false after the lake was swapped")
	}
	got, err := countAll(t, before)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rows != want.Rows || got.Sum != want.Sum {
		t.Fatalf("snapshot of the old lake answered %+v, want the new lake's %+v", got, want)
	}
}

// TestRunPinnedDamaged: a file the current manifest lists is gone or has
// another size. Reading the manifest again cannot help, so the query fails
// at once, saying the lake is damaged and naming the file.
func TestRunPinnedDamaged(t *testing.T) {
	for _, damage := range []string{"missing", "shorter"} {
		t.Run(damage, func(t *testing.T) {
			c, _ := pinLake(t, 500, 1)
			snap, err := c.Snapshot("o")
			if err != nil {
				t.Fatal(err)
			}
			victim := snap.Path(snap.Files()[3].Path)
			if damage == "missing" {
				err = os.Remove(victim)
			} else {
				err = os.Truncate(victim, snap.Files()[3].Bytes-1)
			}
			if err != nil {
				t.Fatal(err)
			}
			_, err = countAll(t, snap)
			if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), victim) {
				t.Fatalf("error %v, want a damaged lake naming %s", err, victim)
			}
		})
	}
}

// TestRunPinnedRace runs readers against compactions and repartitions in
// one process, for the race detector; every answer must be exact.
func TestRunPinnedRace(t *testing.T) {
	c, _ := pinLake(t, 3000, 3)
	snap, err := c.Snapshot("o")
	if err != nil {
		t.Fatal(err)
	}
	want, err := countAll(t, snap)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for range 2 {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				snap, err := c.Snapshot("o")
				if err == nil {
					var got CountSumResult
					if got, err = countAll(t, snap); err == nil && (got.Rows != want.Rows || got.Sum != want.Sum) {
						err = errors.New("wrong answer")
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Go(func() {
		for i := 0; time.Now().Before(deadline); i++ {
			var err error
			if i%3 == 2 {
				_, err = compact.Repartition(c, "o", "o", []string{"region"}, compact.RepartitionOptions{MaxRows: 40})
			} else {
				_, err = compact.Compact(c, "o", compact.Options{Target: 8000})
			}
			if err != nil {
				errs <- err
				return
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestShowLakesDamaged: a lake whose manifest cannot be read is listed
// with NULLs and a note, and the other lakes still show.
func TestShowLakesDamaged(t *testing.T) {
	c, src := pinLake(t, 100, 1)
	if _, err := c.Create("p", []string{"region"}, src, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.LakeDir("o"), "_manifest.json"), []byte(`{"lake":`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := NewSession(c).Exec(context.Background(), "SHOW LAKES")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || res.Rows[0][0].S != "o" || res.Rows[0][3].K != types.Null || res.Rows[1][4].I != 100 {
		t.Fatalf("rows %v", res.Rows)
	}
	if !strings.Contains(res.Note, "o: ") || !strings.Contains(res.Note, "_manifest.json") {
		t.Fatalf("note %q does not say why o cannot be read", res.Note)
	}
}

// manifestReads counts the opens of each lake's manifest, and of its
// data files (under "lake/").
type manifestReads struct {
	storage.FS
	mu sync.Mutex
	n  map[string]int // lake folder -> opens of its manifest; "lake/" -> of its data files
}

func (m *manifestReads) Open(name string) (storage.File, error) {
	m.mu.Lock()
	switch base := filepath.Base(name); {
	case base == storage.ManifestName:
		m.n[filepath.Base(filepath.Dir(name))]++
	case strings.HasSuffix(base, ".jsonl"):
		m.n[filepath.Base(filepath.Dir(filepath.Dir(name)))+"/"]++
	}
	m.mu.Unlock()
	return m.FS.Open(name)
}

func (m *manifestReads) take() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.n
	m.n = map[string]int{}
	return n
}

// TestStatementReadsEachManifestOnce: a statement that names a lake many
// times (a self join, a derived table, subqueries) reads its manifest
// once, whether run or streamed; the next statement reads it anew, and
// sees rows appended in between.
func TestStatementReadsEachManifestOnce(t *testing.T) {
	s, _ := subLakes(t)
	counted := &manifestReads{FS: storage.OS, n: map[string]int{}}
	s.Catalog = &catalog.Catalog{FS: counted, Dir: s.Catalog.Dir}
	const q = `SELECT COUNT(*) FROM t a JOIN (SELECT g, MAX(x) AS m FROM t GROUP BY g) b ON a.g = b.g
		JOIN u ON u.id = a.g WHERE a.x > (SELECT AVG(x) FROM t WHERE g IN (SELECT id FROM u))`
	count := func(q string, stream bool) int64 {
		t.Helper()
		if !stream {
			res, err := s.Exec(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			return res.Rows[0][0].I
		}
		var rows [][]Value
		if _, _, err := s.Stream(context.Background(), q, emitRows(func(r []Value) { rows = append(rows, r) })); err != nil {
			t.Fatal(err)
		}
		return rows[0][0].I
	}
	for _, stream := range []bool{false, true} {
		counted.take()
		if got := count(q, stream); got == 0 {
			t.Fatal("the query counts no rows: it tests nothing")
		}
		if n := counted.take(); n["t"] != 1 || n["u"] != 1 {
			t.Errorf("stream %v: manifest reads %v, want t and u once each", stream, n)
		}
	}
	// The first rows' names, which the binder (Session.Fields) and a *
	// (rowFields) both need, are read once by a new session: no file is
	// scanned here.
	const none = "SELECT * FROM t a JOIN t b ON a.g = b.g WHERE a.day = 'none' AND b.day = 'none'"
	if _, err := NewSession(s.Catalog).Exec(context.Background(), none); err != nil {
		t.Fatal(err)
	}
	if n := counted.take(); n["t/"] != 1 {
		t.Errorf("%s: t's data files opened %d times, want once (its first rows' names)", none, n["t/"])
	}
	// A query of key fields alone, which the manifest answers, opens
	// no data file: not even for the first rows' names, which the
	// spelling of its names does not need.
	const keyOnly = "SELECT COUNT(*), MAX(day) FROM t WHERE day >= '2026-01-02'"
	if _, err := NewSession(s.Catalog).Exec(context.Background(), keyOnly); err != nil {
		t.Fatal(err)
	}
	if n := counted.take(); n["t/"] != 0 {
		t.Errorf("%s: t's data files opened %d times, want none", keyOnly, n["t/"])
	}
	const all = "SELECT COUNT(*) FROM t"
	before := count(all, true)
	raw := filepath.Join(t.TempDir(), "more.jsonl")
	if err := os.WriteFile(raw, []byte(`{"g":1,"x":2,"day":"2026-01-09"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := catalog.New(s.Catalog.Dir).Append("t", raw, catalog.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, stream := range []bool{false, true} {
		if got := count(all, stream); got != before+1 {
			t.Errorf("stream %v: %d rows after appending one to %d", stream, got, before)
		}
	}
}

// TestDescribeDamaged: DESCRIBE of a lake with a listed file missing,
// grown or cut short fails as SELECT does, naming the lake damaged and
// the file, rather than describing the rows it found.
func TestDescribeDamaged(t *testing.T) {
	for _, damage := range []string{"missing", "shorter", "longer"} {
		t.Run(damage, func(t *testing.T) {
			s := fixedLake(t, []string{"day"}, `{"day":"a","x":1}`, `{"day":"a","x":2}`, `{"day":"b","x":3}`)
			if _, err := s.Exec(context.Background(), "DESCRIBE t"); err != nil {
				t.Fatal(err)
			}
			snap, err := s.Catalog.Snapshot("t")
			if err != nil {
				t.Fatal(err)
			}
			f := snap.Files()[0]
			victim := snap.Path(f.Path)
			switch damage {
			case "missing":
				err = os.Remove(victim)
			case "shorter":
				err = os.Truncate(victim, f.Bytes/2)
			default:
				err = os.WriteFile(victim, []byte(`{"day":"a","x":1}`+"\n"+`{"day":"a","x":2}`+"\n"+`{"day":"a","x":9}`+"\n"), 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Exec(context.Background(), "DESCRIBE t")
			if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), victim) {
				t.Fatalf("error %v, want a damaged lake naming %s", err, victim)
			}
		})
	}
}
