package types

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAppendJSONStringRoundTrips: a string written as JSON is valid JSON
// that reads back as the string, each invalid byte of it as U+FFFD, for
// strings of runs of plain ASCII, quotes, backslashes, control bytes,
// DEL, multi-byte characters, U+2028, and invalid bytes; plain text is
// written as it is.
func TestAppendJSONStringRoundTrips(t *testing.T) {
	pieces := []string{"abc", "plain text run ", `"`, `\`, "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "é", "서울", "\u2028", "😀",
		"\xff", "\xc3", "\xe2\x82", "<&>", "/", ""}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		out := appendJSONString([]byte("x"), s)
		if out[0] != 'x' {
			t.Fatalf("%q: the bytes before were changed", s)
		}
		var back string
		if err := json.Unmarshal(out[1:], &back); err != nil {
			t.Fatalf("%q: wrote %s, not JSON: %v", s, out[1:], err)
		}
		if want := strings.ToValidUTF8(s, "\uFFFD"); back != want && !utf8.ValidString(s) {
			// ToValidUTF8 replaces a run of invalid bytes once; the writer,
			// as decoding, replaces each.
			want = ""
			for i := 0; i < len(s); {
				r, n := utf8.DecodeRuneInString(s[i:])
				want += string(r)
				i += n
			}
			if back != want {
				t.Fatalf("%q: read back %q, want %q", s, back, want)
			}
		} else if back != want {
			t.Fatalf("%q: read back %q, want %q", s, back, want)
		}
	}
	for _, s := range []string{"", "plain text, 12: (a/b) <c> & d"} {
		if got := string(appendJSONString(nil, s)); got != `"`+s+`"` {
			t.Errorf("%q written as %s", s, got)
		}
	}
}
