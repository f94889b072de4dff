package ast

import "strings"

// CopyTo is COPY (query) TO 'path' [(options)] or COPY lake TO 'path'
// [(options)], DuckDB's syntax: the rows of a query, or of a whole lake,
// written to a file, or to a folder of Hive partitions. The options are
// FORMAT csv|json|parquet (else the path's extension says), HEADER [bool]
// (CSV; on by default), PARTITION_BY (col, …) and OVERWRITE [bool].
type CopyTo struct {
	Query       Statement // a *Select or *Union; nil for a lake
	Lake        string    // when Query is nil
	To          string
	Format      string // lower case; "": from the extension
	NoHeader    bool   // HEADER false
	PartitionBy []string
	Overwrite   bool
}

func (CopyTo) stmt() {}

func (s CopyTo) String() string {
	var b strings.Builder
	b.WriteString("COPY ")
	if s.Query != nil {
		b.WriteString("(" + s.Query.String() + ")")
	} else {
		b.WriteString(lakeIdent(s.Lake))
	}
	b.WriteString(" TO " + sqlString(s.To))
	var opts []string
	if s.Format != "" {
		opts = append(opts, "FORMAT "+s.Format)
	}
	if s.NoHeader {
		opts = append(opts, "HEADER false")
	}
	if len(s.PartitionBy) > 0 {
		opts = append(opts, "PARTITION_BY ("+joinIdents(s.PartitionBy)+")")
	}
	if s.Overwrite {
		opts = append(opts, "OVERWRITE")
	}
	if len(opts) > 0 {
		b.WriteString(" (" + strings.Join(opts, ", ") + ")")
	}
	return b.String()
}
