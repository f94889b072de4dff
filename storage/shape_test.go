package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// shapeKeys are names that a shape must tell apart: of 1 to 7 bytes
// (checked with their opening quote in one word), of 8 to 15 (a head and
// a tail), and longer (words between), in pairs that differ in one byte
// of each part, or that one ends the other.
var shapeKeys = []string{"a", "b", "ab", "xab", "l_tax", "l_tab", "m_tax", "abcdefg", "bbcdefg",
	"abcdefgh", "abcdefgi", "bbcdefgh", "xabcdefgh", "l_discount", "l_quantity", "k_discount",
	"l_extendedprice", "l_extendedpricx", "m_extendedprice", "l_extendedprice1",
	"l_extendAAAAAAAAed_price", "l_extendAAAABAAAed_price", "l_extendAAAAAAAAed_pricf",
	"l_extendAAAAAAAAAAAAAAAAAAAed_price", "l_extendAAAAAAAAAAAAAAAABAAed_price"}

// shapeStream writes n rows, most of them with the names of the row
// before in the same order (as one writer's rows are), the others
// changed: a name renamed, moved, dropped, added or repeated, at the
// start, the middle or the end. Values are numbers, literals, and
// strings that hold ':', ',', spaces or a name; a few rows have spaces
// outside their strings, or a '{' inside one (not flat), and some lines
// are long enough to cross the reader's block.
func shapeStream(rng *rand.Rand, n int) []string {
	names := []string{"l_discount", "a", "l_extendedprice"}
	var rows []string
	for i := range n {
		if rng.IntN(3) == 0 {
			k := rng.IntN(len(names) + 1)
			key := shapeKeys[rng.IntN(len(shapeKeys))]
			switch rng.IntN(4) {
			case 0: // rename
				if k < len(names) {
					names[k] = key
				}
			case 1: // add (maybe a repeat)
				names = append(names[:k], append([]string{key}, names[k:]...)...)
			case 2: // drop
				if k < len(names) && len(names) > 1 {
					names = append(names[:k], names[k+1:]...)
				}
			default: // move
				if k < len(names) {
					j := rng.IntN(len(names))
					names[k], names[j] = names[j], names[k]
				}
			}
		}
		var b strings.Builder
		spaced := rng.IntN(20) == 0
		b.WriteByte('{')
		for k, name := range names {
			if k > 0 {
				b.WriteByte(',')
			}
			if spaced && rng.IntN(2) == 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%q:", name)
			switch rng.IntN(7) {
			case 0:
				fmt.Fprintf(&b, "%d", rng.IntN(100000)-50)
			case 1:
				fmt.Fprintf(&b, "%d.%02d", rng.IntN(1000), rng.IntN(100))
			case 2:
				b.WriteString([]string{"null", "true", "false"}[rng.IntN(3)])
			case 3:
				fmt.Fprintf(&b, "%q", shapeKeys[rng.IntN(len(shapeKeys))]+":")
			case 4:
				fmt.Fprintf(&b, "\"a:b, c %d\"", i)
			case 5:
				if rng.IntN(10) == 0 {
					b.WriteString(`"x{y"`)
				} else {
					b.WriteString(`""`)
				}
			default:
				fmt.Fprintf(&b, "%q", strings.Repeat("w", rng.IntN(300)))
			}
		}
		b.WriteByte('}')
		rows = append(rows, b.String())
	}
	return rows
}

// TestShapesFollowTheRows reads streams of rows whose names change as
// shapeStream's do, through a reader's own extractor and a second one
// (its other shape), and wants every member encoding/json gives. Rows
// without spaces outside their strings and without '{' in them must be
// taken by fromColons (with the shape the rows before left) once the
// reader marks its blocks for it, so that a fromColons that gives up
// passes no row.
func TestShapesFollowTheRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	marked := 0
	for round := range 200 {
		rows := shapeStream(rng, 50+rng.IntN(100))
		pick := func() []string {
			names := make([]string, 1+rng.IntN(6))
			for j := range names {
				names[j] = shapeKeys[rng.IntN(len(shapeKeys))]
			}
			return names
		}
		first, second := pick(), pick()
		if round%4 == 0 {
			second = append(second, second[0]) // a name asked twice
		}
		e1, e2 := NewExtractor(first), NewExtractor(second)
		data := strings.Join(rows, "\n") + "\n"
		rr := NewRowReader(strings.NewReader(data), 4096+rng.IntN(4096), e1)
		v1, v2 := make([][]byte, len(first)), make([][]byte, len(second))
		// The same shapes, for fromColons called on its own.
		var s1, s2 shape
		for i, row := range rows {
			line, err := rr.Next()
			if err != nil || string(line) != row {
				t.Fatalf("round %d row %d: %q, %v", round, i, line, err)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatal(err)
			}
			check := func(how string, names []string, vals [][]byte) {
				t.Helper()
				for j, n := range names {
					if want, ok := m[n]; string(vals[j]) != string(want) || ok != (vals[j] != nil) {
						t.Fatalf("round %d row %d, %s: %q: name %q: got %q, want %q", round, i, how, line, n, vals[j], want)
					}
				}
			}
			if _, err := rr.Extract(v1); err != nil {
				t.Fatal(err)
			}
			check("Extract", first, v1)
			if _, err := rr.ExtractWith(e2, v2); err != nil {
				t.Fatal(err)
			}
			check("ExtractWith", second, v2)
			if !rr.nm {
				continue
			}
			compact := !bytes.HasPrefix(line, []byte("{ ")) && !bytes.Contains(line, []byte(", \"")) &&
				!bytes.Contains(line, []byte("x{y"))
			for _, c := range []struct {
				e     *Extractor
				sh    *shape
				names []string
				vals  [][]byte
			}{{e1, &s1, first, v1}, {e2, &s2, second, v2}} {
				ok := c.e.fromColons(rr.buf, rr.lineLo, rr.lineHi, &rr.m, c.sh, c.vals)
				if ok != (compact && len(rr.m.colons) > 0) {
					t.Fatalf("round %d row %d: fromColons %v on %q", round, i, ok, line)
				}
				if ok {
					check("fromColons", c.names, c.vals)
					marked++
				}
			}
		}
	}
	t.Logf("%d rows taken by fromColons", marked)
	if marked < 5000 {
		t.Fatalf("only %d rows taken by fromColons", marked)
	}
}

// TestShapeMemberLayout: the assembly's offsets of a shapeMember's fields
// (shape_amd64.s).
func TestShapeMemberLayout(t *testing.T) {
	var mk shapeMember
	got := []uintptr{unsafe.Sizeof(mk), unsafe.Offsetof(mk.tail), unsafe.Offsetof(mk.tmask), unsafe.Offsetof(mk.head),
		unsafe.Offsetof(mk.mid), unsafe.Offsetof(mk.n), unsafe.Offsetof(mk.j)}
	if want := []uintptr{64, 0, 8, 16, 24, 48, 56}; !slices.Equal(got, want) {
		t.Fatalf("size and offsets %v, the assembly's %v", got, want)
	}
}

// TestMatchAgreesWithGo: match (in assembly on amd64) gives matchGo's
// answer, where it stopped and where the wanted names end, for the
// shapes of streams of rows (shapeStream) checked against the rows that
// follow them, names of more than 15 bytes left out (those go to
// matchGo).
func TestMatchAgreesWithGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	short := slices.DeleteFunc(slices.Clone(shapeKeys), func(k string) bool { return len(k) > 15 })
	compared := 0
	for round := range 300 {
		rows := shapeStream(rng, 40+rng.IntN(60))
		names := make([]string, 1+rng.IntN(5))
		for j := range names {
			names[j] = short[rng.IntN(len(short))]
		}
		e := NewExtractor(names)
		data := []byte(strings.Join(rows, "\n") + "\n")
		var m masks
		m.fill(data, e.targets, true)
		var sh shape
		vals := make([][]byte, len(names))
		lo := 0
		for i := range rows {
			hi := lo + len(rows[i])
			if sh.valid && !sh.long {
				last := hi - lo - 1
				if ncs, ok := nameEnds(&m, lo, lo+last, nil); ok {
					at1, at2 := make([]int, len(names)), make([]int, len(names))
					for j := range at1 {
						at1[j], at2[j] = -1, -1
					}
					w1, r1, k1 := sh.matchGo(data, ncs, lo>>6, lo, at1)
					w2, r2, k2 := sh.match(data, ncs, lo>>6, lo, at2)
					if w1 != w2 || r1 != r2 || k1 != k2 || !slices.Equal(at1, at2) {
						t.Fatalf("round %d row %d %q: matchGo %d %x %d %v, match %d %x %d %v", round, i, rows[i],
							w1, r1, k1, at1, w2, r2, k2, at2)
					}
					compared++
				}
			}
			e.fromColons(data, lo, hi, &m, &sh, vals)
			lo = hi + 1
		}
	}
	if compared < 5000 {
		t.Fatalf("only %d rows compared", compared)
	}
}

// TestNameEndsAgreesWithGo: nameEnds (in assembly on amd64) gives
// nameEndsGo's answer on random masks and rows of every length and
// place: whether the row has whitespace outside its strings, and else
// its names' ends, a word each.
func TestNameEndsAgreesWithGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	words := func(n int, density int) []uint64 {
		w := make([]uint64, n)
		for i := range w {
			for range density {
				w[i] |= 1 << rng.IntN(64)
			}
		}
		return w
	}
	agreed := [2]int{}
	for range 20000 {
		n := 1 + rng.IntN(12)
		m := masks{quotes: words(n, 1+rng.IntN(24)), colons: words(n, rng.IntN(12)), spaces: words(n, rng.IntN(3))}
		if rng.IntN(2) == 0 {
			m.spaces = make([]uint64, n) // no whitespace at all
		}
		lo := rng.IntN(64 * n)
		end := lo + rng.IntN(64*n-lo)
		want, wok := nameEndsGo(&m, lo, end, nil)
		got, gok := nameEnds(&m, lo, end, make([]uint64, rng.IntN(3)))
		if wok != gok || wok && !slices.Equal(want, got) {
			t.Fatalf("lo %d end %d of %d words (quotes %x colons %x spaces %x): Go %v %x, nameEnds %v %x",
				lo, end, n, m.quotes, m.colons, m.spaces, wok, want, gok, got)
		}
		if wok {
			agreed[1]++
		} else {
			agreed[0]++
		}
	}
	if agreed[0] < 1000 || agreed[1] < 1000 {
		t.Fatalf("rows with and without whitespace outside strings: %v", agreed)
	}
}
