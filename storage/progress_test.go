package storage

import (
	"bytes"
	"io"
	"testing"
)

func TestProgressReader(t *testing.T) {
	data := bytes.Repeat([]byte("x"), 3*progressStep+123)
	var calls [][2]int64
	r := ProgressReader(bytes.NewReader(data), int64(len(data)), func(done, total int64) {
		calls = append(calls, [2]int64{done, total})
	})
	n, err := io.Copy(io.Discard, r)
	if err != nil || n != int64(len(data)) {
		t.Fatal(n, err)
	}
	if len(calls) < 3 || calls[len(calls)-1] != [2]int64{int64(len(data)), int64(len(data))} {
		t.Fatalf("reports %v: want several, the last one at the end", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] <= calls[i-1][0] {
			t.Fatalf("reports %v do not grow", calls)
		}
	}
	if ProgressReader(bytes.NewReader(nil), 0, nil) == nil {
		t.Fatal("nil progress must return the reader")
	}
}
