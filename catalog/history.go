package catalog

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
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
