// Package storage owns the bytes of a lake on disk.
//
// # Layout
//
// A lake is a folder. Rows live in JSON Lines files named part-*.jsonl inside
// Hive-style partition folders, one folder level per key field, in key order:
//
//	day=2026-01-03/region=seoul/part-0000.jsonl
//
// Folder names escape only what would break a path (see [EscapeSegment]); a
// missing or null key value goes to [DefaultPartition]. The list of files that
// make up the lake is the manifest (see [Manifest]); the folder itself is never
// the truth, only the manifest is. docs/lake-format.md describes the layout
// with examples.
//
// # Durability
//
// Every file that is published is written and closed, its size measured from
// the disk, and it is made durable before anything refers to it:
// [SyncFiles] syncs a few files one by one and many with one sync of the file
// system. [WriteFileAtomic] replaces a file through a temporary name, a sync,
// a rename and a sync of the folder, so a reader sees the old file or the new
// one and never half of either.
//
// # Rows
//
// A row is one raw line, copied byte for byte and never re-encoded. [Fields]
// checks that a line is one JSON object and extracts top-level members
// without decoding the rest; [Extractor] extracts them faster from lines that
// were checked already (lake files), and [RowReader] faster still from a
// block of them, by bit masks of its bytes and the names of the rows
// before (a shape). [LakeWriter] routes rows to partitions, checking raw
// lines in parallel.
//
// Hostile input has one answer each: a line longer than [MaxLineBytes] is an
// error naming its file and line (memory stays a small multiple of the
// limit); a '\r' before the '\n' is white space and kept; a byte-order mark
// or a blank line is an error; invalid UTF-8 is kept in the row and read as
// encoding/json reads it (U+FFFD per bad byte), in names, values and
// partition values; the last of repeated names wins. Buffers for rows take
// at most 4 × [WriterOptions.BufferBytes], however many partitions there are.
//
// All file operations go through the small [FS] interface so that tests can
// inject failures.
package storage
