package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/lakesql/lakesql/sql/parser"

	"github.com/lakesql/lakesql/sql"
)

// script runs the statements and dot commands read from r in order,
// printing each result. It reports each failure with its line; with bail
// (the default) the first one stops it. name labels a file run by .read.
func (sh *shell) script(ctx context.Context, r io.Reader, name string) error {
	where := ""
	if name != "" {
		where = name + ": "
	}
	var buf stmtBuffer
	br := bufio.NewReader(r)
	for !sh.quit {
		line, rerr := br.ReadString('\n')
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return rerr
		}
		if line == "" && rerr != nil {
			break
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if !buf.pending() && isDot(line) {
			buf.skip()
			sh.ran++
			err := sql.ErrCanceled // Ctrl-C came between commands: run no more
			if ctx.Err() == nil {
				err = sh.dot(ctx, line)
			}
			if err != nil {
				if err := sh.fail(where, buf.line, err); err != nil {
					return err
				}
			}
			continue
		}
		for _, p := range buf.feed(line) {
			if err := sh.piece(ctx, where, p); err != nil {
				return err
			}
			if sh.quit {
				break
			}
		}
		if rerr != nil {
			break
		}
	}
	if at := parser.OpenComment(buf.text); at >= 0 && !sh.quit {
		// The source ends inside a /* comment: what follows it was
		// never run, which must not pass for success.
		line := buf.start + strings.Count(buf.text[:at], "\n")
		sh.ran++
		buf.reset()
		return sh.fail(where, line, errors.New("a /* comment is never closed (*/): the rest of the input was not run"))
	}
	if p, ok := buf.flush(); ok && !sh.quit {
		return sh.piece(ctx, where, p)
	}
	return nil
}

// piece runs one statement of a script.
func (sh *shell) piece(ctx context.Context, where string, p parser.Piece) error {
	sh.ran++
	err := sql.ErrCanceled // Ctrl-C came between statements: run no more
	if ctx.Err() == nil {
		err = sh.statement(ctx, p.Text)
	}
	if err == nil {
		return nil
	}
	if se, ok := errors.AsType[*parser.SyntaxError](err); ok {
		se.Relocate(p.Line, p.Col)
	}
	return sh.fail(where, p.Line, err)
}

// isDot reports whether a line is a dot command.
func isDot(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), ".")
}

// stmtBuffer collects the lines of a script or of the REPL until they
// complete statements, and places each statement in its source.
type stmtBuffer struct {
	text  string // the lines since the first pending one, each ending in '\n'
	start int    // the line number of text's first line
	done  int    // the complete statements of text already handed out
	line  int    // lines seen so far
}

// pending reports whether a statement has begun and not ended.
func (b *stmtBuffer) pending() bool { return b.text != "" }

// skip counts a line that is not SQL (a dot command).
func (b *stmtBuffer) skip() { b.line++ }

// reset drops the pending statement.
func (b *stmtBuffer) reset() { b.text, b.done = "", 0 }

// feed adds one line (without its newline) and returns the statements it
// completes, with Line and Col in the source.
func (b *stmtBuffer) feed(line string) []parser.Piece {
	b.line++
	if b.text == "" {
		b.start = b.line
	}
	b.text += line + "\n"
	var out []parser.Piece
	complete, rest := 0, false
	for _, p := range parser.Split(b.text) {
		if !p.Complete {
			rest = true
			continue
		}
		if complete >= b.done {
			out = append(out, b.place(p))
		}
		complete++
	}
	b.done = complete
	if !rest && !parser.InComment(b.text) {
		b.reset()
	}
	return out
}

// flush returns the statement left without its ';' at the end of a source.
func (b *stmtBuffer) flush() (parser.Piece, bool) {
	defer b.reset()
	for _, p := range parser.Split(b.text) {
		if !p.Complete {
			return b.place(p), true
		}
	}
	return parser.Piece{}, false
}

func (b *stmtBuffer) place(p parser.Piece) parser.Piece {
	p.Line += b.start - 1
	return p
}
