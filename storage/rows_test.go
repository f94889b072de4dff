package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestMasksKernel checks the kernel in use (the assembly one on amd64
// with AVX2) against the portable one, on bytes rich in what it marks.
func TestMasksKernel(t *testing.T) {
	if !hasAVX2 {
		t.Log("no AVX2 here: the portable kernel is the one in use")
	}
	rng := rand.New(rand.NewPCG(4, 2))
	const alphabet = "\"\\{[]}\n:, ag\x00\xff\x7fmr"
	for range 500 {
		b := make([]byte, 64*(1+rng.IntN(8)))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = byte(rng.IntN(256))
			} else {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		targets := rng.Uint32()
		if rng.IntN(2) == 0 {
			targets = 0x67676d72 // 'r', 'm', 'g', 'g'
		}
		n := len(b) / 64
		got := newMasks(n)
		want := newMasks(n)
		structMasks(b, targets, got)
		masksGeneric(b, targets, want)
		for k := range n {
			if g, w := got.word(k), want.word(k); g != w {
				t.Fatalf("targets %08x, word %d of %q:\ngot  %x\nwant %x", targets, k, b, g, w)
			}
		}
	}
	// Without colons and spaces asked, the others are as with them, and
	// nothing is written past them.
	b := bytes.Repeat([]byte("{\"a\": \"b:c\"}\n"), 40)
	var with, without masks
	with.fill(b, 0x61616161, true)
	without.fill(b, 0x61616161, false)
	if len(without.colons) != 0 || len(with.colons) != len(with.quotes) {
		t.Fatalf("colons %d without, %d with, of %d words", len(without.colons), len(with.colons), len(with.quotes))
	}
	for k := range with.quotes {
		if g, w := without.word5(k), with.word5(k); g != w {
			t.Fatalf("word %d without colons: %x, with: %x", k, g, w)
		}
	}
	// Each kind of byte lands on its own bit, in every position of a word.
	for pos := range 64 {
		for _, c := range []byte{'"', '\\', '{', '[', '\n', 'g', 0x80, 0xff, ':', ' ', '\t', 0, '!', 0x7f} {
			b := bytes.Repeat([]byte{'.'}, 128)
			b[64+pos] = c
			m := newMasks(2)
			structMasks(b, 'g'*0x01010101, m)
			bit := uint64(1) << pos
			want := [7]uint64{}
			switch c {
			case 'g':
				want[0] = bit
			case '\\', '{', '[':
				want[1] = bit
			case '\n':
				want[2] = bit
				want[6] = bit
			case '"':
				want[3] = bit
			case 0x80, 0xff:
				want[4] = bit
			case ':':
				want[5] = bit
			case ' ', '\t', 0:
				want[6] = bit
			}
			got := m.word(1)
			if got != want || m.word(0) != [7]uint64{} {
				t.Fatalf("%q at %d: got %x, want %x in word 1 and nothing in word 0", c, 64+pos, got, want)
			}
		}
	}
}

// newMasks returns masks of n words.
func newMasks(n int) masks {
	w := func() []uint64 { return make([]uint64, n) }
	return masks{w(), w(), w(), w(), w(), w(), w()}
}

// word returns word k of each mask, in the order of the struct's fields.
func (m masks) word(k int) [7]uint64 {
	return [7]uint64{m.hits[k], m.specials[k], m.newlines[k], m.quotes[k], m.high[k], m.colons[k], m.spaces[k]}
}

// word5 returns word k of the masks filled always.
func (m masks) word5(k int) [5]uint64 {
	return [5]uint64{m.hits[k], m.specials[k], m.newlines[k], m.quotes[k], m.high[k]}
}

// readAll reads every line of the stream with next, and the error that
// ended it (nil for io.EOF).
func readAll(next func() ([]byte, error), line func() int) (lines []string, n int, err error) {
	for {
		l, err := next()
		if err == io.EOF {
			return lines, line(), nil
		}
		if err != nil {
			return lines, line(), err
		}
		lines = append(lines, string(l))
	}
}

// checkSameLines reads data with a RowReader and a LineReader through
// wrap and wants the same lines, line count and error.
func checkSameLines(t *testing.T, data []byte, size int, names []string, wrap func(io.Reader) io.Reader) {
	t.Helper()
	var e *Extractor
	if names != nil {
		e = NewExtractor(names)
	}
	rr := NewRowReader(wrap(bytes.NewReader(data)), size, e)
	lr := NewLineReader(wrap(bytes.NewReader(data)), size)
	got, gotN, gotErr := readAll(rr.Next, rr.Line)
	want, wantN, wantErr := readAll(lr.Next, lr.Line)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotN != wantN || strings.Join(got, "\n") != strings.Join(want, "\n") ||
		len(got) != len(want) {
		t.Fatalf("%q (buffer %d, names %q):\nrows:  %d lines, line %d, %v: %q\nlines: %d lines, line %d, %v: %q",
			data, size, names, len(got), gotN, gotErr, got, len(want), wantN, wantErr, want)
	}
}

// TestRowReaderLines: the row reader splits any stream into the lines
// the line reader gives, with any buffer, any reader and any extractor.
func TestRowReaderLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pieces := []string{"", "\r", "{\"a\":1}", `{"region":"gwangju","amount":12}`, "x", strings.Repeat("y", 5000),
		strings.Repeat("{\"g\":\"m\"}", 700), "\x00", "\"\\"}
	wraps := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
	}
	for i := range 300 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			if rng.IntN(5) > 0 {
				b.WriteByte('\n')
			}
		}
		data := []byte(b.String())
		names := [][]string{nil, {"a"}, {"region", "amount"}, {"a", "b", "c", "d", "e"}, {`k"`}}[i%5]
		for name, wrap := range wraps {
			t.Run(name, func(t *testing.T) {
				checkSameLines(t, data, []int{16, 4096, 10000}[i%3], names, wrap)
			})
		}
	}
}

// TestRowReaderLimits: a line over the limit is the same error at the
// same line, whether it ends in '\n' or the stream; a read error ends the
// stream after the lines before it.
func TestRowReaderLimits(t *testing.T) {
	withMaxLine(t, 10_000)
	for _, data := range []string{
		"{}\n" + strings.Repeat("a", 10_000) + "\n{}\n",
		"{}\n" + strings.Repeat("a", 10_001) + "\n{}\n",
		"{}\n" + strings.Repeat("a", 10_001),
		strings.Repeat("a", 10_000),
		strings.Repeat("a", 30_000) + "\n",
	} {
		checkSameLines(t, []byte(data), 4096, []string{"a"}, func(r io.Reader) io.Reader { return r })
	}
	rr := NewRowReader(io.MultiReader(strings.NewReader("{\"a\":1}\n{\"a\""), iotest.ErrReader(errors.New("disk gone"))), 4096, NewExtractor([]string{"a"}))
	lines, _, err := readAll(rr.Next, rr.Line)
	if len(lines) != 1 || err == nil || err.Error() != "disk gone" {
		t.Fatalf("got %q, %v; want one line, then the read error", lines, err)
	}
}

// rowsExtract extracts line (without '\n') through a RowReader, after
// pad rows that move it to another offset of the block and its masks. It
// also takes the members by the quote walk, and as a second phase through
// a reader of other names (ExtractWith), and reports an error when
// either disagrees.
func rowsExtract(e *Extractor, line string, pad int, vals [][]byte) (bool, error) {
	data := strings.Repeat("{\"pad\":1}\n", pad) + line + "\n"
	read := func(first *Extractor) (*RowReader, error) {
		rr := NewRowReader(strings.NewReader(data), 4096, first)
		for range pad + 1 {
			if _, err := rr.Next(); err != nil {
				return nil, err
			}
		}
		return rr, nil
	}
	rr, err := read(e)
	if err != nil {
		return false, err
	}
	plain, err := rr.Extract(vals)
	if err != nil {
		return plain, err
	}
	same := func(how string, got [][]byte) error {
		for i := range vals {
			if string(got[i]) != string(vals[i]) || (got[i] == nil) != (vals[i] == nil) {
				return fmt.Errorf("%s: member %d: %q, but Extract gives %q", how, i, got[i], vals[i])
			}
		}
		return nil
	}
	if rr.nm && e.bare != nil {
		got := make([][]byte, len(vals))
		if e.fromQuotes(rr.buf, rr.lineLo, rr.lineHi, &rr.m, got) {
			if err := same("fromQuotes", got); err != nil {
				return plain, err
			}
		}
	}
	other, err := read(NewExtractor([]string{"pad"}))
	if err != nil {
		return plain, err
	}
	got := make([][]byte, len(vals))
	if _, err := other.ExtractWith(e, got); err != nil {
		return plain, fmt.Errorf("ExtractWith: %w", err)
	}
	return plain, same("ExtractWith", got)
}

// FuzzRowReader feeds a stream to the row reader: its lines must be the
// line reader's, and each line that is a JSON object must give through
// Extract what encoding/json gives; other lines must not panic it.
func FuzzRowReader(f *testing.F) {
	f.Add("{\"a\":1}\n{\"a\":2,\"a\":3}\r\n\n{\"a\":\"x\",\"b\":[1]}", "a", uint16(5))
	f.Add(`{"region":"gwangju","amount":12}`+"\n"+`{"amount":"region","region":1}`, "region", uint16(40))
	for _, s := range fuzzSeeds {
		f.Add(s+"\n"+s, "a", uint16(0))
	}
	for _, s := range testdataLines(f) {
		f.Add(s, "amount", uint16(3))
	}
	f.Fuzz(func(t *testing.T, data, name string, size uint16) {
		checkSameLines(t, []byte(data), int(size), []string{name, "a"}, func(r io.Reader) io.Reader { return r })
		e := NewExtractor([]string{name, "a"})
		rr := NewRowReader(strings.NewReader(data), int(size), e)
		vals := make([][]byte, 2)
		for {
			line, err := rr.Next()
			if err != nil {
				return
			}
			_, err = rr.Extract(vals)
			var m map[string]json.RawMessage
			if json.Unmarshal(line, &m) != nil || m == nil {
				continue
			}
			if err != nil {
				t.Fatalf("%q: %v on a valid object", line, err)
			}
			for i, n := range []string{name, "a"} {
				if want, ok := m[n]; string(vals[i]) != string(want) || ok != (vals[i] != nil) {
					t.Fatalf("%q: name %q: got %q, want %q", line, n, vals[i], want)
				}
			}
		}
	})
}

// TestQuotesNamesOfOneLength: the quote walk tells apart names of one
// length by one byte and then compares the whole name, so a member whose
// name shares that byte with a wanted one but differs elsewhere is not
// taken, a name asked for twice is given twice, and names of one length
// that no single byte tells apart are each compared. Every result is
// encoding/json's, for every subset of the names asked in any order.
func TestQuotesNamesOfOneLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	keys := []string{"l_tax", "l_tab", "m_tax", "l_ta", "ab", "ba", "aa", "bb", "x", "l_discount", "l_quantity", "k_discount", "",
		// Names of 8 bytes and more are compared by their first and last
		// 8 bytes, and past 16 by their middle too: these differ in one.
		"abcdefgh", "abcdefgi", "bbcdefgh", "l_extendedprice", "l_extendedpricx", "m_extendedprice",
		"l_extendAAAAAAAAed_price", "l_extendAAAABAAAed_price", "l_extendAAAAAAAAed_pricf"}
	for i := range 3000 {
		var b strings.Builder
		b.WriteByte('{')
		for k := range 1 + rng.IntN(9) {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:", keys[rng.IntN(len(keys))])
			switch rng.IntN(4) {
			case 0:
				fmt.Fprintf(&b, "%q", keys[rng.IntN(len(keys))]) // a value that spells a name
			case 1:
				fmt.Fprintf(&b, "%d.%d", rng.IntN(1000), rng.IntN(100))
			case 2:
				b.WriteString("null")
			default:
				fmt.Fprintf(&b, "\"v%d\"", i)
			}
		}
		b.WriteByte('}')
		line := b.String()
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		names := make([]string, 1+rng.IntN(6))
		for j := range names {
			names[j] = keys[rng.IntN(len(keys))]
		}
		e := NewExtractor(names)
		vals := make([][]byte, len(names))
		if _, err := rowsExtract(e, line, i%5, vals); err != nil {
			t.Fatalf("%q, names %q: %v", line, names, err)
		}
		for j, n := range names {
			if want, ok := m[n]; string(vals[j]) != string(want) || ok != (vals[j] != nil) {
				t.Fatalf("%q: name %q: got %q, want %q", line, n, vals[j], want)
			}
		}
	}
}

// TestRowReaderWalksWordyRows: a reader of two or three names whose rows
// hold long texts of the names' rare bytes weighs its first lines and
// takes the rest by the walk (walkFor); rows of few such bytes keep the
// masks, and so does a reader of one name; four names walk either way.
// Every member is encoding/json's.
func TestRowReaderWalksWordyRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	all := []string{"ps_partkey", "ps_suppkey", "ps_availqty", "ps_supplycost"}
	for _, n := range []int{4, 3, 2, 1} {
		names := all[:n]
		for _, wordy := range []bool{true, false} {
			walkWordy(t, rng, names, wordy)
		}
	}
}

// walkWordy reads 500 rows, wordy or not, with a reader of names.
func walkWordy(t *testing.T, rng *rand.Rand, names []string, wordy bool) {
	t.Helper()
	var b strings.Builder
	for i := range 500 {
		// Wordy rows: a comment of the names' rare bytes. The others:
		// twenty more members, of many quotes and none of those bytes.
		text, more := strings.Repeat("kick quickly kayak key ", 1+rng.IntN(4)), ""
		if !wordy {
			text = "x"
			for j := range 20 {
				more += fmt.Sprintf(`,"a%d":"e%d"`, j, j)
			}
		}
		fmt.Fprintf(&b, `{"ps_partkey":%d,"ps_suppkey":%d,"ps_comment":%q,"ps_availqty":%d,"ps_supplycost":%d.%02d%s}`+"\n",
			i, rng.IntN(100), text, rng.IntN(1000), rng.IntN(1000), rng.IntN(100), more)
	}
	data := b.String()
	rr := NewRowReader(strings.NewReader(data), 4096, NewExtractor(names))
	vals := make([][]byte, len(names))
	for {
		line, err := rr.Next()
		if err != nil {
			break
		}
		if _, err := rr.Extract(vals); err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		for i, n := range names {
			if string(vals[i]) != string(m[n]) {
				t.Fatalf("wordy %v, %q: %s = %q, want %q", wordy, line, n, vals[i], m[n])
			}
		}
	}
	if want := len(names) == 4 || wordy && len(names) > 1; rr.walks.choice != want {
		t.Errorf("%d names, wordy rows %v: the reader walks %v", len(names), wordy, rr.walks.choice)
	}
}

// TestRowReaderReuse: a reader reused for another stream and extractor
// reads it as a new reader does (the same lines, numbered from 1, the
// same members, the same choice of walk on its own first lines), with its
// buffer when that is of the size asked, and a new one after a long
// line grew it.
func TestRowReaderReuse(t *testing.T) {
	names := []string{"ps_partkey", "ps_suppkey", "ps_availqty"}
	rows := func(wordy bool, long int) string {
		var b strings.Builder
		for i := range 300 {
			text := "x"
			if wordy {
				text = strings.Repeat("quickly slyly blithely key ", 1+i%4)
			}
			if i == 7 {
				text = strings.Repeat("z", long)
			}
			fmt.Fprintf(&b, `{"ps_partkey":%d,"ps_comment":%q,"ps_suppkey":%d,"ps_availqty":%d,"q":"%s"}`+"\n",
				i, text, i%17, i*3, strings.Repeat(`\"`, i%5))
		}
		return b.String()
	}
	read := func(rr *RowReader, names []string) (out []string, walks bool) {
		vals := make([][]byte, len(names))
		for {
			line, err := rr.Next()
			if err == io.EOF {
				return out, rr.walks.choice
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rr.Extract(vals); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%d %q %q", rr.Line(), line, vals))
		}
	}
	rr := NewRowReader(strings.NewReader(rows(true, 10_000)), 4096, NewExtractor(names))
	_, walked := read(rr, names)
	if !walked || len(rr.buf) == 4096 {
		t.Fatalf("the first stream: walks %v, buffer %d (want a walk and a grown buffer)", walked, len(rr.buf))
	}
	for _, c := range []struct {
		data  string
		names []string
	}{
		{rows(false, 10), names[:2]},
		{rows(true, 10), names},
		{rows(false, 10), names[1:]},
	} {
		grown := len(rr.buf) != 4096
		buf := &rr.buf[0]
		rr.Reuse(strings.NewReader(c.data), 4096, NewExtractor(c.names))
		if len(rr.buf) != 4096 || !grown && &rr.buf[0] != buf {
			t.Fatalf("reused: buffer of %d bytes, the same %v (grown before: %v)", len(rr.buf), &rr.buf[0] == buf, grown)
		}
		got, gotWalks := read(rr, c.names)
		want, wantWalks := read(NewRowReader(strings.NewReader(c.data), 4096, NewExtractor(c.names)), c.names)
		if !slices.Equal(got, want) || gotWalks != wantWalks {
			t.Fatalf("%v: reused reader walks %v, a new one %v; lines\n%s\nwant\n%s", c.names, gotWalks, wantWalks,
				strings.Join(got[:3], "\n"), strings.Join(want[:3], "\n"))
		}
	}
}
