package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
)

// Extractor pulls named top-level members out of rows of a lake file fast.
// Unlike [Fields] it does not validate what it skips: lake files hold only
// lines that [Fields] accepted when the lake was written, so a scan need
// not check them again. On a valid JSON object it returns exactly what
// [Fields] (and encoding/json) would: the raw text of the last member of
// each name. On anything else it returns an error or some values, never a
// panic.
type Extractor struct {
	names []string
	first [256]bool // first[c]: some name starts with byte c
	empty bool      // some name is ""
	bare  [][]byte  // `"name"` for the flat fast path; nil when a name is not plain
	skip  []int     // where in `"name` to start searching: its rarest byte
	// targets packs the bytes q[skip] of bare, for the mask kernel (see
	// fromMasks); 0 when there are more than maxMaskedTargets names or none.
	targets uint32
	mnames  []maskName // for fromMasks, when targets is not 0
	// byLen[n] indexes the names of n bytes, for fromQuotes (plain names
	// only; no cands where there are none). The entries are values, not
	// pointers: a member's name is looked up with one load less.
	byLen []lenNames
	twice bool // some name is asked for more than once
}

// lenNames are an Extractor's names of one length. When a byte position
// tells them all apart, by maps the byte found there in a member's name
// to the one name it can be (its index in cands + 1; 0: none), so that
// fromQuotes compares each member's name with at most one of them.
type lenNames struct {
	cands []lenName
	at    int // the telling position; -1: none (compare with each)
	by    [256]uint8
}

// lenName is a name of a lenNames: its index, and its first and last 8
// bytes (little-endian) when it has 8 or more, so that a member's name is
// compared with two loads (and its middle, past 16 bytes) rather than a
// call to compare bytes.
type lenName struct {
	j          int
	head, tail uint64
}

// is reports whether name, of the length of c's, is c's (whose text is
// full): by its first and last 8 bytes and its middle past 16, or as a
// whole when shorter than 8.
func (c *lenName) is(name []byte, full string) bool {
	n := len(name)
	if n >= 8 {
		return binary.LittleEndian.Uint64(name) == c.head && binary.LittleEndian.Uint64(name[n-8:]) == c.tail &&
			(n <= 16 || string(name[8:n-8]) == full[8:n-8])
	}
	return string(name) == full
}

// newLenNames indexes the names js of the same length n.
func newLenNames(names []string, js []int, n int) lenNames {
	ln := lenNames{at: -1}
	for _, j := range js {
		c := lenName{j: j}
		if n >= 8 {
			c.head = binary.LittleEndian.Uint64([]byte(names[j]))
			c.tail = binary.LittleEndian.Uint64([]byte(names[j][n-8:]))
		}
		ln.cands = append(ln.cands, c)
	}
	if len(js) > 255 {
		return ln
	}
	for at := n - 1; at >= 0; at-- {
		var seen [256]bool
		tells := true
		for _, j := range js {
			c := names[j][at]
			if seen[c] {
				tells = false
				break
			}
			seen[c] = true
		}
		if tells {
			ln.at = at
			for k, j := range js {
				ln.by[names[j][at]] = uint8(k + 1)
			}
			return ln
		}
	}
	return ln
}

// NewExtractor returns an extractor of the given member names.
func NewExtractor(names []string) *Extractor {
	e := &Extractor{names: names}
	plain := true
	seen := map[string]bool{}
	for _, n := range names {
		e.twice = e.twice || seen[n]
		seen[n] = true
		if n == "" {
			e.empty = true
		} else {
			e.first[n[0]] = true
		}
		for i := 0; i < len(n); i++ {
			if c := n[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
				plain = false
			}
		}
		// In a valid row a closing quote is followed by one of these: a
		// name that starts with one could be found from a closing quote.
		if n != "" && strings.IndexByte(" ,:}]", n[0]) >= 0 {
			plain = false
		}
	}
	if plain {
		for _, n := range names {
			e.bare = append(e.bare, []byte(`"`+n+`"`))
			e.skip = append(e.skip, 1+rarest(n))
		}
		lens := map[int][]int{}
		for j, n := range names {
			for len(e.byLen) <= len(n) {
				e.byLen = append(e.byLen, lenNames{})
			}
			lens[len(n)] = append(lens[len(n)], j)
		}
		for n, js := range lens {
			e.byLen[n] = newLenNames(names, js, n)
		}
		if len(names) <= maxMaskedTargets {
			var t [maxMaskedTargets]byte
			for j, q := range e.bare {
				t[j] = q[e.skip[j]]
				e.mnames = append(e.mnames, newMaskName(q, e.skip[j]))
			}
			for j := len(e.bare); j < maxMaskedTargets && j > 0; j++ {
				t[j] = t[0] // repeats change nothing
			}
			e.targets = uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16 | uint32(t[3])<<24
		}
	}
	return e
}

var errShape = fmt.Errorf("%w: not a JSON object", ErrSyntax)

// Extract stores in vals[i] the raw value of the last member named
// names[i], or nil.
func (e *Extractor) Extract(b []byte, vals [][]byte) error {
	_, err := e.ExtractPlain(b, vals)
	return err
}

// ExtractPlain is Extract that also reports whether the line is known to
// be plain: no backslash and no byte past ASCII, so that every string
// value in it is its own text, valid UTF-8 that needs no decoding.
func (e *Extractor) ExtractPlain(b []byte, vals [][]byte) (plain bool, err error) {
	if e.bare != nil && e.flat(b, vals) {
		return ascii(b), nil
	}
	return false, e.walk(b, vals)
}

func (e *Extractor) walk(b []byte, vals [][]byte) error {
	for i := range vals {
		vals[i] = nil
	}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errShape
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return errShape
		}
		ks := i + 1
		ke, slow := endString(b, ks)
		if ke < 0 {
			return errShape
		}
		i = skipWS(b, ke+1)
		if i >= len(b) || b[i] != ':' {
			return errShape
		}
		vs := skipWS(b, i+1)
		ve := skipValue(b, vs)
		if ve <= vs {
			return errShape
		}
		if len(e.names) > 0 {
			e.match(b[ks:ke], slow, b[ks-1:ke+1], b[vs:ve], vals)
		}
		i = skipWS(b, ve)
		if i >= len(b) {
			return errShape
		}
		if b[i] == '}' {
			return nil
		}
		if b[i] != ',' {
			return errShape
		}
		i = skipWS(b, i+1)
	}
}

// flat is the fast path for the common row: one object with no nested
// object or array and no backslash. Then every '"' delimits a string, so
// in a valid row (lake rows were checked when written) the last
// `"name"`, when a ':' follows it, is the last member of that name, found
// with the library's vectorized searches
// instead of a walk over every byte. It reports false, having stored
// nothing certain, when the row is not of that kind.
func (e *Extractor) flat(b []byte, vals [][]byte) bool {
	last := len(b) - 1
	for last > 0 && (b[last] == '\r' || b[last] == ' ' || b[last] == '\t') {
		last--
	}
	// A torn line (the tail lost in a crash) must not pass for a row.
	if len(b) < 2 || b[0] != '{' || b[last] != '}' || bytes.IndexByte(b, '\\') >= 0 ||
		bytes.IndexByte(b[1:], '{') >= 0 || bytes.IndexByte(b, '[') >= 0 {
		return false
	}
	for j, q := range e.bare {
		pos := lastKey(b, q, e.skip[j])
		if pos < 0 {
			vals[j] = nil
			continue
		}
		colon := skipWS(b, pos+len(q))
		if colon >= len(b) || b[colon] != ':' {
			return false // the name as a value, after its last member
		}
		vs := skipWS(b, colon+1)
		ve := skipValue(b, vs)
		if ve <= vs {
			return false
		}
		vals[j] = b[vs:ve]
	}
	return true
}

// lastKey returns the offset of the last q (`"name"`) in b,
// or -1; see find.
func lastKey(b, q []byte, skip int) int { return find(b, q, skip, true) }

// find returns the offset of the first q in b (with last, the last one), or
// -1. It hops with the library's vectorized byte search from one
// occurrence of q[skip], the rarest byte of q, to the next, and compares q
// at each: in JSON '"' and common letters are everywhere, a rare letter is
// not, and bytes.Index starts from the first byte.
func find(b, q []byte, skip int, last bool) int {
	found := -1
	c := q[skip]
	for i := skip; i < len(b); {
		k := bytes.IndexByte(b[i:], c)
		if k < 0 {
			break
		}
		if p := i + k - skip; p+len(q) <= len(b) && string(b[p:p+len(q)]) == string(q) {
			if !last {
				return p
			}
			found = p
		}
		i += k + 1
	}
	return found
}

// rarest returns the index of the byte of name that is least common in
// typical JSON rows: a byte past common's is rarest, then those of common
// from its end (the least common) back (JSON's punctuation and digits,
// then English letters by their frequency in text, lower case before
// upper case, which is rarer in either names or values).
func rarest(name string) int {
	const common = "\"0123456789:,. _-etaoinshrdlcumwfgypbvkjxqzETAOINSHRDLCUMWFGYPBVKJXQZ"
	best, score := 0, -2
	for i := 0; i < len(name); i++ {
		sc := strings.IndexByte(common, name[i]) // -1: not common at all
		if sc < 0 {
			sc = len(common)
		}
		if sc > score {
			best, score = i, sc
		}
	}
	return best
}

func (e *Extractor) match(key []byte, slow bool, quoted, val []byte, vals [][]byte) {
	if slow {
		var k string
		if json.Unmarshal(quoted, &k) != nil {
			return
		}
		key = []byte(k)
	} else if len(key) == 0 {
		if !e.empty {
			return
		}
	} else if !e.first[key[0]] {
		return
	}
	for j, n := range e.names {
		if len(n) == len(key) && string(key) == n {
			vals[j] = val
		}
	}
}

func skipWS(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// endString returns the index of the quote that closes the string whose
// content starts at i, or -1; slow reports an escape or a non-ASCII byte,
// after which the text must be decoded to be compared.
func endString(b []byte, i int) (int, bool) {
	slow := false
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return i, slow
		case c == '\\':
			slow = true
			i += 2
			continue
		case c >= 0x80:
			slow = true
		}
		i++
	}
	return -1, slow
}

// skipValue returns the end of the value starting at i (0 if there is
// none).
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return 0
	}
	switch b[i] {
	case '"':
		end, _ := endString(b, i+1)
		if end < 0 {
			return 0
		}
		return end + 1
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			case '"':
				end, _ := endString(b, i+1)
				if end < 0 {
					return 0
				}
				i = end
			}
			i++
		}
		return 0
	}
	start := i
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	if i == start {
		return 0
	}
	return i
}

// Needle is a text to look for in lines, searched from its rarest byte
// (see find).
type Needle struct {
	text []byte
	skip int
}

// NewNeedle prepares text for Needle.In.
func NewNeedle(text string) Needle {
	return Needle{text: []byte(text), skip: rarest(text)}
}

// In reports whether line contains the needle.
func (n Needle) In(line []byte) bool {
	return len(n.text) == 0 || find(line, n.text, n.skip, false) >= 0
}

// ascii reports whether b has no byte past ASCII, 8 bytes at a time.
func ascii(b []byte) bool {
	var or uint64
	for len(b) >= 8 {
		or |= binary.LittleEndian.Uint64(b)
		b = b[8:]
	}
	for _, c := range b {
		or |= uint64(c)
	}
	return or&0x8080808080808080 == 0
}
