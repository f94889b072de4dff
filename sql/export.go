package sql

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/ast"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

// The engines SHOW CREATE LAKE … FOR and pq export write for.
const (
	EngineDuckDB = "duckdb"
	EngineSpark  = "spark"
	EngineTrino  = "trino"
)

// Engines lists the engines, in the order help texts name them.
var Engines = ast.Engines

// Export is what an engine needs to read one snapshot of a lake.
type Export struct {
	Lake       string `json:"lake"`
	Engine     string `json:"engine"`
	Generation int64  `json:"generation"`
	Files      int    `json:"files"` // files of the snapshot, each named in Text (Trino: their folders)
	Text       string `json:"text"`  // the statement(s), ending in a newline
}

// showCreateLake prints the text alone, as the note of a result with no
// columns: in the shell's table mode it is the whole output, ready to
// paste or pipe into the engine.
func (s *Session) showCreateLake(ctx context.Context, st ast.ShowCreateLake) (*Result, error) {
	snap, err := s.snapshot(st.Lake)
	if err != nil {
		return nil, err
	}
	e, err := ExportLake(ctx, snap, st.Engine)
	if err != nil {
		return nil, err
	}
	return &Result{Note: strings.TrimSuffix(e.Text, "\n")}, nil
}

// ExportLake returns what engine needs to read exactly snap: the files its
// manifest lists, by absolute path, never a folder glob, so files that are
// on disk but not in the manifest (orphans of an interrupted compaction)
// are not read; and the key fields as string columns whose values come
// from the manifest's partition values, a null partition value (the folder
// __HIVE_DEFAULT_PARTITION__: the field was missing or null) being SQL
// NULL. The key fields of the rows themselves are dropped in favour of
// these columns, which come last, in key order.
//
//   - duckdb: CREATE OR REPLACE VIEW over one read_json of the file list
//     (glob characters escaped), joined on the file name to a VALUES table
//     of each file's partition values: exact, and tested by running it.
//   - spark: a PySpark snippet that reads each partition's files with one
//     schema inferred over all of them, adds the partition values with
//     lit(), and registers the union with createOrReplaceTempView.
//   - trino: CREATE TABLE over the lake folder with the Hive connector and
//     one system.register_partition call per partition folder. Trino reads
//     every file of a registered folder, so it is exact only on a lake
//     without orphans (after pq vacuum); the text says so, with a warning
//     when there are orphans now. It reads every row to type the columns.
func ExportLake(ctx context.Context, snap *catalog.Snapshot, engine string) (*Export, error) {
	dir, err := filepath.Abs(snap.Dir)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	x := &exporter{snap: snap, dir: filepath.ToSlash(dir), m: snap.Manifest}
	var text string
	switch engine {
	case EngineDuckDB:
		text = x.duckdb()
	case EngineSpark:
		text = x.spark()
	case EngineTrino:
		text, err = x.trino(ctx)
	default:
		return nil, fmt.Errorf("%w: engine %q (one of %s)", ErrUnsupported, engine, strings.Join(Engines, ", "))
	}
	if err != nil {
		return nil, err
	}
	return &Export{Lake: x.m.Lake, Engine: engine, Generation: x.m.Generation, Files: len(x.m.Files), Text: text}, nil
}

type exporter struct {
	snap *catalog.Snapshot
	dir  string // the lake folder, absolute, '/'-separated
	m    *storage.Manifest
}

// abs returns the absolute path of a file or folder of the lake.
func (x *exporter) abs(rel string) string {
	if rel == "" || rel == "." {
		return x.dir
	}
	return strings.TrimSuffix(x.dir, "/") + "/" + rel
}

// exportPartition is one partition folder of the snapshot and its files.
type exportPartition struct {
	dir    string // relative to the lake folder
	values []storage.PartValue
	files  []string // relative paths
}

// partitions groups the manifest's files by folder, in path order.
func (x *exporter) partitions() []exportPartition {
	var out []exportPartition
	at := map[string]int{}
	for _, f := range x.m.Files {
		d := path.Dir(f.Path)
		i, ok := at[d]
		if !ok {
			i = len(out)
			at[d] = i
			out = append(out, exportPartition{dir: d, values: f.Partition})
		}
		out[i].files = append(out[i].files, f.Path)
	}
	return out
}

// header is the comment that opens every text, in the engine's comment
// syntax. Key names are quoted Go-style, so no name can end a comment.
func (x *exporter) header(comment, engine string) string {
	keys := make([]string, len(x.m.Key))
	for i, k := range x.m.Key {
		keys[i] = strconv.Quote(k)
	}
	return fmt.Sprintf("%s %s: lake %s, generation %d, %d files in %d partitions, key (%s), from its manifest.\n",
		comment, engine, x.m.Lake, x.m.Generation, len(x.m.Files), x.m.Partitions(), strings.Join(keys, ", "))
}

// sqlString quotes s as a standard SQL string literal, as DuckDB, Trino and
// the lake-command lexer read it: quotes doubled, a backslash and a newline
// as they are.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// sqlIdent quotes s as a SQL identifier: double quotes doubled.
func sqlIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// sqlPartValue is a partition value as a SQL literal: NULL for null.
func sqlPartValue(v storage.PartValue) string {
	if v.Null {
		return "NULL"
	}
	return sqlString(v.Str)
}

// duckFileColumn names the column of read_json's filename option; a row
// field of that name would clash with it.
const duckFileColumn = "__lakesql_file"

// duckGlob escapes a path for DuckDB's file list, in which *, ? and [
// make a glob pattern: each becomes a one-character class ([*], [?], [[]),
// so a pattern matches the literal name. Inside a pattern DuckDB takes a
// backslash as an escape and has no way to match one literally, so it
// becomes ?, which may match more files: the join on the exact file name
// drops them (every file of the lake shares the folder prefix, so no other
// file of the list can match).
func duckGlob(p string) string {
	if !strings.ContainsAny(p, "*?[") {
		return p
	}
	var b strings.Builder
	for _, r := range p {
		switch r {
		case '*', '?', '[':
			b.WriteString("[" + string(r) + "]")
		case '\\':
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// duckdb writes a CREATE OR REPLACE VIEW for DuckDB.
func (x *exporter) duckdb() string {
	var b strings.Builder
	b.WriteString(x.header("--", "DuckDB"))
	b.WriteString("-- Every file of the manifest is listed (no folder glob): files that are on disk but not\n" +
		"-- in the manifest, such as the orphans of an interrupted compaction, are not read.\n" +
		"-- The key columns are VARCHAR, from the manifest's partition values; a null partition\n" +
		"-- (folder __HIVE_DEFAULT_PARTITION__: the field was missing or null) is NULL. DuckDB infers\n" +
		"-- the other columns. Export again after every write: a compaction removes files listed here.\n")
	view := sqlIdent(x.m.Lake)
	if len(x.m.Files) == 0 {
		cols := make([]string, len(x.m.Key))
		for i, k := range x.m.Key {
			cols[i] = "CAST(NULL AS VARCHAR) AS " + sqlIdent(k)
		}
		fmt.Fprintf(&b, "CREATE OR REPLACE VIEW %s AS SELECT %s WHERE false;\n", view, strings.Join(cols, ", "))
		return b.String()
	}
	keyNames := make([]string, len(x.m.Key))
	keyCols := make([]string, len(x.m.Key))
	for i, k := range x.m.Key {
		keyNames[i] = sqlString(strings.ToLower(k))
		keyCols[i] = "p." + sqlIdent(k)
	}
	fmt.Fprintf(&b, "CREATE OR REPLACE VIEW %s AS\nSELECT * EXCLUDE (%s) FROM (\n", view, sqlIdent(duckFileColumn))
	// The lambda drops the rows' own key fields (DuckDB names are case
	// insensitive); the file name column keeps the list from being empty
	// when the rows hold nothing else, and goes in the outer EXCLUDE.
	fmt.Fprintf(&b, "  SELECT COLUMNS(c -> lower(c) NOT IN (%s)), %s\n", strings.Join(keyNames, ", "), strings.Join(keyCols, ", "))
	b.WriteString("  FROM read_json([\n")
	for i, f := range x.m.Files {
		sep := ","
		if i == len(x.m.Files)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    %s%s\n", sqlString(duckGlob(x.abs(f.Path))), sep)
	}
	fmt.Fprintf(&b, "  ], format = 'newline_delimited', hive_partitioning = false, union_by_name = true, filename = %s) AS d\n",
		sqlString(duckFileColumn))
	b.WriteString("  JOIN (VALUES\n")
	for i, f := range x.m.Files {
		vals := []string{sqlString(x.abs(f.Path))}
		for _, v := range f.Partition {
			vals = append(vals, sqlPartValue(v))
		}
		sep := ","
		if i == len(x.m.Files)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    (%s)%s\n", strings.Join(vals, ", "), sep)
	}
	names := []string{sqlIdent(duckFileColumn)}
	for _, k := range x.m.Key {
		names = append(names, sqlIdent(k))
	}
	fmt.Fprintf(&b, "  ) AS p(%s) USING (%s)\n);\n", strings.Join(names, ", "), sqlIdent(duckFileColumn))
	return b.String()
}

// pyString quotes s as a Python 3 string literal.
func pyString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\ufffd`) // Python source is UTF-8; manifests hold only UTF-8 anyway
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r == 0x2028 || r == 0x2029 || r == 0x85:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	b.WriteByte('"')
	return b.String()
}

// hadoopGlob escapes the characters Spark (Hadoop's globber) treats as a
// pattern in a path it is given: \ { } [ ] * ?, each behind a backslash.
func hadoopGlob(p string) string {
	if !strings.ContainsAny(p, `\{}[]*?`) {
		return p
	}
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`\{}[]*?`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// spark writes a PySpark snippet.
func (x *exporter) spark() string {
	var b strings.Builder
	b.WriteString(x.header("#", "PySpark"))
	b.WriteString("# Every file of the manifest is listed (no folder, glob characters escaped): files that are\n" +
		"# on disk but not in the manifest, such as the orphans of an interrupted compaction, are not\n" +
		"# read. The key columns are STRING, from the manifest's partition values; None is a null\n" +
		"# partition (folder __HIVE_DEFAULT_PARTITION__: the field was missing or null), SQL NULL.\n" +
		"# Spark infers the other columns once, over all the files. Run in pyspark (spark is the\n" +
		"# SparkSession); then query with spark.sql(\"SELECT … FROM `" + x.m.Lake + "`\").\n")
	b.WriteString("from functools import reduce\nfrom pyspark.sql import functions as F\n\n")
	keys := make([]string, len(x.m.Key))
	for i, k := range x.m.Key {
		keys[i] = pyString(k)
	}
	fmt.Fprintf(&b, "key = [%s]\n", strings.Join(keys, ", "))
	b.WriteString("partitions = [  # (values, files) per partition folder\n")
	for _, p := range x.partitions() {
		vals := make([]string, len(p.values))
		for i, v := range p.values {
			if v.Null {
				vals[i] = "None"
			} else {
				vals[i] = pyString(v.Str)
			}
		}
		fmt.Fprintf(&b, "    ([%s], [\n", strings.Join(vals, ", "))
		for _, f := range p.files {
			fmt.Fprintf(&b, "        %s,\n", pyString(hadoopGlob(x.abs(f))))
		}
		b.WriteString("    ]),\n")
	}
	b.WriteString("]\n")
	if len(x.m.Files) == 0 {
		b.WriteString("df = spark.createDataFrame([], \", \".join(\"`%s` STRING\" % k for k in key))\n")
	} else {
		b.WriteString("schema = spark.read.json([f for _, files in partitions for f in files]).schema\n\n\n" +
			"def read_partition(values, files):\n" +
			"    df = spark.read.schema(schema).json(files)\n" +
			"    for k in key:\n" +
			"        df = df.drop(k)\n" +
			"    for k, v in zip(key, values):\n" +
			"        df = df.withColumn(k, F.lit(v).cast(\"string\"))\n" +
			"    return df\n\n\n" +
			"df = reduce(lambda a, b: a.unionByName(b), [read_partition(v, f) for v, f in partitions])\n")
	}
	fmt.Fprintf(&b, "df.createOrReplaceTempView(%s)\n", pyString(x.m.Lake))
	return b.String()
}

// trinoColumn is a data column of the Trino table and what its rows held.
type trinoColumn struct {
	name  string
	kinds map[storage.Kind]bool
	float bool // a number with a fraction or exponent, or beyond int64
}

// add records one raw value of the column.
func (c *trinoColumn) add(raw []byte) {
	k := storage.KindOf(raw)
	if k == storage.Null {
		return
	}
	c.kinds[k] = true
	if k == storage.Number && !c.float {
		if _, err := strconv.ParseInt(string(raw), 10, 64); err != nil {
			c.float = true
		}
	}
}

// typ returns the column's Trino type and, when it is a fallback, why.
func (c *trinoColumn) typ() (string, string) {
	k := c.kinds
	switch {
	case len(k) == 0:
		return "VARCHAR", "only null values"
	case len(k) > 1:
		return "VARCHAR", "mixed types"
	case k[storage.Bool]:
		return "BOOLEAN", ""
	case k[storage.Number] && c.float:
		return "DOUBLE", ""
	case k[storage.Number]:
		return "BIGINT", ""
	case k[storage.String]:
		return "VARCHAR", ""
	}
	return "VARCHAR", "objects or arrays: declare a ROW or ARRAY type if your Trino rejects them"
}

// trinoColumns reads every row to type the fields other than the key, in
// the order first seen. Trino folds names to lower case, so a field whose
// name equals the key's or an earlier field's but for case is left out,
// with a note, as is a field with an empty name.
func (x *exporter) trinoColumns(ctx context.Context) ([]*trinoColumn, []string, error) {
	var cols []*trinoColumn
	var notes []string
	byName := map[string]*trinoColumn{} // nil: seen, not a column
	taken := map[string]bool{}          // lower-case names of the key and the columns
	for _, k := range x.m.Key {
		taken[strings.ToLower(k)] = true
	}
	err := eachMember(ctx, x.snap, func(name string, raw []byte) {
		if c, ok := byName[name]; ok {
			if c != nil {
				c.add(raw)
			}
			return
		}
		low := strings.ToLower(name)
		switch {
		case slices.Contains(x.m.Key, name):
			byName[name] = nil // the key: a partition column
		case name == "":
			byName[name] = nil
			notes = append(notes, "a field with an empty name is left out")
		case taken[low]:
			byName[name] = nil
			notes = append(notes, fmt.Sprintf("field %s is left out: Trino folds names to lower case", strconv.Quote(name)))
		default:
			c := &trinoColumn{name: name, kinds: map[storage.Kind]bool{}}
			c.add(raw)
			cols = append(cols, c)
			byName[name] = c
			taken[low] = true
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return cols, notes, nil
}

// trino writes CREATE TABLE and register_partition calls for Trino's Hive
// connector.
func (x *exporter) trino(ctx context.Context) (string, error) {
	cols, notes, err := x.trinoColumns(ctx)
	if err != nil {
		return "", err
	}
	orphans, err := x.snap.Orphans()
	if err != nil {
		return "", err
	}
	table := strings.ToLower(x.m.Lake) // Trino folds table names to lower case
	var b strings.Builder
	b.WriteString(x.header("--", "Trino (Hive connector)"))
	b.WriteString("-- Trino reads every file of a registered partition folder, not a list of files: it reads\n" +
		"-- exactly this snapshot only while the lake has no orphans (files on disk not in the\n" +
		"-- manifest, left by an interrupted compaction, which Trino would count twice). Run\n" +
		"-- `pq vacuum <workdir> --lake=" + x.m.Lake + "` (VACUUM LAKE " + x.m.Lake + ") first, and export again after every write.\n")
	if n := len(orphans); n > 0 {
		fmt.Fprintf(&b, "-- WARNING: the lake has %d orphan files (%d bytes) now: vacuum it before Trino reads it.\n",
			n, catalog.VacuumResult{Orphans: orphans}.Bytes())
	}
	b.WriteString("-- The key columns are VARCHAR, from the manifest's partition values; a null partition is\n" +
		"-- registered as __HIVE_DEFAULT_PARTITION__, which Trino reads as NULL.\n")
	parts := x.partitions()
	hiveNull := func(p exportPartition) bool {
		return slices.ContainsFunc(p.values, func(v storage.PartValue) bool { return !v.Null && v.Str == storage.DefaultPartition })
	}
	if i := slices.IndexFunc(parts, hiveNull); i >= 0 {
		b.WriteString("-- WARNING: a partition value is the string __HIVE_DEFAULT_PARTITION__, which Trino can only\n" +
			"-- take for NULL: such partitions are left out below (commented), their rows unread.\n")
	}
	if slices.ContainsFunc(parts, func(p exportPartition) bool {
		return slices.ContainsFunc(p.values, func(v storage.PartValue) bool { return !v.Null && v.Str == "" })
	}) {
		b.WriteString("-- WARNING: a partition value is the empty string, which some metastores refuse or read as NULL.\n")
	}
	b.WriteString("-- The other columns are typed from every row. Needs hive.allow-register-partition-procedure=true.\n" +
		"-- The locations are file: URLs on this machine; change them to where Trino reaches the lake,\n" +
		"-- and hive.default to your catalog and schema.\n")
	for _, n := range notes {
		b.WriteString("-- Note: " + n + ".\n")
	}
	fmt.Fprintf(&b, "CREATE TABLE hive.default.%s (\n", sqlIdent(table))
	var lines []string
	for _, c := range cols {
		t, why := c.typ()
		l := "  " + sqlIdent(strings.ToLower(c.name)) + " " + t
		if why != "" {
			l += " /* " + why + " */"
		}
		lines = append(lines, l)
	}
	if len(cols) == 0 {
		// Trino wants at least one column besides the partition columns.
		lines = append(lines, "  "+sqlIdent("_lakesql_no_fields")+" VARCHAR /* the rows hold only the key */")
	}
	keys := make([]string, len(x.m.Key))
	for i, k := range x.m.Key {
		lines = append(lines, "  "+sqlIdent(strings.ToLower(k))+" VARCHAR")
		keys[i] = sqlString(strings.ToLower(k))
	}
	b.WriteString(strings.Join(lines, ",\n"))
	fmt.Fprintf(&b, "\n)\nWITH (format = 'JSON', partitioned_by = ARRAY[%s], external_location = %s);\n",
		strings.Join(keys, ", "), sqlString("file://"+x.dir))
	for _, p := range parts {
		vals := make([]string, len(p.values))
		for i, v := range p.values {
			if v.Null {
				vals[i] = sqlString(storage.DefaultPartition)
			} else {
				vals[i] = sqlString(v.Str)
			}
		}
		call := fmt.Sprintf("CALL hive.system.register_partition('default', %s, ARRAY[%s], ARRAY[%s], %s);",
			sqlString(table), strings.Join(keys, ", "), strings.Join(vals, ", "), sqlString("file://"+x.abs(p.dir)))
		if hiveNull(p) {
			// Commented out: a comment ends at a newline, which a value may hold.
			call = "/* " + strings.ReplaceAll(call, "*/", "* /") + " */"
		}
		b.WriteString(call + "\n")
	}
	return b.String(), nil
}
