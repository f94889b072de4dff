package function

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// LIKE and ILIKE, as DuckDB matches them: % is any run of characters, _ is
// one character (a code point, not a byte), everything else matches
// itself, case-sensitively for LIKE. There is no escape character unless
// one is given (a backslash is an ordinary character, as in DuckDB and
// unlike MySQL).

func init() {
	register(
		&Scalar{Name: "LIKE", MinArgs: 2, MaxArgs: 3, NullIn: true, Bind: bindLike(Like),
			Signature: "LIKE(s, pattern[, escape])", Summary: "Whether s matches the LIKE pattern (% any run, _ one character)."},
		&Scalar{Name: "ILIKE", MinArgs: 2, MaxArgs: 3, NullIn: true, Bind: bindLike(ILike),
			Signature: "ILIKE(s, pattern[, escape])", Summary: "LIKE ignoring case (both sides lower-cased, as DuckDB)."},
	)
}

// likePart is a piece of a pattern between two %: literal text and runs
// of _ (any count characters), in order.
type likePart struct {
	lit string // matched exactly when any == 0
	any int    // a run of this many _
}

// likeSeg is the text between two % of a pattern.
type likeSeg struct {
	parts []likePart
	chars int    // length in characters
	lit   string // the whole segment when it has no _ (exact = true)
	exact bool
}

// Like compiles a LIKE pattern to a matcher. With hasEscape and a
// non-empty escape, that character (one byte, as DuckDB requires: an error
// otherwise) makes the character after it literal; a pattern ending in the
// escape is an error. Patterns of the forms 'abc', 'abc%', '%abc' and
// '%abc%' match with plain string comparisons, no regular expression.
func Like(pattern, escape string, hasEscape bool) (func(s string) bool, error) {
	segs, lead, trail, err := parseLike(pattern, escape, hasEscape)
	if err != nil {
		return nil, err
	}
	return likeMatcher(segs, lead, trail), nil
}

// ILike is [Like] ignoring case: as DuckDB, the pattern and the text are
// both lower-cased (Unicode) before they are matched.
func ILike(pattern, escape string, hasEscape bool) (func(s string) bool, error) {
	m, err := Like(lower(pattern), lower(escape), hasEscape)
	if err != nil {
		return nil, err
	}
	return func(s string) bool { return m(lower(s)) }, nil
}

func parseLike(pattern, escape string, hasEscape bool) (segs []likeSeg, lead, trail bool, err error) {
	var esc byte
	useEsc := hasEscape && escape != ""
	if useEsc {
		if len(escape) != 1 {
			return nil, false, false, fmt.Errorf("%w: invalid escape string %q: it must be empty or one character (one byte, as in DuckDB)", ErrArgs, escape)
		}
		esc = escape[0]
	}
	var cur likeSeg
	var lit strings.Builder
	flushLit := func() {
		if lit.Len() > 0 {
			s := lit.String()
			cur.parts = append(cur.parts, likePart{lit: s})
			cur.chars += utf8.RuneCountInString(s)
			lit.Reset()
		}
	}
	endSeg := func() {
		flushLit()
		cur.exact = true
		for _, p := range cur.parts {
			if p.any > 0 {
				cur.exact = false
			}
		}
		if cur.exact {
			var b strings.Builder
			for _, p := range cur.parts {
				b.WriteString(p.lit)
			}
			cur.lit = b.String()
		}
		segs = append(segs, cur)
		cur = likeSeg{}
	}
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case useEsc && c == esc:
			if i+1 >= len(pattern) {
				return nil, false, false, fmt.Errorf("%w: the LIKE pattern %q ends with the escape character", ErrArgs, pattern)
			}
			i++
			lit.WriteByte(pattern[i])
		case c == '%':
			if i == 0 {
				lead = true
			}
			endSeg()
			for i+1 < len(pattern) && pattern[i+1] == '%' {
				i++
			}
			if i == len(pattern)-1 {
				trail = true
			}
		case c == '_':
			flushLit()
			if n := len(cur.parts); n > 0 && cur.parts[n-1].any > 0 {
				cur.parts[n-1].any++
			} else {
				cur.parts = append(cur.parts, likePart{any: 1})
			}
			cur.chars++
		default:
			lit.WriteByte(c)
		}
	}
	endSeg()
	// segs[0] is anchored at the start, the last at the end; a leading or
	// trailing % leaves an empty one there.
	return segs, lead, trail, nil
}

func likeMatcher(segs []likeSeg, lead, trail bool) func(string) bool {
	if len(segs) == 1 {
		s0 := segs[0]
		if s0.exact {
			lit := s0.lit
			return func(s string) bool { return s == lit }
		}
		return func(s string) bool {
			end, ok := matchSeg(s, 0, s0)
			return ok && end == len(s)
		}
	}
	first, last := segs[0], segs[len(segs)-1]
	mid := segs[1 : len(segs)-1]
	allExact := true
	for _, g := range mid {
		allExact = allExact && g.exact
	}
	// The common shapes, with no _ anywhere.
	if allExact && first.exact && last.exact {
		switch {
		case len(mid) == 0 && lead && trail: // '%'
			return func(string) bool { return true }
		case len(mid) == 0 && !lead && trail: // 'abc%'
			p := first.lit
			return func(s string) bool { return strings.HasPrefix(s, p) }
		case len(mid) == 0 && lead && !trail: // '%abc'
			p := last.lit
			return func(s string) bool { return strings.HasSuffix(s, p) }
		case len(mid) == 1 && lead && trail: // '%abc%'
			p := mid[0].lit
			return func(s string) bool { return strings.Contains(s, p) }
		case len(mid) == 0: // 'abc%xyz'
			p, q := first.lit, last.lit
			return func(s string) bool {
				return len(s) >= len(p)+len(q) && strings.HasPrefix(s, p) && strings.HasSuffix(s, q)
			}
		}
	}
	return func(s string) bool {
		// The first segment at the start, each middle one at its leftmost
		// place after the one before (which is optimal: a segment has a
		// fixed length in characters), the last one at the end.
		pos, ok := matchSeg(s, 0, first)
		if !ok {
			return false
		}
		for _, g := range mid {
			if pos, ok = findSeg(s, pos, g); !ok {
				return false
			}
		}
		// The last segment takes the final last.chars characters.
		start := len(s)
		for n := 0; n < last.chars; n++ {
			if start <= pos {
				return false
			}
			_, w := utf8.DecodeLastRuneInString(s[:start])
			start -= w
		}
		if start < pos {
			return false
		}
		end, ok := matchSeg(s, start, last)
		return ok && end == len(s)
	}
}

// matchSeg matches g at byte i of s, returning where the match ends.
func matchSeg(s string, i int, g likeSeg) (int, bool) {
	for _, p := range g.parts {
		if p.any == 0 {
			if !strings.HasPrefix(s[i:], p.lit) {
				return 0, false
			}
			i += len(p.lit)
			continue
		}
		for n := 0; n < p.any; n++ {
			if i >= len(s) {
				return 0, false
			}
			if s[i] < utf8.RuneSelf {
				i++
			} else {
				_, w := utf8.DecodeRuneInString(s[i:])
				i += w
			}
		}
	}
	return i, true
}

// findSeg finds the leftmost match of g in s at or after byte i.
func findSeg(s string, i int, g likeSeg) (int, bool) {
	if g.exact {
		k := strings.Index(s[i:], g.lit)
		if k < 0 {
			return 0, false
		}
		return i + k + len(g.lit), true
	}
	for i <= len(s) {
		if end, ok := matchSeg(s, i, g); ok {
			return end, true
		}
		if i == len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return 0, false
}

// bindLike is LIKE(s, pattern[, escape]) as a function: compiled once
// when the pattern (and escape) are constant.
func bindLike(compile func(string, string, bool) (func(string) bool, error)) func([]*types.Value) (Eval, error) {
	return func(consts []*types.Value) (Eval, error) {
		pat, okP := constString(consts, 1)
		esc, okE := "", len(consts) < 3
		if !okE {
			esc, okE = constString(consts, 2)
		}
		if okP && okE {
			m, err := compile(pat, esc, len(consts) > 2)
			if err != nil {
				return nil, err
			}
			return func(a []types.Value) (types.Value, error) { return b2v(m(text(a[0]))), nil }, nil
		}
		return func(a []types.Value) (types.Value, error) {
			esc := ""
			if len(a) > 2 {
				esc = text(a[2])
			}
			m, err := compile(text(a[1]), esc, len(a) > 2)
			if err != nil {
				return types.Value{}, err
			}
			return b2v(m(text(a[0]))), nil
		}, nil
	}
}
