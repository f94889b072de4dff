package sql

import (
	"context"
	"strconv"

	"github.com/lakesql/lakesql/catalog"
)

// CopyLake is COPY lake FROM 'file' [MAX ROWS n]: the rows of a JSON Lines
// file appended to a lake, the twin of pq append.
type CopyLake struct {
	Lake    string
	From    string
	MaxRows int64 // most rows per new file; 0: one new file per partition
}

func (CopyLake) stmt() {}

func (s CopyLake) String() string {
	out := "COPY " + lakeIdent(s.Lake) + " FROM " + sqlString(s.From)
	if s.MaxRows > 0 {
		out += " MAX ROWS " + strconv.FormatInt(s.MaxRows, 10)
	}
	return out
}

// copyLake appends the file's rows to the lake as new files, published
// as the next generation (catalog.Append): a bad line appends nothing.
func (s *Session) copyLake(ctx context.Context, st CopyLake) (*Result, error) {
	r, err := s.Catalog.Append(st.Lake, s.source(st.From), catalog.AppendOptions{MaxRows: st.MaxRows, Now: s.now, Progress: progressFrom(ctx)})
	if err != nil {
		return nil, s.lakeError(st.Lake, err)
	}
	s.forget(st.Lake) // the new rows may bring new fields
	return &Result{
		Columns: []Column{{Name: "lake"}, intCol("files_added"), intCol("rows_added"), intCol("bytes_added"), intCol("generation")},
		Rows: [][]Value{{StrValue(r.Lake), IntValue(int64(r.FilesAdded)), IntValue(r.RowsAdded), IntValue(r.BytesAdded),
			IntValue(r.Generation)}},
	}, nil
}
