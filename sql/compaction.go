package sql

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// compactOptions turns ALTER LAKE … COMPACT into the options of
// compact.Compact: the default target, and the default ratio unless SMALL
// RATIO or REWRITE ALL (ratio 0, the lab's rule) is given.
func compactOptions(st ast.CompactLake) compact.Options {
	opt := compact.Options{Target: st.Target, SmallRatio: st.SmallRatio}
	if opt.Target < 0 {
		opt.Target = DefaultTarget
	}
	switch {
	case st.RewriteAll:
		opt.SmallRatio = 0
	case opt.SmallRatio == 0:
		opt.SmallRatio = DefaultSmallRatio
	}
	return opt
}

func (s *Session) compactLake(ctx context.Context, st ast.CompactLake) (*Result, error) {
	opt := compactOptions(st)
	opt.Now = s.now
	opt.Progress = exec.ProgressFrom(ctx)
	r, err := compact.Compact(s.Catalog, st.Lake, opt)
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	res := &Result{
		Columns: []Column{{Name: "lake"}, intCol("before_files"), intCol("after_files"), intCol("partitions"), intCol("rows"),
			intCol("bytes"), intCol("generation"), intCol("rewritten_files"), intCol("rewritten_bytes"), intCol("kept_files"), intCol("kept_bytes")},
		Rows: [][]Value{{StrValue(r.Lake), IntValue(int64(r.BeforeFiles)), IntValue(int64(r.AfterFiles)), IntValue(int64(r.Partitions)),
			IntValue(r.Rows), IntValue(r.Bytes), IntValue(r.Generation), IntValue(int64(r.RewrittenFiles)), IntValue(r.RewrittenBytes),
			IntValue(int64(r.KeptFiles)), IntValue(r.KeptBytes)}},
	}
	if r.RewrittenFiles == 0 && opt.SmallRatio > 0 {
		res.Note = fmt.Sprintf("lake %s: nothing to rewrite, every file kept; the generation stays %d", r.Lake, r.Generation)
	}
	return res, nil
}

// compactPlan is a compaction's plan and its totals, counted as
// compact.Compact reports them.
type compactPlan struct {
	groups []compact.Group
	compact.Totals
}

func planCompaction(files []storage.FileEntry, opt compact.Options) compactPlan {
	groups := compact.Groups(files, opt)
	return compactPlan{groups, compact.Tally(groups)}
}

// explainCompact shows what ALTER LAKE … COMPACT would do, from the
// manifest alone: it takes no lock and writes nothing.
func (s *Session) explainCompact(st ast.ExplainCompact) (*Result, error) {
	snap, err := s.snapshot(st.Compact.Lake)
	if err != nil {
		return nil, err
	}
	opt := compactOptions(st.Compact)
	res := &Result{Columns: []Column{{Name: "plan"}}}
	for _, l := range compactPlanLines(snap, opt, planCompaction(snap.Files(), opt)) {
		res.Rows = append(res.Rows, []Value{StrValue(l)})
	}
	return res, nil
}

// compactPlanLines describes a compaction plan, one line per fact: the
// rule, then per partition its groups in path order (a file kept, or files
// rewritten into one new file), then the totals.
func compactPlanLines(snap *catalog.Snapshot, opt compact.Options, p compactPlan) []string {
	m := snap.Manifest
	lines := []string{fmt.Sprintf("Lake: %s (generation %d, key %s)", snap.Name(), m.Generation, strings.Join(m.Key, ", "))}
	threshold := int64(-1)
	if opt.SmallRatio > 0 {
		threshold = compact.KeepThreshold(opt.Target, opt.SmallRatio)
		lines = append(lines,
			fmt.Sprintf("Keep: files of at least %d bytes (TARGET %d × SMALL RATIO %s), not read",
				threshold, opt.Target, strconv.FormatFloat(opt.SmallRatio, 'f', -1, 64)),
			fmt.Sprintf("Pack: the other files of each partition, in path order, into files of up to %d bytes", opt.Target))
	} else {
		lines = append(lines,
			"Keep: nothing (REWRITE ALL)",
			fmt.Sprintf("Pack: every file of each partition, in path order, into files of up to %d bytes", opt.Target))
	}
	for i := 0; i < len(p.groups); {
		dir := p.groups[i].Dir
		j := i
		var files int
		var bytes int64
		for ; j < len(p.groups) && p.groups[j].Dir == dir; j++ {
			files += len(p.groups[j].Files)
			bytes += p.groups[j].Bytes
		}
		lines = append(lines, fmt.Sprintf("Partition %s: %s, %d bytes", dir, countOf(files, "file"), bytes))
		for _, g := range p.groups[i:j] {
			if g.Keep {
				f := g.Files[0]
				why := ""
				if f.Bytes < threshold {
					why = "; small, but alone in its group"
				}
				lines = append(lines, fmt.Sprintf("  Keep %s (%d bytes%s)", path.Base(f.Path), f.Bytes, why))
				continue
			}
			lines = append(lines, fmt.Sprintf("  Rewrite %s into one new file (%d bytes, %d rows):", countOf(len(g.Files), "file"), g.Bytes, g.Rows))
			for _, f := range g.Files {
				lines = append(lines, fmt.Sprintf("    %s (%d bytes)", path.Base(f.Path), f.Bytes))
			}
		}
		i = j
	}
	gen := m.Generation + 1
	genNote := ""
	if p.NewFiles == 0 && opt.SmallRatio > 0 {
		gen, genNote = m.Generation, " (unchanged: nothing to rewrite)"
	}
	return append(lines,
		fmt.Sprintf("Files kept: %d (%d bytes, not read)", p.KeptFiles, p.KeptBytes),
		fmt.Sprintf("Files rewritten: %d (%d bytes) into %s", p.RewrittenFiles, p.RewrittenBytes, countOf(p.NewFiles, "new file")),
		fmt.Sprintf("Bytes to write: %d", p.RewrittenBytes),
		fmt.Sprintf("Files after: %d (now %d)", p.KeptFiles+p.NewFiles, len(m.Files)),
		fmt.Sprintf("Generation after: %d%s", gen, genNote))
}

// countOf writes a number and a noun: 1 file, 2 files.
func countOf(n int, noun string) string { return strconv.Itoa(n) + " " + noun + plural(n) }
