package storage

import (
	"encoding/binary"
	"math/bits"
)

// Masks of a run of bytes, 64 bytes to a word, bit j of word k about byte
// 64k+j: hits marks the bytes equal to one of up to four target bytes
// (the rarest byte of each name an Extractor looks for), specials the
// backslashes, '{' and '[', newlines the '\n', quotes the '"' and high the
// bytes past ASCII (a line without one has only valid UTF-8), colons the
// ':' and spaces the bytes up to ' ' (JSON's whitespace, and the control
// bytes a valid row holds nowhere). On amd64 with
// AVX2 an assembly kernel computes them 64 bytes at a time
// (masks_amd64.s); elsewhere masksGeneric does, byte by byte. A
// RowReader finds line ends in them, and fromMasks checks a row's shape
// with one look at specials and visits only the places where a name may
// start, from the last one back.
type masks struct {
	hits, specials, newlines, quotes, high, colons, spaces []uint64
}

// maxMaskedTargets is how many distinct target bytes the kernel takes.
const maxMaskedTargets = 4

// from returns the masks from word k on.
func (m masks) from(k int) masks {
	f := masks{hits: m.hits[k:], specials: m.specials[k:], newlines: m.newlines[k:], quotes: m.quotes[k:], high: m.high[k:]}
	if len(m.colons) > 0 {
		f.colons, f.spaces = m.colons[k:], m.spaces[k:]
	}
	return f
}

// masksGeneric is the portable kernel, and the reference the assembly
// one is tested against. len(b) must be a multiple of 64; colons and
// spaces are left out when m has none.
func masksGeneric(b []byte, targets uint32, m masks) {
	for blk := range len(b) / 64 {
		var h, s, nl, q, hi, co, sp uint64
		for j, c := range b[blk*64 : blk*64+64] {
			if c >= 0x80 {
				hi |= 1 << j
			}
			if c <= ' ' {
				sp |= 1 << j
			}
			if uint32(c) == targets&0xff || uint32(c) == targets>>8&0xff ||
				uint32(c) == targets>>16&0xff || uint32(c) == targets>>24 {
				h |= 1 << j
			}
			switch c {
			case '\\', '{', '[':
				s |= 1 << j
			case '\n':
				nl |= 1 << j
			case '"':
				q |= 1 << j
			case ':':
				co |= 1 << j
			}
		}
		m.hits[blk], m.specials[blk], m.newlines[blk], m.quotes[blk], m.high[blk] = h, s, nl, q, hi
		if len(m.colons) > 0 {
			m.colons[blk], m.spaces[blk] = co, sp
		}
	}
}

// fill computes m (grown to fit) for b, its last partial word as if b
// went on with zero bytes (never a target: names are printable); colons
// and spaces only when asked (fromColons needs them; they cost the
// kernel a tenth more), else they are left empty.
func (m *masks) fill(b []byte, targets uint32, colons bool) {
	n := (len(b) + 63) / 64
	if cap(m.hits) < n {
		m.hits, m.specials = make([]uint64, n), make([]uint64, n)
		m.newlines, m.quotes, m.high = make([]uint64, n), make([]uint64, n), make([]uint64, n)
	}
	m.hits, m.specials, m.newlines, m.quotes, m.high = m.hits[:n], m.specials[:n], m.newlines[:n], m.quotes[:n], m.high[:n]
	m.colons, m.spaces = m.colons[:0], m.spaces[:0]
	if colons {
		if cap(m.colons) < n {
			m.colons, m.spaces = make([]uint64, n), make([]uint64, n)
		}
		m.colons, m.spaces = m.colons[:n], m.spaces[:n]
	}
	full := len(b) &^ 63
	if full > 0 {
		structMasks(b[:full], targets, *m)
	}
	if full < len(b) {
		var tail [64]byte
		copy(tail[:], b[full:])
		structMasks(tail[:], targets, m.from(full/64))
	}
}

// next returns the first i >= from, i < len(words)*64, whose bit is set
// in words, or -1.
func next(words []uint64, from int) int {
	w := from >> 6
	if w >= len(words) {
		return -1
	}
	x := words[w] & (^uint64(0) << (from & 63))
	for x == 0 {
		w++
		if w >= len(words) {
			return -1
		}
		x = words[w]
	}
	return w*64 + bits.TrailingZeros64(x)
}

// anyBits reports whether a bit in [lo, hi) of words is set.
func anyBits(words []uint64, lo, hi int) bool {
	if lo >= hi {
		return false
	}
	wlo, whi := lo>>6, (hi-1)>>6
	x := words[wlo] & (^uint64(0) << (lo & 63))
	for w := wlo; ; {
		if w == whi {
			x &= ^uint64(0) >> (63 - (hi-1)&63)
		}
		if x != 0 {
			return true
		}
		if w++; w > whi {
			return false
		}
		x = words[w]
	}
}

// before and after return the word whose bit i says that byte 64w+i-k
// (before) or 64w+i+k (after) is set in words (0 past either end), for
// 0 < k < 64.
func before(words []uint64, w, k int) uint64 {
	x := words[w] << k
	if w > 0 {
		x |= words[w-1] >> (64 - k)
	}
	return x
}

func after(words []uint64, w, k int) uint64 {
	x := words[w] >> k
	if w+1 < len(words) {
		x |= words[w+1] << (64 - k)
	}
	return x
}

// maskName is what fromMasks needs of a name whose `"name"` is q.
type maskName struct {
	rare  byte   // q[skip], its rarest byte
	skip  int    // where in q that byte is
	n     int    // len(q)
	head  uint64 // q's first (up to) 8 bytes, little-endian
	hmask uint64 // the bits of head that are q's
}

func newMaskName(q []byte, skip int) maskName {
	var h [8]byte
	k := copy(h[:], q)
	return maskName{rare: q[skip], skip: skip, n: len(q),
		head: binary.LittleEndian.Uint64(h[:]), hmask: ^uint64(0) >> (64 - 8*k)}
}

// fromMasks is flat for the line buf[lo:hi], given masks of buf that cover
// it: on a row whose only '{' is its first byte and that has no '[' and no
// backslash, every quote delimits a string, so the last `"name"` followed
// by ':' is the last member of that name. A name's candidates are the
// hits of its rarest byte, visited from the top down until one verifies,
// and a string value ends at the next quote. It reports false, having stored nothing
// certain, when the row is not of that kind.
func (e *Extractor) fromMasks(buf []byte, lo, hi int, m *masks, vals [][]byte) bool {
	b, last, ok := flatRow(buf, lo, hi, m)
	if !ok {
		return false
	}
	var at [maxMaskedTargets]int
	names := e.mnames
	wlo, whi := lo>>6, (hi-1)>>6
	for j := range names {
		// The last member of name j is its last candidate that verifies:
		// visit the hits from the top down.
		t := &names[j]
		at[j] = -1
		x := m.hits[whi] & (^uint64(0) >> (63 - (hi-1)&63))
	words:
		for w := whi; ; {
			if w == wlo {
				x &= ^uint64(0) << (lo & 63)
			}
			if x&(x-1) != 0 && t.n <= 64 {
				// A candidate has the quotes of `"name"` around it: of
				// several hits in a word, most (the byte inside other
				// names and values) go at once, without a branch each.
				x &= before(m.quotes, w, t.skip) & after(m.quotes, w, t.n-1-t.skip)
			}
			for x != 0 {
				top := 63 - bits.LeadingZeros64(x)
				x &^= 1 << top
				p := w*64 + top - lo
				s := p - t.skip
				if b[p] != t.rare || s < 0 || s+t.n > len(b) {
					continue
				}
				if s+8 <= len(b) {
					if binary.LittleEndian.Uint64(b[s:])&t.hmask != t.head ||
						t.n > 8 && string(b[s+8:s+t.n]) != string(e.bare[j][8:]) {
						continue
					}
				} else if string(b[s:s+t.n]) != string(e.bare[j]) {
					continue
				}
				at[j] = s
				break words
			}
			if w--; w < wlo {
				break
			}
			x = m.hits[w]
		}
	}
	for j := range names {
		pos := at[j]
		if pos < 0 {
			vals[j] = nil
			continue
		}
		colon := pos + names[j].n
		if colon < len(b) && b[colon] != ':' {
			colon = skipWS(b, colon)
		}
		if colon >= len(b) || b[colon] != ':' {
			return false // the name as a value, after its last member
		}
		vs := colon + 1
		if vs < len(b) && b[vs] <= ' ' {
			vs = skipWS(b, vs)
		}
		if vs >= last {
			return false
		}
		var ve int
		if b[vs] == '"' {
			ve = next(m.quotes, lo+vs+1) - lo + 1
			if ve <= 0 || ve > last {
				return false
			}
		} else {
			ve = vs
			for ve < last && !endsValue[b[ve]] {
				ve++
			}
			if ve == vs {
				return false
			}
		}
		vals[j] = b[vs:ve]
	}
	return true
}

// flatRow returns the line buf[lo:hi] and the offset of its closing '}',
// when it is a whole object whose only '{' is its first byte, with no '['
// and no backslash (masks m cover it); ok false else.
func flatRow(buf []byte, lo, hi int, m *masks) (b []byte, last int, ok bool) {
	b = buf[lo:hi]
	last = len(b) - 1
	for last > 0 && (b[last] == '\r' || b[last] == ' ' || b[last] == '\t') {
		last--
	}
	// A torn line (the tail lost in a crash) must not pass for a row.
	if len(b) < 2 || b[0] != '{' || b[last] != '}' || anyBits(m.specials, lo+1, hi) {
		return nil, 0, false
	}
	return b, last, true
}

// endsValue[c] says that c ends a number or literal: ',', '}', ']' or a
// byte up to ' '.
var endsValue = func() (t [256]bool) {
	for c := range ' ' + 1 {
		t[c] = true
	}
	t[','], t['}'], t[']'] = true, true, true
	return t
}()

// fromQuotes is flat for the line buf[lo:hi] by a walk over its members
// that hops from quote to quote in the block's masks: on a row whose only
// '{' is its first byte and that has no '[' and no backslash, every quote
// delimits a string, the first after '{' opens a name, the next closes
// it, a string value is the pair after the ':', and the next member's
// name opens at the quote after the value. It takes a few bit operations
// a member whatever the names, where fromMasks needs the names' rare
// bytes marked and flat searches the line once per name: the way for
// many names in narrow rows. Like them it trusts the row to be valid
// (lake rows were checked when written) beyond what it must look at. It
// reports false, having stored nothing certain, when the row is not of
// that kind.
func (e *Extractor) fromQuotes(buf []byte, lo, hi int, m *masks, vals [][]byte) bool {
	b, last, ok := flatRow(buf, lo, hi, m)
	if !ok {
		return false
	}
	for i := range vals {
		vals[i] = nil
	}
	// The quotes of the line, in order, one bit at a time: w is the word
	// of the bits x left (those already taken are cleared), from lo+1 on.
	q := m.quotes
	w := (lo + 1) >> 6
	x := q[w] & (^uint64(0) << ((lo + 1) & 63))
	nextQuote := func() int {
		for x == 0 {
			if w++; w >= len(q) {
				return -1
			}
			x = q[w]
		}
		p := w<<6 + bits.TrailingZeros64(x) - lo
		x &= x - 1
		return p
	}
	for {
		i := nextQuote() // the quote that opens a name
		if i < 0 || i >= last {
			return true
		}
		ke := nextQuote()
		if ke <= i || ke >= last {
			return false
		}
		vs := ke + 1
		if b[vs] != ':' {
			if vs = skipWS(b, vs); b[vs] != ':' {
				return false
			}
		}
		vs++
		if b[vs] <= ' ' {
			vs = skipWS(b, vs)
		}
		if vs >= last {
			return false
		}
		str := b[vs] == '"'
		end := vs // the value's closing quote, for a string
		if str {
			// The value's opening quote is the next one: take it, then
			// the one that closes it.
			if nextQuote() != vs {
				return false
			}
			if end = nextQuote(); end <= vs || end >= last {
				return false
			}
		}
		name := b[i+1 : ke]
		j := e.lookup(name)
		if j < 0 {
			continue
		}
		ve := end + 1
		if !str {
			for ve = vs; ve < last && !endsValue[b[ve]]; ve++ {
			}
			if ve == vs {
				return false
			}
		}
		vals[j] = b[vs:ve]
		if e.twice {
			e.twins(name, j, vals)
		}
	}
}
