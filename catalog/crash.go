package catalog

import (
	"errors"
	"fmt"
)

// ErrCrashed reports that execution stopped at a requested crash point.
var ErrCrashed = errors.New("crashed on purpose")

// Crash names a point where a writer stops on purpose, for tests (and
// pq's --crash=before-swap). Stopping there returns an error wrapping
// ErrCrashed and cleans nothing up, as a real crash would not.
type Crash struct {
	Point string // one of the Crash* constants, or "" for none
	K     int    // for CrashAfterFile and CrashMidDelete: after the K-th file
}

// Crash points. A compaction reaches all four with the K of its files; a
// whole-lake rewrite ([Catalog.Replace]: write and repartition) reaches
// after-file only once its build wrote every file (K is 0), and
// mid-delete after deleting K files of the old lake.
const (
	CrashAfterFile  = "after-file"  // after K new files are written, before they are synced
	CrashBeforeSwap = "before-swap" // all new files synced, manifest not swapped
	CrashAfterSwap  = "after-swap"  // the new state published, nothing old deleted
	CrashMidDelete  = "mid-delete"  // after K old files are deleted
)

// At returns ErrCrashed when c names the point (and k, when k >= 0).
func (c Crash) At(point string, k int) error {
	if c.Point == point && (k < 0 || k == c.K) {
		if k >= 0 {
			return fmt.Errorf("%w: %s %d", ErrCrashed, point, k)
		}
		return fmt.Errorf("%w: %s", ErrCrashed, point)
	}
	return nil
}
