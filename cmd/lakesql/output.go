package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/types"
)

// The output formats of --format and .mode.
const (
	modeTable = "table"
	modeJSON  = "json"
	modeCSV   = "csv"
)

var modes = []string{modeTable, modeJSON, modeCSV}

// writeResult prints a result in a format. A table is followed by its row
// count and the result's note; JSON and CSV print only data on out, so the
// note goes to notes.
func writeResult(out, notes io.Writer, mode string, res *sql.Result) error {
	if len(res.Columns) == 0 && res.Note == "" {
		return nil // SET: nothing to show, as in duckdb
	}
	var b bytes.Buffer
	var err error
	switch mode {
	case modeJSON:
		err = writeJSONLines(&b, res)
	case modeCSV:
		err = writeCSV(&b, res)
	default:
		err = writeTable(&b, res)
	}
	if err != nil {
		return err
	}
	if _, err := out.Write(b.Bytes()); err != nil {
		return err
	}
	if mode != modeTable && res.Note != "" {
		_, err = fmt.Fprintln(notes, res.Note)
	}
	return err
}

// writeTable draws a result with tablewriter: numbers right-aligned, text
// left, NULL as NULL; then "N rows", the note and a blank line.
func writeTable(w io.Writer, res *sql.Result) error {
	if len(res.Columns) > 0 {
		names := make([]string, len(res.Columns))
		aligns := make([]tw.Align, len(res.Columns))
		for i, c := range res.Columns {
			names[i] = c.Name
			aligns[i] = tw.AlignLeft
			if c.Numeric {
				aligns[i] = tw.AlignRight
			}
		}
		cell := func() tw.CellConfig {
			return tw.CellConfig{
				Formatting: tw.CellFormatting{AutoWrap: tw.WrapNone, AutoFormat: tw.Off},
				Alignment:  tw.CellAlignment{Global: tw.AlignLeft, PerColumn: aligns},
			}
		}
		t := tablewriter.NewTable(w, tablewriter.WithConfig(tablewriter.Config{Header: cell(), Row: cell()}))
		t.Header(names)
		for _, r := range res.Rows {
			cells := make([]string, len(r))
			for i, v := range r {
				cells[i] = v.String()
			}
			if err := t.Append(cells); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		if len(res.Rows) == 1 {
			fmt.Fprintln(w, "1 row")
		} else {
			fmt.Fprintf(w, "%d rows\n", len(res.Rows))
		}
	}
	if res.Note != "" {
		fmt.Fprintln(w, res.Note)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// writeJSONLines writes one JSON object per row, its keys in column order:
// numbers as numbers, NULL as null, JSON values as they were.
func writeJSONLines(w *bytes.Buffer, res *sql.Result) error {
	return emitAll(&jsonEmitter{w: w}, res)
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

// jsonEmitter writes rows as JSON Lines as they come; flush writes what
// it holds to out once it holds 64 KiB (or when asked: out nil).
type jsonEmitter struct {
	w    *bytes.Buffer
	out  io.Writer
	keys [][]byte // `"name":` of each column, encoded once
}

func (e *jsonEmitter) Columns(names []string) error {
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

func (e *jsonEmitter) Row(r []sql.Value) error {
	w := e.w
	w.WriteByte('{')
	for i, k := range e.keys {
		if i > 0 {
			w.WriteByte(',')
		}
		w.Write(k)
		switch v := r[i]; v.K {
		case types.Float:
			// encoding/json's spelling of a double (2.5, 1e+21), as before.
			if err := appendJSON(w, v.JSON()); err != nil {
				return err
			}
		default:
			w.Write(types.AppendJSON(w.AvailableBuffer(), v))
		}
	}
	w.WriteString("}\n")
	return flushAt(w, e.out, 64<<10)
}

// flushAt writes b to out and empties it once it holds n bytes; with out
// nil it keeps everything.
func flushAt(b *bytes.Buffer, out io.Writer, n int) error {
	if out == nil || b.Len() < n {
		return nil
	}
	_, err := out.Write(b.Bytes())
	b.Reset()
	return err
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

// writeCSV writes a header line and one line per row; NULL is an empty
// field.
func writeCSV(w io.Writer, res *sql.Result) error {
	if len(res.Columns) == 0 {
		return nil
	}
	e := &csvEmitter{cw: csv.NewWriter(w)}
	if err := emitAll(e, res); err != nil {
		return err
	}
	e.cw.Flush()
	return e.cw.Error()
}

// csvEmitter writes a header line, then a line per row as it comes.
type csvEmitter struct {
	cw  *csv.Writer
	rec []string
}

func (e *csvEmitter) Columns(names []string) error {
	e.rec = make([]string, len(names))
	if len(names) == 0 {
		return nil
	}
	return e.cw.Write(names)
}

func (e *csvEmitter) Row(r []sql.Value) error {
	for i, v := range r {
		e.rec[i] = ""
		if !v.IsNull() {
			e.rec[i] = v.String()
		}
	}
	return e.cw.Write(e.rec)
}
