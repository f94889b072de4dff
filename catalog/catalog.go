package catalog

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/lakesql/lakesql/storage"
)

// Catalog is one work folder and the lakes in it.
type Catalog struct {
	FS  storage.FS
	Dir string
	// Wait bounds how long a writer waits for another writer of the same
	// lake (see Lock); zero means DefaultWait.
	Wait time.Duration

	decoded manifestCache
}

// New returns the catalog of the work folder dir on the real file system.
func New(dir string) *Catalog { return &Catalog{FS: storage.OS, Dir: dir} }

// CheckName reports whether name can name a lake.
func CheckName(name string) error {
	if name == "" || name == "." || name == ".." {
		return fmt.Errorf("%w: %q", ErrBadName, name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("%w: %q (use only letters, digits, '.', '_' and '-')", ErrBadName, name)
		}
	}
	return nil
}

// Check reports ErrWorkdirNotFound unless the work folder exists.
func (c *Catalog) Check() error {
	st, err := c.FS.Stat(c.Dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("%w: %s", ErrWorkdirNotFound, c.Dir)
	}
	return nil
}

// replaceable reports ErrNotALake when name is taken by something a new
// lake must not replace: a file (raw.jsonl, the history), or a folder
// without a manifest (the user's own, or a lake whose manifest was lost,
// its rows still on disk). A lake, damaged or not, is replaced.
func (c *Catalog) replaceable(name string) error {
	dir := c.LakeDir(name)
	if name == HistoryName {
		return fmt.Errorf("%w: %s is the work folder's history, not a lake name", ErrNotALake, dir)
	}
	st, err := c.FS.Stat(dir)
	if err != nil {
		return nil // nothing there
	}
	if !st.IsDir() {
		return fmt.Errorf("%w: %s is a file, which a lake of that name would replace; not written (choose another name)", ErrNotALake, dir)
	}
	if _, err := c.FS.Stat(filepath.Join(dir, storage.ManifestName)); err != nil {
		return fmt.Errorf("%w: %s is a folder without %s, which a lake of that name would replace; not written (move it away or choose another name)", ErrNotALake, dir, storage.ManifestName)
	}
	return nil
}

// WritableOutside reports ErrNotALake's sibling, ErrInLake, when path (a
// file or folder an export would write, COPY … TO's or the shell's
// .output) is the work folder, holds it, or is or lies inside a lake:
// writing there would replace the lakes' files, or the manifest, behind
// the catalog's back.
func (c *Catalog) WritableOutside(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return nil
	}
	if abs == dir || strings.HasPrefix(dir, abs+string(filepath.Separator)) || abs == string(filepath.Separator) {
		return fmt.Errorf("%w: %s is the work folder or holds it; not written", ErrInLake, path)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil // outside the work folder
	}
	first := strings.Split(rel, string(filepath.Separator))[0]
	if _, err := c.FS.Stat(filepath.Join(dir, first, storage.ManifestName)); err == nil {
		return fmt.Errorf("%w: %s is lake %s's or inside it; not written (write outside the lakes' folders)", ErrInLake, path, first)
	}
	if first == HistoryName {
		return fmt.Errorf("%w: %s is the work folder's history; not written", ErrInLake, path)
	}
	return nil
}

// LakeDir returns the folder of a lake.
func (c *Catalog) LakeDir(name string) string { return filepath.Join(c.Dir, name) }

// Lakes lists the names of the lakes, sorted.
func (c *Catalog) Lakes() ([]string, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	entries, err := c.FS.ReadDir(c.Dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", c.Dir, err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() || CheckName(e.Name()) != nil {
			continue
		}
		if _, err := c.FS.Stat(filepath.Join(c.Dir, e.Name(), storage.ManifestName)); err == nil {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// manifestCache keeps the manifests that Snapshot decoded last, one by
// path, with the bytes they were decoded from: a statement reads a lake's
// manifest once for each of its uses (a join's planning, its sides, an
// eager aggregate, each subquery), and encoding/json takes 0.05 to 0.5 ms
// a decoding for a manifest of a few dozen files, the first of a process
// the slowest. The file is read every time; only bytes equal to those
// decoded before skip the decoding. Each hit is a copy with its own lists
// (the files' partition values are shared: nothing writes them).
type manifestCache struct {
	mu     sync.Mutex
	byPath map[string]decodedManifest
	order  []string // paths, oldest first
	bytes  int      // of the data kept
}

type decodedManifest struct {
	data string
	m    *storage.Manifest
}

// cachedManifestBytes bounds the bytes of the manifests a catalog keeps
// (those of some 40 lakes of a few dozen files; a manifest of more is
// decoded every time): the memory is the queries'.
const cachedManifestBytes = 256 << 10

// decode returns the manifest of the bytes data read from path.
func (mc *manifestCache) decode(path string, data []byte) (*storage.Manifest, error) {
	mc.mu.Lock()
	d, ok := mc.byPath[path]
	mc.mu.Unlock()
	m := d.m
	if !ok || d.data != string(data) {
		var err error
		if m, err = storage.DecodeManifest(data); err != nil {
			return nil, err
		}
		if !mc.keep(path, decodedManifest{string(data), m}) {
			return m, nil // no one else holds it: no copy
		}
	}
	c := *m
	c.Key = slices.Clone(m.Key)
	c.Files = slices.Clone(m.Files)
	return &c, nil
}

// keep puts d in the cache under path, in place of what it had there,
// and drops the oldest past the bound; it reports whether it kept d.
func (mc *manifestCache) keep(path string, d decodedManifest) bool {
	if len(d.data) > cachedManifestBytes/4 {
		return false
	}
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if old, ok := mc.byPath[path]; ok {
		mc.bytes -= len(old.data)
		mc.order = slices.DeleteFunc(mc.order, func(p string) bool { return p == path })
	}
	if mc.byPath == nil {
		mc.byPath = map[string]decodedManifest{}
	}
	mc.byPath[path] = d
	mc.order = append(mc.order, path)
	mc.bytes += len(d.data)
	for mc.bytes > cachedManifestBytes {
		mc.bytes -= len(mc.byPath[mc.order[0]].data)
		delete(mc.byPath, mc.order[0])
		mc.order = mc.order[1:]
	}
	return true
}

// Snapshot reads the current manifest of a lake.
func (c *Catalog) Snapshot(name string) (*Snapshot, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	dir := c.LakeDir(name)
	// The folder's identity before the manifest: a reader that finds it
	// changed after its scan knows the lake was swapped under it (Moved).
	// The folder stays open while the snapshot lives, so that its number
	// cannot be given to another folder (a later rewrite's, swapped in
	// after this one was removed), which Moved would take for this one.
	h := holdDir(c.FS, dir)
	var pinned fs.FileInfo
	if h != nil {
		pinned, _ = h.f.Stat()
	}
	p := filepath.Join(dir, storage.ManifestName)
	f, err := c.FS.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (no %s)", ErrLakeNotFound, name, p)
	}
	if err != nil {
		return nil, fmt.Errorf("read manifest %s: %w", p, err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("read manifest %s: %w", p, err)
	}
	m, err := c.decoded.decode(p, data)
	if err != nil {
		return nil, fmt.Errorf("read manifest %s: %w", p, err)
	}
	return &Snapshot{fs: c.FS, Dir: dir, Manifest: m, cat: c, pinned: pinned, hold: h}, nil
}

// Glob lists a lake by walking its folder, ignoring the manifest, as a naive
// reader would. Its key is the folder fields of the first file; a file whose
// folders spell other fields has a nil partition and is never pruned.
// Generation is -1 and rows and bytes are unknown (0).
func (c *Catalog) Glob(name string) (*Snapshot, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	dir := c.LakeDir(name)
	// The lake must exist (have a manifest); its content is not read.
	if _, err := c.FS.Stat(filepath.Join(dir, storage.ManifestName)); err != nil {
		return nil, fmt.Errorf("%w: %s (no %s)", ErrLakeNotFound, name, filepath.Join(dir, storage.ManifestName))
	}
	found, err := storage.WalkLake(c.FS, dir)
	if err != nil {
		return nil, err
	}
	m := &storage.Manifest{Lake: name, Generation: -1}
	if len(found) > 0 {
		m.Key = found[0].Fields
	}
	for _, f := range found {
		e := storage.FileEntry{Path: f.Path}
		if slices.Equal(f.Fields, m.Key) {
			e.Partition = f.Values
		}
		m.Files = append(m.Files, e)
	}
	return &Snapshot{fs: c.FS, Dir: dir, Manifest: m, Glob: true}, nil
}

// Replace writes lake name anew: build fills an empty folder aside and
// returns the manifest of what it wrote (Lake is set here); the folder is then
// swapped with the old lake in one atomic step. An error before the swap
// leaves the old lake as it was and removes the folder aside; an error after
// it (syncing the work folder, removing the old lake) is reported although
// the new lake is already the one readers see. Replace holds the lake's
// writer lock from before build until the end, so build may read the old
// lake's manifest (its generation) knowing no other writer changes it.
//
// crash stops it on purpose at a named point (tests), leaving everything
// as it is there: the folder aside (after-file, before-swap), the old lake
// in it (after-swap), or part of the old lake (mid-delete).
func (c *Catalog) Replace(name string, crash Crash, build func(dir string) (*storage.Manifest, error)) (m *storage.Manifest, err error) {
	lock, err := c.Lock(name)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	if err := c.replaceable(name); err != nil {
		return nil, err
	}
	c.removeLeftovers(name)
	tmp := filepath.Join(c.Dir, buildPrefix(name)+storage.NewRunID())
	if err := c.FS.MkdirAll(tmp); err != nil {
		return nil, fmt.Errorf("create %s: %w", tmp, err)
	}
	defer func() {
		if errors.Is(err, ErrCrashed) {
			return // a crash cleans nothing up
		}
		if rerr := c.FS.RemoveAll(tmp); rerr != nil && err == nil {
			err = fmt.Errorf("remove old lake %s: %w", tmp, rerr)
		}
	}()
	m, err = build(tmp)
	if err != nil {
		return nil, err
	}
	if err := crash.At(CrashAfterFile, 0); err != nil {
		return nil, err
	}
	m.Lake = name
	if err := storage.WriteFileAtomic(c.FS, filepath.Join(tmp, storage.ManifestName), storage.EncodeManifest(m)); err != nil {
		return nil, err
	}
	if err := crash.At(CrashBeforeSwap, -1); err != nil {
		return nil, err
	}
	dir := c.LakeDir(name)
	if _, serr := c.FS.Stat(dir); serr == nil {
		err = c.FS.Exchange(tmp, dir)
	} else {
		err = c.FS.Rename(tmp, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("publish lake %s: %w", name, err)
	}
	if err := c.FS.SyncDir(c.Dir); err != nil {
		return nil, fmt.Errorf("sync folder %s: %w", c.Dir, err)
	}
	if err := crash.At(CrashAfterSwap, -1); err != nil {
		return nil, err
	}
	if crash.Point == CrashMidDelete {
		old, _ := storage.WalkLake(c.FS, tmp)
		for k, f := range old {
			if k == crash.K {
				break
			}
			c.FS.Remove(filepath.Join(tmp, filepath.FromSlash(f.Path)))
		}
		return nil, crash.At(CrashMidDelete, crash.K)
	}
	return m, nil
}

// removeLeftovers removes folders aside left by interrupted rewrites of name.
func (c *Catalog) removeLeftovers(name string) {
	entries, err := c.FS.ReadDir(c.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), buildPrefix(name)) {
			c.FS.RemoveAll(filepath.Join(c.Dir, e.Name()))
		}
	}
}

// Commit publishes files as the next generation of the lake s was read from,
// provided the lake is still at s's generation; otherwise it returns
// ErrChanged and publishes nothing. The new files must already be synced,
// and the caller must hold the lake's lock (see Lock) from before it read s.
func (c *Catalog) Commit(s *Snapshot, files []storage.FileEntry) (*Snapshot, error) {
	cur, err := c.Snapshot(s.Manifest.Lake)
	if err != nil {
		return nil, err
	}
	if cur.Manifest.Generation != s.Manifest.Generation {
		return nil, fmt.Errorf("%w: %s is at generation %d, not %d", ErrChanged, s.Manifest.Lake, cur.Manifest.Generation, s.Manifest.Generation)
	}
	storage.SortFiles(files)
	m := &storage.Manifest{Lake: s.Manifest.Lake, Key: s.Manifest.Key, Generation: s.Manifest.Generation + 1, Files: files}
	if err := storage.WriteFileAtomic(c.FS, filepath.Join(s.Dir, storage.ManifestName), storage.EncodeManifest(m)); err != nil {
		return nil, fmt.Errorf("publish manifest of %s: %w", m.Lake, err)
	}
	// The folder is the one cur pinned: only its manifest was replaced.
	return &Snapshot{fs: c.FS, Dir: s.Dir, Manifest: m, cat: c, pinned: cur.pinned, hold: cur.hold}, nil
}

// Drop removes a lake: first its manifest (after which it is no lake), then
// its folder.
func (c *Catalog) Drop(name string) error {
	lock, err := c.Lock(name)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	s, err := c.Snapshot(name)
	if err != nil {
		return err
	}
	if err := c.FS.Remove(filepath.Join(s.Dir, storage.ManifestName)); err != nil {
		return fmt.Errorf("drop %s: %w", name, err)
	}
	if err := c.FS.SyncDir(s.Dir); err != nil {
		return fmt.Errorf("drop %s: %w", name, err)
	}
	return c.FS.RemoveAll(s.Dir)
}
