package sql

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/types"
)

// maxPivotColumns is the most columns a PIVOT makes: DuckDB's
// pivot_limit is 100,000, but a query of that many aggregates is past
// what one statement should build here.
const maxPivotColumns = 1000

// pivotValue is one value that PIVOT makes columns of: its SQL literal
// and the name it gives them.
type pivotValue struct{ literal, name string }

// pivotQuery writes DuckDB's PIVOT as the SELECT it stands for: grouped
// by the GROUP BY columns (by default every column of the source that
// ON and USING do not name), one column for each combination of the ON
// values (those IN lists, else the values the source holds, NULL left
// out, in the order of their text) and aggregate of USING (COUNT(*) by default),
// the aggregate FILTERed to the rows of that combination. The columns
// are named as DuckDB names them: the values joined by '_', then the
// aggregate's name or alias when USING has several or names it.
func (s *Session) pivotQuery(ctx context.Context, p *ast.Pivot) (ast.Statement, error) {
	const alias = "__pivot"
	from := " FROM " + p.Source + " AS " + alias
	var values [][]pivotValue
	for _, on := range p.On {
		var vs []pivotValue
		for _, in := range on.In {
			name := in.Alias
			if name == "" {
				name = parser.Unquote(in.Expr)
			}
			vs = append(vs, pivotValue{literal: in.Expr, name: name})
		}
		if len(on.In) == 0 {
			res, err := s.runText(ctx, "SELECT DISTINCT "+on.Expr+from+" WHERE "+on.Expr+" IS NOT NULL")
			if err != nil {
				return nil, fmt.Errorf("PIVOT ON %s: %w", on.Expr, err)
			}
			for _, r := range res.Rows {
				lit, err := sqlLiteral(r[0])
				if err != nil {
					return nil, fmt.Errorf("PIVOT ON %s: %w", on.Expr, err)
				}
				vs = append(vs, pivotValue{literal: lit, name: r[0].String()})
			}
			if len(vs) == 0 {
				return nil, fmt.Errorf("%w: PIVOT ON %s: no value to pivot on (it is NULL in every row of %s)", ErrUnsupported, on.Expr, p.Source)
			}
			// In the order of their text, as DuckDB's (-1, -2, 10, 9).
			slices.SortStableFunc(vs, func(a, b pivotValue) int { return strings.Compare(a.name, b.name) })
		}
		values = append(values, vs)
	}
	using := p.Using
	if len(using) == 0 {
		using = []ast.PivotItem{{Expr: "COUNT(*)"}}
	}
	for _, u := range using {
		if err := aggregateText(u.Expr); err != nil {
			return nil, err
		}
	}
	combos := 1
	for _, vs := range values {
		combos *= len(vs)
		if combos*len(using) > maxPivotColumns {
			return nil, fmt.Errorf("%w: PIVOT would make more than %d columns", ErrUnsupported, maxPivotColumns)
		}
	}
	group := p.GroupBy
	if len(group) == 0 {
		var err error
		if group, err = s.pivotGroups(ctx, p, from, using); err != nil {
			return nil, err
		}
	}
	items := slices.Clone(group)
	names := make([]string, len(using))
	for i, u := range using {
		switch {
		case u.Alias != "":
			names[i] = u.Alias
		case len(using) > 1:
			e, err := parser.ParseSelect("SELECT "+u.Expr, 0)
			if err != nil {
				return nil, fmt.Errorf("PIVOT USING %s: %w", u.Expr, err)
			}
			names[i] = ast.DuckName(e.Items[0].Expr)
		}
	}
	at := make([]int, len(values)) // the combination, an index a value list
	for range combos {
		var conds, parts []string
		for k, vs := range values {
			v := vs[at[k]]
			conds = append(conds, "("+p.On[k].Expr+") = "+v.literal)
			parts = append(parts, v.name)
		}
		for i, u := range using {
			name := strings.Join(parts, "_")
			if names[i] != "" {
				name += "_" + names[i]
			}
			items = append(items, u.Expr+" FILTER (WHERE "+strings.Join(conds, " AND ")+") AS "+ast.Ident(name))
		}
		for k := len(at) - 1; k >= 0; k-- { // the next combination, the last value fastest
			if at[k]++; at[k] < len(values[k]) {
				break
			}
			at[k] = 0
		}
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%w: PIVOT makes no columns: ON found no values, and nothing is grouped", ErrUnsupported)
	}
	q := "SELECT " + strings.Join(items, ", ") + from
	if len(group) > 0 {
		q += " GROUP BY " + strings.Join(group, ", ")
	}
	if p.Rest != "" {
		q += " " + p.Rest
	}
	return parser.Parse(q)
}

// unpivotQuery writes DuckDB's UNPIVOT as the SELECT it stands for: the
// source joined to the names of the columns of ON (or their AS names),
// each row of it with the source's other columns, the name, and the
// value of that column (a CASE, which gives the values DuckDB's common
// type), where that is not NULL. The source is read once, as DuckDB
// reads it (a UNION of a SELECT a column would read a LIMIT or a
// random() again for each).
func (s *Session) unpivotQuery(ctx context.Context, u *ast.Unpivot) (ast.Statement, error) {
	const src, names, col = "__unpivot", "__unpivot_names", "__unpivot_name"
	from := " FROM " + u.Source + " AS " + src
	var exprs []string
	for _, on := range u.On {
		exprs = append(exprs, on.Expr)
	}
	others, err := s.otherColumns(ctx, from, exprs)
	if err != nil {
		return nil, fmt.Errorf("UNPIVOT's source: %w", err)
	}
	var rows []string
	value := "CASE " + names + "." + col
	for _, on := range u.On {
		name := on.Alias
		if name == "" {
			name = parser.Unquote(on.Expr)
		}
		lit := ast.Quote(name)
		rows = append(rows, "("+lit+")")
		x := on.Expr
		if e, err := parser.ParseSelect("SELECT "+x, 0); err == nil {
			if c, ok := e.Items[0].Expr.(ast.Column); ok && len(c.Path) == 1 {
				x = src + "." + x // a column of the source, not of the names
			}
		}
		value += " WHEN " + lit + " THEN (" + x + ")"
	}
	value += " END"
	items := make([]string, 0, len(others)+2)
	for _, o := range others {
		items = append(items, src+"."+o)
	}
	items = append(items, names+"."+col+" AS "+ast.Ident(u.Name), value+" AS "+ast.Ident(u.Value))
	q := "SELECT " + strings.Join(items, ", ") + from + " CROSS JOIN (VALUES " + strings.Join(rows, ", ") + ") AS " + names + "(" + col + ")" +
		" WHERE " + value + " IS NOT NULL"
	if u.Rest != "" {
		q += " " + u.Rest
	}
	return parser.Parse(q)
}

// aggregateText checks that text, an item of PIVOT's USING, is the call
// of an aggregate: each makes one column, FILTERed to its values.
func aggregateText(text string) error {
	sel, err := parser.ParseSelect("SELECT "+text, 0)
	if err != nil {
		return fmt.Errorf("PIVOT USING %s: %w", text, err)
	}
	if strings.Contains(strings.ToUpper(text), "FILTER") {
		return fmt.Errorf("%w: PIVOT USING %s: a FILTER of its own is not supported: filter the source, PIVOT (SELECT … WHERE …) ON …", ErrUnsupported, text)
	}
	if f, ok := sel.Items[0].Expr.(*ast.Func); !ok || !slices.Contains(ast.Aggregates, strings.ToUpper(f.Name)) {
		return fmt.Errorf("%w: PIVOT USING %s: USING takes calls of aggregates, such as SUM(x) or COUNT(*) (an expression of them is not supported yet)", ErrUnsupported, text)
	}
	return nil
}

// pivotGroups is PIVOT's grouping when it has no GROUP BY: the columns
// of its source, in their order, but those that ON and USING name.
func (s *Session) pivotGroups(ctx context.Context, p *ast.Pivot, from string, using []ast.PivotItem) ([]string, error) {
	var exprs []string
	for _, on := range p.On {
		exprs = append(exprs, on.Expr)
	}
	for _, u := range using {
		exprs = append(exprs, u.Expr)
	}
	group, err := s.otherColumns(ctx, from, exprs)
	if err != nil {
		return nil, fmt.Errorf("PIVOT's source: %w", err)
	}
	return group, nil
}

// otherColumns is the columns of from's source, in their order and
// quoted, but those that exprs name.
func (s *Session) otherColumns(ctx context.Context, from string, exprs []string) ([]string, error) {
	res, err := s.runText(ctx, "SELECT *"+from+" LIMIT 1")
	if err != nil {
		return nil, err
	}
	sel, err := parser.ParseSelect("SELECT "+strings.Join(exprs, ", "), 0)
	if err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, it := range sel.Items {
		ast.Walk(it.Expr, func(x ast.Expr) bool {
			if c, ok := x.(ast.Column); ok && len(c.Path) > 0 {
				named[strings.ToLower(c.Path[len(c.Path)-1])] = true
			}
			return true
		})
	}
	var others []string
	for _, c := range res.Columns {
		if !named[strings.ToLower(c.Name)] {
			others = append(others, ast.Ident(c.Name))
		}
	}
	return others, nil
}

// runText runs the statement of text.
func (s *Session) runText(ctx context.Context, text string) (*Result, error) {
	st, err := parser.Parse(text)
	if err != nil {
		return nil, err
	}
	return s.Run(ctx, st)
}

// sqlLiteral spells v as a literal that reads back as it.
func sqlLiteral(v types.Value) (string, error) {
	switch v.K {
	case types.Bool, types.Int, types.Huge:
		return v.String(), nil
	case types.Float:
		f := v.F()
		if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
			return "CAST('" + v.String() + "' AS DOUBLE)", nil
		}
		return strconv.FormatFloat(f, 'g', -1, 64) + "::DOUBLE", nil
	case types.String:
		return ast.Quote(v.S), nil
	case types.Date:
		return "DATE '" + v.String() + "'", nil
	case types.Timestamp:
		return "TIMESTAMP '" + v.String() + "'", nil
	case types.Interval:
		return "INTERVAL '" + v.String() + "'", nil
	}
	return "", fmt.Errorf("%w: a %s value to pivot on", ErrUnsupported, v.K)
}
