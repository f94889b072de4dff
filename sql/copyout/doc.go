// Package copyout writes a query's rows to files for COPY … TO: CSV,
// JSON Lines or Parquet, one file or a folder of Hive partitions
// (key=value/…/data_N.ext), as DuckDB's COPY TO writes them.
//
// # Streaming
//
// A [Copier] is an Emitter of the engine: it takes the columns once, then
// each row as the query makes it, and holds only buffers of bounded size:
// a Parquet row group of at most [RowGroupRows] rows and about
// [RowGroupBytes] bytes ([PartRowGroupBytes] in a partition's file), and
// at most [MaxOpen] open files when rows go to partitions (the least
// recently written is closed, and that partition's next rows go to a new
// file, data_1 and on). The session sends a partitioned COPY its rows
// sorted by the partition columns, so that a partition is one file.
//
// # Parquet types
//
// A Parquet column's type is fixed before the first row group is written,
// so the first rows, up to [WindowBytes] of them, are held and each
// column's type planned from their values ([planTypes]); later values are
// converted to it, and one that does not fit is refused with a
// [*TypeError] naming the column and the row, never written wrongly.
//
// # Atomicity
//
// Everything is written into a temporary file or folder beside the target
// (.name.tmpNNN); [Copier.Commit] syncs it and renames it into place, the
// one commit point, and [Copier.Abort] removes it: a COPY that fails
// leaves nothing behind.
package copyout
