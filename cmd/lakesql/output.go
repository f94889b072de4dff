package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/types"
)

// The output modes of --format and .mode, as the duckdb shell names them,
// but for json: ours is JSON Lines, as the spec has it, and duckdb's json
// (one array) is jsonarray.
const (
	modeBox       = "box"   // a table drawn with box characters, the default
	modeTable     = "table" // a table drawn with +, - and |
	modeMarkdown  = "markdown"
	modeLine      = "line" // one "name = value" line per field, a blank line between rows
	modeList      = "list" // fields separated by |
	modeCSV       = "csv"
	modeJSON      = "json"      // one JSON object per line, as the spec and every script read it
	modeJSONLines = "jsonlines" // the same as json
	modeJSONArray = "jsonarray" // one JSON array of objects, duckdb's json mode
)

var modes = []string{modeBox, modeTable, modeMarkdown, modeLine, modeList, modeCSV, modeJSON, modeJSONLines, modeJSONArray}

// defaultMaxRows is how many rows a box or a table shows at most.
const defaultMaxRows = 40

// format is how results print: the mode and the settings dot commands
// change beside it.
type format struct {
	mode     string
	headers  bool   // a header line (box, table, markdown, list, csv)
	null     string // what NULL prints as, once nullSet
	nullSet  bool   // .nullvalue was given
	maxRows  int    // box and table: rows shown, the first half and the last; 0 all
	maxWidth int    // box and table: the width they may take; 0 no limit
}

// defaultFormat is the format a shell starts with, in mode.
func defaultFormat(mode string) format {
	return format{mode: mode, headers: true, maxRows: defaultMaxRows}
}

// tabular reports whether the mode draws a table for a person, followed by
// its row count and the note; the others print only data on out.
func (f format) tabular() bool { return f.mode == modeBox || f.mode == modeTable }

// nullText is what NULL prints as: .nullvalue's text, else nothing in csv
// and list (as sqlite3), NULL elsewhere. JSON prints null.
func (f format) nullText() string {
	switch {
	case f.nullSet:
		return f.null
	case f.mode == modeCSV || f.mode == modeList:
		return ""
	}
	return "NULL"
}

// text is a value as a cell prints it.
func (f format) text(v sql.Value) string {
	if v.IsNull() {
		return f.nullText()
	}
	return v.String()
}

// writer prints a result in one mode as its rows come: sql.Emitter's
// columns once and each row, then end after the last row.
type writer interface {
	sql.Emitter
	end() error
}

// newWriter returns the writer of f's mode, writing to w.
func newWriter(w *bufio.Writer, f format) writer {
	switch f.mode {
	case modeBox:
		return &grid{w: w, f: f, lines: boxLines}
	case modeTable:
		return &grid{w: w, f: f, lines: asciiLines}
	case modeMarkdown:
		return &markdownWriter{w: w, f: f}
	case modeLine:
		return &lineWriter{w: w, f: f}
	case modeList:
		return &listWriter{w: w, f: f}
	case modeCSV:
		return &csvWriter{cw: csv.NewWriter(w), f: f}
	case modeJSONArray:
		return &jsonWriter{w: w, array: true}
	}
	return &jsonWriter{w: w} // json and jsonlines
}

// newBuffer buffers what a writer writes to out, 64 KiB at a time.
func newBuffer(out io.Writer) *bufio.Writer { return bufio.NewWriterSize(out, 64<<10) }

// writeResult prints a finished result in a format, then its note. A
// result with neither columns nor a note (SET) prints nothing, as in duckdb.
func writeResult(out, notes io.Writer, f format, res *sql.Result) error {
	if len(res.Columns) == 0 && res.Note == "" {
		return nil
	}
	b := newBuffer(out)
	var w writer // none for a note alone
	if len(res.Columns) > 0 {
		w = newWriter(b, f)
		if err := emitAll(w, res); err != nil {
			return err
		}
	}
	return finish(w, b, notes, f, res.Note)
}

// finish ends a result: the writer's last lines, if there is a writer,
// then the note, which follows a table on out, with a blank line, and goes
// to notes after data.
func finish(w writer, b *bufio.Writer, notes io.Writer, f format, note string) error {
	if w != nil {
		if err := w.end(); err != nil {
			return err
		}
	}
	if f.tabular() {
		if note != "" {
			fmt.Fprintln(b, note)
		}
		fmt.Fprintln(b)
	}
	if err := b.Flush(); err != nil {
		return err
	}
	if !f.tabular() && note != "" {
		_, err := fmt.Fprintln(notes, note)
		return err
	}
	return nil
}

// emitAll sends a finished result to an emitter.
func emitAll(e sql.Emitter, res *sql.Result) error {
	names := make([]string, len(res.Columns))
	for i, c := range res.Columns {
		names[i] = c.Name
	}
	if err := e.Columns(names); err != nil {
		return err
	}
	for _, r := range res.Rows {
		if err := e.Row(r); err != nil {
			return err
		}
	}
	return nil
}

// emitter feeds a writer from a stream; live (a terminal watches) it
// flushes after each row, so that rows show as the scan finds them.
type emitter struct {
	writer
	b    *bufio.Writer
	live bool
	rows *int // the rows sent
}

func (e emitter) Row(r []sql.Value) error {
	if err := e.writer.Row(r); err != nil {
		return err
	}
	*e.rows++
	if e.live {
		return e.b.Flush()
	}
	return nil
}

// jsonWriter writes each row as a JSON object, its keys in column order:
// numbers as numbers, NULL as null, JSON values as they were. As an array
// it writes them as duckdb's json mode does, [{…},\n{…}]\n, and [] for no
// rows; else one object per line.
type jsonWriter struct {
	w       *bufio.Writer
	array   bool
	keys    [][]byte     // `"name":` of each column, encoded once
	scratch bytes.Buffer // a double's text
	rows    int
}

func (e *jsonWriter) Columns(names []string) error {
	e.keys = e.keys[:0]
	for _, n := range names {
		var b bytes.Buffer
		if err := appendJSON(&b, n); err != nil {
			return err
		}
		b.WriteByte(':')
		e.keys = append(e.keys, b.Bytes())
	}
	return nil
}

func (e *jsonWriter) Row(r []sql.Value) error {
	w := e.w
	if e.array {
		if e.rows == 0 {
			w.WriteByte('[')
		} else {
			w.WriteString(",\n")
		}
	}
	e.rows++
	w.WriteByte('{')
	for i, k := range e.keys {
		if i > 0 {
			w.WriteByte(',')
		}
		w.Write(k)
		switch v := r[i]; v.K {
		case types.Float:
			// encoding/json's spelling of a double (2.5, 1e+21), as before.
			e.scratch.Reset()
			if err := appendJSON(&e.scratch, v.JSON()); err != nil {
				return err
			}
			w.Write(e.scratch.Bytes())
		default:
			w.Write(types.AppendJSON(w.AvailableBuffer(), v))
		}
	}
	w.WriteByte('}')
	if !e.array {
		w.WriteByte('\n')
	}
	return nil
}

func (e *jsonWriter) end() error {
	switch {
	case !e.array:
		return nil
	case e.rows == 0:
		e.w.WriteString("[]\n")
	default:
		e.w.WriteString("]\n")
	}
	return nil
}

// appendJSON writes v as compact JSON, without escaping <, > and &.
func appendJSON(w *bytes.Buffer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	w.Truncate(w.Len() - 1) // Encode's newline
	return nil
}

// csvWriter writes a header line (with headers on), then a line per row,
// quoted where CSV needs it.
type csvWriter struct {
	cw  *csv.Writer
	f   format
	rec []string
}

func (e *csvWriter) Columns(names []string) error {
	e.rec = make([]string, len(names))
	if !e.f.headers {
		return nil
	}
	return e.cw.Write(names)
}

func (e *csvWriter) Row(r []sql.Value) error {
	for i, v := range r {
		e.rec[i] = e.f.text(v)
	}
	return e.cw.Write(e.rec)
}

func (e *csvWriter) end() error {
	e.cw.Flush()
	return e.cw.Error()
}

// listWriter writes the fields of a row separated by |, unquoted, after
// a header line with headers on, as sqlite3's list mode.
type listWriter struct {
	w *bufio.Writer
	f format
}

func (e *listWriter) Columns(names []string) error {
	if e.f.headers {
		e.w.WriteString(strings.Join(names, "|") + "\n")
	}
	return nil
}

func (e *listWriter) Row(r []sql.Value) error {
	for i, v := range r {
		if i > 0 {
			e.w.WriteByte('|')
		}
		e.w.WriteString(e.f.text(v))
	}
	return e.w.WriteByte('\n')
}

func (e *listWriter) end() error { return nil }

// lineWriter writes each field of a row on its own line, "name = value",
// the names right-aligned, with a blank line between rows, as sqlite3's
// line mode.
type lineWriter struct {
	w     *bufio.Writer
	f     format
	names []string // padded to the widest
	rows  int
}

func (e *lineWriter) Columns(names []string) error {
	width := 0
	for _, n := range names {
		width = max(width, displayWidth(n))
	}
	e.names = make([]string, len(names))
	for i, n := range names {
		e.names[i] = strings.Repeat(" ", width-displayWidth(n)) + n
	}
	return nil
}

func (e *lineWriter) Row(r []sql.Value) error {
	if e.rows > 0 {
		e.w.WriteByte('\n')
	}
	e.rows++
	for i, v := range r {
		e.w.WriteString(e.names[i] + " = " + e.f.text(v) + "\n")
	}
	return nil
}

func (e *lineWriter) end() error { return nil }

// markdownWriter writes a GitHub table: a header line (with headers on)
// and its rule, then a line per row. It streams, so the columns are not
// padded to one width; | in a value is escaped.
type markdownWriter struct {
	w *bufio.Writer
	f format
}

func (e *markdownWriter) Columns(names []string) error {
	if !e.f.headers {
		return nil
	}
	e.line(names)
	rule := make([]string, len(names))
	for i := range rule {
		rule[i] = "---"
	}
	e.line(rule)
	return nil
}

func (e *markdownWriter) Row(r []sql.Value) error {
	cells := make([]string, len(r))
	for i, v := range r {
		cells[i] = strings.ReplaceAll(e.f.text(v), "|", `\|`)
	}
	e.line(cells)
	return nil
}

func (e *markdownWriter) line(cells []string) {
	e.w.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

func (e *markdownWriter) end() error { return nil }
