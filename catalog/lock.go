package catalog

import (
	"path/filepath"
	"time"

	"github.com/lakesql/lakesql/storage"
)

// DefaultWait is how long a writer waits for another writer of the same
// lake before it gives up, when Catalog.Wait is zero.
const DefaultWait = 10 * time.Second

// LockName returns the name, in the work folder, of the file a lake's
// writers lock. '~' cannot occur in a lake name, so it names no lake; it
// lives beside the lake because a whole-lake rewrite swaps the lake's
// folder.
func LockName(lake string) string { return ".lock~" + lake }

// Lock takes the writer lock of a lake: at most one writer per lake at a
// time, in this process or any other. It waits up to c.Wait (DefaultWait
// when zero) and then fails with an error wrapping storage.ErrLocked.
// The lock dies with the process, so a killed writer never leaves it
// held. The lake need not exist yet.
func (c *Catalog) Lock(lake string) (*storage.Lock, error) {
	if err := CheckName(lake); err != nil {
		return nil, err
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	wait := c.Wait
	if wait == 0 {
		wait = DefaultWait
	}
	return storage.LockFile(filepath.Join(c.Dir, LockName(lake)), wait)
}
