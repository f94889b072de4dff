package ast

import "strings"

// Pivot is DuckDB's PIVOT statement,
//
//	PIVOT source ON x [IN (v [AS name], …)], … [USING agg [AS name], …]
//	  [GROUP BY g, …] [ORDER BY …] [LIMIT …]
//
// kept as the text of its parts: the session reads the values of each x
// that IN does not list, then runs the SELECT of one aggregate FILTERed
// to each combination of values (see sql/pivot.go).
type Pivot struct {
	Source  string // a lake's name or a parenthesized query
	On      []PivotOn
	Using   []PivotItem // none: COUNT(*)
	GroupBy []string    // none: every column of source that ON and USING do not name
	Rest    string      // ORDER BY … LIMIT …, as written
}

// PivotOn is one expression of ON and the values that IN lists for it
// (none: the values source holds, NULL left out).
type PivotOn struct {
	Expr string
	In   []PivotItem
}

// PivotItem is an expression and its name (AS name; "" for none).
type PivotItem struct {
	Expr, Alias string
}

func (*Pivot) stmt() {}

func (p *Pivot) String() string {
	var b strings.Builder
	b.WriteString("PIVOT " + p.Source + " ON ")
	for i, on := range p.On {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(on.Expr)
		if len(on.In) > 0 {
			b.WriteString(" IN (" + pivotItems(on.In) + ")")
		}
	}
	if len(p.Using) > 0 {
		b.WriteString(" USING " + pivotItems(p.Using))
	}
	if len(p.GroupBy) > 0 {
		b.WriteString(" GROUP BY " + strings.Join(p.GroupBy, ", "))
	}
	if p.Rest != "" {
		b.WriteString(" " + p.Rest)
	}
	return b.String()
}

func pivotItems(items []PivotItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.Expr
		if it.Alias != "" {
			parts[i] += " AS " + it.Alias
		}
	}
	return strings.Join(parts, ", ")
}

// Unpivot is DuckDB's UNPIVOT statement,
//
//	UNPIVOT source ON x [AS name], … [INTO NAME n VALUE v] [ORDER BY …] [LIMIT …]
//
// kept as the text of its parts: the session runs it as the UNION ALL of
// a SELECT for each column of ON (see sql/pivot.go).
type Unpivot struct {
	Source      string
	On          []PivotItem
	Name, Value string // the columns made: "name" and "value" by default
	Rest        string // ORDER BY … LIMIT …, as written
}

func (*Unpivot) stmt() {}

func (u *Unpivot) String() string {
	s := "UNPIVOT " + u.Source + " ON " + pivotItems(u.On) + " INTO NAME " + u.Name + " VALUE " + u.Value
	if u.Rest != "" {
		s += " " + u.Rest
	}
	return s
}
