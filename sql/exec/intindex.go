package exec

import "math"

// intIndex maps the integers of a single GROUP BY value to their groups:
// one probe of a 16-byte slot, where groupTable.find reads a slot and then
// the group's record, two cache misses on a table past the caches. It
// holds only what find answered for the integer's key (see
// aggSink.indexInt), so it can never group otherwise than the table does:
// a whole DOUBLE that groups with an integer still finds that group
// through find. It is emptied with its table (groupTable.clear).
//
// While its keys span little (ids: at most 8 keys of the span a key, or
// any span of denseIndexSmall), it is an array of groups by key - base in
// place of the slots (dense): 4 bytes a key of the span, where a slot
// takes 16 and the slots are at least half empty, so that more of it
// stays in the caches (TPC-H Q13 groups orders by 150,000 customer keys:
// 600 KiB against 4 MiB a worker). It looks at its keys' span each time
// their number doubles, and goes back to slots when a key falls so far
// outside the array that the span is no longer dense.
type intIndex struct {
	slots []intSlot // a power of two, at most half full; nil until the first put
	n     int
	shift uint // 64 - log2(len(slots))
	// lo and hi are the least and greatest key put (when n > 0).
	lo, hi int64
	dense  []int32 // by key - base, the group + 1 (0: none); nil: the slots
	base   int64
}

// denseIndexSmall is a span of keys whose dense array (256 KiB) an index
// takes whatever its number of keys.
const denseIndexSmall = 1 << 16

// denseSpan reports a span of keys that a dense array may cover for n
// keys; made wider than the span, to widen less often, the array may
// cover twice that (denseSize): 4 bytes a key of it, at most the
// intSlotBytes that a key is accounted, beside 512 KiB at the most.
func denseSpan(span uint64, n int) bool {
	return span != 0 && (span <= denseIndexSmall || span <= 8*uint64(n))
}

// denseSize is the most keys a dense array for n keys may cover.
func denseSize(n int) uint64 { return max(2*denseIndexSmall, 16*uint64(n)) }

type intSlot struct {
	k int64
	g int32 // the group's number + 1; 0: empty
}

// intSlotBytes is what an entry costs the memory budget: its slot of 16
// bytes, with the slots between a quarter and a half full.
const intSlotBytes = 64

// place is k's first slot: Fibonacci hashing, which spreads runs of
// consecutive keys (the usual ids) over the whole array.
func (x *intIndex) place(k int64) uint64 { return (uint64(k) * 0x9E3779B97F4A7C15) >> x.shift }

// get returns the group of k, or -1.
func (x *intIndex) get(k int64) int {
	if x.dense != nil {
		return denseGroup(x.dense, x.base, k)
	}
	return x.getSlot(k)
}

// denseGroup is get from a dense array of base (its slice and base
// passed, so that a loop over many keys keeps them in registers).
func denseGroup(dense []int32, base, k int64) int {
	if d := uint64(k) - uint64(base); d < uint64(len(dense)) {
		return int(dense[d]) - 1
	}
	return -1
}

// getSlot is get from the slots.
func (x *intIndex) getSlot(k int64) int {
	if x.n == 0 {
		return -1
	}
	mask := uint64(len(x.slots) - 1)
	for i := x.place(k); ; i = (i + 1) & mask {
		sl := &x.slots[i]
		if sl.g == 0 {
			return -1
		}
		if sl.k == k {
			return int(sl.g - 1)
		}
	}
}

// put records that k's group is g; k is not in the index.
func (x *intIndex) put(k int64, g int) {
	if x.n == 0 {
		x.lo, x.hi = k, k
	}
	x.lo, x.hi = min(x.lo, k), max(x.hi, k)
	x.n++
	if x.dense != nil {
		if uint64(k)-uint64(x.base) >= uint64(len(x.dense)) && !x.widen() {
			x.toSlots()
		}
	} else {
		if x.n*2 > len(x.slots) {
			x.grow()
		}
		// The span is looked at as the keys double in number.
		if span := uint64(x.hi) - uint64(x.lo) + 1; x.n >= 64 && x.n&(x.n-1) == 0 && denseSpan(span, x.n) {
			x.toDense(x.lo, span)
		}
	}
	if x.dense != nil {
		x.dense[uint64(k)-uint64(x.base)] = int32(g + 1)
		return
	}
	x.insert(k, int32(g+1))
}

// toDense makes a dense array of size keys from base, and moves into it
// the keys of the slots or of the dense array before it.
func (x *intIndex) toDense(base int64, size uint64) {
	dense := make([]int32, size)
	for _, sl := range x.slots {
		if sl.g != 0 {
			dense[uint64(sl.k)-uint64(base)] = sl.g
		}
	}
	for i, g := range x.dense {
		if g != 0 {
			dense[uint64(x.base)+uint64(i)-uint64(base)] = g
		}
	}
	x.dense, x.base, x.slots = dense, base, nil
}

// toSlots moves the dense array's keys into slots.
func (x *intIndex) toSlots() {
	dense, base := x.dense, x.base
	x.dense = nil
	for len(x.slots) < 2*x.n {
		x.grow()
	}
	for i, g := range dense {
		if g != 0 {
			x.insert(int64(uint64(base)+uint64(i)), g)
		}
	}
}

// widen makes the dense array cover the keys' span, lo to hi, one of
// which has just moved past it, with room to spare (twice what it
// covered, within denseSize), or reports false when the span is no
// longer dense.
func (x *intIndex) widen() bool {
	span := uint64(x.hi) - uint64(x.lo) + 1
	if !denseSpan(span, x.n) {
		return false
	}
	size := min(max(span, 2*uint64(len(x.dense))), max(span, denseSize(x.n)))
	// The room to spare goes half below the keys, half above (keys that
	// come in both directions widen it as seldom as keys in one).
	base := x.lo
	if below := int64((size - span) / 2); x.lo >= math.MinInt64+below {
		base = x.lo - below
	}
	x.toDense(base, size)
	return true
}

func (x *intIndex) insert(k int64, g int32) {
	mask := uint64(len(x.slots) - 1)
	for i := x.place(k); ; i = (i + 1) & mask {
		if x.slots[i].g == 0 {
			x.slots[i] = intSlot{k, g}
			return
		}
	}
}

func (x *intIndex) grow() {
	old := x.slots
	n := max(64, 2*len(old))
	x.slots = make([]intSlot, n)
	x.shift = 64
	for n > 1 {
		x.shift--
		n >>= 1
	}
	for _, sl := range old {
		if sl.g != 0 {
			x.insert(sl.k, sl.g)
		}
	}
}

// clear empties the index, keeping its slots (a dense array goes: the
// next keys may span otherwise).
func (x *intIndex) clear() {
	if x.n > 0 {
		clear(x.slots)
		x.n = 0
	}
	x.dense = nil
}
