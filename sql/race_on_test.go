//go:build race

package sql

// raceDetector: the tests run under the race detector (go test -race),
// where a single-goroutine check of answers takes five times as long.
const raceDetector = true
