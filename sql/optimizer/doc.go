// Package optimizer fills a bound plan's fast paths: which files the scan
// opens (pruning on partition values with three-valued logic), which
// conjuncts of the filter each file's partition already decides (the
// residual), and the needles, texts a line must contain to pass.
//
// # Pruning
//
// A file's partition gives the text of each key field of its rows. The
// pruner evaluates the WHERE clause on every value a row's key field may
// have had to give that text (the string, and the number or boolean it
// spells; NULL for a null partition) with other fields unknown, and skips
// the file only when TRUE is impossible. A condition that reads a field
// outside the key may be anything; a condition on key fields alone is
// evaluated, whatever it is (a comparison, LIKE, a function, CASE), with
// the same code that evaluates it on rows, so the two cannot disagree.
package optimizer
