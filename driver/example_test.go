package driver_test

import (
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	_ "github.com/lakesql/lakesql/driver"
)

// A work folder with one lake, made and queried through database/sql.
func Example() {
	dir, err := os.MkdirTemp("", "lakesql-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	raw := `{"day":"2026-01-02","order_id":"o-1","amount":120.5,"note":"it's big"}
{"day":"2026-01-02","order_id":"o-2","amount":80}
{"day":"2026-01-03","order_id":"o-3","amount":310,"note":null}
`
	if err := os.WriteFile(filepath.Join(dir, "raw.jsonl"), []byte(raw), 0o644); err != nil {
		log.Fatal(err)
	}

	db, err := sql.Open("lakesql", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec("CREATE LAKE orders FROM 'raw.jsonl' PARTITION BY (day)")
	if err != nil {
		log.Fatal(err)
	}
	n, _ := res.RowsAffected()
	fmt.Println("rows loaded:", n)

	rows, err := db.Query("SELECT order_id, amount, note FROM orders WHERE day = ? AND amount > ? ORDER BY order_id", "2026-01-02", 50)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var amount float64
		var note sql.NullString
		if err := rows.Scan(&id, &amount, &note); err != nil {
			log.Fatal(err)
		}
		fmt.Println(id, amount, note.String, note.Valid)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}

	var total float64
	if err := db.QueryRow("SELECT SUM(amount) FROM orders WHERE order_id <> ?", "o-2").Scan(&total); err != nil {
		log.Fatal(err)
	}
	fmt.Println("total:", total)
	// Output:
	// rows loaded: 3
	// o-1 120.5 it's big true
	// o-2 80  false
	// total: 430.5
}
