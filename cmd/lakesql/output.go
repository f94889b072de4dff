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
	for _, r := range res.Rows {
		w.WriteByte('{')
		for i, c := range res.Columns {
			if i > 0 {
				w.WriteByte(',')
			}
			if err := appendJSON(w, c.Name); err != nil {
				return err
			}
			w.WriteByte(':')
			if err := appendJSON(w, r[i].JSON()); err != nil {
				return err
			}
		}
		w.WriteString("}\n")
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

// writeCSV writes a header line and one line per row; NULL is an empty
// field.
func writeCSV(w io.Writer, res *sql.Result) error {
	if len(res.Columns) == 0 {
		return nil
	}
	cw := csv.NewWriter(w)
	rec := make([]string, len(res.Columns))
	for i, c := range res.Columns {
		rec[i] = c.Name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for _, r := range res.Rows {
		for i, v := range r {
			rec[i] = ""
			if !v.IsNull() {
				rec[i] = v.String()
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
