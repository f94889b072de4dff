package compact

import "github.com/lakesql/lakesql/catalog"

// ErrCrashed reports that execution stopped at a requested crash point.
var ErrCrashed = catalog.ErrCrashed
