package compact

import "errors"

// ErrCrashed reports that execution stopped at a requested crash point.
var ErrCrashed = errors.New("crashed on purpose")
