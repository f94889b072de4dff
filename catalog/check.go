package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/lakesql/lakesql/storage"
)

// Problem is one way a lake disagrees with its manifest.
type Problem struct {
	Path string // relative to the lake folder: a listed file, or _manifest.json
	Msg  string
}

func (p Problem) String() string { return p.Path + ": " + p.Msg }

// CheckResult is what [Catalog.CheckLake] found.
type CheckResult struct {
	Lake       string
	Generation int64 // -1 when the manifest cannot be read
	Files      int   // as the manifest lists them
	Rows       int64
	Bytes      int64
	Orphans    []Orphan  // what [Catalog.Vacuum] would remove; none when the manifest cannot be read
	Problems   []Problem // in manifest order; none for a sound lake
}

// checkAttempts bounds how many times CheckLake looks again at a lake that
// changed while it looked.
const checkAttempts = 5

// CheckLake checks a lake against its manifest: the manifest parses and
// names this lake; every file it lists stays inside the lake folder, is a
// regular file, has the size and the number of lines the manifest records,
// and ends in a newline. It also lists the orphans, which are no problem:
// the manifest reader never sees them.
//
// A corrupt manifest or a bad file is a [Problem] in the result, not an
// error; errors are a bad name, a missing work folder or lake, and failures
// to list the folder. CheckLake reads the lake through an [os.Root], so
// that no path in the manifest and no symbolic link makes it open anything
// outside the lake folder; it does not go through c.FS.
//
// CheckLake is a reader and takes no lock. Problems found while a writer
// changes the lake (a compaction deletes the files of the generation it
// replaced) are no damage: when the manifest or the lake folder changed
// while it looked, it looks again, up to a few times.
func (c *Catalog) CheckLake(lake string) (CheckResult, error) {
	if err := CheckName(lake); err != nil {
		return CheckResult{}, err
	}
	if err := c.Check(); err != nil {
		return CheckResult{}, err
	}
	for attempt := 1; ; attempt++ {
		res, before, err := c.checkOnce(lake)
		if err != nil || len(res.Problems) == 0 || attempt == checkAttempts {
			return res, err
		}
		after, err := c.readLake(lake)
		if err != nil {
			return CheckResult{}, err
		}
		after.root.Close()
		if after.same(before) {
			return res, nil
		}
	}
}

// lakeState is a lake folder, opened, and its manifest as read.
type lakeState struct {
	root     *os.Root
	dir      fs.FileInfo
	manifest []byte
	err      error // reading the manifest
}

func (a lakeState) same(b lakeState) bool {
	return os.SameFile(a.dir, b.dir) && bytes.Equal(a.manifest, b.manifest) && (a.err == nil) == (b.err == nil)
}

// readLake opens the lake folder and reads its manifest, or returns
// ErrLakeNotFound. The caller closes root.
func (c *Catalog) readLake(lake string) (lakeState, error) {
	dir := c.LakeDir(lake)
	manifest := filepath.Join(dir, storage.ManifestName)
	root, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return lakeState{}, fmt.Errorf("%w: %s (no %s)", ErrLakeNotFound, lake, manifest)
	}
	if err != nil {
		return lakeState{}, fmt.Errorf("open lake %s: %w", dir, err)
	}
	st := lakeState{root: root}
	if st.dir, err = root.Stat("."); err != nil {
		root.Close()
		return lakeState{}, fmt.Errorf("open lake %s: %w", dir, err)
	}
	st.manifest, st.err = root.ReadFile(storage.ManifestName)
	if errors.Is(st.err, fs.ErrNotExist) {
		root.Close()
		return lakeState{}, fmt.Errorf("%w: %s (no %s)", ErrLakeNotFound, lake, manifest)
	}
	return st, nil
}

// checkOnce checks the lake once; it returns the state it checked.
func (c *Catalog) checkOnce(lake string) (CheckResult, lakeState, error) {
	st, err := c.readLake(lake)
	if err != nil {
		return CheckResult{}, st, err
	}
	defer st.root.Close()
	res := CheckResult{Lake: lake, Generation: -1}
	bad := func(p, format string, args ...any) {
		res.Problems = append(res.Problems, Problem{Path: p, Msg: fmt.Sprintf(format, args...)})
	}
	if st.err != nil {
		bad(storage.ManifestName, "cannot be read: %v", st.err)
		return res, st, nil
	}
	m, err := storage.DecodeManifest(st.manifest)
	if err != nil {
		bad(storage.ManifestName, "%v", err)
		return res, st, nil
	}
	res.Generation, res.Files, res.Rows, res.Bytes = m.Generation, len(m.Files), m.Rows(), m.Bytes()
	if m.Lake != lake {
		bad(storage.ManifestName, "names the lake %q, but its folder is %q", m.Lake, lake)
	}
	for i, msgs := range checkFiles(st.root, m.Files) {
		for _, msg := range msgs {
			bad(m.Files[i].Path, "%s", msg)
		}
	}
	s := &Snapshot{fs: c.FS, Dir: c.LakeDir(lake), Manifest: m}
	if res.Orphans, err = c.orphans(lake, s); err != nil {
		return CheckResult{}, st, err
	}
	return res, st, nil
}

// checkFiles checks the listed files, one per CPU at a time (reading
// every line as JSON is the check's cost), and returns what is wrong with
// each, in their order.
func checkFiles(root *os.Root, files []storage.FileEntry) [][]string {
	out := make([][]string, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = checkFile(root, files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// checkFile checks one listed file and returns what is wrong with it.
func checkFile(root *os.Root, f storage.FileEntry) []string {
	name := filepath.FromSlash(f.Path)
	info, err := root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return []string{"missing: the manifest lists it, the disk does not have it"}
	case err != nil:
		return []string{fmt.Sprintf("cannot be read: %v", pathErr(err))}
	case info.Mode()&fs.ModeSymlink != 0:
		return []string{"is a symbolic link, not a data file"}
	case !info.Mode().IsRegular():
		return []string{"is not a regular file"}
	}
	var out []string
	if info.Size() != f.Bytes {
		out = append(out, fmt.Sprintf("%d bytes on disk, the manifest says %d", info.Size(), f.Bytes))
	}
	lines, ended, bad, err := scanLines(root, name)
	if err != nil {
		return append(out, fmt.Sprintf("cannot be read: %v", pathErr(err)))
	}
	if lines != f.Rows {
		out = append(out, fmt.Sprintf("%d lines on disk, the manifest says %d", lines, f.Rows))
	}
	if !ended {
		out = append(out, "the last line does not end in a newline (the file is cut short)")
	}
	if bad != "" {
		out = append(out, bad)
	}
	return out
}

// pathErr drops the operation and the path from an error about a file,
// which the problem names already: "path escapes from parent" for a
// symbolic link out of the lake.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// scanLines counts the lines of a file, a last one without '\n' included,
// reports whether the file is empty or ends in '\n', and checks that every
// line is one JSON object, as a query reads it: bad names the first line
// that is not (with how many more are not), or is "" for a file of rows.
// A line is held whole to be checked, up to [storage.MaxLineBytes]; a
// longer one is counted, and named as too long. A last line without its
// '\n' is counted but not checked: the file is cut short, a problem of
// its own.
func scanLines(root *os.Root, name string) (lines int64, ended bool, bad string, err error) {
	f, err := root.Open(name)
	if err != nil {
		return 0, false, "", err
	}
	defer f.Close()
	var (
		line     []byte // the line so far, when it spans reads
		long     bool   // the line so far is over MaxLineBytes
		badLines int64
	)
	check := func(b []byte) {
		lines++
		var e error
		if long {
			e = fmt.Errorf("longer than %d bytes, the most one row may have", storage.MaxLineBytes)
		} else {
			e = storage.Fields(b, nil, nil)
		}
		if e != nil {
			if badLines == 0 {
				bad = fmt.Sprintf("line %d: %v", lines, e)
			}
			badLines++
		}
		line, long = line[:0], false
	}
	buf := make([]byte, 64<<10)
	ended = true
	for {
		n, rerr := f.Read(buf)
		if n > 0 {
			ended = buf[n-1] == '\n'
			b := buf[:n]
			for {
				i := bytes.IndexByte(b, '\n')
				if i < 0 {
					break
				}
				if len(line) == 0 && !long {
					check(b[:i])
				} else {
					line = appendUpTo(line, b[:i], &long)
					check(line)
				}
				b = b[i+1:]
			}
			if len(b) > 0 {
				line = appendUpTo(line, b, &long)
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return 0, false, "", rerr
		}
	}
	if !ended {
		lines++ // cut short: a problem of its own, not checked as JSON
	}
	switch {
	case badLines == 2:
		bad += " (and 1 more line that is not a JSON object)"
	case badLines > 2:
		bad += fmt.Sprintf(" (and %d more lines that are not JSON objects)", badLines-1)
	}
	return lines, ended, bad, nil
}

// appendUpTo appends b to line while line stays within
// [storage.MaxLineBytes], and marks it long past that.
func appendUpTo(line, b []byte, long *bool) []byte {
	if *long || len(line)+len(b) > storage.MaxLineBytes {
		*long = true
		return line[:0]
	}
	return append(line, b...)
}
