package storage

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCheckLines: CheckLines, which checks blocks of lines in parallel,
// counts the lines and finds the first bad one, by its number, as a
// reading of one line after another does, over inputs of many blocks
// (small here) with a bad line anywhere or none.
func TestCheckLines(t *testing.T) {
	defer func(n int) { ingestBlock = n }(ingestBlock)
	ingestBlock = 256
	rng := rand.New(rand.NewPCG(4, 2))
	bad := []string{"", "[1]", `{"a":}`, `{"a":1} x`, "not json", `{"a":"` + strings.Repeat("x", 300)}
	for trial := range 300 {
		var b strings.Builder
		n := rng.IntN(200)
		for i := range n {
			if rng.IntN(150) == 0 {
				b.WriteString(bad[rng.IntN(len(bad))])
			} else {
				fmt.Fprintf(&b, `{"i":%d,"pad":"%s"}`, i, strings.Repeat("p", rng.IntN(80)))
			}
			if i < n-1 || rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
		}
		text := b.String()
		wantRows, wantErr := checkOneByOne(text)
		rows, err := CheckLines(strings.NewReader(text), "in.jsonl")
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || err == nil && rows != wantRows {
			t.Fatalf("trial %d: %d rows, %v; want %d, %v", trial, rows, err, wantRows, wantErr)
		}
		var le *LineError
		if err != nil && !errors.As(err, &le) {
			t.Fatalf("trial %d: %v is no LineError", trial, err)
		}
	}
}

// checkOneByOne is the reference: a LineReader and Members, line after
// line.
func checkOneByOne(text string) (int64, error) {
	lr := NewLineReader(strings.NewReader(text), 64<<10)
	var rows int64
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return rows, nil
		}
		if err == nil {
			err = Members(line, func(string, []byte) {})
		}
		if err != nil {
			return rows, &LineError{File: "in.jsonl", Line: lr.Line(), Err: err}
		}
		rows++
	}
}
