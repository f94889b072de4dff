package function

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// String functions. Lengths and positions count code points, as DuckDB's
// do; a number, a boolean or a date given where text is expected is read
// as its text (CAST to VARCHAR), where DuckDB's binder would refuse the
// call: our rows come from JSON, where one field mixes kinds.

func init() {
	register(
		&Scalar{Name: "LENGTH", Aliases: []string{"CHAR_LENGTH", "CHARACTER_LENGTH", "LEN"}, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				if els, ok, err := jsonArray(a[0]); err != nil || ok {
					return i2v(int64(len(els))), err
				}
				return i2v(int64(runeCount(text(a[0])))), nil
			},
			Signature: "LENGTH(s)", Summary: "The number of characters (code points) in s; of a JSON array (a list to DuckDB), its number of elements."},
		&Scalar{Name: "STRLEN", MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn:        func(a []types.Value) (types.Value, error) { return i2v(int64(len(text(a[0])))), nil },
			Signature: "STRLEN(s)", Summary: "The number of bytes in s (UTF-8)."},
		&Scalar{Name: "LOWER", Aliases: []string{"LCASE"}, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn:        func(a []types.Value) (types.Value, error) { return s2v(lower(text(a[0]))), nil },
			Signature: "LOWER(s)", Summary: "s in lower case (Unicode)."},
		&Scalar{Name: "UPPER", Aliases: []string{"UCASE"}, MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn:        func(a []types.Value) (types.Value, error) { return s2v(upper(text(a[0]))), nil },
			Signature: "UPPER(s)", Summary: "s in upper case (Unicode; ß becomes ẞ, as in DuckDB)."},
		&Scalar{Name: "SUBSTRING", Aliases: []string{"SUBSTR"}, MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: substringFn,
			Signature: "SUBSTRING(s, start[, length])",
			Summary:   "The characters of s from start (1-based; negative counts from the end) on, length of them (negative: the ones before start)."},
		&Scalar{Name: "LEFT", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: leftFn,
			Signature: "LEFT(s, n)", Summary: "The first n characters of s; all but the last -n when n is negative."},
		&Scalar{Name: "RIGHT", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: rightFn,
			Signature: "RIGHT(s, n)", Summary: "The last n characters of s; all but the first -n when n is negative."},
		&Scalar{Name: "CONCAT", MinArgs: 1, MaxArgs: -1, Fn: concatFn,
			Signature: "CONCAT(s, ...)", Summary: "The texts of the arguments joined; NULLs are skipped (all NULL gives '')."},
		&Scalar{Name: "||", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: concatOpFn,
			Signature: "a || b", Summary: "The texts of a and b joined, or two lists one after the other (LIST_CONCAT), as DuckDB's; NULL when either is NULL (CONCAT skips NULLs)."},
		&Scalar{Name: "TRANSLATE", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: translateFn,
			Signature: "TRANSLATE(s, from, to)", Summary: "s with each character of from replaced by the one at its place in to, or dropped past to's end."},
		&Scalar{Name: "CONCAT_WS", MinArgs: 2, MaxArgs: -1, Fn: concatWSFn,
			Signature: "CONCAT_WS(sep, s, ...)", Summary: "The texts of the non-NULL arguments joined by sep; NULL when sep is NULL."},
		&Scalar{Name: "TRIM", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: trimFn(true, true),
			Signature: "TRIM(s[, chars])", Summary: "s without leading and trailing spaces (Unicode space separators), or characters of chars."},
		&Scalar{Name: "LTRIM", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: trimFn(true, false),
			Signature: "LTRIM(s[, chars])", Summary: "s without leading spaces, or characters of chars."},
		&Scalar{Name: "RTRIM", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: trimFn(false, true),
			Signature: "RTRIM(s[, chars])", Summary: "s without trailing spaces, or characters of chars."},
		&Scalar{Name: "REPLACE", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: replaceFn,
			Signature: "REPLACE(s, from, to)", Summary: "s with every occurrence of from replaced by to (an empty from replaces nothing)."},
		&Scalar{Name: "LOCATE", MinArgs: 2, MaxArgs: 3, NullIn: true, Fn: locateFn,
			Signature: "LOCATE(substr, s[, pos])",
			Summary:   "MySQL's LOCATE: the 1-based character position of substr in s at or after pos, 0 when absent (DuckDB has no LOCATE)."},
		&Scalar{Name: "INSTR", Aliases: []string{"STRPOS", "POSITION"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: instrFn,
			Signature: "INSTR(s, substr)",
			Summary:   "The 1-based character position of the first substr in s, 0 when absent (POSITION(substr IN s) is POSITION(s, substr))."},
		&Scalar{Name: "REVERSE", MinArgs: 1, MaxArgs: 1, NullIn: true,
			Fn:        func(a []types.Value) (types.Value, error) { return s2v(reverse(text(a[0]))), nil },
			Signature: "REVERSE(s)", Summary: "s backwards, keeping each grapheme (a letter with its accents, an emoji sequence) whole."},
		&Scalar{Name: "REPEAT", MinArgs: 2, MaxArgs: 2, NullIn: true, Fn: repeatFn,
			Signature: "REPEAT(s, n)", Summary: "s repeated n times ('' when n <= 0)."},
		&Scalar{Name: "LPAD", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: padFn(true),
			Signature: "LPAD(s, n, fill)", Summary: "s cut or left-padded with fill to n characters."},
		&Scalar{Name: "RPAD", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: padFn(false),
			Signature: "RPAD(s, n, fill)", Summary: "s cut or right-padded with fill to n characters."},
		&Scalar{Name: "STARTS_WITH", Aliases: []string{"PREFIX"}, MinArgs: 2, MaxArgs: 2, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				return b2v(strings.HasPrefix(text(a[0]), text(a[1]))), nil
			},
			Signature: "STARTS_WITH(s, prefix)", Summary: "Whether s begins with prefix."},
		&Scalar{Name: "ENDS_WITH", Aliases: []string{"SUFFIX"}, MinArgs: 2, MaxArgs: 2, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				return b2v(strings.HasSuffix(text(a[0]), text(a[1]))), nil
			},
			Signature: "ENDS_WITH(s, suffix)", Summary: "Whether s ends with suffix."},
		&Scalar{Name: "GLOB", MinArgs: 2, MaxArgs: 2, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				return b2v(globMatch(text(a[0]), text(a[1]))), nil
			},
			Signature: "GLOB(s, pattern)", Summary: "Whether pattern matches the whole of s, as s GLOB pattern: * any bytes, ? one byte, [a-z] one of a set ([!…] outside it), case and all (DuckDB's, byte by byte)."},
		&Scalar{Name: "CONTAINS", MinArgs: 2, MaxArgs: 2, NullIn: true,
			Fn: func(a []types.Value) (types.Value, error) {
				return b2v(strings.Contains(text(a[0]), text(a[1]))), nil
			},
			Signature: "CONTAINS(s, substr)", Summary: "Whether substr occurs in s."},
		&Scalar{Name: "ASCII", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: asciiFn,
			Signature: "ASCII(s)", Summary: "The code point of the first character of s (0 for '')."},
		&Scalar{Name: "CHR", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: chrFn,
			Signature: "CHR(n)", Summary: "The character of code point n."},
		&Scalar{Name: "SPLIT_PART", MinArgs: 3, MaxArgs: 3, NullIn: true, Fn: splitPartFn,
			Signature: "SPLIT_PART(s, sep, n)", Summary: "The n-th field of s split at sep (1-based; negative counts from the end; '' beyond)."},
		&Scalar{Name: "MD5", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: md5Fn,
			Signature: "MD5(s)", Summary: "The MD5 digest of s's bytes as 32 lower-case hex digits."},
	)
}

// lower is LOWER: an ASCII string already in lower case comes back as is.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// upper is UPPER; as DuckDB (utf8proc), ß becomes ẞ (U+1E9E), which Go's
// tables leave alone.
func upper(s string) string {
	ascii, lowers := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		lowers = lowers || c >= 'a' && c <= 'z'
	}
	switch {
	case ascii && !lowers:
		return s
	case ascii:
		return strings.ToUpper(s)
	}
	return strings.Map(func(r rune) rune {
		if r == 'ß' {
			return 'ẞ'
		}
		return unicode.ToUpper(r)
	}, s)
}

// substringLimit is DuckDB's bound on SUBSTRING's offset and length.
const substringLimit = 4294967295

// substring is DuckDB's SUBSTRING over code points: start counts from 1
// (0 is one before the first character, negative from the end); a negative
// length takes the characters before start.
func substring(s string, start, length int64) string {
	if length == 0 {
		return ""
	}
	ascii := isASCII(s)
	var n int64
	if ascii {
		n = int64(len(s))
	} else {
		n = int64(utf8.RuneCountInString(s))
	}
	var from int64
	switch {
	case start > 0:
		from = start - 1
	case start < 0:
		from = n + start
	default:
		length--
		if length <= 0 {
			return ""
		}
	}
	var to int64
	if length > 0 {
		to = from + length
	} else {
		to, from = from, from+length
	}
	from = max(0, min(from, n))
	to = max(0, min(to, n))
	if from >= to {
		return ""
	}
	if from == 0 && to == n {
		return s
	}
	if ascii {
		return s[from:to]
	}
	b := runeOffset(s, from)
	e := b + runeOffset(s[b:], to-from)
	return s[b:e]
}

func substringFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	start, err := intArg(a[1], "start")
	if err != nil {
		return types.Value{}, err
	}
	if start > substringLimit || start < -substringLimit {
		return types.Value{}, fmt.Errorf("%w: offset %d outside of the supported range (> %d)", ErrArgs, start, int64(substringLimit))
	}
	length := int64(1 << 62)
	if len(a) > 2 {
		if length, err = intArg(a[2], "length"); err != nil {
			return types.Value{}, err
		}
		if length > substringLimit || length < -substringLimit {
			return types.Value{}, fmt.Errorf("%w: length %d outside of the supported range (> %d)", ErrArgs, length, int64(substringLimit))
		}
	}
	return s2v(substring(s, start, length)), nil
}

func leftFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	n, err := intArg(a[1], "count")
	if err != nil {
		return types.Value{}, err
	}
	if n < 0 {
		c := int64(runeCount(s))
		n = max(0, c+n)
	}
	if isASCII(s) {
		return s2v(s[:min(int64(len(s)), n)]), nil
	}
	return s2v(s[:runeOffset(s, n)]), nil
}

func rightFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	n, err := intArg(a[1], "count")
	if err != nil {
		return types.Value{}, err
	}
	c := int64(runeCount(s))
	skip := c - n // characters dropped at the front
	if n < 0 {
		skip = -n
	}
	skip = max(0, min(skip, c))
	if isASCII(s) {
		return s2v(s[skip:]), nil
	}
	return s2v(s[runeOffset(s, skip):]), nil
}

// concatOpFn is a || b: two lists (JSON arrays) one after the other, as
// DuckDB's || of lists; else their texts joined.
func concatOpFn(a []types.Value) (types.Value, error) {
	if IsList(a[0]) && IsList(a[1]) {
		return listConcatFn(a)
	}
	return concatFn(a)
}

// IsList reports a list: a JSON array (by its first byte; a lake's and
// the engine's JSON text has no space before it).
func IsList(v types.Value) bool { return v.K == types.JSON && v.S != "" && v.S[0] == '[' }

func concatFn(a []types.Value) (types.Value, error) {
	only, count := -1, 0
	for i, v := range a {
		if v.K != types.Null {
			only = i
			count++
		}
	}
	switch count {
	case 0:
		return s2v(""), nil
	case 1:
		return s2v(text(a[only])), nil
	}
	var b strings.Builder
	for _, v := range a {
		if v.K != types.Null {
			b.WriteString(text(v))
		}
	}
	return s2v(b.String()), nil
}

func translateFn(a []types.Value) (types.Value, error) {
	from, to := []rune(text(a[1])), []rune(text(a[2]))
	var b strings.Builder
	for _, r := range text(a[0]) {
		i := slices.Index(from, r)
		switch {
		case i < 0:
			b.WriteRune(r)
		case i < len(to):
			b.WriteRune(to[i])
		}
	}
	return s2v(b.String()), nil
}

func concatWSFn(a []types.Value) (types.Value, error) {
	if a[0].K == types.Null {
		return types.Value{}, nil
	}
	sep := text(a[0])
	var b strings.Builder
	first := true
	for _, v := range a[1:] {
		if v.K == types.Null {
			continue
		}
		if !first {
			b.WriteString(sep)
		}
		first = false
		b.WriteString(text(v))
	}
	return s2v(b.String()), nil
}

// isTrimSpace is what TRIM removes without a characters argument: the
// Unicode space separators (Zs), as DuckDB: not tabs or newlines.
func isTrimSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' '
	}
	return unicode.Is(unicode.Zs, r)
}

func trimFn(left, right bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		s := text(a[0])
		if len(a) == 1 {
			if left {
				s = strings.TrimLeftFunc(s, isTrimSpace)
			}
			if right {
				s = strings.TrimRightFunc(s, isTrimSpace)
			}
			return s2v(s), nil
		}
		chars := text(a[1])
		if chars == "" {
			return s2v(s), nil
		}
		if left {
			s = strings.TrimLeft(s, chars)
		}
		if right {
			s = strings.TrimRight(s, chars)
		}
		return s2v(s), nil
	}
}

func replaceFn(a []types.Value) (types.Value, error) {
	s, from := text(a[0]), text(a[1])
	if from == "" || !strings.Contains(s, from) {
		return s2v(s), nil
	}
	return s2v(strings.ReplaceAll(s, from, text(a[2]))), nil
}

// runePos converts a byte offset in s to a 1-based character position.
func runePos(s string, off int) int64 {
	if isASCII(s[:off]) {
		return int64(off) + 1
	}
	return int64(utf8.RuneCountInString(s[:off])) + 1
}

// locateFn is MySQL's LOCATE(substr, s[, pos]): DuckDB has none.
func locateFn(a []types.Value) (types.Value, error) {
	sub, s := text(a[0]), text(a[1])
	pos := int64(1)
	if len(a) > 2 {
		var err error
		if pos, err = intArg(a[2], "position"); err != nil {
			return types.Value{}, err
		}
	}
	if pos < 1 {
		return i2v(0), nil
	}
	n := int64(runeCount(s))
	if pos > n+1 {
		return i2v(0), nil
	}
	off := runeOffset(s, pos-1)
	i := strings.Index(s[off:], sub)
	if i < 0 {
		return i2v(0), nil
	}
	return i2v(runePos(s, off+i)), nil
}

func instrFn(a []types.Value) (types.Value, error) {
	s, sub := text(a[0]), text(a[1])
	i := strings.Index(s, sub)
	if i < 0 {
		return i2v(0), nil
	}
	return i2v(runePos(s, i)), nil
}

// graphemeExtends reports whether r continues the grapheme before it: a
// combining mark, a variation selector or zero-width joiner, an emoji
// modifier, a Hangul vowel or final jamo. An approximation of Unicode's
// grapheme clusters that keeps what REVERSE must not split.
func graphemeExtends(prev, r rune) bool {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc):
		return true
	case r == 0x200D || prev == 0x200D:
		return true
	case r >= 0x1F3FB && r <= 0x1F3FF: // skin tones
		return true
	case r >= 0xE0020 && r <= 0xE007F: // tags
		return true
	case r >= 0x1160 && r <= 0x11FF: // Hangul medial vowels and finals
		return prev >= 0x1100 && prev <= 0x11FF || prev >= 0xAC00 && prev <= 0xD7A3
	}
	return false
}

func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// reverse is DuckDB's REVERSE: graphemes in reverse order.
func reverse(s string) string {
	if len(s) < 2 {
		return s
	}
	if isASCII(s) {
		b := make([]byte, len(s))
		for i := 0; i < len(s); i++ {
			b[len(s)-1-i] = s[i]
		}
		return string(b)
	}
	// Cut s into graphemes, then lay them out backwards.
	var cuts []int
	prev := rune(-1)
	regional := 0
	for i, r := range s {
		join := prev >= 0 && graphemeExtends(prev, r)
		if isRegional(r) {
			join = join || regional%2 == 1
			regional++
		} else {
			regional = 0
		}
		if !join {
			cuts = append(cuts, i)
		}
		prev = r
	}
	cuts = append(cuts, len(s))
	b := make([]byte, 0, len(s))
	for k := len(cuts) - 1; k > 0; k-- {
		b = append(b, s[cuts[k-1]:cuts[k]]...)
	}
	return string(b)
}

func repeatFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	n, err := intArg(a[1], "count")
	if err != nil {
		return types.Value{}, err
	}
	if n <= 0 || s == "" {
		return s2v(""), nil
	}
	if n > maxResult/int64(len(s)) {
		return types.Value{}, tooLong(n, int64(len(s)))
	}
	return s2v(strings.Repeat(s, int(n))), nil
}

func padFn(left bool) Eval {
	return func(a []types.Value) (types.Value, error) {
		s, fill := text(a[0]), text(a[2])
		n, err := intArg(a[1], "length")
		if err != nil {
			return types.Value{}, err
		}
		if n <= 0 {
			return s2v(""), nil
		}
		c := int64(runeCount(s))
		if n <= c {
			return s2v(s[:runeOffset(s, n)]), nil
		}
		if fill == "" {
			return types.Value{}, fmt.Errorf("%w: insufficient padding: the fill is ''", ErrArgs)
		}
		if n > maxResult {
			return types.Value{}, tooLong(n, 1)
		}
		need := n - c
		fr := []rune(fill)
		var b strings.Builder
		b.Grow(len(s) + int(need)*utf8.UTFMax)
		if !left {
			b.WriteString(s)
		}
		for i := int64(0); i < need; i++ {
			b.WriteRune(fr[i%int64(len(fr))])
		}
		if left {
			b.WriteString(s)
		}
		return s2v(b.String()), nil
	}
}

func asciiFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	if s == "" {
		return i2v(0), nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return i2v(int64(r)), nil
}

func chrFn(a []types.Value) (types.Value, error) {
	n, err := intArg(a[0], "code point")
	if err != nil {
		return types.Value{}, err
	}
	if n < 0 || n > unicode.MaxRune || n >= 0xD800 && n <= 0xDFFF {
		return types.Value{}, fmt.Errorf("%w: invalid UTF-8 code point %d", ErrArgs, n)
	}
	return s2v(string(rune(n))), nil
}

func splitPartFn(a []types.Value) (types.Value, error) {
	s, sep := text(a[0]), text(a[1])
	n, err := intArg(a[2], "index")
	if err != nil {
		return types.Value{}, err
	}
	if n == 0 {
		return s2v(""), nil
	}
	var parts []string
	if sep == "" {
		// DuckDB splits into characters.
		parts = make([]string, 0, len(s))
		for i := 0; i < len(s); {
			_, w := utf8.DecodeRuneInString(s[i:])
			parts = append(parts, s[i:i+w])
			i += w
		}
		if s == "" {
			parts = []string{""}
		}
	} else {
		parts = strings.Split(s, sep)
	}
	if n < 0 {
		n += int64(len(parts)) + 1
	}
	if n < 1 || n > int64(len(parts)) {
		return s2v(""), nil
	}
	return s2v(parts[n-1]), nil
}

func md5Fn(a []types.Value) (types.Value, error) {
	sum := md5.Sum([]byte(text(a[0])))
	return s2v(hex.EncodeToString(sum[:])), nil
}
