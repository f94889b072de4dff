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
		"export": {[]string{"lake", "engine"}, []string{"lake", "engine"}, cmdExport,
			"pq export <workdir> --lake=<name> --engine=duckdb|spark|trino"},
	}
}

var commandOrder = []string{"write", "append", "layout", "query", "compact", "repartition", "vacuum", "check", "export", "gen", "report"}

// now is the clock; tests replace it.
var now = time.Now

// run executes one pq command line and returns the exit status. It is the
// only place errors become exit codes.
func run(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	text, isHelp, err := help(argv)
	if isHelp && err == nil {
		io.WriteString(stdout, text)
		return 0
	}
	var out any
	if !isHelp {
		out, err = dispatch(argv, stderr)
	}
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
			fmt.Fprintln(stderr, usageHint(argv))
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
		return nil, unknownCommand(argv[0])
	}
	a, err := parseArgs(argv[0], argv[1:], cmd.allowed, cmd.required)
	if err != nil {
		return nil, err
	}
	a.stderr = stderr
	out, err := cmd.run(a)
	return out, lakeHint(a, err)
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
