package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
)

// svgBars parses an SVG document strictly and returns its root's name
// space and, per bar, its file count and height.
func svgBars(t *testing.T, doc string) (ns string, files, heights []int) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if el.Name.Local != "svg" {
					t.Fatalf("root element %q, want svg", el.Name.Local)
				}
				ns = el.Name.Space
			}
			depth++
			attr := map[string]string{}
			for _, a := range el.Attr {
				attr[a.Name.Local] = a.Value
			}
			if el.Name.Local == "rect" && attr["class"] == "bar" {
				n, err1 := strconv.Atoi(attr["data-files"])
				h, err2 := strconv.Atoi(attr["height"])
				if err1 != nil || err2 != nil {
					t.Fatalf("bar with bad attributes %v", attr)
				}
				files, heights = append(files, n), append(heights, h)
			}
		case xml.EndElement:
			depth--
		}
	}
	return ns, files, heights
}

// TestReportSVG: pq report writes, beside partition_report.md, one SVG
// histogram per lake that the report links; each is valid SVG with one bar
// per size bucket, counts that add up to the lake's files, and taller bars
// for more files.
func TestReportSVG(t *testing.T) {
	w := t.TempDir()
	stressOrders(t, w, 3000)
	if _, err := runPQ("write", w, "--lake=fine", "--key=day,channel", "--rows=7"); err != nil {
		t.Fatal(err)
	}
	if _, err := runPQ("write", w, "--lake=coarse", "--key=region"); err != nil {
		t.Fatal(err)
	}
	if _, err := runPQ("report", w); err != nil {
		t.Fatal(err)
	}
	report, err := os.ReadFile(filepath.Join(w, ReportName))
	if err != nil {
		t.Fatal(err)
	}
	c := catalog.New(w)
	for _, lake := range []string{"fine", "coarse"} {
		link := "](" + svgName(lake) + ")"
		small := strings.Index(string(report), "## 작은 파일 문제")
		if i := strings.Index(string(report), link); i < small || small < 0 {
			t.Errorf("the small-file section does not link %s", svgName(lake))
		}
		data, err := os.ReadFile(filepath.Join(w, svgName(lake)))
		if err != nil {
			t.Fatal(err)
		}
		ns, files, heights := svgBars(t, string(data))
		if ns != "http://www.w3.org/2000/svg" {
			t.Errorf("%s: name space %q", lake, ns)
		}
		snap, err := c.Snapshot(lake)
		if err != nil {
			t.Fatal(err)
		}
		buckets := catalog.SizeBuckets(snap.Files())
		if len(files) != len(buckets) {
			t.Fatalf("%s: %d bars, want one per bucket (%d)", lake, len(files), len(buckets))
		}
		total := 0
		for i, n := range files {
			total += n
			if n != buckets[i].Files {
				t.Errorf("%s: bar %d shows %d files, bucket has %d", lake, i, n, buckets[i].Files)
			}
			for j := range files {
				if files[i] > files[j] && heights[i] <= heights[j] {
					t.Errorf("%s: bar %d (%d files) not taller than bar %d (%d files)", lake, i, files[i], j, files[j])
				}
			}
		}
		if total != len(snap.Files()) {
			t.Errorf("%s: bars count %d files, the lake has %d", lake, total, len(snap.Files()))
		}
	}
	// A lake without files still gets a valid picture.
	if _, files, _ := svgBars(t, sizeSVG("empty <&>", nil, 1024)); len(files) != 0 {
		t.Errorf("bars for no files: %v", files)
	}
}
