package main

import (
	"fmt"
	"html"
	"strings"

	"github.com/lakesql/lakesql/catalog"
)

// sizeSVG draws a lake's file-size histogram as an SVG bar chart: one bar
// per power-of-two bucket (a log scale of sizes), bars under the
// small-file threshold in orange, the others in blue, each labelled with
// its count and its range. Hand-written rather than a plotting library:
// it is a few rectangles and labels, and the report must build anywhere.
func sizeSVG(lake string, buckets []catalog.Bucket, small int64) string {
	const (
		barW, gap    = 56, 8
		top, plotH   = 40, 200
		left, bottom = 48, 64
	)
	width := left + max(len(buckets), 1)*(barW+gap) + gap
	height := top + plotH + bottom
	most := 1
	for _, b := range buckets {
		most = max(most, b.Files)
	}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `<title>File sizes of lake %s</title>`+"\n", html.EscapeString(lake))
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&s, `<text x="%d" y="20" font-size="14">%s: files by size (orange: small, under %s)</text>`+"\n", left, html.EscapeString(lake), sizeLabel(small))
	fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top+plotH, width-gap, top+plotH)
	if len(buckets) == 0 {
		fmt.Fprintf(&s, `<text x="%d" y="%d">no files</text>`+"\n", left+gap, top+plotH/2)
	}
	for i, b := range buckets {
		x := left + gap + i*(barW+gap)
		h := b.Files * plotH / most
		if b.Files > 0 {
			h = max(h, 1)
		}
		color := "#4a7ebb"
		if b.To <= small {
			color = "#e8833a"
		}
		fmt.Fprintf(&s, `<rect class="bar" x="%d" y="%d" width="%d" height="%d" fill="%s" data-files="%d"><title>%d files of %s to %s</title></rect>`+"\n",
			x, top+plotH-h, barW, h, color, b.Files, b.Files, sizeLabel(b.From), sizeLabel(b.To))
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle">%d</text>`+"\n", x+barW/2, top+plotH-h-4, b.Files)
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle">≥ %s</text>`+"\n", x+barW/2, top+plotH+16, sizeLabel(b.From))
	}
	fmt.Fprintf(&s, `<text x="%d" y="%d">file size (log scale, each bar doubles)</text>`+"\n", left, top+plotH+44)
	s.WriteString("</svg>\n")
	return s.String()
}

// sizeLabel writes a size with a binary unit, whole where it is whole.
func sizeLabel(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	u := 0
	f := float64(n)
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d %s", int64(f), units[u])
	}
	return fmt.Sprintf("%.1f %s", f, units[u])
}
