package function

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// JSON functions over JSON text (a JSON value, or a string holding JSON).
// Paths as DuckDB reads them: '$.a.b', '$.a[0]', '$.a[-1]' and '$.a[#-1]'
// (from the end), '$."a b"'; '/a/0' (a JSON pointer); any other text is
// one key ('a.b' is the member "a.b"); '' is the whole document. The
// wildcards '$.*' and '$[*]', which DuckDB answers with a list, are
// refused. Results are spelled as DuckDB's yyjson writes them: minified,
// numbers re-spelled (2.50 is 2.5, 1e2 is 100.0), strings unescaped where
// JSON allows.

func init() {
	register(
		&Scalar{Name: "JSON_EXTRACT", MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindJSON(false),
			Signature: "JSON_EXTRACT(json, path)",
			Summary:   "The JSON at path in json (json -> path): a string comes quoted; NULL when the path is absent."},
		&Scalar{Name: "JSON_EXTRACT_STRING", Aliases: []string{"JSON_EXTRACT_PATH_TEXT", "JSON_VALUE_TEXT"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindJSON(true),
			Signature: "JSON_EXTRACT_STRING(json, path)",
			Summary:   "The value at path in json as text (json ->> path): a string unquoted; NULL when absent or JSON null."},
		&Scalar{Name: "JSON_TYPE", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: jsonTypeFn,
			Signature: "JSON_TYPE(json[, path])",
			Summary:   "The type of json (at path) as DuckDB names it: OBJECT, ARRAY, VARCHAR, UBIGINT, BIGINT, DOUBLE, BOOLEAN or NULL; NULL when the path is absent."},
		&Scalar{Name: "JSON_VALID", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: jsonValidFn,
			Signature: "JSON_VALID(s)", Summary: "Whether the text s is one JSON value."},
	)
}

func jsonTypeFn(a []types.Value) (types.Value, error) {
	var steps []jsonStep
	if len(a) == 2 {
		if a[1].K == types.Null {
			return types.Value{}, nil
		}
		var err error
		if steps, err = pathOf(a[1]); err != nil {
			return types.Value{}, err
		}
	}
	raw, ok, err := jsonAt(text(a[0]), steps)
	if err != nil || !ok {
		return types.Value{}, err
	}
	switch raw[0] {
	case '{':
		return s2v("OBJECT"), nil
	case '[':
		return s2v("ARRAY"), nil
	case '"':
		return s2v("VARCHAR"), nil
	case 't', 'f':
		return s2v("BOOLEAN"), nil
	case 'n':
		return s2v("NULL"), nil
	}
	switch n := types.ParseJSONNumber([]byte(raw)); {
	case n.K == types.Int && n.I >= 0:
		return s2v("UBIGINT"), nil
	case n.K == types.Int:
		return s2v("BIGINT"), nil
	}
	return s2v("DOUBLE"), nil
}

func jsonValidFn(a []types.Value) (types.Value, error) {
	_, _, err := jsonAt(text(a[0]), nil)
	return types.BoolValue(err == nil && text(a[0]) != ""), nil
}

// jsonStep is one step of a path: a member name or an array index
// (negative: from the end).
type jsonStep struct {
	key   string
	index int64
	isKey bool
}

// noIndex marks a member step that cannot index an array.
const noIndex = -1 << 62

// parseJSONPath reads a path as DuckDB does.
func parseJSONPath(p string) ([]jsonStep, error) {
	bad := func(near string) error {
		return fmt.Errorf("%w: JSON path error near %q", ErrArgs, near)
	}
	switch {
	case p == "":
		return nil, nil
	case p[0] == '/':
		var steps []jsonStep
		for _, seg := range strings.Split(p[1:], "/") {
			seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
			st := jsonStep{key: seg, isKey: true, index: noIndex}
			if n, err := strconv.ParseInt(seg, 10, 64); err == nil && n >= 0 && (seg == "0" || seg[0] != '0') {
				st.index = n
			}
			steps = append(steps, st)
		}
		return steps, nil
	case p[0] != '$':
		return []jsonStep{{key: p, isKey: true, index: noIndex}}, nil
	}
	var steps []jsonStep
	for i := 1; i < len(p); {
		switch p[i] {
		case '.':
			i++
			if i >= len(p) {
				return nil, bad(p[i-1:])
			}
			if p[i] == '"' {
				j := strings.IndexByte(p[i+1:], '"')
				if j < 0 {
					return nil, bad(p[i-1:])
				}
				steps = append(steps, jsonStep{key: p[i+1 : i+1+j], isKey: true, index: noIndex})
				i += j + 2
				continue
			}
			if p[i] == '*' {
				return nil, fmt.Errorf("%w: JSON path wildcards (%q) are not supported", ErrArgs, p)
			}
			j := i
			for j < len(p) && p[j] != '.' && p[j] != '[' {
				j++
			}
			if j == i {
				return nil, bad(p[i-1:])
			}
			steps = append(steps, jsonStep{key: p[i:j], isKey: true, index: noIndex})
			i = j
		case '[':
			j := strings.IndexByte(p[i:], ']')
			if j < 0 {
				return nil, bad(p[i:])
			}
			in := p[i+1 : i+j]
			if in == "*" {
				return nil, fmt.Errorf("%w: JSON path wildcards (%q) are not supported", ErrArgs, p)
			}
			fromEnd := false
			if strings.HasPrefix(in, "#-") {
				in, fromEnd = in[2:], true
			} else if strings.HasPrefix(in, "-") {
				in, fromEnd = in[1:], true
			}
			n, err := strconv.ParseInt(in, 10, 64)
			if err != nil || n < 0 || in == "" || in[0] == '+' {
				return nil, bad(p[i : i+j+1])
			}
			if fromEnd {
				n = -n
				if n == 0 {
					n = math.MinInt64 // [#-0] is past the end
				}
			}
			steps = append(steps, jsonStep{index: n})
			i += j + 1
		default:
			return nil, bad(p[i:])
		}
	}
	return steps, nil
}

var errBadJSON = fmt.Errorf("%w: malformed JSON", types.ErrConvert)

func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the JSON value at s[i] (no leading space).
func skipValue(s string, i int) (int, error) {
	if i >= len(s) {
		return 0, errBadJSON
	}
	switch c := s[i]; {
	case c == '"':
		return skipString(s, i)
	case c == '{' || c == '[':
		close := byte('}')
		if c == '[' {
			close = ']'
		}
		i = skipWS(s, i+1)
		if i < len(s) && s[i] == close {
			return i + 1, nil
		}
		for {
			var err error
			if c == '{' {
				if i >= len(s) || s[i] != '"' {
					return 0, errBadJSON
				}
				if i, err = skipString(s, i); err != nil {
					return 0, err
				}
				i = skipWS(s, i)
				if i >= len(s) || s[i] != ':' {
					return 0, errBadJSON
				}
				i = skipWS(s, i+1)
			}
			if i, err = skipValue(s, i); err != nil {
				return 0, err
			}
			i = skipWS(s, i)
			if i >= len(s) {
				return 0, errBadJSON
			}
			if s[i] == close {
				return i + 1, nil
			}
			if s[i] != ',' {
				return 0, errBadJSON
			}
			i = skipWS(s, i+1)
		}
	case c == 't' && strings.HasPrefix(s[i:], "true"):
		return i + 4, nil
	case c == 'f' && strings.HasPrefix(s[i:], "false"):
		return i + 5, nil
	case c == 'n' && strings.HasPrefix(s[i:], "null"):
		return i + 4, nil
	case c == '-' || c >= '0' && c <= '9':
		j := i
		for j < len(s) && strings.IndexByte("+-0123456789.eE", s[j]) >= 0 {
			j++
		}
		if !json.Valid([]byte(s[i:j])) {
			return 0, errBadJSON
		}
		return j, nil
	}
	return 0, errBadJSON
}

func skipString(s string, i int) (int, error) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, errBadJSON
}

// unquote decodes a JSON string's text (with its quotes).
func unquote(raw string) (string, error) {
	if strings.IndexByte(raw, '\\') < 0 && utf8.ValidString(raw) {
		return raw[1 : len(raw)-1], nil
	}
	var s string
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return "", errBadJSON
	}
	return s, nil
}

// jsonAt finds the raw value at the path in doc; ok false when absent.
func jsonAt(doc string, steps []jsonStep) (string, bool, error) {
	i := skipWS(doc, 0)
	end, err := skipValue(doc, i)
	if err != nil {
		return "", false, err
	}
	if skipWS(doc, end) != len(doc) {
		return "", false, errBadJSON
	}
	v := doc[i:end]
	for _, st := range steps {
		switch {
		case v[0] == '{' && st.isKey:
			found := false
			j := skipWS(v, 1)
			for j < len(v) && v[j] == '"' {
				ke, err := skipString(v, j)
				if err != nil {
					return "", false, err
				}
				key, err := unquote(v[j:ke])
				if err != nil {
					return "", false, err
				}
				j = skipWS(v, skipWS(v, ke)+1)
				ve, err := skipValue(v, j)
				if err != nil {
					return "", false, err
				}
				if key == st.key {
					v, found = v[j:ve], true
					break
				}
				j = skipWS(v, ve)
				if j < len(v) && v[j] == ',' {
					j = skipWS(v, j+1)
				}
			}
			if !found {
				return "", false, nil
			}
		case v[0] == '[' && (!st.isKey || st.index >= 0):
			var elems []string
			j := skipWS(v, 1)
			for j < len(v) && v[j] != ']' {
				ve, err := skipValue(v, j)
				if err != nil {
					return "", false, err
				}
				elems = append(elems, v[j:ve])
				j = skipWS(v, ve)
				if j < len(v) && v[j] == ',' {
					j = skipWS(v, j+1)
				}
			}
			n := st.index
			if n < 0 && n != math.MinInt64 {
				n += int64(len(elems))
			}
			if n < 0 || n >= int64(len(elems)) {
				return "", false, nil
			}
			v = elems[n]
		default:
			return "", false, nil
		}
	}
	return v, true, nil
}

// appendNormal appends raw JSON as yyjson writes it.
func appendNormal(b []byte, raw string) ([]byte, error) {
	switch c := raw[0]; {
	case c == '"':
		s, err := unquote(raw)
		if err != nil {
			return nil, err
		}
		return appendJSONString(b, s), nil
	case c == '{' || c == '[':
		open := c
		b = append(b, c)
		close := byte('}')
		if c == '[' {
			close = ']'
		}
		i := skipWS(raw, 1)
		first := true
		for i < len(raw) && raw[i] != close {
			if !first {
				b = append(b, ',')
			}
			first = false
			if open == '{' {
				ke, err := skipString(raw, i)
				if err != nil {
					return nil, err
				}
				if b, err = appendNormal(b, raw[i:ke]); err != nil {
					return nil, err
				}
				b = append(b, ':')
				i = skipWS(raw, skipWS(raw, ke)+1)
			}
			ve, err := skipValue(raw, i)
			if err != nil {
				return nil, err
			}
			if b, err = appendNormal(b, raw[i:ve]); err != nil {
				return nil, err
			}
			i = skipWS(raw, ve)
			if i < len(raw) && raw[i] == ',' {
				i = skipWS(raw, i+1)
			}
		}
		return append(b, close), nil
	case c == '-' || c >= '0' && c <= '9':
		if !strings.ContainsAny(raw, ".eE") {
			return append(b, raw...), nil // integers, big ones too, as written
		}
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil && f == 0 {
			return nil, errBadJSON
		}
		return appendYYFloat(b, f), nil
	}
	return append(b, raw...), nil
}

// appendYYFloat spells a double as yyjson: the shortest digits, fixed
// notation with a ".0" from 1e-6 to below 1e21, else d.ddde±x.
func appendYYFloat(b []byte, f float64) []byte {
	a := math.Abs(f)
	if a == 0 || a >= 1e-6 && a < 1e21 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		b = append(b, s...)
		if !strings.ContainsRune(s, '.') {
			b = append(b, ".0"...)
		}
		return b
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+21, 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	b = append(b, mant...)
	b = append(b, 'e')
	if exp[0] == '-' {
		b = append(b, '-')
	}
	exp = strings.TrimLeft(exp[1:], "0")
	return append(b, exp...)
}

// appendJSONString writes s quoted as yyjson does: ", \ and control
// characters escaped, the rest (non-ASCII too) as is.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\f':
			b = append(b, '\\', 'f')
		case c < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func jsonExtract(doc string, steps []jsonStep, asText bool) (types.Value, error) {
	raw, ok, err := jsonAt(doc, steps)
	if err != nil || !ok {
		return types.Value{}, err
	}
	if asText {
		switch raw[0] {
		case 'n':
			return types.Value{}, nil
		case '"':
			s, err := unquote(raw)
			if err != nil {
				return types.Value{}, err
			}
			return s2v(s), nil
		}
	}
	b, err := appendNormal(nil, raw)
	if err != nil {
		return types.Value{}, err
	}
	if asText {
		return s2v(string(b)), nil
	}
	return types.JSONValue(string(b)), nil
}

// bindJSON binds JSON_EXTRACT (JSON out) or, with asText,
// JSON_EXTRACT_STRING; a constant path is parsed once.
func bindJSON(asText bool) func([]*types.Value) (Eval, error) {
	return func(consts []*types.Value) (Eval, error) {
		var fixed []jsonStep
		constPath := false
		if len(consts) > 1 && consts[1] != nil && consts[1].K != types.Null {
			steps, err := pathOf(*consts[1])
			if err != nil {
				return nil, err
			}
			fixed, constPath = steps, true
		}
		return func(a []types.Value) (types.Value, error) {
			steps := fixed
			if !constPath {
				var err error
				if steps, err = pathOf(a[1]); err != nil {
					return types.Value{}, err
				}
			}
			v, err := jsonExtract(text(a[0]), steps, asText)
			if err != nil {
				return types.Value{}, fmt.Errorf("%w in %s", err, quote(a[0]))
			}
			return v, nil
		}, nil
	}
}
