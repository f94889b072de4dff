package storage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxLineBytes is the longest line, not counting its '\n', that writing a
// lake ([LakeWriter.AddLines]) and reading one ([LineReader]) accept. A
// row must be held whole to be checked, so a longer line is an error naming
// its file and line rather than an allocation without bound: the memory of
// a write stays a small multiple of this, whatever the input.
const MaxLineBytes = 64 << 20

// maxLine is the limit in force: MaxLineBytes, lowered by tests.
var maxLine = MaxLineBytes

// ErrLineTooLong reports a line longer than [MaxLineBytes].
var ErrLineTooLong = errors.New("line too long")

func lineTooLong() error {
	if maxLine == MaxLineBytes {
		return fmt.Errorf("%w: over %d bytes (64 MiB), the most one row may have", ErrLineTooLong, maxLine)
	}
	return fmt.Errorf("%w: over %d bytes, the most one row may have", ErrLineTooLong, maxLine)
}

// LineReader reads a JSON Lines stream one line at a time. The returned line
// excludes the '\n' (a '\r' before it is kept: rows pass byte for byte) and is
// valid until the next call. A line longer than [MaxLineBytes] is an error
// wrapping [ErrLineTooLong]; the reader is not meant to be used after it.
type LineReader struct {
	r    *bufio.Reader
	n    int
	long []byte
}

// NewLineReader returns a reader with a buffer of size bytes.
func NewLineReader(r io.Reader, size int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, size)}
}

// Reset makes l read from r, from line 1, keeping its buffer.
func (l *LineReader) Reset(r io.Reader) {
	l.r.Reset(r)
	l.n = 0
}

// Line returns the 1-based number of the line last returned.
func (l *LineReader) Line() int { return l.n }

// Next returns the next line, or io.EOF after the last one. A last line
// without a final '\n' is still a line.
func (l *LineReader) Next() ([]byte, error) {
	b, err := l.r.ReadSlice('\n')
	if err == nil {
		l.n++
		if len(b)-1 > maxLine {
			return nil, lineTooLong()
		}
		return b[:len(b)-1], nil
	}
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], b...)
		for {
			b, err = l.r.ReadSlice('\n')
			n := len(l.long) + len(b) // the line so far, with its '\n' if found
			if err == nil {
				n--
			}
			if n > maxLine {
				l.n++
				return nil, lineTooLong()
			}
			l.long = append(l.long, b...)
			if err == nil {
				l.n++
				return l.long[:len(l.long)-1], nil
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		b = l.long
	}
	if err == io.EOF && len(b) > 0 {
		l.n++
		if len(b) > maxLine {
			return nil, lineTooLong()
		}
		return b, nil
	}
	return nil, err
}

// Kind is the JSON type of a raw value.
type Kind uint8

const (
	Missing Kind = iota // the member is absent
	Null
	Bool
	Number
	String
	Object
	Array
)

// KindOf returns the kind of a raw JSON value (nil is Missing).
func KindOf(raw []byte) Kind {
	if len(raw) == 0 {
		return Missing
	}
	switch raw[0] {
	case 'n':
		return Null
	case 't', 'f':
		return Bool
	case '"':
		return String
	case '{':
		return Object
	case '[':
		return Array
	}
	return Number
}

// AppendText appends the text form of a raw scalar: a string's content, or
// the JSON text of a number or boolean. This is the form partition values and
// string comparisons use.
func AppendText(dst, raw []byte) []byte {
	if len(raw) == 0 || raw[0] != '"' {
		return append(dst, raw...)
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return append(dst, body...)
	}
	// Decode as encoding/json does: escapes, and U+FFFD for invalid UTF-8, so
	// that the text survives the manifest's JSON round trip.
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		panic("storage: AppendText on an unchecked string") // Fields validated it
	}
	return append(dst, s...)
}

// Fields checks that line holds exactly one JSON object and stores in vals[i]
// the raw JSON text of the last top-level member named names[i] (as
// encoding/json does with repeated names), or nil when there is none. The
// slices point into line.
func Fields(line []byte, names []string, vals [][]byte) error {
	for i := range vals {
		vals[i] = nil
	}
	s := scanner{b: line}
	s.ws()
	if s.i >= len(s.b) {
		return fmt.Errorf("%w: a blank line; every line must be one JSON object", ErrSyntax)
	}
	if s.b[s.i] != '{' {
		if bytes.HasPrefix(line, []byte("\xef\xbb\xbf")) {
			return fmt.Errorf("%w: the line starts with a UTF-8 byte-order mark (EF BB BF); save the file without it", ErrSyntax)
		}
		return s.fail("a row must be a JSON object")
	}
	s.i++
	s.ws()
	if s.peek() == '}' {
		s.i++
	} else {
		for {
			s.ws()
			if s.peek() != '"' {
				return s.fail("expected a member name")
			}
			ks := s.i
			esc, err := s.str()
			if err != nil {
				return err
			}
			high := s.high
			rawKey := s.b[ks:s.i]
			s.ws()
			if s.peek() != ':' {
				return s.fail("expected ':'")
			}
			s.i++
			s.ws()
			vs := s.i
			if err := s.value(1); err != nil {
				return err
			}
			if len(names) > 0 {
				match(names, vals, keyName(rawKey, esc, high), s.b[vs:s.i])
			}
			s.ws()
			c := s.peek()
			s.i++
			if c == '}' {
				break
			}
			if c != ',' {
				s.i--
				return s.fail("expected ',' or '}'")
			}
		}
	}
	s.ws()
	if s.i != len(s.b) {
		return s.fail("data after the object")
	}
	return nil
}

// match stores val for every name equal to key.
func match(names []string, vals [][]byte, key, val []byte) {
	for i, n := range names {
		if string(key) == n {
			vals[i] = val
		}
	}
}

// keyName returns the name the quoted key rawKey stands for; esc and high
// say whether it holds an escape or a byte >= 0x80. Only then is it
// decoded, as encoding/json does: escapes, and U+FFFD for invalid UTF-8.
func keyName(rawKey []byte, esc, high bool) []byte {
	key := rawKey[1 : len(rawKey)-1]
	if esc || high && !utf8.Valid(key) {
		var k string
		_ = json.Unmarshal(rawKey, &k) // scanned already: cannot fail
		key = []byte(k)
	}
	return key
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// maxDepth bounds nesting as encoding/json does: at most maxDepth objects and
// arrays open at once, the row itself included.
const maxDepth = 10000

type scanner struct {
	b    []byte
	i    int
	high bool // the last string str scanned has a byte >= 0x80
}

func (s *scanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *scanner) ws() {
	for s.i < len(s.b) && s.b[s.i] <= ' ' && isWS(s.b[s.i]) {
		s.i++
	}
}

func (s *scanner) fail(msg string) error {
	if s.i >= len(s.b) {
		return fmt.Errorf("%w: %s at end of line", ErrSyntax, msg)
	}
	return fmt.Errorf("%w: %s at column %d", ErrSyntax, msg, s.i+1)
}

// str scans a string starting at the opening quote and reports whether it
// holds an escape. Plain bytes are skipped with a table lookup each, in
// locals the compiler holds in registers (whole words at a time did not
// pay: most strings of a row are shorter than eight bytes).
func (s *scanner) str() (esc bool, err error) {
	b, i := s.b, s.i+1
	s.high = false
	for {
		for i < len(b) && strPlain[b[i]] {
			i++
		}
		if i >= len(b) {
			s.i = i
			return esc, s.fail("unterminated string")
		}
		switch c := b[i]; {
		case c == '"':
			s.i = i + 1
			return esc, nil
		case c == '\\':
			esc = true
			i++
			s.i = i
			switch s.peek() {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+4 >= len(b) {
					return esc, s.fail("bad \\u escape")
				}
				for k := 1; k <= 4; k++ {
					if unhex(b[i+k]) < 0 {
						return esc, s.fail("bad \\u escape")
					}
				}
				i += 5
			default:
				return esc, s.fail("bad escape")
			}
		case c < 0x20:
			s.i = i
			return esc, s.fail("control character in string")
		default: // >= 0x80
			s.high = true
			i++
		}
	}
}

// strPlain[c] says that c stands for itself inside a string and is ASCII:
// not '"', '\\', a control character or a byte >= 0x80.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// value scans one value enclosed by depth objects and arrays.
func (s *scanner) value(depth int) error {
	if c := s.peek(); (c == '{' || c == '[') && depth >= maxDepth {
		return s.fail("nested too deeply")
	}
	switch c := s.peek(); {
	case c == '"':
		_, err := s.str()
		return err
	case c == '{':
		s.i++
		s.ws()
		if s.peek() == '}' {
			s.i++
			return nil
		}
		for {
			s.ws()
			if s.peek() != '"' {
				return s.fail("expected a member name")
			}
			if _, err := s.str(); err != nil {
				return err
			}
			s.ws()
			if s.peek() != ':' {
				return s.fail("expected ':'")
			}
			s.i++
			s.ws()
			if err := s.value(depth + 1); err != nil {
				return err
			}
			s.ws()
			switch s.peek() {
			case ',':
				s.i++
			case '}':
				s.i++
				return nil
			default:
				return s.fail("expected ',' or '}'")
			}
		}
	case c == '[':
		s.i++
		s.ws()
		if s.peek() == ']' {
			s.i++
			return nil
		}
		for {
			s.ws()
			if err := s.value(depth + 1); err != nil {
				return err
			}
			s.ws()
			switch s.peek() {
			case ',':
				s.i++
			case ']':
				s.i++
				return nil
			default:
				return s.fail("expected ',' or ']'")
			}
		}
	case c == 't':
		return s.lit("true")
	case c == 'f':
		return s.lit("false")
	case c == 'n':
		return s.lit("null")
	case c == '-' || ('0' <= c && c <= '9'):
		return s.num()
	}
	return s.fail("expected a value")
}

func (s *scanner) lit(w string) error {
	if len(s.b)-s.i < len(w) || string(s.b[s.i:s.i+len(w)]) != w {
		return s.fail("expected a value")
	}
	s.i += len(w)
	return nil
}

func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

func (s *scanner) num() error {
	// The common number, a plain integer, in locals.
	b, i := s.b, s.i
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && '1' <= b[i] && b[i] <= '9' {
		i++
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == len(b) || b[i] != '.' && b[i] != 'e' && b[i] != 'E' {
			s.i = i
			return nil
		}
	}
	if s.peek() == '-' {
		s.i++
	}
	switch c := s.peek(); {
	case c == '0':
		s.i++
	case '1' <= c && c <= '9':
		s.digits()
	default:
		return s.fail("bad number")
	}
	if s.peek() == '.' {
		s.i++
		if s.digits() == 0 {
			return s.fail("bad number")
		}
	}
	if c := s.peek(); c == 'e' || c == 'E' {
		s.i++
		if c := s.peek(); c == '+' || c == '-' {
			s.i++
		}
		if s.digits() == 0 {
			return s.fail("bad number")
		}
	}
	return nil
}

// Members calls fn with the name and raw value of each top-level member of
// a line, in order, after checking that the line is one JSON object.
func Members(line []byte, fn func(name string, raw []byte)) error {
	if err := Fields(line, nil, nil); err != nil {
		return err
	}
	s := scanner{b: line}
	s.ws()
	s.i++ // '{'
	for {
		s.ws()
		if s.peek() == '}' {
			return nil
		}
		ks := s.i
		esc, _ := s.str()
		key := string(line[ks+1 : s.i-1])
		if esc {
			_ = json.Unmarshal(line[ks:s.i], &key)
		}
		s.ws()
		s.i++ // ':'
		s.ws()
		vs := s.i
		_ = s.value(0)
		fn(key, line[vs:s.i])
		s.ws()
		if s.peek() == ',' {
			s.i++
		}
	}
}
