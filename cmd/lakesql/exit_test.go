package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

func TestExitCode(t *testing.T) {
	tests := map[string]struct {
		err  error
		want int
	}{
		"success":                  {nil, 0},
		"bad flag":                 {fmt.Errorf("%w: flag provided but not defined: -x", errUsage), 2},
		"canceled query":           {fmt.Errorf("scan: %w", sql.ErrCanceled), 130},
		"canceled, reported":       {reportedError{sql.ErrCanceled}, 130},
		"failed statement":         {reportedError{&sql.LakeError{Lake: "x", Err: catalog.ErrLakeNotFound}}, 1},
		"syntax error":             {reportedError{&parser.SyntaxError{Line: 1, Col: 1, Msg: "x"}}, 1},
		"failures with bail=false": {reportedError{errFailed}, 1},
		"missing work folder":      {errors.New("work folder x does not exist"), 1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := exitCode(tc.err); got != tc.want {
				t.Errorf("exitCode(%v) = %d, want %d", tc.err, got, tc.want)
			}
		})
	}
}
