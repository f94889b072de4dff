package driver

import "errors"

var (
	// ErrTx: the lake has no transactions across statements; each
	// statement commits on its own (or, for a query, reads one snapshot).
	ErrTx = errors.New("lakesql: transactions are not supported")
	// ErrNamedArg: an argument named with sql.Named; only ? placeholders,
	// by position, are.
	ErrNamedArg = errors.New("lakesql: named arguments are not supported (write ?)")
	// ErrArgType: an argument of a type that has no SQL value.
	ErrArgType = errors.New("lakesql: unsupported argument type")
	// ErrLastInsertID: lake rows have no generated ids.
	ErrLastInsertID = errors.New("lakesql: LastInsertId is not supported")
	// ErrRowsAffected: the statement writes no rows (a query, SHOW, ALTER
	// LAKE … COMPACT, VACUUM, …), so has no count of them.
	ErrRowsAffected = errors.New("lakesql: the statement reports no rows affected")
)
