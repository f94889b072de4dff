package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WriteFileAtomic replaces path with data: it writes a temporary file in the
// same folder, syncs and closes it, renames it over path and syncs the folder.
// A reader sees the old content or the new, never a mix. A failed sync is
// returned, never retried: the page cache may already have dropped the data.
func WriteFileAtomic(fsys FS, path string, data []byte) error {
	return WriteFileAtomicFrom(fsys, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFileAtomicFrom is WriteFileAtomic for content that write streams,
// so that a large file never has to be held in memory.
func WriteFileAtomicFrom(fsys FS, path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := fsys.CreateTemp(dir, "."+filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	// CreateTemp makes the file private; a published file is for every reader.
	if ch, ok := f.(interface{ Chmod(os.FileMode) error }); ok {
		if err := ch.Chmod(0o644); err != nil {
			f.Close()
			fsys.Remove(tmp)
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, ignoreNotExist(fsys.Remove(tmp)))
		}
	}()
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sync %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp, err)
	}
	if err := fsys.Rename(tmp, path); err != nil {
		return fmt.Errorf("rename %s: %w", tmp, err)
	}
	if err := fsys.SyncDir(dir); err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}

// tempInfix comes between the name of the file WriteFileAtomic writes and
// the random digits of its temporary file: ._manifest.json.tmp1234567.
const tempInfix = ".tmp"

// IsTempName reports whether a base name is one WriteFileAtomic gives its
// temporary files. Such a file outlives its writer only when the writer died
// between creating and renaming it; nothing ever reads it.
func IsTempName(name string) bool {
	i := strings.LastIndex(name, tempInfix)
	if !strings.HasPrefix(name, ".") || i < 2 {
		return false
	}
	digits := name[i+len(tempInfix):]
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

func ignoreNotExist(err error) error {
	if err != nil && errors.Is(err, errNotExist) {
		return nil
	}
	return err
}
