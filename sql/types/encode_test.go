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
		DateValue(-3), TimestampValue(1 << 50), IntervalValue(2, -5), StringValue(""), StringValue("héllo\x00"),
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
	rest := buf
	for i, want := range vals {
		got, r, err := ReadValue(rest)
		if err != nil {
			t.Fatalf("value %d (%#v): %v", i, want, err)
		}
		rest = r
		same := got.K == want.K && got.I == want.I && got.S == want.S
		if !same {
			t.Fatalf("value %d: wrote %#v, read %#v", i, want, got)
		}
	}
	if len(rest) != 1 || rest[0] != 0xff {
		t.Fatalf("left %v after the values, want [255]", rest)
	}
	// Every cut of an encoding is an error, never a panic or a value.
	one := AppendValue(nil, Value{K: String, I: 300, S: "abcdef"})
	for n := range len(one) {
		if _, _, err := ReadValue(one[:n]); err == nil {
			t.Errorf("a cut of %d of %d bytes decoded", n, len(one))
		}
	}
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
		TimestampValue(3 * 86400e6), IntervalValue(1, 2), {K: Int, I: 15, S: "15"}, {K: String, I: 1, S: "x"}}
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
	rest := key
	for i, want := range vals {
		got, r, err := ReadKey(rest)
		if err != nil {
			t.Fatalf("value %d (%#v): %v", i, want, err)
		}
		if got != want {
			t.Fatalf("value %d: wrote %#v, read %#v", i, want, got)
		}
		rest = r
	}
	if len(rest) != 0 {
		t.Fatalf("%d bytes left after the values", len(rest))
	}
	for _, v := range vals[1:] {
		one := AppendKey(nil, v)
		for n := range len(one) {
			if _, _, err := ReadKey(one[:n]); err == nil {
				t.Errorf("a cut of %d of %d bytes of %#v decoded", n, len(one), v)
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
