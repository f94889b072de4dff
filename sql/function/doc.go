// Package function holds the engine's scalar functions and the LIKE and
// REGEXP matchers, each answering as DuckDB 1.5 answers (where MySQL and
// DuckDB disagree, DuckDB's answer, written down on the function).
//
// A function is bound once per call site: [Lookup] finds it by name (case
// insensitive, with its aliases), and its Bind checks the number of
// arguments and sees the arguments that are constant, so that a pattern
// or a unit is read once, not once per row. The evaluator Bind returns
// is called for every row.
package function
