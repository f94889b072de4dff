package plan

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Source is a pinned list of a lake's files that a query reads: a
// catalog.Snapshot (from the manifest, or from walking the folder). The
// interface lives here, with its consumer.
type Source interface {
	Name() string
	Generation() int64
	Key() []string
	Files() []storage.FileEntry
	Open(rel string) (io.ReadCloser, error)
	Path(rel string) string
}

// Producer is a Source whose rows are made as a scan reads them, by
// running code rather than by reading its files: a join streamed through
// a hash table (package sql). Files lists one entry, which no one opens.
// Produce runs it under ctx; each of its workers asks fork, once, for
// where its rows go, and calls that alone, with values by Columns (valid
// only during the call); an error from it ends the run with that error.
// Holds is the memory a run keeps while it lasts (the table), which the
// query's own operators then do without.
type Producer interface {
	Source
	Columns() []string
	Produce(ctx context.Context, fork func() func([]types.Value) error) error
	Holds() int64
}

// Node is a node of the logical plan: Scan → Filter → Aggregate →
// Filter (HAVING) → Project → Distinct → Sort/TopN → Limit.
type Node interface {
	Inputs() []Node
	// Describe is the node's line in EXPLAIN.
	Describe() string
}

// Scan reads the rows of a lake: the values of Fields, one slot each, for
// every row that passes Filter (the WHERE clause, evaluated on the row).
// The optimizer fills Files and the fast paths (see package optimizer).
type Scan struct {
	Src    Source
	Table  string
	Fields []string // top-level member names, by slot
	Filter Expr     // nil: every row
	// Star: SELECT *, which keeps each whole line (Lines) and shows every
	// top-level field seen.
	Star bool
	// StopAfter, when >= 0, is the number of rows after which the scan may
	// stop: a projection with LIMIT and no ORDER BY reads files in path
	// order and stops.
	StopAfter int64

	// Filled by the optimizer.
	Files      []ScanFile
	FilesTotal int
	PartsKept  []string // partition folders kept, in order
	PartsTotal int
	Pruning    string // the predicate the pruner tests on partitions
	// Conjuncts are the top-level AND terms of Filter; a file's
	// ScanFile.Skip marks those its partition makes certainly true.
	Conjuncts []Expr
	Needles   []Needle
	// IgnoreSizes reads files whose size differs from the manifest instead
	// of failing (to find a bad line in a damaged lake).
	IgnoreSizes bool
	// FromManifest: the aggregate above is answered from the manifest (the
	// files' row counts and partition values) without opening a file.
	FromManifest bool
	// Semi, set by the engine after planning, filters every row besides
	// Filter: a streamed join's KeyIn of the rows that probe its table.
	Semi Expr
}

// ScanFile is one file to scan, with the conjuncts of the filter that its
// partition decides as TRUE (no need to evaluate them per row).
type ScanFile struct {
	storage.FileEntry
	*Residual // never nil; shared by the files of a partition
	// KeyValues, when the scan is FromManifest, are the values of the key
	// fields that a MIN or MAX reads, by key field.
	KeyValues []types.Value
}

// Residual is what a partition leaves of a scan's filter, the same for
// each of its files: a lake of 300,000 partitions of a file each holds
// one per file, so a ScanFile holds it by pointer.
type Residual struct {
	Skip []bool // by conjunct; nil: none
	// Pred is the filter for this file's rows: the conjuncts not skipped
	// (nil: every row); NeedleSet the needles of those conjuncts.
	Pred      Expr
	NeedleSet []storage.Needle
}

// Needle is a text every line that passes conjunct Conj holds.
type Needle struct {
	Text string
	Conj int
}

// Filter keeps the rows where Pred is TRUE (HAVING).
type Filter struct {
	Input Node
	Pred  Expr
}

// Project computes its expressions over each input row. The first Visible
// are the result's columns; the rest are sort keys ORDER BY needs.
type Project struct {
	Input   Node
	Exprs   []Expr
	Names   []string
	Visible int
	// Derived: the names that are no alias the query wrote but DuckDB's
	// name of the item (ast.DuckName), which Describe leaves out.
	Derived []bool
}

// Aggregate groups its input by Groups and computes Aggs per group; its
// output row is the group values then the aggregate results. Without
// groups it returns exactly one row, even for no input.
type Aggregate struct {
	Input  Node
	Groups []Expr
	Aggs   []AggCall
}

// AggCall is one aggregate of a query.
type AggCall struct {
	Func *aggregate.Func
	Args []Expr // none for COUNT(*)
	Text string
	// Derive, when set, computes this call's result from the state of
	// call Base (of the same Aggregate), which keeps the only state: the
	// optimizer's sharing of SUM(x + c) over one x.
	Derive func(aggregate.State) types.Value
	Base   int
}

// Distinct removes duplicate rows (over the first Width columns).
type Distinct struct {
	Input Node
	Width int
}

// SortKey is one ORDER BY key: a column of the input.
type SortKey struct {
	Col        int
	Desc       bool
	NullsFirst bool
	Text       string
}

// Sort orders its input; with Limit >= 0 it keeps only the first
// Offset+Limit rows (top-N, a heap).
type Sort struct {
	Input  Node
	Keys   []SortKey
	Limit  int64 // -1: all
	Offset int64
}

// Limit passes rows Offset … Offset+N.
type Limit struct {
	Input     Node
	N, Offset int64
}

func (s *Scan) Inputs() []Node      { return nil }
func (f *Filter) Inputs() []Node    { return []Node{f.Input} }
func (p *Project) Inputs() []Node   { return []Node{p.Input} }
func (a *Aggregate) Inputs() []Node { return []Node{a.Input} }
func (d *Distinct) Inputs() []Node  { return []Node{d.Input} }
func (s *Sort) Inputs() []Node      { return []Node{s.Input} }
func (l *Limit) Inputs() []Node     { return []Node{l.Input} }

func (s *Scan) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Scan %s", s.Table)
	if s.Star {
		b.WriteString(" (every field)")
	} else if len(s.Fields) > 0 {
		b.WriteString(" (fields " + strings.Join(s.Fields, ", ") + ")")
	}
	if s.Filter != nil {
		b.WriteString(" WHERE " + s.Filter.String())
	}
	if s.StopAfter >= 0 {
		fmt.Fprintf(&b, " (stops after %d rows)", s.StopAfter)
	}
	return b.String()
}

func (f *Filter) Describe() string { return "Filter " + f.Pred.String() }

func (p *Project) Describe() string {
	parts := make([]string, len(p.Exprs))
	for i, e := range p.Exprs {
		parts[i] = e.String()
		if i < len(p.Names) && p.Names[i] != e.String() && (i >= len(p.Derived) || !p.Derived[i]) {
			parts[i] += " AS " + p.Names[i]
		}
		if i >= p.Visible {
			parts[i] += " (sort key)"
		}
	}
	return "Project " + strings.Join(parts, ", ")
}

func (a *Aggregate) Describe() string {
	parts := make([]string, len(a.Aggs))
	for i, c := range a.Aggs {
		parts[i] = c.Text
	}
	s := "Aggregate " + strings.Join(parts, ", ")
	if len(a.Groups) > 0 {
		g := make([]string, len(a.Groups))
		for i, e := range a.Groups {
			g[i] = e.String()
		}
		s += " GROUP BY " + strings.Join(g, ", ")
	}
	return s
}

func (d *Distinct) Describe() string { return "Distinct" }

func (s *Sort) Describe() string {
	parts := make([]string, len(s.Keys))
	for i, k := range s.Keys {
		parts[i] = k.Text
		if k.Desc {
			parts[i] += " DESC"
		}
		if k.NullsFirst {
			parts[i] += " NULLS FIRST"
		}
	}
	if s.Limit >= 0 {
		return fmt.Sprintf("TopN %d: ORDER BY %s", AddRows(s.Offset, s.Limit), strings.Join(parts, ", "))
	}
	return "Sort: ORDER BY " + strings.Join(parts, ", ")
}

func (l *Limit) Describe() string {
	if l.Offset > 0 {
		return fmt.Sprintf("Limit %d OFFSET %d", l.N, l.Offset)
	}
	return fmt.Sprintf("Limit %d", l.N)
}

// Plan is a bound SELECT: its tree, the scan at its leaf and the names of
// its result columns.
type Plan struct {
	Root    Node
	Scan    *Scan
	Columns []string
	// GroupCols are the result columns that hold GROUP BY values: without
	// ORDER BY, a grouped result is sorted by them so output is stable.
	GroupCols []int
	// Unordered: the rows go where their order never shows (a derived
	// table the engine made for one join): a grouped result without ORDER
	// BY or LIMIT goes out as its groups come, unsorted.
	Unordered bool
}

// Tree prints the plan as an indented tree, root first.
func Tree(n Node) []string { return TreeWith(n, nil) }

// TreeWith is Tree with a note after each node's line (EXPLAIN ANALYZE's
// rows and time); note may be nil.
func TreeWith(n Node, note func(Node) string) []string {
	var out []string
	var walk func(n Node, depth int)
	walk = func(n Node, depth int) {
		line := strings.Repeat("  ", depth) + n.Describe()
		if note != nil {
			if s := note(n); s != "" {
				line += " " + s
			}
		}
		out = append(out, line)
		for _, c := range n.Inputs() {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return out
}

// AddRows is a + b, two counts of rows (an OFFSET and a LIMIT), or the
// largest int64 where the sum would pass it: LIMIT 9223372036854775807
// OFFSET 2 (as OFFSET 2 alone becomes) asks for every row past the
// second, not a negative number of them.
func AddRows(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
