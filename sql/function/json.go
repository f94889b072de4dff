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
// one key ('a.b' is the member "a.b"); '' is the whole document. A path
// with the wildcards '$.*' (every member of an object) and '$[*]' (every
// element of an array) gives a list of what it finds, as DuckDB's: JSON
// values from JSON_EXTRACT, text (NULL for a JSON null) from
// JSON_EXTRACT_STRING, type names from JSON_TYPE; [] when it finds
// nothing. Results are spelled as DuckDB's yyjson writes them: minified,
// numbers re-spelled (2.50 is 2.5, 1e2 is 100.0), strings unescaped where
// JSON allows.

func init() {
	register(
		&Scalar{Name: "JSON_EXTRACT", MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindJSON(false),
			Signature: "JSON_EXTRACT(json, path)",
			Summary:   "The JSON at path in json (json -> path): a string comes quoted; NULL when the path is absent; with wildcards ('$[*]', '$.*') the list of what it finds."},
		&Scalar{Name: "JSON_EXTRACT_STRING", Aliases: []string{"JSON_EXTRACT_PATH_TEXT", "JSON_VALUE_TEXT"}, MinArgs: 2, MaxArgs: 2, NullIn: true, Bind: bindJSON(true),
			Signature: "JSON_EXTRACT_STRING(json, path)",
			Summary:   "The value at path in json as text (json ->> path): a string unquoted; NULL when absent or JSON null; with wildcards the list of their texts."},
		&Scalar{Name: "JSON_TYPE", MinArgs: 1, MaxArgs: 2, NullIn: true, Fn: jsonTypeFn,
			Signature: "JSON_TYPE(json[, path])",
			Summary:   "The type of json (at path) as DuckDB names it: OBJECT, ARRAY, VARCHAR, UBIGINT, BIGINT, DOUBLE, BOOLEAN or NULL; NULL when the path is absent."},
		&Scalar{Name: "TO_JSON", Aliases: []string{"JSON_QUOTE"}, MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: toJSONFn,
			Signature: "TO_JSON(x)",
			Summary:   "x as a JSON value, as DuckDB writes it: text, dates, timestamps and intervals as JSON strings, numbers as yyjson spells them (2.0, 1e-7, NaN), lists and JSON as they are."},
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
	if wild(steps) {
		v, err := jsonDoc(text(a[0]))
		if err != nil {
			return types.Value{}, err
		}
		raws, err := jsonAll(v, steps, nil)
		if err != nil {
			return types.Value{}, err
		}
		els := make([]types.Value, len(raws))
		for i, raw := range raws {
			els[i] = jsonTypeOf(raw)
		}
		return types.ListValue(els), nil
	}
	raw, ok, err := jsonAt(text(a[0]), steps)
	if err != nil || !ok {
		return types.Value{}, err
	}
	return jsonTypeOf(raw), nil
}

// jsonTypeOf is the type of the raw JSON value as DuckDB names it.
func jsonTypeOf(raw string) types.Value {
	switch raw[0] {
	case '{':
		return s2v("OBJECT")
	case '[':
		return s2v("ARRAY")
	case '"':
		return s2v("VARCHAR")
	case 't', 'f':
		return s2v("BOOLEAN")
	case 'n':
		return s2v("NULL")
	}
	switch n := types.ParseJSONNumber([]byte(raw)); {
	case n.K == types.Int && n.I >= 0:
		return s2v("UBIGINT")
	case n.K == types.Int:
		return s2v("BIGINT")
	}
	return s2v("DOUBLE")
}

func toJSONFn(a []types.Value) (types.Value, error) {
	v := a[0]
	var b []byte
	switch v.K {
	case types.Bool, types.Int, types.Huge:
		b = append(b, v.String()...)
	case types.Float:
		b = appendYYFloat(b, v.F())
	case types.JSON:
		var err error
		if b, err = appendNormal(b, v.S); err != nil {
			return types.Value{}, err
		}
	default:
		b = appendJSONString(b, v.String())
	}
	return types.JSONValue(string(b)), nil
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
	wild  bool // '.*' (with isKey) or '[*]': every member or element
}

// wild reports whether a path has a wildcard: its answer is a list.
func wild(steps []jsonStep) bool {
	for _, st := range steps {
		if st.wild {
			return true
		}
	}
	return false
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
				steps = append(steps, jsonStep{isKey: true, index: noIndex, wild: true})
				i++
				continue
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
				steps = append(steps, jsonStep{wild: true})
				i += j + 1
				continue
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

// jsonDoc returns doc's one value, without the space around it.
func jsonDoc(doc string) (string, error) {
	i := skipWS(doc, 0)
	end, err := skipValue(doc, i)
	if err != nil {
		return "", err
	}
	if skipWS(doc, end) != len(doc) {
		return "", errBadJSON
	}
	return doc[i:end], nil
}

// jsonAt finds the raw value at the path (without wildcards) in doc; ok
// false when absent.
func jsonAt(doc string, steps []jsonStep) (string, bool, error) {
	v, err := jsonDoc(doc)
	if err != nil {
		return "", false, err
	}
	for _, st := range steps {
		if st.wild {
			return "", false, fmt.Errorf("%w: a JSON path wildcard is not allowed here", ErrArgs)
		}
		var ok bool
		if v, ok, err = jsonStepIn(v, st); err != nil || !ok {
			return "", false, err
		}
	}
	return v, true, nil
}

// jsonAll appends to out every raw value that the path, wildcards and
// all, finds in the value v, in the document's order.
func jsonAll(v string, steps []jsonStep, out []string) ([]string, error) {
	if len(steps) == 0 {
		return append(out, v), nil
	}
	st := steps[0]
	if !st.wild {
		w, ok, err := jsonStepIn(v, st)
		if err != nil || !ok {
			return out, err
		}
		return jsonAll(w, steps[1:], out)
	}
	if st.isKey && v[0] != '{' || !st.isKey && v[0] != '[' {
		return out, nil
	}
	var err error
	err = eachJSON(v, func(_, w string) (bool, error) {
		out, err = jsonAll(w, steps[1:], out)
		return err == nil, err
	})
	return out, err
}

// eachJSON calls f with each member (key and raw value) of the object v,
// or each element (key "") of the array v, until f says stop.
func eachJSON(v string, f func(key, w string) (bool, error)) error {
	obj := v[0] == '{'
	j := skipWS(v, 1)
	for j < len(v) && v[j] != '}' && v[j] != ']' {
		key := ""
		if obj {
			if v[j] != '"' {
				return errBadJSON
			}
			ke, err := skipString(v, j)
			if err != nil {
				return err
			}
			if key, err = unquote(v[j:ke]); err != nil {
				return err
			}
			j = skipWS(v, skipWS(v, ke)+1)
		}
		ve, err := skipValue(v, j)
		if err != nil {
			return err
		}
		if more, err := f(key, v[j:ve]); err != nil || !more {
			return err
		}
		j = skipWS(v, ve)
		if j < len(v) && v[j] == ',' {
			j = skipWS(v, j+1)
		}
	}
	return nil
}

// jsonStepIn takes one step (not a wildcard) into the value v.
func jsonStepIn(v string, st jsonStep) (string, bool, error) {
	switch {
	case v[0] == '{' && st.isKey:
		var found string
		ok := false
		err := eachJSON(v, func(key, w string) (bool, error) {
			if key == st.key {
				found, ok = w, true
			}
			return !ok, nil
		})
		return found, ok, err
	case v[0] == '[' && (!st.isKey || st.index >= 0):
		elems, _, err := jsonArray(types.JSONValue(v))
		if err != nil {
			return "", false, err
		}
		n := st.index
		if n < 0 && n != math.MinInt64 {
			n += int64(len(elems))
		}
		if n < 0 || n >= int64(len(elems)) {
			return "", false, nil
		}
		return elems[n], true, nil
	}
	return "", false, nil
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
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	}
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
	if wild(steps) {
		return jsonExtractAll(doc, steps, asText)
	}
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

// jsonExtractAll is jsonExtract of a path with wildcards: the list of
// what it finds, JSON values (a JSON array of them), or with asText
// their text, a JSON null a NULL.
func jsonExtractAll(doc string, steps []jsonStep, asText bool) (types.Value, error) {
	v, err := jsonDoc(doc)
	if err != nil {
		return types.Value{}, err
	}
	raws, err := jsonAll(v, steps, nil)
	if err != nil {
		return types.Value{}, err
	}
	if asText {
		els := make([]types.Value, len(raws))
		for i, raw := range raws {
			if els[i], err = jsonExtract(raw, nil, true); err != nil {
				return types.Value{}, err
			}
		}
		return types.ListValue(els), nil
	}
	b := []byte{'['}
	for i, raw := range raws {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendNormal(b, raw); err != nil {
			return types.Value{}, err
		}
	}
	return types.JSONValue(string(append(b, ']'))), nil
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
