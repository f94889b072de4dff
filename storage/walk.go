package storage

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// FoundFile is a data file found by walking a lake folder, with the
// partition its folder names spell.
type FoundFile struct {
	Path   string // relative to the lake folder, '/'-separated
	Fields []string
	Values []PartValue
}

// WalkFiles calls fn for every regular file under dir, with its path
// relative to dir ('/'-separated), folder by folder in the order ReadDir
// gives; other kinds of entries are skipped (symbolic links are not
// followed).
func WalkFiles(fsys FS, dir string, fn func(rel string, e fs.DirEntry) error) error {
	var walk func(rel string) error
	walk = func(rel string) error {
		full := filepath.Join(dir, filepath.FromSlash(rel))
		entries, err := fsys.ReadDir(full)
		if err != nil {
			return fmt.Errorf("list %s: %w", full, err)
		}
		for _, e := range entries {
			child := path.Join(rel, e.Name())
			switch {
			case e.IsDir():
				if err := walk(child); err != nil {
					return err
				}
			case e.Type().IsRegular():
				if err := fn(child, e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk("")
}

// WalkLake lists every part-*.jsonl file under dir, sorted by path, taking
// partition values from the field=value folder names on the way. It ignores
// the manifest: it sees whatever is in the folder, which is why a reader must
// not use it (see the glob reader).
func WalkLake(fsys FS, dir string) ([]FoundFile, error) {
	var out []FoundFile
	err := WalkFiles(fsys, dir, func(rel string, e fs.DirEntry) error {
		if IsPartFile(e.Name()) {
			out = append(out, found(rel))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b FoundFile) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

func found(rel string) FoundFile {
	f := FoundFile{Path: rel}
	segs := strings.Split(rel, "/")
	for _, seg := range segs[:len(segs)-1] {
		if field, v, ok := ParseSegment(seg); ok {
			f.Fields = append(f.Fields, field)
			f.Values = append(f.Values, v)
		}
	}
	return f
}
