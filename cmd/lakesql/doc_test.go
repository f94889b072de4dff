package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// repoRoot is the repository, seen from this package's folder.
const repoRoot = "../.."

// docFiles are the documents whose examples TestDocExamples runs and whose
// links TestDocLinks checks, relative to the repository.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md", "bench/README.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(repoRoot, d)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// docPlaceholder is how the documents spell the folder an example runs in
// (the test's own temporary folder): cd /tmp/lakedemo first to see the
// same paths.
const docPlaceholder = "/tmp/lakedemo"

// exitComment is a shell example's claim about its exit status:
// `$ pq check work --lake=orders   # exit 1`.
var exitComment = regexp.MustCompile(`#\s*exit\s+([0-9]+)\s*$`)

// normalize makes an example's output comparable: the run ids of
// rewritten files (random; see runID) become xxxxxxxx.
func normalize(s string) string {
	return runID.ReplaceAllString(s, "${1}-xxxxxxxx-")
}

// matchOutput reports whether got is the output a document shows, want:
// line by line equal, where "…" in want stands for any text on its line.
func matchOutput(got, want string) bool {
	if !strings.Contains(want, "…") {
		return got == want
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if len(g) != len(w) {
		return false
	}
	for i := range w {
		parts := strings.Split(w[i], "…")
		for k, p := range parts {
			parts[k] = regexp.QuoteMeta(p)
		}
		if !regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(g[i]) {
			return false
		}
	}
	return true
}

// example is one command of a document and the output it shows.
type example struct {
	shell      bool   // a "$ " command run in sh; else a lakesql statement
	cmd        string // without its prompt
	line       int    // the command's line in the document, 1-based
	start, end int    // the output: lines[start:end]
	want       string
}

// examples splits a fenced block that is a session into its commands.
// A lakesql session has lines starting "lakesql> " (with "   ...> " for
// the statement's next lines); a shell session has lines starting "$ ".
// A command's output is every line up to the next prompt, less trailing
// blank lines.
func examples(lines []string, b fence) []example {
	body := lines[b.start:b.end]
	if len(body) == 0 {
		return nil
	}
	var prompt string
	switch {
	case strings.HasPrefix(body[0], "lakesql> "):
		prompt = "lakesql> "
	case strings.HasPrefix(body[0], "$ "):
		prompt = "$ "
	default:
		return nil
	}
	var out []example
	for i := 0; i < len(body); {
		cmd := strings.TrimPrefix(body[i], prompt)
		e := example{shell: prompt == "$ ", line: b.start + i + 1}
		i++
		for prompt == "lakesql> " && i < len(body) && strings.HasPrefix(body[i], "   ...> ") {
			cmd += "\n" + strings.TrimPrefix(body[i], "   ...> ")
			i++
		}
		e.cmd = cmd
		j := i
		for j < len(body) && !strings.HasPrefix(body[j], prompt) {
			j++
		}
		k := j
		for k > i && strings.TrimSpace(body[k-1]) == "" {
			k--
		}
		e.start, e.end = b.start+i, b.start+k
		e.want = strings.Join(body[i:k], "\n")
		out = append(out, e)
		i = j
	}
	return out
}

// fileBlock is the folder-relative path a fenced block writes, from its
// info string (```jsonl small/raw.jsonl), or "".
func fileBlock(b fence) string {
	f := strings.Fields(b.lang)
	if len(f) != 2 || filepath.IsAbs(f[1]) || strings.Contains(f[1], "..") {
		return ""
	}
	return f[1]
}

var (
	docBinOnce sync.Once
	docBinDir  string
	docBinErr  error
)

// docBinaries builds pq and lakesql once for the shell examples and
// returns their folder.
func docBinaries(t *testing.T) string {
	t.Helper()
	docBinOnce.Do(func() {
		docBinDir, docBinErr = os.MkdirTemp("", "lakesql-doc-bin-")
		if docBinErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", docBinDir+string(filepath.Separator),
			"github.com/lakesql/lakesql/cmd/pq", "github.com/lakesql/lakesql/cmd/lakesql")
		if out, err := cmd.CombinedOutput(); err != nil {
			docBinErr = errors.New(string(out))
		}
	})
	if docBinErr != nil {
		t.Fatalf("build pq and lakesql: %v", docBinErr)
	}
	return docBinDir
}

// TestDocExamples runs the examples of README.md, bench/README.md and
// docs/*.md, each document in a fresh folder of its own (spelled
// /tmp/lakedemo in the documents), in the order they come:
//
//   - a fenced block whose info string names a file after its language
//     (```jsonl small/raw.jsonl) writes its body to that file;
//   - a fenced block of "lakesql> " lines is a session of the SQL shell:
//     each statement runs on the work folder demo (made by lakesql --demo
//     the first time), and what it prints, stdout then stderr as a
//     terminal shows them, must be the lines after it;
//   - a fenced block of "$ " lines is a shell session: each command runs
//     in sh with the folder as its working directory and pq and lakesql on
//     PATH, and its stdout must be the lines after it; it must exit 0, or
//     with the status its "# exit N" comment says.
//
// Outputs compare exactly, after the folder's path is replaced by
// /tmp/lakedemo and the run ids in rewritten files' names by xxxxxxxx; "…"
// in a document's output stands for any text on its line. docs/sql.md's
// ```sql and ```text pairs are TestReferenceExamples'. With -update the
// outputs are rewritten, except those where "…" stands for text (edit
// those by hand).
func TestDocExamples(t *testing.T) {
	if raceEnabled {
		t.Skip("the documents' examples check what they print, not concurrency: the plain run covers them")
	}
	total := 0
	for _, name := range docFiles(t) {
		t.Run(name, func(t *testing.T) { total += runDocExamples(t, name) })
	}
	if total < 20 {
		t.Errorf("only %d examples found in the documents", total)
	}
}

// runDocExamples runs the examples of one document (see TestDocExamples)
// and returns how many it found.
func runDocExamples(t *testing.T, name string) (total int) {
	path := filepath.Join(repoRoot, name)
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(doc), "\n")
	blocks, _ := fences(lines)
	var dir string
	folder := func() string {
		if dir == "" {
			dir = t.TempDir()
			if d, err := filepath.EvalSymlinks(dir); err == nil {
				dir = d
			}
		}
		return dir
	}
	demo := ""
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	for _, b := range blocks {
		if f := fileBlock(b); f != "" {
			p := filepath.Join(folder(), filepath.FromSlash(f))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(b.body+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, e := range examples(lines, b) {
			total++
			var got string
			if e.shell {
				got = runShellExample(t, folder(), e, name)
			} else {
				if demo == "" {
					demo = filepath.Join(folder(), "demo")
					if _, err := makeDemo(demo, new(bytes.Buffer)); err != nil {
						t.Fatal(err)
					}
				}
				var out bytes.Buffer
				run([]string{"-d", demo, "--no-init", "-c", e.cmd}, strings.NewReader(""), &out, &out)
				got = strings.TrimRight(out.String(), "\n")
			}
			got = strings.ReplaceAll(got, folder(), docPlaceholder)
			if matchOutput(normalize(got), normalize(e.want)) {
				continue
			}
			if *update && strings.Count(e.want, "…") == strings.Count(got, "…") {
				edits = append(edits, edit{e.start, e.end, got})
				continue
			}
			t.Errorf("%s:%d: the example\n%s\nprints\n%s\nnot, as the document says,\n%s\n(go test ./cmd/lakesql -run TestDocExamples -update rewrites the outputs)",
				name, e.line, e.cmd, got, e.want)
		}
	}
	if len(edits) == 0 {
		return total
	}
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		lines = append(lines[:e.start], append(strings.Split(e.text, "\n"), lines[e.end:]...)...)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %d outputs of %s", len(edits), name)
	return total
}

// runShellExample runs one "$ " example in sh in dir and returns its
// stdout, failing the test when its exit status is not the one claimed.
func runShellExample(t *testing.T, dir string, e example, doc string) string {
	t.Helper()
	bin := docBinaries(t)
	cmd := exec.Command("sh", "-c", e.cmd)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s:%d: %s: %v", doc, e.line, e.cmd, err)
	}
	want := 0
	if m := exitComment.FindStringSubmatch(e.cmd); m != nil {
		want, _ = strconv.Atoi(m[1])
	}
	if code != want {
		t.Errorf("%s:%d: %s: got exit status %d, want %d (stderr: %s)", doc, e.line, e.cmd, code, want, stderr.String())
	}
	return strings.TrimRight(stdout.String(), "\n")
}

// mdLink matches an inline Markdown link's target.
var mdLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)

// TestDocLinks checks that every relative link of the documents names a
// file of the repository and, when it has an #anchor into a Markdown
// file, one of its headings (as GitHub spells them).
func TestDocLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	headings := func(rel string) map[string]bool {
		if a, ok := anchors[rel]; ok {
			return a
		}
		doc, err := os.ReadFile(filepath.Join(repoRoot, rel))
		a := map[string]bool{}
		if err == nil {
			for _, h := range headingSlugs(string(doc)) {
				a[h] = true
			}
		}
		anchors[rel] = a
		return a
	}
	checked := 0
	for _, name := range docFiles(t) {
		doc, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range proseLines(string(doc)) {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				file, anchor, _ := strings.Cut(target, "#")
				rel := name
				if file != "" {
					rel = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(name), file)))
				}
				if _, err := os.Stat(filepath.Join(repoRoot, rel)); err != nil {
					t.Errorf("%s:%d: link %s: no file %s", name, n+1, target, rel)
					continue
				}
				if anchor != "" && strings.HasSuffix(rel, ".md") && !headings(rel)[anchor] {
					t.Errorf("%s:%d: link %s: %s has no heading #%s", name, n+1, target, rel, anchor)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d relative links found", checked)
	}
}

// proseLines returns the lines of a Markdown document with those inside
// fenced blocks blanked, so that code is not read for links.
func proseLines(doc string) []string {
	lines := strings.Split(doc, "\n")
	in := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			in = !in
			lines[i] = ""
			continue
		}
		if in {
			lines[i] = ""
		}
	}
	return lines
}

// headingSlugs returns the anchors GitHub gives the headings of a Markdown
// document: lower case, punctuation other than '-' and '_' dropped,
// spaces as '-', and -1, -2, … after a repeated one.
func headingSlugs(doc string) []string {
	seen := map[string]int{}
	var out []string
	for _, l := range proseLines(doc) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		text := strings.TrimLeft(l, "#")
		if !strings.HasPrefix(text, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(text)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		s := b.String()
		if n := seen[s]; n > 0 {
			out = append(out, s+"-"+strconv.Itoa(n))
		} else {
			out = append(out, s)
		}
		seen[s]++
	}
	return out
}

func TestHeadingSlugs(t *testing.T) {
	doc := "# `lakesql`, the SQL shell\n```\n# not a heading\n```\n## Dates, timestamps and intervals\n## Notes\n## Notes\n#tag\n"
	got := strings.Join(headingSlugs(doc), " ")
	if want := "lakesql-the-sql-shell dates-timestamps-and-intervals notes notes-1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestExamplesSplit(t *testing.T) {
	doc := "```\nlakesql> SELECT 1\n   ...>   + 1;\ntwo\n\nlakesql> SHOW LAKES;\nnone\n```\n```console\n$ pq gen w   # exit 2\n{}\n$ true\n```\n"
	lines := strings.Split(doc, "\n")
	blocks, _ := fences(lines)
	var got []string
	for _, b := range blocks {
		for _, e := range examples(lines, b) {
			got = append(got, strconv.Quote(e.cmd)+"="+strconv.Quote(e.want))
		}
	}
	want := `"SELECT 1\n  + 1;"="two" "SHOW LAKES;"="none" "pq gen w   # exit 2"="{}" "true"=""`
	if strings.Join(got, " ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, " "), want)
	}
	if !matchOutput(`{"a":[1, 2, 3],"b":0}`, `{"a":[1, …],"b":0}`) || matchOutput(`{"a":[1],"b":1}`, `{"a":[1, …],"b":0}`) {
		t.Error("matchOutput: … should stand for any text on its line, and only that")
	}
}
