package storage

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// A shape is the names of the members of the last row that an Extractor
// took by fromColons through one RowReader, in order. The rows of a file
// are most often written by one program, so the next row's members have
// the same names in the same order: fromColons then checks each member's
// name against the shape with one load (two or three past 7 bytes),
// where finding which wanted name (if any) it is takes a lookup by its
// length, a byte that tells the names of that length apart and a
// comparison. A member that differs only ends the shape there:
// fromColons finds the rest of the row's names the long way and keeps
// them as the new shape.
type shape struct {
	e       *Extractor
	members []shapeMember
	valid   bool
	long    bool     // a member has words between its head and tail (mid)
	ncs     []uint64 // scratch: the name ends of a row, a word each
	at      []int    // scratch: where the wanted names end, or -1

	// Whether the walk pays for the extractor (quotesPay), weighed on
	// lines' quotes and bytes.
	pays sample
}

// shapeMember is a member of a shape: the 8 bytes that end its name
// (before the closing quote), and of those the bits that a name of
// fewer than 8 bytes and its opening quote cover; the 8 from its opening
// quote on, when it has 8 or more; the bytes between those two, 8 at a
// time (the last 8 may overlap the tail); its length; and the
// extractor's name it is, or -1.
type shapeMember struct {
	tail, tmask, head uint64
	mid               []uint64
	n, j              int
}

// keep keeps the shape's first k members.
func (sh *shape) keep(k int) {
	sh.members = sh.members[:k]
	sh.long = slices.ContainsFunc(sh.members, func(mk shapeMember) bool { return mk.mid != nil })
}

// shapeFor returns rr's shape of e: one for its own extractor, one for
// another (a scan's second phase), forgotten when another takes it.
func (rr *RowReader) shapeFor(e *Extractor) *shape {
	sh := &rr.shapes[0]
	if e != rr.e {
		sh = &rr.shapes[1]
	}
	if sh.e != e {
		sh.e, sh.valid, sh.pays = e, false, sample{}
		sh.keep(0)
	}
	return sh
}

// nameEndsGo returns in ncs, a word each from lo>>6 to end>>6, the closing
// quotes of the names of the row buf[lo:end] ('}' at end), when the row
// has no whitespace outside its strings (false else): there a name is a
// string whose closing quote a ':' follows at once, and which quotes
// close a string is a prefix parity of the row's quotes.
func nameEndsGo(m *masks, lo, end int, ncs []uint64) ([]uint64, bool) {
	wlo, whi := lo>>6, end>>6
	var inside uint64 // all ones when the word starts inside a string
	for w := wlo; w <= whi; w++ {
		row := ^uint64(0) // the bits of the word in [lo, end)
		if w == wlo {
			row <<= lo & 63
		}
		if w == whi {
			row &= 1<<(end&63) - 1
		}
		qw := m.quotes[w] & row
		// Bit j of s: byte j is inside a string or opens one.
		s := prefixXor(qw) ^ inside
		inside = uint64(int64(s) >> 63)
		if m.spaces[w]&row&^s != 0 {
			return ncs, false
		}
		colons := m.colons[w] >> 1
		if w+1 < len(m.colons) {
			colons |= m.colons[w+1] << 63
		}
		ncs = append(ncs, qw&^s&colons)
	}
	return ncs, true
}

// matchGo checks the names that end at ncs (words from wlo on) against
// the shape's members, in order, noting in at where each wanted one
// ends. It returns where it stopped: the word, the bits of it not
// checked (0 when all were) and the members that matched. A name of
// fewer than 8 bytes is checked with its opening quote in the 8 bytes
// that end at its closing quote p; a longer one with those, the 8 from
// its opening quote on and the words between.
func (sh *shape) matchGo(buf []byte, ncs []uint64, wlo, lo int, at []int) (w int, rest uint64, k int) {
	ms := sh.members
	// The loads of 8 bytes below end by a name's closing quote p, which
	// is in buf: they are in buf, unchecked.
	b0 := unsafe.Pointer(unsafe.SliceData(buf))
	n8 := len(buf)
	for w = range ncs {
		base := (wlo + w) << 6
		for nc := ncs[w]; nc != 0; nc &= nc - 1 {
			p := base + bits.TrailingZeros64(nc)
			if k >= len(ms) || p < 8 || p > n8 {
				return w, nc, k
			}
			mk := &ms[k]
			i := p - mk.n - 1 // the opening quote, if the name is mk's
			if i <= lo || *(*uint64)(unsafe.Add(b0, p-8))&mk.tmask != mk.tail ||
				mk.n >= 8 && *(*uint64)(unsafe.Add(b0, i)) != mk.head {
				return w, nc, k
			}
			for c, x := range mk.mid {
				if *(*uint64)(unsafe.Add(b0, i+8+8*c)) != x {
					return w, nc, k
				}
			}
			if mk.j >= 0 {
				at[mk.j] = p
			}
			k++
		}
	}
	return len(ncs), 0, k
}

// fromColons is fromQuotes for a row with no whitespace outside its
// strings, as a lake's writers and most producers of JSON Lines write
// them (nameEnds finds its names' ends a word of 64 bytes at a time,
// rather than quote by quote). Its names are checked against the shape
// sh of the rows before, or else looked up (and the shape learned). The
// last member of a name wins, as the members are taken in order. A
// value is a string to its closing quote, or anything else up to the ','
// before the next member's name (or the '}'). It reports false, having
// stored nothing certain, when the row is not of that kind (fromQuotes
// then takes it).
func (e *Extractor) fromColons(buf []byte, lo, hi int, m *masks, sh *shape, vals [][]byte) bool {
	if len(m.colons) == 0 { // the block was not marked for it
		return false
	}
	b, last, ok := flatRow(buf, lo, hi, m)
	if !ok {
		return false
	}
	wlo := lo >> 6
	ncs, ok := nameEnds(m, lo, lo+last, sh.ncs[:0])
	sh.ncs = ncs
	if !ok {
		return false
	}
	q := m.quotes
	for i := range vals {
		vals[i] = nil
	}
	w, k := 0, 0
	if sh.valid {
		if len(sh.at) != len(vals) {
			sh.at = make([]int, len(vals))
		}
		for j := range sh.at {
			sh.at[j] = -1
		}
		var rest uint64
		w, rest, k = sh.match(buf, ncs, wlo, lo, sh.at)
		for j, p := range sh.at {
			if p >= 0 && !colonValue(b, q, lo, p-lo, last, &vals[j]) {
				return false
			}
		}
		if w == len(ncs) {
			if k < len(sh.members) {
				sh.keep(k) // fewer members, all as before
			}
			return true
		}
		ncs[w] = rest
	}
	// The members from the k-th on differ from the shape's: learn them.
	// An extractor that asks for a name twice keeps no shape: a member
	// of that name has two places (twins).
	sh.keep(k)
	sh.valid = !e.twice
	for ; w < len(ncs); w++ {
		for nc := ncs[w]; nc != 0; nc &= nc - 1 {
			p := (wlo+w)<<6 + bits.TrailingZeros64(nc) // a name's closing quote, in buf
			// Its opening quote: the row's quote before it.
			x, ww := q[wlo+w]&(1<<(p&63)-1), wlo+w
			for x == 0 {
				if ww--; ww < wlo {
					return false
				}
				x = q[ww]
			}
			i := ww<<6 + 63 - bits.LeadingZeros64(x)
			if i <= lo {
				return false
			}
			name := buf[i+1 : p]
			j := e.lookup(name)
			if j >= 0 && !colonValue(b, q, lo, p-lo, last, &vals[j]) {
				return false
			}
			if e.twice {
				if j >= 0 {
					e.twins(name, j, vals)
				}
				continue
			}
			if p < 8 {
				sh.valid = false
				continue
			}
			mk := shapeMember{n: len(name), j: j, tmask: ^uint64(0)}
			if mk.n < 8 {
				mk.tmask <<= 8 * (7 - mk.n) // the quote and the name
			} else {
				mk.head = binary.LittleEndian.Uint64(buf[i:])
				for o := i + 8; o < p-8; o += 8 {
					mk.mid = append(mk.mid, binary.LittleEndian.Uint64(buf[o:p]))
				}
			}
			mk.tail = binary.LittleEndian.Uint64(buf[p-8:p]) & mk.tmask
			sh.members = append(sh.members, mk)
			sh.long = sh.long || mk.mid != nil
		}
	}
	return true
}

// twins gives the value of wanted name j, which is asked for more than
// once, to its other places in vals.
func (e *Extractor) twins(name []byte, j int, vals [][]byte) {
	for _, c := range e.byLen[len(name)].cands {
		if c.j != j && c.is(name, e.names[c.j]) {
			vals[c.j] = vals[j]
		}
	}
}

// lookup returns the index of the wanted name (plain) that name is, or
// -1: the first of them when it is asked twice (see twins).
func (e *Extractor) lookup(name []byte) int {
	n := len(name)
	if n >= len(e.byLen) || e.byLen[n].cands == nil {
		return -1
	}
	ln := &e.byLen[n]
	cands := ln.cands
	if ln.at >= 0 {
		k := int(ln.by[name[ln.at]])
		if k == 0 {
			return -1
		}
		cands = cands[k-1 : k]
	}
	for i := range cands {
		if c := &cands[i]; c.is(name, e.names[c.j]) {
			return c.j
		}
	}
	return -1
}

// colonValue stores in *val the value of the member whose name's closing
// quote is b[ke], in a row fromColons takes (q the block's quotes, b
// starting at lo in the block, b[last] the row's '}'); false when it is
// not there.
func colonValue(b []byte, q []uint64, lo, ke, last int, val *[]byte) bool {
	vs := ke + 2
	if vs >= last {
		return false
	}
	str := b[vs] == '"'
	if str {
		vs++
	}
	ve := next(q, lo+vs) - lo
	switch {
	case str:
		if ve < vs || ve >= last {
			return false
		}
		vs--
		ve++
	case ve < 0 || ve > last:
		ve = last
	case b[ve-1] == ',':
		ve--
	default:
		return false
	}
	if ve <= vs {
		return false
	}
	*val = b[vs:ve]
	return true
}

// prefixXor returns the word whose bit j is the parity of bits 0 to j of
// x.
func prefixXor(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}
