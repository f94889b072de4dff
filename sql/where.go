package sql

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/parser"
)

// ParseWhere parses pq's --where: field=value conditions joined by ',', all
// of which must hold. Values compare with the text of a row's value (as
// for partitions); a value may be empty and may contain '='; a field may
// not be empty.
func ParseWhere(s string) (ast.Expr, error) {
	var conds []ast.Expr
	pos := 0
	for _, part := range strings.Split(s, ",") {
		field, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, parser.NewSyntaxError(s, pos, "condition %q has no '='", part)
		}
		if field == "" {
			return nil, parser.NewSyntaxError(s, pos, "condition %q has no field", part)
		}
		conds = append(conds, ast.Compare{Op: "=", L: ast.Col(field), R: ast.Str(value), Text: true})
		pos += len(part) + 1
	}
	return ast.AndAll(conds...), nil
}
