// Package ast is the syntax tree of lakesql's statements: SELECT with its
// expressions, as the parser (package parser, the only reader of SQL text)
// builds it, and the lake statements. Names are not resolved here: a
// [Column] keeps the dotted path as written, and the binder decides whether
// its first part is a table or a field.
//
// Every node prints as SQL that parses back to the same tree
// (String), which EXPLAIN, column names and error messages use.
package ast
