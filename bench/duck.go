package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver
)

// duckColumns is the fixed schema every DuckDB read uses, so that no time is
// spent on (or differs by) schema detection.
const duckColumns = `columns={order_id:'VARCHAR', day:'VARCHAR', region:'VARCHAR', channel:'VARCHAR', amount:'BIGINT', qty:'BIGINT'}, format='newline_delimited'`

// duck is one in-memory DuckDB database and the single connection every
// statement runs on (settings such as threads are per database, but one
// connection keeps it simple and predictable).
type duck struct {
	db      *sql.DB
	conn    *sql.Conn
	version string
	timeout time.Duration
}

// openDuck opens DuckDB in-process and applies the benchmark settings. None
// of this is timed.
func openDuck(ctx context.Context, timeout time.Duration, maxOpenFiles int) (*duck, error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, fmt.Errorf("open duckdb: %w", err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open duckdb connection: %w", err)
	}
	d := &duck{db: db, conn: conn, timeout: timeout}
	settings := []string{"SET threads=2"}
	if maxOpenFiles > 0 {
		settings = append(settings, fmt.Sprintf("SET partitioned_write_max_open_files=%d", maxOpenFiles))
	}
	for _, s := range settings {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			d.close()
			return nil, fmt.Errorf("duckdb %s: %w", s, err)
		}
	}
	if err := conn.QueryRowContext(ctx, "SELECT version()").Scan(&d.version); err != nil {
		d.close()
		return nil, fmt.Errorf("duckdb version: %w", err)
	}
	return d, nil
}

func (d *duck) close() {
	if d.conn != nil {
		d.conn.Close()
	}
	d.db.Close()
}

// query runs q and returns every row as strings, and how long it took from
// sending the statement to having read the last row.
func (d *duck) query(ctx context.Context, q string) ([][]string, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	start := time.Now()
	rows, err := d.conn.QueryContext(ctx, q)
	if err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb: %w\n    | %s", err, q)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb columns: %w", err)
	}
	var out [][]string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, time.Since(start), fmt.Errorf("duckdb scan: %w\n    | %s", err, q)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			switch v := v.(type) {
			case nil:
				row[i] = "" // NULL
			case []byte:
				row[i] = string(v)
			default:
				row[i] = fmt.Sprint(v) // sum(BIGINT) is a HUGEINT: *big.Int
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		return nil, time.Since(start), fmt.Errorf("duckdb: %w\n    | %s", err, q)
	}
	return out, time.Since(start), nil
}

// sqlString quotes s as a SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// duckReadRaw is read_json over one file with the fixed schema.
func duckReadRaw(path string) string {
	return fmt.Sprintf("read_json(%s, %s)", sqlString(path), duckColumns)
}

// duckReadLake is read_json over a hive-partitioned folder written by
// duckCopyPartitioned. hive_types_autocast=false keeps the folder values
// VARCHAR, like the JSON columns they shadow (the hive column wins over the
// JSON field of the same name; both hold the same value).
func duckReadLake(dir string) string {
	return fmt.Sprintf("read_json(%s, hive_partitioning=true, hive_types_autocast=false, %s)",
		sqlString(dir+"/**/*.jsonl"), duckColumns)
}

// duckCopyPartitioned writes JSON lines partitioned by keys. DuckDB 1.5.6
// rejects PARTITION_BY for FORMAT json, so each row is rendered to one JSON
// text with to_json(struct_pack(...)) and written as the single column of a
// CSV file with no quoting, no escaping and no header; the partition columns
// go into the folder names only (WRITE_PARTITION_COLUMNS is false by default),
// so the delimiter never appears in the output and every line is the JSON
// object alone.
func duckCopyPartitioned(from, to string, keys []string) string {
	k := strings.Join(keys, ", ")
	return fmt.Sprintf(`COPY (SELECT to_json(struct_pack(order_id, day, region, channel, amount, qty)) AS j, %s FROM %s) `+
		`TO %s (FORMAT csv, QUOTE '', ESCAPE '', DELIMITER '\n', HEADER false, PARTITION_BY (%s), FILE_EXTENSION 'jsonl', OVERWRITE_OR_IGNORE)`,
		k, from, sqlString(to), k)
}
