package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// refFields is what encoding/json says about line: whether it is one JSON
// object, and its top-level members (the last of repeated names).
func refFields(line []byte) (map[string]json.RawMessage, bool) {
	if !json.Valid(line) {
		return nil, false
	}
	t := bytes.TrimLeft(line, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return nil, false
	}
	return m, true
}

// checkFields asserts that Fields agrees with encoding/json on line for the
// names given and every member name encoding/json sees.
func checkFields(t *testing.T, line []byte, extra ...string) {
	t.Helper()
	ref, valid := refFields(line)
	names := append([]string(nil), extra...)
	names = append(names, slices.Sorted(maps.Keys(ref))...)
	vals := make([][]byte, len(names))
	for i := range vals {
		vals[i] = []byte("stale") // Fields must reset every slot
	}
	err := Fields(line, names, vals)
	if valid != (err == nil) {
		t.Fatalf("Fields(%q): got error %v, want valid=%v (encoding/json)", clipq(line), err, valid)
	}
	if err != nil {
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("Fields(%q): got error %v, want one wrapping ErrSyntax", clipq(line), err)
		}
		return
	}
	for i, n := range names {
		want, ok := ref[n]
		if !ok {
			if vals[i] != nil {
				t.Errorf("Fields(%q)[%q]: got %q, want nil (absent)", clipq(line), n, vals[i])
			}
			continue
		}
		// The raw text itself, not only its compacted form, must agree:
		// both are the bytes of the value in line.
		if !bytes.Equal(vals[i], want) {
			t.Errorf("Fields(%q)[%q]: got %q, want %q", clipq(line), n, vals[i], []byte(want))
		}
	}
}

func clipq(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "..."
	}
	return string(b)
}

func nest(open, close string, k int) string {
	return strings.Repeat(open, k) + strings.Repeat(close, k)
}

func TestFields(t *testing.T) {
	for name, tc := range map[string]struct {
		line  string
		valid bool     // what encoding/json says; checked against it too
		names []string // names to ask for besides those present
	}{
		"empty object":          {`{}`, true, []string{"a"}},
		"one member":            {`{"a":1}`, true, nil},
		"all kinds":             {`{"s":"x","n":-1.5e+3,"t":true,"f":false,"z":null,"o":{"a":1},"r":[1,"2",[3]]}`, true, nil},
		"whitespace":            {" \t{ \"a\" :\n1 , \"b\"\r:\t[ 1 , 2 ] } \t", true, nil},
		"crlf":                  {"{\"a\":1}\r", true, nil},
		"escaped quote":         {`{"a":"x\"y","b":2}`, true, nil},
		"escaped backslash end": {`{"a":"x\\","b":2}`, true, nil},
		"key inside string":     {`{"a":"\"b\":3","b":4}`, true, nil},
		"key inside nested":     {`{"o":{"b":1,"c":[{"b":2}]},"b":3}`, true, nil},
		"nested only":           {`{"o":{"b":1}}`, true, []string{"b"}},
		"duplicate last wins":   {`{"a":1,"a":2}`, true, nil},
		"duplicate kinds":       {`{"a":{"x":1},"b":0,"a":"s"}`, true, nil},
		"escaped key":           {`{"\u0061":1,"b\u0022c":2,"d\\e":3,"\/":4}`, true, []string{"a", `b"c`, `d\e`, "/"}},
		"escaped key dup":       {`{"a":1,"\u0061":2}`, true, []string{"a"}},
		"unicode key":           {`{"서울":"강남","\uc11c\uc6b8x":1}`, true, []string{"서울", "서울x"}},
		"surrogate pair key":    {`{"\ud83d\ude42":1}`, true, []string{"🙂"}},
		"lone surrogate key":    {`{"\ud800":1}`, true, []string{"\uFFFD"}},
		"invalid utf8 key":      {"{\"\xff\":1}", true, []string{"\xff", "\uFFFD"}},
		"invalid utf8 value":    {"{\"a\":\"\xff\"}", true, nil},
		"case differs":          {`{"A":1,"a":2}`, true, []string{"a", "A"}},
		"empty key":             {`{"":1}`, true, []string{""}},
		"u escapes":             {`{"a":"\u00e9\u20AC\uD83D\uDE42"}`, true, nil},
		"all escapes":           {`{"a":"\"\\\/\b\f\n\r\t"}`, true, nil},
		"numbers":               {`{"a":0,"b":-0,"c":0.5,"d":1E9,"e":1e-9,"f":12345678901234567890123}`, true, nil},
		"deep array ok":         {`{"a":` + nest("[", "]", 9998) + `}`, true, nil},
		"deep object ok":        {`{"a":` + strings.Repeat(`{"a":`, 9998) + "1" + strings.Repeat("}", 9998) + `}`, true, nil},
		"deep at limit":         {`{"a":` + nest("[", "]", 9999) + `}`, true, nil},
		"too deep":              {`{"a":` + nest("[", "]", 10000) + `}`, false, nil},
		"too deep by two":       {`{"a":` + nest("[", "]", 10001) + `}`, false, nil},
		"too deep objects":      {`{"a":` + strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000) + `}`, false, nil},

		"empty":              {``, false, nil},
		"spaces":             {`   `, false, nil},
		"bom":                {"\ufeff{}", false, nil},
		"array":              {`[1]`, false, nil},
		"string":             {`"a"`, false, nil},
		"number":             {`1`, false, nil},
		"null":               {`null`, false, nil},
		"two objects":        {`{}{}`, false, nil},
		"trailing data":      {`{"a":1} x`, false, nil},
		"trailing comma":     {`{"a":1,}`, false, nil},
		"leading comma":      {`{,"a":1}`, false, nil},
		"missing colon":      {`{"a" 1}`, false, nil},
		"missing value":      {`{"a":}`, false, nil},
		"unquoted key":       {`{a:1}`, false, nil},
		"single quotes":      {`{'a':1}`, false, nil},
		"unterminated":       {`{"a":1`, false, nil},
		"unterminated str":   {`{"a":"x}`, false, nil},
		"unterminated key":   {`{"a`, false, nil},
		"bad escape":         {`{"a":"\x"}`, false, nil},
		"short u escape":     {`{"a":"\u12"}`, false, nil},
		"u escape at end":    {`{"a":"\u`, false, nil},
		"bad u escape":       {`{"a":"\u12G4"}`, false, nil},
		"bad key escape":     {`{"\q":1}`, false, nil},
		"control char":       {"{\"a\":\"x\ny\"}", false, nil},
		"control char key":   {"{\"a\x01\":1}", false, nil},
		"tab in string":      {"{\"a\":\"\t\"}", false, nil},
		"leading zero":       {`{"a":01}`, false, nil},
		"plus number":        {`{"a":+1}`, false, nil},
		"dot number":         {`{"a":.5}`, false, nil},
		"dot end":            {`{"a":1.}`, false, nil},
		"bare exponent":      {`{"a":1e}`, false, nil},
		"signed bare exp":    {`{"a":1e+}`, false, nil},
		"minus only":         {`{"a":-}`, false, nil},
		"hex number":         {`{"a":0x1}`, false, nil},
		"nan":                {`{"a":NaN}`, false, nil},
		"bad literal":        {`{"a":tru}`, false, nil},
		"literal suffix":     {`{"a":truex}`, false, nil},
		"capital literal":    {`{"a":True}`, false, nil},
		"nested bad":         {`{"a":{"b":[1,]}}`, false, nil},
		"nested unclosed":    {`{"a":[1,2}`, false, nil},
		"nested key missing": {`{"a":{1:2}}`, false, nil},
		"nul byte":           {"{\"a\":1}\x00", false, nil},
		"nul inside":         {"{\"a\":\x001}", false, nil},
		"vertical tab ws":    {"{\v\"a\":1}", false, nil},
		"nbsp ws":            {"{\u00a0\"a\":1}", false, nil},
		"trailing garbage":   {"{\"a\":1}\xff", false, nil},
		"comment":            {`{"a":1 /* c */}`, false, nil},
	} {
		t.Run(name, func(t *testing.T) {
			if _, valid := refFields([]byte(tc.line)); valid != tc.valid {
				t.Fatalf("encoding/json: got valid=%v, want %v (fix the table)", valid, tc.valid)
			}
			checkFields(t, []byte(tc.line), tc.names...)
		})
	}
}

func TestFieldsNoNames(t *testing.T) {
	// Validation does not depend on asking for names.
	for _, line := range []string{`{"a":1}`, `{"a":}`, `[]`, `{"a":"\u12"}`} {
		_, valid := refFields([]byte(line))
		err := Fields([]byte(line), nil, nil)
		if valid != (err == nil) {
			t.Errorf("Fields(%q, nil, nil): got error %v, want valid=%v", line, err, valid)
		}
	}
}

func TestFieldsRepeatedName(t *testing.T) {
	vals := make([][]byte, 2)
	if err := Fields([]byte(`{"a":1,"b":2}`), []string{"a", "a"}, vals); err != nil {
		t.Fatal(err)
	}
	for i, v := range vals {
		if string(v) != "1" {
			t.Errorf("vals[%d]: got %q, want %q", i, v, "1")
		}
	}
}

func TestFieldsErrorPosition(t *testing.T) {
	for name, tc := range map[string]struct {
		line string
		want string
	}{
		"column":      {`{"a":?}`, "column 6"},
		"end of line": {`{"a":1`, "at end of line"},
		"not object":  {`[1]`, "a row must be a JSON object"},
	} {
		t.Run(name, func(t *testing.T) {
			err := Fields([]byte(tc.line), nil, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Fields(%q): got error %v, want one containing %q", tc.line, err, tc.want)
			}
		})
	}
}

// fuzzSeeds are the f.Add seeds of FuzzFields besides testdata/fuzz.
var fuzzSeeds = []string{
	`{}`, `{"a":1}`, `{"a":"x\"y","b":[1,{"c":null}],"a":true}`,
	`{"\u0061":1,"a":2}`, "{\"\xff\":1}", `{"a":1e5,"b":-0.0}`, `{"a":"\ud800"}`,
	" {\"a\" : [ ] }\r", `{"a":01}`, `[]`, `{"a":"\u12"}`, "\ufeff{}",
	`{"o":{"a":{"b":[[[]]]}}}`, `{"a":tru}`, `{"":""}`,
}

// FuzzFields checks Fields against encoding/json on any line:
//   - it never panics;
//   - it returns an error exactly when the line is not one valid JSON object
//     (json.Valid and the first non-space byte is '{');
//   - for every member name encoding/json sees, and for the fuzzed name, the
//     value is the raw text encoding/json gives (the last of repeated names),
//     or nil when there is no such member.
//
// Crashers found by `go test -fuzz=FuzzFields` live in testdata/fuzz/FuzzFields.
func FuzzFields(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), "a")
	}
	f.Fuzz(func(t *testing.T, line []byte, name string) {
		checkFields(t, line, name)
	})
}

func TestKindOf(t *testing.T) {
	for name, tc := range map[string]struct {
		raw  string
		want Kind
	}{
		"missing": {"", Missing},
		"null":    {"null", Null},
		"true":    {"true", Bool},
		"false":   {"false", Bool},
		"string":  {`"x"`, String},
		"object":  {`{}`, Object},
		"array":   {`[]`, Array},
		"int":     {"12", Number},
		"neg":     {"-1", Number},
	} {
		t.Run(name, func(t *testing.T) {
			var raw []byte
			if tc.raw != "" {
				raw = []byte(tc.raw)
			}
			if got := KindOf(raw); got != tc.want {
				t.Errorf("KindOf(%q): got %d, want %d", tc.raw, got, tc.want)
			}
		})
	}
}

func TestAppendText(t *testing.T) {
	for name, tc := range map[string]struct {
		raw, want string
	}{
		"plain string":    {`"seoul"`, "seoul"},
		"empty string":    {`""`, ""},
		"escaped quote":   {`"a\"b"`, `a"b`},
		"escaped slash":   {`"a\/b"`, "a/b"},
		"backslash":       {`"a\\b"`, `a\b`},
		"newline":         {`"a\nb"`, "a\nb"},
		"all escapes":     {`"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		"u escape":        {`"\u00e9"`, "é"},
		"u escape korean": {`"\uc11c\uc6b8"`, "서울"},
		"surrogate pair":  {`"\ud83d\ude42"`, "🙂"},
		"lone surrogate":  {`"\ud800"`, "\uFFFD"},
		"raw korean":      {`"서울"`, "서울"},
		"invalid utf8":    {"\"\xff\"", "\uFFFD"},
		"invalid escaped": {"\"\xff\\n\"", "\uFFFD\n"},
		"number":          {"42", "42"},
		"float":           {"-1.50e3", "-1.50e3"},
		"true":            {"true", "true"},
		"false":           {"false", "false"},
		"null":            {"null", "null"},
	} {
		t.Run(name, func(t *testing.T) {
			got := AppendText([]byte("pre:"), []byte(tc.raw))
			if string(got) != "pre:"+tc.want {
				t.Errorf("AppendText(%q): got %q, want %q", tc.raw, got, "pre:"+tc.want)
			}
			// A string's text is what encoding/json decodes.
			if KindOf([]byte(tc.raw)) == String {
				var s string
				if err := json.Unmarshal([]byte(tc.raw), &s); err != nil {
					t.Fatal(err)
				}
				if string(got[4:]) != s {
					t.Errorf("AppendText(%q): got %q, encoding/json decodes %q", tc.raw, got[4:], s)
				}
			}
		})
	}
}

// readLines reads every line of in with a LineReader of the given buffer size.
func readLines(t *testing.T, r io.Reader, size int) ([]string, []int, error) {
	t.Helper()
	lr := NewLineReader(r, size)
	var lines []string
	var nums []int
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return lines, nums, nil
		}
		if err != nil {
			return lines, nums, err
		}
		lines = append(lines, string(line))
		nums = append(nums, lr.Line())
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 1000)
	for name, tc := range map[string]struct {
		in   string
		size int
		want []string
	}{
		"empty":              {"", 16, nil},
		"one newline":        {"\n", 16, []string{""}},
		"blank lines":        {"\n\n", 16, []string{"", ""}},
		"final newline":      {"a\nb\n", 16, []string{"a", "b"}},
		"no final newline":   {"a\nb", 16, []string{"a", "b"}},
		"crlf kept":          {"a\r\nb\r\n", 16, []string{"a\r", "b\r"}},
		"lone cr":            {"a\rb\n", 16, []string{"a\rb"}},
		"buffer exactly":     {strings.Repeat("y", 16) + "\nz\n", 16, []string{strings.Repeat("y", 16), "z"}},
		"buffer minus one":   {strings.Repeat("y", 15) + "\nz\n", 16, []string{strings.Repeat("y", 15), "z"}},
		"long line":          {"a\n" + long + "\nb\n", 16, []string{"a", long, "b"}},
		"long last no nl":    {"a\n" + long, 16, []string{"a", long}},
		"long lines in row":  {long + "\n" + long + "x\n", 16, []string{long, long + "x"}},
		"long then short":    {long + "\n\n", 16, []string{long, ""}},
		"many lines":         {strings.Repeat("{\"a\":1}\n", 100), 16, slices.Repeat([]string{`{"a":1}`}, 100)},
		"big buffer":         {"a\nb", 1 << 20, []string{"a", "b"}},
		"nul bytes":          {"\x00\n\x00", 16, []string{"\x00", "\x00"}},
		"invalid utf8 lines": {"\xff\xfe\n", 16, []string{"\xff\xfe"}},
	} {
		t.Run(name, func(t *testing.T) {
			for _, rd := range []struct {
				name string
				r    io.Reader
			}{
				{"whole", strings.NewReader(tc.in)},
				{"one byte", iotest.OneByteReader(strings.NewReader(tc.in))},
				{"data err", iotest.DataErrReader(strings.NewReader(tc.in))},
			} {
				got, nums, err := readLines(t, rd.r, tc.size)
				if err != nil {
					t.Fatalf("%s: got error %v, want nil", rd.name, err)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("%s: got lines %q, want %q", rd.name, got, tc.want)
				}
				for i, n := range nums {
					if n != i+1 {
						t.Errorf("%s: line %d: got Line() %d, want %d", rd.name, i, n, i+1)
					}
				}
			}
		})
	}
}

func TestLineReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom))
	lr := NewLineReader(r, 16)
	line, err := lr.Next()
	if err != nil || string(line) != "a" {
		t.Fatalf("first Next: got %q, %v, want %q, nil", line, err, "a")
	}
	if _, err := lr.Next(); !errors.Is(err, boom) {
		t.Errorf("second Next: got error %v, want %v", err, boom)
	}
}

func TestLineReaderAfterEOF(t *testing.T) {
	lr := NewLineReader(strings.NewReader("a"), 16)
	if line, err := lr.Next(); err != nil || string(line) != "a" {
		t.Fatalf("Next: got %q, %v, want %q, nil", line, err, "a")
	}
	for i := range 2 {
		if line, err := lr.Next(); err != io.EOF || line != nil {
			t.Errorf("Next %d after the end: got %q, %v, want nil, EOF", i, line, err)
		}
	}
	if got := lr.Line(); got != 1 {
		t.Errorf("Line: got %d, want 1", got)
	}
}

func TestLineErrorMessage(t *testing.T) {
	err := error(&LineError{File: "raw.jsonl", Line: 7, Err: fmt.Errorf("%w: bad", ErrSyntax)})
	if got, want := err.Error(), "raw.jsonl line 7: invalid JSON: bad"; got != want {
		t.Errorf("Error: got %q, want %q", got, want)
	}
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("errors.Is(err, ErrSyntax): got false, want true")
	}
	var le *LineError
	if !errors.As(err, &le) || le.Line != 7 {
		t.Errorf("errors.As: got %+v, want line 7", le)
	}
}

// FuzzLineReader checks that a LineReader with any buffer size gives back the
// input: the lines joined with '\n' (plus the final '\n' when there is one)
// are the input byte for byte, and Line counts them.
func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"", "\n", "a", "a\nb", "a\r\nb\r\n", strings.Repeat("x", 40) + "\n\n" + strings.Repeat("y", 17)} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint8) {
		lr := NewLineReader(bytes.NewReader(data), 16+int(size))
		var got bytes.Buffer
		n := 0
		for {
			line, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("Next: got error %v, want nil", err)
			}
			if bytes.IndexByte(line, '\n') >= 0 {
				t.Fatalf("line %d: got %q holding a newline", n+1, line)
			}
			n++
			if lr.Line() != n {
				t.Fatalf("Line: got %d, want %d", lr.Line(), n)
			}
			got.Write(line)
			got.WriteByte('\n')
		}
		want := data
		if len(data) > 0 && data[len(data)-1] != '\n' {
			want = append(slices.Clip(data), '\n')
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("lines joined: got %q, want %q", got.Bytes(), want)
		}
	})
}
