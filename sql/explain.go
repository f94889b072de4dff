package sql

import (
	"fmt"
	"strings"
	"time"
)

// explainLines describes a plan, one line per fact; with stats (EXPLAIN
// ANALYZE) it adds what the run measured.
func explainLines(p *Plan, stats *Stats, wall time.Duration) []string {
	src := p.src
	gen := fmt.Sprintf("generation %d", src.Generation())
	if src.Generation() < 0 {
		gen = "folder listing, no manifest"
	}
	lines := []string{
		fmt.Sprintf("Lake: %s (%s, key %s)", src.Name(), gen, strings.Join(src.Key(), ", ")),
		"Pruning predicate: " + pruningText(p.Sel.Where, src.Key()),
	}
	residual := "none"
	if len(p.rest) > 0 {
		residual = AndAll(p.rest...).String()
	}
	lines = append(lines, "Residual predicate: "+residual)
	lines = append(lines, fmt.Sprintf("Scanning %d/%d files", len(p.Scan), p.FilesTotal))
	kept := fmt.Sprintf("Partitions kept: %d/%d", len(p.PartsKept), p.PartsTotal)
	if n := len(p.PartsKept); n > 0 && n < p.PartsTotal {
		shown := p.PartsKept[:min(n, 4)]
		kept += " (" + strings.Join(shown, ", ")
		if n > len(shown) {
			kept += fmt.Sprintf(", … %d more", n-len(shown))
		}
		kept += ")"
	}
	lines = append(lines, kept)
	if p.aggregate {
		lines = append(lines, "Aggregate: "+describeAggs(p))
	} else {
		proj := "Project: "
		for i, it := range p.Sel.Items {
			if i > 0 {
				proj += ", "
			}
			proj += it.String()
		}
		if p.Sel.Limit >= 0 && len(p.Sel.OrderBy) == 0 {
			proj += fmt.Sprintf(" (stops after %d rows)", p.Sel.Offset+p.Sel.Limit)
		}
		lines = append(lines, proj)
	}
	if len(p.Sel.OrderBy) > 0 {
		var parts []string
		for _, o := range p.Sel.OrderBy {
			parts = append(parts, o.String())
		}
		lines = append(lines, "Order by: "+strings.Join(parts, ", "))
	}
	if p.Sel.Limit >= 0 {
		lines = append(lines, fmt.Sprintf("Limit: %d", p.Sel.Limit))
	}
	if stats != nil {
		lines = append(lines,
			fmt.Sprintf("Files opened: %d", stats.FilesScanned),
			fmt.Sprintf("Rows read: %d", stats.RowsRead),
			fmt.Sprintf("Bytes read: %d", stats.BytesRead),
			fmt.Sprintf("Wall time: %s", wall.Round(time.Microsecond)))
	}
	return lines
}
