package driver

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/lakesql/lakesql/catalog"
	lakesql "github.com/lakesql/lakesql/sql"
	"github.com/lakesql/lakesql/sql/parser"
)

func init() { sql.Register("lakesql", Driver{}) }

// Driver is the database/sql driver of lakesql, registered as "lakesql".
// Its data source name is a work folder.
type Driver struct{}

// Open returns a connection to the work folder name.
func (d Driver) Open(name string) (driver.Conn, error) {
	c, err := d.OpenConnector(name)
	if err != nil {
		return nil, err
	}
	return c.Connect(context.Background())
}

// OpenConnector returns a connector to the work folder name, which must
// exist when a connection is made.
func (d Driver) OpenConnector(name string) (driver.Connector, error) {
	return &connector{cat: catalog.New(name), d: d}, nil
}

// connector makes connections to one work folder.
type connector struct {
	cat *catalog.Catalog
	d   Driver
}

// Connect returns a connection with a session of its own (database/sql
// uses a connection from one goroutine at a time; sessions are not
// shared).
func (c *connector) Connect(context.Context) (driver.Conn, error) {
	if err := c.cat.Check(); err != nil {
		return nil, fmt.Errorf("lakesql: %w", err)
	}
	return &conn{sess: lakesql.NewSession(c.cat)}, nil
}

func (c *connector) Driver() driver.Driver { return c.d }

// conn is a connection: a session over the work folder.
type conn struct {
	sess *lakesql.Session
}

var (
	_ driver.ConnPrepareContext = (*conn)(nil)
	_ driver.ConnBeginTx        = (*conn)(nil)
	_ driver.ExecerContext      = (*conn)(nil)
	_ driver.QueryerContext     = (*conn)(nil)
)

func (c *conn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext parses query once; its statement binds and runs it.
func (c *conn) PrepareContext(_ context.Context, query string) (driver.Stmt, error) {
	st, err := parser.Parse(query)
	if err != nil {
		return nil, err
	}
	n, err := lakesql.Params(st)
	if err != nil {
		return nil, err
	}
	return &stmt{c: c, st: st, n: n}, nil
}

func (c *conn) Close() error { return nil }

func (c *conn) Begin() (driver.Tx, error) { return nil, ErrTx }

func (c *conn) BeginTx(context.Context, driver.TxOptions) (driver.Tx, error) { return nil, ErrTx }

// ExecContext runs query without a prepared statement.
func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.(*stmt).ExecContext(ctx, args)
}

// QueryContext runs query without a prepared statement.
func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.(*stmt).QueryContext(ctx, args)
}
