package storage

// Hostile input to the write path (issue 5): lines too long, blank lines,
// a byte-order mark, CRLF, invalid UTF-8, repeated names, more partitions
// than the buffers can hold, and manifests whose paths try to leave the
// lake. Each case checks what the code does now, message text included.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// withMaxLine lowers the line limit for one test.
func withMaxLine(t *testing.T, n int) {
	t.Helper()
	old := maxLine
	maxLine = n
	t.Cleanup(func() { maxLine = old })
}

// withIngestBlock sets the ingest block size for one test.
func withIngestBlock(t *testing.T, n int) {
	t.Helper()
	old := ingestBlock
	ingestBlock = n
	t.Cleanup(func() { ingestBlock = old })
}

// row returns a JSON row of exactly n bytes in partition p.
func hostileRow(p string, n int) string {
	head := `{"p":"` + p + `","s":"`
	pad := n - len(head) - len(`"}`)
	if pad < 0 {
		panic("row too short")
	}
	return head + strings.Repeat("x", pad) + `"}`
}

// addLines writes raw into a new lake keyed by p and returns the folder,
// the files and the error of AddLines (then the writer is aborted) or
// Close.
func addLines(t *testing.T, raw io.Reader, opt WriterOptions) (string, []FileEntry, int64, error) {
	t.Helper()
	dir := t.TempDir()
	w := NewLakeWriter(OS, dir, []string{"p"}, opt)
	rows, _, err := w.AddLines(raw, "raw.jsonl")
	if err != nil {
		w.Abort()
		return dir, nil, rows, err
	}
	files, err := w.Close()
	return dir, files, rows, err
}

// TestIngestLineLimit runs the line limit, lowered to 100 bytes, against
// blocks of every size: a line of exactly the limit is a row (with or
// without its '\n', with or without a '\r'), one byte more is an error
// naming the file and the line, and the first problem is the one reported.
func TestIngestLineLimit(t *testing.T) {
	const limit = 100
	withMaxLine(t, limit)
	ok, over := hostileRow("a", limit), hostileRow("a", limit+1)
	okCR := hostileRow("a", limit-1) + "\r"
	short := `{"p":"b"}`
	for _, block := range []int{1, 7, 64, limit, limit + 1, limit + 2, 1 << 20} {
		withIngestBlock(t, block)
		for name, tc := range map[string]struct {
			raw  string
			line int // 0: no error
			rows int64
		}{
			"at the limit":             {ok + "\n" + short + "\n", 0, 2},
			"at the limit, last":       {short + "\n" + ok, 0, 2},
			"at the limit with \\r":    {okCR + "\n" + short + "\r\n", 0, 2},
			"over, first":              {over + "\n" + short + "\n", 1, 0},
			"over, in the middle":      {short + "\n" + ok + "\n" + over + "\n" + short + "\n", 3, 2},
			"over, last without \\n":   {short + "\n" + short + "\n" + over, 3, 2},
			"far over, last":           {short + "\n" + over + strings.Repeat("y", 5*limit), 2, 1},
			"over with \\r":            {short + "\n" + hostileRow("a", limit) + "\r\n", 2, 1},
			"syntax error first":       {short + "\n{\"p\":\n" + over + "\n", 2, 1},
			"over before syntax error": {over + "\n{\"p\":\n", 1, 0},
		} {
			_, files, rows, err := addLines(t, strings.NewReader(tc.raw), WriterOptions{})
			if tc.line == 0 {
				if err != nil {
					t.Errorf("block %d, %s: got %v, want no error", block, name, err)
					continue
				}
				var n int64
				for _, f := range files {
					n += f.Rows
				}
				if n != tc.rows {
					t.Errorf("block %d, %s: got %d rows, want %d", block, name, n, tc.rows)
				}
				continue
			}
			var le *LineError
			if !errors.As(err, &le) || le.File != "raw.jsonl" || le.Line != tc.line {
				t.Errorf("block %d, %s: got %v, want an error on raw.jsonl line %d", block, name, err, tc.line)
				continue
			}
			if strings.Contains(name, "syntax") && le.Line == 2 {
				if !errors.Is(err, ErrSyntax) {
					t.Errorf("block %d, %s: got %v, want a syntax error", block, name, err)
				}
				continue
			}
			want := fmt.Sprintf("raw.jsonl line %d: line too long: over 100 bytes, the most one row may have", tc.line)
			if !errors.Is(err, ErrLineTooLong) || err.Error() != want {
				t.Errorf("block %d, %s: got %q, want %q", block, name, err, want)
			}
			if rows != tc.rows {
				t.Errorf("block %d, %s: %d rows added before the error, want %d", block, name, rows, tc.rows)
			}
		}
	}
}

// longLine is a reader of the line {"p":"a","s":"xxx…"} of n bytes and
// its '\n', made as it is read, then of the line {"p":"z"}.
type longLine struct {
	n, off int
	rest   io.Reader
}

func (l *longLine) Read(b []byte) (int, error) {
	if l.off >= l.n+1 {
		return l.rest.Read(b)
	}
	head := `{"p":"a","s":"`
	k := 0
	for k < len(b) && l.off < l.n+1 {
		switch {
		case l.off < len(head):
			b[k] = head[l.off]
		case l.off == l.n-2:
			b[k] = '"'
		case l.off == l.n-1:
			b[k] = '}'
		case l.off == l.n:
			b[k] = '\n'
		default:
			b[k] = 'x'
		}
		k++
		l.off++
	}
	return k, nil
}

// TestIngestLineOverMaxLineBytes feeds the real limit a line one byte over
// it, after a good line, and one of 100 MB: each fails on line 2 with the
// message naming raw.jsonl, reading no more than the limit and a block past
// the line's start, allocating a small multiple of the limit, and writing
// nothing that stays.
func TestIngestLineOverMaxLineBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 64 MiB")
	}
	for _, n := range []int{MaxLineBytes + 1, 100 << 20} {
		first := `{"p":"b","amount":1}` + "\n"
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		dir := t.TempDir()
		w := NewLakeWriter(OS, dir, []string{"p"}, WriterOptions{})
		r := io.MultiReader(strings.NewReader(first), &longLine{n: n, rest: strings.NewReader(`{"p":"z"}` + "\n")})
		_, read, err := w.AddLines(r, "raw.jsonl")
		w.Abort()
		runtime.ReadMemStats(&after)
		want := "raw.jsonl line 2: line too long: over 67108864 bytes (64 MiB), the most one row may have"
		if err == nil || err.Error() != want || !errors.Is(err, ErrLineTooLong) {
			t.Fatalf("line of %d bytes: got %v, want %q", n, err, want)
		}
		if limit := int64(len(first) + MaxLineBytes + 1 + 2*ingestBlock); read > limit {
			t.Errorf("line of %d bytes: read %d bytes, want at most %d", n, read, limit)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 3*MaxLineBytes {
			t.Errorf("line of %d bytes: allocated %d MiB, want at most %d MiB", n, got>>20, 3*MaxLineBytes>>20)
		}
	}
}

// TestIngestLongLineAccepted writes a line of exactly MaxLineBytes between
// short ones: it reaches its file byte for byte, and the rows keep their
// order.
func TestIngestLongLineAccepted(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 64 MiB")
	}
	r := io.MultiReader(strings.NewReader(`{"p":"a","i":1}`+"\n"), &longLine{n: MaxLineBytes, rest: strings.NewReader(`{"p":"a","i":2}`)})
	dir, files, rows, err := addLines(t, r, WriterOptions{})
	if err != nil || rows != 3 {
		t.Fatalf("got %d rows, %v; want 3, nil", rows, err)
	}
	if len(files) != 1 || files[0].Rows != 3 || files[0].Bytes != int64(MaxLineBytes+len(`{"p":"a","i":1}`)+len(`{"p":"a","i":2}`)+3) {
		t.Fatalf("got files %+v", files)
	}
	data, err := os.ReadFile(filepath.Join(dir, "p=a", "part-0000.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(data, []byte{'\n'})
	if len(lines) != 4 || string(lines[0]) != `{"p":"a","i":1}` || string(lines[2]) != `{"p":"a","i":2}` || len(lines[1]) != MaxLineBytes ||
		!bytes.HasPrefix(lines[1], []byte(`{"p":"a","s":"xxx`)) || !bytes.HasSuffix(lines[1], []byte(`xxx"}`)) {
		t.Errorf("the file does not hold the three rows in order")
	}
}

// TestLineReaderLimit: the readers of lake files take the same limit.
func TestLineReaderLimit(t *testing.T) {
	const limit = 40
	withMaxLine(t, limit)
	ok, over := strings.Repeat("a", limit), strings.Repeat("b", limit+1)
	for _, size := range []int{16, 17, limit, limit + 1, limit + 2, 4096} {
		for name, tc := range map[string]struct {
			in    string
			lines []string
			err   bool
		}{
			"at the limit":         {"x\n" + ok + "\ny\n", []string{"x", ok, "y"}, false},
			"at the limit, last":   {"x\n" + ok, []string{"x", ok}, false},
			"over":                 {"x\n" + over + "\ny\n", []string{"x"}, true},
			"over, last":           {"x\n" + over, []string{"x"}, true},
			"over only by its \\r": {ok + "\r\n", nil, true},
		} {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				got, _, err := readLines(t, r, size)
				if !slices.Equal(got, tc.lines) {
					t.Errorf("buffer %d, %s: got lines %q, want %q", size, name, got, tc.lines)
				}
				if tc.err != (err != nil) || err != nil && !errors.Is(err, ErrLineTooLong) {
					t.Errorf("buffer %d, %s: got error %v, want too long: %v", size, name, err, tc.err)
				}
			}
		}
	}
}

// TestFieldsBlankAndBOM: the messages for a blank line and a byte-order
// mark; a '\r' before the '\n' is white space, kept in the row.
func TestFieldsBlankAndBOM(t *testing.T) {
	for line, want := range map[string]string{
		"":                          "invalid JSON: a blank line; every line must be one JSON object",
		"  \t":                      "invalid JSON: a blank line; every line must be one JSON object",
		"\r":                        "invalid JSON: a blank line; every line must be one JSON object",
		"\xef\xbb\xbf{\"p\":\"a\"}": "invalid JSON: the line starts with a UTF-8 byte-order mark (EF BB BF); save the file without it",
		"{\"p\":\"a\"}\xef\xbb\xbf": "invalid JSON: data after the object at column 10",
		"{\"p\":\"a\"}\r\r":         "",
		"{\"p\":\"a\"} \r":          "",
		"\x00":                      "invalid JSON: a row must be a JSON object at column 1",
		"{\"p\":\"a\"}\x00":         "invalid JSON: data after the object at column 10",
		"{\"p\":\"a\x00\"}":         "invalid JSON: control character in string at column 8",
		"{\"p\":\"a\"":              "invalid JSON: expected ',' or '}' at end of line",
		"{\"p\":\"a":                "invalid JSON: unterminated string at end of line",
		"{\"p\":":                   "invalid JSON: expected a value at end of line",
		"{\"p\"":                    "invalid JSON: expected ':' at end of line",
		"{":                         "invalid JSON: expected a member name at end of line",
	} {
		vals := make([][]byte, 1)
		err := Fields([]byte(line), []string{"p"}, vals)
		if want == "" {
			if err != nil || string(vals[0]) != `"a"` {
				t.Errorf("Fields(%q): got %q, %v; want \"a\", nil", line, vals[0], err)
			}
			continue
		}
		if err == nil || err.Error() != want || !errors.Is(err, ErrSyntax) {
			t.Errorf("Fields(%q): got %v, want %q", line, err, want)
		}
	}
}

// TestHostileRowsInLake: CRLF, invalid UTF-8 and repeated names, through
// AddLines and through the trusted path that repartition takes (lines from
// lake files, keys found by the Extractor): rows land byte for byte in the
// partition encoding/json would give them, the last of repeated names
// deciding, invalid UTF-8 read as U+FFFD in values and in names.
func TestHostileRowsInLake(t *testing.T) {
	raw := strings.Join([]string{
		"{\"p\":\"a\",\"n\":1}\r",
		"{\"p\":\"a\xffb\",\"n\":2}",
		"{\"p\":\"a\xfeb\",\"n\":3}",
		`{"p":"a\ufffdb","n":4}`,
		`{"p":"a\u00ffb","n":5}`,
		`{"p":"c","p":"d","n":6}`,
		`{"p":"d","p":null,"n":7}`,
		`{"p":null,"p":"e","n":8}`,
		`{"p":"x","q":{"p":"y"},"n":9}`,
		"{\"\xff\":\"k\",\"p\":\"f\",\"n\":10}",
		"{\"p\":\"g\",\"s\":\"\xc3\",\"n\":11} \r",
	}, "\n") + "\n"
	want := map[string][]int{
		"p=a":                   {1},
		"p=a\ufffdb":            {2, 3, 4},
		"p=aÿb":                 {5},
		"p=d":                   {6},
		"p=" + DefaultPartition: {7},
		"p=e":                   {8},
		"p=x":                   {9},
		"p=f":                   {10},
		"p=g":                   {11},
	}
	lines := strings.SplitAfter(raw, "\n")
	check := func(name string, dir string, files []FileEntry) {
		t.Helper()
		got := map[string]string{}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
			if err != nil {
				t.Fatal(err)
			}
			got[filepath.Dir(f.Path)] += string(data)
		}
		for folder, ns := range want {
			var w string
			for _, n := range ns {
				w += lines[n-1]
			}
			if got[folder] != w {
				t.Errorf("%s: folder %q holds %q, want %q", name, folder, got[folder], w)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: got folders %q, want %d", name, slices.Sorted(maps.Keys(got)), len(want))
		}
		for _, f := range files {
			if strings.HasPrefix(f.Path, "p=a\ufffdb/") && f.Partition[0].Str != "a\ufffdb" {
				t.Errorf("%s: partition value %q, want %q", name, f.Partition[0].Str, "a\ufffdb")
			}
		}
	}
	dir, files, _, err := addLines(t, strings.NewReader(raw), WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check("AddLines", dir, files)
	// The manifest of such a lake reads back.
	m := &Manifest{Lake: "l", Key: []string{"p"}, Files: files}
	if _, err := DecodeManifest(EncodeManifest(m)); err != nil {
		t.Errorf("the manifest does not read back: %v", err)
	}
	dir, files, _, err = addLines(t, strings.NewReader(raw), WriterOptions{Trusted: true})
	if err != nil {
		t.Fatal(err)
	}
	check("trusted", dir, files)

	// A key field named U+FFFD matches a member named with an invalid byte;
	// a key field that is not UTF-8 is refused (it could match nothing, and
	// the manifest could not hold it).
	w := NewLakeWriter(OS, t.TempDir(), []string{"\ufffd"}, WriterOptions{})
	vals := make([][]byte, 1)
	if err := Fields([]byte("{\"\xff\":\"k\"}"), []string{"\ufffd"}, vals); err != nil || string(vals[0]) != `"k"` {
		t.Errorf("Fields: got %q, %v, want the member named \\xff", vals[0], err)
	}
	w.Abort()
	if err := ValidateKey([]string{"p", "\xff"}); err == nil || err.Error() != `key field "\xff" is not valid UTF-8` {
		t.Errorf("ValidateKey: got %v, want an error naming the field", err)
	}
}

// TestLakeWriterSpill writes rows of many partitions, of every length
// (some longer than a buffer), under a buffer budget far too small for
// them: the buffers never take more than the budget allows, and the lake is
// byte for byte the one an unbounded writer makes.
func TestLakeWriterSpill(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	var raw strings.Builder
	for i := range 1500 {
		p := fmt.Sprintf("v%03d", rng.IntN(200))
		if rng.IntN(50) == 0 {
			raw.WriteString(hostileRow(p, 5000+rng.IntN(70000)) + "\n")
			continue
		}
		fmt.Fprintf(&raw, `{"p":"%s","i":%d,"pad":"%s"}`+"\n", p, i, strings.Repeat("z", rng.IntN(100)))
	}
	for _, opt := range []WriterOptions{
		{BufferBytes: 1},
		{BufferBytes: 16 << 10, MaxOpen: 3},
		{BufferBytes: 64 << 10, MaxRows: 3},
	} {
		wantDir, _, _, err := addLines(t, strings.NewReader(raw.String()), WriterOptions{MaxRows: opt.MaxRows, BufferBytes: 1 << 30})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		w := NewLakeWriter(OS, dir, []string{"p"}, opt)
		vals := make([][]byte, 1)
		most := 0
		for _, line := range strings.Split(strings.TrimSuffix(raw.String(), "\n"), "\n") {
			if err := Fields([]byte(line), []string{"p"}, vals); err != nil {
				t.Fatal(err)
			}
			if err := w.Add(vals, []byte(line)); err != nil {
				t.Fatal(err)
			}
			most = max(most, w.held)
		}
		if _, err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if bound := max(4*w.opt.BufferBytes, perPartitionBuffer); most > bound {
			t.Errorf("%+v: buffers took %d bytes, want at most %d", opt, most, bound)
		}
		if got, want := readTree(t, dir), readTree(t, wantDir); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%+v: the lake differs from the unbounded writer's", opt)
		}
	}
}

// TestLakeWriterBuffersFollowRows: partitions of one short row each
// hold buffers of about that row, not of the share of the budget (5,000
// partitions took buffers of 2 KiB and more, 10 MB; 100,000 kept the collector
// running without end near the memory limit), and nothing spills.
func TestLakeWriterBuffersFollowRows(t *testing.T) {
	const parts = 5_000
	w := NewLakeWriter(OS, t.TempDir(), []string{"p"}, WriterOptions{BufferBytes: 16 << 20})
	vals := make([][]byte, 1)
	most := 0
	for i := range parts {
		line := fmt.Appendf(nil, `{"p":%d,"v":"%s"}`, i, strings.Repeat("x", i%40))
		if err := Fields(line, []string{"p"}, vals); err != nil {
			t.Fatal(err)
		}
		if err := w.Add(vals, line); err != nil {
			t.Fatal(err)
		}
		most = max(most, w.held)
	}
	files, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != parts {
		t.Fatalf("%d files, want %d", len(files), parts)
	}
	if bound := parts * 256; most > bound {
		t.Errorf("buffers took %d bytes at most, want at most %d", most, bound)
	}
}

// TestDecodeManifestHostilePaths: every path that could reach outside the
// lake, or is not a data file of it, is refused with a message naming it.
func TestDecodeManifestHostilePaths(t *testing.T) {
	for path, want := range map[string]string{
		"../outside/part-0000.jsonl":       `corrupt: manifest: "../outside/part-0000.jsonl" is not in its partition folder "p=a/": ".." leaves the folder`,
		"../../x":                          `corrupt: manifest: "../../x" is not in its partition folder "p=a/": ".." leaves the folder`,
		"p=a/../../b/part-0000.jsonl":      `corrupt: manifest: "p=a/../../b/part-0000.jsonl" is not in its partition folder "p=a/": ".." leaves the folder`,
		"p=a/..":                           `corrupt: manifest: "p=a/.." is not in its partition folder "p=a/": ".." leaves the folder`,
		"/etc/passwd":                      `corrupt: manifest: "/etc/passwd" is an absolute path; file paths are relative to the lake folder`,
		"/tmp/p=a/part-0000.jsonl":         `corrupt: manifest: "/tmp/p=a/part-0000.jsonl" is an absolute path; file paths are relative to the lake folder`,
		"C:/p=a/part-0000.jsonl":           `corrupt: manifest: "C:/p=a/part-0000.jsonl" is an absolute path; file paths are relative to the lake folder`,
		`p=a\part-0000.jsonl`:              `corrupt: manifest: "p=a\\part-0000.jsonl" holds a backslash; file paths use '/'`,
		`..\..\part-0000.jsonl`:            `corrupt: manifest: "..\\..\\part-0000.jsonl" holds a backslash; file paths use '/'`,
		"p=a/part-0000.jsonl\x00":          `corrupt: manifest: "p=a/part-0000.jsonl\x00" holds a control character`,
		"p=a/data.jsonl":                   `corrupt: manifest: "p=a/data.jsonl" is not a part-*.jsonl file`,
		"p=a/part-0000.json":               `corrupt: manifest: "p=a/part-0000.json" is not a part-*.jsonl file`,
		"p=a/_manifest.json":               `corrupt: manifest: "p=a/_manifest.json" is not a part-*.jsonl file`,
		"p=a/":                             `corrupt: manifest: "p=a/" is not a part-*.jsonl file`,
		"p=a":                              `corrupt: manifest: "p=a" is not a part-*.jsonl file`,
		"":                                 `corrupt: manifest: a file has an empty path`,
		"part-0000.jsonl":                  `corrupt: manifest: "part-0000.jsonl" is not in its partition folder "p=a/"`,
		"p=b/part-0000.jsonl":              `corrupt: manifest: "p=b/part-0000.jsonl" is not in its partition folder "p=a/"`,
		"p=a//part-0000.jsonl":             `corrupt: manifest: "p=a//part-0000.jsonl" is not in its partition folder "p=a/"`,
		"./p=a/part-0000.jsonl":            `corrupt: manifest: "./p=a/part-0000.jsonl" is not in its partition folder "p=a/"`,
		"p=a/./part-0000.jsonl":            `corrupt: manifest: "p=a/./part-0000.jsonl" is not in its partition folder "p=a/"`,
		"p=a/q=b/part-0000.jsonl":          `corrupt: manifest: "p=a/q=b/part-0000.jsonl" is not in its partition folder "p=a/"`,
		"p=a/part-0000.jsonl/part-0.jsonl": `corrupt: manifest: "p=a/part-0000.jsonl/part-0.jsonl" is not in its partition folder "p=a/"`,
	} {
		data := fmt.Sprintf(`{"lake":"l","key":["p"],"generation":0,"files":[{"path":%q,"partition":{"p":"a"},"rows":1,"bytes":10}]}`, path)
		if strings.ContainsRune(path, 0) {
			data = strings.Replace(data, `\x00`, `\u0000`, 1)
		}
		_, err := DecodeManifest([]byte(data))
		if err == nil || err.Error() != want || !errors.Is(err, ErrCorrupt) {
			t.Errorf("path %q: got %v, want %q", path, err, want)
		}
	}
	// A partition value that climbs is escaped into one folder name, and so
	// stays inside the lake.
	m := &Manifest{Lake: "l", Key: []string{"p"}, Files: []FileEntry{{Partition: []PartValue{{Str: "../../x"}}, Rows: 1, Bytes: 1}}}
	m.Files[0].Path = PartitionDir(m.Key, m.Files[0].Partition) + "/part-0000.jsonl"
	if m.Files[0].Path != "p=..%2F..%2Fx/part-0000.jsonl" {
		t.Errorf("got path %q", m.Files[0].Path)
	}
	if _, err := DecodeManifest(EncodeManifest(m)); err != nil {
		t.Errorf("escaped climbing value: %v", err)
	}
}

// TestDecodeManifestCutShort: a manifest cut at any byte, or empty, is an
// error, never a shorter list of files.
func TestDecodeManifestCutShort(t *testing.T) {
	full := EncodeManifest(sampleManifest())
	for n := range len(full) - 1 {
		m, err := DecodeManifest(full[:n])
		if err == nil || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("cut at %d of %d bytes: got %+v, %v; want a corrupt error", n, len(full), m, err)
		}
	}
	for _, empty := range []string{"", " \n"} {
		_, err := DecodeManifest([]byte(empty))
		if err == nil || err.Error() != "corrupt: manifest: the file is empty" {
			t.Errorf("manifest %q: got %v, want the file is empty", empty, err)
		}
	}
	_, err := DecodeManifest(full[:len(full)/2])
	if err == nil || err.Error() != "corrupt: manifest: unexpected EOF" {
		t.Errorf("half a manifest: got %v", err)
	}
}

// countingFS counts the writes to files opened for writing.
type countingFS struct {
	FS
	writes *int
}

type countedFile struct {
	File
	writes *int
}

func (c countingFS) OpenFile(name string, flag int) (File, error) {
	f, err := c.FS.OpenFile(name, flag)
	if err != nil {
		return nil, err
	}
	return countedFile{f, c.writes}, nil
}

func (f countedFile) Write(p []byte) (int, error) {
	*f.writes++
	return f.File.Write(p)
}

// TestLakeWriterSpillsRarely: with more partitions than the budget has
// buffers of the first partitions' size, a spill re-divides the budget
// into buffers of the size now due rather than keeping the large ones; a
// spill that kept them made a write per partition for every few hundred
// rows (here a write per row: 40,000).
func TestLakeWriterSpillsRarely(t *testing.T) {
	const parts, rounds = 2000, 20
	writes := 0
	w := NewLakeWriter(countingFS{OS, &writes}, t.TempDir(), []string{"p"}, WriterOptions{BufferBytes: 1 << 20, MaxOpen: 64})
	vals := make([][]byte, 1)
	for r := range rounds {
		for p := range parts {
			line := fmt.Sprintf(`{"p":"v%04d","r":%d,"pad":"%s"}`, p, r, strings.Repeat("z", 40))
			if err := Fields([]byte(line), []string{"p"}, vals); err != nil {
				t.Fatal(err)
			}
			if err := w.Add(vals, []byte(line)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// 20 rows of 70 bytes a partition fit one 2 KiB buffer: a write or two
	// each, and a few spills' worth besides.
	if writes > 4*parts {
		t.Errorf("%d writes for %d partitions of %d rows", writes, parts, rounds)
	}
}
