package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/lakesql/lakesql/sql"
)

// rcName is the file of statements and dot commands lakesql runs at
// start, in the home folder: ~/.lakesqlrc, as sqlite3 runs ~/.sqliterc and
// duckdb ~/.duckdbrc.
const rcName = ".lakesqlrc"

// userHome is the home folder of ~/.lakesqlrc and the history; tests
// replace it.
var userHome = os.UserHomeDir

// homeFile returns the path of ~/name, or "" without a home folder.
func homeFile(name string) string {
	home, err := userHome()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, name)
}

// rcPath returns the path of ~/.lakesqlrc, or "" without a home folder.
func rcPath() string { return homeFile(rcName) }

// runRC runs ~/.lakesqlrc, if there is one, before anything else: in the
// REPL and in scripts (-c, -f, stdin) alike, as sqlite3 and duckdb do. A
// line that fails is reported with the file and its line and the rest
// runs: the rc file never stops lakesql nor changes its exit status
// (as sqlite3 treats ~/.sqliterc). Only Ctrl-C stops it, and the run.
func (sh *shell) runRC(ctx context.Context) error {
	path := rcPath()
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		fmt.Fprintf(sh.errw, "lakesql: %v (skipped)\n", err)
		return nil
	}
	defer f.Close()
	bail, ran, failures := sh.bail, sh.ran, sh.failures
	sh.bail = false
	err = sh.script(ctx, f, path)
	sh.bail, sh.ran, sh.failures = bail, ran, failures
	var rep reportedError
	switch {
	case errors.Is(err, sql.ErrCanceled):
		return err
	case err != nil && !errors.As(err, &rep):
		fmt.Fprintf(sh.errw, "lakesql: %s: %v (skipped the rest)\n", path, err)
	}
	return nil
}
