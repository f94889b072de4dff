// Package exec runs a bound, optimized plan. The scan cuts the files to
// read into chunks that workers share; each worker extracts the fields the
// plan reads from every line, skips lines that lack a needle, evaluates
// its file's residual filter, and pushes the row into its own copy of the
// pipeline up to the first operator that must see every row: a partial
// aggregate, a partial distinct set, a partial top-N or a collector. Those
// merge when the scan ends and feed the rest of the plan (HAVING, the
// projection above an aggregate, DISTINCT, ORDER BY, LIMIT).
//
// A projection without ORDER BY reads the files in path order with one
// worker and stops as soon as it has its rows.
package exec
