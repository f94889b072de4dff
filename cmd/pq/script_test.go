package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes the test binary double as pq: testscript installs it on
// the scripts' PATH under that name.
func TestMain(m *testing.M) {
	if os.Getenv(asPQ) == "1" { // a Go test runs pq as a process
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"pq": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// scriptCmds are the custom commands of the scripts.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exitcode":      cmdExitcode,
	"jsonkeys":      cmdJSONKeys,
	"jsonget":       cmdJSONGet,
	"jsoneq":        cmdJSONEq,
	"cmpint":        cmdCmpInt,
	"sizeof":        cmdSizeof,
	"matches":       cmdMatches,
	"globcp":        cmdGlobcp,
	"treehash":      cmdTreehash,
	"disjoint":      cmdDisjoint,
	"manifestcheck": cmdManifestCheck,
	"chomp":         cmdChomp,
}

// TestScript runs the end-to-end scripts in testdata/script against the pq
// binary. Each script checks one part of the contract in docs/pq.md.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds:                scriptCmds,
	})
}

// TestScriptChecksFail runs each script in testdata/selftest, which must
// fail at its last command: the custom checks catch what they claim to.
func TestScriptChecksFail(t *testing.T) {
	files, err := filepath.Glob("testdata/selftest/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no self-test scripts: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			last := 0
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "-- ") {
					break
				}
				if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
					last = i + 1
				}
			}
			rt := &recordT{}
			testscript.RunT(rt, testscript.Params{Files: []string{file}, RequireExplicitExec: true, Cmds: scriptCmds})
			want := fmt.Sprintf("FAIL: %s:%d: ", file, last)
			if !rt.failed || !strings.Contains(rt.log.String(), want) {
				t.Errorf("got failed=%v, want a failure at line %d; log:\n%s", rt.failed, last, rt.log.String())
			}
		})
	}
}

// recordT is a testscript.T that records a failure instead of reporting it.
type recordT struct {
	mu     sync.Mutex
	failed bool
	log    strings.Builder
}

func (r *recordT) Skip(args ...any)  { r.Log(args...); runtime.Goexit() }
func (r *recordT) Fatal(args ...any) { r.Log(args...); r.FailNow() }
func (r *recordT) Parallel()         {}
func (r *recordT) Verbose() bool     { return false }
func (r *recordT) Log(args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintln(&r.log, args...)
}

func (r *recordT) FailNow() {
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *recordT) Run(name string, f func(testscript.T)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
}

func noNeg(ts *testscript.TestScript, neg bool, name string) {
	if neg {
		ts.Fatalf("%s does not support '!'", name)
	}
}

// exitcode N cmd [args...] runs cmd (looked up in the script's PATH) and
// fails unless it exits with status exactly N. Its stdout and stderr become
// the script's stdout and stderr. A run longer than a minute is killed.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "exitcode")
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N cmd [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	bin, err := lookPath(ts, args[1])
	ts.Check(err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(os.Environ(), "PATH="+ts.Getenv("PATH"), "HOME="+ts.Getenv("HOME"),
		"TMPDIR="+ts.Getenv("TMPDIR"), "WORK="+ts.Getenv("WORK"))
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	got := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("run %s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if ctx.Err() != nil {
		ts.Fatalf("%s: %v", args[1], ctx.Err())
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

func lookPath(ts *testscript.TestScript, name string) (string, error) {
	if strings.ContainsRune(name, '/') {
		return ts.MkAbs(name), nil
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found in PATH", name)
}

// readObject reads file (or stdout/stderr), which must be exactly one line
// holding one JSON object, and returns its members in order.
func readObject(ts *testscript.TestScript, file string) (keys []string, vals []json.RawMessage) {
	data := ts.ReadFile(file)
	if strings.Count(data, "\n") != 1 || !strings.HasSuffix(data, "\n") {
		ts.Fatalf("%s: want exactly one line, got %q", file, data)
	}
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		ts.Fatalf("%s: not a JSON object: %q", file, data)
	}
	for dec.More() {
		tok, err := dec.Token()
		ts.Check(err)
		var v json.RawMessage
		ts.Check(dec.Decode(&v))
		keys = append(keys, tok.(string))
		vals = append(vals, v)
	}
	if _, err := dec.Token(); err != nil {
		ts.Fatalf("%s: %v", file, err)
	}
	if rest, _ := io.ReadAll(dec.Buffered()); strings.TrimSpace(string(rest)) != "" {
		ts.Fatalf("%s: data after the object: %q", file, rest)
	}
	return keys, vals
}

// jsonkeys file k1,k2,... checks that file (or stdout) is one line holding one
// JSON object with exactly these keys in this order.
func cmdJSONKeys(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "jsonkeys")
	if len(args) != 2 {
		ts.Fatalf("usage: jsonkeys file k1,k2,...")
	}
	got, _ := readObject(ts, args[0])
	if want := strings.Split(args[1], ","); !slices.Equal(got, want) {
		ts.Fatalf("%s: got keys %v, want %v", args[0], got, want)
	}
}

// jsonget file key VAR sets VAR to a member of the one-line JSON object in
// file: a string's content, or the JSON text of any other value.
func cmdJSONGet(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "jsonget")
	if len(args) != 3 {
		ts.Fatalf("usage: jsonget file key VAR")
	}
	keys, vals := readObject(ts, args[0])
	i := slices.Index(keys, args[1])
	if i < 0 {
		ts.Fatalf("%s: no member %q", args[0], args[1])
	}
	v := string(vals[i])
	var s string
	if json.Unmarshal(vals[i], &s) == nil {
		v = s
	}
	ts.Setenv(args[2], v)
}

// jsoneq a b checks that files a and b (or stdout) hold equal JSON values:
// member order and white space aside, numbers compared by their text.
func cmdJSONEq(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: jsoneq a b")
	}
	decode := func(name string) any {
		dec := json.NewDecoder(strings.NewReader(ts.ReadFile(name)))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			ts.Fatalf("%s: %v", name, err)
		}
		if dec.More() {
			ts.Fatalf("%s: more than one JSON value", name)
		}
		return v
	}
	a, b := decode(args[0]), decode(args[1])
	if eq := reflect.DeepEqual(a, b); eq == neg {
		ja, _ := json.MarshalIndent(a, "", " ")
		jb, _ := json.MarshalIndent(b, "", " ")
		ts.Fatalf("%s and %s: equal=%v, want %v\n%s:\n%s\n%s:\n%s", args[0], args[1], eq, !neg, args[0], ja, args[1], jb)
	}
}

// cmpint a op b compares two integers; op is one of == != < <= > >=.
func cmdCmpInt(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "cmpint")
	if len(args) != 3 {
		ts.Fatalf("usage: cmpint a op b")
	}
	a, err := strconv.ParseInt(args[0], 10, 64)
	ts.Check(err)
	b, err := strconv.ParseInt(args[2], 10, 64)
	ts.Check(err)
	ok := map[string]bool{"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}
	res, known := ok[args[1]]
	if !known {
		ts.Fatalf("cmpint: unknown operator %q", args[1])
	}
	if !res {
		ts.Fatalf("got %d %s %d false", a, args[1], b)
	}
}

// sizeof file VAR sets VAR to the size of file on disk.
func cmdSizeof(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "sizeof")
	if len(args) != 2 {
		ts.Fatalf("usage: sizeof file VAR")
	}
	st, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Setenv(args[1], strconv.FormatInt(st.Size(), 10))
}

// chomp file removes the newline that ends file, which txtar cannot leave
// out.
func cmdChomp(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "chomp")
	if len(args) != 1 {
		ts.Fatalf("usage: chomp file")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if !bytes.HasSuffix(data, []byte("\n")) {
		ts.Fatalf("%s does not end in a newline", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data[:len(data)-1], 0o644))
}

// matches N pattern checks that the glob pattern (filepath.Match syntax)
// names exactly N paths.
func cmdMatches(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "matches")
	if len(args) != 2 {
		ts.Fatalf("usage: matches N pattern")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got, err := filepath.Glob(ts.MkAbs(args[1]))
	ts.Check(err)
	if len(got) != want {
		ts.Fatalf("%s: got %d matches %v, want %d", args[1], len(got), got, want)
	}
}

// globcp pattern dest copies the one file the glob pattern names to dest.
func cmdGlobcp(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "globcp")
	if len(args) != 2 {
		ts.Fatalf("usage: globcp pattern dest")
	}
	got, err := filepath.Glob(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(got) != 1 {
		ts.Fatalf("%s: got %d matches %v, want 1", args[0], len(got), got)
	}
	data, err := os.ReadFile(got[0])
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), data, 0o644))
}

// treehash [-names] [-skip=glob] dir out writes to out one line per entry
// under dir, sorted: folders as "path/", files as "path size sha256". With
// -names it lists only the paths of the files. Entries whose base name
// matches the -skip glob are left out. Two equal outputs mean byte-identical
// trees.
func cmdTreehash(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "treehash")
	names, skip := false, ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case args[0] == "-names":
			names = true
		case strings.HasPrefix(args[0], "-skip="):
			skip = strings.TrimPrefix(args[0], "-skip=")
		default:
			ts.Fatalf("treehash: unknown flag %s", args[0])
		}
		args = args[1:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: treehash [-names] [-skip=glob] dir out")
	}
	root := ts.MkAbs(args[0])
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		if skip != "" {
			if ok, _ := path.Match(skip, d.Name()); ok {
				return nil
			}
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			if !names {
				lines = append(lines, rel+"/")
			}
		case names:
			lines = append(lines, rel)
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			lines = append(lines, fmt.Sprintf("%s %d %x", rel, len(data), sha256.Sum256(data)))
		}
		return nil
	})
	ts.Check(err)
	slices.Sort(lines)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// disjoint a b checks that no line of file a is also a line of file b.
func cmdDisjoint(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "disjoint")
	if len(args) != 2 {
		ts.Fatalf("usage: disjoint a b")
	}
	inB := make(map[string]bool)
	for _, l := range strings.Split(ts.ReadFile(args[1]), "\n") {
		inB[l] = l != ""
	}
	for _, l := range strings.Split(ts.ReadFile(args[0]), "\n") {
		if inB[l] {
			ts.Fatalf("%q is in both %s and %s", l, args[0], args[1])
		}
	}
}

// manifestcheck [-exact] lakedir checks lakedir/_manifest.json against the
// disk, independently of the storage package: files sorted by path (no
// repeats); each path a part-*.jsonl file inside the lake, in the folder
// field=value/... that its partition spells (values percent-decoded, null as
// __HIVE_DEFAULT_PARTITION__, no '/', '\', ':' or control bytes left
// unencoded); bytes equal to the size on disk; rows equal to the number of
// lines, each ending in '\n'. With -exact the part-*.jsonl files on disk must
// be exactly those listed. It prints the totals it measured on disk.
func cmdManifestCheck(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "manifestcheck")
	exact := len(args) > 0 && args[0] == "-exact"
	if exact {
		args = args[1:]
	}
	if len(args) != 1 {
		ts.Fatalf("usage: manifestcheck [-exact] lakedir")
	}
	dir := ts.MkAbs(args[0])
	var m struct {
		Lake       string   `json:"lake"`
		Key        []string `json:"key"`
		Generation int64    `json:"generation"`
		Files      []struct {
			Path      string             `json:"path"`
			Partition map[string]*string `json:"partition"`
			Rows      int64              `json:"rows"`
			Bytes     int64              `json:"bytes"`
		} `json:"files"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "_manifest.json"))
	ts.Check(err)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	ts.Check(dec.Decode(&m))
	if m.Lake != filepath.Base(dir) {
		ts.Fatalf("manifest lake %q, want %q", m.Lake, filepath.Base(dir))
	}
	var rows, size int64
	listed := make(map[string]bool)
	parts := make(map[string]bool)
	for i, f := range m.Files {
		if i > 0 && f.Path <= m.Files[i-1].Path {
			ts.Fatalf("files not sorted by path: %q after %q", f.Path, m.Files[i-1].Path)
		}
		segs := strings.Split(f.Path, "/")
		if len(segs) != len(m.Key)+1 {
			ts.Fatalf("%s: %d folder levels, key has %d fields", f.Path, len(segs)-1, len(m.Key))
		}
		if base := segs[len(segs)-1]; !strings.HasPrefix(base, "part-") || !strings.HasSuffix(base, ".jsonl") {
			ts.Fatalf("%s: not a part-*.jsonl file", f.Path)
		}
		if len(f.Partition) != len(m.Key) {
			ts.Fatalf("%s: partition %v, key %v", f.Path, f.Partition, m.Key)
		}
		for j, k := range m.Key {
			checkSegment(ts, f.Path, segs[j], k, f.Partition)
		}
		body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		ts.Check(err)
		if int64(len(body)) != f.Bytes {
			ts.Fatalf("%s: manifest says %d bytes, disk has %d", f.Path, f.Bytes, len(body))
		}
		if n := int64(bytes.Count(body, []byte("\n"))); n != f.Rows {
			ts.Fatalf("%s: manifest says %d rows, disk has %d lines", f.Path, f.Rows, n)
		}
		if len(body) > 0 && body[len(body)-1] != '\n' {
			ts.Fatalf("%s: last line does not end in a newline", f.Path)
		}
		rows += f.Rows
		size += f.Bytes
		listed[f.Path] = true
		parts[path.Dir(f.Path)] = true
	}
	if exact {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			if strings.HasPrefix(d.Name(), "part-") && strings.HasSuffix(d.Name(), ".jsonl") && !listed[rel] {
				ts.Fatalf("%s is on disk but not in the manifest", rel)
			}
			return nil
		})
		ts.Check(err)
	}
	fmt.Fprintf(ts.Stdout(), "generation=%d files=%d partitions=%d rows=%d bytes=%d\n", m.Generation, len(m.Files), len(parts), rows, size)
}

// checkSegment checks that the folder name seg spells field k of the
// partition.
func checkSegment(ts *testscript.TestScript, file, seg, k string, part map[string]*string) {
	name, val, ok := strings.Cut(seg, "=")
	if !ok {
		ts.Fatalf("%s: folder %q is not field=value", file, seg)
	}
	for _, c := range []byte(seg) {
		if c == '\\' || c == ':' || c < 0x20 || c == 0x7f {
			ts.Fatalf("%s: folder %q holds an unencoded %q", file, seg, c)
		}
	}
	if strings.Contains(val, "=") {
		ts.Fatalf("%s: folder %q holds an unencoded '='", file, seg)
	}
	upperHex := func(c byte) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' }
	for i := 0; i < len(seg); i++ {
		if seg[i] == '%' && (i+2 >= len(seg) || !upperHex(seg[i+1]) || !upperHex(seg[i+2])) {
			ts.Fatalf("%s: folder %q: '%%' not followed by two upper-case hex digits", file, seg)
		}
	}
	if dn, err := url.PathUnescape(name); err != nil || dn != k {
		ts.Fatalf("%s: folder %q names field %q, want %q", file, seg, dn, k)
	}
	v, ok := part[k]
	if !ok {
		ts.Fatalf("%s: partition lacks key field %q", file, k)
	}
	if v == nil {
		if val != "__HIVE_DEFAULT_PARTITION__" {
			ts.Fatalf("%s: null %s in folder %q, want %s=__HIVE_DEFAULT_PARTITION__", file, k, seg, name)
		}
		return
	}
	if val == "__HIVE_DEFAULT_PARTITION__" {
		ts.Fatalf("%s: the value %q shares the folder of null", file, *v)
	}
	dv, err := url.PathUnescape(val)
	if err != nil || dv != *v {
		ts.Fatalf("%s: folder %q decodes to %q, manifest says %q", file, seg, dv, *v)
	}
	if (dv == "." || dv == "..") && val == dv {
		ts.Fatalf("%s: folder %q must encode %q", file, seg, dv)
	}
}
