package function

import (
	"errors"
	"testing"
)

// The expectations are DuckDB 1.5.6's answers (duckq).
func TestLike(t *testing.T) {
	type tc struct {
		s, pattern, escape string
		hasEscape, fold    bool
		want               bool
		err                error
	}
	for _, c := range []tc{
		{s: "abc", pattern: "a%", want: true},
		{s: "abc", pattern: "A%", want: false},
		{s: "abc", pattern: "A%", fold: true, want: true},
		{s: "서울", pattern: "_울", want: true},
		{s: "서울", pattern: "__", want: true},
		{s: "서울", pattern: "_", want: false},
		{s: "서울", pattern: "___", want: false},
		{s: "a%c", pattern: `a\%c`, escape: `\`, hasEscape: true, want: true},
		{s: "abc", pattern: `a\%c`, escape: `\`, hasEscape: true, want: false},
		{s: "a_c", pattern: "a#_c", escape: "#", hasEscape: true, want: true},
		{s: "abc", pattern: "a#_c", escape: "#", hasEscape: true, want: false},
		{s: "ab", pattern: "a#b", escape: "#", hasEscape: true, want: true},
		{s: "a#b", pattern: "a##b", escape: "#", hasEscape: true, want: true},
		{s: "a%", pattern: "a%%", escape: "%", hasEscape: true, want: true},
		{s: "abc", pattern: "a%", escape: "", hasEscape: true, want: true},
		{s: "ab", pattern: `ab\`, want: false},
		{s: `ab\`, pattern: `ab\`, want: true},
		{s: `a\b`, pattern: `a\b`, want: true},
		{s: `a\b`, pattern: `a\\b`, want: false},
		{s: "a%", pattern: `a\%`, want: false},
		{s: "ÀB", pattern: "àb", fold: true, want: true},
		{s: "ΣA", pattern: "σa", fold: true, want: true},
		{s: "ſ", pattern: "s", fold: true, want: false},
		{s: "K", pattern: "k", fold: true, want: true},
		{s: "ab", pattern: "%%b", want: true},
		{s: "", pattern: "%", want: true},
		{s: "", pattern: "_", want: false},
		{s: "", pattern: "", want: true},
		{s: "a", pattern: "", want: false},
		{s: "a\nb", pattern: "a_b", want: true},
		{s: "abc", pattern: "abc", want: true},
		{s: "abcd", pattern: "abc", want: false},
		{s: "http://www.google.com/", pattern: "%google%", want: true},
		{s: "http://www.yandex.ru/", pattern: "%google%", want: false},
		{s: "abc", pattern: "%c", want: true},
		{s: "abc", pattern: "%b", want: false},
		{s: "abc", pattern: "a%c", want: true},
		{s: "ac", pattern: "a%c", want: true},
		{s: "a", pattern: "a%a", want: false},
		{s: "aba", pattern: "a%a", want: true},
		{s: "abcbd", pattern: "a%b_", want: true},
		{s: "abxcd", pattern: "a_%c_", want: true},
		{s: "ac", pattern: "a_%c", want: false},
		{s: "서울시청", pattern: "%울_청", want: true},
		{s: "서울시청", pattern: "서%시_", want: true},
		{s: "xyzxyz", pattern: "%yz%yz", want: true},
		{s: "xyz", pattern: "%yz%yz", want: false},
		{s: "aXbXc", pattern: "%X%X%", want: true},
		{s: "aXbc", pattern: "%X%X%", want: false},
		{s: "abc", pattern: "_b_", want: true},
		{s: "abc", pattern: "__", want: false},
		{s: "abc", pattern: "a%", escape: "xy", hasEscape: true, err: ErrArgs},
		{s: "abc", pattern: "a%", escape: "서", hasEscape: true, err: ErrArgs}, // DuckDB counts bytes
		{s: "abc", pattern: "a#", escape: "#", hasEscape: true, err: ErrArgs},
	} {
		compile := Like
		if c.fold {
			compile = ILike
		}
		m, err := compile(c.pattern, c.escape, c.hasEscape)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%q LIKE %q ESCAPE %q: err %v, want %v", c.s, c.pattern, c.escape, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q LIKE %q: %v", c.s, c.pattern, err)
			continue
		}
		if got := m(c.s); got != c.want {
			t.Errorf("%q LIKE %q (fold %v) ESCAPE %q = %v, want %v", c.s, c.pattern, c.fold, c.escape, got, c.want)
		}
	}
}

func TestLikeFunction(t *testing.T) {
	check(t, []vector{
		{fn: "LIKE", args: A(S("abc"), S("a%")), want: B(true)},
		{fn: "LIKE", args: A(N, S("a%")), want: N},
		{fn: "LIKE", args: A(S("abc"), N), want: N},
		{fn: "LIKE", args: A(S("a_c"), S("a#_c"), S("#")), want: B(true)},
		{fn: "LIKE", args: A(S("abc"), S("a%"), S("xy")), err: ErrArgs},
		{fn: "ILIKE", args: A(S("ABC"), S("%b%")), want: B(true)},
		{fn: "LIKE", args: A(I(123), S("1%")), want: B(true)},
	})
}

// The common shapes must not allocate or use a regular expression.
func TestLikeFastShapes(t *testing.T) {
	for _, p := range []string{"abc", "abc%", "%abc", "%abc%", "%", "ab%yz"} {
		m, err := Like(p, "", false)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { m("xxabcxx") }); n != 0 {
			t.Errorf("LIKE %q allocates %v times a row", p, n)
		}
	}
}

func BenchmarkLikeContains(b *testing.B) {
	m, _ := Like("%google%", "", false)
	s := "http://example.com/search?q=something+long+enough&source=web&google=1"
	for i := 0; i < b.N; i++ {
		m(s)
	}
}

func BenchmarkLikeGeneral(b *testing.B) {
	m, _ := Like("%exa_ple%search%web%", "", false)
	s := "http://example.com/search?q=something+long+enough&source=web&google=1"
	for i := 0; i < b.N; i++ {
		m(s)
	}
}
