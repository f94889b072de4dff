package types

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestValueEncodingRoundTrips(t *testing.T) {
	vals := []Value{{}, BoolValue(true), BoolValue(false), IntValue(0), IntValue(-1), IntValue(math.MinInt64),
		IntValue(math.MaxInt64), {K: Int, I: 15, S: "15"}, FloatValue(0), FloatValue(math.Copysign(0, -1)),
		FloatValue(math.NaN()), FloatValue(math.Inf(-1)), FloatValue(1.5), {K: Huge, S: "99999999999999999999"},
		DateValue(-3), TimestampValue(1 << 50), IntervalValue(2, 3, -5), StringValue(""), StringValue("héllo\x00"),
		JSONValue(`{"a":[1]}`)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		vals = append(vals, Value{K: Kind(r.IntN(int(JSON) + 1)), I: r.Int64() >> r.IntN(64),
			S: string(rune(r.IntN(0x10000)))}, FloatValue(r.NormFloat64()))
	}
	var buf []byte
	for _, v := range vals {
		buf = AppendValue(buf, v)
	}
	buf = append(buf, 0xff) // what follows the values is left alone
	for name, read := range map[string]reader{"ReadValue": ReadValue, "ReadValueInPlace": ReadValueInPlace} {
		rest := readBack(t, name, read, buf, vals)
		if len(rest) != 1 || rest[0] != 0xff {
			t.Fatalf("%s: left %v after the values, want [255]", name, rest)
		}
		// Every cut of an encoding is an error, never a panic or a value.
		one := AppendValue(nil, Value{K: String, I: 300, S: "abcdef"})
		for n := range len(one) {
			if _, _, err := read(one[:n]); err == nil {
				t.Errorf("%s: a cut of %d of %d bytes decoded", name, n, len(one))
			}
		}
	}
}

// TestInPlaceReadsShareTheirBytes: the texts that ReadValueInPlace and
// ReadKeyInPlace read are the encoding's bytes (a change to them shows),
// those of ReadValue and ReadKey copies (it does not).
func TestInPlaceReadsShareTheirBytes(t *testing.T) {
	v := StringValue("abcdef")
	for _, c := range []struct {
		name       string
		enc        []byte
		copy, here reader
	}{
		{"value", AppendValue(nil, v), ReadValue, ReadValueInPlace},
		{"key", AppendKey(nil, v), ReadKey, ReadKeyInPlace},
	} {
		copied, _, err1 := c.copy(c.enc)
		shared, _, err2 := c.here(c.enc)
		if err1 != nil || err2 != nil || copied != v || shared != v {
			t.Fatalf("%s: read %#v (%v) and %#v (%v), want %#v", c.name, copied, err1, shared, err2, v)
		}
		c.enc[len(c.enc)-1] = 'X'
		if copied.S != "abcdef" || shared.S != "abcdeX" {
			t.Errorf("%s: after a change to the encoding, the copy reads %q (want abcdef), the shared %q (want abcdeX)", c.name, copied.S, shared.S)
		}
	}
}

// reader reads a value from the start of an encoding and returns the rest.
type reader func([]byte) (Value, []byte, error)

// readBack reads vals back from enc with read, each as it was written
// (its kind, number and text), and returns what follows them.
func readBack(t *testing.T, name string, read reader, enc []byte, vals []Value) []byte {
	t.Helper()
	for i, want := range vals {
		got, rest, err := read(enc)
		if err != nil {
			t.Fatalf("%s: value %d (%#v): %v", name, i, want, err)
		}
		if got != want {
			t.Fatalf("%s: value %d: wrote %#v, read %#v", name, i, want, got)
		}
		enc = rest
	}
	return enc
}

// TestKeysReadBackExactly: a value KeyExact accepts is read back from its
// group key as it was; those it refuses are the ones a key cannot tell
// apart from another value (a whole DOUBLE from its integer, a DATE from
// its midnight TIMESTAMP) or that carry more than the key says.
func TestKeysReadBackExactly(t *testing.T) {
	vals := []Value{{}, BoolValue(true), BoolValue(false), IntValue(0), IntValue(-1), IntValue(math.MinInt64),
		IntValue(math.MaxInt64), {K: Huge, S: "99999999999999999999"}, StringValue(""), StringValue("héllo\x00"),
		StringValue(string(make([]byte, 300))), JSONValue(`{"a":[1]}`)}
	refused := []Value{FloatValue(2), FloatValue(1.5), FloatValue(math.Copysign(0, -1)), DateValue(3),
		TimestampValue(3 * 86400e6), IntervalValue(1, 2, 3), {K: Int, I: 15, S: "15"}, {K: String, I: 1, S: "x"}}
	for _, v := range refused {
		if KeyExact(v) {
			t.Errorf("KeyExact(%#v) = true", v)
		}
	}
	var key []byte
	for _, v := range vals {
		if !KeyExact(v) {
			t.Fatalf("KeyExact(%#v) = false", v)
		}
		key = AppendKey(key, v)
	}
	for name, read := range map[string]reader{"ReadKey": ReadKey, "ReadKeyInPlace": ReadKeyInPlace} {
		rest := readBack(t, name, read, key, vals)
		if len(rest) != 0 {
			t.Fatalf("%s: %d bytes left after the values", name, len(rest))
		}
		for _, v := range vals[1:] {
			one := AppendKey(nil, v)
			for n := range len(one) {
				if _, _, err := read(one[:n]); err == nil {
					t.Errorf("%s: a cut of %d of %d bytes of %#v decoded", name, n, len(one), v)
				}
			}
		}
	}
}

// TestDaysInCountsAsTimeDate: the days of every month of years around the
// calendar's edges are time.Date's.
func TestDaysInCountsAsTimeDate(t *testing.T) {
	for y := -450; y <= 2500; y++ {
		for m := 1; m <= 12; m++ {
			if got, want := daysIn(y, m), time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day(); got != want {
				t.Fatalf("daysIn(%d, %d) = %d, want %d", y, m, got, want)
			}
		}
	}
}
