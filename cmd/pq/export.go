package main

import (
	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

type exportResult struct {
	Lake       string `json:"lake"`
	Engine     string `json:"engine"`
	Generation int64  `json:"generation"`
	Files      int    `json:"files"`
	Text       string `json:"text"`
}

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
	e, err := sql.ExportLake(background(), snap, engine)
	if err != nil {
		return nil, err
	}
	return exportResult{Lake: e.Lake, Engine: e.Engine, Generation: e.Generation, Files: e.Files, Text: e.Text}, nil
}
