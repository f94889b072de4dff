// Package sql is lakesql's front of the query engine: a [Session] runs
// statements against the lakes of one work folder, the SELECTs through the
// engine's stages and the lake statements (SHOW, DESCRIBE, CREATE, COPY,
// ALTER, DROP, VACUUM, CHECK) through catalog and compact; beside them sit
// the exports for DuckDB, Spark and Trino and the did-you-mean hints.
//
// # Stages
//
// A SELECT goes through the packages below, each knowing only the ones
// before it (docs/design.md draws the arrows; storage's dependency test
// enforces them):
//
//   - parser reads the text (sqlparser for SELECT, after a pre-parse;
//     our own grammar for lake statements) into ast;
//   - plan binds names to the scan's fields, functions and aggregates into
//     a tree Scan → Filter → Aggregate → Filter (HAVING) → Project →
//     Distinct → Sort/TopN → Limit, over the one value model of types;
//   - optimizer prunes files on partition values with three-valued logic,
//     leaves each file the conjuncts its partition does not decide, finds
//     needles and rewrites sums;
//   - exec runs the plan: a parallel scan into partial aggregates, top-N
//     heaps or collectors, merged and finished.
//
// [Prepare] binds and optimizes; [RunPinned] runs on a pinned snapshot,
// starting again when a writer changed the lake under the scan. pq query
// is [CountSum], the same SELECT through the same stages.
//
// The comparison rules, NULL rules and every function are in docs/sql.md.
package sql
