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

// benchRows reads lines and extracts names from each, as a scan does:
// with the block reader and its masks, or (lines) the line reader and
// ExtractPlain, which it replaced.
func benchRows(b *testing.B, names []string, lines bool) {
	raw := orders(b, 10_000)
	if !lines {
		benchRaw(b, raw, names)
		return
	}
	e := storage.NewExtractor(names)
	vals := make([][]byte, len(names))
	lr := storage.NewLineReader(bytes.NewReader(raw), 256<<10)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		lr.Reset(bytes.NewReader(raw))
		for {
			line, err := lr.Next()
			if err == nil {
				_, err = e.ExtractPlain(line, vals)
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchRaw reads the rows of raw with the block reader and extracts names
// from each, as a scan does.
func benchRaw(b *testing.B, raw []byte, names []string) {
	e := storage.NewExtractor(names)
	vals := make([][]byte, len(names))
	rr := storage.NewRowReader(bytes.NewReader(raw), 256<<10, e)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		rr.Reset(bytes.NewReader(raw))
		for {
			_, err := rr.Next()
			if err == nil {
				_, err = rr.Extract(vals)
			}
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
func BenchmarkRowReader(b *testing.B) { benchRows(b, []string{"region", "amount"}, false) }

// BenchmarkRowReaderOne extracts one field, as a COUNT/SUM query does.
func BenchmarkRowReaderOne(b *testing.B) { benchRows(b, []string{"amount"}, false) }

// BenchmarkLineReader is BenchmarkRowReader the way scans read before.
func BenchmarkLineReader(b *testing.B) { benchRows(b, []string{"region", "amount"}, true) }

// BenchmarkRowReaderWide extracts four fields of wide rows (30 members
// of CamelCase names that share their capitals, as ClickBench's hits do),
// the first member among them, as GROUP BY WatchID, ClientIP with two
// sums does.
func BenchmarkRowReaderWide(b *testing.B) {
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
	benchRaw(b, raw.Bytes(), []string{"WatchID", "ClientIP", "IsRefresh", "ResolutionWidth"})
}
