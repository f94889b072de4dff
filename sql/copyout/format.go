package copyout

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an output format.
type Format string

// The formats.
const (
	CSV     Format = "csv"
	JSON    Format = "json" // JSON Lines: one object per line
	Parquet Format = "parquet"
)

// ext is the file name extension of the format's files in a partitioned
// folder.
func (f Format) ext() string { return "." + string(f) }

// FormatOf returns the format named (case-insensitive), or when name is
// empty the one path's extension says, as DuckDB infers it: .csv, .json,
// .jsonl or .ndjson, .parquet.
func FormatOf(name, path string) (Format, error) {
	if name == "" {
		switch strings.ToLower(filepath.Ext(path)) {
		case ".csv":
			return CSV, nil
		case ".json", ".jsonl", ".ndjson":
			return JSON, nil
		case ".parquet":
			return Parquet, nil
		}
		return "", fmt.Errorf("%w: cannot tell the format of %q from its extension: say (FORMAT csv), json or parquet", ErrFormat, path)
	}
	switch f := Format(strings.ToLower(name)); f {
	case CSV, JSON, Parquet:
		return f, nil
	}
	return "", fmt.Errorf("%w %q (csv, json or parquet)", ErrFormat, name)
}
