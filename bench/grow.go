package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// growConfig is the shape of the grow experiment (issue 6), after the
// seed's study of Paimon: a lake by day grows by an append each round and
// is compacted after it, once keeping large files and once by the lab's
// rule, which rewrites everything.
type growConfig struct {
	rounds int
	rows   int     // rows appended per round (126,000 ≈ 400 KB per day)
	target int64   // compaction target, bytes
	ratio  float64 // small ratio of the keep-large lake
}

// growRound is what one round measured.
type growRound struct {
	lakeBytes                int64
	keepRewritten, keepKept  int64 // bytes
	keepFiles, keepKeptFiles int
	keepTime                 time.Duration
	labRewritten             int64
	labFiles                 int
	labTime                  time.Duration
	survivors                int // keep-lake files of the round before still there, same name and bytes
}

// grow runs the experiment and prints (and saves) its table. Every round
// checks the answer of GROUP BY day on both lakes against the totals
// computed from the appended rows.
func grow(ctx context.Context, cfg config, gc growConfig, stdout, stderr io.Writer) (err error) {
	sc, err := newScratch(ctx, cfg, "grow", stderr)
	if err != nil {
		return err
	}
	defer sc.close(cfg, stderr)
	top, pq, lakesql := sc.top, sc.pq, sc.lakesql
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "grow: "+format+"\n", args...) }
	p := runner{timeout: cfg.timeout}
	w, batch := filepath.Join(top, "w"), filepath.Join(top, "batch")
	for _, d := range []string{w, batch} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(w, "raw.jsonl"), nil, 0o644); err != nil {
		return err
	}
	lakes := []string{"keep", "lab"}
	for _, l := range lakes {
		if _, err := p.run(ctx, pq, "write", w, "--lake="+l, "--key=day"); err != nil {
			return err
		}
	}
	appended := newStats() // the rows appended so far
	var rounds []growRound
	var prev map[string]int64 // keep lake: path → bytes, after the round before
	firstSeen := map[string]int{}
	for r := 1; r <= gc.rounds; r++ {
		if _, err := p.run(ctx, pq, "gen", batch, "--rows="+strconv.Itoa(gc.rows), "--seed="+strconv.Itoa(1000+r)); err != nil {
			return err
		}
		src := filepath.Join(batch, "raw.jsonl")
		batchStats, err := readRaw(src)
		if err != nil {
			return err
		}
		appended.merge(batchStats)
		var g growRound
		for _, l := range lakes {
			if _, err := p.run(ctx, pq, "append", w, "--lake="+l, "--from="+src); err != nil {
				return err
			}
		}
		out, err := p.run(ctx, pq, "compact", w, "--lake=keep", fmt.Sprintf("--target=%d", gc.target), fmt.Sprintf("--small-ratio=%g", gc.ratio))
		if err != nil {
			return err
		}
		var kr struct {
			Bytes          int64 `json:"bytes"`
			AfterFiles     int   `json:"after_files"`
			RewrittenBytes int64 `json:"rewritten_bytes"`
			KeptFiles      int   `json:"kept_files"`
			KeptBytes      int64 `json:"kept_bytes"`
		}
		if err := json.Unmarshal(out.stdout, &kr); err != nil {
			return fmt.Errorf("pq compact output %q: %w", out.stdout, err)
		}
		g.keepTime, g.keepRewritten, g.keepKept, g.keepFiles, g.keepKeptFiles = out.dur, kr.RewrittenBytes, kr.KeptBytes, kr.AfterFiles, kr.KeptFiles
		g.lakeBytes = kr.Bytes
		out, err = p.run(ctx, pq, "compact", w, "--lake=lab", fmt.Sprintf("--target=%d", gc.target))
		if err != nil {
			return err
		}
		var lr struct {
			Bytes      int64 `json:"bytes"`
			AfterFiles int   `json:"after_files"`
		}
		if err := json.Unmarshal(out.stdout, &lr); err != nil {
			return fmt.Errorf("pq compact output %q: %w", out.stdout, err)
		}
		// The lab's rule reads and writes every file of the lake.
		g.labTime, g.labRewritten, g.labFiles = out.dur, lr.Bytes, lr.AfterFiles
		for _, l := range lakes {
			out, err := p.run(ctx, lakesql, "-d", w, "--format", "csv", "-c", "SELECT day, COUNT(*), SUM(amount) FROM "+l+" GROUP BY day")
			if err != nil {
				return err
			}
			got, err := parseGroupCSV(out.stdout)
			if err != nil {
				return err
			}
			if !maps.Equal(got, appended.byDay) {
				return fmt.Errorf("round %d: lake %s answers GROUP BY day differently from the appended rows", r, l)
			}
		}
		files, err := manifestFiles(filepath.Join(w, "keep"))
		if err != nil {
			return err
		}
		for path, size := range files {
			if b, ok := prev[path]; ok && b == size {
				g.survivors++
			}
			if _, ok := firstSeen[path]; !ok {
				firstSeen[path] = r
			}
		}
		prev = files
		rounds = append(rounds, g)
		logf("round %d/%d: keep rewrote %d bytes, lab %d", r, gc.rounds, g.keepRewritten, g.labRewritten)
	}
	oldest, since := "", gc.rounds+1
	for path := range prev {
		if firstSeen[path] < since || firstSeen[path] == since && path < oldest {
			oldest, since = path, firstSeen[path]
		}
	}
	text := growTable(cfg, gc, rounds, oldest, since)
	io.WriteString(stdout, text)
	return os.WriteFile(cfg.out, []byte(text), 0o644)
}

// manifestFiles returns path → bytes of a lake's manifest.
func manifestFiles(lake string) (map[string]int64, error) {
	data, err := os.ReadFile(filepath.Join(lake, "_manifest.json"))
	if err != nil {
		return nil, err
	}
	var m struct {
		Files []struct {
			Path  string `json:"path"`
			Bytes int64  `json:"bytes"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, f := range m.Files {
		out[f.Path] = f.Bytes
	}
	return out, nil
}

func growTable(cfg config, gc growConfig, rounds []growRound, oldest string, since int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Keep-large compaction vs the lab's rule (issue 6)\n\n")
	fmt.Fprintf(&b, "`cd bench && go run . -grow` on %s: a lake by day (30 days) grows by %d rows a round (`pq gen --seed=1000+round`, `pq append`), then is compacted to %d bytes: once with `--small-ratio=%g` (keep), once by the lab's rule (lab). Every round, `SELECT day, COUNT(*), SUM(amount) … GROUP BY day` on both lakes equals the totals of the appended rows.\n\n",
		time.Now().Format("2006-01-02 15:04"), gc.rows, gc.target, gc.ratio)
	fmt.Fprintf(&b, "| round | lake bytes | keep: rewritten | kept files | kept bytes | files | time | survivors | lab: rewritten | files | time |\n|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var keepBytes, labBytes int64
	var keepTime, labTime time.Duration
	for i, g := range rounds {
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d | %.3f s | %d | %d | %d | %.3f s |\n", i+1, g.lakeBytes,
			g.keepRewritten, g.keepKeptFiles, g.keepKept, g.keepFiles, g.keepTime.Seconds(), g.survivors,
			g.labRewritten, g.labFiles, g.labTime.Seconds())
		keepBytes += g.keepRewritten
		labBytes += g.labRewritten
		keepTime += g.keepTime
		labTime += g.labTime
	}
	share := float64(keepBytes) / float64(max(labBytes, 1))
	fmt.Fprintf(&b, "\nTotal bytes rewritten: keep %d, lab %d: keep rewrote **%.1f %%** of the lab's bytes (goal ≤ 15 %%: %s).\n",
		keepBytes, labBytes, 100*share, metText(share <= 0.15))
	fmt.Fprintf(&b, "Total compaction time: keep %.2f s, lab %.2f s.\n", keepTime.Seconds(), labTime.Seconds())
	fmt.Fprintf(&b, "\n\"survivors\": files of the keep lake after the round before that are still in its manifest with the same name and bytes (kept, never rewritten). The oldest file of the keep lake at the end, `%s`, has kept its name since round %d.\n", oldest, since)
	return b.String()
}

func metText(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// scratch is a temporary folder with freshly built pq and lakesql, for the
// modes that are not the DuckDB jobs (-grow, -interop).
type scratch struct {
	top, pq, lakesql string
}

// newScratch makes the folder under cfg.dir and builds the binaries into
// it; close removes it unless -keep.
func newScratch(ctx context.Context, cfg config, name string, stderr io.Writer) (*scratch, error) {
	top, err := os.MkdirTemp(cfg.dir, "lakesql-"+name+"-")
	if err != nil {
		return nil, fmt.Errorf("create work folder: %w", err)
	}
	s := &scratch{top: top, pq: filepath.Join(top, "pq"), lakesql: filepath.Join(top, "lakesql")}
	for _, b := range [][2]string{{"./cmd/pq", s.pq}, {"./cmd/lakesql", s.lakesql}} {
		if err := buildBinary(ctx, cfg.repo, b[0], b[1]); err != nil {
			os.RemoveAll(top)
			return nil, err
		}
	}
	return s, nil
}

func (s *scratch) close(cfg config, stderr io.Writer) {
	if cfg.keep {
		fmt.Fprintf(stderr, "bench: kept %s\n", s.top)
		return
	}
	os.RemoveAll(s.top)
}

// manifestRows is the number of rows a lake's manifest lists.
func manifestRows(lake string) (int64, error) {
	data, err := os.ReadFile(filepath.Join(lake, "_manifest.json"))
	if err != nil {
		return 0, err
	}
	var m struct {
		Files []struct {
			Rows int64 `json:"rows"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return 0, err
	}
	var n int64
	for _, f := range m.Files {
		n += f.Rows
	}
	return n, nil
}
