package sql

import (
	"fmt"
	"strconv"
	"strings"
)

// Statement is one parsed statement: a *Select, an *Explain or a lake
// command.
type Statement interface {
	String() string
	stmt()
}

// Select is SELECT items FROM lake [WHERE] [GROUP BY] [ORDER BY] [LIMIT].
type Select struct {
	Items   []SelectItem
	Lake    string
	Where   Expr // nil: every row
	GroupBy []string
	OrderBy []OrderItem
	Limit   int64 // -1: no limit
	Offset  int64
}

// SelectItem is *, a field, or an aggregate, with an optional alias.
type SelectItem struct {
	Star  bool
	Field string
	Agg   *Agg
	Alias string
}

// Name is the item's column name: its alias, field name or aggregate text.
func (it SelectItem) Name() string {
	switch {
	case it.Alias != "":
		return it.Alias
	case it.Star:
		return "*"
	case it.Agg != nil:
		return it.Agg.String()
	}
	return it.Field
}

func (it SelectItem) String() string {
	var s string
	switch {
	case it.Star:
		s = "*"
	case it.Agg != nil:
		s = it.Agg.String()
	default:
		s = Col{Name: it.Field}.String()
	}
	if it.Alias != "" {
		s += " AS " + Col{Name: it.Alias}.String()
	}
	return s
}

// OrderItem is one ORDER BY term: a 1-based position, or a name (alias,
// field or aggregate text).
type OrderItem struct {
	Pos  int
	Name string
	Desc bool
}

func (o OrderItem) String() string {
	s := o.Name
	if o.Pos > 0 {
		s = strconv.Itoa(o.Pos)
	} else if !strings.Contains(s, "(") {
		s = Col{Name: s}.String()
	}
	if o.Desc {
		s += " DESC"
	}
	return s
}

func (s *Select) String() string {
	var b strings.Builder
	b.WriteString("SELECT ")
	for i, it := range s.Items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(it.String())
	}
	b.WriteString(" FROM " + Col{Name: s.Lake}.String())
	if s.Where != nil {
		b.WriteString(" WHERE " + s.Where.String())
	}
	if len(s.GroupBy) > 0 {
		b.WriteString(" GROUP BY " + joinIdents(s.GroupBy))
	}
	if len(s.OrderBy) > 0 {
		b.WriteString(" ORDER BY ")
		for i, o := range s.OrderBy {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(o.String())
		}
	}
	if s.Limit >= 0 {
		fmt.Fprintf(&b, " LIMIT %d", s.Limit)
	}
	if s.Offset > 0 {
		fmt.Fprintf(&b, " OFFSET %d", s.Offset)
	}
	return b.String()
}

func joinIdents(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = Col{Name: n}.String()
	}
	return strings.Join(parts, ", ")
}

// Explain is EXPLAIN [ANALYZE] SELECT ...
type Explain struct {
	Analyze bool
	Select  *Select
}

func (e *Explain) String() string {
	if e.Analyze {
		return "EXPLAIN ANALYZE " + e.Select.String()
	}
	return "EXPLAIN " + e.Select.String()
}

// Lake commands.
type (
	// ShowLakes is SHOW LAKES.
	ShowLakes struct{}
	// ShowPartitions is SHOW PARTITIONS lake.
	ShowPartitions struct{ Lake string }
	// ShowFiles is SHOW FILES lake.
	ShowFiles struct{ Lake string }
	// ShowLayout is SHOW LAYOUT lake [SMALL size].
	ShowLayout struct {
		Lake  string
		Small int64 // -1: the default
	}
	// Describe is DESCRIBE lake.
	Describe struct{ Lake string }
	// CreateLake is CREATE LAKE lake FROM 'file' PARTITION BY (f, ...) [MAX ROWS n].
	CreateLake struct {
		Lake    string
		From    string
		Key     []string
		MaxRows int64
	}
	// CompactLake is ALTER LAKE lake COMPACT [TARGET size] [SMALL RATIO r]
	// [REWRITE ALL] (SMALL RATIO and REWRITE ALL exclude each other).
	CompactLake struct {
		Lake       string
		Target     int64   // -1: the default
		SmallRatio float64 // in (0, 1]; 0: not given, DefaultSmallRatio unless RewriteAll
		RewriteAll bool    // the lab's rule: rewrite every file, keep none
	}
	// RepartitionLake is ALTER LAKE lake PARTITION BY (f, ...) [INTO lake].
	RepartitionLake struct {
		Lake string
		Key  []string
		Into string // "": the same lake
	}
	// DropLake is DROP LAKE lake.
	DropLake struct{ Lake string }
	// ShowCreateLake is SHOW CREATE LAKE lake FOR duckdb|spark|trino: what
	// that engine needs to read the lake's current snapshot (export.go).
	ShowCreateLake struct {
		Lake   string
		Engine string // one of Engines, lower case
	}
)

func (*Select) stmt()            {}
func (*Explain) stmt()           {}
func (ShowLakes) stmt()          {}
func (ShowPartitions) stmt()     {}
func (ShowFiles) stmt()          {}
func (ShowLayout) stmt()         {}
func (Describe) stmt()           {}
func (CreateLake) stmt()         {}
func (CompactLake) stmt()        {}
func (RepartitionLake) stmt()    {}
func (DropLake) stmt()           {}
func (ShowLakes) String() string { return "SHOW LAKES" }
func (s ShowPartitions) String() string {
	return "SHOW PARTITIONS " + lakeIdent(s.Lake)
}
func (s ShowFiles) String() string { return "SHOW FILES " + lakeIdent(s.Lake) }
func (s ShowLayout) String() string {
	out := "SHOW LAYOUT " + lakeIdent(s.Lake)
	if s.Small >= 0 {
		out += " SMALL " + strconv.FormatInt(s.Small, 10)
	}
	return out
}
func (s Describe) String() string { return "DESCRIBE " + lakeIdent(s.Lake) }
func (s CreateLake) String() string {
	out := "CREATE LAKE " + lakeIdent(s.Lake) + " FROM " + sqlString(s.From) + " PARTITION BY (" + joinIdents(s.Key) + ")"
	if s.MaxRows > 0 {
		out += " MAX ROWS " + strconv.FormatInt(s.MaxRows, 10)
	}
	return out
}
func (s CompactLake) String() string {
	out := "ALTER LAKE " + lakeIdent(s.Lake) + " COMPACT"
	if s.Target >= 0 {
		out += " TARGET " + strconv.FormatInt(s.Target, 10)
	}
	if s.SmallRatio > 0 {
		out += " SMALL RATIO " + strconv.FormatFloat(s.SmallRatio, 'f', -1, 64)
	}
	if s.RewriteAll {
		out += " REWRITE ALL"
	}
	return out
}
func (s RepartitionLake) String() string {
	out := "ALTER LAKE " + lakeIdent(s.Lake) + " PARTITION BY (" + joinIdents(s.Key) + ")"
	if s.Into != "" {
		out += " INTO " + lakeIdent(s.Into)
	}
	return out
}
func (s DropLake) String() string { return "DROP LAKE " + lakeIdent(s.Lake) }
func (ShowCreateLake) stmt()      {}
func (s ShowCreateLake) String() string {
	return "SHOW CREATE LAKE " + lakeIdent(s.Lake) + " FOR " + s.Engine
}

// lakeIdent prints a lake name; names are [A-Za-z0-9._-], which the lake
// command lexer reads as one word, unless it starts with "--", a comment.
func lakeIdent(s string) string {
	if strings.HasPrefix(s, "--") {
		return "`" + s + "`"
	}
	return s
}
