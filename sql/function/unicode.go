package function

import (
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/lakesql/lakesql/sql/types"
)

// Unicode normalization, with golang.org/x/text's tables (the Unicode
// data DuckDB's utf8proc also follows).

func init() {
	register(
		&Scalar{Name: "STRIP_ACCENTS", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: stripAccentsFn,
			Signature: "STRIP_ACCENTS(s)",
			Summary:   "s without its accents and other marks, as DuckDB's (utf8proc's STRIPMARK): decomposed, the marks dropped, composed again ('Ça' is 'Ca'; 'ø' and 'ß' stay)."},
		&Scalar{Name: "NFC_NORMALIZE", MinArgs: 1, MaxArgs: 1, NullIn: true, Fn: nfcFn,
			Signature: "NFC_NORMALIZE(s)",
			Summary:   "s in Unicode's normal form C: an e and a combining acute accent become é."},
	)
}

func stripAccentsFn(a []types.Value) (types.Value, error) {
	s := text(a[0])
	if isASCII(s) {
		return types.StringValue(s), nil
	}
	d := []rune(norm.NFD.String(s))
	out := d[:0]
	for _, r := range d {
		if !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
			out = append(out, r)
		}
	}
	return types.StringValue(norm.NFC.String(string(out))), nil
}

func nfcFn(a []types.Value) (types.Value, error) {
	return types.StringValue(norm.NFC.String(text(a[0]))), nil
}
