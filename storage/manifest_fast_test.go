package storage

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// plainishManifest makes a manifest as a writer of lakes could: keys and
// values of plain, escaped, non-ASCII and odd texts, NULL partitions,
// several files a partition, counts up to the largest int64.
func plainishManifest(rng *rand.Rand) *Manifest {
	texts := []string{"a", "day", "2026-01-03", "seoul", "서울 / 강남", "a<b>&c", "..", "", "%2F", "x=y", "\x7f", "é", "🙂"}
	odd := []string{`quo"te`, `back\slash`, "tab\there", "\u2028", "\xff"} // escaped, or not UTF-8
	pick := func() string {
		if rng.IntN(40) == 0 {
			return odd[rng.IntN(len(odd))]
		}
		return texts[rng.IntN(len(texts))]
	}
	m := &Manifest{Lake: pick(), Generation: rng.Int64N(5)}
	if rng.IntN(10) == 0 {
		m.Generation = 1<<63 - 1
	}
	for range 1 + rng.IntN(3) {
		if k := pick(); k != "" && !slices.Contains(m.Key, k) {
			m.Key = append(m.Key, k)
		}
	}
	if len(m.Key) == 0 {
		m.Key = []string{"k"}
	}
	parts := 1 + rng.IntN(4)
	for p := range parts {
		vals := make([]PartValue, len(m.Key))
		for j := range vals {
			if rng.IntN(5) == 0 {
				vals[j].Null = true
			} else {
				vals[j].Str = pick()
			}
		}
		for f := range rng.IntN(3) {
			e := FileEntry{Path: fmt.Sprintf("%s/part-%04d-%d.jsonl", PartitionDir(m.Key, vals), f, p),
				Partition: vals, Rows: rng.Int64N(1000), Bytes: rng.Int64N(1 << 40)}
			if rng.IntN(20) == 0 {
				e.Bytes = 1<<63 - 1
			}
			m.Files = append(m.Files, e)
		}
	}
	SortFiles(m.Files)
	return m
}

// decodeWritten answers as encoding/json does, for every manifest that
// EncodeManifest writes and for those bytes spoiled, cut or spaced: the
// same manifest when it decodes them, and nothing (the other way then
// says why) when they are not such a manifest or fail a check.
func TestDecodeWrittenAgreesWithJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	fast, plainOnes := 0, 0
	for i := range 3000 {
		m := plainishManifest(rng)
		data := EncodeManifest(m)
		switch i % 3 {
		case 1: // one byte changed
			data[rng.IntN(len(data))] = "{}[],:\" 0-9a\\\n"[rng.IntN(14)]
		case 2: // cut, or a member's text doubled
			if rng.IntN(2) == 0 {
				data = data[:rng.IntN(len(data))]
			} else {
				at := rng.IntN(len(data))
				n := rng.IntN(len(data) - at + 1)
				data = slices.Insert(data, at, data[at:at+n]...)
			}
		}
		want, werr := decodeManifestJSON(data)
		got, ok := decodeWritten(data)
		if ok {
			fast++
			if werr != nil {
				t.Fatalf("%q: decodeWritten took bytes that encoding/json refuses (%v)", data, werr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q:\ndecodeWritten %+v\nencoding/json %+v", data, got, want)
			}
		}
		if i%3 == 0 && werr == nil && plain(m) {
			plainOnes++
			if !ok {
				t.Fatalf("%q: decodeWritten did not take what EncodeManifest wrote", data)
			}
		}
		if d, err := DecodeManifest(data); !reflect.DeepEqual(d, want) || (err == nil) != (werr == nil) {
			t.Fatalf("%q: DecodeManifest %+v, %v; want %+v, %v", data, d, err, want, werr)
		}
	}
	// Counts that are not plain digits, or too large.
	base := `{"lake":"l","key":["d"],"generation":%s,"files":[` + "\n" + `{"path":"d=a/part-0000.jsonl","partition":{"d":"a"},"rows":%s,"bytes":7}` + "\n]}\n"
	for _, n := range []string{"01", "00", "-0", "-1", "1e3", "1.0", "9223372036854775808", "99999999999999999999", " 1", "+1", "0x1", ""} {
		for _, data := range []string{fmt.Sprintf(base, "0", n), fmt.Sprintf(base, n, "0")} {
			if m, ok := decodeWritten([]byte(data)); ok {
				t.Errorf("%q: decodeWritten took it, as %+v", data, m)
			}
		}
	}
	if m, ok := decodeWritten(fmt.Appendf(nil, base, "9223372036854775807", "0")); !ok || m.Generation != 1<<63-1 {
		t.Errorf("the largest generation: %+v, %v", m, ok)
	}
	if plainOnes < 500 || fast <= plainOnes {
		t.Errorf("decodeWritten took %d of 3000 (%d as written, without escapes): the test made too few of either", fast, plainOnes)
	}
}

// plain reports whether every text of m goes into JSON as itself (no
// escapes), as decodeWritten needs.
func plain(m *Manifest) bool {
	ok := func(s string) bool {
		b, _ := json.Marshal(s)
		return string(b) == `"`+s+`"`
	}
	if !ok(m.Lake) {
		return false
	}
	for _, k := range m.Key {
		if !ok(k) {
			return false
		}
	}
	for _, f := range m.Files {
		if !ok(f.Path) {
			return false
		}
		for _, v := range f.Partition {
			if !v.Null && !ok(v.Str) {
				return false
			}
		}
	}
	return true
}
