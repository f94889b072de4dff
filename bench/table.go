package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Goals from issue 4.
const (
	goalRatio      = 2.0         // every job ≥ 2× faster than DuckDB
	goalScanGBs    = 1.5         // full scans ≥ 1.5 GB/s
	goalCompact    = 2.0         // compaction within 2× of cp + sync
	goalRSSBytes   = 150_000_000 // peak RSS ≤ 150 MB
	goalScaleRatio = 5.5         // 5× the rows in ≤ 5.5× the time
)

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minDur(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return slices.Min(ds)
}

func fmtDur(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s >= 10:
		return fmt.Sprintf("%.2f s", s)
	case s >= 0.1:
		return fmt.Sprintf("%.3f s", s)
	default:
		return fmt.Sprintf("%.4f s", s)
	}
}

func fmtMedian(ds []time.Duration, na string) string {
	if na != "" || len(ds) == 0 {
		return "n/a"
	}
	return fmtDur(median(ds))
}

func fmtMin(ds []time.Duration, na string) string {
	if na != "" || len(ds) == 0 {
		return "n/a"
	}
	return fmtDur(minDur(ds))
}

func gbps(bytes int64, d time.Duration) float64 {
	if bytes == 0 || d <= 0 {
		return 0
	}
	return float64(bytes) / 1e9 / d.Seconds()
}

func fmtRSS(kib int64) string {
	if kib == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f MB", float64(kib)*1024/1e6)
}

// ratio is the baseline's median over ours: > 1 means ours is faster.
func (r *result) ratio() (float64, bool) {
	if r.oursNA != "" || len(r.ours) == 0 || len(r.theirs) == 0 {
		return 0, false
	}
	return median(r.theirs).Seconds() / median(r.ours).Seconds(), true
}

// renderTables formats every scale's table, its notes, the goals of issue 4
// and, with -scale, the scaling of each job.
func renderTables(cfg config, duckVersion string, reps []*report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# lakesql vs DuckDB (issue 4)\n\n")
	fmt.Fprintf(&b, "`cd bench && go run . -rows=%d -runs=%d", cfg.rows, cfg.runs)
	if cfg.scale > 1 {
		fmt.Fprintf(&b, " -scale=%d", cfg.scale)
	}
	if len(cfg.jobs) != len(allJobs) {
		fmt.Fprintf(&b, " -jobs=%s", strings.Join(cfg.jobs, ","))
	}
	if cfg.duckOpenFiles > 0 {
		fmt.Fprintf(&b, " -duck-open-files=%d", cfg.duckOpenFiles)
	}
	fmt.Fprintf(&b, "` on %s: %s, %d CPUs, %s/%s, %s; DuckDB %s in-process (threads=2, fixed schema; opening it not timed).\n",
		time.Now().Format("2006-01-02 15:04"), cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), duckVersion)
	fmt.Fprintf(&b, "Ours runs as whole processes (`pq`, `lakesql`), timed from start to exit; each side ran %d time(s), alternating ours/theirs, page cache warm, `sync` (untimed) before each run. Ratio = baseline median / ours median (> 1: ours is faster). Rows and sums are checked against each other and against raw.jsonl.\n", cfg.runs)
	for _, rep := range reps {
		writeTable(&b, rep)
	}
	if len(reps) == 2 {
		writeScaling(&b, reps[0], reps[1])
	}
	return b.String()
}

func writeTable(b *strings.Builder, rep *report) {
	fmt.Fprintf(b, "\n## %d rows (raw.jsonl %.1f MB)\n\n", rep.rows, float64(rep.rawBytes)/1e6)
	b.WriteString("| job | ours median | ours min | DuckDB median | DuckDB min | DuckDB/ours | rows ours / DuckDB | sum(amount) ours / DuckDB | GB/s ours / DuckDB | ours peak RSS |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range rep.results {
		title := r.title
		ratio := "n/a"
		if x, ok := r.ratio(); ok {
			ratio = fmt.Sprintf("%.2f×", x)
		}
		rows, sums := fmt.Sprintf("%d / %d", r.oursAgg.rows, r.theirsAgg.rows), fmt.Sprintf("%d / %d", r.oursAgg.sum, r.theirsAgg.sum)
		if r.oursNA != "" {
			rows, sums = fmt.Sprintf("n/a / %d", r.theirsAgg.rows), fmt.Sprintf("n/a / %d", r.theirsAgg.sum)
		}
		speed := ""
		if r.scanOurs > 0 {
			ours := "n/a"
			if r.oursNA == "" {
				ours = fmt.Sprintf("%.2f", gbps(r.scanOurs, median(r.ours)))
			}
			speed = fmt.Sprintf("%s / %.2f", ours, gbps(r.scanTheirs, median(r.theirs)))
		}
		rss := fmtRSS(r.oursRSS)
		if r.oursNA != "" {
			rss = "n/a"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", title,
			fmtMedian(r.ours, r.oursNA), fmtMin(r.ours, r.oursNA), fmtMedian(r.theirs, ""), fmtMin(r.theirs, ""),
			ratio, rows, sums, speed, rss)
	}
	b.WriteString("\nNotes:\n\n")
	for _, r := range rep.results {
		if r.baseline != "DuckDB" {
			fmt.Fprintf(b, "- %s: the DuckDB columns hold the baseline, `%s` of the uncompacted lake folder, timed as one process.\n", r.id, r.baseline)
		}
		for _, n := range r.notes {
			fmt.Fprintf(b, "- %s: %s\n", r.id, n)
		}
	}
	b.WriteString("\nGoals of issue 4 at this size:\n\n")
	for _, r := range rep.results {
		for _, g := range goals(r) {
			fmt.Fprintf(b, "- %s\n", g)
		}
	}
}

// goals checks one result against the goals of issue 4.
func goals(r *result) []string {
	mark := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT met"
	}
	if r.oursNA != "" {
		return []string{fmt.Sprintf("%s: n/a (%s)", r.id, r.oursNA)}
	}
	var g []string
	x, ok := r.ratio()
	if ok && r.baseline == "DuckDB" {
		g = append(g, fmt.Sprintf("%s: %.2f× DuckDB (goal ≥ %.0f×): %s", r.id, x, goalRatio, mark(x >= goalRatio)))
	}
	if ok && r.baseline != "DuckDB" {
		g = append(g, fmt.Sprintf("%s: %.2f× the time of %s (goal ≤ %.0f×): %s", r.id, 1/x, r.baseline, goalCompact, mark(1/x <= goalCompact)))
	}
	if r.scanOurs > 0 && !r.noScanGoal {
		s := gbps(r.scanOurs, median(r.ours))
		g = append(g, fmt.Sprintf("%s: %.2f GB/s (goal ≥ %.1f GB/s): %s", r.id, s, goalScanGBs, mark(s >= goalScanGBs)))
	}
	if r.oursRSS > 0 {
		g = append(g, fmt.Sprintf("%s: peak RSS %s (goal ≤ %d MB): %s", r.id, fmtRSS(r.oursRSS), goalRSSBytes/1_000_000, mark(r.oursRSS*1024 <= goalRSSBytes)))
	}
	return g
}

// writeScaling compares each job's medians at the two sizes.
func writeScaling(b *strings.Builder, small, large *report) {
	k := float64(large.rows) / float64(small.rows)
	fmt.Fprintf(b, "\n## Scaling: %d → %d rows (%.0f×)\n\n", small.rows, large.rows, k)
	b.WriteString("| job | ours median small → large | ours large/small | baseline large/small | ours peak RSS small / large |\n")
	b.WriteString("|---|--:|--:|--:|--:|\n")
	for _, rl := range large.results {
		var rs *result
		for _, r := range small.results {
			if r.id == rl.id {
				rs = r
			}
		}
		if rs == nil {
			continue
		}
		ours, theirs := "n/a", "n/a"
		if rs.oursNA == "" && rl.oursNA == "" && len(rs.ours) > 0 && len(rl.ours) > 0 {
			x := median(rl.ours).Seconds() / median(rs.ours).Seconds()
			verdict := ""
			if k == 5 {
				verdict = " (goal ≤ 5.5×: NOT met)"
				if x <= goalScaleRatio {
					verdict = " (goal ≤ 5.5×: met)"
				}
			}
			ours = fmt.Sprintf("%.2f×%s", x, verdict)
		}
		if len(rs.theirs) > 0 && len(rl.theirs) > 0 {
			theirs = fmt.Sprintf("%.2f×", median(rl.theirs).Seconds()/median(rs.theirs).Seconds())
		}
		fmt.Fprintf(b, "| %s | %s → %s | %s | %s | %s / %s |\n", rl.id,
			fmtMedian(rs.ours, rs.oursNA), fmtMedian(rl.ours, rl.oursNA), ours, theirs, fmtRSS(rs.oursRSS), fmtRSS(rl.oursRSS))
	}
}

// cpuModel reads the CPU's name on Linux.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
