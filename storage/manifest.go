package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// Manifest is the list of files that make up a lake at one generation.
type Manifest struct {
	Lake       string
	Key        []string
	Generation int64
	Files      []FileEntry // sorted by Path
}

// FileEntry is one data file of a lake.
type FileEntry struct {
	Path      string      // relative to the lake folder, '/'-separated
	Partition []PartValue // one value per key field
	Rows      int64
	Bytes     int64 // measured on disk after close
}

// Rows returns the total number of rows.
func (m *Manifest) Rows() int64 {
	var n int64
	for _, f := range m.Files {
		n += f.Rows
	}
	return n
}

// Bytes returns the total size of the files.
func (m *Manifest) Bytes() int64 {
	var n int64
	for _, f := range m.Files {
		n += f.Bytes
	}
	return n
}

// Partitions returns the number of distinct partitions.
func (m *Manifest) Partitions() int {
	seen := make(map[string]struct{})
	for _, f := range m.Files {
		seen[path.Dir(f.Path)] = struct{}{}
	}
	return len(seen)
}

// SortFiles orders the files by path, as the manifest requires.
func SortFiles(files []FileEntry) {
	slices.SortFunc(files, func(a, b FileEntry) int { return strings.Compare(a.Path, b.Path) })
}

// EncodeManifest returns the JSON form of m, one file per line:
//
//	{"lake":"orders","key":["day"],"generation":0,"files":[
//	{"path":"day=2026-01-03/part-0000.jsonl","partition":{"day":"2026-01-03"},"rows":12,"bytes":1034}
//	]}
//
// Partition members follow the key order; a null value is JSON null.
func EncodeManifest(m *Manifest) []byte {
	var b bytes.Buffer
	b.WriteString(`{"lake":`)
	writeJSONString(&b, m.Lake)
	b.WriteString(`,"key":[`)
	for i, k := range m.Key {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSONString(&b, k)
	}
	fmt.Fprintf(&b, `],"generation":%d,"files":[`, m.Generation)
	for i, f := range m.Files {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n{\"path\":")
		writeJSONString(&b, f.Path)
		b.WriteString(`,"partition":{`)
		for j, k := range m.Key {
			if j > 0 {
				b.WriteByte(',')
			}
			writeJSONString(&b, k)
			b.WriteByte(':')
			if f.Partition[j].Null {
				b.WriteString("null")
			} else {
				writeJSONString(&b, f.Partition[j].Str)
			}
		}
		fmt.Fprintf(&b, `},"rows":%d,"bytes":%d}`, f.Rows, f.Bytes)
	}
	if len(m.Files) > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s) // a string always marshals
	b.Write(enc)
}

type manifestJSON struct {
	Lake       *string    `json:"lake"`
	Key        []string   `json:"key"`
	Generation *int64     `json:"generation"`
	Files      []fileJSON `json:"files"`
}

type fileJSON struct {
	Path *string `json:"path"`
	// Partition is decoded once per distinct text (see DecodeManifest).
	Partition json.RawMessage `json:"partition"`
	Rows      *int64          `json:"rows"`
	Bytes     *int64          `json:"bytes"`
}

// DecodeManifest parses and checks a manifest. Every problem wraps
// [ErrCorrupt]: missing members, negative counts, a path that is not a
// part-*.jsonl file in the folder of its partition (so no path can leave the
// lake), files out of order or listed twice.
func DecodeManifest(data []byte) (*Manifest, error) {
	if m, ok := decodeWritten(data); ok {
		return m, nil
	}
	return decodeManifestJSON(data)
}

// decodeManifestJSON is DecodeManifest through encoding/json, for any
// manifest: the one way for a manifest not laid out as EncodeManifest
// writes it, and for every error.
func decodeManifestJSON(data []byte) (*Manifest, error) {
	var mj manifestJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&mj); err != nil {
		if len(bytes.TrimSpace(data)) == 0 {
			return nil, corruptf("manifest: the file is empty")
		}
		return nil, corruptf("manifest: %v", err)
	}
	// dec.More would miss a stray ']' or '}': only the end may follow.
	if _, err := dec.Token(); err != io.EOF {
		return nil, corruptf("manifest: data after the JSON object")
	}
	if mj.Lake == nil || mj.Key == nil || mj.Generation == nil || mj.Files == nil {
		return nil, corruptf("manifest: missing one of lake, key, generation, files")
	}
	if *mj.Generation < 0 {
		return nil, corruptf("manifest: negative generation %d", *mj.Generation)
	}
	m := &Manifest{Lake: *mj.Lake, Key: mj.Key, Generation: *mj.Generation}
	if err := ValidateKey(m.Key); err != nil {
		return nil, corruptf("manifest: %v", err)
	}
	m.Files = make([]FileEntry, len(mj.Files))
	var parts partitions
	var totalRows, totalBytes int64 // the totals, which must fit an int64 too
	for i, fj := range mj.Files {
		if fj.Path == nil || fj.Partition == nil || fj.Rows == nil || fj.Bytes == nil {
			return nil, corruptf("manifest: file %d: missing one of path, partition, rows, bytes", i)
		}
		f := FileEntry{Path: *fj.Path, Rows: *fj.Rows, Bytes: *fj.Bytes}
		if f.Rows < 0 || f.Bytes < 0 {
			return nil, corruptf("manifest: %s: negative rows or bytes", f.Path)
		}
		if f.Rows > math.MaxInt64-totalRows || f.Bytes > math.MaxInt64-totalBytes {
			return nil, corruptf("manifest: %s: the lake's rows or bytes would pass 2^63", f.Path)
		}
		totalRows, totalBytes = totalRows+f.Rows, totalBytes+f.Bytes
		pt, ok := parts.of(fj.Partition)
		if !ok {
			vals, err := decodePartition(fj.Partition, m.Key)
			if err != nil {
				return nil, corruptf("manifest: %s: %v", f.Path, err)
			}
			pt = parts.add(m.Key, fj.Partition, vals)
		}
		f.Partition = pt.vals
		if err := checkNextFile(m.Files[:i], pt, f); err != nil {
			return nil, err
		}
		m.Files[i] = f
	}
	return m, nil
}

// partitions holds the partition of the files last decoded, by its text:
// the files of a partition come one after another (sorted by path, each
// in its partition's folder), and share its values, decoded once (a lake
// of 100,000 files has a few hundred partitions). A lake of a partition
// per file holds no table of them all.
type partitions struct {
	text string
	last partition
}

type partition struct {
	vals []PartValue
	dir  string // PartitionDir of vals, and '/'
}

// of returns the partition of text if it is the last one's.
func (ps *partitions) of(text []byte) (partition, bool) {
	if ps.last.dir != "" && ps.text == string(text) {
		return ps.last, true
	}
	return partition{}, false
}

// add keeps vals, key's values, as the partition of text.
func (ps *partitions) add(key []string, text []byte, vals []PartValue) partition {
	ps.text = string(text)
	ps.last = partition{vals, PartitionDir(key, vals) + "/"}
	return ps.last
}

// checkNextFile checks f, a file of partition pt that comes after files:
// its path is a part file in the partition's folder, and after the last
// one's.
func checkNextFile(files []FileEntry, pt partition, f FileEntry) error {
	if err := checkFilePath(pt.dir, f.Path); err != nil {
		return err
	}
	if len(files) > 0 && f.Path <= files[len(files)-1].Path {
		return corruptf("manifest: files not sorted by path or listed twice at %s", f.Path)
	}
	return nil
}

// decodePartition decodes a file's partition object: one string or null
// per field of key, and nothing else.
func decodePartition(raw []byte, key []string) ([]PartValue, error) {
	var pj map[string]*string
	if err := json.Unmarshal(raw, &pj); err != nil {
		return nil, fmt.Errorf("partition: %v", err)
	}
	if pj == nil {
		return nil, errors.New("partition is null")
	}
	if len(pj) != len(key) {
		return nil, fmt.Errorf("partition has %d fields, key has %d", len(pj), len(key))
	}
	vals := make([]PartValue, len(key))
	for j, k := range key {
		v, ok := pj[k]
		if !ok {
			return nil, fmt.Errorf("partition lacks key field %q", k)
		}
		if v == nil {
			vals[j] = PartValue{Null: true}
		} else {
			vals[j] = PartValue{Str: *v}
		}
	}
	return vals, nil
}

// checkFilePath checks that the file at p sits, under a part-*.jsonl name,
// in exactly the folder want (its partition's PartitionDir and '/'). This
// also keeps every path inside the lake: escaped segments never contain
// '/' or "..". A path that passes is accepted at once; for one that does
// not, the plainer ways out are named first, for a clear message.
func checkFilePath(want, p string) error {
	dir, base := path.Split(p)
	if dir == want && IsPartFile(base) && !(len(p) >= 2 && p[1] == ':') &&
		!strings.ContainsFunc(base, func(r rune) bool { return r == '\\' || r < 0x20 || r == 0x7f }) {
		return nil
	}
	switch {
	case p == "":
		return corruptf("manifest: a file has an empty path")
	case p[0] == '/' || len(p) >= 2 && p[1] == ':':
		return corruptf("manifest: %q is an absolute path; file paths are relative to the lake folder", p)
	case strings.IndexByte(p, '\\') >= 0:
		return corruptf("manifest: %q holds a backslash; file paths use '/'", p)
	case slices.Contains(strings.Split(p, "/"), ".."):
		return corruptf("manifest: %q is not in its partition folder %q: \"..\" leaves the folder", p, want)
	case strings.IndexFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		return corruptf("manifest: %q holds a control character", p)
	}
	if !IsPartFile(base) {
		return corruptf("manifest: %q is not a part-*.jsonl file", p)
	}
	if dir != want {
		return corruptf("manifest: %q is not in its partition folder %q", p, want)
	}
	return nil
}

// ValidateKey checks a list of key fields: not empty, no empty or repeated
// field, each valid UTF-8.
func ValidateKey(key []string) error {
	if len(key) == 0 {
		return fmt.Errorf("empty key")
	}
	for i, k := range key {
		if k == "" {
			return fmt.Errorf("empty key field")
		}
		if !utf8.ValidString(k) {
			// Names are matched as encoding/json decodes them, and the
			// manifest can hold only UTF-8: such a field names nothing,
			// and the lake could not be read back.
			return fmt.Errorf("key field %q is not valid UTF-8", k)
		}
		if slices.Contains(key[:i], k) {
			return fmt.Errorf("key field %q repeated", k)
		}
	}
	return nil
}
