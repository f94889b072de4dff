package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

type genResult struct {
	Path  string `json:"path"`
	Rows  int64  `json:"rows"`
	Bytes int64  `json:"bytes"`
}

// cmdGen writes <workdir>/raw.jsonl with sample orders, creating the folder.
func cmdGen(a *args) (any, error) {
	rows, err := a.int("rows", catalog.DefaultOrderRows, 0)
	if err != nil {
		return nil, err
	}
	seed, err := a.int("seed", catalog.DefaultOrderSeed, 0)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(a.workdir, 0o755); err != nil {
		return nil, fmt.Errorf("gen: create %s: %w", a.workdir, err)
	}
	path := filepath.Join(a.workdir, "raw.jsonl")
	err = storage.WriteFileAtomicFrom(storage.OS, path, func(w io.Writer) error {
		return catalog.WriteOrders(w, int(rows), uint64(seed))
	})
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("gen: measure %s: %w", path, err)
	}
	return genResult{Path: path, Rows: rows, Bytes: st.Size()}, nil
}
