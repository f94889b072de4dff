package catalog

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/lakesql/lakesql/storage"
)

// HistoryName is the file in a work folder that records rewrites.
const HistoryName = "_history.jsonl"

// Event is one recorded rewrite of a lake: what ran and what it measured.
type Event struct {
	Time   time.Time       `json:"time"`
	Op     string          `json:"op"` // "compact" or "repartition"
	Result json.RawMessage `json:"result"`
}

// Record appends an event to the work folder's history and syncs it.
func (c *Catalog) Record(op string, result any, now time.Time) error {
	res, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("record %s: %w", op, err)
	}
	line, err := json.Marshal(Event{Time: now.UTC(), Op: op, Result: res})
	if err != nil {
		return fmt.Errorf("record %s: %w", op, err)
	}
	p := filepath.Join(c.Dir, HistoryName)
	// After a torn last line, start a line of our own: glued to the torn
	// one, the event would be lost with it.
	whole, err := endsLine(c.FS, p)
	if err != nil {
		return fmt.Errorf("record %s: %w", op, err)
	}
	if !whole {
		line = append([]byte{'\n'}, line...)
	}
	f, err := c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return fmt.Errorf("record %s: %w", op, err)
	}
	_, err = f.Write(append(line, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("record %s in %s: %w", op, p, err)
	}
	return nil
}

// endsLine reports whether the file p is missing, empty or ends in '\n'.
func endsLine(fsys storage.FS, p string) (bool, error) {
	f, err := fsys.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return err == nil, err
	}
	var last [1]byte
	if ra, ok := f.(io.ReaderAt); ok {
		_, err = ra.ReadAt(last[:], st.Size()-1)
	} else if _, err = io.CopyN(io.Discard, f, st.Size()-1); err == nil {
		_, err = io.ReadFull(f, last[:])
	}
	return last[0] == '\n', err
}

// History returns the recorded events, oldest first. Lines that do not parse
// (a torn last line after a crash) are skipped.
func (c *Catalog) History() ([]Event, error) {
	p := filepath.Join(c.Dir, HistoryName)
	f, err := c.FS.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	defer f.Close()
	var out []Event
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var e Event
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Op != "" {
			out = append(out, e)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	return out, nil
}

// NowOr reads the injected clock of a writer's options, or the real one.
func NowOr(clock func() time.Time) time.Time {
	if clock != nil {
		return clock()
	}
	return time.Now()
}
