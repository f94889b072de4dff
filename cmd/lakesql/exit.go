package main

import (
	"errors"

	"github.com/lakesql/lakesql/sql"
)

// errUsage marks a bad command line.
var errUsage = errors.New("usage")

// errFailed reports that a script went on past failed statements
// (--bail=false); each was reported when it failed.
var errFailed = errors.New("some statements failed")

// exitCode maps the error that ends a run to lakesql's exit status: 0
// success, 2 a bad command line, 130 a run stopped by Ctrl-C (the shells'
// 128+SIGINT), 1 anything else: a failed statement, a missing work folder.
func exitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	case errors.Is(err, sql.ErrCanceled):
		return 130
	}
	return 1
}
