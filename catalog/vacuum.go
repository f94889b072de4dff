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

	"github.com/lakesql/lakesql/storage"
)

// Orphan is something in or beside a lake folder that no manifest refers
// to: a data file an interrupted or failed writer left, the temporary file
// of an atomic write that never got renamed, or a folder aside of an
// interrupted whole-lake rewrite.
type Orphan struct {
	// Path is relative to the lake folder, '/'-separated. A folder of the
	// work folder is "../<name>/": it ends in '/', as every folder does.
	Path  string
	Bytes int64 // its size; for a folder, the sum of the files in it
}

// Dir reports whether the orphan is a folder.
func (o Orphan) Dir() bool { return strings.HasSuffix(o.Path, "/") }

// buildPrefix starts the names of the folders aside in which [Catalog.Replace]
// builds lake anew: .tmp~<lake>~<run id>.
func buildPrefix(lake string) string { return ".tmp~" + lake + "~" }

// Orphans lists, sorted by path, the files under the lake folder that s does
// not list: part-*.jsonl files anywhere and temporary files of atomic writes
// (see [storage.IsTempName]). _manifest.json is never one, nor is anything
// that is not a regular file; symbolic links are not followed.
//
// While a writer works, its new files are orphans until it commits: act on
// the list only while holding the lake's lock ([Catalog.Lock]).
func (s *Snapshot) Orphans() ([]Orphan, error) {
	live := make(map[string]bool, len(s.Manifest.Files))
	for _, f := range s.Manifest.Files {
		live[f.Path] = true
	}
	var out []Orphan
	err := storage.WalkFiles(s.fs, s.Dir, func(rel string, e fs.DirEntry) error {
		name := e.Name()
		if !(storage.IsPartFile(name) && !live[rel]) && !storage.IsTempName(name) {
			return nil
		}
		size, err := entrySize(e)
		if err != nil {
			return fmt.Errorf("measure %s: %w", s.Path(rel), err)
		}
		out = append(out, Orphan{Path: rel, Bytes: size})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Orphan) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

func entrySize(e fs.DirEntry) (int64, error) {
	info, err := e.Info()
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

// leftovers lists the folders of the work folder that interrupted rewrites
// of lake left: folders aside (.tmp~<lake>~<id>, see [Catalog.Replace]) and
// the old lake of an exchange done by renames that stopped half way
// (<lake>~swap, see [storage.SwapSuffix]). The caller holds the lake's lock,
// so no rewrite of lake is running.
func (c *Catalog) leftovers(lake string) ([]Orphan, error) {
	entries, err := c.FS.ReadDir(c.Dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", c.Dir, err)
	}
	var out []Orphan
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, buildPrefix(lake)) && name != lake+storage.SwapSuffix {
			continue
		}
		var size int64
		err := storage.WalkFiles(c.FS, filepath.Join(c.Dir, name), func(rel string, e fs.DirEntry) error {
			n, err := entrySize(e)
			size += n
			return err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, Orphan{Path: "../" + name + "/", Bytes: size})
	}
	return out, nil
}

// orphans lists what [Catalog.Vacuum] removes: the orphans of the lake
// folder and the leftovers beside it, sorted by path.
func (c *Catalog) orphans(lake string, s *Snapshot) ([]Orphan, error) {
	in, err := s.Orphans()
	if err != nil {
		return nil, err
	}
	beside, err := c.leftovers(lake)
	if err != nil {
		return nil, err
	}
	all := append(beside, in...)
	slices.SortFunc(all, func(a, b Orphan) int { return strings.Compare(a.Path, b.Path) })
	return all, nil
}

// VacuumResult is what [Catalog.Vacuum] found and, unless it was a dry run,
// removed.
type VacuumResult struct {
	Lake    string
	DryRun  bool
	Orphans []Orphan // sorted by path
}

// Bytes returns the total size of the orphans.
func (r VacuumResult) Bytes() int64 {
	var n int64
	for _, o := range r.Orphans {
		n += o.Bytes
	}
	return n
}

// Vacuum removes what interrupted and failed writers of a lake left behind
// (see [Snapshot.Orphans] and [Catalog.leftovers]), or with dryRun only lists
// it. It never removes a file the current manifest lists, nor the manifest.
// Partition folders left empty by the removals go too.
//
// Vacuum holds the lake's writer lock for the whole run, so it never takes
// a running writer's new files for orphans; it fails with an error wrapping
// storage.ErrLocked when another writer keeps the lock longer than c.Wait.
// A missing lake is ErrLakeNotFound, and then nothing is created on disk.
func (c *Catalog) Vacuum(lake string, dryRun bool) (VacuumResult, error) {
	if _, err := c.Snapshot(lake); err != nil {
		return VacuumResult{}, err
	}
	lock, err := c.Lock(lake)
	if err != nil {
		return VacuumResult{}, err
	}
	defer lock.Unlock()
	// Read the manifest again: a writer may have published while we waited.
	s, err := c.Snapshot(lake)
	if err != nil {
		return VacuumResult{}, err
	}
	found, err := c.orphans(lake, s)
	if err != nil {
		return VacuumResult{}, err
	}
	res := VacuumResult{Lake: lake, DryRun: dryRun, Orphans: found}
	if dryRun {
		return res, nil
	}
	return res, c.removeOrphans(s, found)
}

// removeOrphans removes what orphans lists, then the partition folders
// that this left empty, and makes the removals durable.
func (c *Catalog) removeOrphans(s *Snapshot, orphans []Orphan) error {
	touched := make(map[string]bool) // folders of the lake we removed from, relative
	workdir := false
	for _, o := range orphans {
		full := s.Path(o.Path)
		var err error
		if o.Dir() {
			err = c.FS.RemoveAll(full)
			workdir = true
		} else {
			err = c.FS.Remove(full)
			touched[path.Dir(o.Path)] = true
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove orphan %s: %w", full, err)
		}
	}
	// The folders removed from and their parents, deepest first, so that a
	// folder emptied by removing its only subfolder goes too.
	seen := make(map[string]bool)
	for d := range touched {
		for ; d != "." && d != "" && !seen[d]; d = path.Dir(d) {
			seen[d] = true
		}
	}
	dirs := slices.SortedFunc(maps.Keys(seen), func(a, b string) int {
		if n := strings.Count(b, "/") - strings.Count(a, "/"); n != 0 {
			return n
		}
		return strings.Compare(a, b)
	})
	removed := make(map[string]bool)
	for _, d := range dirs {
		full := s.Path(d)
		entries, err := c.FS.ReadDir(full)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return fmt.Errorf("list %s: %w", full, err)
		}
		if len(entries) > 0 {
			continue
		}
		if err := c.FS.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove empty folder %s: %w", full, err)
		}
		removed[d] = true
	}
	// Sync every folder we removed something from and that still exists,
	// and the lake folder.
	toSync := make(map[string]bool)
	for d := range touched {
		toSync[d] = true
	}
	for d := range removed {
		toSync[path.Dir(d)] = true
	}
	for d := range removed {
		delete(toSync, d)
	}
	delete(toSync, ".")
	if err := storage.SyncFiles(c.FS, s.Dir, nil, slices.Collect(maps.Keys(toSync))); err != nil {
		return err
	}
	if workdir {
		if err := c.FS.SyncDir(c.Dir); err != nil {
			return fmt.Errorf("sync folder %s: %w", c.Dir, err)
		}
	}
	return nil
}
