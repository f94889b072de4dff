package storage_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/lakesql/lakesql/storage"
	"github.com/lakesql/lakesql/storage/storagetest"
)

// orders makes n rows shaped like pq gen's: 30 days, 6 regions, 4
// channels.
func orders(b *testing.B, n int) []byte {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	regions := []string{"seoul", "busan", "incheon", "daegu", "gwangju", "daejeon"}
	channels := []string{"app", "web", "store", "phone"}
	var raw bytes.Buffer
	for i := range n {
		fmt.Fprintf(&raw, `{"order_id":"o-%07d","day":"2026-01-%02d","region":"%s","channel":"%s","amount":%d,"qty":%d}`+"\n",
			i+1, 1+rng.IntN(30), regions[rng.IntN(6)], channels[rng.IntN(4)], 1+rng.IntN(999), 1+rng.IntN(5))
	}
	return raw.Bytes()
}

// BenchmarkFields validates a row and extracts two fields, as write does.
func BenchmarkFields(b *testing.B) {
	raw := orders(b, 10_000)
	lines := bytes.Split(bytes.TrimSpace(raw), []byte{'\n'})
	names := []string{"day", "amount"}
	vals := make([][]byte, 2)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if err := storage.Fields(l, names, vals); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkExtract extracts two fields without validating, as scans do.
func BenchmarkExtract(b *testing.B) {
	raw := orders(b, 10_000)
	lines := bytes.Split(bytes.TrimSpace(raw), []byte{'\n'})
	e := storage.NewExtractor([]string{"region", "amount"})
	vals := make([][]byte, 2)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if err := e.Extract(l, vals); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLakeWriter writes 200,000 rows into partitions, fsync skipped
// so that the benchmark measures our code rather than the disk.
func BenchmarkLakeWriter(b *testing.B) {
	raw := orders(b, 200_000)
	for _, key := range [][]string{{"day"}, {"day", "region", "channel"}} {
		b.Run(fmtKey(key), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				dir := b.TempDir()
				w := storage.NewLakeWriter(storagetest.NewCountingFS(storage.OS, true), dir, key, storage.WriterOptions{})
				if _, _, err := w.AddLines(bytes.NewReader(raw), "raw.jsonl"); err != nil {
					b.Fatal(err)
				}
				if _, err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func fmtKey(key []string) string {
	s := "key="
	for i, k := range key {
		if i > 0 {
			s += ","
		}
		s += k
	}
	return s
}

// benchRaw reads the rows of raw with the block reader and extracts names
// from each, as a scan does.
func benchRaw(b *testing.B, raw []byte, names []string) {
	vals := make([][]byte, len(names))
	rr := storage.NewRowReader(bytes.NewReader(raw), 256<<10, storage.NewExtractor(names))
	benchLoop(b, raw, rr.Reset, func() error {
		_, err := rr.Next()
		if err == nil {
			_, err = rr.Extract(vals)
		}
		return err
	})
}

// benchLoop times reading raw again and again: reset starts a reader on
// it, next takes a row until io.EOF.
func benchLoop(b *testing.B, raw []byte, reset func(io.Reader), next func() error) {
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		reset(bytes.NewReader(raw))
		for {
			err := next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRowReader extracts two fields, as GROUP BY region with
// SUM(amount) does.
func BenchmarkRowReader(b *testing.B) { benchRaw(b, orders(b, 10_000), []string{"region", "amount"}) }

// BenchmarkRowReaderOne extracts one field, as a COUNT/SUM query does.
func BenchmarkRowReaderOne(b *testing.B) { benchRaw(b, orders(b, 10_000), []string{"amount"}) }

// BenchmarkLineReader is BenchmarkRowReader the way scans read before:
// the line reader and ExtractPlain.
func BenchmarkLineReader(b *testing.B) {
	raw := orders(b, 10_000)
	e := storage.NewExtractor([]string{"region", "amount"})
	vals := make([][]byte, 2)
	lr := storage.NewLineReader(bytes.NewReader(raw), 256<<10)
	benchLoop(b, raw, lr.Reset, func() error {
		line, err := lr.Next()
		if err == nil {
			_, err = e.ExtractPlain(line, vals)
		}
		return err
	})
}

// BenchmarkRowReaderWide extracts four fields of wide rows (30 members
// of CamelCase names that share their capitals, as ClickBench's hits do),
// the first member among them, as GROUP BY WatchID, ClientIP with two
// sums does.
func BenchmarkRowReaderWide(b *testing.B) {
	benchRaw(b, wideRows(), []string{"WatchID", "ClientIP", "IsRefresh", "ResolutionWidth"})
}

// wideRows are 5,000 rows of 30 members of CamelCase names.
func wideRows() []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var raw bytes.Buffer
	for i := range 5000 {
		fmt.Fprintf(&raw, `{"WatchID":%d,"JavaEnable":%d,"Title":"Title %d","GoodEvent":1,"EventTime":"2013-07-01 03:10:46",`+
			`"CounterID":%d,"ClientIP":%d,"RegionID":%d,"UserID":%d,"OS":%d,"UserAgent":%d,"URL":"http://example.com/%d",`+
			`"Referer":"http://go.example.ru/?q=%d","IsRefresh":%d,"ResolutionWidth":%d,"ResolutionHeight":%d,"MobilePhone":0,`+
			`"MobilePhoneModel":"","TraficSourceID":%d,"SearchEngineID":%d,"SearchPhrase":"","AdvEngineID":0,`+
			`"WindowClientWidth":%d,"WindowClientHeight":%d,"IsLink":%d,"IsDownload":0,"DontCountHits":0,`+
			`"RefererHash":%d,"URLHash":%d,"CLID":0}`+"\n",
			rng.Int64(), rng.IntN(2), i, rng.IntN(100), rng.Int32(), rng.IntN(30000), rng.Int64(), rng.IntN(90), rng.IntN(30),
			rng.IntN(1e6), rng.IntN(1e5), rng.IntN(2), 800+rng.IntN(1200), 600+rng.IntN(600), rng.IntN(10), rng.IntN(20),
			rng.IntN(2000), rng.IntN(1000), rng.IntN(2), rng.Int64(), rng.Int64())
	}
	return raw.Bytes()
}

// BenchmarkRowReaderWideMany extracts six members of the wide rows of
// BenchmarkRowReaderWide, more than the mask kernel marks.
func BenchmarkRowReaderWideMany(b *testing.B) {
	benchRaw(b, wideRows(), []string{"WatchID", "ClientIP", "IsRefresh", "ResolutionWidth", "URL", "CLID"})
}

// lineitems are rows shaped as TPC-H's lineitem: 17 members, narrow.
func lineitems(n int) []byte {
	rng := rand.New(rand.NewPCG(5, 6))
	var raw bytes.Buffer
	for i := range n {
		fmt.Fprintf(&raw, `{"l_orderkey":%d,"l_partkey":%d,"l_suppkey":%d,"l_linenumber":%d,"l_quantity":%d,`+
			`"l_extendedprice":%d.%02d,"l_discount":0.0%d,"l_tax":0.0%d,"l_returnflag":"%c","l_linestatus":"%c",`+
			`"l_shipdate":"1996-03-%02d","l_commitdate":"1996-02-12","l_receiptdate":"1996-03-22",`+
			`"l_shipinstruct":"DELIVER IN PERSON","l_shipmode":"TRUCK","l_comment":"egular courts above the %d","l_shipmonth":"1996-03"}`+"\n",
			i/4, rng.IntN(200000), rng.IntN(10000), i%7, 1+rng.IntN(50), rng.IntN(100000), rng.IntN(100),
			rng.IntN(10), rng.IntN(9), "NRA"[rng.IntN(3)], "OF"[rng.IntN(2)], 1+rng.IntN(28), rng.IntN(1000))
	}
	return raw.Bytes()
}

// benchSecond reads the rows of raw with the block reader for the first
// names and takes the rest of each row with a second extractor, as a
// scan's second phase does.
func benchSecond(b *testing.B, raw []byte, first, rest []string) {
	fv, rv := make([][]byte, len(first)), make([][]byte, len(rest))
	re := storage.NewExtractor(rest)
	rr := storage.NewRowReader(bytes.NewReader(raw), 256<<10, storage.NewExtractor(first))
	benchLoop(b, raw, rr.Reset, func() error {
		_, err := rr.Next()
		if err == nil {
			if _, err = rr.Extract(fv); err == nil {
				_, err = rr.ExtractWith(re, rv)
			}
		}
		return err
	})
}

// BenchmarkRowReaderManyOne extracts the seven members of lineitem rows
// that TPC-H's Q1 reads in one phase.
func BenchmarkRowReaderManyOne(b *testing.B) {
	benchRaw(b, lineitems(20_000), []string{"l_shipdate", "l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice", "l_discount", "l_tax"})
}

// BenchmarkRowReaderMany extracts the seven members of lineitem rows
// that TPC-H's Q1 reads: its filter's date, then the six others.
func BenchmarkRowReaderMany(b *testing.B) {
	benchSecond(b, lineitems(20_000), []string{"l_shipdate"},
		[]string{"l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice", "l_discount", "l_tax"})
}

// BenchmarkRowReaderWideSecond takes one member of wide rows as a second
// phase, after another.
func BenchmarkRowReaderWideSecond(b *testing.B) {
	benchSecond(b, wideRows(), []string{"ClientIP"}, []string{"URL"})
}

// BenchmarkRowReaderKey, ...KeyFour and ...KeySecond weigh a scan's two
// phases on lineitem's rows (sql/exec's onePhase): the filter's one
// member (l_orderkey, a join's key) alone, with three more in the same
// phase, and with the three more taken by a second phase from every row.
func BenchmarkRowReaderKey(b *testing.B) { benchRaw(b, lineitems(20_000), []string{"l_orderkey"}) }

func BenchmarkRowReaderKeyFour(b *testing.B) {
	benchRaw(b, lineitems(20_000), []string{"l_orderkey", "l_suppkey", "l_extendedprice", "l_discount"})
}

func BenchmarkRowReaderKeySecond(b *testing.B) {
	benchSecond(b, lineitems(20_000), []string{"l_orderkey"}, []string{"l_suppkey", "l_extendedprice", "l_discount"})
}

// partsupps are rows shaped as TPC-H's partsupp: a long comment of words
// whose letters are the rare bytes of the other names.
func partsupps(n int) []byte {
	rng := rand.New(rand.NewPCG(7, 8))
	const words = "carefully ironic deposits use against the carefully unusual accounts. slyly silent platelets nag blithely quickly pending theodolites. quickly"
	var raw bytes.Buffer
	for i := range n {
		fmt.Fprintf(&raw, `{"ps_partkey":%d,"ps_suppkey":%d,"ps_availqty":%d,"ps_supplycost":%d.%02d,"ps_comment":"%s","ps_partgroup":%d}`+"\n",
			i/4, rng.IntN(10000), rng.IntN(10000), rng.IntN(1000), rng.IntN(100), words[:60+rng.IntN(80)], i/10000)
	}
	return raw.Bytes()
}

// BenchmarkRowReaderPartsupp extracts partsupp's four numbers, as TPC-H's
// Q11 does.
func BenchmarkRowReaderPartsupp(b *testing.B) {
	benchRaw(b, partsupps(20_000), []string{"ps_partkey", "ps_suppkey", "ps_availqty", "ps_supplycost"})
}

// BenchmarkRowReaderPartsuppTwo extracts partsupp's two keys, as TPC-H's
// Q16 and Q20 do: the first two members, before the long comment.
func BenchmarkRowReaderPartsuppTwo(b *testing.B) {
	benchRaw(b, partsupps(20_000), []string{"ps_partkey", "ps_suppkey"})
}

// BenchmarkRowReaderKeyTwo extracts lineitem's first and third members,
// as a join on l_orderkey that reads l_suppkey does.
func BenchmarkRowReaderKeyTwo(b *testing.B) {
	benchRaw(b, lineitems(20_000), []string{"l_orderkey", "l_suppkey"})
}
