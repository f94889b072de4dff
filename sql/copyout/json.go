package copyout

import (
	"bufio"

	"github.com/lakesql/lakesql/sql/types"
)

// jsonFile writes rows as JSON Lines, as DuckDB's COPY … (FORMAT json)
// does: one object per line, its members the columns in order; NULL as
// null, numbers and booleans as themselves (an integer beyond int64 as
// its digits, a DOUBLE with its ".0", infinities and NaN as strings),
// JSON objects and arrays as their text, dates, timestamps and intervals
// as strings.
type jsonFile struct {
	w     *bufio.Writer
	names [][]byte // each `"name":`, with the comma before it but for the first
	buf   []byte
}

func newJSONFile(w *bufio.Writer, names []string) *jsonFile {
	j := &jsonFile{w: w, names: make([][]byte, len(names))}
	for i, n := range names {
		var b []byte
		if i > 0 {
			b = append(b, ',')
		}
		b = types.AppendJSON(b, types.StringValue(n))
		j.names[i] = append(b, ':')
	}
	return j
}

func (j *jsonFile) write(r []types.Value) error {
	b := append(j.buf[:0], '{')
	for i, v := range r {
		b = append(b, j.names[i]...)
		b = types.AppendJSON(b, v)
	}
	b = append(b, '}', '\n')
	j.buf = b
	_, err := j.w.Write(b)
	return err
}

func (j *jsonFile) close() error { return nil }
