// Package driver is lakesql's database/sql driver, registered as
// "lakesql". Its data source name is a work folder:
//
//	import _ "github.com/lakesql/lakesql/driver"
//
//	db, err := sql.Open("lakesql", "/data/work")
//	rows, err := db.QueryContext(ctx, "SELECT order_id, amount FROM orders WHERE day = ? AND amount > ?", "2026-01-02", 100)
//
// Every statement lakesql runs can be sent: queries through Query and
// QueryRow, the lake statements (CREATE LAKE, COPY, ALTER LAKE, DROP
// LAKE, VACUUM, …) through Exec, and SHOW, DESCRIBE and EXPLAIN through
// Query for their tables. docs/driver.md is the user's guide.
//
// # Parameters
//
// A ? outside quotes and comments is a placeholder, numbered in the order
// of the text (a CTE's before the query after it); Stmt.NumInput counts
// them. The statement is parsed once and each argument's constant is put
// in its placeholder's place in the syntax tree
// ([github.com/lakesql/lakesql/sql.Bind]), never pasted into the text: no
// argument is read as SQL. Arguments are as database/sql's default
// converter leaves them: int64 is a BIGINT, float64 a DOUBLE, bool a
// BOOLEAN, string and []byte text, nil NULL and a time.Time the TIMESTAMP
// of its instant in UTC, to the microsecond. Placeholders stand for
// values, in any expression of a SELECT; not for names, LIMIT counts or
// the lake statements' parts. A named argument (sql.Named) is an error,
// [ErrNamedArg], and so is a count of arguments other than the
// placeholders' ([github.com/lakesql/lakesql/sql.ErrArgs]).
//
// # Rows and types
//
// A SELECT's rows stream from the scan (Session.StreamStatement) through a
// channel of a few rows that Next pulls from: a result of any size never
// lands whole in memory. Closing the rows cancels the scan and waits for
// it. A UNION's and other statements' rows are their whole result.
//
// A lake's rows are JSON, so a column has no declared type: its type, as
// ColumnTypes reports it, is the kind of its first value that is not NULL
// in the first 100 rows (read ahead when asked before Next reached them),
// NULL when there is none. A later row may hold a value of another kind;
// Scan into any takes each as it comes. Values are given to Scan as
//
//	BIGINT             int64
//	DOUBLE             float64
//	BOOLEAN            bool
//	VARCHAR            string
//	DATE, TIMESTAMP    time.Time in UTC (a DATE at midnight)
//	HUGEINT, INTERVAL,
//	JSON               string (its text)
//	NULL               nil (sql.NullInt64 and the like, or a pointer)
//
// and every column is nullable.
//
// # Connections, contexts and what is not supported
//
// Each connection has a session of its own; the lakes' snapshots make
// concurrent queries from many connections safe, a COPY beside them too.
// A streamed SELECT over a lake that a rewrite in place replaces while it
// reads fails with an error that matches catalog.ErrStale (rows went out
// already): run it again. SET changes only the connection it runs on. A statement's context cancels its scan: the
// error is the context's. There are no transactions ([ErrTx]: each
// statement commits alone) and no LastInsertId ([ErrLastInsertID]);
// RowsAffected is the rows CREATE LAKE loaded, COPY added, ALTER LAKE …
// PARTITION BY wrote or DROP LAKE dropped, [ErrRowsAffected] for other
// statements.
package driver
