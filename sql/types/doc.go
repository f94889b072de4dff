// Package types is the query engine's one value model: the kinds a value
// may have, how values compare, order, group, convert and compute.
//
// # Kinds
//
// A row field is NULL when the member is missing or JSON null; a JSON
// boolean is [Bool]; a JSON number is an exact [Int] when it is an integer
// that fits in 64 bits (IDs above 2^53 stay exact) and a [Float] otherwise;
// a JSON string is a [String]; an object or array is [JSON], kept as its
// text. [Date], [Timestamp] and [Interval] come only from functions and
// CAST, which read ISO text. [Huge] is an integer beyond 64 bits, the
// result of an integer SUM that outgrew int64 (DuckDB's HUGEINT).
//
// # Comparison and order
//
// [Compare] is the one comparison behind WHERE, ORDER BY, MIN/MAX, GROUP BY
// and DISTINCT: numbers compare numerically (an Int with a Float exactly),
// strings bytewise (UTF-8 order, as DuckDB's default collation), booleans
// false before true, dates and timestamps in time order. Values of
// different families never compare equal and order by family: booleans,
// numbers, dates and timestamps, strings, JSON. Where a query compares a
// string literal with a number or a date, the binder converts the literal
// first, as DuckDB does ('60' in amount > '60' is the number 60); see
// [CoerceLiteral].
//
// [Truth] is SQL's three-valued logic as sets of possible truth values, so
// that the pruner can reason about partitions whose other fields are
// unknown.
package types
