package compact

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// Crash names a point where execution stops on purpose (see catalog.Crash).
type Crash = catalog.Crash

// Crash points.
const (
	CrashAfterFile  = catalog.CrashAfterFile
	CrashBeforeSwap = catalog.CrashBeforeSwap
	CrashAfterSwap  = catalog.CrashAfterSwap
	CrashMidDelete  = catalog.CrashMidDelete
)

// Options control a compaction.
type Options struct {
	Target int64 // bytes; a group closes before it would exceed this
	// SmallRatio, when > 0, keeps every file of at least Target ×
	// SmallRatio bytes as it is (PlanKeep); 0 is the lab's rule (Plan),
	// which rewrites every file.
	SmallRatio float64
	Crash      Crash
	// Progress is told the bytes copied into new files so far, of all
	// that will be.
	Progress storage.Progress
	Now      func() time.Time // for the history record; default time.Now
}

// Result is what a compaction measured.
type Result struct {
	Lake        string `json:"lake"`
	BeforeFiles int    `json:"before_files"`
	AfterFiles  int    `json:"after_files"`
	Partitions  int    `json:"partitions"`
	Rows        int64  `json:"rows"`
	Bytes       int64  `json:"bytes"`
	Generation  int64  `json:"generation"`
	// What was read and written again, and what was kept untouched; the
	// bytes written are RewrittenBytes, never counting kept files.
	RewrittenFiles int   `json:"rewritten_files"`
	RewrittenBytes int64 `json:"rewritten_bytes"`
	KeptFiles      int   `json:"kept_files"`
	KeptBytes      int64 `json:"kept_bytes"`
}

// Groups returns the plan a compaction with opt follows on files.
func Groups(files []storage.FileEntry, opt Options) []Group {
	if opt.SmallRatio > 0 {
		return PlanKeep(files, opt.Target, opt.SmallRatio)
	}
	return Plan(files, opt.Target)
}

// Compact rewrites the files of lake into groups of about opt.Target bytes
// and publishes them as the next generation (see the package comment for the
// order of steps). It records the result in the work folder's history.
func Compact(c *catalog.Catalog, lake string, opt Options) (Result, error) {
	lock, err := c.Lock(lake)
	if err != nil {
		return Result{}, err
	}
	defer lock.Unlock()
	snap, err := c.Snapshot(lake)
	if err != nil {
		return Result{}, err
	}
	old := snap.Manifest
	gen := old.Generation + 1
	run, err := catalog.FreshRunID(c.FS, snap.Dir, gen)
	if err != nil {
		return Result{}, err
	}
	groups := Groups(old.Files, opt)
	res := Result{Lake: lake, BeforeFiles: len(old.Files)}
	t := Tally(groups)
	res.KeptFiles, res.KeptBytes, res.RewrittenFiles, res.RewrittenBytes = t.KeptFiles, t.KeptBytes, t.RewrittenFiles, t.RewrittenBytes
	var kept, rewritten []storage.FileEntry
	for _, g := range groups {
		if g.Keep {
			kept = append(kept, g.Files...)
		} else {
			rewritten = append(rewritten, g.Files...)
		}
	}
	groups = slices.DeleteFunc(groups, func(g Group) bool { return g.Keep })
	if len(groups) == 0 && opt.SmallRatio > 0 {
		// Everything kept: no new generation, only leftovers to clear.
		// (The lab's rule moves even an empty lake to the next one.)
		if _, err := RemoveOrphans(c.FS, snap); err != nil {
			return Result{}, err
		}
		res.AfterFiles, res.Partitions, res.Rows, res.Bytes, res.Generation =
			len(old.Files), old.Partitions(), old.Rows(), old.Bytes(), old.Generation
		if err := c.Record("compact", res, catalog.NowOr(opt.Now)); err != nil {
			return Result{}, err
		}
		return res, nil
	}
	// Every new file's name is fixed before any is written, so that the
	// files can be written at once and still be named in order.
	rels := make([]string, len(groups))
	idx := make(map[string]int)
	dirs := make(map[string]bool)
	for k, g := range groups {
		rels[k] = path.Join(g.Dir, storage.RewriteName(gen, run, idx[g.Dir]))
		idx[g.Dir]++
		dirs[g.Dir] = true
	}
	written := make([]storage.FileEntry, len(groups)) // Path "" until written
	// abort removes the new files after an error before the swap: nothing
	// refers to them, and they would only be counted by the glob reader.
	abort := func(err error) (Result, error) {
		for _, f := range written {
			if f.Path != "" {
				err = errors.Join(err, c.FS.Remove(snap.Path(f.Path)))
			}
		}
		return Result{}, err
	}
	workers := ioWorkers
	if opt.Crash.Point == CrashAfterFile {
		workers = 1 // the K-th file is then a fixed one
	}
	var copied int64
	err = each(len(groups), workers, func(k int) error {
		e, err := writeGroup(c.FS, snap, groups[k], rels[k])
		written[k] = e
		return err
	}, func(k, count int) error {
		copied += groups[k].Bytes
		if opt.Progress != nil {
			opt.Progress(copied, res.RewrittenBytes)
		}
		return opt.Crash.At(CrashAfterFile, count)
	})
	if errors.Is(err, catalog.ErrCrashed) {
		return Result{}, err // a crash cleans nothing up
	}
	if err != nil {
		return abort(err)
	}
	files := written
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	if err := storage.SyncFiles(c.FS, snap.Dir, paths, slices.Sorted(maps.Keys(dirs))); err != nil {
		return abort(err)
	}
	if err := opt.Crash.At(CrashBeforeSwap, -1); err != nil {
		return Result{}, err
	}
	next, err := c.Commit(snap, slices.Concat(kept, files))
	if errors.Is(err, catalog.ErrChanged) {
		return abort(err) // only our own new files go
	}
	if err != nil {
		return Result{}, err
	}
	if err := opt.Crash.At(CrashAfterSwap, -1); err != nil {
		return Result{}, err
	}
	workers = ioWorkers
	if opt.Crash.Point == CrashMidDelete {
		workers = 1
	}
	err = each(len(rewritten), workers, func(k int) error {
		f := rewritten[k]
		if err := c.FS.Remove(snap.Path(f.Path)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("delete old file %s: %w", f.Path, err)
		}
		return nil
	}, func(_, count int) error { return opt.Crash.At(CrashMidDelete, count) })
	if err != nil {
		return Result{}, err
	}
	if _, err := RemoveOrphans(c.FS, next); err != nil {
		return Result{}, err
	}
	m := next.Manifest
	res.AfterFiles, res.Partitions, res.Rows, res.Bytes, res.Generation =
		len(m.Files), m.Partitions(), m.Rows(), m.Bytes(), m.Generation
	if err := c.Record("compact", res, catalog.NowOr(opt.Now)); err != nil {
		return Result{}, err
	}
	return res, nil
}

// writeGroup concatenates the files of g into the new file rel and
// measures it (Compact syncs all new files at once). An input whose size differs from the manifest is corrupt.
func writeGroup(fsys storage.FS, snap *catalog.Snapshot, g Group, rel string) (storage.FileEntry, error) {
	full := snap.Path(rel)
	out, err := fsys.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL)
	if err != nil {
		return storage.FileEntry{}, fmt.Errorf("create %s: %w", full, err)
	}
	err = copyInputs(fsys, snap, g, out)
	if err == nil {
		storage.StartWriteback(out, g.Bytes)
	}
	if cerr := out.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close %s: %w", full, cerr)
	}
	if err != nil {
		return storage.FileEntry{}, errors.Join(err, fsys.Remove(full))
	}
	st, err := fsys.Stat(full)
	if err == nil && st.Size() != g.Bytes {
		err = fmt.Errorf("%d bytes on disk, %d copied", st.Size(), g.Bytes)
	}
	if err != nil {
		return storage.FileEntry{}, errors.Join(fmt.Errorf("measure %s: %w", full, err), fsys.Remove(full))
	}
	return storage.FileEntry{Path: rel, Partition: g.Files[0].Partition, Rows: g.Rows, Bytes: st.Size()}, nil
}

func copyInputs(fsys storage.FS, snap *catalog.Snapshot, g Group, out io.Writer) error {
	for _, f := range g.Files {
		in, err := fsys.Open(snap.Path(f.Path))
		if err != nil {
			return fmt.Errorf("read input: %w", err)
		}
		n, err := io.Copy(out, in)
		in.Close()
		if err != nil {
			return fmt.Errorf("copy %s: %w", snap.Path(f.Path), err)
		}
		if n != f.Bytes {
			return catalog.SizeMismatch(snap.Path(f.Path), snap.Path(storage.ManifestName), n, f.Bytes)
		}
	}
	return nil
}

// RemoveOrphans deletes every file of the lake folder that the snapshot
// does not list and that catalog takes for an orphan ([catalog.Snapshot.Orphans]:
// part-*.jsonl files and temporary files of atomic writes), and returns
// their paths. Only call it while holding the lake's lock.
func RemoveOrphans(fsys storage.FS, snap *catalog.Snapshot) ([]string, error) {
	found, err := snap.Orphans()
	if err != nil {
		return nil, err
	}
	var removed []string
	dirs := make(map[string]bool)
	for _, f := range found {
		if err := fsys.Remove(snap.Path(f.Path)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return removed, fmt.Errorf("delete orphan %s: %w", f.Path, err)
		}
		removed = append(removed, f.Path)
		dirs[path.Dir(f.Path)] = true
	}
	for d := range dirs {
		if err := fsys.SyncDir(filepath.Join(snap.Dir, filepath.FromSlash(d))); err != nil {
			return removed, fmt.Errorf("sync folder %s: %w", d, err)
		}
	}
	return removed, nil
}
