// Package sql is the query engine of the lake: one planner and one executor
// behind both pq query and lakesql's SELECT.
//
// # Stages
//
// A query arrives as an [Expr] tree (from pq's --where by [ParseWhere], or
// from SQL text) plus aggregates. The planner resolves fields to slots and
// prunes: it evaluates the WHERE clause on each file's partition values with
// three-valued logic over sets of possible truth values (see [Truth]), and
// skips a file only when TRUE is impossible. The executor cuts the remaining
// files into chunks that the workers share, skips lines that lack a literal
// WHERE requires, extracts only the fields the query needs from each other
// row (storage.Extractor; lake rows were checked when written), evaluates
// the predicate on the row (only its residual when the partition decides
// the rest) and feeds the aggregates, or, for a plain projection, reads in
// path order and stops once it has its rows.
//
// # Comparison
//
// A string literal compares with a value's text (a string's content, a
// number's or boolean's JSON text). A number literal compares numerically
// with a JSON number and is NULL against anything else. A missing field and
// JSON null are NULL. Partition values are the text of the row values that
// made them, so a partition "42" may hold the number 42 or the string "42";
// the pruner keeps both possibilities.
package sql
