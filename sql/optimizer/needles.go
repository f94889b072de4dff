package optimizer

import (
	"strings"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// needles returns, for the top-level conjuncts of the filter, texts a JSON
// line holds verbatim whenever the conjunct is TRUE, so that a line
// without one (and without a backslash, which might spell it escaped) is
// skipped before anything is extracted:
//
//   - field = 'text' where the text cannot be read as a number or a
//     boolean (else 5e2 would equal '500'), or pq's text comparison;
//   - field LIKE '%text%' (also 'text%', '%text'): the longest run of the
//     pattern without wildcards, when no number's text could hold it.
//
// The text must be plain ASCII without quotes, backslashes or control
// characters, so that JSON spells it as it is.
func needles(s *plan.Scan) []plan.Needle {
	var out []plan.Needle
	for j, c := range s.Conjuncts {
		if t, ok := needleOf(c); ok {
			out = append(out, plan.Needle{Text: t, Conj: j})
		}
	}
	return out
}

func needleOf(c plan.Expr) (string, bool) {
	switch c := c.(type) {
	case *plan.Compare:
		if c.Op != "=" {
			return "", false
		}
		if _, ok := c.L.(*plan.Slot); !ok {
			return "", false
		}
		k, ok := c.R.(*plan.Const)
		if !ok || k.V.K != types.String || k.V.S == "" || !plainASCII(k.V.S) {
			return "", false
		}
		if !c.Text {
			if _, num := types.ParseNumber(k.V.S); num {
				return "", false
			}
			if _, b := types.ParseBool(k.V.S); b {
				return "", false
			}
		}
		return k.V.S, true
	case *plan.LikeExpr:
		if c.Not || c.Op != "LIKE" {
			return "", false
		}
		if _, ok := c.X.(*plan.Slot); !ok {
			return "", false
		}
		k, ok := c.Pattern.(*plan.Const)
		if !ok || k.V.K != types.String {
			return "", false
		}
		best := ""
		for _, run := range strings.FieldsFunc(k.V.S, func(r rune) bool { return r == '%' || r == '_' }) {
			if len(run) > len(best) {
				best = run
			}
		}
		// A number's text ("1e2" reads as 100.0) need not be in its JSON
		// spelling: only a run no number can spell is a needle.
		if best == "" || !plainASCII(best) || c.HasEscape() || strings.Trim(best, "0123456789.-+eEinfatyINFATY") == "" {
			return "", false
		}
		return best, true
	}
	return "", false
}

func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
