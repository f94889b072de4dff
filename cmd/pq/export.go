package main

import (
	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

// cmdExport prints what DuckDB, Spark or Trino needs to read exactly the
// lake's current snapshot (sql.ExportLake): the twin of lakesql's SHOW
// CREATE LAKE … FOR.
func cmdExport(a *args) (any, error) {
	lake, err := a.lakeName("lake")
	if err != nil {
		return nil, err
	}
	engine, err := a.oneOf("engine", "", sql.Engines...)
	if err != nil {
		return nil, err
	}
	snap, err := catalog.New(a.workdir).Snapshot(lake)
	if err != nil {
		return nil, err
	}
	// sql.Export carries pq's JSON keys.
	return sql.ExportLake(background(), snap, engine)
}
