package storage

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// DefaultPartition is the folder value of a missing or null key field, as in
// Hive and Spark. A string with this exact content is escaped so the two can
// never be confused.
const DefaultPartition = "__HIVE_DEFAULT_PARTITION__"

// PartValue is the value of one key field for a partition: a string, or null
// (the field was missing or null in the row).
type PartValue struct {
	Str  string
	Null bool
}

// String returns the value as written in a folder name, before escaping.
func (v PartValue) String() string {
	if v.Null {
		return "NULL"
	}
	return v.Str
}

// needsEscape reports whether byte c must be percent-encoded in a folder name.
func needsEscape(c byte) bool {
	switch c {
	case '/', '\\', '=', '%', ':':
		return true
	}
	return c < 0x20 || c == 0x7f
}

const hexDigits = "0123456789ABCDEF"

// EscapeSegment encodes a field name or value for use in a folder name. Only
// what would break a path is encoded (%XX, upper case, UTF-8 bytes): '/', '\',
// '=', '%', ':', control characters, DEL, invalid UTF-8, the whole values "."
// and "..", and a value equal to [DefaultPartition]. Spaces, quotes and
// non-ASCII text stay as they are.
func EscapeSegment(s string) string {
	switch s {
	case ".":
		return "%2E"
	case "..":
		return "%2E%2E"
	case DefaultPartition:
		return "%5F" + s[1:]
	}
	clean := true
	for i := 0; i < len(s); i++ {
		if needsEscape(s[i]) || s[i] >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b.WriteByte('%')
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		if needsEscape(c) {
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		} else {
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

// UnescapeSegment reverses [EscapeSegment].
func UnescapeSegment(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", fmt.Errorf("bad escape in folder name %q", s)
		}
		b = append(b, byte(unhex(s[i+1])<<4|unhex(s[i+2])))
		i += 2
	}
	return string(b), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

// PartitionDir returns the relative folder of a partition: one field=value
// segment per key field, joined with '/'. An empty key gives "".
func PartitionDir(key []string, values []PartValue) string {
	var b strings.Builder
	for i, f := range key {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(EscapeSegment(f))
		b.WriteByte('=')
		if values[i].Null {
			b.WriteString(DefaultPartition)
		} else {
			b.WriteString(EscapeSegment(values[i].Str))
		}
	}
	return b.String()
}

// ParseSegment splits a folder name field=value into its unescaped parts.
// ok is false when the name is not a partition folder.
func ParseSegment(seg string) (field string, v PartValue, ok bool) {
	i := strings.IndexByte(seg, '=')
	if i <= 0 {
		return "", PartValue{}, false
	}
	field, err := UnescapeSegment(seg[:i])
	if err != nil {
		return "", PartValue{}, false
	}
	raw := seg[i+1:]
	if raw == DefaultPartition {
		return field, PartValue{Null: true}, true
	}
	s, err := UnescapeSegment(raw)
	if err != nil {
		return "", PartValue{}, false
	}
	return field, PartValue{Str: s}, true
}
