package storage

import "golang.org/x/sys/cpu"

var hasAVX2 = cpu.X86.HasAVX2

// masksAVX2 is the assembly kernel of structMasks; n must be a multiple
// of 64 and each mask must hold n/64 words.
//
//go:noescape
func masksAVX2(b *byte, n int, targets uint32, hits, specials, newlines, quotes, high, colons, spaces *uint64)

func structMasks(b []byte, targets uint32, m masks) {
	if !hasAVX2 {
		masksGeneric(b, targets, m)
		return
	}
	k := len(b)/64 - 1
	_, _, _, _, _ = m.hits[k], m.specials[k], m.newlines[k], m.quotes[k], m.high[k]
	var colons, spaces *uint64
	if len(m.colons) > 0 {
		_, _ = m.colons[k], m.spaces[k]
		colons, spaces = &m.colons[0], &m.spaces[0]
	}
	masksAVX2(&b[0], len(b), targets, &m.hits[0], &m.specials[0], &m.newlines[0], &m.quotes[0], &m.high[0],
		colons, spaces)
}
