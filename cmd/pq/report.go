package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// defaultSmall is the small-file threshold of the report when none is given.
const defaultSmall = 64 << 10

// ReportName is the report's file in the work folder.
const ReportName = "partition_report.md"

func cmdReport(a *args) (any, error) {
	small, err := a.int("small", defaultSmall, 0)
	if err != nil {
		return nil, err
	}
	c := catalog.New(a.workdir)
	if err := c.Check(); err != nil {
		return nil, err
	}
	path, err := writeReport(c, small)
	if err != nil {
		return nil, err
	}
	return struct {
		Path string `json:"path"`
	}{path}, nil
}

type lakeFacts struct {
	name    string
	key     []string
	gen     int64
	layout  catalog.Layout
	buckets []catalog.Bucket
}

// svgName is the file, beside the report, of a lake's size histogram.
func svgName(lake string) string { return "partition_report-" + lake + ".svg" }

// writeReport writes partition_report.md from what it measures in the work
// folder: every lake's layout and the last compaction and repartition
// recorded in the history.
func writeReport(c *catalog.Catalog, small int64) (string, error) {
	names, err := c.Lakes()
	if err != nil {
		return "", err
	}
	var lakes []lakeFacts
	for _, n := range names {
		s, err := c.Snapshot(n)
		if err != nil {
			return "", err
		}
		lakes = append(lakes, lakeFacts{n, s.Key(), s.Manifest.Generation, catalog.MeasureLayout(s.Manifest, small), catalog.SizeBuckets(s.Files())})
	}
	for _, l := range lakes {
		svg := sizeSVG(l.name, l.buckets, small)
		if err := storage.WriteFileAtomic(c.FS, filepath.Join(c.Dir, svgName(l.name)), []byte(svg)); err != nil {
			return "", err
		}
	}
	events, err := c.History()
	if err != nil {
		return "", err
	}
	var lastCompact *compact.Result
	var lastRepart *compact.RepartitionResult
	for _, e := range events {
		switch e.Op {
		case "compact":
			var r compact.Result
			if json.Unmarshal(e.Result, &r) == nil {
				lastCompact = &r
			}
		case "repartition":
			var r compact.RepartitionResult
			if json.Unmarshal(e.Result, &r) == nil {
				lastRepart = &r
			}
		}
	}
	md := renderReport(lakes, small, lastCompact, lastRepart)
	path := filepath.Join(c.Dir, ReportName)
	if err := storage.WriteFileAtomic(c.FS, path, []byte(md)); err != nil {
		return "", err
	}
	return path, nil
}

func renderReport(lakes []lakeFacts, small int64, comp *compact.Result, rep *compact.RepartitionResult) string {
	var b strings.Builder
	b.WriteString("# 파티션 보고서 (partition report)\n\n")
	b.WriteString("Every figure below is measured from the lakes' manifests and the work folder's `_history.jsonl`.\n\n")

	b.WriteString("## 무엇을 어떻게 쪼갰나\n\n")
	if len(lakes) == 0 {
		b.WriteString("No lake in this work folder yet.\n\n")
	} else {
		b.WriteString("| lake | key | generation | partitions | files | rows | bytes |\n|---|---|---:|---:|---:|---:|---:|\n")
		for _, l := range lakes {
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d |\n", l.name, strings.Join(l.key, ", "), l.gen,
				l.layout.Partitions, l.layout.Files, l.layout.Rows, l.layout.Bytes)
		}
		b.WriteString("\n")
	}

	b.WriteString("## 작은 파일 문제\n\n")
	fmt.Fprintf(&b, "Small file: fewer than %d bytes.\n\n", small)
	if len(lakes) > 0 {
		b.WriteString("| lake | files | avg bytes | p50 bytes | min bytes | max bytes | small files | rows per file (avg) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, l := range lakes {
			perFile := int64(0)
			if l.layout.Files > 0 {
				perFile = l.layout.Rows / int64(l.layout.Files)
			}
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d |\n", l.name, l.layout.Files, l.layout.AvgBytes,
				l.layout.P50Bytes, l.layout.MinBytes, l.layout.MaxBytes, l.layout.SmallFiles, perFile)
		}
		b.WriteString("\n")
		for _, l := range lakes {
			fmt.Fprintf(&b, "![file sizes of %s](%s)\n", l.name, svgName(l.name))
		}
		b.WriteString("\n")
		most, fewest := lakes[0], lakes[0]
		for _, l := range lakes {
			if l.layout.Files > most.layout.Files {
				most = l
			}
			if l.layout.Files < fewest.layout.Files {
				fewest = l
			}
		}
		if most.name != fewest.name {
			fmt.Fprintf(&b, "`%s` (key %s) holds its %d rows in %d files with a median of %d bytes, %d of them small; `%s` (key %s) holds %d rows in %d files with a median of %d bytes, %d small.\n\n",
				most.name, strings.Join(most.key, ", "), most.layout.Rows, most.layout.Files, most.layout.P50Bytes, most.layout.SmallFiles,
				fewest.name, strings.Join(fewest.key, ", "), fewest.layout.Rows, fewest.layout.Files, fewest.layout.P50Bytes, fewest.layout.SmallFiles)
		}
	}

	b.WriteString("## 묶기\n\n")
	if comp == nil {
		b.WriteString("No compaction recorded yet.\n\n")
	} else {
		fmt.Fprintf(&b, "Last compaction of `%s` (to generation %d): %d files before, %d files after, %d partitions, %d rows and %d bytes kept exactly.\n\n",
			comp.Lake, comp.Generation, comp.BeforeFiles, comp.AfterFiles, comp.Partitions, comp.Rows, comp.Bytes)
	}

	b.WriteString("## 파티션을 바꾸는 비용\n\n")
	if rep == nil {
		b.WriteString("No repartition recorded yet.\n")
	} else {
		fmt.Fprintf(&b, "Last repartition `%s` → `%s`: read %d rows and %d bytes from %d files, wrote %d rows and %d bytes into %d files in %d partitions.\n\n",
			rep.From, rep.To, rep.RowsRead, rep.BytesRead, rep.FilesBefore, rep.RowsWritten, rep.BytesWritten, rep.FilesAfter, rep.PartitionsAfter)
		fmt.Fprintf(&b, "| | rows | bytes | files |\n|---|---:|---:|---:|\n| read | %d | %d | %d |\n| written | %d | %d | %d |\n",
			rep.RowsRead, rep.BytesRead, rep.FilesBefore, rep.RowsWritten, rep.BytesWritten, rep.FilesAfter)
	}
	return b.String()
}
