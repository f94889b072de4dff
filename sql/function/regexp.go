package function

import (
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/lakesql/lakesql/sql/types"
)

// Regular expressions. DuckDB uses RE2, whose syntax Go's regexp shares;
// as in DuckDB, '.' does not match a newline and ^ $ anchor the whole text
// unless options say otherwise.

func init() {
	register(
		&Scalar{Name: "REGEXP_ESCAPE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: regexpEscapeFn,
			Signature: "REGEXP_ESCAPE(s)",
			Summary:   "s with a backslash before each character a regular expression could read otherwise (every ASCII character but letters, digits and _), as RE2's QuoteMeta: REGEXP_MATCHES(x, REGEXP_ESCAPE(s)) finds s itself."},
		&Scalar{Name: "REGEXP_MATCHES", Aliases: []string{"REGEXP_LIKE"}, MinArgs: 2, MaxArgs: 3, NullIn: true,
			Bind:      bindRegexp(false),
			Signature: "REGEXP_MATCHES(s, pattern[, options])",
			Summary:   "Whether pattern matches somewhere in s (a partial match, as DuckDB's; options: i, c, s, m, l)."},
		&Scalar{Name: "REGEXP_FULL_MATCH", MinArgs: 2, MaxArgs: 3, NullIn: true,
			Bind:      bindRegexp(true),
			Signature: "REGEXP_FULL_MATCH(s, pattern[, options])", Summary: "Whether pattern matches the whole of s."},
		&Scalar{Name: "REGEXP_REPLACE", MinArgs: 3, MaxArgs: 4, NullIn: true, Bind: bindReplace,
			Signature: "REGEXP_REPLACE(s, pattern, replacement[, options])",
			Summary:   "s with the first match of pattern replaced (every match with option 'g', as DuckDB; MySQL replaces all); \\1 in replacement is a group."},
		&Scalar{Name: "REGEXP_EXTRACT", MinArgs: 2, MaxArgs: 4, NullIn: true, Bind: bindExtract(false),
			Signature: "REGEXP_EXTRACT(s, pattern[, group[, options]])",
			Summary:   "The first match of pattern in s, or its group-th group ('' when there is none)."},
		&Scalar{Name: "REGEXP_EXTRACT_ALL", MinArgs: 2, MaxArgs: 4, NullIn: true, Bind: bindExtract(true),
			Signature: "REGEXP_EXTRACT_ALL(s, pattern[, group[, options]])",
			Summary:   "The list of every match of pattern in s, left to right, not overlapping, or of their group-th groups (NULL where the group took no part); an error for a group the pattern lacks."},
	)
}

// Regexp compiles a pattern of REGEXP / RLIKE / REGEXP_MATCHES to a
// matcher: true when the pattern matches anywhere in the text (a partial
// match, as DuckDB's regexp_matches and MySQL's REGEXP).
func Regexp(pattern string) (func(s string) bool, error) {
	re, err := compileRegexp(pattern, "", false)
	if err != nil {
		return nil, err
	}
	return re.MatchString, nil
}

// compileRegexp compiles pattern under DuckDB's options: c case-sensitive,
// i case-insensitive, l literal, m n p newline-sensitive (the default),
// s '.' matches a newline, g global (only where global is allowed: its
// presence is the caller's to read). A later option overrides an earlier.
func compileRegexp(pattern, options string, global bool) (*regexp.Regexp, error) {
	fold, dotNL, literal := false, false, false
	for i := 0; i < len(options); i++ {
		switch c := options[i]; c {
		case 'c':
			fold = false
		case 'i':
			fold = true
		case 'l':
			literal = true
		case 'm', 'n', 'p':
			dotNL = false
		case 's':
			dotNL = true
		case 'g':
			if !global {
				return nil, fmt.Errorf("%w: option 'g' (global replace) is only valid for REGEXP_REPLACE", ErrArgs)
			}
		default:
			return nil, fmt.Errorf("%w: unrecognized regex option %q", ErrArgs, string(c))
		}
	}
	if literal {
		pattern = regexp.QuoteMeta(pattern)
	}
	switch {
	case fold && dotNL:
		pattern = "(?is)" + pattern
	case fold:
		pattern = "(?i)" + pattern
	case dotNL:
		pattern = "(?s)" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		msg := err.Error()
		msg = strings.TrimPrefix(msg, "error parsing regexp: ")
		return nil, fmt.Errorf("%w: invalid regular expression: %s", ErrArgs, msg)
	}
	return re, nil
}

// reCache keeps the last expression compiled at a call site whose pattern
// is not constant: rows often repeat it. Safe for concurrent use.
type reCache struct {
	last atomic.Pointer[reEntry]
}

type reEntry struct {
	pattern, options string
	re               *regexp.Regexp
	full             *regexp.Regexp // re anchored, for REGEXP_FULL_MATCH
	rep              string         // REGEXP_REPLACE's replacement and
	rw               *rewrite       // its parse
}

// get returns the compiled pattern (anchored too with full; with rep, the
// parsed replacement), from the cache when the last row had the same.
// An entry is complete before it is shared and never changed after.
func (c *reCache) get(pattern, options string, global, full bool, rep string) (*reEntry, error) {
	if e := c.last.Load(); e != nil && e.pattern == pattern && e.options == options && e.rep == rep {
		return e, nil
	}
	re, err := compileRegexp(pattern, options, global)
	if err != nil {
		return nil, err
	}
	e := &reEntry{pattern: pattern, options: options, re: re, rep: rep}
	if full {
		e.full = anchor(re)
	}
	if global {
		e.rw = parseRewrite(rep, re)
	}
	c.last.Store(e)
	return e, nil
}

// bindRegexp binds REGEXP_MATCHES (a partial match) or, with full,
// REGEXP_FULL_MATCH over (s, pattern[, options]).
func bindRegexp(full bool) func([]*types.Value) (Eval, error) {
	return func(consts []*types.Value) (Eval, error) {
		pat, okP := constString(consts, 1)
		opts, okO := "", len(consts) < 3
		if !okO {
			opts, okO = constString(consts, 2)
		}
		if okP && okO {
			re, err := compileRegexp(pat, opts, false)
			if err != nil {
				return nil, err
			}
			if full {
				re = anchor(re)
			}
			return func(a []types.Value) (types.Value, error) { return b2v(re.MatchString(text(a[0]))), nil }, nil
		}
		var cache reCache
		return func(a []types.Value) (types.Value, error) {
			opts := ""
			if len(a) > 2 {
				opts = text(a[2])
			}
			e, err := cache.get(text(a[1]), opts, false, full, "")
			if err != nil {
				return types.Value{}, err
			}
			re := e.re
			if full {
				re = e.full
			}
			return b2v(re.MatchString(text(a[0]))), nil
		}, nil
	}
}

// anchor makes re match only the whole text.
func anchor(re *regexp.Regexp) *regexp.Regexp {
	return regexp.MustCompile(`^(?:` + re.String() + `)$`)
}

// rewrite is a parsed replacement of REGEXP_REPLACE, as RE2 reads it: \0
// to \9 are groups, \\ a backslash; any other backslash makes the
// rewrite invalid, and as in DuckDB an invalid one (or one naming a group
// the pattern lacks) leaves the text unchanged.
type rewrite struct {
	pieces []rwPiece
	valid  bool
	plain  string // the replacement when it names no group
	groups bool
}

type rwPiece struct {
	lit   string
	group int // -1 for a literal
}

func parseRewrite(r string, re *regexp.Regexp) *rewrite {
	rw := &rewrite{valid: true}
	var lit strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		if c != '\\' {
			lit.WriteByte(c)
			continue
		}
		if i+1 >= len(r) {
			rw.valid = false
			return rw
		}
		i++
		switch d := r[i]; {
		case d == '\\':
			lit.WriteByte('\\')
		case d >= '0' && d <= '9':
			g := int(d - '0')
			if g > re.NumSubexp() {
				rw.valid = false
				return rw
			}
			if lit.Len() > 0 {
				rw.pieces = append(rw.pieces, rwPiece{lit: lit.String(), group: -1})
				lit.Reset()
			}
			rw.pieces = append(rw.pieces, rwPiece{group: g})
			rw.groups = true
		default:
			rw.valid = false
			return rw
		}
	}
	if lit.Len() > 0 {
		rw.pieces = append(rw.pieces, rwPiece{lit: lit.String(), group: -1})
	}
	if !rw.groups {
		for _, p := range rw.pieces {
			rw.plain += p.lit
		}
	}
	return rw
}

func (rw *rewrite) appendTo(b []byte, s string, m []int) []byte {
	if !rw.groups {
		return append(b, rw.plain...)
	}
	for _, p := range rw.pieces {
		if p.group < 0 {
			b = append(b, p.lit...)
		} else if 2*p.group+1 < len(m) && m[2*p.group] >= 0 {
			b = append(b, s[m[2*p.group]:m[2*p.group+1]]...)
		}
	}
	return b
}

// regexpReplace replaces the first match, or all with global.
func regexpReplace(re *regexp.Regexp, rw *rewrite, s string, global bool) string {
	if !rw.valid {
		return s
	}
	if !global {
		m := re.FindStringSubmatchIndex(s)
		if m == nil {
			return s
		}
		b := make([]byte, 0, len(s)+len(rw.plain))
		b = append(b, s[:m[0]]...)
		b = rw.appendTo(b, s, m)
		b = append(b, s[m[1]:]...)
		return string(b)
	}
	all := re.FindAllStringSubmatchIndex(s, -1)
	if all == nil {
		return s
	}
	b := make([]byte, 0, len(s)+len(rw.plain)*len(all))
	at := 0
	for _, m := range all {
		b = append(b, s[at:m[0]]...)
		b = rw.appendTo(b, s, m)
		at = m[1]
	}
	b = append(b, s[at:]...)
	return string(b)
}

// bindReplace binds REGEXP_REPLACE(s, pattern, replacement[, options]):
// DuckDB replaces the first match only unless the options hold 'g'
// (MySQL's REGEXP_REPLACE replaces every match; we follow DuckDB).
func bindReplace(consts []*types.Value) (Eval, error) {
	pat, okP := constString(consts, 1)
	rep, okR := constString(consts, 2)
	opts, okO := "", len(consts) < 4
	if !okO {
		opts, okO = constString(consts, 3)
	}
	if okP && okR && okO {
		re, err := compileRegexp(pat, opts, true)
		if err != nil {
			return nil, err
		}
		rw := parseRewrite(rep, re)
		global := strings.Contains(opts, "g")
		return func(a []types.Value) (types.Value, error) {
			return s2v(regexpReplace(re, rw, text(a[0]), global)), nil
		}, nil
	}
	var cache reCache
	return func(a []types.Value) (types.Value, error) {
		opts := ""
		if len(a) > 3 {
			opts = text(a[3])
		}
		e, err := cache.get(text(a[1]), opts, true, false, text(a[2]))
		if err != nil {
			return types.Value{}, err
		}
		return s2v(regexpReplace(e.re, e.rw, text(a[0]), strings.Contains(opts, "g"))), nil
	}, nil
}

// bindExtract binds REGEXP_EXTRACT(s, pattern[, group[, options]]), or
// with all REGEXP_EXTRACT_ALL.
func bindExtract(all bool) func([]*types.Value) (Eval, error) {
	return func(consts []*types.Value) (Eval, error) { return bindExtractOf(all, consts) }
}

func bindExtractOf(all bool, consts []*types.Value) (Eval, error) {
	pat, okP := constString(consts, 1)
	opts, okO := "", len(consts) < 4
	if !okO {
		opts, okO = constString(consts, 3)
	}
	var fixed *regexp.Regexp
	if okP && okO {
		re, err := compileRegexp(pat, opts, false)
		if err != nil {
			return nil, err
		}
		fixed = re
	}
	var cache reCache
	return func(a []types.Value) (types.Value, error) {
		re := fixed
		if re == nil {
			opts := ""
			if len(a) > 3 {
				opts = text(a[3])
			}
			e, err := cache.get(text(a[1]), opts, false, false, "")
			if err != nil {
				return types.Value{}, err
			}
			re = e.re
		}
		g := int64(0)
		if len(a) > 2 {
			var err error
			if g, err = intArg(a[2], "group"); err != nil {
				return types.Value{}, err
			}
		}
		if g < 0 || g > 9 {
			return types.Value{}, fmt.Errorf("%w: group index %d must be between 0 and 9", ErrArgs, g)
		}
		s := text(a[0])
		if all {
			if int(g) > re.NumSubexp() {
				return types.Value{}, fmt.Errorf("%w: pattern has %d groups, cannot take group %d", ErrArgs, re.NumSubexp(), g)
			}
			ms := re.FindAllStringSubmatchIndex(s, -1)
			els := make([]types.Value, len(ms))
			for i, m := range ms {
				if m[2*g] >= 0 {
					els[i] = s2v(s[m[2*g]:m[2*g+1]])
				}
			}
			return types.ListValue(els), nil
		}
		m := re.FindStringSubmatchIndex(s)
		if m == nil || int(2*g+1) >= len(m) || m[2*g] < 0 {
			return s2v(""), nil
		}
		return s2v(s[m[2*g]:m[2*g+1]]), nil
	}, nil
}

// regexpEscapeFn is RE2's QuoteMeta, which DuckDB's REGEXP_ESCAPE calls:
// a backslash before each ASCII byte but letters, digits and '_', NUL as
// \x00; the bytes of other characters as they are.
func regexpEscapeFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	b := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0:
			b = append(b, `\x00`...)
		case c >= 0x80 || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			b = append(b, c)
		default:
			b = append(b, '\\', c)
		}
	}
	return types.StringValue(string(b)), nil
}
