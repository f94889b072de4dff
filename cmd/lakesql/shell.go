package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/lakesql/lakesql/sql/parser"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/internal/progress"
	"github.com/lakesql/lakesql/sql"
)

// shell is the state a REPL or a script runs in: the session over a work
// folder and the settings dot commands change.
type shell struct {
	sess   *sql.Session
	dir    string
	format format
	fit    bool // a table fits the terminal's width (the REPL's, until .maxwidth)
	timer  bool // print the wall time of each statement
	bars   bool // draw progress bars on errw (interactive use only, never in scripts)
	bail   bool // a script stops at its first failure
	out    io.Writer
	stdout io.Writer // where out goes back to after .output
	errw   io.Writer

	outFile *os.File // the file of .output, which out is
	once    *os.File // the file of .once, for the next statement's result

	quit     bool // .quit was run
	depth    int  // .read nesting
	ran      int  // statements and dot commands run by scripts
	failures int  // of which failed
}

// reportedError is an error already printed where it happened; it only
// carries the exit status up.
type reportedError struct{ err error }

func (e reportedError) Error() string { return e.err.Error() }
func (e reportedError) Unwrap() error { return e.err }

// open points the shell at a work folder, which must exist.
func (sh *shell) open(dir string) error {
	c := catalog.New(dir)
	if err := c.Check(); err != nil {
		return fmt.Errorf("work folder %s does not exist (create it, or run lakesql --demo -d %s to fill it with sample lakes)", dir, dir)
	}
	sess := sql.NewSession(c)
	sess.Now = now
	if sh.sess != nil {
		// .open keeps the settings (SET memory_limit, temp_directory).
		sess.Memory, sess.OnMemoryLimit = sh.sess.Memory, sh.sess.OnMemoryLimit
	}
	sh.sess, sh.dir = sess, dir
	return nil
}

// statement runs one statement (without its ';') and prints its result,
// in the file of .once if it was given.
func (sh *shell) statement(ctx context.Context, text string) error {
	if f := sh.once; f != nil {
		sh.once = nil
		err := sh.statementTo(ctx, text, f)
		if cerr := f.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf(".once: %w", cerr))
		}
		return err
	}
	return sh.statementTo(ctx, text, sh.out)
}

// statementTo runs one statement and prints its result on out. A SELECT
// streams: its rows go out as the scan reads them.
func (sh *shell) statementTo(ctx context.Context, text string, out io.Writer) error {
	start := now()
	if sh.bars {
		bar := progress.Start(sh.errw, firstWords(text, 2))
		defer bar.Done()
		ctx = sql.WithProgress(ctx, bar.Report)
	}
	f := sh.formatFor(out)
	if ok, err := sh.stream(ctx, text, out, f); ok || err != nil {
		if err == nil {
			sh.timed(out, f, start)
		}
		return err
	}
	res, err := sh.sess.Exec(ctx, text)
	var damage *sql.DamageError
	if errors.As(err, &damage) {
		// CHECK LAKE failed: show what it found, then fail.
		if werr := writeResult(out, sh.errw, f, damage.Result); werr != nil {
			return werr
		}
	}
	if err != nil {
		return err
	}
	if err := writeResult(out, sh.errw, f, res); err != nil {
		return err
	}
	sh.timed(out, f, start)
	return nil
}

// formatFor is the format of a result printed on out: fitting the
// terminal, a table takes at most its width as it is now.
func (sh *shell) formatFor(out io.Writer) format {
	f := sh.format
	if t, ok := out.(*os.File); ok && sh.fit && progress.Terminal(out) {
		if cols, _, err := readline.GetSize(int(t.Fd())); err == nil {
			f.maxWidth = cols
		}
	}
	return f
}

// timed prints the statement's time with .timer on: after a table on out,
// else on errw, to keep out pure data.
func (sh *shell) timed(out io.Writer, f format, start time.Time) {
	if sh.timer {
		if !f.tabular() {
			out = sh.errw
		}
		fmt.Fprintf(out, "Time: %.3f ms\n", float64(now().Sub(start).Microseconds())/1000)
	}
}

// stream runs a SELECT, printing its rows as they come; false (and nothing
// printed) for another statement, or for a SELECT that met a writer's
// change to its lake before anything went out, which Exec then reads
// again from the lake's new manifest (or finds the lake damaged).
func (sh *shell) stream(ctx context.Context, text string, out io.Writer, f format) (bool, error) {
	sent := &countWriter{w: out}
	b := newBuffer(sent)
	w := newWriter(b, f)
	rows := new(int)
	ok, note, err := sh.sess.Stream(ctx, text, emitter{w, b, progress.Terminal(out), rows})
	switch {
	case !ok || errors.Is(err, catalog.ErrStale) && sent.n == 0:
		return false, nil
	case err != nil:
		if *rows == 0 {
			// Failed before its first row: only the error shows, as in
			// DuckDB, not a header of nothing.
			b.Reset(sent)
			return true, err
		}
		b.Flush() // the rows that went out before it failed
		return true, err
	}
	return true, finish(w, b, sh.errw, f, note)
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// closeOutput sends the output back to stdout, closing the file of
// .output.
func (sh *shell) closeOutput() error {
	if sh.outFile == nil {
		return nil
	}
	err := sh.outFile.Close()
	sh.out, sh.outFile = sh.stdout, nil
	return err
}

// closeOnce closes the file of a .once no statement used.
func (sh *shell) closeOnce() error {
	if sh.once == nil {
		return nil
	}
	err := sh.once.Close()
	sh.once = nil
	return err
}

// fail reports err, from the statement or dot command at line of a script,
// and returns the error that stops the script, or nil to go on.
func (sh *shell) fail(where string, line int, err error) error {
	var rep reportedError
	if errors.As(err, &rep) { // a .read script that stopped: reported there
		return err
	}
	sh.failures++
	fmt.Fprintf(sh.errw, "lakesql: %s%s\n", where, errorText(line, err))
	if sh.bail || errors.Is(err, sql.ErrCanceled) {
		return reportedError{err}
	}
	return nil
}

// result is how a run of scripts ends: with the error that stopped it, or
// with errFailed when statements failed and --bail=false went on.
func (sh *shell) result(err error) error {
	if err == nil && sh.failures > 0 {
		fmt.Fprintf(sh.errw, "lakesql: %d of %d statements failed\n", sh.failures, sh.ran)
		return reportedError{errFailed}
	}
	return err
}

// errorText describes a failed statement that starts at line of a script.
// A syntax error points at its own line and column (script-relative once
// relocated), and shows them.
func errorText(line int, err error) string {
	var se *parser.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("line %d, column %d: syntax error: %s\n%s", se.Line, se.Col, se.Msg, caret(se))
	case errors.Is(err, sql.ErrCanceled):
		return fmt.Sprintf("line %d: canceled", line)
	}
	return fmt.Sprintf("line %d: %v", line, err)
}

// replErrorText describes a failed statement typed in the REPL, whose lines
// count from the statement's first.
func replErrorText(err error) string {
	var se *parser.SyntaxError
	switch {
	case errors.As(err, &se):
		pos := ""
		if strings.Contains(se.Text, "\n") {
			pos = fmt.Sprintf(" at line %d, column %d", se.Line, se.Col)
		}
		return fmt.Sprintf("syntax error%s: %s\n%s", pos, se.Msg, caret(se))
	case errors.Is(err, sql.ErrCanceled):
		return "canceled"
	}
	return "error: " + err.Error()
}

// caret shows the line of a syntax error with a ^ under the offending token.
func caret(se *parser.SyntaxError) string {
	pos := min(max(se.Pos, 0), len(se.Text))
	start := strings.LastIndexByte(se.Text[:pos], '\n') + 1
	end := strings.IndexByte(se.Text[pos:], '\n')
	if end < 0 {
		end = len(se.Text)
	} else {
		end += pos
	}
	var pad strings.Builder
	for _, r := range se.Text[start:pos] {
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return "  " + strings.TrimRight(se.Text[start:end], " \t\r") + "\n  " + pad.String() + "^"
}

// firstWords returns the first n words of a statement, upper-cased: the
// label of its progress bar.
func firstWords(text string, n int) string {
	f := strings.Fields(text)
	return strings.ToUpper(strings.Join(f[:min(n, len(f))], " "))
}
