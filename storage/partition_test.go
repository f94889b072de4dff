package storage

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapeSegment(t *testing.T) {
	for name, tc := range map[string]struct {
		in, want string
	}{
		"empty":              {"", ""},
		"plain":              {"2026-01-03", "2026-01-03"},
		"space":              {"new york", "new york"},
		"quotes":             {`say "hi" 'there'`, `say "hi" 'there'`},
		"korean":             {"서울", "서울"},
		"emoji":              {"🙂", "🙂"},
		"slash":              {"a/b", "a%2Fb"},
		"backslash":          {`a\b`, "a%5Cb"},
		"equals":             {"a=b", "a%3Db"},
		"percent":            {"100%", "100%25"},
		"percent escape":     {"%2F", "%252F"},
		"colon":              {"c:", "c%3A"},
		"newline":            {"a\nb", "a%0Ab"},
		"nul":                {"\x00", "%00"},
		"tab":                {"\t", "%09"},
		"unit separator":     {"\x1f", "%1F"},
		"del":                {"\x7f", "%7F"},
		"dot":                {".", "%2E"},
		"dot dot":            {"..", "%2E%2E"},
		"three dots":         {"...", "..."},
		"dot slash":          {"./", ".%2F"},
		"dot dot slash":      {"../x", "..%2Fx"},
		"default literal":    {DefaultPartition, "%5F_HIVE_DEFAULT_PARTITION__"},
		"default prefix":     {DefaultPartition + "x", DefaultPartition + "x"},
		"invalid utf8":       {"\xff", "%FF"},
		"invalid in text":    {"a\xc3(b", "a%C3(b"},
		"truncated rune":     {"서"[:2], "%EC%84"},
		"surrogate encoding": {"\xed\xa0\x80", "%ED%A0%80"},
		"replacement char":   {"\uFFFD", "\uFFFD"},
		"upper-case hex":     {"\xab", "%AB"},
		"mixed":              {"서울/강남 = 1:2", "서울%2F강남 %3D 1%3A2"},
	} {
		t.Run(name, func(t *testing.T) {
			if got := EscapeSegment(tc.in); got != tc.want {
				t.Errorf("EscapeSegment(%q): got %q, want %q", tc.in, got, tc.want)
			}
			back, err := UnescapeSegment(tc.want)
			if err != nil {
				t.Fatalf("UnescapeSegment(%q): got error %v, want nil", tc.want, err)
			}
			if back != tc.in {
				t.Errorf("UnescapeSegment(%q): got %q, want %q", tc.want, back, tc.in)
			}
		})
	}
}

func TestUnescapeSegment(t *testing.T) {
	for name, tc := range map[string]struct {
		in   string
		want string
		err  bool
	}{
		"plain":            {in: "abc", want: "abc"},
		"lower-case hex":   {in: "%2f", want: "/"},
		"upper-case hex":   {in: "%2F", want: "/"},
		"at end":           {in: "a%3D", want: "a="},
		"only escapes":     {in: "%2E%2E", want: ".."},
		"lone percent":     {in: "%", err: true},
		"one digit":        {in: "%4", err: true},
		"one digit at end": {in: "ab%4", err: true},
		"not hex":          {in: "%G1", err: true},
		"second not hex":   {in: "%1G", err: true},
		"percent percent":  {in: "%%41", err: true},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := UnescapeSegment(tc.in)
			if (err != nil) != tc.err {
				t.Fatalf("UnescapeSegment(%q): got error %v, want error %v", tc.in, err, tc.err)
			}
			if !tc.err && got != tc.want {
				t.Errorf("UnescapeSegment(%q): got %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// segmentAlphabet mixes bytes that need escaping with bytes that do not and
// with pieces of multi-byte UTF-8 sequences.
var segmentAlphabet = []string{
	"a", "Z", "0", " ", ".", "..", "/", "\\", "=", "%", ":", "\x00", "\n", "\r",
	"\x1f", "\x7f", "\x80", "\xff", "\xc3", "서", "울", "\uFFFD", "%2E", "%zz",
	"\"", "'", "-", "_", DefaultPartition, "\xed\xa0\x80", "🙂"[:3],
}

func randomSegment(r *rand.Rand) string {
	switch r.IntN(8) {
	case 0:
		return segmentAlphabet[r.IntN(len(segmentAlphabet))]
	case 1: // arbitrary bytes
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	}
	var b strings.Builder
	for n := r.IntN(8); n > 0; n-- {
		b.WriteString(segmentAlphabet[r.IntN(len(segmentAlphabet))])
	}
	return b.String()
}

// checkSegment asserts the properties of an escaped segment of s.
func checkSegment(t *testing.T, s string) {
	t.Helper()
	e := EscapeSegment(s)
	if strings.ContainsAny(e, "/\\:=") {
		t.Errorf("EscapeSegment(%q) = %q: got a path separator, '=' or ':', want none", s, e)
	}
	if e == "." || e == ".." {
		t.Errorf("EscapeSegment(%q): got %q, want neither \".\" nor \"..\"", s, e)
	}
	if e == DefaultPartition {
		t.Errorf("EscapeSegment(%q): got %q, the null folder value", s, e)
	}
	for i := 0; i < len(e); i++ {
		if c := e[i]; c < 0x20 || c == 0x7f {
			t.Errorf("EscapeSegment(%q) = %q: got control byte %#x at %d, want none", s, e, c, i)
		}
	}
	if !utf8.ValidString(e) {
		t.Errorf("EscapeSegment(%q): got invalid UTF-8 %q, want valid", s, e)
	}
	back, err := UnescapeSegment(e)
	if err != nil {
		t.Fatalf("UnescapeSegment(EscapeSegment(%q) = %q): got error %v, want nil", s, e, err)
	}
	if back != s {
		t.Errorf("UnescapeSegment(EscapeSegment(%q) = %q): got %q, want the input", s, e, back)
	}
	if s == "" {
		return // an empty field name is no partition folder; checked elsewhere
	}
	// The field=value folder parses back.
	field, v, ok := ParseSegment(e + "=" + e)
	if !ok || field != s || v.Null || v.Str != s {
		t.Errorf("ParseSegment(%q): got %q, %+v, %v, want %q, {Str:%q}, true", e+"="+e, field, v, ok, s, s)
	}
}

func TestEscapeSegmentRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		checkSegment(t, randomSegment(r))
		if t.Failed() {
			return
		}
	}
	// Every single byte, every pair of interesting pieces.
	for c := range 256 {
		checkSegment(t, string([]byte{byte(c)}))
	}
	for _, a := range segmentAlphabet {
		for _, b := range segmentAlphabet {
			checkSegment(t, a+b)
		}
	}
}

// FuzzEscapeSegment checks, for any string: the escaped form holds no '/',
// '\', '=', ':', control byte or invalid UTF-8, is never "." or ".." or the
// null folder value, and unescapes to the input.
func FuzzEscapeSegment(f *testing.F) {
	for _, s := range segmentAlphabet {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSegment(t, s)
	})
}

func TestPartitionDir(t *testing.T) {
	for name, tc := range map[string]struct {
		key    []string
		values []PartValue
		want   string
	}{
		"empty key":     {nil, nil, ""},
		"one field":     {[]string{"day"}, []PartValue{{Str: "2026-01-03"}}, "day=2026-01-03"},
		"nested":        {[]string{"day", "region"}, []PartValue{{Str: "2026-01-03"}, {Str: "seoul"}}, "day=2026-01-03/region=seoul"},
		"null":          {[]string{"day"}, []PartValue{{Null: true}}, "day=" + DefaultPartition},
		"default str":   {[]string{"day"}, []PartValue{{Str: DefaultPartition}}, "day=%5F_HIVE_DEFAULT_PARTITION__"},
		"empty value":   {[]string{"region"}, []PartValue{{Str: ""}}, "region="},
		"korean":        {[]string{"지역"}, []PartValue{{Str: "서울"}}, "지역=서울"},
		"space":         {[]string{"city"}, []PartValue{{Str: "new york"}}, "city=new york"},
		"escape field":  {[]string{"a/b=c"}, []PartValue{{Str: "x"}}, "a%2Fb%3Dc=x"},
		"escape value":  {[]string{"p"}, []PartValue{{Str: "../../etc"}}, "p=..%2F..%2Fetc"},
		"dot dot value": {[]string{"p", "q"}, []PartValue{{Str: ".."}, {Str: "."}}, "p=%2E%2E/q=%2E"},
	} {
		t.Run(name, func(t *testing.T) {
			got := PartitionDir(tc.key, tc.values)
			if got != tc.want {
				t.Fatalf("PartitionDir: got %q, want %q", got, tc.want)
			}
			if got == "" {
				return
			}
			segs := strings.Split(got, "/")
			if len(segs) != len(tc.key) {
				t.Fatalf("PartitionDir(%q): got %d segments, want %d", got, len(segs), len(tc.key))
			}
			for i, seg := range segs {
				field, v, ok := ParseSegment(seg)
				if !ok {
					t.Fatalf("ParseSegment(%q): got not ok, want ok", seg)
				}
				if field != tc.key[i] || v != tc.values[i] {
					t.Errorf("ParseSegment(%q): got %q, %+v, want %q, %+v", seg, field, v, tc.key[i], tc.values[i])
				}
			}
		})
	}
}

func TestPartitionDirRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		n := 1 + r.IntN(3)
		key := make([]string, n)
		vals := make([]PartValue, n)
		for i := range key {
			key[i] = "f" + randomSegment(r) // a field name is never empty
			if r.IntN(5) == 0 {
				vals[i] = PartValue{Null: true}
			} else {
				vals[i] = PartValue{Str: randomSegment(r)}
			}
		}
		dir := PartitionDir(key, vals)
		segs := strings.Split(dir, "/")
		if len(segs) != n {
			t.Fatalf("PartitionDir(%q, %+v) = %q: got %d segments, want %d", key, vals, dir, len(segs), n)
		}
		for i, seg := range segs {
			if seg == "." || seg == ".." || seg == "" {
				t.Fatalf("PartitionDir(%q, %+v) = %q: got segment %q", key, vals, dir, seg)
			}
			field, v, ok := ParseSegment(seg)
			if !ok || field != key[i] || v != vals[i] {
				t.Fatalf("ParseSegment(%q): got %q, %+v, %v, want %q, %+v, true", seg, field, v, ok, key[i], vals[i])
			}
		}
	}
}

func TestParseSegment(t *testing.T) {
	for name, tc := range map[string]struct {
		seg   string
		field string
		v     PartValue
		ok    bool
	}{
		"value":            {"day=2026-01-03", "day", PartValue{Str: "2026-01-03"}, true},
		"empty value":      {"region=", "region", PartValue{Str: ""}, true},
		"null":             {"day=" + DefaultPartition, "day", PartValue{Null: true}, true},
		"escaped default":  {"day=%5F_HIVE_DEFAULT_PARTITION__", "day", PartValue{Str: DefaultPartition}, true},
		"second equals":    {"a=b=c", "a", PartValue{Str: "b=c"}, true},
		"escaped field":    {"a%3Db=c", "a=b", PartValue{Str: "c"}, true},
		"escaped value":    {"p=%2E%2E", "p", PartValue{Str: ".."}, true},
		"no equals":        {"part-0000.jsonl", "", PartValue{}, false},
		"empty field":      {"=x", "", PartValue{}, false},
		"bad field escape": {"%zz=x", "", PartValue{}, false},
		"bad value escape": {"a=%", "", PartValue{}, false},
	} {
		t.Run(name, func(t *testing.T) {
			field, v, ok := ParseSegment(tc.seg)
			if field != tc.field || v != tc.v || ok != tc.ok {
				t.Errorf("ParseSegment(%q): got %q, %+v, %v, want %q, %+v, %v", tc.seg, field, v, ok, tc.field, tc.v, tc.ok)
			}
		})
	}
}

func TestPartValueString(t *testing.T) {
	for name, tc := range map[string]struct {
		v    PartValue
		want string
	}{
		"string": {PartValue{Str: "seoul"}, "seoul"},
		"empty":  {PartValue{}, ""},
		"null":   {PartValue{Null: true}, "NULL"},
	} {
		t.Run(name, func(t *testing.T) {
			if got := tc.v.String(); got != tc.want {
				t.Errorf("String: got %q, want %q", got, tc.want)
			}
		})
	}
}
