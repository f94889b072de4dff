package catalog

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strconv"
)

// Sample orders for demos, tests and benchmarks: 30 days, 6 regions and
// 4 channels, so that a lake keyed by all three has up to 720 partitions.
var (
	OrderRegions  = []string{"seoul", "busan", "incheon", "daegu", "gwangju", "daejeon"}
	OrderChannels = []string{"app", "web", "store", "phone"}
	OrderDays     = 30
)

// DefaultOrderRows and DefaultOrderSeed are what pq gen uses by default.
const (
	DefaultOrderRows = 5000
	DefaultOrderSeed = 42
)

// WriteOrders writes n sample order rows as JSON Lines, the same bytes for
// the same seed:
//
//	{"order_id":"o-0000001","day":"2026-01-03","region":"seoul","channel":"app","amount":412,"qty":2}
func WriteOrders(w io.Writer, n int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	bw := bufio.NewWriterSize(w, 1<<16)
	var line []byte
	for i := range n {
		day := 1 + rng.IntN(OrderDays)
		line = append(line[:0], `{"order_id":"o-`...)
		line = appendPadded(line, i+1, 7)
		line = append(line, `","day":"2026-01-`...)
		line = appendPadded(line, day, 2)
		line = append(line, `","region":"`...)
		line = append(line, OrderRegions[rng.IntN(len(OrderRegions))]...)
		line = append(line, `","channel":"`...)
		line = append(line, OrderChannels[rng.IntN(len(OrderChannels))]...)
		line = append(line, `","amount":`...)
		line = strconv.AppendInt(line, int64(1+rng.IntN(999)), 10)
		line = append(line, `,"qty":`...)
		line = strconv.AppendInt(line, int64(1+rng.IntN(5)), 10)
		line = append(line, "}\n"...)
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func appendPadded(b []byte, v, width int) []byte {
	s := strconv.Itoa(v)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}
