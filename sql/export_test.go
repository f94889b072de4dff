package sql

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/storage"
)

// exportRows make a lake by (g, h) with every awkward partition value: a
// quote, a double quote, glob characters, a backslash, a newline, the
// empty string, null (the field missing or null), the string
// __HIVE_DEFAULT_PARTITION__, a number; and a second key field null in one
// partition only.
var exportRows = []string{
	`{"g":"it's","h":"x","n":1}`,
	`{"g":"it's","h":"x","n":2}`,
	`{"g":"it's","h":"x","n":4}`,
	`{"g":"say \"hi\"","h":"x","n":8}`,
	`{"g":"a*b?[c]{d}","h":"x","n":16}`,
	`{"g":"back\\slash","h":"x","n":32}`,
	`{"g":"new\nline","h":"x","n":64}`,
	`{"g":"","h":"x","n":128}`,
	`{"h":"x","n":256}`,
	`{"g":null,"h":"x","n":512}`,
	`{"g":"__HIVE_DEFAULT_PARTITION__","h":"x","n":1024}`,
	`{"g":7,"h":"x","n":2048}`,
	`{"g":"b","n":4096,"s":"t"}`,
	`{"g":"b","h":"y","n":8192.5,"s":"u"}`,
}

// exportLake writes the lake (two rows a file) and returns its session.
// With crash, a compaction then stops before its manifest swap: its new
// files are orphans on disk.
func exportLake(t *testing.T, crash bool) (*Session, *catalog.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(raw, []byte(strings.Join(exportRows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.CreateWith("t", []string{"g", "h"}, raw, catalog.CreateOptions{MaxRows: 2}); err != nil {
		t.Fatal(err)
	}
	if crash {
		_, err := compact.Compact(c, "t", compact.Options{Target: 1 << 20, Crash: compact.Crash{Point: compact.CrashBeforeSwap}})
		if !errors.Is(err, catalog.ErrCrashed) {
			t.Fatalf("compact with a crash: %v", err)
		}
	}
	snap, err := c.Snapshot("t")
	if err != nil {
		t.Fatal(err)
	}
	if crash {
		orphans, err := snap.Orphans()
		if err != nil || len(orphans) == 0 {
			t.Fatalf("want orphans after the crash, got %v, %v", orphans, err)
		}
	}
	return NewSession(c), snap
}

// sqlLiterals reads the SQL string literals and NULLs of s, in order
// (NULL as nil); it fails on a quote left open.
func sqlLiterals(t *testing.T, s string) []*string {
	t.Helper()
	var out []*string
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			var b strings.Builder
			j := i + 1
			for ; ; j++ {
				if j >= len(s) {
					t.Fatalf("unterminated literal in %q", s)
				}
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						b.WriteByte('\'')
						j++
						continue
					}
					break
				}
				b.WriteByte(s[j])
			}
			lit := b.String()
			out = append(out, &lit)
			i = j
		case strings.HasPrefix(s[i:], "NULL"):
			out = append(out, nil)
			i += 3
		}
	}
	return out
}

// unDuckGlob reverses duckGlob for paths without a backslash.
func unDuckGlob(p string) string {
	return strings.NewReplacer("[*]", "*", "[?]", "?", "[[]", "[").Replace(p)
}

// section returns the text between the first from and the next to.
func section(t *testing.T, text, from, to string) string {
	t.Helper()
	_, after, ok := strings.Cut(text, from)
	if !ok {
		t.Fatalf("no %q in\n%s", from, text)
	}
	in, _, ok := strings.Cut(after, to)
	if !ok {
		t.Fatalf("no %q after %q in\n%s", to, from, text)
	}
	return in
}

// countOnce checks that got holds each of want exactly once and nothing
// else.
func countOnce(t *testing.T, what string, got, want []string) {
	t.Helper()
	counts := map[string]int{}
	for _, g := range got {
		counts[g]++
	}
	for _, w := range want {
		if counts[w] != 1 {
			t.Errorf("%s: %q listed %d times, want once", what, w, counts[w])
		}
		delete(counts, w)
	}
	for g := range counts {
		t.Errorf("%s: %q listed but not in the manifest", what, g)
	}
}

// wantFiles returns the absolute paths of the snapshot's files, the
// orphans' and the partition folders' (with the values of each).
func wantFiles(t *testing.T, snap *catalog.Snapshot) (files, orphans []string, dirs map[string][]storage.PartValue) {
	t.Helper()
	dir, err := filepath.Abs(snap.Dir)
	if err != nil {
		t.Fatal(err)
	}
	dirs = map[string][]storage.PartValue{}
	for _, f := range snap.Files() {
		files = append(files, dir+"/"+f.Path)
		dirs[dir+"/"+filepath.ToSlash(filepath.Dir(f.Path))] = f.Partition
	}
	os, err := snap.Orphans()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range os {
		orphans = append(orphans, dir+"/"+o.Path)
	}
	return files, orphans, dirs
}

func exportText(t *testing.T, snap *catalog.Snapshot, engine string) string {
	t.Helper()
	e, err := ExportLake(context.Background(), snap, engine)
	if err != nil {
		t.Fatal(err)
	}
	m := snap.Manifest
	if e.Lake != "t" || e.Engine != engine || e.Generation != m.Generation || e.Files != len(m.Files) {
		t.Errorf("export = %+v, want lake t, engine %s, generation %d, %d files", e, engine, m.Generation, len(m.Files))
	}
	return e.Text
}

// noGlob checks that the text names no folder of the lake with a wildcard.
func noGlob(t *testing.T, text string, snap *catalog.Snapshot) {
	t.Helper()
	dir, _ := filepath.Abs(snap.Dir)
	for _, bad := range []string{"**", dir + "/*", "/*.jsonl", "part-*"} {
		if strings.Contains(text, bad) {
			t.Errorf("text holds the glob %q:\n%s", bad, text)
		}
	}
}

// TestExportDuckDB checks the DuckDB view's file list and its table of
// partition values: each file of the manifest once in each, glob
// characters escaped, quotes doubled, values as string literals, the null
// partition NULL; no orphan after a crashed compaction.
func TestExportDuckDB(t *testing.T) {
	for _, crash := range []bool{false, true} {
		t.Run(fmt.Sprintf("crash=%v", crash), func(t *testing.T) {
			_, snap := exportLake(t, crash)
			text := exportText(t, snap, EngineDuckDB)
			files, orphans, _ := wantFiles(t, snap)
			noGlob(t, text, snap)
			if !strings.Contains(text, "CREATE OR REPLACE VIEW \"t\" AS") || !strings.HasSuffix(text, ");\n") {
				t.Errorf("not a view definition:\n%s", text)
			}
			if !strings.Contains(text, `SELECT COLUMNS(c -> lower(c) NOT IN ('g', 'h')), p."g", p."h"`) {
				t.Errorf("the key columns are not the partition values:\n%s", text)
			}
			var listed []string
			for _, lit := range sqlLiterals(t, section(t, text, "FROM read_json([", "], format")) {
				if lit == nil {
					t.Fatal("NULL in the file list")
				}
				listed = append(listed, unDuckGlob(*lit))
				if strings.ContainsAny(strings.NewReplacer("[*]", "", "[?]", "", "[[]", "").Replace(*lit), "*?[") {
					t.Errorf("file %q: a glob character is not escaped", *lit)
				}
			}
			countOnce(t, "read_json list", listed, files)
			byFile := map[string][]*string{}
			var mapped []string
			lits := sqlLiterals(t, section(t, text, "JOIN (VALUES", ") AS p("))
			if len(lits)%3 != 0 {
				t.Fatalf("VALUES: %d literals, want a file and two values a row", len(lits))
			}
			for i := 0; i < len(lits); i += 3 {
				if lits[i] == nil {
					t.Fatal("VALUES: a NULL file")
				}
				mapped = append(mapped, *lits[i])
				byFile[*lits[i]] = lits[i+1 : i+3]
			}
			countOnce(t, "VALUES", mapped, files)
			dir, _ := filepath.Abs(snap.Dir)
			for _, f := range snap.Files() {
				got := byFile[dir+"/"+f.Path]
				for i, v := range f.Partition {
					switch {
					case got == nil:
					case v.Null && got[i] != nil:
						t.Errorf("%s: a null partition value is %q, want NULL", f.Path, *got[i])
					case !v.Null && (got[i] == nil || *got[i] != v.Str):
						t.Errorf("%s: partition value %v, want %q", f.Path, got[i], v.Str)
					}
				}
			}
			for _, o := range orphans {
				if strings.Contains(text, o) || strings.Contains(text, duckGlob(o)) {
					t.Errorf("orphan %s is in the text", o)
				}
			}
			if !strings.Contains(text, `'`+dir+`/g=it''s/h=x/part-0000.jsonl'`) {
				t.Errorf("a quote in a path is not doubled:\n%s", text)
			}
			if !strings.Contains(text, `/g=a[*]b[?][[]c]{d}/h=x/`) {
				t.Errorf("glob characters not escaped as classes:\n%s", text)
			}
		})
	}
}

// pyLiterals reads the double-quoted Python string literals and Nones of
// a line (nil for None).
func pyLiterals(t *testing.T, line string) []*string {
	t.Helper()
	var out []*string
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' {
					j++
				}
			}
			if j >= len(line) {
				t.Fatalf("unterminated literal in %q", line)
			}
			s, err := strconv.Unquote(line[i : j+1])
			if err != nil {
				t.Fatalf("literal %s: %v", line[i:j+1], err)
			}
			out = append(out, &s)
			i = j
		case strings.HasPrefix(line[i:], "None"):
			out = append(out, nil)
			i += 3
		}
	}
	return out
}

// unHadoopGlob reverses hadoopGlob.
func unHadoopGlob(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '\\' && i+1 < len(p) {
			i++
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// TestExportSpark checks the PySpark snippet: every manifest file once,
// under the values of its partition (None for null), glob characters
// behind a backslash, the key cast to string; no orphan after a crash.
func TestExportSpark(t *testing.T) {
	for _, crash := range []bool{false, true} {
		t.Run(fmt.Sprintf("crash=%v", crash), func(t *testing.T) {
			_, snap := exportLake(t, crash)
			text := exportText(t, snap, EngineSpark)
			files, orphans, dirs := wantFiles(t, snap)
			noGlob(t, text, snap)
			for _, want := range []string{`key = ["g", "h"]`, `F.lit(v).cast("string")`, `df.createOrReplaceTempView("t")`,
				"schema = spark.read.json(", "spark.read.schema(schema).json(files)"} {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in\n%s", want, text)
				}
			}
			var listed []string
			var values []*string
			for _, l := range strings.Split(section(t, text, "partitions = [", "\n]\n"), "\n")[1:] {
				l = strings.TrimSpace(l)
				lits := pyLiterals(t, l)
				switch {
				case strings.HasPrefix(l, "(["):
					if len(lits) != 2 {
						t.Fatalf("partition line %q: want two values", l)
					}
					values = lits
				case l == "]),":
				default:
					if len(lits) != 1 || lits[0] == nil {
						t.Fatalf("file line %q: want one literal", l)
					}
					p := *lits[0]
					if strings.ContainsAny(strings.NewReplacer(`\*`, "", `\?`, "", `\[`, "", `\]`, "", `\{`, "", `\}`, "", `\\`, "").Replace(p), `*?[]{}\`) {
						t.Errorf("file %q: a glob character is not escaped", p)
					}
					p = unHadoopGlob(p)
					listed = append(listed, p)
					want, ok := dirs[filepath.ToSlash(filepath.Dir(p))]
					if !ok {
						continue
					}
					for i, v := range want {
						switch {
						case v.Null && values[i] != nil:
							t.Errorf("%s: a null partition value is %q, want None", p, *values[i])
						case !v.Null && (values[i] == nil || *values[i] != v.Str):
							t.Errorf("%s: partition value %v, want %q", p, values[i], v.Str)
						}
					}
				}
			}
			countOnce(t, "partitions", listed, files)
			for _, o := range orphans {
				if strings.Contains(text, o) || strings.Contains(text, hadoopGlob(o)) {
					t.Errorf("orphan %s is in the text", o)
				}
			}
			if !strings.Contains(text, `/g=a\\*b\\?\\[c\\]\\{d\\}/h=x/`) {
				t.Errorf("glob characters not escaped:\n%s", text)
			}
			if !strings.Contains(text, `(["say \"hi\"", "x"], [`) || !strings.Contains(text, `([None, "x"], [`) {
				t.Errorf("a double quote or a null value is not written right:\n%s", text)
			}
		})
	}
}

// TestExportTrino checks the Trino text: the key columns VARCHAR, every
// partition folder registered once with its values (null as Hive's
// default partition name), the other columns typed from the rows, and a
// warning while the lake has orphans, which Trino would read.
func TestExportTrino(t *testing.T) {
	for _, crash := range []bool{false, true} {
		t.Run(fmt.Sprintf("crash=%v", crash), func(t *testing.T) {
			_, snap := exportLake(t, crash)
			text := exportText(t, snap, EngineTrino)
			_, orphans, dirs := wantFiles(t, snap)
			noGlob(t, text, snap)
			dir, _ := filepath.Abs(snap.Dir)
			cols := strings.Split(section(t, text, "CREATE TABLE hive.default.\"t\" (\n", "\n)\n"), "\n")
			want := []string{`  "n" DOUBLE,`, `  "s" VARCHAR,`, `  "g" VARCHAR,`, `  "h" VARCHAR`}
			if !slices.Equal(cols, want) {
				t.Errorf("columns\n%s\nwant\n%s", strings.Join(cols, "\n"), strings.Join(want, "\n"))
			}
			if !strings.Contains(text, "WITH (format = 'JSON', partitioned_by = ARRAY['g', 'h'], external_location = 'file://"+dir+"');") {
				t.Errorf("no table properties in\n%s", text)
			}
			var registered []string
			commented := strings.Count(text, "\n/* CALL ")
			for _, call := range strings.Split(text, "\nCALL hive.system.register_partition(")[1:] {
				lits := sqlLiterals(t, call)
				// 'default', 't', 'g', 'h', value, value, location
				if len(lits) < 7 || *lits[0] != "default" || *lits[1] != "t" || *lits[2] != "g" || *lits[3] != "h" {
					t.Fatalf("call %q", call)
				}
				loc := strings.TrimPrefix(*lits[6], "file://")
				registered = append(registered, loc)
				for i, v := range dirs[loc] {
					w := v.Str
					if v.Null {
						w = storage.DefaultPartition
					}
					if *lits[4+i] != w {
						t.Errorf("%s: value %q, want %q", loc, *lits[4+i], w)
					}
				}
			}
			var wantDirs []string
			for d, vals := range dirs {
				if !slices.ContainsFunc(vals, func(v storage.PartValue) bool { return !v.Null && v.Str == storage.DefaultPartition }) {
					wantDirs = append(wantDirs, d)
				}
			}
			countOnce(t, "register_partition", registered, wantDirs)
			if commented != 1 || !strings.Contains(text, "WARNING: a partition value is the string __HIVE_DEFAULT_PARTITION__") {
				t.Errorf("the partition of the string __HIVE_DEFAULT_PARTITION__ is not left out with a warning (%d commented):\n%s", commented, text)
			}
			warned := strings.Contains(text, fmt.Sprintf("-- WARNING: the lake has %d orphan files", len(orphans)))
			if warned != crash {
				t.Errorf("orphan warning %v, want %v:\n%s", warned, crash, text)
			}
			if !strings.Contains(text, `ARRAY['it''s', 'x']`) {
				t.Errorf("a quote in a value is not doubled:\n%s", text)
			}
		})
	}
}

// TestShowCreateLake runs the statement: its note is the export's text;
// an unknown lake is a LakeError, an unknown engine a syntax error.
func TestShowCreateLake(t *testing.T) {
	s, snap := exportLake(t, false)
	for _, engine := range Engines {
		res, err := s.Exec(context.Background(), "show create lake t for "+strings.ToUpper(engine))
		if err != nil {
			t.Fatal(err)
		}
		if want := exportText(t, snap, engine); res.Note+"\n" != want || len(res.Columns) != 0 {
			t.Errorf("%s: note\n%s\nwant\n%s", engine, res.Note, want)
		}
	}
	_, err := s.Exec(context.Background(), "SHOW CREATE LAKE nope FOR duckdb")
	var le *LakeError
	if !errors.As(err, &le) || !errors.Is(err, catalog.ErrLakeNotFound) {
		t.Errorf("unknown lake: got %v", err)
	}
	_, err = s.Exec(context.Background(), "SHOW CREATE LAKE t FOR postgres")
	var se *parser.SyntaxError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "DUCKDB, SPARK or TRINO") {
		t.Errorf("unknown engine: got %v", err)
	}
	if _, err := ExportLake(context.Background(), snap, "postgres"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ExportLake with an unknown engine: got %v", err)
	}
}

// TestExportEmptyLake: a lake with no files still gives each engine
// something that defines the key columns.
func TestExportEmptyLake(t *testing.T) {
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(raw, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.Create("t", []string{"day"}, raw, 0); err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot("t")
	if err != nil {
		t.Fatal(err)
	}
	for engine, want := range map[string]string{
		EngineDuckDB: `CREATE OR REPLACE VIEW "t" AS SELECT CAST(NULL AS VARCHAR) AS "day" WHERE false;`,
		EngineSpark:  "df = spark.createDataFrame([], ",
		EngineTrino:  `"_lakesql_no_fields" VARCHAR`,
	} {
		if text := exportText(t, snap, engine); !strings.Contains(text, want) {
			t.Errorf("%s: no %q in\n%s", engine, want, text)
		}
	}
}

func TestPyString(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:        `"plain"`,
		`it's "q" \ x`: `"it's \"q\" \\ x"`,
		"a\nb\tc\x01":  `"a\nb\tc\x01"`,
		"日本":           `"日本"`,
		"\u2028":       `"\u2028"`,
	} {
		if got := pyString(in); got != want {
			t.Errorf("pyString(%q) = %s, want %s", in, got, want)
		}
	}
}
