// Command bench measures pq and lakesql against DuckDB on the same generated
// orders, job by job, and prints a markdown table (issue 4).
//
// It lives in its own module so that the main module stays free of cgo:
// DuckDB is linked in-process through github.com/duckdb/duckdb-go/v2, while
// our binaries are built from the main module and run as whole processes,
// exactly as users run them.
//
// Run it from this folder:
//
//	cd bench && go run . [-rows=2000000] [-runs=3] [-jobs=all] [-dir=/tmp] [-keep]
//	cd bench && go run . -tpch [-tpch-sf=1] [-tpch-queries=1,3,5] [-lake W]
//
// See bench/README.md for the jobs, the DuckDB statements and how to read the table.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// config is everything the flags decide.
type config struct {
	rows          int
	runs          int
	scale         int
	jobs          []string // job ids, in table order
	dir           string
	keep          bool
	repo          string
	out           string
	timeout       time.Duration
	duckOpenFiles int
	grow          bool // run the grow experiment (issue 6) instead of the jobs
	growing       growConfig
	interop       bool // run the interop check (issue 7) instead of the jobs
	interopRows   int
	clickbench    bool // run ClickBench's 43 queries instead of the jobs
	sqlgen        bool // run the random query check instead of the jobs
	sqlgenQueries int
	sqlgenSeed    uint64
	sqlgenFile    string // -sqlgen: hand-written queries instead of generated ones
	memoryLimit   string
	cbLake        string  // -clickbench: a work folder kept by an earlier run (-keep), reused
	cbOnly        string  // -clickbench: the queries to run, "5,6,44" (default all)
	cbBig         bool    // -clickbench: also queries 44 and 45 (every key a group; a full sort)
	tpch          bool    // run TPC-H's 22 queries instead of the jobs
	tpchSF        float64 // -tpch: dbgen's scale factor (a whole number, or 0.001 to 0.999)
	tpchOnly      string  // -tpch: the queries to run, "1,3,5" (default all)
	tpchSpillGB   float64
}

// run is the only place errors become exit codes: 0 done, 1 failed
// (including results that disagree), 2 usage.
func run(argv []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(argv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	do := benchmark
	if cfg.grow {
		do = func(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
			return grow(ctx, cfg, cfg.growing, stdout, stderr)
		}
	}
	if cfg.interop {
		do = interop
	}
	if cfg.clickbench {
		do = clickbench
	}
	if cfg.sqlgen {
		do = sqlgen
		if cfg.sqlgenFile != "" {
			do = sqlgenFile
		}
	}
	if cfg.tpch {
		do = tpch
	}
	if err := do(ctx, cfg, stdout, stderr); err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "bench: interrupted (%v)\n", firstLine(err.Error()))
			return 1
		}
		fmt.Fprintf(stderr, "bench: FAILED: %v\n", err)
		return 1
	}
	return 0
}

func parseFlags(argv []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&cfg.rows, "rows", 2_000_000, "rows generated with `pq gen` (2,000,000 ≈ 190 MB); -sqlgen: rows of its lake (default 3000; more, past 4096 a scan worker, for the scans' plans that weigh what passed)")
	fs.IntVar(&cfg.runs, "runs", 3, "timed runs per job and side (alternating ours/theirs)")
	fs.IntVar(&cfg.scale, "scale", 0, "if > 1, run everything again at rows×scale and print a scaling table (e.g. -scale=5 for 2M→10M)")
	jobs := fs.String("jobs", "all", "comma-separated job ids to run, or all: "+strings.Join(jobIDs(), ","))
	fs.StringVar(&cfg.dir, "dir", os.TempDir(), "folder under which the temporary work folder is created")
	fs.BoolVar(&cfg.keep, "keep", false, "keep the temporary work folder (binaries, data, lakes)")
	fs.StringVar(&cfg.repo, "repo", "", "root of the main module (default: found by walking up from the current folder)")
	fs.StringVar(&cfg.out, "out", "", "markdown file to (over)write with the results (default: <repo>/bench/results.md; results-grow.md with -grow, results-interop.md with -interop, results-clickbench.md with -clickbench, results-sqlgen.md with -sqlgen, results-tpch.md with -tpch)")
	fs.DurationVar(&cfg.timeout, "timeout", 30*time.Minute, "limit for any single command or DuckDB statement (-tpch: 10m unless given; a query of ours past it is killed and the run goes on)")
	fs.IntVar(&cfg.duckOpenFiles, "duck-open-files", 0, "if > 0, SET partitioned_write_max_open_files for DuckDB (its default is 100)")
	fs.BoolVar(&cfg.grow, "grow", false, "run the grow experiment of issue 6 (append + compact rounds, keep-large vs the lab's rule) instead of the jobs; writes bench/results-grow.md")
	fs.IntVar(&cfg.growing.rounds, "grow-rounds", 20, "-grow: rounds of append + compact")
	fs.IntVar(&cfg.growing.rows, "grow-rows", 126_000, "-grow: rows appended per round (≈ 400 KB per day)")
	fs.Int64Var(&cfg.growing.target, "grow-target", 1_000_000, "-grow: compaction target in bytes")
	fs.Float64Var(&cfg.growing.ratio, "grow-ratio", 0.7, "-grow: small ratio of the keep-large lake")
	fs.BoolVar(&cfg.interop, "interop", false, "run the interop check of issue 7 (pq export's DuckDB text run in DuckDB, 20 queries vs lakesql, also after a crashed compaction) instead of the jobs; writes bench/results-interop.md")
	fs.IntVar(&cfg.interopRows, "interop-rows", 200_000, "-interop: rows generated with `pq gen`")
	fs.BoolVar(&cfg.clickbench, "clickbench", false, "run ClickBench's 43 queries on a generated hits lake, lakesql vs DuckDB, answers compared, instead of the jobs (-rows defaults to 1,000,000 and -runs to 1 here); writes bench/results-clickbench.md")
	fs.BoolVar(&cfg.sqlgen, "sqlgen", false, "run the random query check (generated queries through lakesql and DuckDB, answers compared, and TLP checks of lakesql alone) instead of the jobs; writes bench/results-sqlgen.md")
	fs.IntVar(&cfg.sqlgenQueries, "queries", 2000, "-sqlgen: queries compared with DuckDB (and a quarter as many TLP checks)")
	fs.Uint64Var(&cfg.sqlgenSeed, "seed", 0, "-sqlgen: seed of the data and the queries (0: from the clock; printed)")
	fs.StringVar(&cfg.cbLake, "lake", "", "-clickbench, -tpch: reuse the work folder W of an earlier -keep run (its lakes) instead of generating")
	fs.StringVar(&cfg.cbOnly, "cb-queries", "", "-clickbench: comma-separated query numbers to run (default: all)")
	fs.BoolVar(&cfg.cbBig, "cb-big", false, "-clickbench: also run query 44 (GROUP BY WatchID: a group per row) and 45 (a full ORDER BY of every row), not ClickBench's, outside the geometric mean")
	fs.BoolVar(&cfg.tpch, "tpch", false, "run TPC-H's 22 queries on lakes of dbgen's 8 tables (github.com/pingcap/go-tpc), lakesql vs DuckDB, answers compared, instead of the jobs (-runs defaults to 1 here); writes bench/results-tpch.md")
	fs.Float64Var(&cfg.tpchSF, "tpch-sf", 1, "-tpch: scale factor, a whole number or one below 1 in thousandths, as the C dbgen makes it (1: lineitem has 6M rows, ≈ 2.3 GB of JSON; 0.1: 600,000)")
	fs.StringVar(&cfg.tpchOnly, "tpch-queries", "", "-tpch: comma-separated query numbers to run (default: all 22)")
	fs.Float64Var(&cfg.tpchSpillGB, "tpch-spill-gb", 20, "-tpch: kill a query of ours whose spill files pass this many GB")
	fs.StringVar(&cfg.sqlgenFile, "sqlgen-file", "", "-sqlgen: compare the queries of this file (a query a line) instead of generated ones, over the same lake; prints each that differs")
	fs.StringVar(&cfg.memoryLimit, "memory-limit", "", "-sqlgen: run lakesql with --memory-limit (64KiB: most grouped queries spill)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: cd bench && go run . [flags]\n\nJobs:\n")
		for _, j := range allJobs {
			fmt.Fprintf(stderr, "  %-12s %s\n", j.id, j.title)
		}
		fmt.Fprintf(stderr, "\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(argv); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if cfg.clickbench {
		if !set["rows"] {
			cfg.rows = 1_000_000
		}
		if !set["runs"] {
			cfg.runs = 1
		}
	}
	if cfg.sqlgen && !set["rows"] {
		cfg.rows = 3000
	}
	if cfg.tpch {
		if !set["runs"] {
			cfg.runs = 1
		}
		if !set["timeout"] {
			cfg.timeout = 10 * time.Minute
		}
	}
	if cfg.rows < 1 {
		return cfg, fmt.Errorf("-rows must be ≥ 1, got %d", cfg.rows)
	}
	if cfg.runs < 1 {
		return cfg, fmt.Errorf("-runs must be ≥ 1, got %d", cfg.runs)
	}
	if cfg.scale < 0 {
		return cfg, fmt.Errorf("-scale must be ≥ 0, got %d", cfg.scale)
	}
	if cfg.interopRows < 1 {
		return cfg, fmt.Errorf("-interop-rows must be ≥ 1, got %d", cfg.interopRows)
	}
	if cfg.grow && cfg.interop {
		return cfg, errors.New("-grow and -interop exclude each other")
	}
	if cfg.clickbench && (cfg.grow || cfg.interop) {
		return cfg, errors.New("-clickbench excludes -grow and -interop")
	}
	if cfg.sqlgen && (cfg.grow || cfg.interop || cfg.clickbench) {
		return cfg, errors.New("-sqlgen excludes -grow, -interop and -clickbench")
	}
	if cfg.tpch && (cfg.grow || cfg.interop || cfg.clickbench || cfg.sqlgen) {
		return cfg, errors.New("-tpch excludes -grow, -interop, -clickbench and -sqlgen")
	}
	if _, err := tpchScale(cfg.tpchSF); err != nil {
		return cfg, err
	}
	if cfg.tpchSpillGB <= 0 {
		return cfg, fmt.Errorf("-tpch-spill-gb must be > 0, got %g", cfg.tpchSpillGB)
	}
	if cfg.sqlgenQueries < 1 {
		return cfg, fmt.Errorf("-queries must be ≥ 1, got %d", cfg.sqlgenQueries)
	}
	if cfg.sqlgen && cfg.sqlgenSeed == 0 {
		cfg.sqlgenSeed = uint64(time.Now().UnixNano())
	}
	if cfg.timeout <= 0 {
		return cfg, fmt.Errorf("-timeout must be > 0, got %v", cfg.timeout)
	}
	ids, err := selectJobs(*jobs)
	if err != nil {
		return cfg, err
	}
	cfg.jobs = ids
	if cfg.repo == "" {
		if cfg.repo, err = findRepo(); err != nil {
			return cfg, err
		}
	} else if err := checkRepo(cfg.repo); err != nil {
		return cfg, err
	}
	if cfg.out == "" {
		name := "results.md"
		switch {
		case cfg.grow:
			name = "results-grow.md"
		case cfg.interop:
			name = "results-interop.md"
		case cfg.clickbench:
			name = "results-clickbench.md"
		case cfg.sqlgen:
			name = "results-sqlgen.md"
		case cfg.tpch:
			name = "results-tpch.md"
		}
		cfg.out = filepath.Join(cfg.repo, "bench", name)
	}
	if st, err := os.Stat(cfg.dir); err != nil || !st.IsDir() {
		return cfg, fmt.Errorf("-dir %s is not a folder", cfg.dir)
	}
	return cfg, nil
}

// selectJobs turns the -jobs value into job ids in table order.
func selectJobs(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "all" {
		return jobIDs(), nil
	}
	want := map[string]bool{}
	for _, id := range strings.Split(s, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if jobByID(id) == nil {
			return nil, fmt.Errorf("-jobs: unknown job %q (known: %s)", id, strings.Join(jobIDs(), ","))
		}
		want[id] = true
	}
	var ids []string
	for _, id := range jobIDs() {
		if want[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, errors.New("-jobs: no job selected")
	}
	return ids, nil
}
