// Package parser reads statement text: SELECT through
// github.com/xwb1989/sqlparser (the only package that imports it), after
// pre-parses that turn what that MySQL grammar cannot read into what it
// can (EXTRACT(unit FROM x), CAST to DuckDB's type names), and converts the
// MySQL tree into package ast; the lake statements through a small grammar
// of our own. Errors are *SyntaxError values that point at the line and
// column of the offending token.
package parser
