package compact

import (
	"errors"
	"fmt"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// RepartitionResult is what a repartition measured.
type RepartitionResult struct {
	From            string `json:"from"`
	To              string `json:"to"`
	RowsRead        int64  `json:"rows_read"`
	RowsWritten     int64  `json:"rows_written"`
	FilesBefore     int    `json:"files_before"`
	FilesAfter      int    `json:"files_after"`
	PartitionsAfter int    `json:"partitions_after"`
	BytesRead       int64  `json:"bytes_read"`
	BytesWritten    int64  `json:"bytes_written"`
}

// RepartitionOptions control a repartition.
type RepartitionOptions struct {
	MaxRows    int64            // most rows per file; 0: one file per partition
	RequireKey bool             // fail with catalog.ErrUnknownField when no row has a key field
	Now        func() time.Time // for the history record; default time.Now
	Crash      Crash            // stop on purpose (tests); see catalog.Replace
	// Progress is told the bytes of the source lake read so far.
	Progress storage.Progress
}

// Repartition reads every file of lake from through its manifest and writes
// lake to partitioned by key, built aside and swapped in whole (to may equal
// from). Replacing an existing lake moves it to the next generation; a new
// lake starts at 0. It records the result in the work folder's history.
func Repartition(c *catalog.Catalog, from, to string, key []string, opt RepartitionOptions) (RepartitionResult, error) {
	src, err := c.Snapshot(from)
	if err != nil {
		return RepartitionResult{}, err
	}
	if err := catalog.CheckName(to); err != nil {
		return RepartitionResult{}, err
	}
	if err := storage.ValidateKey(key); err != nil {
		return RepartitionResult{}, err
	}
	// A writer of from may delete files of src while they are read (a
	// compaction does, after its swap): then read from's new manifest and
	// start again, as a query does.
	var res RepartitionResult
	err = catalog.Reread(src, func(src *catalog.Snapshot) error {
		res, err = repartition(c, src, to, key, opt)
		return err
	})
	return res, err
}

func repartition(c *catalog.Catalog, src *catalog.Snapshot, to string, key []string, opt RepartitionOptions) (RepartitionResult, error) {
	from := src.Name()
	res := RepartitionResult{From: from, To: to, FilesBefore: len(src.Files())}
	m, err := c.Replace(to, opt.Crash, func(dir string) (*storage.Manifest, error) {
		// Under the lock of to: its generation cannot move now.
		var gen int64
		if old, err := c.Snapshot(to); err == nil {
			gen = old.Manifest.Generation + 1
		} else if !errors.Is(err, catalog.ErrLakeNotFound) {
			return nil, err
		}
		w := storage.NewLakeWriter(c.FS, dir, key, storage.WriterOptions{MaxRows: opt.MaxRows, Trusted: true})
		total := src.Manifest.Bytes()
		for _, f := range src.Files() {
			rows, n, err := copyRows(src, f, w)
			res.RowsRead += rows
			res.BytesRead += n
			if err != nil {
				w.Abort()
				return nil, err
			}
			if opt.Progress != nil {
				opt.Progress(res.BytesRead, total)
			}
		}
		if src.Moved() {
			w.Abort()
			return nil, catalog.ErrMoved(from)
		}
		files, err := w.Close()
		if err != nil {
			return nil, err
		}
		if opt.RequireKey {
			if err := catalog.CheckKeySeen(key, files); err != nil {
				return nil, fmt.Errorf("lake %s: %w", from, err)
			}
		}
		return &storage.Manifest{Key: key, Generation: gen, Files: files}, nil
	})
	if err != nil {
		return RepartitionResult{}, err
	}
	res.RowsWritten = m.Rows()
	res.FilesAfter = len(m.Files)
	res.PartitionsAfter = m.Partitions()
	res.BytesWritten = m.Bytes()
	// The history also keeps the generation the new lake is at (pq's
	// output does not: its members are fixed).
	rec := struct {
		RepartitionResult
		Generation int64 `json:"generation"`
	}{res, m.Generation}
	if err := c.Record("repartition", rec, catalog.NowOr(opt.Now)); err != nil {
		return RepartitionResult{}, err
	}
	return res, nil
}

// copyRows feeds the rows of one file to w and returns the rows and bytes
// read. A file whose size differs from the manifest is corrupt.
func copyRows(src *catalog.Snapshot, f storage.FileEntry, w *storage.LakeWriter) (int64, int64, error) {
	p := src.Path(f.Path)
	in, err := src.Open(f.Path)
	if err != nil {
		return 0, 0, fmt.Errorf("read source: %w", catalog.Stale(err))
	}
	defer in.Close()
	rows, n, err := w.AddLines(in, p)
	if err == nil && n != f.Bytes {
		err = catalog.SizeMismatch(p, src.Path(storage.ManifestName), n, f.Bytes)
	}
	return rows, n, err
}
