package main

import (
	"path/filepath"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/internal/progress"
	"github.com/lakesql/lakesql/sql"
)

type writeResult struct {
	Lake       string   `json:"lake"`
	Key        []string `json:"key"`
	Partitions int      `json:"partitions"`
	Files      int      `json:"files"`
	Rows       int64    `json:"rows"`
	Bytes      int64    `json:"bytes"`
}

func cmdWrite(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	key, err := a.key("key")
	if err != nil {
		return nil, err
	}
	rows, err := a.int("rows", 0, 0)
	if err != nil {
		return nil, err
	}
	c, err := a.writer()
	if err != nil {
		return nil, err
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	bar := progress.Start(a.stderr, "write "+lake)
	m, err := c.CreateWith(lake, key, filepath.Join(a.workdir, "raw.jsonl"), catalog.CreateOptions{MaxRows: rows, Progress: bar.Report})
	bar.Done()
	if err != nil {
		return nil, err
	}
	return writeResult{Lake: lake, Key: key, Partitions: m.Partitions(), Files: len(m.Files), Rows: m.Rows(), Bytes: m.Bytes()}, nil
}

type layoutResult struct {
	Lake       string `json:"lake"`
	Files      int    `json:"files"`
	Partitions int    `json:"partitions"`
	Rows       int64  `json:"rows"`
	Bytes      int64  `json:"bytes"`
	AvgBytes   int64  `json:"avg_bytes"`
	P50Bytes   int64  `json:"p50_bytes"`
	MinBytes   int64  `json:"min_bytes"`
	MaxBytes   int64  `json:"max_bytes"`
	SmallFiles int    `json:"small_files"`
}

func cmdLayout(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	small, err := a.int("small", 0, 0)
	if err != nil {
		return nil, err
	}
	snap, err := catalog.New(a.workdir).Snapshot(lake)
	if err != nil {
		return nil, err
	}
	l := catalog.MeasureLayout(snap.Manifest, small)
	return layoutResult{Lake: lake, Files: l.Files, Partitions: l.Partitions, Rows: l.Rows, Bytes: l.Bytes,
		AvgBytes: l.AvgBytes, P50Bytes: l.P50Bytes, MinBytes: l.MinBytes, MaxBytes: l.MaxBytes, SmallFiles: l.SmallFiles}, nil
}

type queryResult struct {
	Lake         string `json:"lake"`
	Via          string `json:"via"`
	FilesTotal   int    `json:"files_total"`
	FilesScanned int    `json:"files_scanned"`
	Rows         int64  `json:"rows"`
	Amount       any    `json:"amount"`
}

func cmdQuery(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	where, err := sql.ParseWhere(a.flags["where"])
	if err != nil {
		return nil, usagef("query: --where: %v", err)
	}
	via, err := a.oneOf("via", "manifest", "manifest", "glob")
	if err != nil {
		return nil, err
	}
	c := catalog.New(a.workdir)
	var snap *catalog.Snapshot
	if via == "glob" {
		snap, err = c.Glob(lake)
	} else {
		snap, err = c.Snapshot(lake)
	}
	if err != nil {
		return nil, err
	}
	bar := progress.Start(a.stderr, "query "+lake)
	res, err := sql.CountSum(sql.WithProgress(background(), bar.Report), snap, where, "amount")
	bar.Done()
	if err != nil {
		return nil, err
	}
	return queryResult{Lake: lake, Via: via, FilesTotal: res.FilesTotal, FilesScanned: res.FilesScanned,
		Rows: res.Rows, Amount: sql.SumJSON(res.Sum)}, nil
}

func cmdCompact(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	target, err := a.int("target", 0, 1)
	if err != nil {
		return nil, err
	}
	crash, err := a.oneOf("crash", "", compact.CrashBeforeSwap)
	if err != nil {
		return nil, err
	}
	ratio, err := a.ratio("small-ratio")
	if err != nil {
		return nil, err
	}
	c, err := a.writer()
	if err != nil {
		return nil, err
	}
	bar := progress.Start(a.stderr, "compact "+lake)
	res, err := compact.Compact(c, lake, compact.Options{Target: target, SmallRatio: ratio, Crash: compact.Crash{Point: crash}, Now: now, Progress: bar.Report})
	bar.Done()
	if err != nil {
		return nil, err
	}
	out := labCompact{res.Lake, res.BeforeFiles, res.AfterFiles, res.Partitions, res.Rows, res.Bytes}
	if ratio > 0 {
		// Only then the accounting of kept files, so that the lab's keys
		// stay exactly the lab's.
		return struct {
			labCompact
			RewrittenFiles int   `json:"rewritten_files"`
			RewrittenBytes int64 `json:"rewritten_bytes"`
			KeptFiles      int   `json:"kept_files"`
			KeptBytes      int64 `json:"kept_bytes"`
		}{out, res.RewrittenFiles, res.RewrittenBytes, res.KeptFiles, res.KeptBytes}, nil
	}
	return out, nil
}

// labCompact is the lab's output of compact: compact.Result without the
// generation and the accounting of kept files.
type labCompact struct {
	Lake        string `json:"lake"`
	BeforeFiles int    `json:"before_files"`
	AfterFiles  int    `json:"after_files"`
	Partitions  int    `json:"partitions"`
	Rows        int64  `json:"rows"`
	Bytes       int64  `json:"bytes"`
}

func cmdRepartition(a *args) (any, error) {
	from, err := a.lakeName("from")
	if err != nil {
		return nil, err
	}
	to, err := a.lakeName("to")
	if err != nil {
		return nil, err
	}
	key, err := a.key("key")
	if err != nil {
		return nil, err
	}
	c, err := a.writer()
	if err != nil {
		return nil, err
	}
	bar := progress.Start(a.stderr, "repartition "+from+" → "+to)
	res, err := compact.Repartition(c, from, to, key, compact.RepartitionOptions{Now: now, Progress: bar.Report})
	bar.Done()
	if err != nil {
		return nil, err
	}
	if _, err := writeReport(c, defaultSmall); err != nil {
		return nil, err
	}
	return res, nil
}

// cmdAppend adds the rows of a JSON Lines file (default raw.jsonl in the
// work folder) to a lake as new files, published in one manifest swap.
func cmdAppend(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	rows, err := a.int("rows", 0, 0)
	if err != nil {
		return nil, err
	}
	from := filepath.Join(a.workdir, "raw.jsonl")
	if a.has("from") {
		if from = a.flags["from"]; from == "" {
			return nil, usagef("append: --from needs a file")
		}
	}
	c, err := a.writer()
	if err != nil {
		return nil, err
	}
	bar := progress.Start(a.stderr, "append "+lake)
	defer bar.Done()
	return c.Append(lake, from, catalog.AppendOptions{MaxRows: rows, Now: now, Progress: bar.Report})
}
