package catalog

import (
	"slices"

	"github.com/lakesql/lakesql/storage"
)

// Layout describes how a lake's bytes are spread over files, from the
// manifest alone.
type Layout struct {
	Files      int
	Partitions int
	Rows       int64
	Bytes      int64
	AvgBytes   int64 // Bytes / Files, truncated
	P50Bytes   int64 // nearest-rank median: sorted sizes, element ⌈n/2⌉ (1-based)
	MinBytes   int64
	MaxBytes   int64
	SmallFiles int // files with fewer than small bytes
}

// MeasureLayout computes the layout of m, counting files under small bytes
// as small. A lake without files gives zeros.
func MeasureLayout(m *storage.Manifest, small int64) Layout {
	l := Layout{Files: len(m.Files), Partitions: m.Partitions(), Rows: m.Rows(), Bytes: m.Bytes()}
	if l.Files == 0 {
		return l
	}
	sizes := make([]int64, len(m.Files))
	for i, f := range m.Files {
		sizes[i] = f.Bytes
		if f.Bytes < small {
			l.SmallFiles++
		}
	}
	slices.Sort(sizes)
	l.AvgBytes = l.Bytes / int64(l.Files)
	l.P50Bytes = sizes[(len(sizes)+1)/2-1]
	l.MinBytes = sizes[0]
	l.MaxBytes = sizes[len(sizes)-1]
	return l
}
