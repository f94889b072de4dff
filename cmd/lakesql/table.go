package main

import (
	"bufio"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/lakesql/lakesql/sql"
)

// The lines a box and a table are drawn with, tablewriter's symbols.
var (
	boxLines   = tw.NewSymbols(tw.StyleLight) // ┌─┬─┐ │ ├─┼─┤ └─┴─┘
	asciiLines = tw.NewSymbols(tw.StyleASCII) // +-+-+ | +-+-+
)

// markerRows is how many rows of · stand for the rows a table leaves out,
// as in the duckdb shell.
const markerRows = 3

// grid draws a result as a table once its rows have come: numbers
// right-aligned, text left, then "N rows". With maxRows it holds at most
// maxRows rows, as the duckdb shell: until one more comes it holds them
// all; then it keeps the first half and a ring of the last half while it
// counts the rest, and draws those two halves with rows of · between,
// ending with "N rows (M shown)". Without maxRows it holds every row. The
// columns are sized from the rows shown, so the table is drawn at the end:
// sized from the first rows alone, a later, wider value would be cut.
//
// tablewriter draws it, from the rows held: grid sizes the columns to fit
// .maxwidth and cuts the cells to those widths itself, so that tablewriter
// has nothing to wrap, and pads each · to its column's width, so that it
// stays centred whatever the column's alignment.
type grid struct {
	w     *bufio.Writer
	f     format
	lines tw.Symbols
	names []string
	held  [][]string // the first rows: all of them, or the first half
	tail  [][]string // the last half, a ring whose oldest is at next
	next  int
	rows  int    // rows seen
	num   []bool // the values of a column that are not NULL are numbers
	some  []bool // a column holds a value that is not NULL
	width []int  // each column's, once sized
	right []bool
	peak  int // the most rows held at once
}

func (g *grid) Columns(names []string) error {
	g.names = make([]string, len(names))
	for i, n := range names {
		g.names[i] = cellText(n)
	}
	g.num = make([]bool, len(names))
	for i := range g.num {
		g.num[i] = true
	}
	g.some = make([]bool, len(names))
	return nil
}

func (g *grid) Row(r []sql.Value) error {
	g.rows++
	for i, v := range r {
		if !v.IsNull() {
			g.some[i] = true
			g.num[i] = g.num[i] && v.K.Numeric()
		}
	}
	cells := make([]string, len(r))
	for i, v := range r {
		cells[i] = cellText(cutCell(g.f.text(v)))
	}
	if m := g.f.maxRows; m == 0 || g.rows <= m {
		g.held = append(g.held, cells)
	} else {
		if g.rows == m+1 {
			// One too many: the second half of those held starts the ring.
			first := m - m/2
			g.tail = slices.Clone(g.held[first:])
			clear(g.held[first:])
			g.held = g.held[:first]
		}
		if len(g.tail) > 0 {
			g.tail[g.next] = cells
			g.next = (g.next + 1) % len(g.tail)
		}
	}
	g.peak = max(g.peak, len(g.held)+len(g.tail))
	return nil
}

func (g *grid) end() error {
	shown := append(slices.Clone(g.held), g.tail[g.next:]...)
	shown = append(shown, g.tail[:g.next]...)
	g.size(shown)
	cut := g.f.maxRows > 0 && g.rows > g.f.maxRows
	if cut {
		mark := make([]string, len(g.names))
		for i, w := range g.width {
			mark[i] = strings.Repeat(" ", (w-1)/2) + "·" + strings.Repeat(" ", w-1-(w-1)/2)
		}
		marks := make([][]string, markerRows)
		for i := range marks {
			marks[i] = mark
		}
		shown = slices.Insert(shown, len(g.held), marks...)
	}
	if err := g.draw(shown); err != nil {
		return err
	}
	if !cut {
		_, err := fmt.Fprintln(g.w, rowCount(g.rows))
		return err
	}
	_, err := fmt.Fprintf(g.w, "%s (%d shown)\n", rowCount(g.rows), g.f.maxRows)
	return err
}

// draw has tablewriter draw the header (with headers on) and rows, each
// cell cut to its column's width.
func (g *grid) draw(rows [][]string) error {
	aligns := make([]tw.Align, len(g.names))
	for i := range aligns {
		aligns[i] = tw.AlignLeft
		if g.right[i] {
			aligns[i] = tw.AlignRight
		}
	}
	cell := tw.CellConfig{
		Formatting: tw.CellFormatting{AutoWrap: tw.WrapNone, AutoFormat: tw.Off},
		Alignment:  tw.CellAlignment{Global: tw.AlignLeft, PerColumn: aligns},
	}
	t := tablewriter.NewTable(g.w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: g.lines})),
		tablewriter.WithConfig(tablewriter.Config{Header: cell, Row: cell}),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithTrimLine(tw.Off),
		tablewriter.WithTrimTab(tw.Off),
	)
	if g.f.headers {
		t.Header(g.fitted(g.names))
	}
	for _, cells := range rows {
		if err := t.Append(g.fitted(cells)); err != nil {
			return err
		}
	}
	return t.Render()
}

// fitted is cells cut with … to their columns' widths. tablewriter makes
// a column as wide as its widest cell, so an empty cell is one space: a
// column is at least one cell wide, as size has it, even with headers off.
func (g *grid) fitted(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		switch w := g.width[i]; {
		case c == "":
			c = " "
		case displayWidth(c) > w:
			c = twwidth.Truncate(c, w, "…")
		}
		out[i] = c
	}
	return out
}

// rowCount is "1 row" or "N rows".
func rowCount(n int) string {
	if n == 1 {
		return "1 row"
	}
	return fmt.Sprintf("%d rows", n)
}

// size sets the columns' widths and alignments from the header and the
// rows shown, narrowed to fit maxWidth.
func (g *grid) size(shown [][]string) {
	g.width = make([]int, len(g.names))
	g.right = make([]bool, len(g.names))
	for i, n := range g.names {
		g.width[i] = 1
		if g.f.headers {
			g.width[i] = max(1, displayWidth(n))
		}
		g.right[i] = g.num[i] && g.some[i]
	}
	for _, cells := range shown {
		for i, c := range cells {
			g.width[i] = max(g.width[i], displayWidth(c))
		}
	}
	fit(g.width, g.f.maxWidth)
}

// fit narrows the widest column by one, again and again, until a table of
// columns this wide takes at most width terminal cells (0: any), or every
// column is one cell wide.
func fit(widths []int, width int) {
	if width <= 0 {
		return
	}
	total := 1
	for _, w := range widths {
		total += w + 3
	}
	for ; total > width; total-- {
		i := 0
		for j, w := range widths {
			if w > widths[i] {
				i = j
			}
		}
		if widths[i] <= 1 {
			return
		}
		widths[i]--
	}
}

// maxCellBytes is the most of a value a box or table cell shows: the
// rest is cut, marked with …. A value of 60 MB drew lines of 180 MB
// each and took the shell to 954 MB.
const maxCellBytes = 32 << 10

// cutCell is s cut to maxCellBytes, at the start of a character, and
// marked with … when cut.
func cutCell(s string) string {
	if len(s) <= maxCellBytes {
		return s
	}
	n := maxCellBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// cellEscapes keeps a value on its line of the table.
var cellEscapes = strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`)

// cellText is a value's text as a table cell shows it: a copy, since a
// streamed row's texts do not outlive the call, with line breaks and tabs
// spelt as escapes.
func cellText(s string) string {
	if strings.ContainsAny(s, "\n\r\t") {
		return cellEscapes.Replace(s)
	}
	return strings.Clone(s)
}

// displayWidth is how many terminal cells s takes, as tablewriter counts
// them.
func displayWidth(s string) int { return twwidth.Width(s) }
