package sql

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

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

// Plan is a SELECT bound to a source: fields resolved to slots, files
// pruned, output columns decided.
type Plan struct {
	Sel        *Select
	src        Source
	Scan       []scanFile // files to open, in path order
	FilesTotal int
	PartsKept  []string // partition folders kept, in order
	PartsTotal int

	slots     slots
	extractor *storage.Extractor // of slots.names, shared by the workers
	pred      rowPred            // the whole WHERE clause
	residual  rowPred            // the conjuncts a partition does not decide; nil: none
	decided   []Expr             // conjuncts decided by partition values alone
	rest      []Expr             // the other conjuncts

	// needles are texts a line must contain for WHERE to hold: the string
	// literals of top-level conjuncts field = 'text' (needlesRest: of the
	// residual only). A line without backslashes that lacks one is skipped
	// without extracting anything.
	needles, needlesRest []storage.Needle

	// ignoreSizes reads files whose size differs from the manifest instead
	// of failing with catalog.ErrStale (to find a bad line in a damaged lake).
	ignoreSizes bool

	aggregate  bool
	aggs       []Agg
	aggSlots   []int // per aggregate: its field's slot, -1 for COUNT(*)
	groupSlots []int // per GROUP BY field
	outputs    []output
	projSlots  []int // projection: slot of each field item
	star       bool
	columns    []Column
}

// scanFile is a file to scan and whether its partition decides every
// decided conjunct as TRUE, so that only the residual is evaluated per row.
type scanFile struct {
	storage.FileEntry
	residualOnly bool
}

// output says where a result column comes from in an aggregate query.
type output struct {
	group int // index into GroupBy, or -1
	agg   int // index into aggs, or -1
}

// NewPlan plans sel over src.
func NewPlan(src Source, sel *Select) (*Plan, error) {
	p := &Plan{Sel: sel, src: src, FilesTotal: len(src.Files())}
	if err := p.resolveItems(); err != nil {
		return nil, err
	}
	if sel.Where != nil {
		var err error
		if p.pred, err = compilePred(sel.Where, &p.slots); err != nil {
			return nil, err
		}
		p.splitConjuncts(src.Key())
		if len(p.rest) > 0 {
			if p.residual, err = compilePred(AndAll(p.rest...), &p.slots); err != nil {
				return nil, err
			}
		}
	}
	p.prune(src)
	p.extractor = storage.NewExtractor(p.slots.names)
	if sel.Where != nil {
		p.needles = needles(conjuncts(sel.Where))
		p.needlesRest = needles(p.rest)
	}
	return p, nil
}

func (p *Plan) resolveItems() error {
	sel := p.Sel
	for _, it := range sel.Items {
		if it.Agg != nil {
			p.aggregate = true
		}
	}
	if len(sel.GroupBy) > 0 {
		p.aggregate = true
	}
	if !p.aggregate {
		for _, it := range sel.Items {
			if it.Star {
				p.star = true
				p.projSlots = append(p.projSlots, -1)
				continue
			}
			p.projSlots = append(p.projSlots, p.slots.slot(it.Field))
			p.columns = append(p.columns, Column{Name: it.Name()})
		}
		if p.star && len(sel.Items) > 1 {
			return fmt.Errorf("%w: * together with other columns", ErrUnsupported)
		}
		return nil
	}
	for _, g := range sel.GroupBy {
		p.groupSlots = append(p.groupSlots, p.slots.slot(g))
	}
	for _, it := range sel.Items {
		switch {
		case it.Star:
			return fmt.Errorf("%w: * in a query with aggregates or GROUP BY", ErrUnsupported)
		case it.Agg != nil:
			p.outputs = append(p.outputs, output{group: -1, agg: len(p.aggs)})
			p.aggs = append(p.aggs, *it.Agg)
			if it.Agg.Func == CountStar {
				p.aggSlots = append(p.aggSlots, -1)
			} else {
				p.aggSlots = append(p.aggSlots, p.slots.slot(it.Agg.Arg))
			}
			numeric := it.Agg.Func == CountStar || it.Agg.Func == Count || it.Agg.Func == Sum || it.Agg.Func == Avg
			p.columns = append(p.columns, Column{Name: it.Name(), Numeric: numeric})
		default:
			g := slices.Index(sel.GroupBy, it.Field)
			if g < 0 {
				return fmt.Errorf("field %s must appear in GROUP BY or inside an aggregate", Col{Name: it.Field})
			}
			p.outputs = append(p.outputs, output{group: g, agg: -1})
			p.columns = append(p.columns, Column{Name: it.Name()})
		}
	}
	return nil
}

// splitConjuncts sorts the top-level AND terms of WHERE into those that the
// partition values decide exactly (key fields compared with strings, IS
// NULL) and the rest.
func (p *Plan) splitConjuncts(key []string) {
	for _, c := range conjuncts(p.Sel.Where) {
		if decidedBy(c, key) {
			p.decided = append(p.decided, c)
		} else {
			p.rest = append(p.rest, c)
		}
	}
}

func conjuncts(e Expr) []Expr {
	if a, ok := e.(And); ok {
		return append(conjuncts(a.L), conjuncts(a.R)...)
	}
	return []Expr{e}
}

// decidedBy reports whether e depends only on key fields in ways a
// partition's text values answer exactly.
func decidedBy(e Expr, key []string) bool {
	isKey := func(x Expr) bool {
		c, ok := x.(Col)
		return ok && slices.Contains(key, c.Name)
	}
	isStr := func(x Expr) bool {
		l, ok := x.(Lit)
		return ok && l.Kind == LitString
	}
	switch e := e.(type) {
	case And:
		return decidedBy(e.L, key) && decidedBy(e.R, key)
	case Or:
		return decidedBy(e.L, key) && decidedBy(e.R, key)
	case Not:
		return decidedBy(e.E, key)
	case IsNull:
		return isKey(e.E)
	case Compare:
		return isKey(e.L) && isStr(e.R) || isStr(e.L) && isKey(e.R)
	case In:
		if !isKey(e.L) {
			return false
		}
		for _, x := range e.List {
			if !isStr(x) {
				return false
			}
		}
		return true
	}
	return false
}

// prune keeps the files whose partition may satisfy WHERE.
func (p *Plan) prune(src Source) {
	key := src.Key()
	decided := AndAll(p.decided...)
	parts := make(map[string]bool)
	for _, f := range src.Files() {
		dir := path.Dir(f.Path)
		if !parts[dir] {
			parts[dir] = false
		}
		part := partition{key: key, values: f.Partition}
		if evalPartition(p.Sel.Where, part)&True == 0 {
			continue
		}
		sf := scanFile{FileEntry: f}
		if f.Partition != nil && len(p.decided) > 0 {
			sf.residualOnly = evalPartition(decided, part) == True
		}
		p.Scan = append(p.Scan, sf)
		parts[dir] = true
	}
	p.PartsTotal = len(parts)
	for dir, kept := range parts {
		if kept {
			p.PartsKept = append(p.PartsKept, dir)
		}
	}
	slices.Sort(p.PartsKept)
}

// pruningText shows what the pruner tests on partitions: WHERE with every
// condition on a non-key field relaxed to TRUE (as it may hold).
func pruningText(e Expr, key []string) string {
	r := relax(e, key, true)
	if r == nil {
		return "none (every file may hold matching rows)"
	}
	return r.String()
}

// relax returns e with non-key conditions dropped as "may be true" (nil
// stands for TRUE). Under NOT the polarity flips.
func relax(e Expr, key []string, pos bool) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case And:
		l, r := relax(e.L, key, pos), relax(e.R, key, pos)
		if pos {
			if l == nil {
				return r
			}
			if r == nil {
				return l
			}
			return And{l, r}
		}
		if l == nil || r == nil {
			return nil
		}
		return And{l, r}
	case Or:
		l, r := relax(e.L, key, pos), relax(e.R, key, pos)
		if pos {
			if l == nil || r == nil {
				return nil
			}
			return Or{l, r}
		}
		if l == nil {
			return r
		}
		if r == nil {
			return l
		}
		return Or{l, r}
	case Not:
		inner := relax(e.E, key, !pos)
		if inner == nil {
			return nil
		}
		return Not{inner}
	}
	for _, f := range Fields(e) {
		if !slices.Contains(key, f) {
			return nil
		}
	}
	return e
}

// Columns returns the result columns known before the scan (empty for *).
func (p *Plan) Columns() []Column { return p.columns }

func describeAggs(p *Plan) string {
	var parts []string
	for _, a := range p.aggs {
		parts = append(parts, a.String())
	}
	s := strings.Join(parts, ", ")
	if len(p.Sel.GroupBy) > 0 {
		s += " GROUP BY " + joinIdents(p.Sel.GroupBy)
	}
	return s
}

// needles returns the literal texts of the conjuncts field = 'text' whose
// text a JSON line holds verbatim whenever the field equals it: ASCII
// without quotes, backslashes or control characters (a line with a
// backslash might spell it escaped, and is never skipped).
func needles(cs []Expr) []storage.Needle {
	var out []storage.Needle
	for _, c := range cs {
		cmp, ok := c.(Compare)
		if !ok || cmp.Op != "=" {
			continue
		}
		lit, ok := cmp.R.(Lit)
		if _, col := cmp.L.(Col); !ok || !col {
			lit, ok = cmp.L.(Lit)
			if _, col := cmp.R.(Col); !ok || !col {
				continue
			}
		}
		if lit.Kind != LitString || lit.Str == "" || !plainASCII(lit.Str) {
			continue
		}
		out = append(out, storage.NewNeedle(lit.Str))
	}
	return out
}

func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
