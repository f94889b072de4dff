package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lakesql/lakesql/storage"
)

// AppendOptions tune [Catalog.Append].
type AppendOptions struct {
	MaxRows int64            // most rows per new file; 0: one new file per partition
	Crash   Crash            // stop on purpose (tests): after-file (K 0), before-swap, after-swap
	Now     func() time.Time // for the history record; default time.Now
	// Progress is told the bytes of the source read so far.
	Progress storage.Progress
}

// AppendResult is what an append measured.
type AppendResult struct {
	Lake       string `json:"lake"`
	FilesAdded int    `json:"files_added"`
	RowsAdded  int64  `json:"rows_added"`
	BytesAdded int64  `json:"bytes_added"`
	Generation int64  `json:"generation"`
}

// Append adds the rows of the JSON Lines file src to lake, partitioned by
// the lake's key: new files only, in existing or new partitions, named
// with the new generation and a run id so that no name is ever reused,
// published with one manifest swap as the next generation. The old files
// are not touched. The new files are written and synced in a folder aside
// first, so that a bad line (the error names it) changes nothing in the
// lake; then they are moved in, their folders synced, and the manifest
// swapped, under the lake's writer lock.
func (c *Catalog) Append(lake, src string, opt AppendOptions) (_ AppendResult, err error) {
	if _, err := c.Snapshot(lake); err != nil {
		return AppendResult{}, err // before anything is locked or written
	}
	in, err := c.FS.Open(src)
	if errors.Is(err, fs.ErrNotExist) {
		return AppendResult{}, fmt.Errorf("%w: %s", ErrSourceNotFound, src)
	}
	if err != nil {
		return AppendResult{}, fmt.Errorf("read source: %w", err)
	}
	defer in.Close()
	lock, err := c.Lock(lake)
	if err != nil {
		return AppendResult{}, err
	}
	defer lock.Unlock()
	snap, err := c.Snapshot(lake)
	if err != nil {
		return AppendResult{}, err
	}
	gen := snap.Manifest.Generation + 1
	run, err := FreshRunID(c.FS, snap.Dir, gen)
	if err != nil {
		return AppendResult{}, err
	}
	aside := filepath.Join(c.Dir, buildPrefix(lake)+run)
	if err := c.FS.MkdirAll(aside); err != nil {
		return AppendResult{}, fmt.Errorf("create %s: %w", aside, err)
	}
	defer func() {
		if !errors.Is(err, ErrCrashed) { // a crash cleans nothing up
			c.FS.RemoveAll(aside)
		}
	}()
	w := storage.NewLakeWriter(c.FS, aside, snap.Key(), storage.WriterOptions{
		MaxRows: opt.MaxRows,
		Name:    func(i int) string { return storage.RewriteName(gen, run, i) },
	})
	if _, _, err := w.AddLines(storage.ProgressReader(in, fileSize(in), opt.Progress), src); err != nil {
		w.Abort()
		return AppendResult{}, err
	}
	added, err := w.Close()
	if err != nil {
		return AppendResult{}, err
	}
	res := AppendResult{Lake: lake, FilesAdded: len(added), Generation: gen}
	for _, f := range added {
		res.RowsAdded += f.Rows
		res.BytesAdded += f.Bytes
	}
	if err := opt.Crash.At(CrashAfterFile, 0); err != nil {
		return AppendResult{}, err
	}
	moved, err := c.moveIn(aside, snap.Dir, added)
	if err == nil {
		if err := opt.Crash.At(CrashBeforeSwap, -1); err != nil {
			return AppendResult{}, err
		}
		_, err = c.Commit(snap, slices.Concat(snap.Files(), added))
		if err != nil && published(c, lake, gen) {
			// The swap happened and only what follows it failed (syncing
			// the folder): the files are the lake's now and must stay.
			return AppendResult{}, err
		}
	}
	if err != nil {
		// Nothing published: take back what was moved in, and only that,
		// and the partition folders made for it, deepest first.
		for _, p := range moved.files {
			c.FS.Remove(p)
		}
		for _, d := range slices.Backward(moved.dirs) {
			c.FS.Remove(d)
		}
		return AppendResult{}, err
	}
	if err := opt.Crash.At(CrashAfterSwap, -1); err != nil {
		return AppendResult{}, err
	}
	if err := c.Record("append", res, NowOr(opt.Now)); err != nil {
		return AppendResult{}, err
	}
	return res, nil
}

// published reports whether the lake's manifest is at generation gen.
func published(c *Catalog, lake string, gen int64) bool {
	s, err := c.Snapshot(lake)
	return err == nil && s.Manifest.Generation == gen
}

// movedIn is what moveIn changed in the lake: files moved in and
// partition folders made, outermost first.
type movedIn struct{ files, dirs []string }

// moveIn renames the new files from the folder aside into the lake,
// creating partition folders as needed, and syncs every folder it changed.
// It returns what it changed, to take back after an error.
func (c *Catalog) moveIn(aside, dir string, files []storage.FileEntry) (moved movedIn, err error) {
	touched := map[string]bool{dir: true}
	for _, f := range files {
		from := filepath.Join(aside, filepath.FromSlash(f.Path))
		to := filepath.Join(dir, filepath.FromSlash(f.Path))
		var parts []string
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			parts = append(parts, d)
		}
		for _, d := range slices.Backward(parts) { // outermost first
			full := filepath.Join(dir, filepath.FromSlash(d))
			if touched[full] {
				continue // seen for an earlier file: it exists now
			}
			touched[full] = true
			if _, err := c.FS.Stat(full); errors.Is(err, fs.ErrNotExist) {
				if err := c.FS.MkdirAll(full); err != nil {
					return moved, fmt.Errorf("append: %w", err)
				}
				moved.dirs = append(moved.dirs, full)
			}
		}
		if err := c.FS.Rename(from, to); err != nil {
			return moved, fmt.Errorf("append: %w", err)
		}
		moved.files = append(moved.files, to)
	}
	for _, d := range slices.Sorted(maps.Keys(touched)) {
		if err := c.FS.SyncDir(d); err != nil {
			return moved, fmt.Errorf("append: sync %s: %w", d, err)
		}
	}
	return moved, nil
}

// FreshRunID returns a run id for new files of generation gen that no
// file in the lake folder dir carries, leftovers of interrupted runs
// included, so that a new name never repeats an old one.
func FreshRunID(fsys storage.FS, dir string, gen int64) (string, error) {
	found, err := storage.WalkLake(fsys, dir)
	if err != nil {
		return "", err
	}
	for {
		run := storage.NewRunID()
		prefix := storage.RewritePrefix(gen, run)
		if !slices.ContainsFunc(found, func(f storage.FoundFile) bool {
			return strings.HasPrefix(path.Base(f.Path), prefix)
		}) {
			return run, nil
		}
	}
}
