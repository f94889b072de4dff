package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/lakesql/lakesql/catalog"
)

// tortureTrials is how many pq processes TestKillNine kills: 200, or
// LAKESQL_TORTURE; -short makes it 40.
func tortureTrials(t *testing.T) int {
	if v := os.Getenv("LAKESQL_TORTURE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("LAKESQL_TORTURE: %v", err)
		}
		return n
	}
	if testing.Short() {
		return 40
	}
	return 200
}

// lakeTotals reads a lake the way the manifest reader does, but on its own:
// every listed file must exist with the listed size and row count, and the
// rows and amounts are summed with encoding/json. glob reads every
// part-*.jsonl under the lake folder instead.
func lakeTotals(c *catalog.Catalog, lake string, glob bool) (total, error) {
	var snap *catalog.Snapshot
	var err error
	if glob {
		snap, err = c.Glob(lake)
	} else {
		snap, err = c.Snapshot(lake)
	}
	if err != nil {
		return total{}, err
	}
	var t total
	for _, f := range snap.Files() {
		data, err := os.ReadFile(snap.Path(f.Path))
		if err != nil {
			return total{}, err
		}
		if !glob && int64(len(data)) != f.Bytes {
			return total{}, fmt.Errorf("%s: %d bytes, manifest says %d", f.Path, len(data), f.Bytes)
		}
		var rows int64
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var row struct{ Amount int64 }
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
				return total{}, fmt.Errorf("%s: %v", f.Path, err)
			}
			rows++
			t.amount += row.Amount
		}
		if !glob && rows != f.Rows {
			return total{}, fmt.Errorf("%s: %d rows, manifest says %d", f.Path, rows, f.Rows)
		}
		t.rows += rows
	}
	return t, nil
}

// TestKillNine starts pq write, compact and repartition processes on a
// lake and kills each with SIGKILL at a random moment. After every kill the
// manifest reader must find every row exactly once in each lake; after the
// next command on the lake (a compaction, which also proves the killed
// writer's lock died with it) the glob reader must agree.
func TestKillNine(t *testing.T) {
	w := t.TempDir()
	rows, amount, _ := stressOrders(t, w, 6000)
	want := total{rows, amount}
	if _, err := runPQ("write", w, "--lake=o", "--key=day", "--rows=100"); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(w)
	rng := rand.New(rand.NewPCG(1, 2))
	trials := tortureTrials(t)
	killed, finished := 0, 0
	lakes := []string{"o"}
	durations := map[string]time.Duration{} // per command, of its last whole run
	for trial := range trials {
		var args []string
		switch trial % 4 {
		case 0:
			args = []string{"write", w, "--lake=o", "--key=" + []string{"day", "region", "day,channel"}[rng.IntN(3)], "--rows=" + strconv.Itoa(50+rng.IntN(100))}
		case 1, 3:
			args = []string{"compact", w, "--lake=o", "--target=" + strconv.Itoa(1000+rng.IntN(30_000))}
		case 2:
			to := []string{"o", "p"}[rng.IntN(2)]
			args = []string{"repartition", w, "--from=o", "--to=" + to, "--key=" + []string{"region", "channel"}[rng.IntN(2)]}
			if to == "p" && len(lakes) == 1 {
				lakes = append(lakes, "p")
			}
		}
		cmd := pqProcess(context.Background(), args...)
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill at a random moment of the command's usual run time, so
		// that every step, the last deletes included, gets its kills.
		took := durations[args[0]]
		if took == 0 {
			took = 100 * time.Millisecond
		}
		time.Sleep(time.Duration(rng.Int64N(int64(took))))
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signaled() {
			killed++
		} else if err == nil {
			finished++
			durations[args[0]] = time.Since(start)
		} else {
			t.Fatalf("trial %d: pq %v: %v", trial, args, err)
		}
		for _, lake := range lakes {
			got, err := lakeTotals(c, lake, false)
			if errors.Is(err, catalog.ErrLakeNotFound) && lake == "p" {
				continue // killed before its first swap
			}
			if err != nil || got != want {
				t.Fatalf("trial %d (pq %v, killed: %v): lake %s by its manifest: %+v, %v; want %+v", trial, args, err != nil, lake, got, err, want)
			}
			if _, err := runPQ("compact", w, "--lake="+lake, "--target=20000"); err != nil {
				t.Fatalf("trial %d: the next command: %v", trial, err)
			}
			if got, err := lakeTotals(c, lake, true); err != nil || got != want {
				t.Fatalf("trial %d (pq %v): lake %s by glob after the next command: %+v, %v; want %+v", trial, args, lake, got, err, want)
			}
		}
	}
	t.Logf("%d trials: %d killed, %d finished first; every lake exact after each", trials, killed, finished)
	if killed < trials/4 {
		t.Errorf("only %d of %d trials were killed mid-way: the kills came too late", killed, trials)
	}
}
