package storage

// matchShape is shape.match's loop in assembly (shape_amd64.s), for a
// shape without names past 15 bytes: Go kept the loop's values on the
// stack, reloading six of them for every name.
//
//go:noescape
func matchShape(buf *byte, buflen int, ncs *uint64, nwords int, base int, lo int, ms *shapeMember, nms int, at *int) (w int, rest uint64, k int)

// match checks the names that end at ncs against the shape (see
// matchGo), in assembly when it can.
func (sh *shape) match(buf []byte, ncs []uint64, wlo, lo int, at []int) (w int, rest uint64, k int) {
	if sh.long || len(buf) == 0 || len(ncs) == 0 || len(sh.members) == 0 || len(at) == 0 {
		return sh.matchGo(buf, ncs, wlo, lo, at)
	}
	return matchShape(&buf[0], len(buf), &ncs[0], len(ncs), wlo<<6, lo, &sh.members[0], len(sh.members), &at[0])
}

// nameEndsAsm is nameEndsGo's loop in assembly; ncs must have room.
//
//go:noescape
func nameEndsAsm(q, sp, co *uint64, nco int, lo, end int, ncs *uint64) bool

// nameEnds is nameEndsGo, in assembly.
func nameEnds(m *masks, lo, end int, ncs []uint64) ([]uint64, bool) {
	n := end>>6 - lo>>6 + 1
	if cap(ncs) < n {
		ncs = make([]uint64, 0, max(n, 16))
	}
	ncs = ncs[:n]
	_, _, _ = m.quotes[end>>6], m.spaces[end>>6], m.colons[end>>6]
	return ncs, nameEndsAsm(&m.quotes[0], &m.spaces[0], &m.colons[0], len(m.colons), lo, end, &ncs[0])
}
