package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/sql"
)

// asPQ is the variable that makes the test binary run as pq (TestMain).
const asPQ = "PQ_TEST_RUN_AS_PQ"

// pqProcess returns the command that runs pq as its own process.
func pqProcess(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), asPQ+"=1")
	return cmd
}

// runPQ runs pq as a process and decodes its JSON answer.
func runPQ(args ...string) (map[string]any, error) {
	var stdout, stderr bytes.Buffer
	cmd := pqProcess(context.Background(), args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		return nil, fmt.Errorf("pq %v: %v: %s", args, err, stderr.Bytes())
	}
	var out map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("pq %v: %v: %q", args, err, stdout.Bytes())
	}
	return out, nil
}

// total is a row count and a sum of amount.
type total struct{ rows, amount int64 }

// stressOrders writes n orders to w/raw.jsonl and returns their totals,
// all and per channel, computed with encoding/json, independent of the
// engine.
func stressOrders(t *testing.T, w string, n int) (rows, amount int64, byChannel map[string]total) {
	t.Helper()
	var raw bytes.Buffer
	if err := catalog.WriteOrders(&raw, n, 7); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w, "raw.jsonl"), raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	byChannel = map[string]total{}
	sc := bufio.NewScanner(&raw)
	for sc.Scan() {
		var row struct {
			Amount  int64
			Channel string
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		rows++
		amount += row.Amount
		ch := byChannel[row.Channel]
		byChannel[row.Channel] = total{ch.rows + 1, ch.amount + row.Amount}
	}
	return rows, amount, byChannel
}

// stressDuration is how long TestReadersWhileWriting runs: 30 s, or
// LAKESQL_STRESS (a Go duration); -short makes it 3 s.
func stressDuration(t *testing.T) time.Duration {
	if v := os.Getenv("LAKESQL_STRESS"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("LAKESQL_STRESS: %v", err)
		}
		return d
	}
	if testing.Short() {
		return 3 * time.Second
	}
	return 30 * time.Second
}

// TestReadersWhileWriting runs readers in goroutines and in pq processes,
// each checking the lake's total rows and amount in a loop, while writers
// in goroutines and in pq processes compact, repartition into the same
// lake and rewrite it whole from raw.jsonl. Every answer must be exact and
// no reader may fail; every writer must succeed (they wait for each other's
// lock) and the lake must end readable with every row once.
func TestReadersWhileWriting(t *testing.T) {
	w := t.TempDir()
	wantRows, wantAmount, byChannel := stressOrders(t, w, 20_000)
	channels := slices.Sorted(maps.Keys(byChannel))
	if _, err := runPQ("write", w, "--lake=o", "--key=day", "--rows=100"); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(w)
	c.Wait = time.Minute
	deadline := time.Now().Add(stressDuration(t))
	var (
		wg              sync.WaitGroup
		answers, writes atomic.Int64
		failMu          sync.Mutex
		failures        []string
	)
	fail := func(format string, args ...any) {
		failMu.Lock()
		defer failMu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	check := func(who string, rows, amount int64) {
		answers.Add(1)
		if rows != wantRows || amount != wantAmount {
			fail("%s: rows %d amount %d, want %d and %d", who, rows, amount, wantRows, wantAmount)
		}
	}
	checkChannel := func(who, ch string, rows, amount int64) {
		answers.Add(1)
		if want := byChannel[ch]; rows != want.rows || amount != want.amount {
			fail("%s: channel %s: rows %d amount %d, want %d and %d", who, ch, rows, amount, want.rows, want.amount)
		}
	}
	loop := func(body func(i int)) {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				body(i)
			}
		})
	}
	// Readers.
	for r := range 2 {
		loop(func(int) {
			snap, err := c.Snapshot("o")
			if err != nil {
				fail("reader %d: %v", r, err)
				return
			}
			res, err := sql.CountSum(context.Background(), snap, nil, "amount")
			if err != nil {
				fail("reader %d: %v", r, err)
				return
			}
			check(fmt.Sprintf("reader %d", r), res.Rows, res.Sum.I)
		})
	}
	sess := sql.NewSession(c)
	loop(func(int) {
		res, err := sess.Exec(context.Background(), "SELECT region, COUNT(*), SUM(amount) FROM o GROUP BY region")
		if err != nil {
			fail("SELECT: %v", err)
			return
		}
		var rows, amount int64
		for _, r := range res.Rows {
			rows += r[1].I
			amount += r[2].I
		}
		check("SELECT", rows, amount)
	})
	for r := range 2 {
		loop(func(i int) {
			ch := channels[(i+r)%len(channels)]
			out, err := runPQ("query", w, "--lake=o", "--where=channel="+ch)
			if err != nil {
				fail("pq query %d: %v", r, err)
				return
			}
			rows, _ := out["rows"].(float64)
			amount, _ := out["amount"].(float64)
			checkChannel(fmt.Sprintf("pq query %d", r), ch, int64(rows), int64(amount))
		})
	}
	// Writers.
	write := func(who string, err error) {
		writes.Add(1)
		if err != nil {
			fail("%s: %v", who, err)
		}
	}
	loop(func(i int) {
		_, err := compact.Compact(c, "o", compact.Options{Target: int64(20_000 + 30_000*(i%3))})
		write("compact", err)
	})
	loop(func(i int) {
		key := []string{"region", "day"}[i%2]
		_, err := compact.Repartition(c, "o", "o", []string{key}, compact.RepartitionOptions{MaxRows: 150})
		write("repartition", err)
	})
	loop(func(i int) {
		_, err := runPQ("compact", w, "--lake=o", "--wait=2m", "--target="+strconv.Itoa(10_000+i%5*10_000))
		write("pq compact", err)
	})
	loop(func(i int) {
		key := []string{"day", "channel", "day,region"}[i%3]
		_, err := runPQ("write", w, "--lake=o", "--wait=2m", "--key="+key, "--rows="+strconv.Itoa(80+rand.IntN(100)))
		write("pq write", err)
	})
	loop(func(i int) {
		_, err := runPQ("repartition", w, "--from=o", "--to=o", "--wait=2m", "--key=channel")
		write("pq repartition", err)
	})
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d answers checked during %d writes", answers.Load(), writes.Load())
	if answers.Load() < 10 || writes.Load() < 5 {
		t.Fatalf("too little ran: %d answers, %d writes", answers.Load(), writes.Load())
	}
	for _, ch := range channels {
		out, err := runPQ("query", w, "--lake=o", "--where=channel="+ch)
		if err != nil {
			t.Fatal(err)
		}
		if int64(out["rows"].(float64)) != byChannel[ch].rows {
			t.Fatalf("at the end: channel %s: %v rows, want %d", ch, out["rows"], byChannel[ch].rows)
		}
	}
}
