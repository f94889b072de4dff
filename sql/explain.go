package sql

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/optimizer"
	"github.com/lakesql/lakesql/sql/plan"
)

// explainLines describes a plan: the scan's facts (lake, pruning and
// residual predicates, files and partitions kept), then the operator
// tree, root first; with stats (EXPLAIN ANALYZE) what the run measured.
func explainLines(p *plan.Plan, stats *Stats, profile map[plan.Node]exec.OpStats, wall time.Duration) []string {
	s := p.Scan
	src := s.Src
	gen := fmt.Sprintf("generation %d", src.Generation())
	if src.Generation() < 0 {
		gen = "folder listing, no manifest"
	}
	if src.Name() == "" {
		return append([]string{"No FROM: one row without fields"}, plan.Tree(p.Root)...)
	}
	head := fmt.Sprintf("Lake: %s (%s, key %s)", src.Name(), gen, strings.Join(src.Key(), ", "))
	if sr, ok := src.(*seriesSource); ok {
		head = fmt.Sprintf("Table function %s: %d rows, made as they are read", sr.name, sr.n)
	}
	if f, ok := src.(*fileSource); ok {
		files := "one JSON Lines file"
		if len(f.files) != 1 {
			files = fmt.Sprintf("%d JSON Lines files", len(f.files))
		}
		head = fmt.Sprintf("File: %s (%s, %d rows, %d bytes; no manifest, no partitions)", f.name, files, f.rows, f.bytes)
	}
	if d, ok := src.(*derivedSource); ok {
		where := "in a temporary file"
		if d.file.Path() == "" {
			where = "in memory"
		}
		if d.streams {
			where = "streamed into the query as they are made (made " + where + " to count them here)"
		}
		head = fmt.Sprintf("Derived table %s: the %d rows of (%s), %s", d.name, d.rows, d.text, where)
		if d.narrow != "" {
			head += ", made of its input's rows whose " + d.narrow
		}
	}
	lines := []string{head, "Pruning predicate: " + s.Pruning}
	residual := "none"
	if r := optimizer.Residual(s); len(r) > 0 {
		parts := make([]string, len(r))
		for i, c := range r {
			parts[i] = c.String()
		}
		residual = strings.Join(parts, " AND ")
	}
	lines = append(lines, "Residual predicate: "+residual)
	if s.Semi != nil {
		lines = append(lines, "Join filter: "+s.Semi.String())
	}
	if s.FromManifest {
		kept := fmt.Sprintf("%d files", len(s.Files))
		if len(s.Files) == 1 {
			kept = "1 file"
		}
		lines = append(lines, fmt.Sprintf("Scanning 0/%d files (answered from the manifest: %s kept)", s.FilesTotal, kept))
	} else {
		lines = append(lines, fmt.Sprintf("Scanning %d/%d files", len(s.Files), s.FilesTotal))
	}
	kept := fmt.Sprintf("Partitions kept: %d/%d", len(s.PartsKept), s.PartsTotal)
	if n := len(s.PartsKept); n > 0 && n < s.PartsTotal {
		shown := s.PartsKept[:min(n, 4)]
		kept += " (" + strings.Join(shown, ", ")
		if n > len(shown) {
			kept += fmt.Sprintf(", … %d more", n-len(shown))
		}
		kept += ")"
	}
	lines = append(lines, kept)
	var ns []string
	for _, n := range s.Needles {
		// A needle of a conjunct every kept partition decides is never
		// looked for.
		if slices.ContainsFunc(s.Files, func(f plan.ScanFile) bool { return f.Skip == nil || !f.Skip[n.Conj] }) {
			ns = append(ns, fmt.Sprintf("%q", n.Text))
		}
	}
	if len(ns) > 0 {
		lines = append(lines, "Needles: "+strings.Join(ns, ", "))
	}
	var note func(plan.Node) string
	if profile != nil {
		note = func(n plan.Node) string {
			st, ok := profile[n]
			if !ok {
				return ""
			}
			spilled := ""
			if st.Peak > 0 {
				spilled = ", peak memory " + FormatBytes(st.Peak)
			}
			switch {
			case st.Spilled > 0 && st.SpilledRows > 0:
				spilled += fmt.Sprintf(", spilled %d rows, %d bytes in %d runs", st.SpilledRows, st.Spilled, st.SpillFiles)
			case st.Spilled > 0:
				spilled += fmt.Sprintf(", spilled %d groups, %d bytes in %d files", st.SpilledGroups, st.Spilled, st.SpillFiles)
			}
			if st.Time == 0 {
				return fmt.Sprintf("(rows %d%s)", st.Rows, spilled)
			}
			return fmt.Sprintf("(rows %d, %s%s)", st.Rows, st.Time.Round(time.Microsecond), spilled)
		}
	}
	lines = append(lines, plan.TreeWith(p.Root, note)...)
	if stats != nil {
		lines = append(lines,
			fmt.Sprintf("Files opened: %d", stats.FilesScanned),
			fmt.Sprintf("Rows read: %d", stats.RowsRead),
			fmt.Sprintf("Bytes read: %d", stats.BytesRead),
			fmt.Sprintf("Wall time: %s", wall.Round(time.Microsecond)))
	}
	return lines
}
