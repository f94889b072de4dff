// Package catalog knows the lakes of a work folder and how a lake changes.
//
// # Work folder
//
// A work folder holds raw.jsonl (the rows as they arrived), one folder per
// lake, partition_report.md and _history.jsonl (one line per compaction or
// repartition, the figures the report quotes). A lake is a folder whose name
// is one path segment of [A-Za-z0-9._-] (not "." or "..") and that holds a
// _manifest.json. Folders named .tmp~<lake>~<id> are lakes being built; they
// are never listed and are removed by the next rewrite of that lake.
//
// # _manifest.json
//
//	{"lake":"orders","key":["day","region"],"generation":3,"files":[
//	{"path":"day=2026-01-03/region=seoul/part-g0003-7f3a9c01-0000.jsonl",
//	 "partition":{"day":"2026-01-03","region":"seoul"},"rows":12,"bytes":1034}
//	]}
//
// files is sorted by path; path is relative to the lake folder and is exactly
// the folder its partition spells (see storage.PartitionDir) plus a
// part-*.jsonl name; a null partition value is the folder
// __HIVE_DEFAULT_PARTITION__; bytes is the size measured on disk after the
// file was closed. generation is 0 for a freshly written lake and grows by one
// with every change published in place (an append, a compaction, a
// repartition into the lake). docs/lake-format.md describes the whole
// layout and the order of every writer's steps.
//
// # Snapshots
//
// A [Snapshot] is a manifest as read at one moment: the unit a reader pins.
// Files listed by a snapshot are never rewritten in place; a later generation
// lists other files.
//
// # Commit protocol
//
// A writer never touches the files of the snapshot it started from. It writes
// its new files under names no file of the lake has had (the generation and a
// run id are in them), syncs them and their folders, and then publishes by
// replacing _manifest.json atomically ([Catalog.Commit]): the rename is the
// only commit point. Only after that are the old files deleted. A crash before
// the rename leaves the old snapshot whole, with unreferenced new files beside
// it; a crash after it leaves the new snapshot whole, with unreferenced old
// files. Either way the manifest lists every row exactly once.
//
// A whole lake written anew ([Catalog.Replace]) is built in a folder aside and
// swapped with the old one in one atomic exchange.
//
// # Orphans, vacuum and check
//
// What a crash leaves is never read through the manifest, but it takes
// space and fools a reader that walks the folder. [Snapshot.Orphans] finds
// it in the lake folder: part-*.jsonl files the manifest does not list and
// temporary files of atomic writes; beside the lake lie folders aside
// (.tmp~<lake>~<id>) and, where the exchange is three renames, <lake>~swap.
// [Catalog.Vacuum] removes all of these under the lake's writer lock, so
// that no running writer's new files are taken for orphans.
// [Catalog.CheckLake] compares every listed file with the disk (inside the
// lake, size, line count) without a lock, and lists the orphans.
package catalog
