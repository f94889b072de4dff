package catalog

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/lakesql/lakesql/storage"
)

// ErrStale: a file of a pinned snapshot has vanished or has another size
// than its manifest says. Under a writer that is normal (a compaction
// deletes the files it replaced, a rewrite swaps the lake's folder); a
// reader starts again on the lake's new manifest (see Reread).
var ErrStale = errors.New("the lake changed under the reader")

// ErrDamaged: a file is missing or of the wrong size although the manifest,
// read again, still lists it so: no writer is at work, the lake is damaged.
var ErrDamaged = errors.New("damaged")

// MaxRestarts bounds how often Reread starts again because writers kept
// changing the lake.
const MaxRestarts = 20

// staleError is an error that is also ErrStale, its text unchanged.
type staleError struct{ err error }

func (e staleError) Error() string   { return e.err.Error() }
func (e staleError) Unwrap() []error { return []error{ErrStale, e.err} }

// Stale marks err, met while reading a listed file, as ErrStale when it is
// the file's absence; other errors pass as they are.
func Stale(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return staleError{err}
	}
	return err
}

// SizeMismatch is the error of the listed file at path found with n bytes
// where the manifest at manifest says want: storage.ErrCorrupt, and
// ErrStale so that a reader first reads the manifest again.
func SizeMismatch(path, manifest string, n, want int64) error {
	return staleError{fmt.Errorf("%w: %s has %d bytes, the manifest %s says %d",
		storage.ErrCorrupt, path, n, manifest, want)}
}

// Reread runs read on s and, while it fails with ErrStale, on the lake's
// manifest read anew, at most MaxRestarts times more. So a reader never
// fails and never counts a row twice while writers work. A stale error on
// a manifest that has not changed means a damaged lake: it comes back
// wrapped in ErrDamaged. A listing made by walking the folder is read
// once, as it is. read reports a swapped folder (Moved) as ErrStale itself
// where it matters: only read knows when it has finished reading.
func Reread(s *Snapshot, read func(*Snapshot) error) error {
	for restarts := 0; ; restarts++ {
		err := read(s)
		if s.Glob || !errors.Is(err, ErrStale) {
			return err
		}
		next, rerr := s.Refresh()
		if rerr != nil {
			return rerr
		}
		if next.Same(s) {
			return fmt.Errorf("lake %s is %w: %w", s.Name(), ErrDamaged, err)
		}
		if restarts == MaxRestarts {
			return fmt.Errorf("lake %s changed under the reader %d times in a row (last: %w); try again", s.Name(), restarts+1, err)
		}
		s = next
	}
}

// ErrMoved reports, as ErrStale, that the lake folder was swapped while
// it was read: files opened by path since then may be the new lake's.
func ErrMoved(lake string) error {
	return staleError{fmt.Errorf("lake %s was rewritten while it was read", lake)}
}
