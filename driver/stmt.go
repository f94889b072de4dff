package driver

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	lakesql "github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/types"
)

// stmt is a parsed statement with n ? placeholders.
type stmt struct {
	c  *conn
	st ast.Statement
	n  int
}

var (
	_ driver.StmtExecContext  = (*stmt)(nil)
	_ driver.StmtQueryContext = (*stmt)(nil)
)

func (s *stmt) Close() error { return nil }

// NumInput is the number of ? placeholders.
func (s *stmt) NumInput() int { return s.n }

func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), named(args))
}

func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), named(args))
}

// ExecContext runs the statement for its effect: a query's rows are read
// and dropped as the scan goes, none kept.
func (s *stmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	st, err := s.bind(args)
	if err != nil {
		return nil, err
	}
	if _, ok := st.(*ast.Select); ok {
		if _, _, err := s.c.sess.StreamStatement(ctx, st, discard{}); err != nil {
			return nil, canceled(ctx, err)
		}
		return result{rows: -1}, nil
	}
	res, err := s.c.sess.Run(ctx, st)
	if err != nil {
		return nil, canceled(ctx, err)
	}
	return affected(st, res), nil
}

// QueryContext runs the statement for its rows: a SELECT's stream from the
// scan (see stream), any other statement's are its whole result.
func (s *stmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	st, err := s.bind(args)
	if err != nil {
		return nil, err
	}
	if sel, ok := st.(*ast.Select); ok {
		return stream(ctx, s.c.sess, sel)
	}
	res, err := s.c.sess.Run(ctx, st)
	if err != nil {
		return nil, canceled(ctx, err)
	}
	return resultRows(res), nil
}

// bind returns the statement with its arguments in place of its
// placeholders.
func (s *stmt) bind(args []driver.NamedValue) (ast.Statement, error) {
	vals := make([]types.Value, len(args))
	for i, a := range args {
		v, err := value(a)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return lakesql.Bind(s.st, vals)
}

// value is the SQL value of an argument, as database/sql's default
// converter leaves it: a time.Time is the TIMESTAMP of its instant in UTC,
// to the microsecond, and []byte is text.
func value(a driver.NamedValue) (types.Value, error) {
	if a.Name != "" {
		return types.Value{}, fmt.Errorf("%w: %s", ErrNamedArg, a.Name)
	}
	switch v := a.Value.(type) {
	case nil:
		return types.Value{}, nil
	case int64:
		return types.IntValue(v), nil
	case float64:
		return types.FloatValue(v), nil
	case bool:
		return types.BoolValue(v), nil
	case string:
		return types.StringValue(v), nil
	case []byte:
		return types.StringValue(string(v)), nil
	case time.Time:
		return types.TimestampValue(v.UnixMicro()), nil
	}
	return types.Value{}, fmt.Errorf("%w: argument %d is %T", ErrArgType, a.Ordinal, a.Value)
}

func named(args []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(args))
	for i, v := range args {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return out
}

// canceled returns the context's error for a statement its context
// stopped, err otherwise.
func canceled(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil && (errors.Is(err, lakesql.ErrCanceled) || errors.Is(err, ctx.Err())) {
		return ctx.Err()
	}
	return err
}

// discard is the Emitter of a query run for its effect.
type discard struct{}

func (discard) Columns([]string) error  { return nil }
func (discard) Row([]types.Value) error { return nil }
