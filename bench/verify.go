package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// The checks in this file are untimed and independent of both engines: they
// read the files themselves with encoding/json, so a wrong answer from either
// side (or a DuckDB output that is not valid JSON lines) cannot go unnoticed.

// agg is a row count and a sum of amount.
type agg struct{ rows, sum int64 }

func (a agg) String() string { return fmt.Sprintf("%d rows, sum %d", a.rows, a.sum) }

// stats summarises a set of JSON lines files.
type stats struct {
	total      agg
	files      int
	bytes      int64
	partitions int // distinct partition folders
	byDay      map[string]agg
	byRegion   map[string]agg
	byChannel  map[string]agg
	byDRC      map[string]agg // by day/region/channel
}

func newStats() *stats {
	return &stats{byDay: map[string]agg{}, byRegion: map[string]agg{}, byChannel: map[string]agg{}, byDRC: map[string]agg{}}
}

func (s *stats) add(o *order) {
	s.total.rows++
	s.total.sum += o.Amount
	addTo(s.byDay, o.Day, o.Amount)
	addTo(s.byRegion, o.Region, o.Amount)
	addTo(s.byChannel, o.Channel, o.Amount)
	addTo(s.byDRC, o.Day+"/"+o.Region+"/"+o.Channel, o.Amount)
}

func addTo(m map[string]agg, k string, amount int64) {
	a := m[k]
	a.rows++
	a.sum += amount
	m[k] = a
}

func (s *stats) merge(o *stats) {
	s.total.rows += o.total.rows
	s.total.sum += o.total.sum
	s.files += o.files
	s.bytes += o.bytes
	for _, p := range []struct{ dst, src map[string]agg }{{s.byDay, o.byDay}, {s.byRegion, o.byRegion}, {s.byChannel, o.byChannel}, {s.byDRC, o.byDRC}} {
		for k, v := range p.src {
			a := p.dst[k]
			a.rows += v.rows
			a.sum += v.sum
			p.dst[k] = a
		}
	}
}

// order is one generated row.
type order struct {
	OrderID string `json:"order_id"`
	Day     string `json:"day"`
	Region  string `json:"region"`
	Channel string `json:"channel"`
	Amount  int64  `json:"amount"`
	Qty     int64  `json:"qty"`
}

func (o *order) field(name string) (string, bool) {
	switch name {
	case "day":
		return o.Day, true
	case "region":
		return o.Region, true
	case "channel":
		return o.Channel, true
	case "order_id":
		return o.OrderID, true
	}
	return "", false
}

// dataFile is one file to check and the partition values its rows must have.
type dataFile struct {
	path      string
	partition map[string]string
}

// readRaw summarises raw.jsonl.
func readRaw(path string) (*stats, error) {
	return readFiles([]dataFile{{path: path}})
}

// readLake summarises a partitioned folder. With a _manifest.json (ours), the
// files are the ones the manifest lists, with its partition values; without
// (DuckDB's output, a plain copy), every *.jsonl file under dir, with the
// partition values taken from its field=value folders. Every row must match
// its partition values.
func readLake(dir string) (*stats, error) {
	var files []dataFile
	mpath := filepath.Join(dir, "_manifest.json")
	data, err := os.ReadFile(mpath)
	switch {
	case err == nil:
		var m struct {
			Files []struct {
				Path      string         `json:"path"`
				Partition map[string]any `json:"partition"`
			} `json:"files"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("read manifest %s: %w", mpath, err)
		}
		for _, f := range m.Files {
			part := map[string]string{}
			for k, v := range f.Partition {
				s, ok := v.(string)
				if !ok {
					return nil, fmt.Errorf("manifest %s: %s: partition %s = %v is not a string", mpath, f.Path, k, v)
				}
				part[k] = s
			}
			files = append(files, dataFile{path: filepath.Join(dir, filepath.FromSlash(f.Path)), partition: part})
		}
	case errors.Is(err, fs.ErrNotExist):
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(d.Name(), ".jsonl") || strings.HasPrefix(d.Name(), ".") {
				return nil
			}
			rel, err := filepath.Rel(dir, filepath.Dir(p))
			if err != nil {
				return err
			}
			part := map[string]string{}
			if rel != "." {
				for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
					k, v, ok := strings.Cut(seg, "=")
					if !ok {
						return fmt.Errorf("%s: folder %q is not field=value", p, seg)
					}
					uk, err1 := url.PathUnescape(k)
					uv, err2 := url.PathUnescape(v)
					if err := errors.Join(err1, err2); err != nil {
						return fmt.Errorf("%s: folder %q: %w", p, seg, err)
					}
					part[uk] = uv
				}
			}
			files = append(files, dataFile{path: p, partition: part})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("walk %s: %w", dir, err)
		}
	default:
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no data files", dir)
	}
	return readFiles(files)
}

// readFiles reads files in parallel, checking that every line is one valid
// JSON object ending in '\n' whose partition fields match the file's.
func readFiles(files []dataFile) (*stats, error) {
	workers := min(runtime.NumCPU(), len(files))
	next := make(chan dataFile)
	results := make([]*stats, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newStats()
			for f := range next {
				if errs[w] != nil {
					continue // drain
				}
				errs[w] = readFile(f, s)
			}
			results[w] = s
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	total := newStats()
	for _, s := range results {
		total.merge(s)
	}
	parts := map[string]bool{}
	for _, f := range files {
		parts[filepath.Dir(f.path)] = true
	}
	total.partitions = len(parts)
	return total, nil
}

func readFile(f dataFile, s *stats) error {
	fh, err := os.Open(f.path)
	if err != nil {
		return err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return err
	}
	s.files++
	s.bytes += st.Size()
	br := bufio.NewReaderSize(fh, 1<<20)
	var o order
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return fmt.Errorf("%s:%d: line longer than 1 MiB", f.path, n)
		}
		if err == io.EOF {
			if len(line) > 0 {
				return fmt.Errorf("%s:%d: last line has no trailing newline", f.path, n)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", f.path, err)
		}
		body := bytes.TrimSuffix(line, []byte{'\n'})
		if len(body) == 0 || body[0] != '{' {
			return fmt.Errorf("%s:%d: not a JSON object: %.80q", f.path, n, body)
		}
		o = order{}
		if err := json.Unmarshal(body, &o); err != nil {
			return fmt.Errorf("%s:%d: invalid JSON (%v): %.80q", f.path, n, err, body)
		}
		if o.OrderID == "" {
			return fmt.Errorf("%s:%d: no order_id: %.80q", f.path, n, body)
		}
		for k, v := range f.partition {
			got, ok := o.field(k)
			if !ok {
				return fmt.Errorf("%s:%d: unexpected partition field %q", f.path, n, k)
			}
			if got != v {
				return fmt.Errorf("%s:%d: %s = %q in a file of partition %s=%q", f.path, n, k, got, k, v)
			}
		}
		s.add(&o)
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string]agg) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
