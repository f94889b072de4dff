package ast

import (
	"strconv"
	"strings"
)

// The lake statements, read by the parser's own grammar (the MySQL grammar
// has no LAKE).

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
		SmallRatio float64 // in (0, 1]; 0: not given, the default unless RewriteAll
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
		Engine string // duckdb, spark or trino, lower case
	}
)

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

// CopyLake is COPY lake FROM 'file' [MAX ROWS n]: the rows of a JSON Lines
// file appended to a lake, the twin of pq append.
type CopyLake struct {
	Lake    string
	From    string
	MaxRows int64 // most rows per new file; 0: one new file per partition
}

func (CopyLake) stmt() {}

func (s CopyLake) String() string {
	out := "COPY " + lakeIdent(s.Lake) + " FROM " + sqlString(s.From)
	if s.MaxRows > 0 {
		out += " MAX ROWS " + strconv.FormatInt(s.MaxRows, 10)
	}
	return out
}

// Maintenance commands: the twins of pq vacuum and pq check.
type (
	// VacuumLake is VACUUM LAKE lake [DRY RUN].
	VacuumLake struct {
		Lake   string
		DryRun bool
	}
	// CheckLake is CHECK LAKE lake.
	CheckLake struct{ Lake string }
)

func (VacuumLake) stmt() {}
func (CheckLake) stmt()  {}

func (s VacuumLake) String() string {
	out := "VACUUM LAKE " + lakeIdent(s.Lake)
	if s.DryRun {
		out += " DRY RUN"
	}
	return out
}

func (s CheckLake) String() string { return "CHECK LAKE " + lakeIdent(s.Lake) }

// ExplainCompact is EXPLAIN ALTER LAKE lake COMPACT …: the plan of a
// compaction, shown and not run.
type ExplainCompact struct{ Compact CompactLake }

func (ExplainCompact) stmt()            {}
func (e ExplainCompact) String() string { return "EXPLAIN " + e.Compact.String() }

func joinIdents(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = Ident(n)
	}
	return strings.Join(parts, ", ")
}

// sqlString quotes s as the lake statements' lexer reads a string: a
// doubled quote for a quote, no backslash escapes.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Engines are the engines SHOW CREATE LAKE … FOR writes for, in the order
// help texts name them.
var Engines = []string{"duckdb", "spark", "trino"}

// Set is SET name = value (or TO value) and RESET name: a setting of the
// session (memory_limit, temp_directory), by its lower-case name.
type Set struct {
	Name  string
	Value string // the literal's text, unquoted; "" for RESET
	Reset bool
}

func (Set) stmt() {}

func (s Set) String() string {
	if s.Reset {
		return "RESET " + s.Name
	}
	return "SET " + s.Name + " = " + sqlString(s.Value)
}
