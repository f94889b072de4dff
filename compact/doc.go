// Package compact rewrites lakes: compaction of small files and
// repartitioning under a new key.
//
// # Compaction
//
// [Plan] is a pure function from a lake's files to groups: per partition, in
// path order, files are packed greedily; a group closes when the next file
// would take it over the target, so a file larger than the target is a group
// of its own. [Compact] executes a plan: each group becomes one new file, its
// members' bytes concatenated in order, under a name carrying the new
// generation and a run id. The order never changes: write and sync every new
// file, swap the manifest, delete the old files, delete unreferenced
// part-*.jsonl files left by interrupted runs.
//
// # Crash points
//
// Execution stops on purpose at a named [Crash] point, for tests and for
// pq's --crash=before-swap: after k new files, before the swap, after the
// swap, after k deletions. It returns an error wrapping [ErrCrashed] and
// cleans nothing up, as a real crash would not.
//
// # Repartition
//
// [Repartition] reads every file of a lake through its manifest and writes a
// lake under a new key, aside, swapping it in when complete.
package compact
