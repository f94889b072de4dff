package catalog

import (
	"math/bits"

	"github.com/lakesql/lakesql/storage"
)

// Bucket is one bar of a file-size histogram: the files of From ≤ bytes <
// To (From 0, To 1 for empty files).
type Bucket struct {
	From, To int64
	Files    int
}

// SizeBuckets sorts file sizes into power-of-two buckets, from the
// smallest non-empty one to the largest, empty buckets between included,
// so that a histogram of them reads on a log scale. No files, no buckets.
func SizeBuckets(files []storage.FileEntry) []Bucket {
	if len(files) == 0 {
		return nil
	}
	counts := map[int]int{}
	lo, hi := 64, 0
	for _, f := range files {
		b := bits.Len64(uint64(f.Bytes)) // bucket b holds [2^(b-1), 2^b)
		counts[b]++
		lo, hi = min(lo, b), max(hi, b)
	}
	out := make([]Bucket, 0, hi-lo+1)
	for b := lo; b <= hi; b++ {
		from, to := int64(0), int64(1)
		if b > 0 {
			from, to = int64(1)<<(b-1), int64(1)<<b
		}
		out = append(out, Bucket{From: from, To: to, Files: counts[b]})
	}
	return out
}
