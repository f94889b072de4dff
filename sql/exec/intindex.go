package exec

// intIndex maps the integers of a single GROUP BY value to their groups:
// one probe of a 16-byte slot, where groupTable.find reads a slot and then
// the group's record, two cache misses on a table past the caches. It
// holds only what find answered for the integer's key (see
// aggSink.indexInt), so it can never group otherwise than the table does:
// a whole DOUBLE that groups with an integer still finds that group
// through find. It is emptied with its table (groupTable.clear).
type intIndex struct {
	slots []intSlot // a power of two, at most half full; nil until the first put
	n     int
	shift uint // 64 - log2(len(slots))
}

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
	if (x.n+1)*2 > len(x.slots) {
		x.grow()
	}
	x.insert(k, int32(g+1))
	x.n++
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

// clear empties the index, keeping its slots.
func (x *intIndex) clear() {
	if x.n > 0 {
		clear(x.slots)
		x.n = 0
	}
}
