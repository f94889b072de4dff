package optimizer

import (
	"path"
	"slices"
	"strings"

	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
	"github.com/lakesql/lakesql/storage"
)

// Optimize fills the scan of p.
func Optimize(p *plan.Plan) {
	s := p.Scan
	s.Conjuncts = conjuncts(s.Filter)
	s.Needles = needles(s)
	prune(s)
	distinctAsGroups(p)
	for n := p.Root; n != nil; {
		if a, ok := n.(*plan.Aggregate); ok {
			rewriteSums(a)
			fromManifest(p, a)
		}
		in := n.Inputs()
		if len(in) == 0 {
			break
		}
		n = in[0]
	}
}

func conjuncts(e plan.Expr) []plan.Expr {
	if a, ok := e.(*plan.AndExpr); ok {
		return append(conjuncts(a.L), conjuncts(a.R)...)
	}
	if e == nil {
		return nil
	}
	return []plan.Expr{e}
}

// partition is what the pruner knows of one file: per slot of the scan,
// the values a key field may have (nil: not a key field, unknown).
type partition [][]types.Value

// candidates lists the values a row's key field may have had to give the
// partition text s.
func candidates(v storage.PartValue) []types.Value {
	if v.Null {
		return []types.Value{{}}
	}
	out := []types.Value{types.StringValue(v.Str)}
	switch {
	case v.Str == "true" || v.Str == "false":
		out = append(out, types.BoolValue(v.Str == "true"))
	case isJSONNumber(v.Str):
		n := types.ParseJSONNumber([]byte(v.Str))
		n.S = v.Str // its spelling, as a row's number keeps it
		out = append(out, n)
	}
	return out
}

func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	err := storage.Fields([]byte(`{"v":`+s+`}`), nil, nil)
	return err == nil && strings.IndexAny(s[:1], "-0123456789") == 0
}

// Eval returns the possible truth values of e on any row of the partition.
func Eval(e plan.Expr, p partition) types.Truth {
	switch e := e.(type) {
	case nil:
		return types.True
	case *plan.AndExpr:
		return Eval(e.L, p).And(Eval(e.R, p))
	case *plan.OrExpr:
		return Eval(e.L, p).Or(Eval(e.R, p))
	case *plan.NotExpr:
		return Eval(e.X, p).Not()
	}
	if plan.Volatile(e) {
		return types.Any // RANDOM() < 0.5: decided row by row
	}
	slots := plan.Slots(e)
	for _, s := range slots {
		if s >= len(p) || p[s] == nil {
			return types.Any
		}
	}
	// Every field e reads is a key field: evaluate e on each combination
	// of their possible values.
	row := make(plan.Row, len(p))
	var t types.Truth
	var each func(i int) bool
	each = func(i int) bool {
		if i == len(slots) {
			v, err := e.Eval(row)
			if err != nil {
				t = types.Any // the row would fail: keep the file so it does
				return false
			}
			x, err := plan.Truthy(v)
			if err != nil {
				t = types.Any
				return false
			}
			t |= x
			return true
		}
		for _, c := range p[slots[i]] {
			row[slots[i]] = c
			if !each(i + 1) {
				return false
			}
		}
		return true
	}
	each(0)
	return t
}

// prune keeps the files whose partition may satisfy the filter, and marks
// per file the conjuncts its partition makes certainly true.
func prune(s *plan.Scan) {
	key := s.Src.Key()
	keySlot := make([]int, len(key)) // key field -> scan slot, -1 if unread
	for i, k := range key {
		keySlot[i] = slices.Index(s.Fields, k)
	}
	files := s.Src.Files()
	s.FilesTotal = len(files)
	// The residual of each pattern of conjuncts decided: most partitions
	// decide none, and share one.
	residuals := map[string]*plan.Residual{}
	// decide returns the residual of a file's partition, nil when the
	// partition cannot satisfy the filter.
	decide := func(f storage.FileEntry) *plan.Residual {
		var skip []bool
		if f.Partition != nil && len(s.Conjuncts) > 0 {
			p := make(partition, len(s.Fields))
			for i, slot := range keySlot {
				if slot >= 0 && i < len(f.Partition) {
					p[slot] = candidates(f.Partition[i])
				}
			}
			if Eval(s.Filter, p)&types.True == 0 {
				return nil
			}
			for j, c := range s.Conjuncts {
				if Eval(c, p) == types.True {
					if skip == nil {
						skip = make([]bool, len(s.Conjuncts))
					}
					skip[j] = true
				}
			}
		}
		pattern := make([]byte, len(skip)) // skip, a byte a conjunct
		for j, sk := range skip {
			if sk {
				pattern[j] = 1
			}
		}
		r := residuals[string(pattern)]
		if r == nil {
			r = &plan.Residual{Skip: skip}
			r.Pred, r.NeedleSet = residual(s, skip)
			residuals[string(pattern)] = r
		}
		return r
	}
	// Each file's residual, then the files kept in a slice of their
	// number: a lake of many files holds no slack of a growing one.
	type folder struct {
		decided bool
		r       *plan.Residual // the partition's, once decided; nil: pruned
		kept    bool           // a file of the folder is kept
	}
	dirs := map[string]*folder{}
	each := make([]*plan.Residual, len(files))
	kept := 0
	for i, f := range files {
		dir := path.Dir(f.Path)
		d := dirs[dir]
		if d == nil {
			d = &folder{}
			dirs[dir] = d
		}
		r := d.r
		if !d.decided || f.Partition == nil {
			r = decide(f)
			if f.Partition != nil {
				d.r, d.decided = r, true
			}
		}
		each[i] = r
		if r != nil {
			kept++
			d.kept = true
		}
	}
	s.Files = make([]plan.ScanFile, 0, kept)
	for i, f := range files {
		if each[i] != nil {
			s.Files = append(s.Files, plan.ScanFile{FileEntry: f, Residual: each[i]})
		}
	}
	s.PartsTotal = len(dirs)
	for dir, d := range dirs {
		if d.kept {
			s.PartsKept = append(s.PartsKept, dir)
		}
	}
	slices.Sort(s.PartsKept)
	s.Pruning = pruningText(s, key)
}

// residual is the filter without the skipped conjuncts, and its needles.
func residual(s *plan.Scan, skip []bool) (plan.Expr, []storage.Needle) {
	var pred plan.Expr
	for j, c := range s.Conjuncts {
		if skip != nil && skip[j] {
			continue
		}
		if pred == nil {
			pred = c
		} else {
			pred = &plan.AndExpr{L: pred, R: c}
		}
	}
	var ns []storage.Needle
	for _, n := range s.Needles {
		if skip == nil || !skip[n.Conj] {
			ns = append(ns, storage.NewNeedle(n.Text))
		}
	}
	return pred, ns
}

// Residual returns the conjuncts that no kept file's partition decides,
// for EXPLAIN: those evaluated on some row.
func Residual(s *plan.Scan) []plan.Expr {
	var out []plan.Expr
	for j, c := range s.Conjuncts {
		if slices.ContainsFunc(s.Files, func(f plan.ScanFile) bool { return f.Skip == nil || !f.Skip[j] }) {
			out = append(out, c)
		}
	}
	return out
}

// pruningText shows what the pruner tests on partitions: the filter with
// every condition on a non-key field relaxed to "may be true".
func pruningText(s *plan.Scan, key []string) string {
	isKey := func(slot int) bool { return slot < len(s.Fields) && slices.Contains(key, s.Fields[slot]) }
	r := relax(s.Filter, isKey, true)
	if r == nil {
		return "none (every file may hold matching rows)"
	}
	return r.String()
}

// relax returns e with non-key conditions dropped as "may be true" (nil
// is TRUE); under NOT the polarity flips.
func relax(e plan.Expr, isKey func(int) bool, pos bool) plan.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *plan.AndExpr:
		l, r := relax(e.L, isKey, pos), relax(e.R, isKey, pos)
		switch {
		case l != nil && r != nil:
			return &plan.AndExpr{L: l, R: r}
		case pos && l != nil:
			return l
		case pos:
			return r
		}
		return nil
	case *plan.OrExpr:
		l, r := relax(e.L, isKey, pos), relax(e.R, isKey, pos)
		switch {
		case l != nil && r != nil:
			return &plan.OrExpr{L: l, R: r}
		case !pos && l != nil:
			return l
		case !pos:
			return r
		}
		return nil
	case *plan.NotExpr:
		if in := relax(e.X, isKey, !pos); in != nil {
			return &plan.NotExpr{X: in}
		}
		return nil
	}
	for _, s := range plan.Slots(e) {
		if !isKey(s) {
			return nil
		}
	}
	return e
}
