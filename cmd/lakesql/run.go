package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/lakesql/lakesql/internal/hugepage"
	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql"

	"github.com/mattn/go-isatty"
)

// now is the clock of .timer and EXPLAIN ANALYZE; tests replace it.
var now = time.Now

// usageText is lakesql --help: the flags, then every statement and dot
// command with an example (as .help shows them).
func usageText() string {
	return `lakesql: the SQL shell over the lake

Usage:
  lakesql [-d WORKDIR] [-c SQL]... [-f FILE] [--format MODE] [--bail[=false]] [--no-init] [--demo]
          [--memory-limit SIZE] [--temp-dir DIR]

  -d WORKDIR   the work folder holding the lakes (default: the current folder)
  -c SQL       run SQL (statements and dot commands); may be repeated, runs in order
  -f FILE      run the script FILE, after any -c
  --format MODE
               the output mode, as .mode: box (the default), table, markdown, line,
               list, csv, json or jsonlines (one JSON object per line), or jsonarray
               (one JSON array); it wins over a .mode in ~/.lakesqlrc
  --bail       stop a script at the first failed statement (default true);
               --bail=false goes on and exits 1 at the end if any failed
  --no-init    do not run ~/.lakesqlrc
  --demo       first fill WORKDIR (default: a new temporary folder) with 20,000
               sample orders and the lakes orders and orders_fine
  --memory-limit SIZE
               what a query may hold before it spills to disk, as SET memory_limit
               (default 100MB; the process stays within about 1.5 times it)
  --temp-dir DIR
               where spill files go, as SET temp_directory (default $TMPDIR)
  -h, --help   this text

With a terminal on stdin and no -c or -f, lakesql is an interactive shell
(history in ~/.lakesql_history); otherwise it runs the statements from -c, -f
or stdin in order, and keeps no history. A box or table shows at most 40
rows either way, the first 20 and the last 20 (.maxrows); only the REPL cuts
it to the terminal's width (.maxwidth). Either way it first runs the
statements and dot commands of ~/.lakesqlrc (unless --no-init), e.g.
".mode csv" or ".timer on"; a failing line there is reported with its line
number and the rest goes on.

` + helpText() + `
Exit status: 0 ok, 1 a statement failed, 2 a bad command line, 130 Ctrl-C.
`
}

// options is a parsed command line.
type options struct {
	dir       string
	dirSet    bool
	cmds      []string
	file      string
	format    string
	formatSet bool
	bail      bool
	noInit    bool
	demo      bool
	memLimit  int64  // --memory-limit, 0: the default
	tempDir   string // --temp-dir, "": $TMPDIR
}

// stringList is a repeatable flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, "\n") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// parseFlags reads the command line. It returns flag.ErrHelp for -h.
func parseFlags(args []string) (*options, error) {
	fs := flag.NewFlagSet("lakesql", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &options{}
	fs.StringVar(&o.dir, "d", ".", "")
	fs.Var((*stringList)(&o.cmds), "c", "")
	fs.StringVar(&o.file, "f", "", "")
	fs.StringVar(&o.format, "format", modeBox, "")
	fs.BoolVar(&o.bail, "bail", true, "")
	fs.BoolVar(&o.noInit, "no-init", false, "")
	fs.BoolVar(&o.demo, "demo", false, "")
	var memLimit string
	fs.StringVar(&memLimit, "memory-limit", "", "")
	fs.StringVar(&o.tempDir, "temp-dir", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %v%s", errUsage, err, flagHint(fs, err))
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if memLimit != "" {
		n, err := sql.ParseSize(memLimit)
		if err != nil || n < sql.MinMemoryLimit {
			return nil, fmt.Errorf("%w: --memory-limit %q: give a size of at least 64KiB, such as 100MB or 1GiB", errUsage, memLimit)
		}
		o.memLimit = n
	}
	if !slices.Contains(modes, o.format) {
		return nil, fmt.Errorf("%w: --format %q: use %s", errUsage, o.format, strings.Join(modes, ", "))
	}
	fs.Visit(func(f *flag.Flag) {
		o.dirSet = o.dirSet || f.Name == "d"
		o.formatSet = o.formatSet || f.Name == "format"
	})
	return o, nil
}

// flagHint suggests the flag meant by a misspelt one ("; did you mean
// --format?"), among the long flags: every one-letter flag is one edit
// from any other letter.
func flagHint(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var long []string
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) > 1 {
			long = append(long, f.Name)
		}
	})
	if f, ok := suggest.Closest(name, long); ok && len(name) > 1 {
		return fmt.Sprintf("; did you mean --%s?", f)
	}
	return ""
}

// run runs one lakesql command line and returns the exit status. It is the
// only place errors become exit codes.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		io.WriteString(stdout, usageText())
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "lakesql: %s\nrun 'lakesql --help' for usage\n", strings.TrimPrefix(err.Error(), "usage: "))
		return exitCode(err)
	}
	err = start(o, stdin, stdout, stderr)
	var rep reportedError
	if err != nil && !errors.As(err, &rep) {
		fmt.Fprintf(stderr, "lakesql: %v\n", err)
	}
	return exitCode(err)
}

// start opens the work folder (making the demo first if asked) and runs the
// REPL or the scripts.
func start(o *options, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	if o.demo {
		dir := ""
		if o.dirSet {
			dir = o.dir
		}
		made, err := makeDemo(dir, stderr)
		if err != nil {
			return err
		}
		o.dir = made
	}
	sh := &shell{format: defaultFormat(o.format), bail: o.bail, out: stdout, stdout: stdout, errw: stderr}
	defer func() {
		if cerr := errors.Join(sh.closeOutput(), sh.closeOnce()); cerr != nil && err == nil {
			err = cerr
		}
	}()
	if err := sh.open(o.dir); err != nil {
		return err
	}
	// What a killed lakesql or pq left in the temporary folder goes as the
	// first statement runs (reading a folder of a few hundred entries took
	// a sixth of `SELECT 1`'s time in main); the run waits for it to end.
	swept := make(chan struct{})
	go func() {
		defer close(swept)
		sql.SweepSpills(o.tempDir)
	}()
	defer func() { <-swept }()
	flagMemory := func() {
		if o.memLimit > 0 {
			sh.sess.Memory.Limit = o.memLimit
		}
		if o.tempDir != "" {
			sh.sess.Memory.TempDir = o.tempDir
		}
		setRuntimeLimit(sh.sess.MemoryLimit())
	}
	sh.sess.OnMemoryLimit = setRuntimeLimit
	flagMemory()
	tty, interactive := stdin.(*os.File)
	interactive = interactive && len(o.cmds) == 0 && o.file == "" && isatty.IsTerminal(tty.Fd())
	sh.fit = interactive

	// ~/.lakesqlrc and scripts: Ctrl-C cancels the statement running and
	// ends the run; a second Ctrl-C kills the process the usual way.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() { <-ctx.Done(); stop() }()

	if !o.noInit {
		if err := sh.runRC(ctx); err != nil {
			return err
		}
		// The command line wins over the rc file.
		if o.formatSet {
			sh.format.mode = o.format
		}
		if o.dirSet && sh.dir != o.dir {
			if err := sh.open(o.dir); err != nil {
				return err
			}
		}
		flagMemory()
	}
	if interactive {
		hugepage.Forget() // the shell lives on between statements
		stop()            // the REPL catches Ctrl-C itself
		return sh.repl(tty)
	}

	for _, c := range o.cmds {
		if err := sh.script(ctx, strings.NewReader(c), ""); err != nil || sh.quit {
			return sh.result(err)
		}
	}
	switch {
	case o.file != "":
		f, err := os.Open(o.file)
		if err != nil {
			return err
		}
		defer f.Close()
		return sh.result(sh.script(ctx, f, ""))
	case len(o.cmds) == 0:
		return sh.result(sh.script(ctx, stdin, ""))
	}
	return sh.result(nil)
}
