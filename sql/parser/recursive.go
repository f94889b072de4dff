package parser

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/lakesql/lakesql/sql/ast"
)

// WITH RECURSIVE name [(columns)] AS (anchor UNION [ALL] step): a CTE
// whose step reads its own name. The anchor is the UNION's parts before
// the last, which must not read it; the step is the last part, which must
// read it (each of its tables of that name is the round before). The step reads the rows of the round before as the table
// named Work, and the statement reads the CTE as a derived table of its
// rows, the table named Result (see ast.Recursion); the session makes
// them round by round. A CTE of a WITH RECURSIVE that does not read its
// own name is an ordinary one, as in DuckDB.

// Prefixes of the names a recursive CTE's tables go by: a number each
// statement's CTE has alone, then its columns as a JSON array, so that a
// table's columns are known from its name (RecursionTable).
const (
	recursionResult = "__lakesql_rec$"
	recursionWork   = "__lakesql_recw$"
)

// recursions numbers the recursive CTEs parsed, for their tables' names.
var recursions atomic.Int64

// RecursionTable reports whether name is a recursive CTE's table, whether
// it is the step's table of the round before (work), and its columns.
func RecursionTable(name string) (cols []string, work, ok bool) {
	rest, ok := strings.CutPrefix(name, recursionResult)
	if !ok {
		if rest, ok = strings.CutPrefix(name, recursionWork); !ok {
			return nil, false, false
		}
		work = true
	}
	_, list, ok := strings.Cut(rest, "$")
	if !ok || json.Unmarshal([]byte(list), &cols) != nil {
		return nil, false, false
	}
	return cols, work, true
}

// readsTable counts the tables of the statement q (a SELECT or a UNION)
// that name name.
func readsTable(q ast.Statement, name string) int {
	n := 0
	eachPart(q, func(p *ast.Select) {
		eachNamed(p, func(t *ast.Table) {
			if strings.EqualFold(t.Name, name) {
				n++
			}
		})
	})
	return n
}

// recursion makes the recursive CTE name (cols) AS (q), q reading name,
// whose text starts at pos; ctes are the CTEs before it, which its parts
// may read. It returns the query of its rows, which stands for name in
// the CTEs after it and the statement.
func recursion(text string, pos int, name string, cols []string, q ast.Statement, ctes map[string]*ast.Select) (*ast.Select, error) {
	fail := func(format string, args ...any) (*ast.Select, error) {
		return nil, NewSyntaxError(text, pos, "WITH RECURSIVE %s: "+format, append([]any{name}, args...)...)
	}
	u, ok := q.(*ast.Union)
	if !ok || len(u.Parts) < 2 {
		return fail("a recursive CTE is an anchor query UNION [ALL] a query that reads %s", name)
	}
	if len(u.OrderBy) > 0 || u.Limit >= 0 || u.Offset > 0 {
		return fail("ORDER BY, LIMIT or OFFSET over its UNION not supported")
	}
	all := u.All[0]
	for _, a := range u.All {
		if a != all {
			return fail("UNION and UNION ALL mixed not supported")
		}
	}
	parts := u.Parts
	step := parts[len(parts)-1]
	for _, p := range parts[:len(parts)-1] {
		if readsTable(p, name) > 0 {
			return fail("its anchor (the queries before the last UNION) reads %s", name)
		}
	}
	if readsTable(step, name) == 0 {
		return fail("its last query does not read %s", name)
	}
	if step.Limit >= 0 || step.Offset > 0 {
		return fail("LIMIT or OFFSET in its recursive query not supported (DuckDB refuses them too)")
	}
	for _, p := range parts {
		for _, it := range p.Items {
			if _, star := it.Expr.(ast.Star); star {
				return fail("* in a recursive CTE not supported: name its columns")
			}
		}
	}
	first := parts[0]
	if cols == nil {
		cols = first.ColumnNames()
	}
	for _, p := range parts {
		if len(p.Items) != len(cols) {
			return fail("%d columns named for a query of %d columns", len(cols), len(p.Items))
		}
		for k := range p.Items {
			p.Items[k].Alias = cols[k]
		}
	}
	if n := twiceName(cols); n != "" {
		return fail("two columns named %s", n)
	}
	anchor := first
	if len(parts) > 2 {
		anchor = UnionTable(&ast.Union{Parts: parts[:len(parts)-1], All: u.All[:len(parts)-2], Limit: -1})
	}
	list, _ := json.Marshal(cols)
	id := strconv.FormatInt(recursions.Add(1), 10) + "$" + string(list)
	r := &ast.Recursion{Name: name, Cols: cols, Anchor: anchor, Step: step, All: all,
		Work: recursionWork + id, Result: recursionResult + id}
	// The step's own name first: the CTEs before it, whose queries it may
	// read, may read a lake of that name.
	eachNamed(step, func(t *ast.Table) {
		if strings.EqualFold(t.Name, name) {
			if t.Alias == "" {
				t.Alias = t.Name
			}
			t.Name = r.Work
		}
	})
	for _, p := range parts {
		substitute(p, ctes)
	}
	return &ast.Select{Items: ast.ColumnItems(cols), From: ast.Table{Name: r.Result, Alias: name, Recursive: r}, Limit: -1}, nil
}

// twiceName returns a name that names holds twice (case aside), or "".
func twiceName(names []string) string {
	for i, n := range names {
		for _, m := range names[:i] {
			if strings.EqualFold(n, m) {
				return n
			}
		}
	}
	return ""
}
