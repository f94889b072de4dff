package main

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/lakesql/lakesql/sql"
)

// gridLines are the characters a table is drawn with: the left, middle
// and right corners of its top, middle and bottom rules, the rules' line
// and the columns' bar.
type gridLines struct {
	top, mid, bottom [3]string
	h, v             string
}

var (
	boxLines   = gridLines{[3]string{"┌", "┬", "┐"}, [3]string{"├", "┼", "┤"}, [3]string{"└", "┴", "┘"}, "─", "│"}
	asciiLines = gridLines{[3]string{"+", "+", "+"}, [3]string{"+", "+", "+"}, [3]string{"+", "+", "+"}, "-", "|"}
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
// It draws the table itself rather than with tablewriter: the rows of ·
// are centred whatever their column's alignment, and the widths are
// narrowed here to fit .maxwidth; with those done, what is left to draw is
// rules and bars.
type grid struct {
	w     *bufio.Writer
	f     format
	lines gridLines
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
	g.names = slices.Clone(names)
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
		cells[i] = cellText(g.f.text(v))
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
	g.top()
	for _, cells := range g.held {
		g.row(cells)
	}
	if g.f.maxRows == 0 || g.rows <= g.f.maxRows {
		g.rule(g.lines.bottom)
		_, err := fmt.Fprintln(g.w, rowCount(g.rows))
		return err
	}
	mark := make([]string, len(g.names))
	for i, w := range g.width {
		mark[i] = strings.Repeat(" ", (w-1)/2) + "·"
	}
	for range markerRows {
		g.line(mark, nil)
	}
	for _, cells := range shown[len(g.held):] {
		g.row(cells)
	}
	g.rule(g.lines.bottom)
	_, err := fmt.Fprintf(g.w, "%s (%d shown)\n", rowCount(g.rows), g.f.maxRows)
	return err
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

// top draws the top rule and, with headers on, the header and, when rows
// follow, its rule.
func (g *grid) top() {
	g.rule(g.lines.top)
	if g.f.headers {
		g.line(g.names, g.right)
		if g.rows > 0 {
			g.rule(g.lines.mid)
		}
	}
}

// rule draws a horizontal line with the corners of corner.
func (g *grid) rule(corner [3]string) {
	g.w.WriteString(corner[0])
	for i, w := range g.width {
		if i > 0 {
			g.w.WriteString(corner[1])
		}
		g.w.WriteString(strings.Repeat(g.lines.h, w+2))
	}
	g.w.WriteString(corner[2] + "\n")
}

// row draws a row of cells, aligned as their columns.
func (g *grid) row(cells []string) { g.line(cells, g.right) }

// line draws cells between bars, each cut to its column's width with …
// and padded, on the right where right says so.
func (g *grid) line(cells []string, right []bool) {
	for i, c := range cells {
		w := g.width[i]
		if displayWidth(c) > w {
			c = runewidth.Truncate(c, w, "…")
		}
		pad := strings.Repeat(" ", w-displayWidth(c))
		if right != nil && right[i] {
			c = pad + c
		} else {
			c += pad
		}
		g.w.WriteString(g.lines.v + " " + c + " ")
	}
	g.w.WriteString(g.lines.v + "\n")
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

// displayWidth is how many terminal cells s takes.
func displayWidth(s string) int { return runewidth.StringWidth(s) }
