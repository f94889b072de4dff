package storage_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// writeLake writes lines (without '\n') into a new lake under t.TempDir with
// AddLines and returns the folder, the files and the error of AddLines or Close.
func writeLake(t *testing.T, fsys storage.FS, key []string, opt storage.WriterOptions, lines []string) (string, []storage.FileEntry, error) {
	t.Helper()
	dir := t.TempDir()
	w := storage.NewLakeWriter(fsys, dir, key, opt)
	raw := strings.Join(lines, "\n")
	if len(lines) > 0 {
		raw += "\n"
	}
	rows, n, err := w.AddLines(strings.NewReader(raw), "raw.jsonl")
	if err != nil {
		w.Abort()
		return dir, nil, err
	}
	if rows != int64(len(lines)) || n != int64(len(raw)) {
		t.Errorf("AddLines: got %d rows, %d bytes, want %d, %d", rows, n, len(lines), len(raw))
	}
	files, err := w.Close()
	return dir, files, err
}

// checkFiles asserts that the files on disk are exactly those listed, each in
// its partition's folder, that their Bytes are the sizes on disk, that their
// Rows are their line counts and that the listing is sorted.
func checkFiles(t *testing.T, dir string, key []string, files []storage.FileEntry) {
	t.Helper()
	tree := storagetest.Tree(t, dir)
	listed := make(map[string]bool)
	for i, f := range files {
		if i > 0 && files[i-1].Path >= f.Path {
			t.Errorf("files not sorted: %q before %q", files[i-1].Path, f.Path)
		}
		listed[f.Path] = true
		st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Errorf("file %s: %v", f.Path, err)
			continue
		}
		if st.Size() != f.Bytes {
			t.Errorf("file %s: got Bytes %d, want the size on disk %d", f.Path, f.Bytes, st.Size())
		}
		if n := int64(strings.Count(tree[f.Path], "\n")); n != f.Rows {
			t.Errorf("file %s: got Rows %d, want %d lines on disk", f.Path, f.Rows, n)
		}
		if want := storage.PartitionDir(key, f.Partition); path.Dir(f.Path) != want {
			t.Errorf("file %s: got folder %q, want %q (its partition's)", f.Path, path.Dir(f.Path), want)
		}
	}
	for p, content := range tree {
		if content != "<dir>" && !listed[p] {
			t.Errorf("file %s on disk is not listed", p)
		}
	}
}

func TestLakeWriterRoutesRows(t *testing.T) {
	lines := []string{
		`{"day":"d1","n":1}`,
		`{"n":2,"day":"d2"}`,
		`{"day":"d1","n":3}`,
		"{\"day\":\"d2\",\"n\":4}\r", // CRLF: the '\r' is part of the row
		`{"day":null,"n":5}`,
		`{"n":6}`,
		` { "day" : "d1" , "n" : 7 } `, // spacing kept as it is
		`{"day":"\u0064\u0031","n":8}`, // same text as "d1"
	}
	dir, files, err := writeLake(t, storage.OS, []string{"day"}, storage.WriterOptions{}, lines)
	if err != nil {
		t.Fatal(err)
	}
	null := "day=" + storage.DefaultPartition + "/part-0000.jsonl"
	want := map[string]string{
		"day=d1":                          "<dir>",
		"day=d2":                          "<dir>",
		"day=" + storage.DefaultPartition: "<dir>",
		"day=d1/part-0000.jsonl":          lines[0] + "\n" + lines[2] + "\n" + lines[6] + "\n" + lines[7] + "\n",
		"day=d2/part-0000.jsonl":          lines[1] + "\n" + lines[3] + "\n",
		null:                              lines[4] + "\n" + lines[5] + "\n",
	}
	if diff := storagetest.DiffTree(storagetest.Tree(t, dir), want); diff != "" {
		t.Errorf("lake folder differs:\n%s", diff)
	}
	wantFiles := []storage.FileEntry{
		{Path: null, Partition: []storage.PartValue{{Null: true}}, Rows: 2, Bytes: int64(len(want[null]))},
		{Path: "day=d1/part-0000.jsonl", Partition: []storage.PartValue{{Str: "d1"}}, Rows: 4, Bytes: int64(len(want["day=d1/part-0000.jsonl"]))},
		{Path: "day=d2/part-0000.jsonl", Partition: []storage.PartValue{{Str: "d2"}}, Rows: 2, Bytes: int64(len(want["day=d2/part-0000.jsonl"]))},
	}
	if !reflect.DeepEqual(files, wantFiles) {
		t.Errorf("Close:\ngot  %+v\nwant %+v", files, wantFiles)
	}
	checkFiles(t, dir, []string{"day"}, files)
}

func TestLakeWriterKeyValues(t *testing.T) {
	for name, tc := range map[string]struct {
		value string // raw JSON of the key member; "" leaves it out
		dir   string // want folder
		part  storage.PartValue
		err   error
	}{
		"string":         {value: `"seoul"`, dir: "region=seoul", part: storage.PartValue{Str: "seoul"}},
		"empty string":   {value: `""`, dir: "region=", part: storage.PartValue{Str: ""}},
		"korean":         {value: `"서울"`, dir: "region=서울", part: storage.PartValue{Str: "서울"}},
		"space":          {value: `"new york"`, dir: "region=new york", part: storage.PartValue{Str: "new york"}},
		"escaped":        {value: `"a\/b\u003d"`, dir: "region=a%2Fb%3D", part: storage.PartValue{Str: "a/b="}},
		"slash":          {value: `"../x"`, dir: "region=..%2Fx", part: storage.PartValue{Str: "../x"}},
		"dot dot":        {value: `".."`, dir: "region=%2E%2E", part: storage.PartValue{Str: ".."}},
		"default string": {value: `"__HIVE_DEFAULT_PARTITION__"`, dir: "region=%5F_HIVE_DEFAULT_PARTITION__", part: storage.PartValue{Str: storage.DefaultPartition}},
		"integer":        {value: `42`, dir: "region=42", part: storage.PartValue{Str: "42"}},
		"float text":     {value: `1.50e3`, dir: "region=1.50e3", part: storage.PartValue{Str: "1.50e3"}},
		"true":           {value: `true`, dir: "region=true", part: storage.PartValue{Str: "true"}},
		"null":           {value: `null`, dir: "region=" + storage.DefaultPartition, part: storage.PartValue{Null: true}},
		"missing":        {value: "", dir: "region=" + storage.DefaultPartition, part: storage.PartValue{Null: true}},
		"invalid utf8":   {value: "\"\xff\"", dir: "region=\uFFFD", part: storage.PartValue{Str: "\uFFFD"}},
		"object":         {value: `{"a":1}`, err: storage.ErrKeyValue},
		"empty object":   {value: `{}`, err: storage.ErrKeyValue},
		"array":          {value: `[1]`, err: storage.ErrKeyValue},
	} {
		t.Run(name, func(t *testing.T) {
			line := `{"n":1}`
			if tc.value != "" {
				line = `{"n":1,"region":` + tc.value + `}`
			}
			dir, files, err := writeLake(t, storage.OS, []string{"region"}, storage.WriterOptions{}, []string{`{"region":"x"}`, line})
			if tc.err != nil {
				var le *storage.LineError
				if !errors.Is(err, tc.err) || !errors.As(err, &le) || le.Line != 2 || le.File != "raw.jsonl" {
					t.Fatalf("got error %v, want %v at raw.jsonl line 2", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != 2 {
				t.Fatalf("got %d files, want 2", len(files))
			}
			var got *storage.FileEntry
			for i := range files {
				if files[i].Path != "region=x/part-0000.jsonl" {
					got = &files[i]
				}
			}
			if want := tc.dir + "/part-0000.jsonl"; got.Path != want {
				t.Errorf("got path %q, want %q", got.Path, want)
			}
			if !reflect.DeepEqual(got.Partition, []storage.PartValue{tc.part}) {
				t.Errorf("got partition %+v, want %+v", got.Partition, tc.part)
			}
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(got.Path)))
			if err != nil || string(b) != line+"\n" {
				t.Errorf("file content: got %q, %v, want %q", b, err, line+"\n")
			}
			// The manifest of what was written reads back.
			m := &storage.Manifest{Lake: "l", Key: []string{"region"}, Files: files}
			if _, err := storage.DecodeManifest(storage.EncodeManifest(m)); err != nil {
				t.Errorf("DecodeManifest(EncodeManifest(written files)): got %v, want nil", err)
			}
		})
	}
}

func TestLakeWriterRolls(t *testing.T) {
	for name, tc := range map[string]struct {
		maxRows int64
		rows    int
		want    []int64 // rows per file of the one partition
	}{
		"unbounded":       {0, 5, []int64{5}},
		"one per file":    {1, 3, []int64{1, 1, 1}},
		"two per file":    {2, 5, []int64{2, 2, 1}},
		"exact multiple":  {2, 4, []int64{2, 2}},
		"more than rows":  {10, 3, []int64{3}},
		"eleven files":    {1, 11, []int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
		"one row":         {3, 1, []int64{1}},
		"rows equal max":  {3, 3, []int64{3}},
		"rows max plus 1": {3, 4, []int64{3, 1}},
	} {
		t.Run(name, func(t *testing.T) {
			var lines, other []string
			for i := range tc.rows {
				lines = append(lines, fmt.Sprintf(`{"k":"a","i":%d}`, i))
				// Interleave a second partition that must not disturb the first.
				lines = append(lines, fmt.Sprintf(`{"k":"b","i":%d}`, i))
				other = append(other, lines[len(lines)-2])
			}
			dir, files, err := writeLake(t, storage.OS, []string{"k"}, storage.WriterOptions{MaxRows: tc.maxRows}, lines)
			if err != nil {
				t.Fatal(err)
			}
			checkFiles(t, dir, []string{"k"}, files)
			var got []int64
			var content strings.Builder
			for i, f := range files {
				if !strings.HasPrefix(f.Path, "k=a/") {
					continue
				}
				if want := "k=a/" + storage.PartName(len(got)); f.Path != want {
					t.Errorf("file %d: got %q, want %q", i, f.Path, want)
				}
				got = append(got, f.Rows)
				b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
				content.Write(b)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("rows per file: got %v, want %v", got, tc.want)
			}
			if want := strings.Join(other, "\n") + "\n"; content.String() != want {
				t.Errorf("rows of k=a in file order:\ngot  %q\nwant %q", content.String(), want)
			}
		})
	}
}

func TestLakeWriterName(t *testing.T) {
	name := func(i int) string { return storage.RewriteName(2, "abcd", i) }
	_, files, err := writeLake(t, storage.OS, []string{"k"}, storage.WriterOptions{MaxRows: 1, Name: name},
		[]string{`{"k":1}`, `{"k":1}`})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	if want := []string{"k=1/part-g0002-abcd-0000.jsonl", "k=1/part-g0002-abcd-0001.jsonl"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestLakeWriterBadLine(t *testing.T) {
	for name, tc := range map[string]struct {
		lines []string
		line  int
		err   error
	}{
		"first line":   {[]string{`{"k":`}, 1, storage.ErrSyntax},
		"third line":   {[]string{`{"k":1}`, `{"k":2}`, `{"k":3`}, 3, storage.ErrSyntax},
		"not object":   {[]string{`{"k":1}`, `[1]`}, 2, storage.ErrSyntax},
		"empty line":   {[]string{`{"k":1}`, ``}, 2, storage.ErrSyntax},
		"array key":    {[]string{`{"k":[1]}`}, 1, storage.ErrKeyValue},
		"after many":   {append(slices.Repeat([]string{`{"k":1}`}, 1000), `{"k":{}}`), 1001, storage.ErrKeyValue},
		"bom":          {[]string{"\ufeff{\"k\":1}"}, 1, storage.ErrSyntax},
		"trailing nul": {[]string{`{"k":1}`, "{\"k\":1}\x00"}, 2, storage.ErrSyntax},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := writeLake(t, storage.OS, []string{"k"}, storage.WriterOptions{}, tc.lines)
			var le *storage.LineError
			if !errors.As(err, &le) {
				t.Fatalf("got error %v, want a *LineError", err)
			}
			if le.Line != tc.line || le.File != "raw.jsonl" || !errors.Is(err, tc.err) {
				t.Errorf("got %s line %d: %v, want raw.jsonl line %d wrapping %v", le.File, le.Line, le.Err, tc.line, tc.err)
			}
		})
	}
}

// lakeRows returns n rows spread over about parts partitions of a two-field
// key, in a random but fixed order, with some null and missing key values.
func lakeRows(n, parts int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 0))
	lines := make([]string, n)
	for i := range lines {
		p := r.IntN(parts)
		a, b := fmt.Sprintf(`"a%d"`, p%97), fmt.Sprintf(`"b/%d"`, p/97)
		switch r.IntN(50) {
		case 0:
			a = "null"
		case 1:
			b = ""
		}
		line := fmt.Sprintf(`{"i":%d,"pad":%q`, i, strings.Repeat("x", r.IntN(40)))
		if a != "" {
			line += `,"a":` + a
		}
		if b != "" {
			line += `,"b":` + b
		}
		lines[i] = line + "}"
	}
	return lines
}

func TestLakeWriterBounded(t *testing.T) {
	for name, tc := range map[string]struct {
		rows, parts int
		maxRows     int64
		maxOpen     int
		buffer      int
	}{
		"2 open, 1000 partitions":       {rows: 1500, parts: 1000, maxRows: 1, maxOpen: 2, buffer: 1},
		"1 open, 150 partitions":        {rows: 400, parts: 150, maxRows: 0, maxOpen: 1, buffer: 100},
		"3 open, rolling every row":     {rows: 300, parts: 60, maxRows: 1, maxOpen: 3, buffer: 64},
		"2 open, big buffer":            {rows: 500, parts: 150, maxRows: 4, maxOpen: 2, buffer: 1 << 30},
		"many open, tiny buffer":        {rows: 500, parts: 150, maxRows: 5, maxOpen: 1000, buffer: 1},
		"2 open, few partitions, rolls": {rows: 1000, parts: 3, maxRows: 7, maxOpen: 2, buffer: 1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // the file system, not the CPU, is the bottleneck
			lines := lakeRows(tc.rows, tc.parts, uint64(tc.rows+tc.parts))
			key := []string{"a", "b"}

			free := storagetest.NewCountingFS(storage.OS, true)
			wantDir, wantFiles, err := writeLake(t, free, key, storage.WriterOptions{MaxRows: tc.maxRows, MaxOpen: 1 << 20, BufferBytes: 1 << 30}, lines)
			if err != nil {
				t.Fatal(err)
			}
			bounded := storagetest.NewCountingFS(storage.OS, true)
			gotDir, gotFiles, err := writeLake(t, bounded, key, storage.WriterOptions{MaxRows: tc.maxRows, MaxOpen: tc.maxOpen, BufferBytes: tc.buffer}, lines)
			if err != nil {
				t.Fatal(err)
			}
			if got := bounded.Max(); got > tc.maxOpen {
				t.Errorf("files open at once: got %d, want at most %d", got, tc.maxOpen)
			}
			if got := bounded.OpenNow(); got != 0 {
				t.Errorf("files open after Close: got %d, want 0", got)
			}
			if got := bounded.DoubleCloses(); got != 0 {
				t.Errorf("files closed twice: got %d, want 0", got)
			}
			if diff := storagetest.DiffTree(storagetest.Tree(t, gotDir), storagetest.Tree(t, wantDir)); diff != "" {
				t.Errorf("bounded lake differs from the unbounded one:\n%s", diff)
			}
			if !reflect.DeepEqual(gotFiles, wantFiles) {
				t.Errorf("bounded files differ from the unbounded ones")
			}
			checkFiles(t, gotDir, key, gotFiles)
			var total int64
			for _, f := range gotFiles {
				total += f.Rows
			}
			if total != int64(tc.rows) {
				t.Errorf("rows: got %d, want %d", total, tc.rows)
			}
		})
	}
}

// TestLakeWriterBoundedSynced runs a bounded write with real syncs: a file
// closed to bound open files is reopened to be synced.
func TestLakeWriterBoundedSynced(t *testing.T) {
	lines := lakeRows(400, 40, 9)
	fsys := storagetest.NewCountingFS(storage.OS, false)
	dir, files, err := writeLake(t, fsys, []string{"a", "b"}, storage.WriterOptions{MaxRows: 5, MaxOpen: 2, BufferBytes: 1}, lines)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, dir, []string{"a", "b"}, files)
	if got := fsys.Max(); got > 2 {
		t.Errorf("files open at once: got %d, want at most 2", got)
	}
}

func TestLakeWriterAbort(t *testing.T) {
	fsys := storagetest.NewCountingFS(storage.OS, true)
	w := storage.NewLakeWriter(fsys, t.TempDir(), []string{"k"}, storage.WriterOptions{MaxOpen: 3, BufferBytes: 1})
	vals := make([][]byte, 1)
	pad := strings.Repeat("x", 5000) // over the smallest buffer: the second row of a partition flushes
	for i := range 20 {
		line := []byte(fmt.Sprintf(`{"k":%d,"pad":"%s"}`, i%10, pad))
		if err := storage.Fields(line, []string{"k"}, vals); err != nil {
			t.Fatal(err)
		}
		if err := w.Add(vals, line); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.Partitions(); got != 10 {
		t.Errorf("Partitions: got %d, want 10", got)
	}
	if got := fsys.OpenNow(); got != 3 {
		t.Errorf("files open before Abort: got %d, want 3", got)
	}
	w.Abort()
	if got := fsys.OpenNow(); got != 0 {
		t.Errorf("files open after Abort: got %d, want 0", got)
	}
}

func TestLakeWriterEmpty(t *testing.T) {
	dir, files, err := writeLake(t, storage.OS, []string{"k"}, storage.WriterOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 0 {
		t.Errorf("got files %+v, want none", files)
	}
	if tree := storagetest.Tree(t, dir); len(tree) != 0 {
		t.Errorf("got entries %v, want an empty folder", tree)
	}
}

// TestLakeWriterFaults fails each file operation of a write in turn and
// checks that the failure is reported, never swallowed, and that no file is
// left open.
func TestLakeWriterFaults(t *testing.T) {
	lines := lakeRows(40, 5, 4)
	opt := storage.WriterOptions{MaxRows: 4, MaxOpen: 2, BufferBytes: 64}
	run := func(failAt int) (*storagetest.FaultFS, *storagetest.CountingFS, error) {
		counting := storagetest.NewCountingFS(storage.OS, true)
		fault := storagetest.NewFaultFS(counting, failAt)
		_, _, err := writeLake(t, fault, []string{"a", "b"}, opt, lines)
		return fault, counting, err
	}
	clean, _, err := run(0)
	if err != nil {
		t.Fatal(err)
	}
	n := clean.Count()
	if n < 30 {
		t.Fatalf("got %d file operations, want a run with many", n)
	}
	for i := 1; i <= n; i++ {
		fault, counting, err := run(i)
		if !errors.Is(err, storagetest.ErrInjected) {
			t.Errorf("fault at op %d (%s): got error %v, want ErrInjected", i, fault.Ops()[i-1], err)
		}
		if got := counting.OpenNow(); got != 0 {
			t.Errorf("fault at op %d (%s): got %d files open after Abort, want 0", i, fault.Ops()[i-1], got)
		}
	}
}

func TestLakeWriterAddLinesCounts(t *testing.T) {
	dir := t.TempDir()
	w := storage.NewLakeWriter(storage.OS, dir, []string{"k"}, storage.WriterOptions{})
	raw := "{\"k\":1}\r\n{\"k\":2}" // no final newline
	rows, n, err := w.AddLines(strings.NewReader(raw), "in")
	if err != nil || rows != 2 || n != int64(len(raw)) {
		t.Fatalf("AddLines: got %d, %d, %v, want 2, %d, nil", rows, n, err, len(raw))
	}
	files, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	if want := "{\"k\":1}\r\n{\"k\":2}\n"; all.String() != want {
		t.Errorf("rows on disk: got %q, want %q", all.String(), want)
	}
}
