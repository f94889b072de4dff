package storage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The package arrows of docs/design.md:
//
//	cmd/pq ──────┐
//	cmd/lakesql ─┼──> sql ──> catalog ──> storage
//	driver ──────┘      \                  ^
//	                     └──> compact ─────┘ (and catalog)
//
// and inside sql, the stages as packages, each knowing only the stages
// before it:
//
//	parser ──> ast ──> types <── function, aggregate
//	plan (binder) ──> ast, function, aggregate
//	optimizer ──> plan        exec ──> plan, catalog
//	sql (Session, lake statements, export) ──> all of them
//
// and docs/style.md item 2: sql/parser/select.go is the only importer of
// github.com/xwb1989/sqlparser.

const (
	modulePath    = "github.com/lakesql/lakesql"
	sqlparserPath = "github.com/xwb1989/sqlparser"
)

// depRule says which project packages a package may depend on, directly or
// through others. Packages are named relative to the module.
type depRule struct {
	allow []string // the project packages it may depend on
	any   bool     // any project package, except those in deny
	deny  []string
	// tests: packages its tests may import besides allow (a stage's
	// tests build their input with the stages before it).
	tests []string
}

// depRules has one entry per project package: a new package fails the test
// until it gets a rule here.
var depRules = map[string]depRule{
	"storage":             {},
	"storage/storagetest": {allow: []string{"storage"}},
	"catalog":             {allow: []string{"storage"}},
	"compact":             {allow: []string{"catalog", "storage"}},
	// docs/design.md draws sql -> compact (the lake commands COMPACT and
	// REPARTITION); remove "compact" here to forbid that edge.
	"sql": {allow: []string{"catalog", "compact", "storage", "internal/suggest", "sql/ast", "sql/parser",
		"sql/types", "sql/function", "sql/aggregate", "sql/plan", "sql/optimizer", "sql/exec", "internal/spill", "sql/copyout"}},
	// The engine's stages.
	"sql/types":     {allow: []string{"storage"}},
	"sql/ast":       {allow: []string{"sql/types", "storage"}},
	"sql/parser":    {allow: []string{"sql/ast", "sql/types", "storage", "internal/suggest"}, tests: []string{"catalog"}},
	"sql/function":  {allow: []string{"sql/types", "storage"}},
	"sql/aggregate": {allow: []string{"sql/types", "storage"}},
	"sql/plan": {allow: []string{"sql/ast", "sql/types", "sql/function", "sql/aggregate", "storage", "internal/suggest"},
		tests: []string{"sql/parser"}},
	"sql/optimizer": {allow: []string{"sql/plan", "sql/ast", "sql/types", "sql/function", "sql/aggregate", "storage", "internal/suggest"},
		tests: []string{"sql/parser"}},
	"sql/exec": {allow: []string{"sql/plan", "sql/ast", "sql/types", "sql/function", "sql/aggregate", "storage",
		"internal/suggest", "internal/spill", "catalog"}, tests: []string{"sql/parser", "sql/optimizer"}},
	// COPY … TO's writers: the value model in, files out.
	"sql/copyout": {allow: []string{"sql/types", "storage"}},
	// Did-you-mean, for both commands and the engine; it knows nothing.
	"internal/suggest": {},
	// Spill files, for the operators of sql/exec (and none other).
	"internal/spill": {allow: []string{"storage"}},
	// Terminal drawing, shared by the two commands; it knows no engine.
	"internal/progress": {},
	// The heap's huge-page advice, for lakesql's main; it knows nothing.
	"internal/hugepage": {},
	// Its advice given as lakesql's packages start (imported for effect).
	"internal/hugepage/early": {allow: []string{"internal/hugepage"}},
	"cmd/pq":                  {any: true, deny: []string{"cmd/lakesql", "storage/storagetest"}},
	"cmd/lakesql":             {any: true, deny: []string{"cmd/pq", "storage/storagetest"}},
	// The database/sql driver, a front of the engine as the commands are.
	"driver": {allow: []string{"sql", "catalog", "compact", "storage", "internal/suggest", "internal/spill", "sql/ast", "sql/parser",
		"sql/types", "sql/function", "sql/aggregate", "sql/plan", "sql/optimizer", "sql/exec", "sql/copyout"}},
}

// required are the packages that must exist, so that the rules cannot pass
// on an empty listing.
var required = []string{"storage", "catalog", "compact", "sql", "sql/parser", "sql/plan", "sql/exec", "cmd/pq", "cmd/lakesql"}

// testHelpers are packages any test may import besides what its package may.
var testHelpers = []string{"storage/storagetest"}

// listedPackage is what go list -json says of a package.
type listedPackage struct {
	ImportPath   string
	Dir          string
	Imports      []string
	Deps         []string
	TestImports  []string
	XTestImports []string
}

// projectRel returns path relative to the module, and whether it is a
// project package.
func projectRel(path string) (string, bool) {
	if path == modulePath {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, modulePath+"/")
	return rel, ok
}

func isSQLParser(path string) bool {
	return path == sqlparserPath || strings.HasPrefix(path, sqlparserPath+"/")
}

func (r depRule) allows(rel string) bool {
	if r.any {
		return !slices.Contains(r.deny, rel)
	}
	return slices.Contains(r.allow, rel)
}

// checkDeps returns one message per forbidden edge among pkgs.
func checkDeps(pkgs []listedPackage) []string {
	var bad []string
	seen := make(map[string]bool)
	for _, p := range pkgs {
		rel, ok := projectRel(p.ImportPath)
		if !ok {
			continue
		}
		seen[rel] = true
		rule, ok := depRules[rel]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s: no dependency rule; add one to depRules", rel))
			continue
		}
		for _, d := range p.Deps {
			if drel, ok := projectRel(d); ok && drel != rel && !rule.allows(drel) {
				bad = append(bad, fmt.Sprintf("%s imports %s (directly or not): forbidden", rel, drel))
			}
		}
		for _, imp := range slices.Concat(p.TestImports, p.XTestImports) {
			if irel, ok := projectRel(imp); ok && irel != rel && !rule.allows(irel) && !slices.Contains(testHelpers, irel) &&
				!slices.Contains(rule.tests, irel) {
				bad = append(bad, fmt.Sprintf("%s tests import %s: forbidden", rel, irel))
			}
		}
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if isSQLParser(imp) && rel != "sql/parser" {
				bad = append(bad, fmt.Sprintf("%s imports %s: only sql/parser may", rel, imp))
			}
		}
	}
	for _, r := range required {
		if !seen[r] {
			bad = append(bad, fmt.Sprintf("%s: not listed by go list", r))
		}
	}
	return bad
}

// checkSQLParserFiles returns one message per Go file in dir, other than
// select.go, that imports sqlparser.
func checkSQLParserFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	var bad []string
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return nil, err
			}
			if isSQLParser(path) && filepath.Base(file) != "select.go" {
				bad = append(bad, fmt.Sprintf("%s imports %s: only select.go may", file, path))
			}
		}
	}
	return bad, nil
}

// goList lists every package of the module.
func goList(t *testing.T) []listedPackage {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(goTool, "list", "-json=ImportPath,Dir,Imports,Deps,TestImports,XTestImports", modulePath+"/...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(&stdout)
	for {
		var p listedPackage
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("decode go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestDependencies(t *testing.T) {
	pkgs := goList(t)
	for _, msg := range checkDeps(pkgs) {
		t.Error(msg)
	}
	i := slices.IndexFunc(pkgs, func(p listedPackage) bool { return p.ImportPath == modulePath+"/sql" })
	if i < 0 {
		t.Fatal("package sql not listed")
	}
	bad, err := checkSQLParserFiles(pkgs[i].Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range bad {
		t.Error(msg)
	}
}

// TestCheckDeps shows that checkDeps catches each kind of forbidden edge.
func TestCheckDeps(t *testing.T) {
	// pkg lists a package importing imports directly; "lakesql/x" names
	// the project package x.
	pkg := func(rel string, imports ...string) listedPackage {
		p := listedPackage{ImportPath: modulePath + "/" + rel}
		for _, d := range imports {
			if r, ok := strings.CutPrefix(d, "lakesql/"); ok {
				d = modulePath + "/" + r
			}
			p.Imports = append(p.Imports, d)
			p.Deps = append(p.Deps, d)
		}
		return p
	}
	cmdPQ := pkg("cmd/pq", "lakesql/sql", "lakesql/compact", "lakesql/catalog", "lakesql/storage")
	cmdPQ.Deps = append(cmdPQ.Deps, sqlparserPath, sqlparserPath+"/dependency/querypb")
	good := []listedPackage{
		pkg("storage", "fmt", "golang.org/x/sys/unix"),
		pkg("storage/storagetest", "lakesql/storage", "testing"),
		pkg("catalog", "lakesql/storage"),
		pkg("compact", "lakesql/catalog", "lakesql/storage"),
		pkg("sql", "lakesql/catalog", "lakesql/compact", "lakesql/storage", "lakesql/sql/parser", "lakesql/sql/plan", "lakesql/sql/exec"),
		pkg("sql/parser", "lakesql/sql/ast", "lakesql/sql/types", sqlparserPath),
		pkg("sql/plan", "lakesql/sql/ast", "lakesql/sql/types"),
		pkg("sql/exec", "lakesql/sql/plan", "lakesql/catalog", "lakesql/storage"),
		cmdPQ,
		pkg("cmd/lakesql", "lakesql/sql", "lakesql/catalog", "lakesql/storage"),
	}
	good[1].XTestImports = []string{modulePath + "/storage/storagetest"}
	good[2].XTestImports = []string{modulePath + "/storage/storagetest", modulePath + "/catalog"}
	if bad := checkDeps(good); len(bad) != 0 {
		t.Fatalf("the allowed graph: got %q, want no complaint", bad)
	}
	tests := map[string]struct {
		pkg  listedPackage
		want string
	}{
		"storage imports catalog":       {pkg("storage", "lakesql/catalog"), "storage imports catalog"},
		"storage imports storagetest":   {pkg("storage", "lakesql/storage/storagetest"), "storage imports storage/storagetest"},
		"catalog imports sql":           {pkg("catalog", "lakesql/storage", "lakesql/sql"), "catalog imports sql"},
		"catalog imports compact":       {pkg("catalog", "lakesql/compact"), "catalog imports compact"},
		"compact imports sql":           {pkg("compact", "lakesql/catalog", "lakesql/sql"), "compact imports sql"},
		"compact imports cmd/pq":        {pkg("compact", "lakesql/cmd/pq"), "compact imports cmd/pq"},
		"sql imports cmd/lakesql":       {pkg("sql", "lakesql/cmd/lakesql"), "sql imports cmd/lakesql"},
		"cmd/pq imports cmd/lakesql":    {pkg("cmd/pq", "lakesql/cmd/lakesql"), "cmd/pq imports cmd/lakesql"},
		"cmd/lakesql imports cmd/pq":    {pkg("cmd/lakesql", "lakesql/sql", "lakesql/cmd/pq"), "cmd/lakesql imports cmd/pq"},
		"cmd/pq imports a test helper":  {pkg("cmd/pq", "lakesql/storage/storagetest"), "cmd/pq imports storage/storagetest"},
		"compact imports sqlparser":     {pkg("compact", sqlparserPath), "compact imports " + sqlparserPath},
		"cmd/lakesql imports sqlparser": {pkg("cmd/lakesql", sqlparserPath+"/dependency/querypb"), "cmd/lakesql imports " + sqlparserPath},
		"a package without a rule":      {pkg("sql/parse", "lakesql/storage"), "sql/parse: no dependency rule"},
		"a test imports sql from catalog": {
			listedPackage{ImportPath: modulePath + "/catalog", XTestImports: []string{modulePath + "/sql"}},
			"catalog tests import sql"},
		"a test imports sqlparser": {
			listedPackage{ImportPath: modulePath + "/compact", TestImports: []string{sqlparserPath}},
			"compact imports " + sqlparserPath},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			pkgs := slices.DeleteFunc(slices.Clone(good), func(p listedPackage) bool { return p.ImportPath == tc.pkg.ImportPath })
			bad := checkDeps(append(pkgs, tc.pkg))
			if !slices.ContainsFunc(bad, func(m string) bool { return strings.HasPrefix(m, tc.want) }) {
				t.Errorf("got %q, want a complaint starting %q", bad, tc.want)
			}
		})
	}
	t.Run("a required package missing", func(t *testing.T) {
		bad := checkDeps(good[1:])
		if !slices.Contains(bad, "storage: not listed by go list") {
			t.Errorf("got %q, want a complaint about storage", bad)
		}
	})
}

// TestCheckSQLParserFiles shows that checkSQLParserFiles accepts sqlparser in
// select.go only.
func TestCheckSQLParserFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"select.go":     "package parser\n\nimport \"github.com/xwb1989/sqlparser\"\n\nvar _ = sqlparser.Parse\n",
		"plan.go":       "package sql\n\nimport (\n\t\"fmt\"\n\tqp \"github.com/xwb1989/sqlparser/dependency/querypb\"\n)\n",
		"exec_test.go":  "package sql\n\nimport _ \"github.com/xwb1989/sqlparser\"\n",
		"prune.go":      "package sql\n\nimport \"strings\"\n",
		"notes.txt":     "import \"github.com/xwb1989/sqlparser\"\n",
		"sqlparser.go":  "package sql\n",
		"parse_test.go": "package sql\n\nimport \"testing\"\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, err := checkSQLParserFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range bad {
		got = append(got, filepath.Base(strings.Fields(m)[0]))
	}
	slices.Sort(got)
	if want := []string{"exec_test.go", "plan.go"}; !slices.Equal(got, want) {
		t.Errorf("files flagged: got %v (%q), want %v", got, bad, want)
	}
}
