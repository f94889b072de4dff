package sql

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/storage"
)

// Metadata tables, in the spirit of Paimon's system tables (t$files,
// t$partitions, t$snapshots) and Iceberg's (db.t.files): a lake's files,
// partitions and generations as tables that SQL reads like any lake, made
// from the lake's manifest and the work folder's history alone, never from
// the data. Each is served as one JSON Lines file held in memory, so every
// query, function and aggregate works on them as it does on a lake. They
// are named lake$files (quoted: `orders$files`) or lake.files.
//
//   - files: path, one column per key field (NULL for the folder of NULLs),
//     rows, bytes, and generation: the generation that wrote the file.
//   - partitions: one column per key field, files, rows, bytes.
//   - history: one row per generation from 0 to the lake's: generation,
//     time, operation (write, append, compact, repartition), files_added,
//     bytes_added, files_removed, bytes_removed. What the history does not
//     tell (a generation whose record is missing) is NULL.
//
// A key field named as one of a table's own columns gets the column name
// key_<field>.

// metaColumns are each metadata table's columns besides the key fields: the
// key fields come after the first n.
var metaColumns = map[string]struct {
	before, after []string
}{
	"files":      {[]string{"path"}, []string{"rows", "bytes", "generation"}},
	"partitions": {nil, []string{"files", "rows", "bytes"}},
	"history":    {[]string{"generation", "time", "operation", "files_added", "bytes_added", "files_removed", "bytes_removed"}, nil},
}

// metaName splits a metadata table's name, lake$table, into the lake and
// the table.
func metaName(name string) (lake, table string, ok bool) {
	lake, table, ok = strings.Cut(name, "$")
	if !ok {
		return "", "", false
	}
	_, known := metaColumns[strings.ToLower(table)]
	return lake, strings.ToLower(table), known
}

// virtual reports whether name is a table that is no lake: a metadata
// table, a series (range, generate_series) or a file (FROM 'file.jsonl').
func virtual(name string) bool {
	_, _, meta := metaName(name)
	_, _, series := parser.SeriesCall(name)
	_, _, recursive := parser.RecursionTable(name)
	_, file := parser.FileCall(name)
	return meta || series || recursive || file
}

// virtualColumns is the columns of the virtual table name, known from its
// name and, for a metadata table, its lake's key, without making it (a
// series' arguments are not evaluated, the history not read).
func (s *Session) virtualColumns(name string) []string {
	if fn, _, ok := parser.SeriesCall(name); ok {
		return []string{fn}
	}
	if cols, _, ok := parser.RecursionTable(name); ok {
		return cols
	}
	if _, ok := parser.FileCall(name); ok {
		return s.fileColumns(name)
	}
	base, table, _ := metaName(name)
	snap, err := s.snapshot(base)
	if err != nil {
		return nil
	}
	return metaCols(table, snap.Key())
}

// metaSource is a metadata table: a Source of one file in memory.
type metaSource struct {
	name string
	gen  int64
	data []byte
	rows int64
	cols []string
}

func (m *metaSource) Name() string      { return m.name }
func (m *metaSource) Generation() int64 { return m.gen }
func (m *metaSource) Key() []string     { return nil }
func (m *metaSource) Files() []storage.FileEntry {
	if m.rows == 0 {
		return nil
	}
	return []storage.FileEntry{{Path: m.name, Rows: m.rows, Bytes: int64(len(m.data))}}
}
func (m *metaSource) Open(string) (io.ReadCloser, error) {
	return io.NopCloser(bytes.NewReader(m.data)), nil
}
func (m *metaSource) Path(rel string) string { return rel }

// metaCols is the columns of a metadata table of a lake of key key.
func metaCols(table string, key []string) []string {
	c := metaColumns[table]
	return slices.Concat(c.before, keyColumns(table, key), c.after)
}

// keyColumns names the columns of a table's key fields.
func keyColumns(table string, key []string) []string {
	c := metaColumns[table]
	own := append(slices.Clone(c.before), c.after...)
	out := make([]string, len(key))
	for i, k := range key {
		out[i] = k
		if slices.Contains(own, k) {
			out[i] = "key_" + k
		}
	}
	return out
}

// metaRows writes rows of JSON objects, members in column order.
type metaRows struct {
	cols []string
	buf  bytes.Buffer
	n    int64
}

// row writes one row: a value per column, each a string, int64,
// *time.Time, storage.PartValue or nil (NULL).
func (w *metaRows) row(vals ...any) {
	w.buf.WriteByte('{')
	for i, v := range vals {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		name, _ := json.Marshal(w.cols[i])
		w.buf.Write(name)
		w.buf.WriteByte(':')
		switch v := v.(type) {
		case nil:
			w.buf.WriteString("null")
		case int64:
			w.buf.WriteString(strconv.FormatInt(v, 10))
		case string:
			s, _ := json.Marshal(v)
			w.buf.Write(s)
		case storage.PartValue:
			if v.Null {
				w.buf.WriteString("null")
			} else {
				s, _ := json.Marshal(v.Str)
				w.buf.Write(s)
			}
		case time.Time:
			w.buf.WriteString(`"` + v.UTC().Format("2006-01-02 15:04:05") + `"`)
		default:
			panic(fmt.Sprintf("metaRows: a %T", v))
		}
	}
	w.buf.WriteString("}\n")
	w.n++
}

// newMetaSource makes table (files, partitions or history) of the lake
// snap, with the work folder's history events.
func newMetaSource(name, table string, snap *catalog.Snapshot, events []catalog.Event) *metaSource {
	m := snap.Manifest
	w := &metaRows{cols: metaCols(table, m.Key)}
	gens := generations(snap.Name(), m, events)
	switch table {
	case "files":
		for _, f := range m.Files {
			vals := []any{f.Path}
			for _, v := range f.Partition {
				vals = append(vals, v)
			}
			w.row(append(vals, f.Rows, f.Bytes, fileGeneration(f.Path, gens))...)
		}
	case "partitions":
		for _, p := range partitionTotals(m.Files) {
			var vals []any
			for _, v := range p.vals {
				vals = append(vals, v)
			}
			w.row(append(vals, p.files, p.rows, p.bytes)...)
		}
	case "history":
		for g := range m.Generation + 1 {
			e := gens.at[g]
			if e == nil {
				w.row(g, nil, nil, nil, nil, nil, nil)
				continue
			}
			var when any
			if !e.time.IsZero() {
				when = e.time
			}
			w.row(g, when, e.op, orNull(e.filesAdded), orNull(e.bytesAdded), orNull(e.filesRemoved), orNull(e.bytesRemoved))
		}
	}
	return &metaSource{name: name, gen: m.Generation, data: w.buf.Bytes(), rows: w.n, cols: w.cols}
}

// generation is what the history tells of one generation of a lake; -1
// for a count it does not tell.
type generation struct {
	time                       time.Time
	op                         string
	filesAdded, bytesAdded     int64
	filesRemoved, bytesRemoved int64
}

func orNull(n int64) any {
	if n < 0 {
		return nil
	}
	return n
}

// lakeHistory is the generations of a lake that the history tells, and
// the last one that rewrote the whole lake (files named without a
// generation, part-NNNN.jsonl, are its).
type lakeHistory struct {
	at    map[int64]*generation
	whole int64
}

// fileGeneration is the generation that wrote the file at rel: the one
// its name carries (part-gNNNN-…), or else the last that rewrote the
// whole lake.
func fileGeneration(rel string, h lakeHistory) int64 {
	base := path.Base(rel)
	if rest, ok := strings.CutPrefix(base, "part-g"); ok {
		if i := strings.IndexByte(rest, '-'); i > 0 {
			if g, err := strconv.ParseInt(rest[:i], 10, 64); err == nil {
				return g
			}
		}
	}
	return h.whole
}

// eventRecord is the members of a history event's result that the
// metadata tables read (compact.Result, compact.RepartitionResult,
// catalog.AppendResult).
type eventRecord struct {
	Lake       string `json:"lake"`
	From       string `json:"from"`
	To         string `json:"to"`
	Generation *int64 `json:"generation"`
	// append
	FilesAdded int64 `json:"files_added"`
	BytesAdded int64 `json:"bytes_added"`
	// compact
	BeforeFiles    int64 `json:"before_files"`
	AfterFiles     int64 `json:"after_files"`
	Bytes          int64 `json:"bytes"`
	RewrittenFiles int64 `json:"rewritten_files"`
	RewrittenBytes int64 `json:"rewritten_bytes"`
	KeptFiles      int64 `json:"kept_files"`
	KeptBytes      int64 `json:"kept_bytes"`
	// repartition
	FilesBefore  int64 `json:"files_before"`
	FilesAfter   int64 `json:"files_after"`
	BytesRead    int64 `json:"bytes_read"`
	BytesWritten int64 `json:"bytes_written"`
}

// generations reads the history's events of lake into its generations, up
// to the manifest's. The events of one lake follow each other in
// generations; an event whose generation does not exceed the last one's
// begins the history again (the lake was written anew under the same
// name), except a compaction that changed nothing, which keeps the
// generation it found. Events past the manifest's generation are of a
// lake of that name before this one, and tell nothing.
func generations(lake string, m *storage.Manifest, events []catalog.Event) lakeHistory {
	h := lakeHistory{at: map[int64]*generation{}}
	last := int64(0)
	for _, ev := range events {
		var r eventRecord
		if json.Unmarshal(ev.Result, &r) != nil {
			continue
		}
		g := &generation{time: ev.Time, op: ev.Op}
		var gen int64
		switch ev.Op {
		case "append", "compact":
			if r.Lake != lake || r.Generation == nil {
				continue
			}
			gen = *r.Generation
			if ev.Op == "compact" && r.RewrittenFiles == 0 && r.AfterFiles == r.BeforeFiles && r.KeptFiles == r.BeforeFiles && gen <= last {
				continue // nothing to compact: no new generation
			}
			if ev.Op == "append" {
				g.filesAdded, g.bytesAdded = r.FilesAdded, r.BytesAdded
			} else {
				g.filesAdded, g.bytesAdded = r.AfterFiles-r.KeptFiles, r.Bytes-r.KeptBytes
				g.filesRemoved, g.bytesRemoved = r.RewrittenFiles, r.RewrittenBytes
			}
		case "repartition":
			if r.To != lake {
				continue
			}
			if r.Generation != nil {
				gen = *r.Generation
			}
			g.filesAdded, g.bytesAdded = r.FilesAfter, r.BytesWritten
			g.filesRemoved, g.bytesRemoved = -1, -1
			if r.From == r.To {
				g.filesRemoved, g.bytesRemoved = r.FilesBefore, r.BytesRead
			} else if gen == 0 {
				g.filesRemoved, g.bytesRemoved = 0, 0
			}
		default:
			continue
		}
		if gen <= last && len(h.at) > 0 {
			h = lakeHistory{at: map[int64]*generation{}}
		}
		if ev.Op == "repartition" {
			h.whole = gen
		}
		h.at[gen], last = g, gen
	}
	if last > m.Generation {
		h = lakeHistory{at: map[int64]*generation{}}
	}
	if h.at[0] == nil {
		// Generation 0 wrote the lake: what it added, when every later
		// generation says what it added and removed.
		// (What it removed, when it replaced a lake of that name, the
		// history does not tell.)
		g := &generation{op: "write", filesAdded: -1, bytesAdded: -1, filesRemoved: -1, bytesRemoved: -1}
		files, size := int64(len(m.Files)), m.Bytes()
		for gen := m.Generation; gen > 0 && files >= 0; gen-- {
			e := h.at[gen]
			if e == nil || e.filesRemoved < 0 || e.op == "repartition" {
				files = -1
				break
			}
			files += e.filesRemoved - e.filesAdded
			size += e.bytesRemoved - e.bytesAdded
		}
		if files >= 0 {
			g.filesAdded, g.bytesAdded = files, size
		}
		h.at[0] = g
	}
	return h
}
