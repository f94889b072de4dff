package driver

import (
	"context"
	"database/sql/driver"
	"io"
	"reflect"
	"slices"
	"time"

	lakesql "github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// lookahead is how many rows from the start a column's type is learnt
// from: the kind of its first value that is not NULL among them.
const lookahead = 100

// rows are a statement's rows, pulled one at a time by Next from recv.
// The kinds of the columns are noted as the first lookahead rows go by,
// and read ahead of Next when ColumnTypes asks before they are known.
type rows struct {
	cols  []string
	recv  func() ([]types.Value, error) // the next row; io.EOF after the last
	close func()

	head  [][]types.Value // rows read ahead, before recv's
	end   error           // recv's error, once head is drained
	kinds []types.Kind    // per column: Null until a value is seen
	seen  int             // rows whose kinds were noted
}

var (
	_ driver.RowsColumnTypeDatabaseTypeName = (*rows)(nil)
	_ driver.RowsColumnTypeScanType         = (*rows)(nil)
	_ driver.RowsColumnTypeNullable         = (*rows)(nil)
)

func newRows(cols []string, recv func() ([]types.Value, error), close func()) *rows {
	return &rows{cols: cols, recv: recv, close: close, kinds: make([]types.Kind, len(cols))}
}

// resultRows are the rows of a result held whole (a statement other than
// a SELECT).
func resultRows(res *lakesql.Result) *rows {
	cols := make([]string, len(res.Columns))
	for i, c := range res.Columns {
		cols[i] = c.Name
	}
	all := res.Rows
	return newRows(cols, func() ([]types.Value, error) {
		if len(all) == 0 {
			return nil, io.EOF
		}
		r := all[0]
		all = all[1:]
		return r, nil
	}, func() {})
}

func (r *rows) Columns() []string { return r.cols }

func (r *rows) Close() error {
	r.close()
	return nil
}

func (r *rows) Next(dest []driver.Value) error {
	row, err := r.next()
	if err != nil {
		return err
	}
	for i, v := range row {
		dest[i] = goValue(v)
	}
	return nil
}

func (r *rows) next() ([]types.Value, error) {
	if len(r.head) > 0 {
		row := r.head[0]
		r.head = r.head[1:]
		return row, nil
	}
	if r.end != nil {
		return nil, r.end
	}
	return r.pull()
}

// pull receives the next row and notes its kinds.
func (r *rows) pull() ([]types.Value, error) {
	row, err := r.recv()
	if err != nil {
		r.end = err
		return nil, err
	}
	if r.seen < lookahead {
		r.seen++
		for i, v := range row {
			if r.kinds[i] == types.Null {
				r.kinds[i] = v.K
			}
		}
	}
	return row, nil
}

// kind returns column i's kind, reading rows ahead until it is known,
// the first lookahead rows were seen or they end.
func (r *rows) kind(i int) types.Kind {
	for r.kinds[i] == types.Null && r.seen < lookahead && r.end == nil {
		if row, err := r.pull(); err == nil {
			r.head = append(r.head, row)
		}
	}
	return r.kinds[i]
}

// ColumnTypeDatabaseTypeName is the engine's name of the column's kind
// (BIGINT, DOUBLE, VARCHAR, BOOLEAN, DATE, TIMESTAMP, JSON, …), NULL when
// the first rows have no value there.
func (r *rows) ColumnTypeDatabaseTypeName(i int) string { return r.kind(i).String() }

// ColumnTypeScanType is the Go type Next gives the column's values of
// its kind; any for a column of NULLs.
func (r *rows) ColumnTypeScanType(i int) reflect.Type { return scanType(r.kind(i)) }

// ColumnTypeNullable: any column may hold NULL, a row's missing field.
func (r *rows) ColumnTypeNullable(int) (nullable, ok bool) { return true, true }

func scanType(k types.Kind) reflect.Type {
	switch k {
	case types.Bool:
		return reflect.TypeFor[bool]()
	case types.Int:
		return reflect.TypeFor[int64]()
	case types.Float:
		return reflect.TypeFor[float64]()
	case types.Date, types.Timestamp:
		return reflect.TypeFor[time.Time]()
	case types.Null:
		return reflect.TypeFor[any]()
	}
	return reflect.TypeFor[string]()
}

// goValue is v as a driver.Value: NULL is nil, a DATE midnight UTC, a
// TIMESTAMP its instant in UTC; a HUGEINT, INTERVAL or JSON value is its
// text.
func goValue(v types.Value) driver.Value {
	switch v.K {
	case types.Null:
		return nil
	case types.Bool:
		return v.Bool()
	case types.Int:
		return v.I
	case types.Float:
		return v.F()
	case types.Date:
		return time.Unix(v.I*86400, 0).UTC()
	case types.Timestamp:
		return time.UnixMicro(v.I).UTC()
	}
	return v.String()
}

// stream starts sel on the session and returns its rows once its columns
// are known (or its error, if it fails first). The scan pushes its rows
// into a channel of a few that Next pulls from; Close cancels the scan
// and waits for it to end.
func stream(ctx context.Context, sess *lakesql.Session, sel *ast.Select) (driver.Rows, error) {
	sctx, cancel := context.WithCancel(ctx)
	e := &emitter{ctx: sctx, cols: make(chan []string, 1), rows: make(chan []types.Value, 64)}
	var err error // the stream's, set before rows is closed
	go func() {
		_, _, err = sess.StreamStatement(sctx, sel, e)
		close(e.cols)
		close(e.rows)
	}()
	cols, ok := <-e.cols
	if !ok {
		for range e.rows {
		}
		cancel()
		return nil, canceled(ctx, err)
	}
	recv := func() ([]types.Value, error) {
		row, ok := <-e.rows
		if ok {
			return row, nil
		}
		if err != nil {
			return nil, canceled(ctx, err)
		}
		return nil, io.EOF
	}
	return newRows(cols, recv, func() {
		cancel()
		for range e.rows {
		}
	}), nil
}

// emitter hands a stream's columns and rows over to its rows, copied out
// of the scan's buffers; it stops the scan when the rows are closed.
type emitter struct {
	ctx  context.Context
	cols chan []string
	rows chan []types.Value
}

func (e *emitter) Columns(names []string) error {
	e.cols <- slices.Clone(names)
	return nil
}

func (e *emitter) Row(r []types.Value) error {
	row := make([]types.Value, len(r))
	for i, v := range r {
		row[i] = v.Clone()
	}
	select {
	case e.rows <- row:
		return nil
	case <-e.ctx.Done():
		return e.ctx.Err()
	}
}
