package function

import (
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// ListText is DuckDB's text of a list, CAST(list AS VARCHAR), for the JSON
// array raw that stands for one: [1, 2], elements joined by ", ", NULL
// for null, text as it is unless it must be quoted (the empty text, ' a', 'a,b',
// 'null', quotes and backslashes escaped with a backslash), numbers as
// CAST(… AS VARCHAR) spells them (all DOUBLEs where one is: a list has
// one type), a list in a list as a list, an object as a STRUCT ({'k':
// v}). DuckDB's ListToVarcharCast and its NestedToVarcharCast table.
func ListText(raw string) (string, error) {
	v, err := jsonDoc(raw)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = appendNested(&b, v, false)
	return b.String(), err
}

// appendNested writes the JSON value v as an element of a list or a
// struct's value (float: the numbers of its list are DOUBLEs).
func appendNested(b *strings.Builder, v string, float bool) error {
	switch v[0] {
	case '[', '{':
		obj := v[0] == '{'
		// A list's numbers are DOUBLEs when one of them is.
		floats := false
		if !obj {
			if err := eachJSON(v, func(_, w string) (bool, error) {
				floats = floats || (w[0] == '-' || w[0] >= '0' && w[0] <= '9') && strings.ContainsAny(w, ".eE")
				return true, nil
			}); err != nil {
				return err
			}
		}
		b.WriteByte(v[0])
		first := true
		err := eachJSON(v, func(key, w string) (bool, error) {
			if !first {
				b.WriteString(", ")
			}
			first = false
			if obj {
				quoteNested(b, key, true)
				b.WriteString(": ")
			}
			return true, appendNested(b, w, floats && !obj)
		})
		if obj {
			b.WriteByte('}')
		} else {
			b.WriteByte(']')
		}
		return err
	case 'n':
		b.WriteString("NULL")
	case 't', 'f':
		b.WriteString(v)
	case '"':
		s, err := unquote(v)
		if err != nil {
			return err
		}
		quoteNested(b, s, false)
	default:
		n := types.ParseJSONNumber([]byte(v))
		if f, ok := n.Float(); float && ok {
			n = types.FloatValue(f)
		}
		b.WriteString(n.String())
	}
	return nil
}

// needsQuote are the bytes that make DuckDB quote a text in a list or
// struct.
var needsQuote = func() (t [256]bool) {
	for _, c := range `"'(),:=[]{}` {
		t[c] = true
	}
	return t
}()

// quoteNested writes s as DuckDB writes a text inside a list or struct:
// quoted when it must be (always a struct's key), ' and \ escaped then.
func quoteNested(b *strings.Builder, s string, key bool) {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' }
	quote := key || s == "" || space(s[0]) || len(s) >= 2 && space(s[len(s)-1]) || strings.EqualFold(s, "null")
	for i := 0; i < len(s) && !quote; i++ {
		quote = needsQuote[s[i]]
	}
	if !quote {
		b.WriteString(s)
		return
	}
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('\'')
}

// ListArg is the elements of the list v (a JSON array) as values, ok
// false for NULL; an error, naming the function name, for another value.
func ListArg(name string, v types.Value) ([]types.Value, bool, error) { return listArg(name, v) }
