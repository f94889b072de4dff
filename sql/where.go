package sql

import "strings"

// ParseWhere parses pq's --where: field=value conditions joined by ',', all
// of which must hold. Values compare as strings; a value may be empty and
// may contain '='; a field may not be empty.
func ParseWhere(s string) (Expr, error) {
	var conds []Expr
	pos := 0
	for _, part := range strings.Split(s, ",") {
		field, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, newSyntaxError(s, pos, "condition %q has no '='", part)
		}
		if field == "" {
			return nil, newSyntaxError(s, pos, "condition %q has no field", part)
		}
		conds = append(conds, Compare{Op: "=", L: Col{Name: field}, R: Str(value)})
		pos += len(part) + 1
	}
	return AndAll(conds...), nil
}
