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
// block longer, up to MaxLineBytes.
var ingestBlock = 1 << 20

type block struct {
	seq   int
	data  []byte
	first int // line number of the first line
	// Filled by a worker:
	ends []int  // end offset of each line in data (excluding '\n')
	keys []byte // encoded partition identities, one after another
	kend []int  // end offset of each line's identity in keys
	bad  int    // index of the first bad line, or -1
	err  error  // what is wrong with it
	done chan struct{}
}

func (w *LakeWriter) ingest(r io.Reader, name string) (rows, n int64, err error) {
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	// Blocks go to the workers and, in the same order, to the adder.
	todo := make(chan *block, workers)
	inOrder := make(chan *block, 2*workers)
	// Blocks come back for reuse once added, across calls too (repartition
	// calls once per source file): no new megabyte to clear per block, and
	// memory stays at the blocks in flight.
	if w.free == nil {
		w.free = make(chan *block, 2*workers+2)
	}
	free := w.free
	stop := make(chan struct{})
	var readErr error
	var total int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(todo)
		defer close(inOrder)
		total, readErr = readBlocks(r, free, func(b *block) bool {
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
			return true
		})
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vals := make([][]byte, len(w.key))
			check := func(line []byte) error { return Fields(line, w.key, vals) }
			if w.opt.Trusted {
				ext := NewExtractor(w.key)
				check = func(line []byte) error { return ext.Extract(line, vals) }
			}
			for b := range todo {
				w.check(b, vals, check)
				close(b.done)
			}
		}()
	}
	finish := func(err error) (int64, int64, error) {
		close(stop)
		for range inOrder { // let the reader end
		}
		wg.Wait()
		return rows, total, err
	}
	for b := range inOrder {
		<-b.done
		start, kstart := 0, 0
		for i, end := range b.ends {
			if i == b.bad {
				return finish(&LineError{File: name, Line: b.first + i, Err: b.err})
			}
			if err := w.addKeyed(b.keys[kstart:b.kend[i]], b.data[start:end]); err != nil {
				return finish(&LineError{File: name, Line: b.first + i, Err: err})
			}
			rows++
			start, kstart = end+1, b.kend[i]
		}
		select {
		case free <- b:
		default:
		}
	}
	wg.Wait()
	if readErr != nil {
		if errors.Is(readErr, ErrLineTooLong) {
			return rows, total, &LineError{File: name, Line: int(rows) + 1, Err: readErr}
		}
		return rows, total, fmt.Errorf("read %s: %w", name, readErr)
	}
	return rows, total, nil
}

// check finds the lines of a block, checks each with extract (which fills
// vals) and encodes its partition.
func (w *LakeWriter) check(b *block, vals [][]byte, extract func([]byte) error) {
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
		err := extract(line)
		if err == nil {
			b.keys, err = w.appendKey(b.keys, vals)
		}
		b.kend = append(b.kend, len(b.keys))
		if err != nil {
			b.bad, b.err = len(b.ends)-1, err
			return
		}
		start = end + 1
	}
}

// readBlocks reads r in blocks of whole lines and hands each to send,
// stopping when send returns false. It takes blocks from free when there
// are some. It returns the bytes read.
func readBlocks(r io.Reader, free chan *block, send func(*block) bool) (int64, error) {
	var total int64
	var carry []byte // the start of a line cut by the end of the last block
	line := 1
	for seq := 0; ; seq++ {
		var b *block
		select {
		case b = <-free:
			b.data, b.ends, b.keys, b.kend = b.data[:0], b.ends[:0], b.keys[:0], b.kend[:0]
		default:
			b = &block{}
		}
		if need := max(ingestBlock, 2*len(carry)); cap(b.data) < need {
			b.data = make([]byte, 0, need)
		}
		buf := append(b.data, carry...)
		m, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		total += int64(m)
		buf = buf[:len(buf)+m]
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			return total, err
		}
		cut := len(buf)
		if !eof {
			cut = bytes.LastIndexByte(buf, '\n') + 1
			if cut == 0 { // one line longer than the block: read on
				if len(buf) > MaxLineBytes {
					return total, ErrLineTooLong
				}
				carry = append(carry[:0], buf...)
				b.data = buf
				select {
				case free <- b:
				default:
				}
				continue
			}
		}
		carry = append(carry[:0], buf[cut:]...)
		b.data = buf[:cut]
		if len(b.data) > 0 {
			b.seq, b.first, b.done = seq, line, make(chan struct{})
			line += bytes.Count(b.data, []byte{'\n'})
			if !send(b) {
				return total, nil
			}
		}
		if eof {
			return total, nil
		}
	}
}
