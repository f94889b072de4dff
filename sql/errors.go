package sql

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/plan"
)

// ErrCanceled reports a query stopped by its context.
var ErrCanceled = exec.ErrCanceled

// ErrUnsupported reports SQL that parses but that lakesql does not run.
var ErrUnsupported = plan.ErrUnsupported

// ErrArgs reports arguments that do not match a statement's ? placeholders.
var ErrArgs = errors.New("arguments do not match the placeholders")

// LakeError reports a statement naming a lake that does not exist.
type LakeError struct {
	Lake  string
	Lakes []string // the lakes that exist
	Err   error
}

func (e *LakeError) Error() string {
	if len(e.Lakes) == 0 {
		return fmt.Sprintf("unknown lake %q (there are no lakes here yet)", e.Lake)
	}
	if s, ok := suggest.Closest(e.Lake, e.Lakes); ok {
		return fmt.Sprintf("unknown lake %q; did you mean %s? (lakes: %s)", e.Lake, s, strings.Join(e.Lakes, ", "))
	}
	return fmt.Sprintf("unknown lake %q (lakes: %s)", e.Lake, strings.Join(e.Lakes, ", "))
}

func (e *LakeError) Unwrap() error { return e.Err }
