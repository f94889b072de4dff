package main

import (
	"fmt"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

type vacuumResult struct {
	Lake         string   `json:"lake"`
	DryRun       bool     `json:"dry_run"`
	Files        []string `json:"files"`
	RemovedFiles int      `json:"removed_files"`
	RemovedBytes int64    `json:"removed_bytes"`
}

// cmdVacuum removes (or with --dry-run lists) what no manifest refers to.
// With --dry-run the counts are what would be removed.
func cmdVacuum(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	dry, err := a.bool("dry-run")
	if err != nil {
		return nil, err
	}
	c, err := a.writer()
	if err != nil {
		return nil, err
	}
	res, err := c.Vacuum(lake, dry)
	if err != nil {
		return nil, err
	}
	files := make([]string, len(res.Orphans))
	for i, o := range res.Orphans {
		files[i] = o.Path
	}
	return vacuumResult{Lake: lake, DryRun: dry, Files: files, RemovedFiles: len(files), RemovedBytes: res.Bytes()}, nil
}

type checkResult struct {
	Lake       string   `json:"lake"`
	Generation int64    `json:"generation"`
	Files      int      `json:"files"`
	Rows       int64    `json:"rows"`
	Bytes      int64    `json:"bytes"`
	Orphans    []string `json:"orphans"`
	Problems   []string `json:"problems"`
}

// checkFailed is the error of a check that found problems. pq prints the
// whole result with the error (see errorObject).
type checkFailed struct{ res checkResult }

func (e *checkFailed) Error() string {
	return fmt.Sprintf("%d problem(s) in lake %s: %s", len(e.res.Problems), e.res.Lake, e.res.Problems[0])
}

func (e *checkFailed) Unwrap() error { return storage.ErrCorrupt }

func (e *checkFailed) errorObject(msg string) any {
	return struct {
		Error string `json:"error"`
		checkResult
	}{msg, e.res}
}

// cmdCheck checks a lake against its manifest; any problem fails it.
func cmdCheck(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	res, err := catalog.New(a.workdir).CheckLake(lake)
	if err != nil {
		return nil, err
	}
	out := checkResult{Lake: lake, Generation: res.Generation, Files: res.Files, Rows: res.Rows, Bytes: res.Bytes,
		Orphans: make([]string, len(res.Orphans)), Problems: make([]string, len(res.Problems))}
	for i, o := range res.Orphans {
		out.Orphans[i] = o.Path
	}
	for i, p := range res.Problems {
		out.Problems[i] = p.String()
	}
	if len(out.Problems) > 0 {
		return nil, &checkFailed{out}
	}
	return out, nil
}
