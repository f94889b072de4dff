package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

func TestExitCode(t *testing.T) {
	for name, c := range map[string]struct {
		err  error
		want int
	}{
		"success":             {nil, 0},
		"usage":               {usagef("bad flag"), 2},
		"bad lake name":       {fmt.Errorf("write: %w", catalog.ErrBadName), 2},
		"no work folder":      {fmt.Errorf("x: %w", catalog.ErrWorkdirNotFound), 3},
		"no lake":             {fmt.Errorf("x: %w", catalog.ErrLakeNotFound), 3},
		"no raw.jsonl":        {fmt.Errorf("x: %w", catalog.ErrSourceNotFound), 3},
		"crash point":         {fmt.Errorf("x: %w", compact.ErrCrashed), 9},
		"malformed line":      {&storage.LineError{File: "raw.jsonl", Line: 3, Err: storage.ErrSyntax}, 1},
		"corrupt manifest":    {fmt.Errorf("read: %w", storage.ErrCorrupt), 1},
		"other":               {errors.New("disk on fire"), 1},
		"lake locked":         {fmt.Errorf("x: %w", storage.ErrLocked), 1},
		"check found damage":  {&checkFailed{checkResult{Lake: "l", Problems: []string{"p=a/part-0000.jsonl: missing"}}}, 1},
		"usage joined with 3": {errors.Join(usagef("x"), catalog.ErrLakeNotFound), 2},
	} {
		t.Run(name, func(t *testing.T) {
			if got := exitCode(c.err); got != c.want {
				t.Fatalf("exitCode(%v): got %d, want %d", c.err, got, c.want)
			}
		})
	}
}
