package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
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
		{".open", "DIR", "use the lakes of another work folder", ".open /data/work", dotOpen},
		{".mode", "table|json|csv", "set the output format (no argument: show it)", ".mode csv", dotMode},
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

const helpKeys = `
Keys: Tab completes keywords, lake and field names; Ctrl-C cancels the
statement being typed or the query running; Ctrl-D leaves.
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
	if err := wantArgs(".lakes", args, 0, ""); err != nil {
		return err
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

func dotOpen(sh *shell, _ context.Context, args []string) error {
	if err := wantArgs(".open", args, 1, "DIR"); err != nil {
		return err
	}
	return sh.open(args[0])
}

func dotMode(sh *shell, _ context.Context, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprintln(sh.out, sh.mode)
		return nil
	case len(args) == 1 && slices.Contains(modes, args[0]):
		sh.mode = args[0]
		return nil
	}
	return fmt.Errorf("usage: .mode %s", strings.Join(modes, "|"))
}

func dotTimer(sh *shell, _ context.Context, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprintln(sh.out, map[bool]string{true: "on", false: "off"}[sh.timer])
		return nil
	case len(args) == 1 && (args[0] == "on" || args[0] == "off"):
		sh.timer = args[0] == "on"
		return nil
	}
	return errors.New("usage: .timer on|off")
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
