package sql

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sampleNames reads the names of the first 100 rows, whatever their
// length: rows past the reader's buffer, a name only in the 100th row,
// none from the 101st.
func TestSampleNamesOfLongRows(t *testing.T) {
	var b strings.Builder
	var want []string
	for i := range 101 {
		pad := strings.Repeat("x", (i%7)*9000) // some rows past 16 KiB, some past 48
		name := fmt.Sprintf("f%d", i%5)
		if i == 99 {
			name = "last"
		}
		if i == 100 {
			name = "beyond"
		}
		fmt.Fprintf(&b, `{"pad":"%s","%s":%d}`+"\n", pad, name, i)
		if i < 100 && !slices.Contains(want, name) {
			if len(want) == 0 {
				want = append(want, "pad")
			}
			want = append(want, name)
		}
	}
	if got := sampleNames(strings.NewReader(b.String()), nil); !slices.Equal(got, want) {
		t.Errorf("sampleNames: got %q, want %q", got, want)
	}
}
