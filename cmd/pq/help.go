package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/lakesql/lakesql/internal/suggest"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql"
)

// commandHelp documents one command for pq --help and pq help <command>.
type commandHelp struct {
	summary string     // one line
	flags   []flagHelp // every flag the command accepts
	// example runs as it is in a folder where the examples of helpOrder
	// before it ran (a test runs them all and checks their keys).
	example string
	keys    []string // the keys of the JSON object printed on success
	more    string   // optional: keys added by a flag, and other notes
}

// flagHelp documents a flag. A flag in the command's required list has no
// default.
type flagHelp struct {
	name, value string // --name=value, as the usage line writes it; value "" for a boolean
	meaning     string
	def         string // the default when the flag is left out
}

// lakeFlag is the --lake of the commands that read or change one lake.
var lakeFlag = flagHelp{"lake", "<name>", "the lake", ""}

var waitFlag = flagHelp{"wait", "<duration>",
	"how long to wait for another writer of the same lake (a Go duration: 30s, 2m; 0 tries once)",
	catalog.DefaultWait.String()}

// helpOrder is the order of pq --help: the examples run in this order in
// an empty folder.
var helpOrder = []string{"gen", "write", "append", "layout", "query", "compact", "repartition", "vacuum", "check", "report", "export"}

var helps = map[string]commandHelp{
	"gen": {
		summary: "write sample orders to <workdir>/raw.jsonl (creating the folder)",
		flags: []flagHelp{
			{"rows", "<n>", "how many orders", fmt.Sprint(catalog.DefaultOrderRows)},
			{"seed", "<s>", "the seed of the generator: the same seed gives the same bytes", fmt.Sprint(catalog.DefaultOrderSeed)},
		},
		example: "pq gen work",
		keys:    []string{"path", "rows", "bytes"},
	},
	"write": {
		summary: "lay <workdir>/raw.jsonl out as a lake partitioned by a key",
		flags: []flagHelp{
			{"lake", "<name>", "the lake to write; a lake of that name is replaced", ""},
			{"key", "<field[,field...]>", "the partition key, outermost folder level first", ""},
			{"rows", "<n>", "the most rows in one file; 0: one file per partition", "0"},
			waitFlag,
		},
		example: "pq write work --lake=orders --key=day,region",
		keys:    []string{"lake", "key", "partitions", "files", "rows", "bytes"},
		more:    "A malformed line of raw.jsonl fails the command with its line number and\nleaves any lake of that name as it was.",
	},
	"append": {
		summary: "add the rows of a JSON Lines file to a lake as new files",
		flags: []flagHelp{
			{"lake", "<name>", "the lake to add to", ""},
			{"from", "<file.jsonl>", "the rows to add", "<workdir>/raw.jsonl"},
			{"rows", "<n>", "the most rows in one new file; 0: one new file per partition", "0"},
			waitFlag,
		},
		example: "pq append work --lake=orders",
		keys:    []string{"lake", "files_added", "rows_added", "bytes_added", "generation"},
		more:    "The old files are never touched; the new ones are published with one manifest\nswap (generation + 1). A malformed line appends nothing.",
	},
	"layout": {
		summary: "how a lake's bytes are spread over its files, from the manifest alone",
		flags: []flagHelp{
			lakeFlag,
			{"small", "<bytes>", "files under this many bytes count as small", ""},
		},
		example: "pq layout work --lake=orders --small=65536",
		keys:    []string{"lake", "files", "partitions", "rows", "bytes", "avg_bytes", "p50_bytes", "min_bytes", "max_bytes", "small_files"},
	},
	"query": {
		summary: "count the matching rows and sum their amount, pruning on partition folders",
		flags: []flagHelp{
			lakeFlag,
			{"where", "<field=value[,field=value...]>", "conditions that must all hold; values compare as strings", ""},
			{"via", "manifest|glob", "read the manifest's file list, or walk the lake folder for part-*.jsonl", "manifest"},
		},
		example: "pq query work --lake=orders --where=day=2026-01-03,region=seoul",
		keys:    []string{"lake", "via", "files_total", "files_scanned", "rows", "amount"},
		more:    "Only conditions on key fields prune. After an interrupted compaction --via=glob\ncounts rows twice; the manifest never does.",
	},
	"compact": {
		summary: "pack each partition's files into files of up to --target bytes",
		flags: []flagHelp{
			lakeFlag,
			{"target", "<bytes>", "the most bytes in a new file (at least 1; a larger file stays alone)", ""},
			{"small-ratio", "<r>", "keep files of at least target × r bytes as they are and pack only the others (0 < r <= 1)", "rewrite every file"},
			{"crash", "before-swap", "exit 9 right before the manifest swap, leaving the new files unreferenced", "no crash"},
			waitFlag,
		},
		example: "pq compact work --lake=orders --target=65536",
		keys:    []string{"lake", "before_files", "after_files", "partitions", "rows", "bytes"},
		more:    "With --small-ratio also rewritten_files, rewritten_bytes, kept_files, kept_bytes.\nOrder: new files written and synced, manifest swapped, old files deleted.",
	},
	"repartition": {
		summary: "rewrite a lake under a new key (read through its manifest)",
		flags: []flagHelp{
			{"from", "<name>", "the lake to read", ""},
			{"to", "<name>", "the lake to write; replaced if it exists; may be --from", ""},
			{"key", "<field[,field...]>", "the new partition key", ""},
			waitFlag,
		},
		example: "pq repartition work --from=orders --to=orders_by_region --key=region",
		keys:    []string{"from", "to", "rows_read", "rows_written", "files_before", "files_after", "partitions_after", "bytes_read", "bytes_written"},
		more:    "It then refreshes <workdir>/partition_report.md.",
	},
	"vacuum": {
		summary: "remove the files of a lake that its manifest does not list",
		flags: []flagHelp{
			lakeFlag,
			{"dry-run", "", "only list what would be removed", "false"},
			waitFlag,
		},
		example: "pq vacuum work --lake=orders --dry-run",
		keys:    []string{"lake", "dry_run", "files", "removed_files", "removed_bytes"},
		more:    "Such files are left by interrupted or failed writers (see compact --crash).",
	},
	"check": {
		summary: "compare every file the manifest lists with the disk, and list the orphans",
		flags: []flagHelp{
			lakeFlag,
		},
		example: "pq check work --lake=orders",
		keys:    []string{"lake", "generation", "files", "rows", "bytes", "orphans", "problems"},
		more:    "A problem found: exit 1, with the same keys and \"error\". Orphans alone are no problem.",
	},
	"export": {
		summary: "print what DuckDB, Spark or Trino needs to read the lake's current snapshot",
		flags: []flagHelp{
			lakeFlag,
			{"engine", strings.Join(sql.Engines, "|"), "the engine to write for", ""},
		},
		example: "pq export work --lake=orders --engine=duckdb",
		keys:    []string{"lake", "engine", "generation", "files", "text"},
		more:    "text lists the files of the manifest, never a folder glob, so an interrupted\ncompaction cannot make the engine count rows twice; partition columns are\nstrings. lakesql's SHOW CREATE LAKE orders FOR duckdb prints the same text.",
	},
	"report": {
		summary: "write <workdir>/partition_report.md, measured from the lakes and their history",
		flags: []flagHelp{
			{"small", "<bytes>", "files under this many bytes count as small", fmt.Sprint(defaultSmall)},
		},
		example: "pq report work",
		keys:    []string{"path"},
		more:    "Beside it, an SVG histogram of file sizes per lake.",
	},
}

// helpNames lists the commands in the order of pq --help: helpOrder,
// then any command it misses.
func helpNames() []string {
	var names []string
	for _, n := range helpOrder {
		if _, ok := commands[n]; ok {
			names = append(names, n)
		}
	}
	var rest []string
	for n := range commands {
		if !slices.Contains(names, n) {
			rest = append(rest, n)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}

func usageText() string {
	var b strings.Builder
	b.WriteString(`pq: a partitioned JSON Lines lake, one JSON object per command

Usage:
  pq <command> <workdir> [--flag=value | --flag value ...]
  pq help <command>    (or pq <command> --help) its flags, defaults, example and output

Commands (the examples run in this order in an empty folder):
`)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, name := range helpNames() {
		h, ok := helps[name]
		if !ok {
			fmt.Fprintf(tw, "  %s\t%s\n", name, commands[name].usage)
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, h.summary)
		fmt.Fprintf(tw, "  \t  $ %s\n", h.example)
	}
	tw.Flush()
	b.WriteString(`
One writer per lake at a time: write, append, compact, repartition and vacuum
wait for another writer of the same lake up to --wait (default 10s), then fail.

Exit codes: 0 ok, 1 error (check: a problem found), 2 usage, 3 work folder,
lake or raw.jsonl not found, 9 the deliberate crash (--crash=before-swap).
On failure stdout holds one {"error": "..."} object and stderr the message.
`)
	return b.String()
}

// commandHelpText is pq help <name>.
func commandHelpText(name string) string {
	cmd := commands[name]
	h, ok := helps[name]
	if !ok {
		return fmt.Sprintf("Usage:\n  %s\n", cmd.usage)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "pq %s: %s\n\nUsage:\n  %s\n\nFlags:\n", name, h.summary, cmd.usage)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, f := range h.flags {
		flag := "--" + f.name
		if f.value != "" {
			flag += "=" + f.value
		}
		def := "required"
		if !slices.Contains(cmd.required, f.name) {
			def = "default: " + f.def
		}
		fmt.Fprintf(tw, "  %s\t%s (%s)\n", flag, f.meaning, def)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\nExample:\n  $ %s\n\nOutput: one JSON object with the keys\n  %s\n", h.example, strings.Join(h.keys, ", "))
	if h.more != "" {
		fmt.Fprintf(&b, "\n%s\n", h.more)
	}
	return b.String()
}

// help answers the command lines that ask for help: pq --help, pq -h,
// pq help [<command>] and pq <command> --help (or -h) anywhere among its
// arguments. It returns ok false for any other command line.
func help(argv []string) (text string, ok bool, err error) {
	switch {
	case len(argv) == 0:
		return "", false, nil
	case argv[0] == "--help" || argv[0] == "-h" || argv[0] == "help":
		switch len(argv) {
		case 1:
			return usageText(), true, nil
		case 2:
			if _, known := commands[argv[1]]; known {
				return commandHelpText(argv[1]), true, nil
			}
			return "", true, unknownCommand(argv[1])
		}
		return "", true, usagef("help takes one command, not %d arguments", len(argv)-1)
	}
	if _, known := commands[argv[0]]; known && slices.ContainsFunc(argv[1:], func(a string) bool { return a == "--help" || a == "-h" }) {
		return commandHelpText(argv[0]), true, nil
	}
	return "", false, nil
}

// unknownCommand is the usage error of a command pq does not have,
// suggesting the closest.
func unknownCommand(name string) error {
	if c, ok := suggest.Closest(name, helpNames()); ok {
		return usagef("unknown command %s; did you mean %s?", quoteOdd(name), c)
	}
	return usagef("unknown command %s (one of %s)", quoteOdd(name), strings.Join(helpNames(), ", "))
}

// quoteOdd quotes a word typed on the command line when it is empty or
// holds anything but letters, digits and ._-, so that it reads plainly in a
// message and oddities still show.
func quoteOdd(s string) string {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
	}) {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// lakeHint adds "did you mean …?" to a lake-not-found error when a lake
// of the work folder is spelt like the one named (--lake, or --from of
// repartition). The error keeps its kind, so the exit status stays 3.
func lakeHint(a *args, err error) error {
	if !errors.Is(err, catalog.ErrLakeNotFound) {
		return err
	}
	name, ok := a.flags["lake"]
	if !ok {
		name = a.flags["from"]
	}
	lakes, lerr := catalog.New(a.workdir).Lakes()
	if lerr != nil {
		return err
	}
	if l, ok := suggest.Closest(name, slices.DeleteFunc(lakes, func(l string) bool { return l == name })); ok {
		return fmt.Errorf("%w; did you mean %s?", err, l)
	}
	return err
}

// usageHint is the line after a usage error on stderr: where to read
// about the command typed, or about pq.
func usageHint(argv []string) string {
	if len(argv) > 0 {
		if _, known := commands[argv[0]]; known {
			return fmt.Sprintf("run 'pq help %s' for its flags and an example", argv[0])
		}
	}
	return "run 'pq --help' for usage"
}
