package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/chzyer/readline"

	"github.com/lakesql/lakesql/sql"
)

const (
	prompt     = "lakesql> "
	contPrompt = "   ...> "
)

// historyFile is where the REPL keeps its history: ~/.lakesql_history.
func historyFile() string { return homeFile(".lakesql_history") }

// repl runs the interactive shell on a terminal until Ctrl-D or .quit.
// A statement runs when a line completes it with ';'. Ctrl-C while typing
// drops the pending statement; Ctrl-C while a statement runs cancels it.
// Errors are printed and the shell goes on.
func (sh *shell) repl(in *os.File) error {
	sh.bars = true // a person is watching: long statements get a bar
	comp := &completer{}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 prompt,
		HistoryFile:            historyFile(),
		DisableAutoSaveHistory: true, // a statement is saved whole, once complete
		HistorySearchFold:      true,
		AutoComplete:           comp,
		InterruptPrompt:        "^C",
		Stdin:                  readline.NewCancelableStdin(in),
		Stdout:                 sh.stdout,
		Stderr:                 sh.errw,
	})
	if err != nil {
		return err
	}
	defer rl.Close()

	// While readline reads, the terminal is raw and Ctrl-C is a key; while
	// a statement runs, it is cooked and Ctrl-C is SIGINT, caught here.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)

	fmt.Fprintf(sh.stdout, "lakesql: SQL over the lakes in %s. Type .help for help; Ctrl-D leaves.\n", sh.dir)
	var buf stmtBuffer
	var typed []string // the lines of the pending statement, for history
	for !sh.quit {
		if buf.pending() {
			rl.SetPrompt(contPrompt)
		} else {
			rl.SetPrompt(prompt)
			buf.line, typed = 0, nil // lines count from each statement's first
		}
		comp.set(sh.sess, buf.text)
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			buf.reset()
			continue
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		}
		if !buf.pending() && isDot(line) {
			rl.SaveHistory(strings.TrimSpace(line))
			buf.skip()
			if err := interruptibly(sigs, func(ctx context.Context) error { return sh.dot(ctx, line) }); err != nil {
				sh.replError(err)
			}
			continue
		}
		if l := strings.TrimSpace(dropLineComment(line)); l != "" {
			typed = append(typed, l)
		}
		pieces := buf.feed(line)
		if !buf.pending() && len(typed) > 0 {
			rl.SaveHistory(strings.Join(typed, " "))
		}
		for _, p := range pieces {
			err := interruptibly(sigs, func(ctx context.Context) error { return sh.statement(ctx, p.Text) })
			if err != nil {
				sh.replError(err)
			}
			if errors.Is(err, sql.ErrCanceled) || sh.quit {
				break
			}
		}
	}
	return nil
}

// dropLineComment removes a -- comment from a line, so that the lines of
// a statement can be joined into one history entry.
func dropLineComment(line string) string {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\'' || c == '"' || c == '`':
			for i++; i < len(line) && line[i] != c; i++ {
				if line[i] == '\\' && c != '`' {
					i++
				}
			}
		case strings.HasPrefix(line[i:], "--"):
			return line[:i]
		}
	}
	return line
}

// replError prints an error in the REPL, unless a .read script already did.
func (sh *shell) replError(err error) {
	var rep reportedError
	if !errors.As(err, &rep) {
		fmt.Fprintln(sh.errw, replErrorText(err))
	}
}

// interruptibly runs fn with a context that SIGINT cancels.
func interruptibly(sigs <-chan os.Signal, fn func(ctx context.Context) error) error {
	for len(sigs) > 0 { // a Ctrl-C from before this statement
		<-sigs
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-done:
		}
	}()
	return fn(ctx)
}
