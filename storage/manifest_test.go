package storage

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func sampleManifest() *Manifest {
	return &Manifest{
		Lake:       "orders",
		Key:        []string{"day", "region"},
		Generation: 3,
		Files: []FileEntry{
			{Path: "day=2026-01-03/region=seoul/part-0000.jsonl", Partition: []PartValue{{Str: "2026-01-03"}, {Str: "seoul"}}, Rows: 12, Bytes: 1034},
			{Path: "day=2026-01-03/region=seoul/part-0001.jsonl", Partition: []PartValue{{Str: "2026-01-03"}, {Str: "seoul"}}, Rows: 1, Bytes: 80},
			{Path: "day=2026-01-04/region=" + DefaultPartition + "/part-g0001-7f3a9c01-0000.jsonl", Partition: []PartValue{{Str: "2026-01-04"}, {Null: true}}, Rows: 0, Bytes: 0},
			{Path: "day=2026-01-04/region=서울 %2F 강남/part-0000.jsonl", Partition: []PartValue{{Str: "2026-01-04"}, {Str: "서울 / 강남"}}, Rows: 5, Bytes: 500},
		},
	}
}

func TestEncodeManifest(t *testing.T) {
	m := &Manifest{Lake: "orders", Key: []string{"day"}, Files: []FileEntry{
		{Path: "day=2026-01-03/part-0000.jsonl", Partition: []PartValue{{Str: "2026-01-03"}}, Rows: 12, Bytes: 1034},
		{Path: "day=" + DefaultPartition + "/part-0000.jsonl", Partition: []PartValue{{Null: true}}, Rows: 1, Bytes: 9},
	}}
	SortFiles(m.Files)
	want := `{"lake":"orders","key":["day"],"generation":0,"files":[` + "\n" +
		`{"path":"day=2026-01-03/part-0000.jsonl","partition":{"day":"2026-01-03"},"rows":12,"bytes":1034},` + "\n" +
		`{"path":"day=__HIVE_DEFAULT_PARTITION__/part-0000.jsonl","partition":{"day":null},"rows":1,"bytes":9}` + "\n" +
		"]}\n"
	if got := string(EncodeManifest(m)); got != want {
		t.Errorf("EncodeManifest:\ngot  %s\nwant %s", got, want)
	}
	empty := &Manifest{Lake: "e", Key: []string{"a", "b"}, Generation: 7, Files: []FileEntry{}}
	if got, want := string(EncodeManifest(empty)), `{"lake":"e","key":["a","b"],"generation":7,"files":[]}`+"\n"; got != want {
		t.Errorf("EncodeManifest(no files):\ngot  %s\nwant %s", got, want)
	}
}

func TestManifestRoundTrip(t *testing.T) {
	check := func(t *testing.T, m *Manifest) {
		t.Helper()
		data := EncodeManifest(m)
		got, err := DecodeManifest(data)
		if err != nil {
			t.Fatalf("DecodeManifest(%s): got error %v, want nil", data, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("DecodeManifest(EncodeManifest(m)):\ngot  %+v\nwant %+v", got, m)
		}
		if again := EncodeManifest(got); string(again) != string(data) {
			t.Errorf("re-encoding:\ngot  %s\nwant %s", again, data)
		}
	}
	t.Run("sample", func(t *testing.T) { check(t, sampleManifest()) })
	t.Run("no files", func(t *testing.T) {
		check(t, &Manifest{Lake: "x", Key: []string{"k"}, Files: []FileEntry{}})
	})
	t.Run("random", func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for range 500 {
			check(t, randomManifest(r))
		}
	})
}

// randomManifest builds a valid manifest with awkward names and values (valid
// UTF-8: a JSON string cannot carry anything else).
func randomManifest(r *rand.Rand) *Manifest {
	words := []string{"", "a", "서울", ".", "..", "/", "=", "%", ":", "\\", "\"", "\n", "\x7f", " ", DefaultPartition, "<&>", "\u2028", "🙂"}
	word := func() string {
		var b strings.Builder
		for n := r.IntN(3); n >= 0; n-- {
			b.WriteString(words[r.IntN(len(words))])
		}
		return b.String()
	}
	n := 1 + r.IntN(3)
	m := &Manifest{Lake: word(), Generation: r.Int64N(1 << 40), Files: []FileEntry{}}
	for len(m.Key) < n {
		if k := "k" + word(); ValidateKey(append(m.Key, k)) == nil {
			m.Key = append(m.Key, k)
		}
	}
	seen := map[string]bool{}
	for range r.IntN(6) {
		vals := make([]PartValue, n)
		for i := range vals {
			if r.IntN(4) == 0 {
				vals[i] = PartValue{Null: true}
			} else {
				vals[i] = PartValue{Str: word()}
			}
		}
		p := PartitionDir(m.Key, vals) + "/" + PartName(r.IntN(3))
		if seen[p] {
			continue
		}
		seen[p] = true
		m.Files = append(m.Files, FileEntry{Path: p, Partition: vals, Rows: r.Int64N(1000), Bytes: r.Int64N(1 << 40)})
	}
	SortFiles(m.Files)
	return m
}

func TestDecodeManifest(t *testing.T) {
	const head = `{"lake":"l","key":["day"],"generation":0,"files":[`
	file := func(path, day string, rows, bytes int) string {
		return fmt.Sprintf(`{"path":%q,"partition":{"day":%s},"rows":%d,"bytes":%d}`, path, day, rows, bytes)
	}
	okFile := file("day=a/part-0000.jsonl", `"a"`, 1, 2)
	for name, tc := range map[string]struct {
		data string
		err  error // nil: decodes
	}{
		"valid":                 {head + okFile + `]}`, nil},
		"valid spaced":          {" {\"lake\" : \"l\", \"key\":[\"day\"], \"generation\":0, \"files\":[ ]}\n\n", nil},
		"valid null partition":  {head + file("day=__HIVE_DEFAULT_PARTITION__/part-0.jsonl", "null", 0, 0) + `]}`, nil},
		"valid empty value":     {head + file("day=/part-0.jsonl", `""`, 0, 0) + `]}`, nil},
		"valid escaped default": {head + file("day=%5F_HIVE_DEFAULT_PARTITION__/part-0.jsonl", `"__HIVE_DEFAULT_PARTITION__"`, 0, 0) + `]}`, nil},
		"valid escaped dots":    {head + file("day=%2E%2E/part-0.jsonl", `".."`, 0, 0) + `]}`, nil},
		"valid sorted":          {head + file("day=a/part-0000.jsonl", `"a"`, 1, 2) + "," + file("day=a/part-0001.jsonl", `"a"`, 1, 2) + "," + file("day=b/part-0000.jsonl", `"b"`, 1, 2) + `]}`, nil},

		"empty":               {``, ErrCorrupt},
		"spaces":              {"  \n", ErrCorrupt},
		"not json":            {`lake=l`, ErrCorrupt},
		"truncated":           {head + okFile, ErrCorrupt},
		"truncated member":    {`{"lake":"l","key":["day"],"gener`, ErrCorrupt},
		"array":               {`[]`, ErrCorrupt},
		"null":                {`null`, ErrCorrupt},
		"string":              {`"l"`, ErrCorrupt},
		"trailing object":     {head + `]}{}`, ErrCorrupt},
		"trailing word":       {head + `]} x`, ErrCorrupt},
		"trailing bracket":    {head + `]}]`, ErrCorrupt},
		"trailing brace":      {head + `]}}`, ErrCorrupt},
		"unknown member":      {`{"lake":"l","key":["day"],"generation":0,"files":[],"extra":1}`, ErrCorrupt},
		"unknown file member": {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"rows":1,"bytes":2,"crc":0}]}`, ErrCorrupt},
		"missing lake":        {`{"key":["day"],"generation":0,"files":[]}`, ErrCorrupt},
		"missing key":         {`{"lake":"l","generation":0,"files":[]}`, ErrCorrupt},
		"missing generation":  {`{"lake":"l","key":["day"],"files":[]}`, ErrCorrupt},
		"missing files":       {`{"lake":"l","key":["day"],"generation":0}`, ErrCorrupt},
		"null files":          {`{"lake":"l","key":["day"],"generation":0,"files":null}`, ErrCorrupt},
		"null lake":           {`{"lake":null,"key":["day"],"generation":0,"files":[]}`, ErrCorrupt},
		"missing path":        {head + `{"partition":{"day":"a"},"rows":1,"bytes":2}]}`, ErrCorrupt},
		"missing partition":   {head + `{"path":"day=a/part-0.jsonl","rows":1,"bytes":2}]}`, ErrCorrupt},
		"missing rows":        {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"bytes":2}]}`, ErrCorrupt},
		"missing bytes":       {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"rows":1}]}`, ErrCorrupt},
		"file not object":     {head + `"day=a/part-0.jsonl"]}`, ErrCorrupt},
		"negative rows":       {head + file("day=a/part-0.jsonl", `"a"`, -1, 2) + `]}`, ErrCorrupt},
		"negative bytes":      {head + file("day=a/part-0.jsonl", `"a"`, 1, -2) + `]}`, ErrCorrupt},
		"rows past int64":     {head + file("day=a/part-0.jsonl", `"a"`, 9223372036854775807, 2) + `,` + file("day=a/part-1.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"negative generation": {`{"lake":"l","key":["day"],"generation":-1,"files":[]}`, ErrCorrupt},
		"fractional rows":     {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"rows":1.5,"bytes":2}]}`, ErrCorrupt},
		"string rows":         {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"rows":"1","bytes":2}]}`, ErrCorrupt},
		"rows overflow":       {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a"},"rows":9223372036854775808,"bytes":2}]}`, ErrCorrupt},
		"empty key":           {`{"lake":"l","key":[],"generation":0,"files":[]}`, ErrCorrupt},
		"empty key field":     {`{"lake":"l","key":[""],"generation":0,"files":[]}`, ErrCorrupt},
		"repeated key field":  {`{"lake":"l","key":["a","a"],"generation":0,"files":[]}`, ErrCorrupt},
		"partition too short": {head + `{"path":"day=a/part-0.jsonl","partition":{},"rows":1,"bytes":2}]}`, ErrCorrupt},
		"partition null":      {head + `{"path":"day=a/part-0.jsonl","partition":null,"rows":1,"bytes":2}]}`, ErrCorrupt},
		"partition array":     {head + `{"path":"day=a/part-0.jsonl","partition":["a"],"rows":1,"bytes":2}]}`, ErrCorrupt},
		// A partition's text is decoded once: the files that share it
		// are still each checked against it, however it is spelt.
		"shared partition": {head + file("day=a/part-0.jsonl", `"a"`, 1, 2) + "," + file("day=a/part-1.jsonl", `"a"`, 1, 2) + "," +
			`{"path":"day=a/part-2.jsonl","partition":{ "day" : "\u0061" },"rows":1,"bytes":2}]}`, nil},
		"shared partition, other folder": {head + file("day=a/part-0.jsonl", `"a"`, 1, 2) + "," + file("day=b/part-1.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"partition too long":             {head + `{"path":"day=a/part-0.jsonl","partition":{"day":"a","x":"b"},"rows":1,"bytes":2}]}`, ErrCorrupt},
		"partition wrong field":          {head + `{"path":"day=a/part-0.jsonl","partition":{"dya":"a"},"rows":1,"bytes":2}]}`, ErrCorrupt},
		"partition number":               {head + file("day=1/part-0.jsonl", `1`, 1, 2) + `]}`, ErrCorrupt},
		"partition null string":          {head + file("day=__HIVE_DEFAULT_PARTITION__/part-0.jsonl", `"__HIVE_DEFAULT_PARTITION__"`, 0, 0) + `]}`, ErrCorrupt},
		"unsorted":                       {head + file("day=b/part-0.jsonl", `"b"`, 1, 2) + "," + file("day=a/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"duplicate":                      {head + okFile + "," + okFile + `]}`, ErrCorrupt},
		"dot dot path":                   {head + file("../../x", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"dot dot part":                   {head + file("../../part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"absolute":                       {head + file("/etc/passwd", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"absolute part":                  {head + file("/day=a/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"escape through dots":            {head + file("day=a/../../x/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"unescaped dot dot":              {head + file("day=../part-0.jsonl", `".."`, 1, 2) + `]}`, ErrCorrupt},
		"other partition":                {head + file("day=b/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"unescaped value":                {head + file("day=a/b/part-0.jsonl", `"a/b"`, 1, 2) + `]}`, ErrCorrupt},
		"deeper folder":                  {head + file("day=a/x/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"double slash":                   {head + file("day=a//part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"dot folder":                     {head + file("./day=a/part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"no folder":                      {head + file("part-0.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"folder only":                    {head + file("day=a/", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"not part name":                  {head + file("day=a/data.jsonl", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"not jsonl":                      {head + file("day=a/part-0.json", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"manifest name":                  {head + file("day=a/_manifest.json", `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"backslash name":                 {head + file(`day=a/part-\..\x.jsonl`, `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"backslash folder":               {head + file(`day=a\part-0.jsonl`, `"a"`, 1, 2) + `]}`, ErrCorrupt},
		"null in wrong folder":           {head + file("day=null/part-0.jsonl", "null", 1, 2) + `]}`, ErrCorrupt},
	} {
		t.Run(name, func(t *testing.T) {
			m, err := DecodeManifest([]byte(tc.data))
			if tc.err == nil {
				if err != nil {
					t.Fatalf("DecodeManifest: got error %v, want nil", err)
				}
				if m == nil || m.Lake != "l" {
					t.Errorf("DecodeManifest: got %+v, want lake %q", m, "l")
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Errorf("DecodeManifest: got %v, %v, want error wrapping %v", m, err, tc.err)
			}
			if m != nil {
				t.Errorf("DecodeManifest: got manifest %+v with the error, want nil", m)
			}
		})
	}
}

func TestDecodeManifestTruncated(t *testing.T) {
	data := EncodeManifest(sampleManifest())
	for n := range len(data) {
		// The last byte is the final newline: without it the JSON is whole.
		if n == len(data)-1 {
			continue
		}
		if _, err := DecodeManifest(data[:n]); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("DecodeManifest(first %d of %d bytes): got error %v, want ErrCorrupt", n, len(data), err)
		}
	}
}

func TestManifestTotals(t *testing.T) {
	for name, tc := range map[string]struct {
		m          *Manifest
		rows       int64
		bytes      int64
		partitions int
	}{
		"empty":  {&Manifest{}, 0, 0, 0},
		"sample": {sampleManifest(), 18, 1614, 3},
		"one": {&Manifest{Key: []string{"a"}, Files: []FileEntry{
			{Path: "a=x/part-0.jsonl", Rows: 4, Bytes: 40},
		}}, 4, 40, 1},
	} {
		t.Run(name, func(t *testing.T) {
			if got := tc.m.Rows(); got != tc.rows {
				t.Errorf("Rows: got %d, want %d", got, tc.rows)
			}
			if got := tc.m.Bytes(); got != tc.bytes {
				t.Errorf("Bytes: got %d, want %d", got, tc.bytes)
			}
			if got := tc.m.Partitions(); got != tc.partitions {
				t.Errorf("Partitions: got %d, want %d", got, tc.partitions)
			}
		})
	}
}

func TestSortFiles(t *testing.T) {
	files := []FileEntry{{Path: "b/part-1.jsonl"}, {Path: "a=1/part-0.jsonl"}, {Path: "a/part-0.jsonl"}, {Path: "a=1/part-00.jsonl"}}
	SortFiles(files)
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	want := []string{"a/part-0.jsonl", "a=1/part-0.jsonl", "a=1/part-00.jsonl", "b/part-1.jsonl"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SortFiles: got %q, want %q", got, want)
	}
}

func TestValidateKey(t *testing.T) {
	for name, tc := range map[string]struct {
		key []string
		ok  bool
	}{
		"one":          {[]string{"day"}, true},
		"three":        {[]string{"day", "region", "channel"}, true},
		"odd names":    {[]string{"a/b", "서울", ".."}, true},
		"nil":          {nil, false},
		"empty":        {[]string{}, false},
		"empty field":  {[]string{"day", ""}, false},
		"repeated":     {[]string{"day", "region", "day"}, false},
		"repeated adj": {[]string{"a", "a"}, false},
	} {
		t.Run(name, func(t *testing.T) {
			if err := ValidateKey(tc.key); (err == nil) != tc.ok {
				t.Errorf("ValidateKey(%q): got error %v, want ok=%v", tc.key, err, tc.ok)
			}
		})
	}
}
