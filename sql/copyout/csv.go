package copyout

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// csvFile writes rows as CSV (RFC 4180), as DuckDB's COPY … (FORMAT csv)
// does: a header line unless told not to, commas, \n line ends, NULL as
// an empty field and the empty string as "", a field quoted (quotes
// doubled) when it holds a comma, a quote, a line break or is empty;
// values as CAST(v AS VARCHAR) spells them, JSON as its text.
type csvFile struct {
	w   *bufio.Writer
	num []byte
}

func newCSVFile(w *bufio.Writer, names []string, header bool) (*csvFile, error) {
	c := &csvFile{w: w}
	if !header {
		return c, nil
	}
	for j, n := range names {
		if j > 0 {
			w.WriteByte(',')
		}
		c.field(n)
	}
	return c, w.WriteByte('\n')
}

func (c *csvFile) write(r []types.Value) error {
	for j, v := range r {
		if j > 0 {
			c.w.WriteByte(',')
		}
		switch v.K {
		case types.Null:
		case types.Int:
			c.num = strconv.AppendInt(c.num[:0], v.I, 10)
			c.w.Write(c.num)
		default:
			c.field(v.String())
		}
	}
	return c.w.WriteByte('\n')
}

// field writes one field, quoted when it must be.
func (c *csvFile) field(s string) {
	if s != "" && !strings.ContainsAny(s, ",\"\r\n") {
		c.w.WriteString(s)
		return
	}
	c.w.WriteByte('"')
	c.w.WriteString(strings.ReplaceAll(s, `"`, `""`))
	c.w.WriteByte('"')
}

func (c *csvFile) close() error { return nil }
