module github.com/lakesql/lakesql

go 1.26.0

require (
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
