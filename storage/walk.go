package storage

import (
	"fmt"
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

// WalkLake lists every part-*.jsonl file under dir, sorted by path, taking
// partition values from the field=value folder names on the way. It ignores
// the manifest: it sees whatever is in the folder, which is why a reader must
// not use it (see the glob reader).
func WalkLake(fsys FS, dir string) ([]FoundFile, error) {
	var out []FoundFile
	var walk func(rel string) error
	walk = func(rel string) error {
		full := filepath.Join(dir, filepath.FromSlash(rel))
		entries, err := fsys.ReadDir(full)
		if err != nil {
			return fmt.Errorf("list %s: %w", full, err)
		}
		for _, e := range entries {
			name := e.Name()
			child := path.Join(rel, name)
			switch {
			case e.IsDir():
				if err := walk(child); err != nil {
					return err
				}
			case e.Type().IsRegular() && IsPartFile(name):
				out = append(out, found(child))
			}
		}
		return nil
	}
	if err := walk(""); err != nil {
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
