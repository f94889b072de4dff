package exec

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/plan"
)

// A filter that is an AND of `field = 'text'` and `field != 'text'` (pq's
// --where, and the common WHERE) is decided on the fields' raw JSON for
// most rows, without decoding a value: a JSON string is compared by its
// bytes, and under pq's text comparison any other value by its spelling
// (which is its text). A row where that cannot decide (an escape in the
// string, a number met by SQL's comparison) goes the general way.

// rawCmp is one such conjunct.
type rawCmp struct {
	slot int
	lit  []byte
	eq   bool // = (else !=)
	text bool // pq's comparison of text forms
}

// rawConjuncts returns the conjuncts of pred when every one is a rawCmp.
func rawConjuncts(pred plan.Expr) ([]rawCmp, bool) {
	switch e := pred.(type) {
	case *plan.AndExpr:
		l, ok := rawConjuncts(e.L)
		if !ok {
			return nil, false
		}
		r, ok := rawConjuncts(e.R)
		return append(l, r...), ok
	case *plan.Compare:
		slot, lit, eq, text, ok := e.RawEq()
		// The literal's bytes must be what a decoded row's text equals
		// exactly when its raw bytes do: valid UTF-8 without U+FFFD,
		// which decoding puts in place of invalid bytes.
		if !ok || !utf8.ValidString(lit) || strings.ContainsRune(lit, utf8.RuneError) {
			return nil, false
		}
		return []rawCmp{{slot: slot, lit: []byte(lit), eq: eq, text: text}}, true
	}
	return nil, false
}

// rawPass decides the conjuncts on the raw values (by slot): pass is
// whether every one is TRUE; ok false when some row value needs decoding.
func rawPass(cs []rawCmp, raws [][]byte) (pass, ok bool) {
	pass = true
	for i := range cs {
		c := &cs[i]
		raw := raws[c.slot]
		var same bool
		switch {
		case len(raw) == 0 || raw[0] == 'n':
			pass = false // NULL: unknown, and so the AND is not TRUE
			continue
		case raw[0] == '"':
			body := raw[1 : len(raw)-1]
			if bytes.IndexByte(body, '\\') >= 0 {
				return false, false
			}
			same = bytes.Equal(body, c.lit)
		case c.text:
			same = bytes.Equal(raw, c.lit) // a number's, a boolean's, JSON's text is its spelling
		default:
			return false, false
		}
		if same != c.eq {
			return false, true // FALSE: so is the AND, whatever the rest
		}
	}
	return pass, true
}
