package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	_ "unsafe" // go:linkname, for tpchScaleDown

	"github.com/pingcap/go-tpc/tpch/dbgen"
)

// The TPC-H data (-tpch): the 8 tables made by go-tpc's port of dbgen
// (github.com/pingcap/go-tpc/tpch/dbgen) and written by our own loaders as
// JSON Lines with the TPC-H column names: integers as JSON integers, money
// and the other decimal columns (dbgen's FmtMoney text, "123.45") as JSON
// numbers, dates as "YYYY-MM-DD" strings, text as strings. Rows stream to
// buffered files; no table is held in memory.

// tpchColumn is one column: its TPC-H name and its type in DuckDB's view.
// DECIMAL columns are DOUBLE there, because our engine's numbers are
// int64 and float64: DuckDB's exact DECIMAL arithmetic is not what we are
// compared with.
type tpchColumn struct{ name, duck string }

// tpchTable is one table, a lake of its own: its columns in row order and
// the lake's partition key. CREATE LAKE needs a key. lineitem and orders
// are partitioned by month of l_shipdate and o_orderdate, a field added to
// their rows for it (added: not a TPC-H column, no query reads it); the
// others by a column of few values that no query filters on, so that
// neither side prunes files (DuckDB's view reads every file of the
// manifest anyway); partsupp has no such column, so its rows get one too:
// ps_partgroup, the block of 10,000 part keys the row's part is in.
type tpchTable struct {
	name  string
	cols  []tpchColumn
	key   string
	added bool // key is a field added to the rows, not a column
	why   string
}

// tpchTables are the 8 tables, in the order they are made and listed.
var tpchTables = []tpchTable{
	{"lineitem", []tpchColumn{
		{"l_orderkey", "BIGINT"}, {"l_partkey", "BIGINT"}, {"l_suppkey", "BIGINT"}, {"l_linenumber", "BIGINT"},
		{"l_quantity", "DOUBLE"}, {"l_extendedprice", "DOUBLE"}, {"l_discount", "DOUBLE"}, {"l_tax", "DOUBLE"},
		{"l_returnflag", "VARCHAR"}, {"l_linestatus", "VARCHAR"},
		{"l_shipdate", "DATE"}, {"l_commitdate", "DATE"}, {"l_receiptdate", "DATE"},
		{"l_shipinstruct", "VARCHAR"}, {"l_shipmode", "VARCHAR"}, {"l_comment", "VARCHAR"},
	}, "l_shipmonth", true, "month of l_shipdate (\"1995-03\")"},
	{"orders", []tpchColumn{
		{"o_orderkey", "BIGINT"}, {"o_custkey", "BIGINT"}, {"o_orderstatus", "VARCHAR"}, {"o_totalprice", "DOUBLE"},
		{"o_orderdate", "DATE"}, {"o_orderpriority", "VARCHAR"}, {"o_clerk", "VARCHAR"}, {"o_shippriority", "BIGINT"},
		{"o_comment", "VARCHAR"},
	}, "o_ordermonth", true, "month of o_orderdate"},
	{"part", []tpchColumn{
		{"p_partkey", "BIGINT"}, {"p_name", "VARCHAR"}, {"p_mfgr", "VARCHAR"}, {"p_brand", "VARCHAR"},
		{"p_type", "VARCHAR"}, {"p_size", "BIGINT"}, {"p_container", "VARCHAR"}, {"p_retailprice", "DOUBLE"},
		{"p_comment", "VARCHAR"},
	}, "p_mfgr", false, "5 values"},
	{"partsupp", []tpchColumn{
		{"ps_partkey", "BIGINT"}, {"ps_suppkey", "BIGINT"}, {"ps_availqty", "BIGINT"}, {"ps_supplycost", "DOUBLE"},
		{"ps_comment", "VARCHAR"},
	}, "ps_partgroup", true, "(ps_partkey − 1) / 10,000: 20 values at SF 1"},
	{"supplier", []tpchColumn{
		{"s_suppkey", "BIGINT"}, {"s_name", "VARCHAR"}, {"s_address", "VARCHAR"}, {"s_nationkey", "BIGINT"},
		{"s_phone", "VARCHAR"}, {"s_acctbal", "DOUBLE"}, {"s_comment", "VARCHAR"},
	}, "s_nationkey", false, "25 values"},
	{"customer", []tpchColumn{
		{"c_custkey", "BIGINT"}, {"c_name", "VARCHAR"}, {"c_address", "VARCHAR"}, {"c_nationkey", "BIGINT"},
		{"c_phone", "VARCHAR"}, {"c_acctbal", "DOUBLE"}, {"c_mktsegment", "VARCHAR"}, {"c_comment", "VARCHAR"},
	}, "c_nationkey", false, "25 values"},
	{"nation", []tpchColumn{
		{"n_nationkey", "BIGINT"}, {"n_name", "VARCHAR"}, {"n_regionkey", "BIGINT"}, {"n_comment", "VARCHAR"},
	}, "n_regionkey", false, "5 values"},
	{"region", []tpchColumn{
		{"r_regionkey", "BIGINT"}, {"r_name", "VARCHAR"}, {"r_comment", "VARCHAR"},
	}, "r_regionkey", false, "5 rows, a file each"},
}

// tpchGenOptions says what to generate.
type tpchGenOptions struct {
	sf int64 // dbgen's scale factor (InitDbGen takes an integer)
	// permille, if in 1…999, generates SF permille/1000 instead, the way
	// the C dbgen makes a scale factor below 1 (-s 0.01): scale 1, every
	// table but nation and region sized base × permille / 1000, and the
	// key ranges (customers of an order, parts and suppliers of a line)
	// within those sizes, so that every key still finds its row.
	permille int64
}

// tpchFile is one table's JSON Lines file being written.
type tpchFile struct {
	path  string
	f     *os.File
	w     *bufio.Writer
	rows  int64
	bytes int64
	buf   []byte
}

func (f *tpchFile) write(b []byte) error {
	n, err := f.w.Write(b)
	f.bytes += int64(n)
	f.rows++
	return err
}

// tpchGenOnce: dbgen's state is global and InitDbGen cannot be called twice
// in one process (its distributions are appended to, not replaced, so a
// second call makes other data), so a process generates once.
var tpchGenOnce struct {
	sync.Mutex
	done bool
}

// tpchGenResult is what was written: rows and bytes per table.
type tpchGenResult struct {
	rows  map[string]int64
	bytes map[string]int64
}

// writeTPCH generates the tables into dir/<table>.jsonl.
func writeTPCH(dir string, opt tpchGenOptions) (res tpchGenResult, err error) {
	tpchGenOnce.Lock()
	defer tpchGenOnce.Unlock()
	if tpchGenOnce.done {
		return res, errors.New("dbgen has already run in this process: its global state cannot be set up twice")
	}
	tpchGenOnce.done = true
	if opt.sf < 1 {
		return res, fmt.Errorf("scale factor %d: want ≥ 1", opt.sf)
	}

	files := map[string]*tpchFile{}
	defer func() {
		for _, f := range files {
			if f.f != nil {
				f.f.Close()
			}
		}
	}()
	for _, t := range tpchTables {
		p := filepath.Join(dir, t.name+".jsonl")
		fh, err := os.Create(p)
		if err != nil {
			return res, err
		}
		files[t.name] = &tpchFile{path: p, f: fh, w: bufio.NewWriterSize(fh, 1<<20), buf: make([]byte, 0, 1024)}
	}

	// dbgen prints a line per table on stdout, where the bench prints its
	// table: send it to stderr while it runs.
	stdout := os.Stdout
	os.Stdout = os.Stderr
	defer func() { os.Stdout = stdout }()

	dbgen.InitDbGen(opt.sf)
	if opt.permille > 0 {
		if opt.sf != 1 || opt.permille >= 1000 {
			return res, fmt.Errorf("SF %d.%03d: a scale below 1 is made from scale 1", opt.sf, opt.permille)
		}
		tpchScaleDown(opt.permille)
	}
	defer tpchFreeTextPool()

	li, or, pa, ps := files["lineitem"], files["orders"], files["part"], files["partsupp"]
	loaders := map[dbgen.Table]dbgen.Loader{
		dbgen.TOrder: tpchLoader{or, func(b []byte, item any) []byte { return tpchOrderRow(b, item.(*dbgen.Order)) }},
		dbgen.TLine: tpchMultiLoader{li, func(item any, emit func([]byte) error) error {
			for i := range item.(*dbgen.Order).Lines {
				if err := emit(tpchLineRow(li.buf[:0], &item.(*dbgen.Order).Lines[i])); err != nil {
					return err
				}
			}
			return nil
		}},
		dbgen.TPart: tpchLoader{pa, func(b []byte, item any) []byte { return tpchPartRow(b, item.(*dbgen.Part)) }},
		dbgen.TPsupp: tpchMultiLoader{ps, func(item any, emit func([]byte) error) error {
			for i := range item.(*dbgen.Part).S {
				if err := emit(tpchPartSuppRow(ps.buf[:0], &item.(*dbgen.Part).S[i])); err != nil {
					return err
				}
			}
			return nil
		}},
		dbgen.TSupp:   tpchLoader{files["supplier"], func(b []byte, item any) []byte { return tpchSuppRow(b, item.(*dbgen.Supp)) }},
		dbgen.TCust:   tpchLoader{files["customer"], func(b []byte, item any) []byte { return tpchCustRow(b, item.(*dbgen.Cust)) }},
		dbgen.TNation: tpchLoader{files["nation"], func(b []byte, item any) []byte { return tpchNationRow(b, item.(*dbgen.Nation)) }},
		dbgen.TRegion: tpchLoader{files["region"], func(b []byte, item any) []byte { return tpchRegionRow(b, item.(*dbgen.Region)) }},
	}
	// orders and lineitem are made together, and part and partsupp.
	tables := []dbgen.Table{dbgen.TOrderLine, dbgen.TPartPsupp, dbgen.TSupp, dbgen.TCust, dbgen.TNation, dbgen.TRegion}
	if err := dbgen.DbGen(loaders, tables); err != nil {
		return res, err
	}

	res = tpchGenResult{rows: map[string]int64{}, bytes: map[string]int64{}}
	for _, t := range tpchTables {
		f := files[t.name]
		if err := f.w.Flush(); err != nil {
			return res, fmt.Errorf("write %s: %w", f.path, err)
		}
		if err := f.f.Close(); err != nil {
			return res, fmt.Errorf("write %s: %w", f.path, err)
		}
		f.f = nil
		res.rows[t.name], res.bytes[t.name] = f.rows, f.bytes
	}
	return res, nil
}

// tpchLoader writes one row per item: row appends it to b.
type tpchLoader struct {
	f   *tpchFile
	row func(b []byte, item any) []byte
}

func (l tpchLoader) Load(item interface{}) error {
	b := l.row(l.f.buf[:0], item)
	l.f.buf = b[:0]
	return l.f.write(b)
}

func (l tpchLoader) Flush() error { return nil } // the files are flushed once, at the end

// tpchMultiLoader writes the rows of an item's children (an order's lines,
// a part's suppliers); it has no limit of its own.
type tpchMultiLoader struct {
	f    *tpchFile
	rows func(item any, emit func([]byte) error) error
}

func (l tpchMultiLoader) Load(item interface{}) error {
	return l.rows(item, func(b []byte) error {
		l.f.buf = b[:0]
		return l.f.write(b)
	})
}

func (l tpchMultiLoader) Flush() error { return nil }

// The rows. Field order is the table's column order (tpchTables), then the
// partition field.

func tpchOrderRow(b []byte, o *dbgen.Order) []byte {
	b = tjInt(b, '{', "o_orderkey", int64(o.OKey))
	b = tjInt(b, ',', "o_custkey", int64(o.CustKey))
	b = tjStr(b, "o_orderstatus", string(o.Status))
	b = tjNum(b, "o_totalprice", dbgen.FmtMoney(o.TotalPrice))
	b = tjStr(b, "o_orderdate", o.Date)
	b = tjStr(b, "o_orderpriority", o.OrderPriority)
	b = tjStr(b, "o_clerk", o.Clerk)
	b = tjInt(b, ',', "o_shippriority", o.ShipPriority)
	b = tjStr(b, "o_comment", o.Comment)
	b = tjStr(b, "o_ordermonth", o.Date[:7])
	return append(b, "}\n"...)
}

func tpchLineRow(b []byte, l *dbgen.LineItem) []byte {
	b = tjInt(b, '{', "l_orderkey", int64(l.OKey))
	b = tjInt(b, ',', "l_partkey", int64(l.PartKey))
	b = tjInt(b, ',', "l_suppkey", int64(l.SuppKey))
	b = tjInt(b, ',', "l_linenumber", int64(l.LCnt))
	b = tjInt(b, ',', "l_quantity", int64(l.Quantity)) // dbgen writes it as an integer
	b = tjNum(b, "l_extendedprice", dbgen.FmtMoney(l.EPrice))
	b = tjNum(b, "l_discount", dbgen.FmtMoney(l.Discount))
	b = tjNum(b, "l_tax", dbgen.FmtMoney(l.Tax))
	b = tjStr(b, "l_returnflag", string(l.RFlag))
	b = tjStr(b, "l_linestatus", string(l.LStatus))
	b = tjStr(b, "l_shipdate", l.SDate)
	b = tjStr(b, "l_commitdate", l.CDate)
	b = tjStr(b, "l_receiptdate", l.RDate)
	b = tjStr(b, "l_shipinstruct", l.ShipInstruct)
	b = tjStr(b, "l_shipmode", l.ShipMode)
	b = tjStr(b, "l_comment", l.Comment)
	b = tjStr(b, "l_shipmonth", l.SDate[:7])
	return append(b, "}\n"...)
}

func tpchPartRow(b []byte, p *dbgen.Part) []byte {
	b = tjInt(b, '{', "p_partkey", int64(p.PartKey))
	b = tjStr(b, "p_name", p.Name)
	b = tjStr(b, "p_mfgr", p.Mfgr)
	b = tjStr(b, "p_brand", p.Brand)
	b = tjStr(b, "p_type", p.Type)
	b = tjInt(b, ',', "p_size", int64(p.Size))
	b = tjStr(b, "p_container", p.Container)
	b = tjNum(b, "p_retailprice", dbgen.FmtMoney(p.RetailPrice))
	b = tjStr(b, "p_comment", p.Comment)
	return append(b, "}\n"...)
}

func tpchPartSuppRow(b []byte, s *dbgen.PartSupp) []byte {
	b = tjInt(b, '{', "ps_partkey", int64(s.PartKey))
	b = tjInt(b, ',', "ps_suppkey", int64(s.SuppKey))
	b = tjInt(b, ',', "ps_availqty", int64(s.Qty))
	b = tjNum(b, "ps_supplycost", dbgen.FmtMoney(s.SCost))
	b = tjStr(b, "ps_comment", s.Comment)
	b = tjInt(b, ',', "ps_partgroup", (int64(s.PartKey)-1)/10_000)
	return append(b, "}\n"...)
}

func tpchSuppRow(b []byte, s *dbgen.Supp) []byte {
	b = tjInt(b, '{', "s_suppkey", int64(s.SuppKey))
	b = tjStr(b, "s_name", s.Name)
	b = tjStr(b, "s_address", s.Address)
	b = tjInt(b, ',', "s_nationkey", int64(s.NationCode))
	b = tjStr(b, "s_phone", s.Phone)
	b = tjNum(b, "s_acctbal", dbgen.FmtMoney(s.Acctbal))
	b = tjStr(b, "s_comment", s.Comment)
	return append(b, "}\n"...)
}

func tpchCustRow(b []byte, c *dbgen.Cust) []byte {
	b = tjInt(b, '{', "c_custkey", int64(c.CustKey))
	b = tjStr(b, "c_name", c.Name)
	b = tjStr(b, "c_address", c.Address)
	b = tjInt(b, ',', "c_nationkey", int64(c.NationCode))
	b = tjStr(b, "c_phone", c.Phone)
	b = tjNum(b, "c_acctbal", dbgen.FmtMoney(c.Acctbal))
	b = tjStr(b, "c_mktsegment", c.MktSegment)
	b = tjStr(b, "c_comment", c.Comment)
	return append(b, "}\n"...)
}

func tpchNationRow(b []byte, n *dbgen.Nation) []byte {
	b = tjInt(b, '{', "n_nationkey", int64(n.Code))
	b = tjStr(b, "n_name", n.Text)
	b = tjInt(b, ',', "n_regionkey", int64(n.Join))
	b = tjStr(b, "n_comment", n.Comment)
	return append(b, "}\n"...)
}

func tpchRegionRow(b []byte, r *dbgen.Region) []byte {
	b = tjInt(b, '{', "r_regionkey", int64(r.Code))
	b = tjStr(b, "r_name", r.Text)
	b = tjStr(b, "r_comment", r.Comment)
	return append(b, "}\n"...)
}

// tjInt appends sep, "name": and the integer v.
func tjInt(b []byte, sep byte, name string, v int64) []byte {
	b = append(b, sep, '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, v, 10)
}

// tjNum appends ,"name": and a number already in JSON's form (FmtMoney's
// "-12.05").
func tjNum(b []byte, name, num string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return append(b, num...)
}

func tjStr(b []byte, name, v string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendJSONString(b, v)
}

// dbgen keeps its table sizes and key ranges unexported; a scale below 1
// needs them (tpchScaleDown), and the 300 MB text pool it makes on
// InitDbGen is let go after generation (tpchFreeTextPool). These names
// are go-tpc v1.0.7's (bench/go.mod pins it); tpchDBGenDef mirrors its
// tDef struct field for field.
type tpchDBGenDef struct {
	name, comment string
	base          int64
	loader        dbgen.Loader
	genSeed       func(dbgen.Table, int64)
	child         dbgen.Table
	vTotal        int64
}

//go:linkname tpchDBGenDefs github.com/pingcap/go-tpc/tpch/dbgen.tDefs
var tpchDBGenDefs []tpchDBGenDef

//go:linkname tpchDBGenOCKeyMax github.com/pingcap/go-tpc/tpch/dbgen.ockeyMax
var tpchDBGenOCKeyMax int64

//go:linkname tpchDBGenTextPool github.com/pingcap/go-tpc/tpch/dbgen.szTextPool
var tpchDBGenTextPool []byte

// tpchScaleDown does what the C dbgen does for a scale factor below 1,
// after InitDbGen(1): the sizes of the tables before nation shrink to
// base × permille / 1000 (at least 1), and the ranges derived from them
// (an order's customer, a line's part; a line's and a partsupp's supplier
// come from the supplier table's size directly) follow.
func tpchScaleDown(permille int64) {
	for t := dbgen.TPart; t < dbgen.TNation; t++ {
		d := &tpchDBGenDefs[t]
		d.base = max(d.base*permille/1000, 1)
	}
	tpchDBGenOCKeyMax = tpchDBGenDefs[dbgen.TCust].base
	// LPkeyMax is exported but of dbgen's unexported integer type.
	reflect.ValueOf(&dbgen.LPkeyMax).Elem().SetInt(tpchDBGenDefs[dbgen.TPart].base)
}

func tpchFreeTextPool() { tpchDBGenTextPool = nil }
