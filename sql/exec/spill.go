package exec

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/plan"
	"github.com/lakesql/lakesql/sql/types"
)

// Spilling aggregation, after DuckDB's external hash aggregation (Kuiper
// et al., ICDE 2024): a worker whose table outgrows its share of the
// budget writes every group, key and partial states, to the spill file of
// its hash's partition (the top bits of the hash) and starts an empty
// table. Once the scan ends, the groups still in memory follow, and each
// partition is merged on its own: its records from every worker go into
// one table, whose groups are then final. A partition whose merged table
// still outgrows the budget (more groups than it can hold) is split again
// by the next bits of the hash, to any depth the 64 bits allow.

const (
	spillBits  = 5 // partitions per level: 32
	spillParts = 1 << spillBits
	// maxSpillLevel is the deepest level whose bits the hash still has.
	maxSpillLevel = 64/spillBits - 1
)

// part is the partition of a hash at a level.
func part(h uint64, level int) int {
	return int(h>>(64-spillBits*(level+1))) & (spillParts - 1)
}

// aggSpill is what the workers of one aggregation share about spilling.
type aggSpill struct {
	dir     *spill.Dir
	runs    *aggregate.Runs // the quantiles' values (see aggregate.Runs)
	spilled atomic.Bool
	groups  atomic.Int64 // group records written
	// perGroup is the most accounted bytes per group a table held when
	// it spilled: what a record costs back in memory.
	perGroup atomic.Int64
}

// notePerGroup records what the table's groups cost each.
func (s *aggSink) notePerGroup() {
	n := int64(s.table.len())
	if n == 0 {
		return
	}
	per := (s.mem + s.acct + n - 1) / n
	for {
		old := s.sp.perGroup.Load()
		if per <= old || s.sp.perGroup.CompareAndSwap(old, per) {
			return
		}
	}
}

// flush writes the table's groups to the sink's partition files (level
// 0) and empties it.
func (s *aggSink) flush() error {
	s.mustBeAdded()
	s.notePerGroup()
	s.maybeDirect()
	err := s.writeGroups(s.partFiles(), 0)
	s.reset()
	return err
}

// reset empties the table.
func (s *aggSink) reset() {
	s.peak = s.held()
	s.table.clear()
	s.mem, s.acct = 0, 0
	s.recent = [recentSlots]recent{}
	s.shortKeys = [recentSlots]shortKey{}
}

// writeGroups writes each group as a record, to the file of its partition
// at level.
func (s *aggSink) writeGroups(files []*spill.Writer, level int) error {
	s.sp.spilled.Store(true)
	for g := range s.table.len() {
		if err := s.writeGroup(files, level, s.table, g); err != nil {
			return err
		}
	}
	s.sp.groups.Add(int64(s.table.len()))
	return nil
}

// writeGroup writes group g of t as a record to the file of its
// partition at level: the hash, the key and the encoded GROUP BY values
// (each after its length; the values' length shifted left one bit, with 0
// below: a group), then the states.
func (s *aggSink) writeGroup(files []*spill.Writer, level int, t *groupTable, g int) error {
	h := t.hashOf(g)
	key, vals := t.key(g), t.valueBytes(g)
	rec := binary.LittleEndian.AppendUint64(s.rec[:0], h)
	rec = binary.AppendUvarint(rec, uint64(len(key)))
	rec = append(rec, key...)
	rec = binary.AppendUvarint(rec, uint64(len(vals))<<1)
	rec = append(rec, vals...)
	for _, c := range t.cols {
		rec = c.At(g).AppendState(rec)
	}
	s.rec = rec
	err := s.writeRecord(files, part(h, level))
	s.rec = keepScratch(s.rec)
	return err
}

// writeRecord writes s.rec to the file of partition p, made if new.
func (s *aggSink) writeRecord(files []*spill.Writer, p int) error {
	if files[p] == nil {
		w, err := s.sp.dir.Create()
		if err != nil {
			return err
		}
		files[p] = w
	}
	return files[p].Write(s.rec)
}

// Direct mode: a worker whose table, when it spilled, held nearly as many
// groups as it had taken rows (keys that hardly repeat: a group per row)
// gains nothing from the table but its cost, a probe that misses and a
// group made per row. From then on each row goes straight to its
// partition's file as a record of the row: its key and values as a
// group's, then the aggregates' arguments instead of states (the low bit
// of the values' length says which). The merge of the partitions does all
// the grouping, adding the row's arguments to its group as the table would
// have, as DuckDB abandons a pre-aggregation that does not reduce and
// writes its rows out.

// maybeDirect, at a flush, turns direct mode on when the table held at
// least 90% as many groups as rows.
func (s *aggSink) maybeDirect() {
	n := int64(s.table.len())
	rows := s.rows
	s.rows = 0
	if s.direct || len(s.groups) == 0 || rows < 32 || n*10 < rows*9 {
		return
	}
	s.direct = true
	s.sketch = sketch{}
}

// Direct mode counts the distinct keys it writes, roughly (a HyperLogLog
// sketch of their hashes, 1024 registers): keys that seemed not to repeat
// (early's look at the first rows cannot tell a key that comes back after
// many others from one that never does) but repeat after all end it, and
// the table takes the rows again.
const (
	sketchBits  = 10
	sketchEvery = 1024 // rows between looks at the sketch
)

type sketch struct {
	reg  [1 << sketchBits]uint8
	rows int64
}

func (k *sketch) add(h uint64) {
	i := h & (1<<sketchBits - 1)
	r := uint8(bits.TrailingZeros64(h>>sketchBits|1<<(64-sketchBits)) + 1)
	if r > k.reg[i] {
		k.reg[i] = r
	}
	k.rows++
}

// distinct estimates the number of distinct hashes added.
func (k *sketch) distinct() float64 {
	m := float64(len(k.reg))
	sum, zeros := 0.0, 0
	for _, r := range k.reg {
		sum += math.Ldexp(1, -int(r))
		if r == 0 {
			zeros++
		}
	}
	if e := 0.7213 / (1 + 1.079/m) * m * m / sum; e > 2.5*m || zeros == 0 {
		return e
	}
	return m * math.Log(m/float64(zeros)) // few values: linear counting
}

// rowRecord begins the record of a row in direct mode, in s.rec: its key
// (hash h) and values vals; the arguments follow (see writeDirect).
func (s *aggSink) rowRecord(key []byte, h uint64, vals []types.Value) {
	s.valbuf = encodeValues(s.valbuf[:0], vals)
	rec := binary.LittleEndian.AppendUint64(s.rec[:0], h)
	rec = binary.AppendUvarint(rec, uint64(len(key)))
	rec = append(rec, key...)
	rec = binary.AppendUvarint(rec, uint64(len(s.valbuf))<<1|1)
	s.rec, s.rech = append(rec, s.valbuf...), h
}

// writeDirect writes the record of a row, begun by rowRecord and ended by
// each aggregate's arguments (types.AppendValue), and ends direct mode
// when its keys repeat (fewer distinct keys than half its rows).
func (s *aggSink) writeDirect() error {
	s.sp.groups.Add(1)
	s.sketch.add(s.rech)
	if k := &s.sketch; k.rows%sketchEvery == 0 && k.distinct() < float64(k.rows)/2 {
		s.direct, s.rows = false, 0
	}
	return s.writeRecord(s.partFiles(), part(s.rech, 0))
}

// partFiles are the worker's level-0 partition files, made at the first
// spill (each file at its first group).
func (s *aggSink) partFiles() []*spill.Writer {
	if s.files == nil {
		s.files = make([]*spill.Writer, spillParts)
	}
	return s.files
}

var errBadGroup = fmt.Errorf("exec: a spilled group: %w", spill.ErrCorrupt)

// mergeRecord merges one group record into the table.
func (s *aggSink) mergeRecord(rec []byte) error {
	if len(rec) < 8 {
		return errBadGroup
	}
	h := binary.LittleEndian.Uint64(rec)
	klen, n := binary.Uvarint(rec[8:])
	if n <= 0 || klen > uint64(len(rec)-8-n) {
		return errBadGroup
	}
	key := rec[8+n : 8+n+int(klen)]
	rest := rec[8+n+int(klen):]
	vlen, n := binary.Uvarint(rest)
	row := vlen&1 != 0
	if vlen >>= 1; n <= 0 || vlen > uint64(len(rest)-n) {
		return errBadGroup
	}
	vals := rest[n : n+int(vlen)]
	rest = rest[n+int(vlen):]
	g := s.table.find(key, h)
	if g < 0 {
		g = s.addGroup(key, h, vals)
	}
	if row {
		return s.addRow(g, rest)
	}
	for _, c := range s.table.cols {
		r, err := c.At(g).MergeState(rest)
		if err != nil {
			return errors.Join(errBadGroup, err)
		}
		rest = r
	}
	if len(rest) != 0 {
		return errBadGroup
	}
	return nil
}

// addRow adds to group g the arguments of a row's record (see
// writeDirect), as push would have.
func (s *aggSink) addRow(g int, rec []byte) error {
	for i := range s.calls {
		c := &s.calls[i]
		st := s.table.state(g, i)
		args := c.buf[:0]
		for range c.args {
			v, rest, err := types.ReadValue(rec)
			if err != nil {
				return errors.Join(errBadGroup, err)
			}
			args, rec = append(args, v), rest
		}
		c.buf = args
		var err error
		switch {
		case len(args) == 0: // COUNT(*)
			if cnt, ok := st.(*aggregate.Count); ok {
				cnt.Inc()
				continue
			}
			err = st.Add(nil)
		case c.one && args[0].K == types.Int:
			switch st := st.(type) {
			case *aggregate.Sum:
				st.AddInt(args[0].I)
				continue
			case *aggregate.Avg:
				st.AddInt(args[0].I)
				continue
			case *aggregate.Count:
				st.Inc()
				continue
			}
			if aggregate.AddInt(st, args[0].I) {
				continue
			}
			err = st.(aggregate.OneArg).AddOne(args[0])
		case c.one:
			err = st.(aggregate.OneArg).AddOne(args[0])
		default:
			err = st.Add(args)
		}
		if err != nil {
			return fmt.Errorf("%w: %s: %w", plan.ErrEval, c.fn.Name, err)
		}
	}
	if len(rec) != 0 {
		return errBadGroup
	}
	return nil
}

// mergeSpilled merges the files of one partition (of level-1) into s,
// which starts empty, and passes its final groups to emit; a partition
// that outgrows s's limit is split by the hash bits of level and each part
// merged in turn. The files are removed as they are read.
//
// A partition whose records could not fit even if each were a group of
// its own is split first, record by record, without a table (its groups
// would only go through one to be written out again): with a group per
// row, most of the merge's work. With split false (the split would not
// divide it: one group's records) it is merged as it is.
func (s *aggSink) mergeSpilled(ctx context.Context, files []*spill.Writer, level int, split bool, emit func(*aggSink) error) error {
	var sub []*spill.Writer
	defer func() {
		for _, w := range sub {
			if w != nil {
				w.Discard()
			}
		}
	}()
	var recs int64
	for _, f := range files {
		recs += f.Records()
	}
	if per := s.sp.perGroup.Load(); split && level <= maxSpillLevel && per > 0 && recs > s.limit/per {
		var err error
		if sub, err = s.splitRecords(ctx, files, level); err != nil {
			return err
		}
		for q, w := range sub {
			if w == nil {
				continue
			}
			sub[q] = nil
			if err := s.mergeSpilled(ctx, []*spill.Writer{w}, level+1, w.Records() < recs, emit); err != nil {
				return err
			}
		}
		return nil
	}
	for i, f := range files {
		files[i] = nil
		r, err := f.Open()
		if err != nil {
			f.Discard()
			return err
		}
		err = s.mergeFile(r, &sub, level)
		if cerr := r.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return err
		}
	}
	if sub == nil {
		err := emit(s)
		s.reset()
		return err
	}
	if s.table.len() > 0 {
		err := s.writeGroups(sub, level)
		s.reset()
		if err != nil {
			return err
		}
	}
	for q, w := range sub {
		if w == nil {
			continue
		}
		sub[q] = nil
		if err := s.mergeSpilled(ctx, []*spill.Writer{w}, level+1, true, emit); err != nil {
			return err
		}
	}
	return nil
}

// splitRecords copies the records of files to new files by the hash bits
// of level, and removes files as it reads them.
func (s *aggSink) splitRecords(ctx context.Context, files []*spill.Writer, level int) ([]*spill.Writer, error) {
	sub := make([]*spill.Writer, spillParts)
	fail := func(err error) ([]*spill.Writer, error) {
		for _, w := range sub {
			if w != nil {
				w.Discard()
			}
		}
		return nil, err
	}
	for i, f := range files {
		files[i] = nil
		r, err := f.Open()
		if err != nil {
			f.Discard()
			return fail(err)
		}
		for err == nil {
			var rec []byte
			if rec, err = r.Next(); err != nil {
				break
			}
			if len(rec) < 8 {
				err = errBadGroup
				break
			}
			p := part(binary.LittleEndian.Uint64(rec), level)
			if sub[p] == nil {
				if sub[p], err = s.sp.dir.Create(); err != nil {
					break
				}
			}
			err = sub[p].Write(rec)
		}
		if err == io.EOF {
			err = nil
		}
		if cerr := r.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return fail(err)
		}
	}
	return sub, nil
}

func (s *aggSink) mergeFile(r *spill.Reader, sub *[]*spill.Writer, level int) error {
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.mergeRecord(rec); err != nil {
			return err
		}
		if s.mem+s.acct > s.limit && level <= maxSpillLevel && s.table.len() > 1 {
			if *sub == nil {
				*sub = make([]*spill.Writer, spillParts)
			}
			err := s.writeGroups(*sub, level)
			s.reset()
			if err != nil {
				return err
			}
		}
	}
}

// finishSpilled sends every worker's groups still in memory to its files,
// then merges the partitions, one per worker at a time (each worker with
// its share of limit), passing their final groups to emit one group at a
// time.
func finishSpilled(ctx context.Context, sinks []*aggSink, newFinal func(limit int64) *aggSink, limit int64, emitFor func(w int) func(*aggSink) error) error {
	for _, s := range sinks {
		if s.table.len() > 0 {
			if err := s.flush(); err != nil {
				return err
			}
		}
		// The scan's tables are done: their blocks go now, not after the
		// final tables have made their own (of 4 MiB keys, a block each,
		// held 48 MB more at a SELECT DISTINCT's peak).
		s.table.free()
	}
	parts := make([][]*spill.Writer, spillParts)
	for p := range parts {
		for _, s := range sinks {
			if s.files != nil && s.files[p] != nil {
				parts[p] = append(parts[p], s.files[p])
				s.files[p] = nil
			}
		}
	}
	defer func() {
		for _, files := range parts {
			for _, f := range files {
				if f != nil {
					f.Discard()
				}
			}
		}
	}()
	workers := max(min(runtime.GOMAXPROCS(0), spillParts), 1)
	var (
		next    atomic.Int64
		mu      sync.Mutex // first's
		first   error
		wg      sync.WaitGroup
		stopped atomic.Bool
	)
	for w := range workers {
		final := newFinal(limit / int64(workers))
		emit := emitFor(w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stopped.Load() {
				p := int(next.Add(1) - 1)
				if p >= spillParts {
					return
				}
				if len(parts[p]) == 0 {
					continue
				}
				err := final.mergeSpilled(ctx, parts[p], 1, true, func(s *aggSink) error {
					if stopped.Load() {
						return ErrCanceled // another worker failed: its error is the answer
					}
					return emit(s)
				})
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					stopped.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}
