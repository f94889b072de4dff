// Command duckrun runs SQL statements in a new in-memory DuckDB, writes
// the last statement's rows to stdout and exits: DuckDB timed as a whole
// process, from start to exit, as the TPC-H bench times lakesql.
//
//	duckrun FILE
//
// FILE is a JSON array of statements: the views over the lakes' files,
// a query's own setup, then the query. The rows go out as tab-separated
// text, NULL as an empty field. The threads are the bench's in-process
// DuckDB's (threads=2).
//
// Why a program of our own: DuckDB's shell is not on the machines we
// measure on, and nothing they may download ships it (the Go module
// proxy, Debian's packages, npm). This is as little as a shell: DuckDB
// linked through duckdb-go, one connection, the statements, the rows
// written. It starts the Go runtime besides DuckDB's own (some 6 ms of a
// static Go program's start here, against DuckDB's `SELECT 1` at 40-50 ms
// through this program).
package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"

	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "duckrun:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: duckrun FILE (a JSON array of statements, the query last)")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	var stmts []string
	if err := json.Unmarshal(data, &stmts); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	if len(stmts) == 0 {
		return fmt.Errorf("%s: no statements", args[0])
	}
	ctx := context.Background()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, s := range append([]string{"SET threads=2"}, stmts[:len(stmts)-1]...) {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("%w\n    | %s", err, s)
		}
	}
	rows, err := conn.QueryContext(ctx, stmts[len(stmts)-1])
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, v := range vals {
			if i > 0 {
				out.WriteByte('\t')
			}
			if v != nil {
				fmt.Fprint(out, v)
			}
		}
		out.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return out.Flush()
}
