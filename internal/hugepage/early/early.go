// Package early gives the heap the huge-page advice (hugepage.Advise) as
// the program starts, before the packages it imports make their tables:
// imported for its effect by lakesql alone. The Go runtime initializes a
// package once all its imports are, the ready ones in the order of their
// paths, so this one, which needs only the standard library, goes ahead
// of the dependencies that allocate most at their start (tablewriter's
// width cache: 660 KB; the tables of its errors package and of the SQL
// parser): their memory lands in the advised range, and the collection
// that gives the advice back finds few objects to trace.
package early

import "github.com/lakesql/lakesql/internal/hugepage"

func init() { hugepage.Advise() }
