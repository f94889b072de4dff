package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

// demoRows is how many sample orders --demo writes; tests make it smaller.
var demoRows = 20000

// demoLakes are the statements that make the demo lakes from raw.jsonl.
var demoLakes = []struct{ name, create string }{
	{"orders", "CREATE LAKE orders FROM 'raw.jsonl' PARTITION BY (day)"},
	{"orders_fine", "CREATE LAKE orders_fine FROM 'raw.jsonl' PARTITION BY (day, region, channel) MAX ROWS 5"},
}

// makeDemo fills dir (a new temporary folder when dir is "") with sample
// orders in raw.jsonl and the demo lakes over them, says what it made on w
// in one line, and returns the folder. A folder that already holds the demo
// lakes is used as it is; any other folder must be new or empty, so that
// the demo never overwrites anything.
func makeDemo(dir string, w io.Writer) (string, error) {
	if dir == "" {
		d, err := os.MkdirTemp("", "lakesql-demo-")
		if err != nil {
			return "", fmt.Errorf("demo: %w", err)
		}
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	sess := sql.NewSession(catalog.New(dir))
	sess.Now = now
	have := sess.Lakes()
	if slices.Contains(have, demoLakes[0].name) && slices.Contains(have, demoLakes[1].name) {
		fmt.Fprintf(w, "demo: %s already holds the lakes orders and orders_fine\n", dir)
		return dir, nil
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		return "", fmt.Errorf("demo: %s is not empty; give --demo -d a new or empty folder", dir)
	}
	raw := filepath.Join(dir, "raw.jsonl")
	f, err := os.Create(raw)
	if err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	err = catalog.WriteOrders(f, demoRows, catalog.DefaultOrderSeed)
	err = errors.Join(err, f.Close())
	if err != nil {
		return "", fmt.Errorf("demo: write %s: %w", raw, err)
	}
	files := make([]int64, len(demoLakes))
	for i, l := range demoLakes {
		res, err := sess.Exec(context.Background(), l.create)
		if err != nil {
			return "", fmt.Errorf("demo: %s: %w", l.create, err)
		}
		if j := slices.IndexFunc(res.Columns, func(c sql.Column) bool { return c.Name == "files" }); j >= 0 && len(res.Rows) == 1 {
			files[i] = res.Rows[0][j].I
		}
	}
	fmt.Fprintf(w, "demo: in %s wrote raw.jsonl (%d sample orders) and made the lakes orders (by day, %d files) and orders_fine (by day, region, channel, at most 5 rows a file: %d files)\n",
		dir, demoRows, files[0], files[1])
	return dir, nil
}
