package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// hostileLake is a lake whose manifest is damaged or points out of the
// lake, and what the error must say about it.
type hostileLake struct {
	manifest string // %OUT% is the outside file's absolute path
	want     string // in the message, after "<lake>/_manifest.json: "
}

var hostileLakes = map[string]hostileLake{
	"torn": {`{"lake":"torn","key":["p"],"generation":0,"files":[
{"path":"p=a/part-0000.jsonl","partition":{"p":"a"},"rows":2,`,
		`corrupt: manifest: unexpected EOF`},
	"empty": {``, `corrupt: manifest: the file is empty`},
	"dotdot": {`{"lake":"dotdot","key":["p"],"generation":0,"files":[
{"path":"../../outside/part-0000.jsonl","partition":{"p":"a"},"rows":1,"bytes":23}]}`,
		`corrupt: manifest: "../../outside/part-0000.jsonl" is not in its partition folder "p=a/": ".." leaves the folder`},
	"climb": {`{"lake":"climb","key":["p"],"generation":0,"files":[
{"path":"p=a/../../../outside/part-0000.jsonl","partition":{"p":"a"},"rows":1,"bytes":23}]}`,
		`corrupt: manifest: "p=a/../../../outside/part-0000.jsonl" is not in its partition folder "p=a/": ".." leaves the folder`},
	"abs": {`{"lake":"abs","key":["p"],"generation":0,"files":[
{"path":"%OUT%","partition":{"p":"a"},"rows":1,"bytes":23}]}`,
		`" is an absolute path; file paths are relative to the lake folder`},
	"passwd": {`{"lake":"passwd","key":["p"],"generation":0,"files":[
{"path":"/etc/passwd","partition":{"p":"a"},"rows":1,"bytes":23}]}`,
		`corrupt: manifest: "/etc/passwd" is an absolute path; file paths are relative to the lake folder`},
	"backslash": {`{"lake":"backslash","key":["p"],"generation":0,"files":[
{"path":"p=a\\..\\..\\..\\outside\\part-0000.jsonl","partition":{"p":"a"},"rows":1,"bytes":23}]}`,
		`corrupt: manifest: "p=a\\..\\..\\..\\outside\\part-0000.jsonl" holds a backslash; file paths use '/'`},
	"notpart": {`{"lake":"notpart","key":["p"],"generation":0,"files":[
{"path":"p=a/data.jsonl","partition":{"p":"a"},"rows":2,"bytes":42}]}`,
		`corrupt: manifest: "p=a/data.jsonl" is not a part-*.jsonl file`},
	"wrongdir": {`{"lake":"wrongdir","key":["p"],"generation":0,"files":[
{"path":"p=b/part-0000.jsonl","partition":{"p":"a"},"rows":2,"bytes":42}]}`,
		`corrupt: manifest: "p=b/part-0000.jsonl" is not in its partition folder "p=a/"`},
}

// hostileStatements are the statements that read a lake's manifest: each
// must fail on every hostile lake. (SHOW LAKES too: it reads them all.)
var hostileStatements = []string{
	"SELECT COUNT(*), SUM(amount) FROM %L WHERE p = 'a'",
	"SELECT * FROM %L LIMIT 10",
	"SELECT p, SUM(amount) FROM %L GROUP BY p",
	"EXPLAIN SELECT COUNT(*) FROM %L",
	"SHOW LAYOUT %L",
	"SHOW FILES %L",
	"SHOW PARTITIONS %L",
	"DESCRIBE %L",
	"ALTER LAKE %L COMPACT TARGET 1000",
	"ALTER LAKE %L PARTITION BY (q) INTO m",
	"VACUUM LAKE %L",
}

// hostileWork builds root/work with the hostile lakes, a good one, and
// root/outside/part-0000.jsonl: a row of amount 100 that any manifest
// above points at, which would change an answer if read.
func hostileWork(t *testing.T) (root, work, outside string) {
	t.Helper()
	root = t.TempDir()
	work = filepath.Join(root, "work")
	outside = filepath.Join(root, "outside", "part-0000.jsonl")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(outside, `{"p":"a","amount":100}`+"\n")
	rows := `{"p":"a","amount":1}` + "\n" + `{"p":"a","amount":2}` + "\n"
	for name, l := range hostileLakes {
		m := strings.ReplaceAll(l.manifest, "%OUT%", filepath.ToSlash(outside))
		write(filepath.Join(work, name, storage.ManifestName), m)
		write(filepath.Join(work, name, "p=a", "part-0000.jsonl"), rows)
	}
	write(filepath.Join(work, "good", storage.ManifestName), `{"lake":"good","key":["p"],"generation":0,"files":[
{"path":"p=a/part-0000.jsonl","partition":{"p":"a"},"rows":2,"bytes":42}]}`+"\n")
	write(filepath.Join(work, "good", "p=a", "part-0000.jsonl"), rows)
	return root, work, outside
}

// TestHostileManifests runs every statement that reads a manifest on every
// hostile lake: exit 1, one line naming the lake's _manifest.json and what
// is wrong, and not a byte changed anywhere, the outside file included.
func TestHostileManifests(t *testing.T) {
	root, work, outside := hostileWork(t)
	before := storagetest.Tree(t, root)
	for name, l := range hostileLakes {
		for _, stmt := range hostileStatements {
			stmt := strings.ReplaceAll(stmt, "%L", name)
			stdout, stderr, code := lakesql(t, "", "-d", work, "-c", stmt)
			want := filepath.Join(work, name, storage.ManifestName) + ": " + l.want
			if name == "abs" {
				want = filepath.Join(work, name, storage.ManifestName) + `: corrupt: manifest: "` + filepath.ToSlash(outside) + l.want
			}
			if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "lakesql: line 1: ") ||
				!strings.HasSuffix(stderr, want+"\n") || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1, nothing, one line ending in %q", stmt, code, stdout, stderr, want)
			}
		}
	}
	// SHOW LAKES reads every manifest: it lists the bad ones with NULLs and
	// says why, so that one damaged lake does not hide the others.
	stdout, stderr, code := lakesql(t, "", "-d", work, "-c", "SHOW LAKES")
	if all := stdout + stderr; code != 0 || !strings.Contains(all, "cannot read:") ||
		!strings.Contains(all, storage.ManifestName+": corrupt: manifest: ") || !strings.Contains(stdout, "good") {
		t.Errorf("SHOW LAKES: exit %d, stdout %q, stderr %q; want 0, the good lake, and a note naming the corrupt manifests", code, stdout, stderr)
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, root), before); diff != "" {
		t.Errorf("the folder changed:\n%s", diff)
	}
	// The good lake reads, without the outside row.
	stdout, stderr, code = lakesql(t, "", "-d", work, "--format", "csv", "-c", "SELECT COUNT(*), SUM(amount) FROM good")
	if code != 0 || stdout != "count_star(),sum(amount)\n2,3\n" {
		t.Errorf("good lake: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestHostileManifestSize: a data file that grew behind the manifest's
// back (a row of amount 100 appended) is refused by SELECT and by the
// rewrites, naming the file and both sizes; nothing changes.
func TestHostileManifestSize(t *testing.T) {
	root, work, _ := hostileWork(t)
	p := filepath.Join(work, "good", "p=a", "part-0000.jsonl")
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"p":"a","amount":100}` + "\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	before := storagetest.Tree(t, root)
	for _, stmt := range []string{
		"SELECT COUNT(*), SUM(amount) FROM good",
		"SELECT * FROM good",
		"ALTER LAKE good COMPACT TARGET 1000 REWRITE ALL",
		"ALTER LAKE good PARTITION BY (q) INTO m",
	} {
		_, stderr, code := lakesql(t, "", "-d", work, "-c", stmt)
		want := p + " has 65 bytes, the manifest " + filepath.Join(filepath.Dir(filepath.Dir(p)), "_manifest.json") + " says 42\n"
		if code != 1 || !strings.HasPrefix(stderr, "lakesql: line 1: ") || !strings.HasSuffix(stderr, want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and a message ending in %q", stmt, code, stderr, want)
		}
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, root), before); diff != "" {
		t.Errorf("the folder changed:\n%s", diff)
	}
}

// recordFS is the real file system, recording every path it is given.
type recordFS struct {
	storage.FS
	mu    sync.Mutex
	paths []string
}

func (r *recordFS) note(names ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.paths = append(r.paths, names...)
}

func (r *recordFS) Open(name string) (storage.File, error) { r.note(name); return r.FS.Open(name) }
func (r *recordFS) OpenFile(name string, flag int) (storage.File, error) {
	r.note(name)
	return r.FS.OpenFile(name, flag)
}
func (r *recordFS) CreateTemp(dir, pattern string) (storage.File, error) {
	r.note(dir)
	return r.FS.CreateTemp(dir, pattern)
}
func (r *recordFS) Rename(a, b string) error              { r.note(a, b); return r.FS.Rename(a, b) }
func (r *recordFS) Exchange(a, b string) error            { r.note(a, b); return r.FS.Exchange(a, b) }
func (r *recordFS) Remove(name string) error              { r.note(name); return r.FS.Remove(name) }
func (r *recordFS) RemoveAll(name string) error           { r.note(name); return r.FS.RemoveAll(name) }
func (r *recordFS) MkdirAll(name string) error            { r.note(name); return r.FS.MkdirAll(name) }
func (r *recordFS) Stat(name string) (fs.FileInfo, error) { r.note(name); return r.FS.Stat(name) }
func (r *recordFS) ReadDir(name string) ([]fs.DirEntry, error) {
	r.note(name)
	return r.FS.ReadDir(name)
}
func (r *recordFS) SyncDir(name string) error { r.note(name); return r.FS.SyncDir(name) }
func (r *recordFS) SyncFS(name string) error  { r.note(name); return r.FS.SyncFS(name) }

// TestHostileManifestsStayInside runs the statements through a file system
// that records every path: on the hostile lakes none is outside the work
// folder (the outside file is never opened, stat'ed or removed), while the
// good lake's data file is opened, so the recording sees reads.
func TestHostileManifestsStayInside(t *testing.T) {
	_, work, outside := hostileWork(t)
	rec := &recordFS{FS: storage.OS}
	sess := sql.NewSession(&catalog.Catalog{FS: rec, Dir: work})
	for name := range hostileLakes {
		for _, stmt := range hostileStatements {
			stmt := strings.ReplaceAll(stmt, "%L", name)
			if _, err := sess.Exec(context.Background(), stmt); err == nil {
				t.Errorf("%s: no error", stmt)
			}
		}
	}
	for _, p := range rec.paths {
		rel, err := filepath.Rel(work, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			t.Errorf("a path outside the work folder was used: %s", p)
		}
		if p == outside || strings.Contains(p, "outside") {
			t.Errorf("the outside file was named: %s", p)
		}
	}
	rec.paths = nil
	if _, err := sess.Exec(context.Background(), "SELECT * FROM good"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains([]byte(strings.Join(rec.paths, "\n")), []byte(filepath.Join(work, "good", "p=a", "part-0000.jsonl"))) {
		t.Errorf("the recording missed the read of the good lake: %q", rec.paths)
	}
}
