package main

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql"
)

// drawn runs rows rows (n, "row n") through a box of at most maxRows rows
// (.maxrows: -1 or 0 all) and returns the table and the writer.
func drawn(t *testing.T, f format, rows int) (string, *grid) {
	t.Helper()
	var out bytes.Buffer
	b := newBuffer(&out)
	g := newWriter(b, f).(*grid)
	if err := g.Columns([]string{"n", "text"}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= rows; i++ {
		if err := g.Row([]sql.Value{sql.IntValue(int64(i)), sql.StrValue(fmt.Sprint("row ", i))}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.end(); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String(), g
}

// TestTruncation: a box of more rows than .maxrows shows the first half
// and the last (the first one more when odd), rows of · between, and
// "N rows (M shown)"; of at most .maxrows rows, or with no limit, all.
func TestTruncation(t *testing.T) {
	for _, maxRows := range []int{0, 1, 4, 5, 40} {
		for _, rows := range []int{0, 1, 3, 4, 5, 6, 39, 40, 41, 1000} {
			t.Run(fmt.Sprintf("maxrows=%d/rows=%d", maxRows, rows), func(t *testing.T) {
				f := defaultFormat(modeBox)
				f.maxRows = maxRows
				text, _ := drawn(t, f, rows)
				var shown []int
				marks := 0
				for _, line := range strings.Split(text, "\n") {
					cells := strings.Split(line, "│")
					if len(cells) != 4 {
						continue
					}
					switch c := strings.TrimSpace(cells[1]); c {
					case "n":
					case "·":
						marks++
					default:
						n, err := strconv.Atoi(c)
						if err != nil || strings.TrimSpace(cells[2]) != fmt.Sprint("row ", n) {
							t.Fatalf("line %q", line)
						}
						shown = append(shown, n)
					}
				}
				want := make([]int, 0, rows)
				for i := 1; i <= rows; i++ {
					want = append(want, i)
				}
				footer := rowCount(rows) + "\n"
				if maxRows > 0 && rows > maxRows {
					last := maxRows / 2
					want = append(want[:maxRows-last], want[rows-last:]...)
					footer = fmt.Sprintf("%d rows (%d shown)\n", rows, maxRows)
					if marks != 3 {
						t.Errorf("%d rows of ·, want 3", marks)
					}
				} else if marks != 0 {
					t.Errorf("%d rows of · in a table of every row", marks)
				}
				if !slices.Equal(shown, want) {
					t.Errorf("shows rows %v, want %v:\n%s", shown, want, text)
				}
				if !strings.HasSuffix(text, footer) {
					t.Errorf("ends %q, want %q", text[max(0, len(text)-40):], footer)
				}
			})
		}
	}
}

// TestTruncationHoldsMaxRows: however many rows pass, a box holds at most
// .maxrows of them at once; with no limit it holds them all.
func TestTruncationHoldsMaxRows(t *testing.T) {
	for _, maxRows := range []int{1, 2, 7, 40} {
		f := defaultFormat(modeBox)
		f.maxRows = maxRows
		if _, g := drawn(t, f, 10000); g.peak != maxRows {
			t.Errorf("maxrows %d: held %d rows at most, want %d", maxRows, g.peak, maxRows)
		}
	}
	f := defaultFormat(modeBox)
	f.maxRows = 0
	if _, g := drawn(t, f, 500); g.peak != 500 {
		t.Errorf("no limit: held %d rows at most, want all 500", g.peak)
	}
}

// TestMaxWidth: a box or table wider than .maxwidth narrows its widest
// columns, cutting their text with …, until it fits or every column is
// one cell wide; every line keeps one width, wide letters included.
func TestMaxWidth(t *testing.T) {
	res := &sql.Result{
		Columns: []sql.Column{{Name: "id"}, {Name: "long_text"}, {Name: "wide"}},
		Rows: [][]sql.Value{
			{sql.IntValue(1), sql.StrValue(strings.Repeat("abcdefghij", 5)), sql.StrValue("漢字漢字漢字漢字")},
			{sql.IntValue(22), sql.StrValue("short"), sql.StrValue("ü")},
		},
	}
	for _, mode := range []string{modeBox, modeTable} {
		for _, width := range []int{0, 80, 40, 25, 10} {
			f := defaultFormat(mode)
			f.maxWidth = width
			var out bytes.Buffer
			if err := writeResult(&out, &out, f, res); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out.String(), "\n")[:6] // the table, without "2 rows"
			w := displayWidth(lines[0])
			for _, l := range lines {
				if displayWidth(l) != w {
					t.Errorf("%s, maxwidth %d: line %q is %d wide, the first %d", mode, width, l, displayWidth(l), w)
				}
			}
			natural := 1 + (2 + 3) + (50 + 3) + (16 + 3)
			narrowest := 1 + 3*(1+3) // every column one cell wide
			cut := strings.Contains(out.String(), "…")
			switch {
			case width == 0 || width >= natural:
				if w != natural || cut {
					t.Errorf("%s, maxwidth %d: %d wide (cut: %v), want %d uncut:\n%s", mode, width, w, cut, natural, out.String())
				}
			case w > max(width, narrowest) || !cut:
				t.Errorf("%s, maxwidth %d: %d wide (cut: %v), want at most %d, cut with …:\n%s", mode, width, w, cut, max(width, narrowest), out.String())
			}
		}
	}
}

// TestCellText: a line break or tab in a value does not break a table's
// line.
func TestCellText(t *testing.T) {
	res := &sql.Result{Columns: []sql.Column{{Name: "s"}}, Rows: [][]sql.Value{{sql.StrValue("a\nb\tc\r")}}}
	var out bytes.Buffer
	if err := writeResult(&out, &out, defaultFormat(modeBox), res); err != nil {
		t.Fatal(err)
	}
	if want := `│ a\nb\tc\r │`; !strings.Contains(out.String(), want+"\n") {
		t.Errorf("%q, want the line %q", out.String(), want)
	}
}

// A value longer than maxCellBytes shows cut, with …, at a character's
// start, in a box and a table alike; a shorter one whole.
func TestLongCell(t *testing.T) {
	long := strings.Repeat("é", maxCellBytes) // two bytes each
	res := &sql.Result{Columns: []sql.Column{{Name: "s"}}, Rows: [][]sql.Value{{sql.StrValue(long)}, {sql.StrValue("short")}}}
	for _, mode := range []string{modeBox, modeTable} {
		var out bytes.Buffer
		if err := writeResult(&out, &out, defaultFormat(mode), res); err != nil {
			t.Fatal(err)
		}
		cut := strings.Repeat("é", maxCellBytes/2) + "…"
		if !strings.Contains(out.String(), cut+" ") || strings.Contains(out.String(), cut[:len(cut)-len("…")]+"é") || !strings.Contains(out.String(), "short") {
			t.Errorf("mode %v: the long value is not cut to %d bytes with …", mode, maxCellBytes)
		}
		if out.Len() > 8*maxCellBytes {
			t.Errorf("mode %v: %d bytes out", mode, out.Len())
		}
	}
}
