package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// Ingest: checking every raw line (Fields) is most of the work of writing a
// lake, so AddLines shares it out. One goroutine reads blocks of whole
// lines; workers check the lines of a block and encode each one's
// partition; the caller's goroutine adds the lines to their partitions in
// block order, so rows keep their order. Memory is a few blocks per
// worker, whatever the input's size.

// ingestBlock is the size of the blocks read; a longer line makes its
// block longer, up to MaxLineBytes and its '\n'.
var ingestBlock = 1 << 20

type block struct {
	data  []byte
	first int // line number of the first line
	// Filled by a worker:
	ends []int  // end offset of each line in data (excluding '\n')
	keys []byte // encoded partition identities, one after another
	kend []int  // end offset of each line's identity in keys
	bad  int    // index of the first bad line, or -1
	err  error  // what is wrong with it
	done chan struct{}
	// added, for a block grown past ingestBlock, is closed once its
	// lines are added; the reader waits for it before reading on.
	added chan struct{}
}

func (w *LakeWriter) ingest(r io.Reader, name string) (rows, n int64, err error) {
	// Blocks come back for reuse once added, across calls too (repartition
	// calls once per source file): no new megabyte to clear per block, and
	// memory stays at the blocks in flight.
	if w.free == nil {
		w.free = make(chan *block, 2*ingestWorkers()+2)
	}
	newWorker := func() func(*block) {
		vals := make([][]byte, len(w.key))
		check := func(line []byte) error { return Fields(line, w.key, vals) }
		if w.opt.Trusted {
			ext := NewExtractor(w.key)
			check = func(line []byte) error { return ext.Extract(line, vals) }
		}
		return func(b *block) { w.check(b, vals, check) }
	}
	n, err = pipeline(r, name, w.free, newWorker, func(b *block) error {
		start, kstart := 0, 0
		for i, end := range b.ends {
			if i == b.bad {
				return &LineError{File: name, Line: b.first + i, Err: b.err}
			}
			if err := w.addKeyed(b.keys[kstart:b.kend[i]], b.data[start:end]); err != nil {
				return &LineError{File: name, Line: b.first + i, Err: err}
			}
			rows++
			start, kstart = end+1, b.kend[i]
		}
		return nil
	})
	return rows, n, err
}

// ingestWorkers is how many workers check blocks.
func ingestWorkers() int { return max(1, min(runtime.GOMAXPROCS(0), 4)) }

// pipeline reads r (called name in errors) in blocks of whole lines,
// has workers check each block (a function of newWorker's each, on that
// worker's goroutine), and hands the blocks to use in their order, on
// the caller's goroutine; use's error stops it and is returned. It
// returns the bytes read. Blocks come from and go back to free.
func pipeline(r io.Reader, name string, free chan *block, newWorker func() func(*block), use func(*block) error) (int64, error) {
	workers := ingestWorkers()
	// Blocks go to the workers and, in the same order, to use.
	todo := make(chan *block, workers)
	inOrder := make(chan *block, 2*workers)
	stop := make(chan struct{})
	var readErr error
	var readLine int
	var total int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(todo)
		defer close(inOrder)
		total, readLine, readErr = readBlocks(r, free, func(b *block) bool {
			// A block grown for a long line is waited for: one at a
			// time, so that memory stays a few times the longest line.
			b.added = nil
			if cap(b.data) > ingestBlock {
				b.added = make(chan struct{})
			}
			select {
			case todo <- b:
			case <-stop:
				return false
			}
			select {
			case inOrder <- b:
			case <-stop:
				return false
			}
			if b.added != nil {
				select {
				case <-b.added:
				case <-stop:
					return false
				}
			}
			return true
		})
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			check := newWorker()
			for b := range todo {
				check(b)
				close(b.done)
			}
		}()
	}
	for b := range inOrder {
		<-b.done
		if err := use(b); err != nil {
			close(stop)
			for range inOrder { // let the reader end
			}
			wg.Wait()
			return total, err
		}
		if b.added != nil {
			close(b.added) // a grown block is left to the collector
			continue
		}
		select {
		case free <- b:
		default:
		}
	}
	wg.Wait()
	if readErr != nil {
		if errors.Is(readErr, ErrLineTooLong) {
			return total, &LineError{File: name, Line: readLine, Err: readErr}
		}
		return total, fmt.Errorf("read %s: %w", name, readErr)
	}
	return total, nil
}

// check finds the lines of a block, checks each with extract (which fills
// vals) and encodes its partition.
func (w *LakeWriter) check(b *block, vals [][]byte, extract func([]byte) error) {
	eachLine(b, func(line []byte) error {
		err := extract(line)
		if err == nil {
			b.keys, err = w.appendKey(b.keys, vals)
		}
		b.kend = append(b.kend, len(b.keys))
		return err
	})
}

// eachLine finds the lines of a block, noting where each ends, and calls
// fn on each up to the first it fails: that one is the block's bad line.
func eachLine(b *block, fn func(line []byte) error) {
	b.bad = -1
	start := 0
	for start < len(b.data) {
		end := bytes.IndexByte(b.data[start:], '\n')
		if end < 0 {
			end = len(b.data) // the last line, without '\n'
		} else {
			end += start
		}
		line := b.data[start:end]
		b.ends = append(b.ends, end)
		var err error
		if len(line) > maxLine {
			err = lineTooLong()
		} else {
			err = fn(line)
		}
		if err != nil {
			b.bad, b.err = len(b.ends)-1, err
			return
		}
		start = end + 1
	}
}

// getBlock returns a block with room for need bytes, from free when it has
// one.
func getBlock(free chan *block, need int) *block {
	var b *block
	select {
	case b = <-free:
		b.data, b.ends, b.keys, b.kend = b.data[:0], b.ends[:0], b.keys[:0], b.kend[:0]
	default:
		b = &block{}
	}
	if cap(b.data) < need {
		b.data = make([]byte, 0, need)
	}
	return b
}

// readBlocks reads r in blocks of whole lines and hands each to send,
// stopping when send returns false. It takes blocks from free when there
// are some. It returns the bytes read; on a line longer than maxLine, also
// its number and an error wrapping ErrLineTooLong.
//
// A block holds ingestBlock bytes; a line longer than that grows its block
// four times over each time, up to maxLine and the '\n' (fewer copies, and
// less garbage, than doubling: a line over the limit peaks at about 1.5
// times the limit). The start of a line cut by the end of a block is
// copied once, into the next block.
func readBlocks(r io.Reader, free chan *block, send func(*block) bool) (total int64, line int, err error) {
	line = 1
	next := getBlock(free, ingestBlock)
	for {
		b := next
		buf := b.data // the start of a line cut by the last block, if any
		eof := false
		cut := 0
		for {
			m, err := io.ReadFull(r, buf[len(buf):cap(buf)])
			total += int64(m)
			buf = buf[:len(buf)+m]
			eof = err == io.EOF || err == io.ErrUnexpectedEOF
			if err != nil && !eof {
				return total, line, err
			}
			if eof {
				cut = len(buf)
				break
			}
			if cut = bytes.LastIndexByte(buf, '\n') + 1; cut > 0 {
				break
			}
			// buf holds the start of one line and no '\n': grow it.
			if len(buf) > maxLine {
				return total, line, lineTooLong()
			}
			grown := make([]byte, len(buf), min(4*cap(buf), maxLine+1))
			copy(grown, buf)
			buf = grown
		}
		b.data = buf[:cut]
		tail := buf[cut:]
		if !eof {
			next = getBlock(free, max(ingestBlock, min(2*len(tail), maxLine+1)))
			next.data = append(next.data, tail...)
		}
		if len(b.data) > 0 {
			b.first, b.done = line, make(chan struct{})
			line += bytes.Count(b.data, []byte{'\n'})
			if !send(b) {
				return total, line, nil
			}
		}
		if eof {
			return total, line, nil
		}
		if len(tail) > maxLine { // the line after this block's is too long already
			return total, line, lineTooLong()
		}
	}
}

// CheckLines checks every line of r, a JSON Lines stream called name in
// errors, as AddLines checks it (one JSON object a line), and counts the
// lines, without writing them anywhere: a query of a file reads it so
// before it trusts its rows. The first bad line stops it with a
// [LineError]. Workers check blocks of lines in parallel, as AddLines's
// do.
func CheckLines(r io.Reader, name string) (rows int64, err error) {
	free := make(chan *block, 2*ingestWorkers()+2)
	newWorker := func() func(*block) {
		return func(b *block) { eachLine(b, func(line []byte) error { return Members(line, func(string, []byte) {}) }) }
	}
	_, err = pipeline(r, name, free, newWorker, func(b *block) error {
		if b.bad >= 0 {
			return &LineError{File: name, Line: b.first + b.bad, Err: b.err}
		}
		rows += int64(len(b.ends))
		return nil
	})
	return rows, err
}
