//go:build !amd64

package storage

func (sh *shape) match(buf []byte, ncs []uint64, wlo, lo int, at []int) (w int, rest uint64, k int) {
	return sh.matchGo(buf, ncs, wlo, lo, at)
}

func nameEnds(m *masks, lo, end int, ncs []uint64) ([]uint64, bool) {
	return nameEndsGo(m, lo, end, ncs)
}
