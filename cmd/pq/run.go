package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/lakesql/lakesql/catalog"
)

// command is one pq subcommand. Its func validates every flag before it
// touches the disk, so usage errors always win and change nothing.
type command struct {
	allowed, required []string
	run               func(a *args) (any, error)
	usage             string
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"write": {[]string{"lake", "key", "rows", "wait"}, []string{"lake", "key"}, cmdWrite,
			"pq write <workdir> --lake=<name> --key=<field[,field...]> [--rows=<n>] [--wait=10s]"},
		"layout": {[]string{"lake", "small"}, []string{"lake", "small"}, cmdLayout,
			"pq layout <workdir> --lake=<name> --small=<bytes>"},
		"query": {[]string{"lake", "where", "via"}, []string{"lake", "where"}, cmdQuery,
			"pq query <workdir> --lake=<name> --where=<field=value[,field=value...]> [--via=manifest|glob]"},
		"compact": {[]string{"lake", "target", "crash", "small-ratio", "wait"}, []string{"lake", "target"}, cmdCompact,
			"pq compact <workdir> --lake=<name> --target=<bytes> [--small-ratio=<r>] [--crash=before-swap] [--wait=10s]"},
		"append": {[]string{"lake", "from", "rows", "wait"}, []string{"lake"}, cmdAppend,
			"pq append <workdir> --lake=<name> [--from=<file.jsonl>] [--rows=<n>] [--wait=10s]"},
		"repartition": {[]string{"from", "to", "key", "wait"}, []string{"from", "to", "key"}, cmdRepartition,
			"pq repartition <workdir> --from=<name> --to=<name> --key=<field[,field...]> [--wait=10s]"},
		"vacuum": {[]string{"lake", "dry-run", "wait"}, []string{"lake"}, cmdVacuum,
			"pq vacuum <workdir> --lake=<name> [--dry-run] [--wait=10s]"},
		"check": {[]string{"lake"}, []string{"lake"}, cmdCheck,
			"pq check <workdir> --lake=<name>"},
		"gen": {[]string{"rows", "seed"}, nil, cmdGen,
			"pq gen <workdir> [--rows=<n>] [--seed=<s>]"},
		"report": {[]string{"small"}, nil, cmdReport,
			"pq report <workdir> [--small=<bytes>]"},
	}
}

var commandOrder = []string{"write", "append", "layout", "query", "compact", "repartition", "vacuum", "check", "gen", "report"}

// now is the clock; tests replace it.
var now = time.Now

func usageText() string {
	var b strings.Builder
	b.WriteString("pq: a partitioned JSON Lines lake, one JSON object per command\n\nUsage:\n")
	for _, name := range commandOrder {
		fmt.Fprintf(&b, "  %s\n", commands[name].usage)
	}
	b.WriteString("\nvacuum removes the files of a lake that its manifest does not list (left by\n" +
		"interrupted or failed writers); --dry-run only lists them. check compares\n" +
		"every file the manifest lists with the disk and lists the orphans.\n" +
		"\ncompact --small-ratio=r keeps every file of at least target × r bytes as it\n" +
		"is and rewrites only the small ones; without it every file is rewritten.\n" +
		"append adds rows as new files, never touching the old ones.\n" +
		"\nOne writer per lake at a time: write, append, compact, repartition and vacuum wait\n" +
		"for another writer of the same lake up to --wait (default 10s), then fail.\n")
	b.WriteString("\nExit codes: 0 ok, 1 error (check: a problem found), 2 usage, 3 work folder/lake/raw.jsonl not found, 9 deliberate crash.\n")
	return b.String()
}

// run executes one pq command line and returns the exit status. It is the
// only place errors become exit codes.
func run(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(argv) == 1 && (argv[0] == "--help" || argv[0] == "-h" || argv[0] == "help") {
		io.WriteString(stdout, usageText())
		return 0
	}
	out, err := dispatch(argv, stderr)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "usage: ")
		var withResult interface{ errorObject(msg string) any }
		if errors.As(err, &withResult) {
			writeJSON(stdout, withResult.errorObject(msg))
		} else {
			writeJSON(stdout, map[string]string{"error": msg})
		}
		fmt.Fprintf(stderr, "pq: %s\n", msg)
		if exitCode(err) == 2 {
			fmt.Fprintf(stderr, "run 'pq --help' for usage\n")
		}
		return exitCode(err)
	}
	writeJSON(stdout, out)
	return 0
}

func dispatch(argv []string, stderr io.Writer) (any, error) {
	if len(argv) == 0 {
		return nil, usagef("missing command (one of %s)", strings.Join(commandOrder, ", "))
	}
	cmd, ok := commands[argv[0]]
	if !ok {
		return nil, usagef("unknown command %q (one of %s)", argv[0], strings.Join(commandOrder, ", "))
	}
	a, err := parseArgs(argv[0], argv[1:], cmd.allowed, cmd.required)
	if err != nil {
		return nil, err
	}
	a.stderr = stderr
	return cmd.run(a)
}

func writeJSON(w io.Writer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // our own result types always encode
	}
	w.Write(b.Bytes())
}

// lakeName returns a flag that names a lake, checked.
func (a *args) lakeName(name string) (string, error) {
	v := a.flags[name]
	if err := catalog.CheckName(v); err != nil {
		return "", usagef("%s: --%s: %v", a.cmd, name, err)
	}
	return v, nil
}

var background = context.Background
