//go:build unix

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestREPLOutput: in a terminal, a long box shows its first and last rows
// cut to the terminal's width; .maxwidth 0 stops the cutting; a SELECT's
// rows show while its scan still waits for more.
func TestREPLOutput(t *testing.T) {
	const cols = 50
	bin := binary(t)
	work, fifo := slowWork(t)
	cmd := exec.Command(bin, "-d", work, "--no-init")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "TERM=xterm")
	tm, exited := startPTY(t, cmd, cols)
	tm.expect(`lakesql> `)

	q := "SELECT order_id, CONCAT(region, '-', channel, '-', day, '-', region, '-', channel) AS long FROM orders ORDER BY order_id;"
	widest := func(table string) int {
		w := 0
		for _, l := range strings.Split(table, "\n") {
			w = max(w, displayWidth(strings.TrimRight(l, "\r")))
		}
		return w
	}
	tm.send(q + "\r")
	table := tm.expect(`(?s)┌.*5000 rows \(40 shown\)`)
	if w := widest(table); w > cols || !strings.Contains(table, "…") || strings.Count(table, "│ o-") != 40 {
		t.Errorf("a table %d wide, of %d rows, in a terminal %d wide:\n%s", w, strings.Count(table, "│ o-"), cols, table)
	}
	tm.expect(`lakesql> `)
	tm.send(".maxwidth 0\r")
	tm.expect(`lakesql> `)
	tm.send(q + "\r")
	if table := tm.expect(`(?s)┌.*5000 rows \(40 shown\)`); widest(table) <= cols || strings.Contains(table, "…") {
		t.Errorf(".maxwidth 0: a table %d wide, in a terminal %d wide:\n%s", widest(table), cols, table)
	}
	tm.expect(`lakesql> `)

	// The scan of slow waits on the pipe, after the rows of its other files.
	tm.send(".mode list\r")
	tm.expect(`lakesql> `)
	writer := openWriter(t, fifo)
	tm.send("SELECT order_id FROM slow;\r")
	writer.wait(t, "SELECT order_id FROM slow")
	tm.expect(`order_id\r?\n(o-\d+\r?\n){10}`)
	select {
	case err := <-exited:
		t.Fatalf("lakesql exited (%v) while the scan waited", err)
	default:
	}
	// Then the last row comes, and the scan ends.
	writer.f.WriteString(`"day":"2026-01-30","amount":2}` + "\n")
	writer.f.Close()
	tm.expect(`o-10\r?\n`)
	tm.expect(`lakesql> `)

	tm.send("\x04")
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("lakesql exited with %v, want status 0", err)
		}
	case <-time.After(deadline):
		t.Fatalf("lakesql did not leave on Ctrl-D within %s", deadline)
	}
}
