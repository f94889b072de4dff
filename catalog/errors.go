package catalog

import "errors"

var (
	// ErrWorkdirNotFound: the work folder does not exist.
	ErrWorkdirNotFound = errors.New("work folder not found")
	// ErrLakeNotFound: the lake has no _manifest.json.
	ErrLakeNotFound = errors.New("lake not found")
	// ErrBadName: the lake name is not one path segment of [A-Za-z0-9._-].
	ErrBadName = errors.New("bad lake name")
	// ErrNotALake: a lake's name is taken by a file, or by a folder
	// without a manifest, which a write would have replaced.
	ErrNotALake = errors.New("not a lake")
	// ErrInLake: an export's target is a lake, inside one, or the work
	// folder itself.
	ErrInLake = errors.New("would overwrite a lake")
	// ErrChanged: the lake moved to another generation while a writer worked.
	ErrChanged = errors.New("lake changed by another writer")
	// ErrNoRefresh: a snapshot made by walking the folder cannot be read anew.
	ErrNoRefresh = errors.New("a folder listing has no manifest to read again")
)
