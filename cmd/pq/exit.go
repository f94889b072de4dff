package main

import (
	"errors"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
)

// exitCode maps an error to pq's exit status: 0 success, 2 usage, 3 a
// missing work folder, lake or raw.jsonl, 9 the deliberate crash path, 1
// anything else.
func exitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage), errors.Is(err, catalog.ErrBadName):
		return 2
	case errors.Is(err, catalog.ErrWorkdirNotFound), errors.Is(err, catalog.ErrLakeNotFound),
		errors.Is(err, catalog.ErrSourceNotFound):
		return 3
	case errors.Is(err, compact.ErrCrashed):
		return 9
	}
	return 1
}
