package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/internal/suggest"
)

// dotCommand is a shell command: a line starting with '.' when no
// statement is pending.
type dotCommand struct {
	name    string
	args    string // the arguments, for .help
	help    string
	example string
	run     func(sh *shell, ctx context.Context, args []string) error
}

var dotCommands []dotCommand

func init() {
	dotCommands = []dotCommand{
		{".help", "", "show this help", ".help", dotHelp},
		{".lakes", "", "list the lakes of the work folder", ".lakes", dotLakes},
		{".tables", "", "list the lakes (as .lakes)", ".tables", dotLakes},
		{".schema", "[LAKE]", "SHOW CREATE LAKE … FOR duckdb of each lake", ".schema orders", dotSchema},
		{".open", "DIR", "use the lakes of another work folder", ".open /data/work", dotOpen},
		{".mode", "MODE", "set the output mode, below (alone: show it)", ".mode csv", dotMode},
		{".headers", "on|off", "print the column names (default on)", ".headers off", dotHeaders},
		{".nullvalue", "TEXT", "how NULL prints (NULL; csv, list: empty)", ".nullvalue ''", dotNullValue},
		{".maxrows", "N", "rows a box or table shows (40; -1: all)", ".maxrows 100", dotMaxRows},
		{".maxwidth", "N", "width a box or table may take (-1: no limit)", ".maxwidth 120", dotMaxWidth},
		{".output", "[FILE]", "results go to FILE (alone: back to stdout)", ".output out.txt", dotOutput},
		{".once", "FILE", "the next statement's result goes to FILE", ".once top.csv", dotOnce},
		{".timer", "on|off", "print the wall time of each statement", ".timer on", dotTimer},
		{".read", "FILE", "run the statements and dot commands in FILE", ".read queries.sql", dotRead},
		{".quit", "", "leave lakesql (also .exit and Ctrl-D)", ".quit", dotQuit},
		{".exit", "", "leave lakesql", ".exit", dotQuit},
	}
}

// dot runs a dot command line.
func (sh *shell) dot(ctx context.Context, line string) error {
	words, err := splitArgs(strings.TrimSpace(line))
	if err != nil {
		return err
	}
	i := slices.IndexFunc(dotCommands, func(c dotCommand) bool { return c.name == words[0] })
	if i < 0 {
		names := make([]string, len(dotCommands))
		for i, c := range dotCommands {
			names[i] = c.name
		}
		if c, ok := suggest.Closest(words[0], names); ok {
			return fmt.Errorf("unknown dot command %s; did you mean %s? (see .help)", words[0], c)
		}
		return fmt.Errorf("unknown dot command %s (see .help)", words[0])
	}
	return dotCommands[i].run(sh, ctx, words[1:])
}

// splitArgs splits a dot command line at spaces; '…' and "…" quote an
// argument that holds spaces.
func splitArgs(line string) ([]string, error) {
	var words []string
	for line = strings.TrimLeft(line, " \t"); line != ""; line = strings.TrimLeft(line, " \t") {
		if q := line[0]; q == '\'' || q == '"' {
			end := strings.IndexByte(line[1:], q)
			if end < 0 {
				return nil, fmt.Errorf("unterminated %c in %s", q, line)
			}
			words = append(words, line[1:end+1])
			line = line[end+2:]
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		words = append(words, line[:end])
		line = line[end:]
	}
	return words, nil
}

// wantArgs checks the number of arguments of a dot command.
func wantArgs(name string, args []string, n int, usage string) error {
	switch {
	case len(args) == n:
		return nil
	case n == 0:
		return fmt.Errorf("%s takes no arguments", name)
	}
	return fmt.Errorf("usage: %s %s", name, usage)
}

const helpStatements = `Statements end with ';' and may span lines. A lake is a folder of the work
folder; lake commands print what their pq twin prints, as a table.

Queries
  SELECT COUNT(*), SUM(amount) FROM orders WHERE day = '2026-01-03' AND channel = 'app';
  SELECT region, COUNT(*) AS n, AVG(amount) FROM orders GROUP BY region ORDER BY n DESC LIMIT 3;
  SELECT * FROM orders WHERE region IN ('seoul', 'busan') AND amount BETWEEN 100 AND 200 LIMIT 5;
  SELECT COUNT(DISTINCT region) FROM orders WHERE NOT (channel = 'app' OR qty >= 3);
  SELECT order_id, amount FROM orders WHERE qty IS NOT NULL ORDER BY 2 DESC LIMIT 5 OFFSET 10;
  EXPLAIN SELECT COUNT(*) FROM orders WHERE day = '2026-01-03';
  EXPLAIN ANALYZE SELECT SUM(amount) FROM orders WHERE region = 'seoul';
  PIVOT orders ON channel USING SUM(amount) GROUP BY day ORDER BY day;
  UNPIVOT (SELECT order_id, amount, qty FROM orders) ON amount, qty INTO NAME k VALUE v;
  SELECT COUNT(*) FROM 'raw.jsonl';             -- a JSON Lines file (or 'logs/*.jsonl') as a table
  WHERE: = != <> < <= > >= IN, NOT IN, BETWEEN, IS [NOT] NULL, AND, OR, NOT, ( )
  Aggregates: COUNT(*), COUNT(col), COUNT(DISTINCT col), SUM, MIN, MAX, AVG; GROUP BY;
  ORDER BY a name, an alias or a position; LIMIT n [OFFSET m].

Lake commands
  SHOW LAKES;                                   -- name, key, generation, files, rows, bytes
  DESCRIBE orders;                              -- the fields seen (reads every row), the key, totals
  SHOW PARTITIONS orders;                       -- one row per partition: values, files, rows, bytes
  SHOW FILES orders;                            -- the manifest, one row per file
  SHOW LAYOUT orders SMALL 4KB;                 -- pq layout, and a histogram of file sizes
  SHOW CREATE LAKE orders FOR duckdb;           -- what DuckDB (or spark, trino) needs to read it
  CREATE LAKE orders FROM 'raw.jsonl' PARTITION BY (day, region) MAX ROWS 500;   -- pq write
  COPY orders FROM 'more.jsonl' MAX ROWS 500;   -- append the rows as new files (a bad line: none)
  ALTER LAKE orders COMPACT TARGET 64KB;        -- keep files of at least TARGET × 0.7, pack the rest
  ALTER LAKE orders COMPACT SMALL RATIO 0.5;    -- keep files of at least TARGET × 0.5 (0 < r <= 1)
  ALTER LAKE orders COMPACT REWRITE ALL;        -- rewrite every file (pq compact's rule)
  EXPLAIN ALTER LAKE orders COMPACT;            -- the plan: files kept, rewritten, bytes to write
  ALTER LAKE orders PARTITION BY (region) INTO orders_by_region;   -- pq repartition
  DROP LAKE orders;                             -- the lake and all its files
  CHECK LAKE orders;                            -- every listed file against the disk, and the orphans
  VACUUM LAKE orders DRY RUN;                   -- list what no manifest refers to; without it, remove it

Settings
  SET memory_limit = '500MB';                   -- what a query may hold before it spills (default 100MB)
  SET temp_directory = '/big/tmp';              -- where spill files go (default $TMPDIR)
  RESET memory_limit;                           -- back to the default
`

const helpModes = `
Output modes (.mode, --format): box (the default: a table of box lines,
the first and last 20 rows of a longer result), table (the same in ASCII),
markdown, line (name = value), list (values | separated), csv, json and
jsonlines (both one object per line), and jsonarray (one array of objects,
duckdb's json). A box or table is drawn once its rows have come; the other
modes print rows as the scan finds them. See docs/shell.md.
`

const helpKeys = `
Keys: Tab completes keywords, lake and field names, and dot commands;
Ctrl-C cancels the statement being typed or the query running; Ctrl-D
leaves.
`

// helpText lists every statement and dot command with an example: .help,
// and the second half of lakesql --help.
func helpText() string {
	var b strings.Builder
	b.WriteString(helpStatements)
	b.WriteString("\nDot commands (at the start of a line)\n")
	for _, c := range dotCommands {
		fmt.Fprintf(&b, "  %-22s %-45s e.g. %s\n", strings.TrimSpace(c.name+" "+c.args), c.help, c.example)
	}
	b.WriteString(helpModes)
	return b.String()
}

func dotHelp(sh *shell, _ context.Context, args []string) error {
	if err := wantArgs(".help", args, 0, ""); err != nil {
		return err
	}
	_, err := fmt.Fprint(sh.out, helpText()+helpKeys)
	return err
}

func dotLakes(sh *shell, _ context.Context, args []string) error {
	if len(args) > 0 {
		return errors.New(".lakes and .tables take no arguments")
	}
	names, err := sh.sess.Catalog.Lakes()
	if err != nil {
		return err
	}
	if len(names) == 0 {
		fmt.Fprintf(sh.out, "no lakes in %s\n", sh.dir)
		return nil
	}
	fmt.Fprintln(sh.out, strings.Join(names, "\n"))
	return nil
}

// dotSchema prints SHOW CREATE LAKE … FOR duckdb of each lake, or of the
// one named: the closest a lake has to the CREATE TABLE of .schema in
// sqlite3 and duckdb.
func dotSchema(sh *shell, ctx context.Context, args []string) error {
	if len(args) > 1 {
		return errors.New("usage: .schema [LAKE]")
	}
	names := args
	if len(names) == 0 {
		var err error
		if names, err = sh.sess.Catalog.Lakes(); err != nil {
			return err
		}
	}
	for _, n := range names {
		res, err := sh.sess.Exec(ctx, "SHOW CREATE LAKE `"+n+"` FOR duckdb")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(sh.out, res.Note); err != nil {
			return err
		}
	}
	return nil
}

func dotOpen(sh *shell, _ context.Context, args []string) error {
	if err := wantArgs(".open", args, 1, "DIR"); err != nil {
		return err
	}
	return sh.open(args[0])
}

func dotMode(sh *shell, _ context.Context, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprintln(sh.out, sh.format.mode)
		return nil
	case len(args) == 1 && slices.Contains(modes, args[0]):
		sh.format.mode = args[0]
		return nil
	}
	return fmt.Errorf("usage: .mode %s", strings.Join(modes, "|"))
}

func dotTimer(sh *shell, _ context.Context, args []string) error {
	return sh.onOff(".timer", &sh.timer, args)
}

func dotHeaders(sh *shell, _ context.Context, args []string) error {
	return sh.onOff(".headers", &sh.format.headers, args)
}

// onOff sets a switch from on or off, or shows it without an argument.
func (sh *shell) onOff(name string, b *bool, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprintln(sh.out, map[bool]string{true: "on", false: "off"}[*b])
		return nil
	case len(args) == 1 && (args[0] == "on" || args[0] == "off"):
		*b = args[0] == "on"
		return nil
	}
	return fmt.Errorf("usage: %s on|off", name)
}

func dotNullValue(sh *shell, _ context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(sh.out, sh.format.nullText())
		return nil
	}
	if err := wantArgs(".nullvalue", args, 1, "TEXT"); err != nil {
		return err
	}
	sh.format.null, sh.format.nullSet = args[0], true
	return nil
}

func dotMaxRows(sh *shell, _ context.Context, args []string) error {
	return sh.limit(".maxrows", &sh.format.maxRows, sh.format.maxRows, args)
}

func dotMaxWidth(sh *shell, _ context.Context, args []string) error {
	err := sh.limit(".maxwidth", &sh.format.maxWidth, sh.formatFor(sh.out).maxWidth, args)
	if err == nil && len(args) > 0 {
		sh.fit = false
	}
	return err
}

// limit sets a limit from a number, -1 or 0 meaning none, or shows what
// it is now without an argument.
func (sh *shell) limit(name string, n *int, now int, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(sh.out, now)
		return nil
	}
	v, err := strconv.Atoi(args[0])
	if len(args) != 1 || err != nil || v < -1 {
		return fmt.Errorf("usage: %s N (-1 or 0: no limit)", name)
	}
	*n = max(v, 0)
	return nil
}

func dotOutput(sh *shell, _ context.Context, args []string) error {
	if len(args) > 1 {
		return errors.New("usage: .output [FILE]")
	}
	var f *os.File
	if len(args) == 1 {
		if err := sh.sess.Catalog.WritableOutside(args[0]); err != nil {
			return fmt.Errorf(".output: %w", err)
		}
		var err error
		if f, err = os.Create(args[0]); err != nil {
			return fmt.Errorf(".output: %w", err) // output stays where it was
		}
	}
	err := sh.closeOutput()
	if f != nil {
		sh.out, sh.outFile = f, f
	}
	if err != nil {
		return fmt.Errorf(".output: %w", err)
	}
	return nil
}

func dotOnce(sh *shell, _ context.Context, args []string) error {
	if err := wantArgs(".once", args, 1, "FILE"); err != nil {
		return err
	}
	if err := sh.closeOnce(); err != nil {
		return fmt.Errorf(".once: %w", err)
	}
	if err := sh.sess.Catalog.WritableOutside(args[0]); err != nil {
		return fmt.Errorf(".once: %w", err)
	}
	f, err := os.Create(args[0])
	if err != nil {
		return fmt.Errorf(".once: %w", err)
	}
	sh.once = f
	return nil
}

// maxReadDepth bounds .read nesting, so a script reading itself stops.
const maxReadDepth = 16

func dotRead(sh *shell, ctx context.Context, args []string) error {
	if err := wantArgs(".read", args, 1, "FILE"); err != nil {
		return err
	}
	if sh.depth >= maxReadDepth {
		return fmt.Errorf(".read %s: nested more than %d deep", args[0], maxReadDepth)
	}
	f, err := os.Open(args[0])
	if err != nil {
		return fmt.Errorf(".read: %w", err)
	}
	defer f.Close()
	sh.depth++
	defer func() { sh.depth-- }()
	return sh.script(ctx, f, args[0])
}

func dotQuit(sh *shell, _ context.Context, args []string) error {
	sh.quit = true
	return nil
}
