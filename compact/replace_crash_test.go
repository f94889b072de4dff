package compact_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/compact"
	"github.com/lakesql/lakesql/storage"
)

// TestReplaceCrash stops the whole-lake rewrites, write (catalog.CreateWith
// over the lake) and repartition (in place and into a new lake), at every
// named point. After each, the manifest reader of every lake returns every
// row exactly once, the lake is the old one before the swap and the new one
// after it, and once the next command has run (a compaction of the lake)
// the glob reader agrees.
func TestReplaceCrash(t *testing.T) {
	probe := newFixtureOn(t, fastFS{storage.OS}, testRows, testKey, testMaxRows)
	nOld := len(probe.snapshot(t).Files())
	points := []catalog.Crash{{Point: catalog.CrashAfterFile}, {Point: catalog.CrashBeforeSwap}, {Point: catalog.CrashAfterSwap}}
	for _, k := range []int{1, 2, nOld / 2, nOld} {
		points = append(points, catalog.Crash{Point: catalog.CrashMidDelete, K: k})
	}
	newKey := []string{"region"}
	ops := []struct {
		name string
		into string // the lake rewritten
		run  func(fx *fixture, crash catalog.Crash) error
	}{
		{"write", lakeName, func(fx *fixture, crash catalog.Crash) error {
			_, err := fx.c.CreateWith(lakeName, newKey, fx.rawPath, catalog.CreateOptions{MaxRows: 7, Crash: crash})
			return err
		}},
		{"repartition-in-place", lakeName, func(fx *fixture, crash catalog.Crash) error {
			_, err := compact.Repartition(fx.c, lakeName, lakeName, newKey, compact.RepartitionOptions{MaxRows: 7, Crash: crash})
			return err
		}},
		{"repartition-new", "other", func(fx *fixture, crash catalog.Crash) error {
			_, err := compact.Repartition(fx.c, lakeName, "other", newKey, compact.RepartitionOptions{MaxRows: 7, Crash: crash})
			return err
		}},
	}
	for _, op := range ops {
		for _, crash := range points {
			name := fmt.Sprintf("%s/%s", op.name, crash.Point)
			if crash.Point == catalog.CrashMidDelete {
				name += fmt.Sprintf("=%d", crash.K)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				fx := newFixtureOn(t, fastFS{storage.OS}, testRows, testKey, testMaxRows)
				if err := op.run(fx, crash); !errors.Is(err, catalog.ErrCrashed) {
					t.Fatalf("got %v, want an error wrapping ErrCrashed", err)
				}
				swapped := crash.Point == catalog.CrashAfterSwap || crash.Point == catalog.CrashMidDelete
				for _, lake := range []string{lakeName, op.into} {
					s, err := fx.c.Snapshot(lake)
					if lake == "other" && !swapped {
						if !errors.Is(err, catalog.ErrLakeNotFound) {
							t.Fatalf("lake %s before the swap: %v, want none", lake, err)
						}
						continue
					}
					if err != nil {
						t.Fatal(err)
					}
					checkSameRows(t, "manifest reader of "+lake+" after the crash", readRows(t, s), fx.rows)
					wantKey := testKey
					if swapped && lake == op.into {
						wantKey = newKey
					}
					if !slices.Equal(s.Key(), wantKey) {
						t.Errorf("lake %s after the crash has key %v, want %v", lake, s.Key(), wantKey)
					}
					// The next command on the lake, then the glob reader.
					if _, err := compact.Compact(fx.c, lake, compact.Options{Target: testTarget, Now: fixedNow}); err != nil {
						t.Fatalf("compaction after the crash: %v", err)
					}
					checkSameRows(t, "glob reader of "+lake+" after the next command", globRows(t, fx.c, lake), fx.rows)
				}
			})
		}
	}
}
