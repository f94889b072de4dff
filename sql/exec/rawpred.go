package exec

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// The AND terms `field = 'text'`, `field != 'text'` and `field = 12` of a
// filter (pq's --where, and the common WHERE) are decided on the fields'
// raw JSON for most rows, without decoding a value: a JSON string is
// compared by its bytes, an integer by its spelling, and under pq's text
// comparison any other value by its spelling (which is its text). A row
// where that cannot decide (an escape in the string, 62.0 for 62) goes the
// general way.

// So is `field <op> DATE '…'` (or a TIMESTAMP; any comparison but <=>)
// for a row whose field is a JSON string of an ISO date, as the filter's
// own fast path reads it (types.ISOYmd): its y*10000 + m*100 + d is
// compared with the DATE's (with a TIMESTAMP, its days' midnight), and
// the field is decoded only if the rest of the filter or the row's sink
// reads it.

// rawCmp is one such conjunct.
type rawCmp struct {
	slot int
	lit  []byte
	num  bool // lit is an integer's spelling, met by SQL's comparison
	eq   bool // = (else !=)
	text bool // pq's comparison of text forms
	// day: a comparison with a DATE or a TIMESTAMP (plan.Compare.RawDay)
	day *plan.Compare
	// match: x [NOT] LIKE a constant pattern (eq false: NOT), run on the
	// bytes of a JSON string of a plain line (ASCII, no backslash: they
	// are its text).
	match func(string) bool
}

// splitRaw splits pred's top-level AND terms into those a rawCmp decides
// and the rest (nil when none).
func splitRaw(pred plan.Expr) (raw []rawCmp, rest plan.Expr) {
	var walk func(e plan.Expr)
	walk = func(e plan.Expr) {
		if a, ok := e.(*plan.AndExpr); ok {
			walk(a.L)
			walk(a.R)
			return
		}
		if c, ok := e.(*plan.Compare); ok {
			if rc, ok := newRawCmp(c); ok {
				raw = append(raw, rc)
				return
			}
		}
		if l, ok := e.(*plan.LikeExpr); ok {
			if slot, match, not, ok := l.RawMatch(); ok {
				raw = append(raw, rawCmp{slot: slot, match: match, eq: !not})
				return
			}
		}
		if rest == nil {
			rest = e
		} else {
			rest = &plan.AndExpr{L: rest, R: e}
		}
	}
	walk(pred)
	return raw, rest
}

func newRawCmp(c *plan.Compare) (rawCmp, bool) {
	if slot, ok := c.RawDay(); ok {
		return rawCmp{slot: slot, day: c}, true
	}
	slot, lit, eq, text, ok := c.RawEq()
	if !ok {
		return rawCmp{}, false
	}
	if lit.K == types.Int {
		// A row's integer spelled without '.', 'e' or a leading zero is
		// that integer: equal exactly when spelled alike.
		return rawCmp{slot: slot, lit: strconv.AppendInt(nil, lit.I, 10), num: true, eq: eq}, true
	}
	// The literal's bytes must be what a decoded row's text equals
	// exactly when its raw bytes do: valid UTF-8 without U+FFFD, which
	// decoding puts in place of invalid bytes.
	if !utf8.ValidString(lit.S) || strings.ContainsRune(lit.S, utf8.RuneError) {
		return rawCmp{}, false
	}
	return rawCmp{slot: slot, lit: []byte(lit.S), eq: eq, text: text}, true
}

// plainInt reports raw JSON that is an integer in its one spelling: an
// optional '-' and digits (JSON has no leading zeros), not "-0", short
// enough to fit in 64 bits.
func plainInt(raw []byte) bool {
	d := raw
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
		if len(d) == 1 && d[0] == '0' {
			return false
		}
	}
	if len(d) == 0 || len(d) > 18 {
		return false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// rawPass decides the conjuncts on the raw values (by slot) of a line,
// plain when it is ASCII without a backslash: pass is whether every one
// is TRUE; ok false when some row value needs decoding.
func rawPass(cs []rawCmp, raws [][]byte, plain bool) (pass, ok bool) {
	pass = true
	for i := range cs {
		c := &cs[i]
		raw := raws[c.slot]
		var same bool
		switch {
		case len(raw) == 0 || raw[0] == 'n':
			pass = false // NULL: unknown, and so the AND is not TRUE
			continue
		case c.match != nil:
			if !plain || raw[0] != '"' || len(raw) < 2 { // plain: no backslash either
				return false, false
			}
			same = c.match(unsafe.String(unsafe.SliceData(raw[1:]), len(raw)-2))
		case c.day != nil:
			if len(raw) != 12 || raw[0] != '"' {
				return false, false
			}
			ymd, ok := types.ISOYmd(unsafe.String(&raw[1], 10))
			if !ok {
				return false, false
			}
			if !c.day.YmdHolds(ymd) {
				return false, true
			}
			continue
		case c.num:
			if !plainInt(raw) {
				return false, false
			}
			same = bytes.Equal(raw, c.lit)
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
