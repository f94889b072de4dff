package copyout

import (
	"bufio"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// jsonFile writes rows as JSON Lines, as DuckDB's COPY … (FORMAT json)
// does: one object per line, its members the columns in order; NULL as
// null, numbers and booleans as themselves (an integer beyond int64 as
// its digits, a DOUBLE with its ".0", infinities and NaN as strings),
// JSON objects and arrays as their text, dates, timestamps and intervals
// as strings.
type jsonFile struct {
	w     *bufio.Writer
	names [][]byte // each `"name":`, with the comma before it but for the first
	buf   []byte
}

func newJSONFile(w *bufio.Writer, names []string) *jsonFile {
	j := &jsonFile{w: w, names: make([][]byte, len(names))}
	for i, n := range names {
		var b []byte
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, n)
		j.names[i] = append(b, ':')
	}
	return j
}

func (j *jsonFile) write(r []types.Value) error {
	b := append(j.buf[:0], '{')
	for i, v := range r {
		b = append(b, j.names[i]...)
		b = appendJSON(b, v)
	}
	b = append(b, '}', '\n')
	j.buf = b
	_, err := j.w.Write(b)
	return err
}

func (j *jsonFile) close() error { return nil }

// appendJSON appends v as a JSON value.
func appendJSON(b []byte, v types.Value) []byte {
	switch v.K {
	case types.Null:
		return append(b, "null"...)
	case types.Bool:
		return strconv.AppendBool(b, v.I != 0)
	case types.Int:
		return strconv.AppendInt(b, v.I, 10)
	case types.Huge, types.JSON:
		return append(b, v.S...)
	case types.Float:
		if math.IsInf(v.F, 0) || math.IsNaN(v.F) {
			return appendJSONString(b, types.FormatFloat(v.F))
		}
		return append(b, types.FormatFloat(v.F)...)
	}
	return appendJSONString(b, v.String())
}

// appendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
