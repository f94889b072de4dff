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
